//! Une lecture écrite sur une seule ligne : le mot sur une rangée, ou en colonne (une case
//! au plus par rangée), sans lettre dessinée autour. Le garde-fou des sanctions
//! ([`crate::a_une_case_pres`]) y cherche une lettre de plus ou de moins et refait la
//! lecture depuis ses cases ; la règle des trous ([`crate::jugement::trous`]) y cherche une
//! case vide entre deux cases écrites. Une lecture dessinée sur plusieurs rangées et
//! colonnes (un mot et ses lettres de raccord autour) n'en est pas une.

use arbitre_engine::lecture::{Cellule, Lecture};

/// Le sens d'une lecture écrite sur une seule ligne.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Ligne {
    /// Une seule rangée.
    Rangee,
    /// Une case au plus par rangée : le mot en colonne.
    Colonne,
}

impl Ligne {
    /// Le sens de `l`, si elle est écrite sur une seule ligne.
    pub(crate) fn de(l: &Lecture) -> Option<Ligne> {
        if l.rangees.len() == 1 {
            Some(Ligne::Rangee)
        } else if l.rangees.iter().all(|r| r.len() <= 1) {
            Some(Ligne::Colonne)
        } else {
            None
        }
    }

    /// Les cases de la ligne, dans l'ordre ; `None` pour une rangée vide d'une colonne.
    pub(crate) fn cases(self, l: &Lecture) -> Vec<Option<&Cellule>> {
        match self {
            Ligne::Rangee => l.rangees[0].iter().map(Some).collect(),
            Ligne::Colonne => l.rangees.iter().map(|r| r.first()).collect(),
        }
    }

    /// La position (rangée, colonne) dans la lecture de la `k`-ième case de la ligne.
    pub(crate) fn position(self, k: usize) -> (usize, usize) {
        match self {
            Ligne::Rangee => (0, k),
            Ligne::Colonne => (k, 0),
        }
    }

    /// `l` refaite avec ces cases sur la même ligne (`None` : une case vide ; en colonne,
    /// une rangée vide).
    pub(crate) fn refaite(self, l: &Lecture, cases: Vec<Option<Cellule>>) -> Lecture {
        let mut a = l.clone();
        a.rangees = match self {
            Ligne::Rangee => vec![cases.into_iter().map(|c| c.unwrap_or_else(Cellule::vide)).collect()],
            Ligne::Colonne => cases.into_iter().map(|c| c.into_iter().collect()).collect(),
        };
        a
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbitre_engine::lecture::lire_rangee;

    fn lecture(rangees: &[&str]) -> Lecture {
        let mut l = Lecture::nouvelle(1, 1);
        l.rangees = rangees.iter().map(|r| lire_rangee(r).unwrap()).collect();
        l
    }

    #[test]
    fn une_rangee_ou_une_colonne_est_une_ligne_un_dessin_non() {
        assert_eq!(Ligne::de(&lecture(&["BRUIE"])), Some(Ligne::Rangee));
        assert_eq!(Ligne::de(&lecture(&["B", "R", "", "I"])), Some(Ligne::Colonne));
        // Un mot et ses lettres de raccord dessinés autour.
        assert_eq!(Ligne::de(&lecture(&["KIRI", ".B"])), None);
    }

    #[test]
    fn une_ligne_refaite_depuis_ses_cases_garde_ses_cases_et_ses_trous() {
        for (rangees, sens) in [(&["BR.IE"][..], Ligne::Rangee), (&["B", "R", "", "I", "e"][..], Ligne::Colonne)] {
            let l = lecture(rangees);
            let cases: Vec<Option<Cellule>> = sens.cases(&l).into_iter().map(|c| c.cloned()).collect();
            assert_eq!(sens.refaite(&l, cases.clone()), l, "{rangees:?}");
            assert_eq!(cases.len(), 5);
            assert_eq!(sens.position(3), if sens == Ligne::Rangee { (0, 3) } else { (3, 0) });
            // Une case retirée, les suivantes rapprochées.
            let mut sans = cases;
            sans.remove(1);
            let refaite = sens.refaite(&l, sans);
            assert_eq!(sens.cases(&refaite).len(), 4);
            assert_eq!(sens.cases(&refaite)[1], sens.cases(&l)[2], "{rangees:?}");
        }
    }
}
