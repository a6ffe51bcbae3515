//! Garde-fou de la référence mal découpée : quand aucun découpage du cadre Réf. n'est fait
//! de morceaux que le modèle prend pour des caractères, les probabilités du champ en disent
//! plus qu'elles ne savent (ses lectures mêlent les découpages selon leurs poids normalisés :
//! le moins mauvais l'emporte). Une autre référence écrite qui paierait moins le joueur —
//! une localisation erronée, pénalisée (règlement 5.3.3), la faute courante du joueur que
//! la référence porte — envoie alors le bulletin à une personne dès [`P_AUTRE_REFERENCE`],
//! au lieu des 20 % des fautes courantes ([`crate::doute::SEUIL_DOUTE_FAUTE_COURANTE`]).
//!
//! Manche neuve `rosace` graine 1831 (200–300 dpi, 29 novembre 2026), coup 20 : la table
//! 48 a écrit FRENE en « M 2 » au lieu de N2, 38 points (pénalité, payé 33). Le M, cursif,
//! se lit `vide` à 75 % (N 24 %, M 0,75 %), coupé en deux pas mieux : « N 2 » à 93,7 %,
//! « M 2 » à 2,9 % ; décidé valide 38 sans personne. Sur la validation (`fumee` graine 23,
//! planche 3), les références lues sûres à 90 % ou plus sont fausses 8 fois sur 70 quand le
//! poids du découpage retenu est sous [`POIDS_MIN`], 3 fois sur 560 au-dessus ; les numéros
//! de table et les scores ne montrent pas cet écart (`models/README.md`).
//!
//! Rien n'est tiré vers la solution : la lecture et la décision provisoire restent celles
//! de ce qui est le plus probablement écrit ; seul le doute y gagne une raison.

use crate::jugement::Jugement;
use arbitre_pipeline::lecture_scan::LectureScan;
use arbitre_reports::nombres::{pourcent, seuil};

/// Sous ce poids du découpage retenu du cadre Réf., la référence lue est trop sûre d'elle
/// (mesuré sur la validation : la tranche où la calibration se rompt, `models/README.md`).
pub const POIDS_MIN: f64 = 0.5;

/// Les autres références écrites qui paieraient moins le joueur envoient alors le bulletin à
/// une personne dès cette probabilité. Choisi, pas ajusté : le centième, le seuil du numéro
/// de table ([`crate::doute::SEUIL_TABLE`]).
pub const P_AUTRE_REFERENCE: f64 = 0.01;

