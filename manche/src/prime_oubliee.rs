//! Garde-fou du scrabble écrit sans sa prime : le joueur qui pose ses sept lettres compte le
//! mot, puis oublie d'ajouter les 50 points de la prime (règlement 1.2.3 ; 75 et 100 points
//! pour huit et neuf lettres dans les formules du 3.8.2). C'est une faute de score classique
//! d'un scrabble : un score erroné, averti (5.3.2). Quand la machine lit le score
//! juste, mais qu'une lecture du cadre du score donne exactement le score sans la prime,
//! l'hésitation n'est pas une confusion de chiffres quelconque : c'est peut-être cette
//! faute-là. Le seuil des fautes courantes du joueur (20 %,
//! [`crate::doute::SEUIL_DOUTE_FAUTE_COURANTE`]) vaut pour *tout* autre score écrit, que le
//! joueur n'écrit presque jamais ; pour le score sans la prime, une personne regarde dès
//! [`P_PRIME_OUBLIEE`].
//!
//! Manche neuve `2_ai` graine 1601 (≤ 300 dpi, 28 novembre 2026), coup 15 : la table 31 a
//! écrit POTINIER en 12G pour 22 points au lieu de 72 (averti, payé 72). La machine lit
//! « 72 » à 80,6 %, « 22 » à 13,3 % : sous les 20 %, décidé valide sans personne, payé sans
//! l'avertissement.
//!
//! Rien n'est tiré vers la solution : la lecture et la décision provisoire restent celles
//! de ce qui est le plus probablement écrit ; seul le doute y gagne une raison.

use arbitre_engine::arbitrage::{Decision, Verdict};
use arbitre_engine::lecture::nombre_ecrit;
use arbitre_pipeline::lecture_scan::LectureScan;
use arbitre_reports::nombres::pourcent;

/// Une lecture du score écrit égale au score payé moins la prime de la solution envoie le
/// bulletin à une personne dès cette probabilité. Choisi, pas ajusté : le centième, le
/// seuil du numéro de table ([`crate::doute::SEUIL_TABLE`]) ; ce qu'il coûte est mesuré
/// dans `models/README.md` (« Le scrabble écrit sans sa prime »).
pub const P_PRIME_OUBLIEE: f64 = 0.01;

/// Les primes possibles (règlement 1.2.3 et 3.8.2).
const PRIMES: [u32; 3] = [50, 75, 100];

/// La raison d'envoyer à une personne un bulletin payé au score écrit quand une lecture du
/// score (au moins [`P_PRIME_OUBLIEE`]) est ce score moins la prime de la solution payée ;
/// `prime()` rend cette prime (0 sans prime), demandée seulement si une telle lecture existe.
pub fn prime_oubliee(s: &LectureScan, decision: &Decision, prime: impl FnOnce() -> u32) -> Option<String> {
    if decision.verdict == Verdict::Zero || decision.score_revendique != Some(decision.score) {
        return None;
    }
    let paye = decision.score;
    let probabilite_de = |score: u32| -> f64 { s.score.alternatives.iter().filter(|a| nombre(&a.lecture) == Some(score)).map(|a| f64::from(a.p)).sum() };
    let candidates: Vec<(u32, f64)> = PRIMES.iter().filter_map(|&p| paye.checked_sub(p).map(|sans| (p, probabilite_de(sans)))).filter(|&(_, q)| q >= P_PRIME_OUBLIEE).collect();
    if candidates.is_empty() {
        return None;
    }
    let prime = prime();
    let &(_, q) = candidates.iter().find(|&&(p, _)| p == prime)?;
    Some(format!(
        "score lu {paye} ({}), peut-être {} ({}) : le score de ce scrabble sans sa prime de {prime} points (1.2.3), une faute courante du joueur — score erroné, averti (5.3.2)",
        pourcent(probabilite_de(paye), 1),
        paye - prime,
        pourcent(q, 1)
    ))
}

/// Le nombre qu'une lecture de cadre écrit (les blancs entre chiffres ne comptent pas).
fn nombre(lecture: &str) -> Option<u32> {
    nombre_ecrit(&lecture.split_whitespace().collect::<String>())
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbitre_engine::arbitrage::SolutionRetenue;
    use arbitre_pipeline::lecture_scan::{Alternative, ChampLu};

    /// Un scan du coup 15 dont le score se lit ainsi.
    fn scan(scores: &[(&str, f32)]) -> LectureScan {
        let score = ChampLu { valeur: Some(scores[0].0.into()), alternatives: scores.iter().map(|&(l, p)| Alternative { lecture: l.into(), p }).collect(), caracteres: Vec::new() };
        LectureScan { image: "coup-15/scan-025.jpg".into(), page: None, bulletin: None, coup: Some(15), lecture: None, cases: Vec::new(), table: ChampLu::default(), reference: ChampLu::default(), score, cases_pales: Vec::new(), cadres_pales: Vec::new(), trainees: None, recalage: None, rejet: None }
    }

    fn valide(score: u32) -> Decision {
        Decision { table: 31, coup: 15, verdict: Verdict::Valide, score, score_revendique: Some(score), motifs: Vec::new(), commission: false, verifier_grille: false, solution: Some(SolutionRetenue { mot: "POTINIER".into(), reference: "12G".into(), score }) }
    }

    #[test]
    fn le_score_sans_la_prime_lu_a_13_pour_cent_envoie_le_scrabble_a_une_personne() {
        let s = scan(&[("72", 0.806), ("22", 0.133), ("12", 0.02)]);
        let raison = prime_oubliee(&s, &valide(72), || 50).expect("le scrabble oublié est plausible");
        assert!(raison.starts_with("score lu 72 (80,6 %), peut-être 22 (13,3 %) : le score de ce scrabble sans sa prime de 50 points"), "{raison}");
        // Deux découpages du même nombre s'additionnent.
        let s = scan(&[("72", 0.98), ("2 2", 0.006), ("22", 0.006)]);
        assert!(prime_oubliee(&s, &valide(72), || 50).is_some());
    }

    #[test]
    fn sans_scrabble_ou_sous_le_seuil_rien() {
        let s = scan(&[("72", 0.806), ("22", 0.133)]);
        // Un coup de 72 points sans prime : 22 n'est qu'une autre lecture des chiffres.
        assert_eq!(prime_oubliee(&s, &valide(72), || 0), None);
        let s = scan(&[("72", 0.99), ("22", 0.009)]);
        assert_eq!(prime_oubliee(&s, &valide(72), || panic!("la prime n'est demandée que si une lecture la met en doute")), None);
        // Un bulletin déjà au zéro, ou payé à un autre score que l'écrit : rien à ajouter.
        let s = scan(&[("72", 0.806), ("22", 0.133)]);
        assert_eq!(prime_oubliee(&s, &Decision { verdict: Verdict::Zero, score: 0, ..valide(72) }, || 50), None);
        assert_eq!(prime_oubliee(&s, &Decision { score: 67, verdict: Verdict::Penalite, ..valide(72) }, || 50), None);
    }

    #[test]
    fn la_prime_de_huit_lettres_dans_les_formules_a_huit() {
        let s = scan(&[("120", 0.9), ("45", 0.08)]);
        assert!(prime_oubliee(&s, &valide(120), || 75).is_some_and(|r| r.contains("sans sa prime de 75 points")));
        assert_eq!(prime_oubliee(&s, &valide(120), || 50), None);
    }
}
