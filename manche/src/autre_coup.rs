//! Garde-fou d'un bulletin rangé dans le dossier d'un autre coup.
//!
//! Le coup d'un scan vient de son dossier (`coup-05/`) : le bulletin lui-même ne porte pas
//! son coup (guide 1 : la case (5) est remplie par l'arbitre, en cas de litige seulement).
//! Un bulletin remis en retard posé sur la pile du coup suivant, deux piles mélangées au
//! scanner : le bulletin est corrigé avec le tirage d'un autre coup, et le mot qu'il porte
//! n'y est presque jamais jouable — un zéro (erreur de lettre, placement impossible), que la
//! lecture soit sûre ou non. Et si la table n'a pas d'autre bulletin au coup du dossier, le
//! coup d'où vient ce bulletin lui compte une absence : deux zéros faux, sans doublon pour
//! alerter personne.
//!
//! Ce que le joueur a écrit le trahit : la même lecture, corrigée avec le tirage d'un autre
//! coup de la partie, y est une solution valide (ou avertie pour le seul score). Une sanction
//! dont la lecture serait ainsi la solution d'un autre coup est à vérifier, et l'absence de
//! la table à cet autre coup aussi. Rien n'est tiré vers un mot : la lecture et sa décision
//! provisoire restent celles de la machine ; le garde-fou dit seulement *quand* une
//! personne regarde.

use arbitre_engine::arbitrage::{Decision, Motif, PlaceExaminee, Verdict};
use arbitre_engine::lecture::Lecture;

/// Le coup, autre que celui du bulletin, dont sa lecture serait une solution valide **au
/// score écrit**, si la décision du bulletin à son coup est une sanction. Les coups voisins
/// d'abord (`coup − 1`, `coup + 1`, `coup − 2`…), jusqu'au premier qui convient ;
/// `nb_coups` : le nombre de coups de la partie.
///
/// Le score écrit est exigé : sans lui, la correction trouve souvent dans un dessin de
/// raccords un petit mot jouable à un autre coup (ES pour 4 points, averti pour le seul
/// score), et la moitié des sanctions d'une manche passeraient pour rangées ailleurs
/// (évaluation du 26/11/2026 : 60 bulletins sur 2 000, quand le score était accepté faux).
pub fn coup_du_bulletin(l: &Lecture, decision: &Decision, nb_coups: u32, correcteur: &impl Correcteur) -> Option<u32> {
    let ecrit = decision.score_revendique?;
    if decision.verdict == Verdict::Valide {
        return None;
    }
    let voisins = (1..nb_coups).flat_map(|e| [l.coup.checked_sub(e), l.coup.checked_add(e)]).flatten();
    voisins.filter(|&c| (1..=nb_coups).contains(&c)).find(|&c| valide_au_coup(l, c, ecrit, correcteur))
}

/// Ce que le garde-fou demande à la correction d'une lecture (`Contextes`, dans `arbitre
/// run`).
pub trait Correcteur {
    /// La décision de la lecture ; `None` hors de la partie.
    fn decision(&self, l: &Lecture) -> Option<Decision>;
    /// Les solutions que la correction de la lecture examine, chacune avec sa sanction.
    fn places(&self, l: &Lecture) -> Vec<PlaceExaminee>;
}

/// La lecture `l`, jouée au coup `coup`, y serait une solution valide au score `ecrit` : sa
/// décision, ou, pour un bulletin qui y porte plusieurs solutions indépendantes (payé de la
/// moins chère, règlement 5.4.2.b ; guide 5.6), l'une d'elles. Le bulletin du coup 10 de la
/// table 30, rangé au coup 11 (manche neuve `2_ai` graine 1421, 28/11/2026), porte ALLOUES en
/// A6 pour 81 points — le top du coup 10, le score écrit — et LIS raccordé à côté : au coup
/// 10, un avertissement payé 23 ; seule la solution à 81 points le désigne.
fn valide_au_coup(l: &Lecture, coup: u32, ecrit: u32, correcteur: &impl Correcteur) -> bool {
    let mut ailleurs = l.clone();
    ailleurs.coup = coup;
    match correcteur.decision(&ailleurs) {
        Some(d) if d.verdict == Verdict::Valide && d.score == ecrit => true,
        Some(d) if d.motifs.contains(&Motif::PlusieursSolutions) => correcteur.places(&ailleurs).iter().any(|p| p.verdict == Verdict::Valide && p.solution.score == ecrit),
        _ => false,
    }
}