/// La raison d'envoyer le bulletin à une personne, si sa référence est mal découpée et qu'une
/// autre référence écrite le paierait moins avec au moins [`P_AUTRE_REFERENCE`].
pub fn reference_mal_decoupee(s: &LectureScan, j: &Jugement) -> Option<String> {
    let poids = s.reference.poids_du_decoupage();
    if poids >= POIDS_MIN || j.p_moins_autre_reference < P_AUTRE_REFERENCE {
        return None;
    }
    let lue = s.reference.alternatives.first().map_or_else(String::new, |a| format!(" « {} » ({})", a.lecture, pourcent(f64::from(a.p), 1)));
    Some(format!(
        "référence lue{lue} dans un cadre que la machine découpe mal (ses morceaux ne sont des caractères qu'à {} ; au moins {} pour s'y fier) : d'autres références écrites, qui paieraient moins le joueur (localisation erronée, 5.3.3), pèsent {} (seuil {})",
        pourcent(poids, 0),
        seuil(POIDS_MIN),
        pourcent(j.p_moins_autre_reference, 1),
        seuil(P_AUTRE_REFERENCE)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::doute::Seuils;
    use crate::jugement::juger;
    use arbitre_engine::arbitrage::{Decision, Verdict};
    use arbitre_engine::lecture::Lecture;
    use arbitre_pipeline::lecture_scan::{Alternative, CaractereLu, ChampLu};

    fn alternatives(v: &[(&str, f32)]) -> Vec<Alternative> {
        v.iter().map(|&(l, p)| Alternative { lecture: l.into(), p }).collect()
    }

    /// Le scan de FRENE (sans ses cases : seule la référence compte ici) : sa référence lue ainsi, dans un découpage dont le premier morceau
    /// est un caractère avec la probabilité `un_caractere`.
    fn scan(references: &[(&str, f32)], un_caractere: f32) -> LectureScan {
        let caracteres = vec![
            CaractereLu { alternatives: alternatives(&[("vide", 1.0 - un_caractere), ("N", un_caractere)]), espace_avant: false, coupe: false },
            CaractereLu { alternatives: alternatives(&[("2", 1.0)]), espace_avant: true, coupe: false },
        ];
        let reference = ChampLu { valeur: Some(references[0].0.into()), alternatives: alternatives(references), caracteres };
        let score = ChampLu { valeur: Some("38".into()), alternatives: alternatives(&[("38", 1.0)]), caracteres: Vec::new() };
        let table = ChampLu { valeur: Some("48".into()), alternatives: alternatives(&[("48", 1.0)]), caracteres: Vec::new() };
        LectureScan { image: "coup-20/scan-012.jpg".into(), page: None, bulletin: None, coup: Some(20), lecture: None, cases: Vec::new(), table, reference, score, cases_pales: Vec::new(), cadres_pales: Vec::new(), trainees: None, recalage: None, rejet: None }
    }

    /// FRENE en N2 vaut 38 ; toute autre référence est une pénalité (33).
    fn corriger(l: &Lecture) -> Option<Decision> {
        let ref_juste = l.reference.as_deref().map(|r| r.replace(' ', "")) == Some("N2".into());
        let (verdict, score) = if ref_juste { (Verdict::Valide, 38) } else { (Verdict::Penalite, 33) };
        Some(Decision { table: 48, coup: 20, verdict, score, score_revendique: Some(38), motifs: Vec::new(), commission: false, verifier_grille: false, solution: None })
    }

    #[test]
    fn une_reference_mal_decoupee_dont_une_autre_lecture_penaliserait_va_a_une_personne() {
        let s = scan(&[("N 2", 0.937), ("M 2", 0.029), ("N1 2", 0.025)], 0.25);
        let j = juger(&s, 48, 20, Seuils::default(), corriger).unwrap();
        // Sous le seuil des fautes courantes : sans ce garde-fou, décidé valide sans personne.
        assert!(!j.douteux() && j.decision.verdict == Verdict::Valide, "{j:?}");
        assert!((j.p_moins_autre_reference - 0.054).abs() < 1e-3, "{j:?}");
        let r = reference_mal_decoupee(&s, &j).expect("à vérifier");
        assert_eq!(r, "référence lue « N 2 » (93,7 %) dans un cadre que la machine découpe mal (ses morceaux ne sont des caractères qu'à 25 % ; au moins 50 % pour s'y fier) : d'autres références écrites, qui paieraient moins le joueur (localisation erronée, 5.3.3), pèsent 5,4 % (seuil 1 %)");
    }

    #[test]
    fn bien_decoupee_ou_sans_autre_reference_qui_compte_la_reference_ne_change_rien() {
        // Le même doute dans un cadre bien découpé : la probabilité du champ dit ce qu'elle vaut.
        let s = scan(&[("N 2", 0.937), ("M 2", 0.029), ("N1 2", 0.025)], 0.9);
        assert_eq!(reference_mal_decoupee(&s, &juger(&s, 48, 20, Seuils::default(), corriger).unwrap()), None);
        // Mal découpé, mais les autres lectures pèsent moins d'un centième.
        let s = scan(&[("N 2", 0.995), ("M 2", 0.004)], 0.25);
        assert_eq!(reference_mal_decoupee(&s, &juger(&s, 48, 20, Seuils::default(), corriger).unwrap()), None);
    }
}
