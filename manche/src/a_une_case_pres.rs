//! Garde-fou des sanctions automatiques : une lettre lue sûrement, mais de travers.
//!
//! Le doute de la machine ne voit que les lectures que le modèle juge possibles ; une
//! lettre mal formée qu'il lit *sûrement* de travers (le U ouvert d'un JOUR lu C à 98 %,
//! validation du 26/11/2026 : zéro automatique au lieu de 44 points) n'y figure pas. Or le
//! joueur écrit aussi son score et sa référence : quand, à une case près, la lecture
//! désignerait exactement un coup valide *au score écrit* — la même place, les mêmes
//! points —, ce que le joueur a écrit ailleurs contredit la lecture de la machine, et une
//! personne doit regarder la case avant qu'une sanction soit décidée.
//!
//! Rien n'est tiré vers un mot : la lecture et sa décision provisoire restent celles de la
//! machine ; le garde-fou dit seulement *quand* une personne regarde.

use arbitre_engine::arbitrage::{Decision, Verdict};
use arbitre_engine::lecture::{Cellule, Contenu, Lecture, Trace};

/// La lecture, à une case près, qui serait valide au score écrit, si la décision est une
/// sanction. Chaque case écrite est essayée avec chacune des 26 lettres, entourée ou non
/// comme lue, puis avec l'autre état de son cercle (un joker revendiqué que le modèle n'a
/// pas vu, ou vu à tort).
pub fn lecture_a_une_case_pres(l: &Lecture, decision: &Decision, corriger: impl Fn(&Lecture) -> Option<Decision>) -> Option<Lecture> {
    let ecrit = decision.score_revendique?;
    if decision.verdict == Verdict::Valide {
        return None;
    }
    let valide_au_score_ecrit = |v: &Lecture| corriger(v).is_some_and(|d| d.verdict == Verdict::Valide && d.score == ecrit);
    for (i, rangee) in l.rangees.iter().enumerate() {
        for (j, cellule) in rangee.iter().enumerate() {
            for autre in autres_cellules(cellule) {
                let mut v = l.clone();
                v.rangees[i][j] = autre;
                if valide_au_score_ecrit(&v) {
                    return Some(v);
                }
            }
        }
    }
    None
}

/// Ce qu'une case écrite aurait pu être, à une erreur de lecture près : une autre lettre
/// (même cercle), ou la même lettre avec l'autre état du cercle. Une case vide n'a pas
/// d'autre lecture ici (l'encre manquée est l'affaire des trous, `jugement::trous`).
fn autres_cellules(c: &Cellule) -> Vec<Cellule> {
    let (lettre, entouree) = match c.contenu {
        Contenu::Lettre(t) => (Some(t.lettre), t.entouree),
        Contenu::Illisible => (None, false),
        Contenu::Vide | Contenu::Alternatives(_) => return Vec::new(),
    };
    let avec = |lettre: char, entouree: bool| Cellule { contenu: Contenu::Lettre(Trace { lettre, entouree }), barree: c.barree };
    let mut v: Vec<Cellule> = ('A'..='Z').filter(|&x| Some(x) != lettre).map(|x| avec(x, entouree)).collect();
    if let Some(x) = lettre {
        v.push(avec(x, !entouree));
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::jugement::texte_court;

    fn lecture(rangee: &str) -> Lecture {
        let mut l = Lecture::nouvelle(19, 11);
        l.rangees = vec![arbitre_engine::lecture::lire_rangee(rangee).unwrap()];
        l
    }

    /// Le moteur pour l'essai : JOUR vaut 44 points, tout autre mot zéro ; le score écrit
    /// est `ecrit`.
    fn moteur(ecrit: u32) -> impl Fn(&Lecture) -> Option<Decision> {
        move |l: &Lecture| {
            let mut d = arbitre_reports::resultats::decision_absent(l.table, l.coup);
            d.score_revendique = Some(ecrit);
            if texte_court(l) == "|JOUR" {
                (d.verdict, d.score) = (Verdict::Valide, 44);
            }
            Some(d)
        }
    }

    #[test]
    fn un_zero_qu_une_lettre_mal_lue_expliquerait_est_trouve() {
        // JOUR lu JOCR, sûrement : zéro ; mais JOUR vaut exactement les 44 points écrits.
        let l = lecture("JOCR");
        let d = moteur(44)(&l).unwrap();
        let v = lecture_a_une_case_pres(&l, &d, moteur(44)).expect("la lecture à une case près");
        assert_eq!(texte_court(&v), "|JOUR");
    }

    #[test]
    fn sans_le_score_ecrit_pour_la_confirmer_la_sanction_reste() {
        // Le joueur a écrit 40 : JOUR (44) ne serait pas valide au score écrit, rien ne
        // contredit la lecture de la machine.
        let l = lecture("JOCR");
        assert!(lecture_a_une_case_pres(&l, &moteur(40)(&l).unwrap(), moteur(40)).is_none());
        // À deux cases près, ce n'est plus une lettre mal lue.
        let l = lecture("JACR");
        assert!(lecture_a_une_case_pres(&l, &moteur(44)(&l).unwrap(), moteur(44)).is_none());
    }

    #[test]
    fn une_decision_valide_n_est_pas_regardee() {
        let l = lecture("JOUR");
        let d = moteur(44)(&l).unwrap();
        assert_eq!(d.verdict, Verdict::Valide);
        assert!(lecture_a_une_case_pres(&l, &d, |_| panic!("rien à essayer")).is_none());
    }

    #[test]
    fn un_cercle_manque_est_une_case_pres() {
        // Le moteur ne paie JOUR qu'avec un U entouré (joker) : le U lu sans cercle.
        let joker = |l: &Lecture| {
            let mut d = moteur(44)(l)?;
            if texte_court(l) == "|JOuR" {
                (d.verdict, d.score) = (Verdict::Valide, 44);
            } else {
                (d.verdict, d.score) = (Verdict::Zero, 0);
            }
            Some(d)
        };
        let l = lecture("JOUR");
        let v = lecture_a_une_case_pres(&l, &joker(&l).unwrap(), joker).expect("le cercle");
        assert_eq!(texte_court(&v), "|JOuR");
    }
}