/// Le coup voisin (`coup − 1`, puis `coup + 1`) où la table n'a pas de bulletin
/// (`sans_bulletin`) et dont la lecture d'un bulletin **valide** serait aussi une solution
/// valide au score écrit. Un bulletin remis en retard posé sur la pile du coup suivant, deux
/// piles voisines mélangées, quand le joueur n'a rien rendu au coup du dossier : valide aux
/// deux coups, aucune sanction ne le trahit, et il serait payé au coup du dossier pendant
/// que le sien compte une absence (5.7). Trouvé sur une manche neuve, première mesure (`2_ai`
/// graine 351, 27 novembre 2026) : OTER H12 à 12 points, bulletin du coup 17 de la table 35
/// rangé au coup 18, où la table n'avait rien rendu — payé 12 au coup 18 au lieu d'un zéro.
///
/// Les seuls coups voisins, et sans bulletin de la table : le même mot, à la même place et
/// au même score, est souvent jouable deux coups de suite (les lettres restées sur le
/// chevalet), et ne dit rien tant que la table a son bulletin à chacun des deux coups.
pub fn coup_voisin_sans_bulletin(l: &Lecture, decision: &Decision, sans_bulletin: impl Fn(u32) -> bool, correcteur: &impl Correcteur) -> Option<u32> {
    if decision.verdict != Verdict::Valide {
        return None;
    }
    let ecrit = decision.score_revendique?;
    [l.coup.checked_sub(1), l.coup.checked_add(1)].into_iter().flatten().filter(|&c| sans_bulletin(c)).find(|&c| valide_au_coup(l, c, ecrit, correcteur))
}

/// Un scan qui se lit comme le bulletin d'un autre coup.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RangeAilleurs {
    pub image: String,
    pub table: u32,
    /// Le coup de son dossier.
    pub coup_du_dossier: u32,
    /// Le coup dont il serait une solution.
    pub coup_probable: u32,
}

impl RangeAilleurs {
    /// La raison du bulletin à vérifier.
    pub fn raison_du_bulletin(&self, verdict: Verdict) -> String {
        format!(
            "sanction ({}) alors que la même lecture serait une solution du coup {} : ce bulletin est peut-être celui du coup {}, rangé dans le dossier du coup {}",
            arbitre_reports::double_arbitrage::nom_verdict(verdict),
            self.coup_probable,
            self.coup_probable,
            self.coup_du_dossier
        )
    }

    /// La raison d'un bulletin valide aussi au coup voisin où sa table n'a rien rendu
    /// ([`coup_voisin_sans_bulletin`]).
    pub fn raison_du_bulletin_valide(&self) -> String {
        format!(
            "la même lecture serait aussi une solution du coup {}, au score écrit, et la table {} n'a pas de bulletin à ce coup : ce bulletin est peut-être celui du coup {}, rangé dans le dossier du coup {}",
            self.coup_probable, self.table, self.coup_probable, self.coup_du_dossier
        )
    }

