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

use arbitre_engine::arbitrage::{Decision, Verdict};
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
pub fn coup_du_bulletin(l: &Lecture, decision: &Decision, nb_coups: u32, corriger: impl Fn(&Lecture) -> Option<Decision>) -> Option<u32> {
    let ecrit = decision.score_revendique?;
    if decision.verdict == Verdict::Valide {
        return None;
    }
    let voisins = (1..nb_coups).flat_map(|e| [l.coup.checked_sub(e), l.coup.checked_add(e)]).flatten();
    voisins.filter(|&c| (1..=nb_coups).contains(&c)).find(|&c| {
        let mut ailleurs = l.clone();
        ailleurs.coup = c;
        corriger(&ailleurs).is_some_and(|d| d.verdict == Verdict::Valide && d.score == ecrit)
    })
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
    use arbitre_engine::arbitrage::Motif;

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
        assert_eq!(coup_du_bulletin(&l, &zero, 6, corriger_au_coup(2, Verdict::Valide)), Some(2));
        // Averti pour le seul score à l'autre coup (un petit mot d'un dessin de raccords, à
        // un autre score), valide à un autre score que l'écrit, pénalisé (place fausse) : rien
        // ne dit que le bulletin soit de ce coup-là.
        let averti = |l: &Lecture| Some(if l.coup == 6 { decision(l.table, l.coup, Verdict::Avertissement, vec![Motif::Score]) } else { decision(l.table, l.coup, Verdict::Zero, vec![]) });
        assert_eq!(coup_du_bulletin(&l, &zero, 6, averti), None);
        let autre_score = |l: &Lecture| Some(if l.coup == 2 { Decision { score: 35, ..decision(l.table, l.coup, Verdict::Valide, vec![]) } } else { decision(l.table, l.coup, Verdict::Zero, vec![]) });
        assert_eq!(coup_du_bulletin(&l, &zero, 6, autre_score), None);
        // Un coup hors de la partie n'est pas essayé ; une décision valide n'est pas
        // regardée ; sans score écrit lisible, rien.
        assert_eq!(coup_du_bulletin(&l, &zero, 6, corriger_au_coup(2, Verdict::Penalite)), None);
        assert_eq!(coup_du_bulletin(&l, &zero, 6, corriger_au_coup(7, Verdict::Valide)), None);
        assert_eq!(coup_du_bulletin(&l, &decision(4, 5, Verdict::Valide, vec![]), 6, corriger_au_coup(2, Verdict::Valide)), None);
        let sans_score = Decision { score_revendique: None, ..zero.clone() };
        assert_eq!(coup_du_bulletin(&l, &sans_score, 6, corriger_au_coup(2, Verdict::Valide)), None);
    }
}