    /// La raison de l'absence de la table au coup probable.
    pub fn raison_de_l_absence(&self) -> String {
        format!(
            "le scan {} (table {}, dossier du coup {}) se lit comme une solution de ce coup-ci : c'est peut-être ce bulletin, rangé dans un autre dossier",
            self.image, self.table, self.coup_du_dossier
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbitre_engine::arbitrage::SolutionRetenue;

    /// Une correction faite d'une fonction, sans solutions examinées.
    struct Par<F>(F);
    impl<F: Fn(&Lecture) -> Option<Decision>> Correcteur for Par<F> {
        fn decision(&self, l: &Lecture) -> Option<Decision> {
            (self.0)(l)
        }
        fn places(&self, _: &Lecture) -> Vec<PlaceExaminee> {
            Vec::new()
        }
    }

    fn decision(table: u32, coup: u32, verdict: Verdict, motifs: Vec<Motif>) -> Decision {
        let score = if verdict == Verdict::Zero { 0 } else { 20 };
        Decision { table, coup, verdict, score, score_revendique: Some(20), motifs, commission: false, verifier_grille: false, solution: None }
    }

    /// Une partie de 6 coups où seule la lecture corrigée au coup 2 est valide.
    fn corriger_au_coup(bon: u32, verdict_ailleurs: Verdict) -> impl Fn(&Lecture) -> Option<Decision> {
        move |l: &Lecture| Some(if l.coup == bon { decision(l.table, l.coup, verdict_ailleurs, vec![]) } else { decision(l.table, l.coup, Verdict::Zero, vec![Motif::PlacementImpossible]) })
    }

    #[test]
    fn une_sanction_qui_serait_la_solution_d_un_autre_coup() {
        let l = Lecture::nouvelle(4, 5);
        let zero = decision(4, 5, Verdict::Zero, vec![Motif::PlacementImpossible]);
        assert_eq!(coup_du_bulletin(&l, &zero, 6, &Par(corriger_au_coup(2, Verdict::Valide))), Some(2));
        // Averti pour le seul score à l'autre coup (un petit mot d'un dessin de raccords, à
        // un autre score), valide à un autre score que l'écrit, pénalisé (place fausse) : rien
        // ne dit que le bulletin soit de ce coup-là.
        let averti = |l: &Lecture| Some(if l.coup == 6 { decision(l.table, l.coup, Verdict::Avertissement, vec![Motif::Score]) } else { decision(l.table, l.coup, Verdict::Zero, vec![]) });
        assert_eq!(coup_du_bulletin(&l, &zero, 6, &Par(averti)), None);
        let autre_score = |l: &Lecture| Some(if l.coup == 2 { Decision { score: 35, ..decision(l.table, l.coup, Verdict::Valide, vec![]) } } else { decision(l.table, l.coup, Verdict::Zero, vec![]) });
        assert_eq!(coup_du_bulletin(&l, &zero, 6, &Par(autre_score)), None);
        // Un coup hors de la partie n'est pas essayé ; une décision valide n'est pas
        // regardée ; sans score écrit lisible, rien.
        assert_eq!(coup_du_bulletin(&l, &zero, 6, &Par(corriger_au_coup(2, Verdict::Penalite))), None);
        assert_eq!(coup_du_bulletin(&l, &zero, 6, &Par(corriger_au_coup(7, Verdict::Valide))), None);
        assert_eq!(coup_du_bulletin(&l, &decision(4, 5, Verdict::Valide, vec![]), 6, &Par(corriger_au_coup(2, Verdict::Valide))), None);
        let sans_score = Decision { score_revendique: None, ..zero.clone() };
        assert_eq!(coup_du_bulletin(&l, &sans_score, 6, &Par(corriger_au_coup(2, Verdict::Valide))), None);
    }

    #[test]
    fn un_bulletin_a_plusieurs_solutions_dont_une_au_score_ecrit_a_un_autre_coup() {
        // Le cas de la manche 1421 : rangé au coup 11 (zéro), le bulletin porte au coup 10
        // deux solutions, ALLOUES à 81 points (le score écrit) et LIS à 23, payé 23 et averti.
        struct DeuxSolutions;
        impl Correcteur for DeuxSolutions {
            fn decision(&self, l: &Lecture) -> Option<Decision> {
                Some(if l.coup == 10 {
                    Decision { score: 23, score_revendique: Some(81), ..decision(l.table, l.coup, Verdict::Avertissement, vec![Motif::Score, Motif::PlusieursSolutions]) }
                } else {
                    decision(l.table, l.coup, Verdict::Zero, vec![Motif::PlacementImpossible])
                })
            }
            fn places(&self, l: &Lecture) -> Vec<PlaceExaminee> {
                let place = |mot: &str, reference: &str, score, verdict| PlaceExaminee { solution: SolutionRetenue { mot: mot.into(), reference: reference.into(), score }, verdict, motifs: Vec::new(), commission: false };
                if l.coup == 10 { vec![place("ALLOUES", "A6", 81, Verdict::Valide), place("LIS", "I3", 23, Verdict::Avertissement)] } else { Vec::new() }
            }
        }
        let l = Lecture::nouvelle(30, 11);
        let zero = Decision { score_revendique: Some(81), ..decision(30, 11, Verdict::Zero, vec![Motif::PlacementImpossible]) };
        assert_eq!(coup_du_bulletin(&l, &zero, 20, &DeuxSolutions), Some(10));
        // Un autre score écrit : aucune des solutions ne le vaut, rien.
        let autre = Decision { score_revendique: Some(80), ..zero };
        assert_eq!(coup_du_bulletin(&l, &autre, 20, &DeuxSolutions), None);
    }

    #[test]
    fn un_bulletin_valide_aussi_au_coup_voisin_ou_sa_table_n_a_rien_rendu() {
        // Le bulletin du coup 4, rangé au coup 5, valide aux deux coups au score écrit.
        let l = Lecture::nouvelle(4, 5);
        let valide = decision(4, 5, Verdict::Valide, vec![]);
        let aux_deux = |l: &Lecture| Some(if l.coup == 4 || l.coup == 5 { decision(l.table, l.coup, Verdict::Valide, vec![]) } else { decision(l.table, l.coup, Verdict::Zero, vec![]) });
        assert_eq!(coup_voisin_sans_bulletin(&l, &valide, |c| c == 4, &Par(aux_deux)), Some(4));
        // La table a rendu son bulletin au coup 4 : le même coup jouable deux fois ne dit rien.
        assert_eq!(coup_voisin_sans_bulletin(&l, &valide, |_| false, &Par(aux_deux)), None);
        // Sans bulletin au coup 3, où la lecture n'est pas une solution ; au coup 2, qui n'est
        // pas voisin.
        assert_eq!(coup_voisin_sans_bulletin(&l, &valide, |c| c == 3, &Par(aux_deux)), None);
        assert_eq!(coup_voisin_sans_bulletin(&l, &valide, |c| c == 2, &Par(corriger_au_coup(2, Verdict::Valide))), None);
        // Une sanction relève de coup_du_bulletin ; sans score écrit, rien.
        let zero = decision(4, 5, Verdict::Zero, vec![Motif::PlacementImpossible]);
        assert_eq!(coup_voisin_sans_bulletin(&l, &zero, |c| c == 4, &Par(aux_deux)), None);
        let sans_score = Decision { score_revendique: None, ..valide };
        assert_eq!(coup_voisin_sans_bulletin(&l, &sans_score, |c| c == 4, &Par(aux_deux)), None);
    }
}
