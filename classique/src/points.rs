//! Points de match (§ 3) et points de départage Pdep (§ 4.2) d'un match.
//!
//! # Match contre le joueur fictif X
//!
//! Le document dit seulement que X « perdra tous ses matchs » (§ 2). arbitre compte un
//! match contre X **comme une victoire par forfait** : le joueur marque **3 PM et +10 Pdep**
//! (§ 3 et § 4.2 : « une victoire par forfait est considérée comme une victoire de 10
//! points »). Son adversaire n'est pas venu jouer : c'est la même situation qu'un forfait, et
//! le joueur exempté ne gagne ni plus ni moins qu'un joueur dont l'adversaire a déclaré
//! forfait. X ne figure pas au classement. Dans `resultats.csv`, les cases de score d'un
//! match contre X restent vides (celle de X peut porter `forfait`).
//!
//! # Le perdant par forfait
//!
//! Le document donne 0 PM au joueur forfait (§ 3) et +10 Pdep au vainqueur (§ 4.2) ; arbitre
//! donne **−10 Pdep** au joueur forfait, pour que les Pdep d'un match restent opposés comme
//! dans une partie jouée. Si les deux joueurs sont forfait, chacun marque 0 PM et 0 Pdep.

use crate::joueurs::Participant;

/// Écart maximal compté par partie (§ 4.2).
pub const PDEP_MAX: i64 = 100;
/// Pdep d'une victoire par forfait (§ 4.2).
pub const PDEP_FORFAIT: i64 = 10;

/// Le contenu d'une case de score de `resultats.csv`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    Points(u32),
    /// `forfait` : ce joueur n'est pas venu jouer.
    Forfait,
    /// Case vide (match contre X, ou vainqueur par forfait).
    Vide,
}

/// Un match joué (une ligne de `resultats.csv`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Match {
    pub ronde: u32,
    /// La ligne de `resultats.csv` (pour nommer les erreurs).
    pub ligne: u64,
    pub joueurs: [Participant; 2],
    pub scores: [Score; 2],
}

/// Ce qu'un participant retire d'un match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bilan {
    /// Points de match (§ 3) : 3, 2, 1 ou 0.
    pub pm: u32,
    /// Points de départage Pdep (§ 4.2).
    pub pdep: i64,
}

impl Match {
    /// Le bilan de chacun des deux participants, dans l'ordre de [`Match::joueurs`].
    /// `None` si les scores ne permettent pas de décider (case vide dans un match joué).
    pub fn bilans(&self) -> Option<[Bilan; 2]> {
        let victoire = |pdep| Bilan { pm: 3, pdep };
        let [a, b] = self.joueurs;
        match (a, b, self.scores) {
            // X perd tous ses matchs (§ 2), compté comme une victoire par forfait (voir le
            // module).
            (Participant::X, _, _) => Some([Bilan { pm: 0, pdep: 0 }, victoire(PDEP_FORFAIT)]),
            (_, Participant::X, _) => Some([victoire(PDEP_FORFAIT), Bilan { pm: 0, pdep: 0 }]),
            (_, _, [Score::Forfait, Score::Forfait]) => Some([Bilan { pm: 0, pdep: 0 }; 2]),
            // § 3 : le forfait marque 0 PM ; § 4.2 : victoire par forfait = +10.
            (_, _, [Score::Forfait, _]) => Some([Bilan { pm: 0, pdep: -PDEP_FORFAIT }, victoire(PDEP_FORFAIT)]),
            (_, _, [_, Score::Forfait]) => Some([victoire(PDEP_FORFAIT), Bilan { pm: 0, pdep: -PDEP_FORFAIT }]),
            (_, _, [Score::Points(s1), Score::Points(s2)]) => {
                // § 4.2 : différence de score, limitée à 100 points par partie.
                let ecart = (i64::from(s1) - i64::from(s2)).clamp(-PDEP_MAX, PDEP_MAX);
                // § 3 : 3 PM au vainqueur, 2 à chacun en cas de nul, 1 au perdant.
                let (pm1, pm2) = match s1.cmp(&s2) {
                    std::cmp::Ordering::Greater => (3, 1),
                    std::cmp::Ordering::Equal => (2, 2),
                    std::cmp::Ordering::Less => (1, 3),
                };
                Some([Bilan { pm: pm1, pdep: ecart }, Bilan { pm: pm2, pdep: -ecart }])
            }
            _ => None,
        }
    }

    /// Le bilan de `p` dans ce match, s'il y a joué.
    pub fn bilan_de(&self, p: Participant) -> Option<Bilan> {
        let i = self.joueurs.iter().position(|&q| q == p)?;
        self.bilans().map(|b| b[i])
    }

    /// L'adversaire de `p` dans ce match, s'il y a joué.
    pub fn adversaire(&self, p: Participant) -> Option<Participant> {
        match self.joueurs {
            [a, b] if a == p => Some(b),
            [a, b] if b == p => Some(a),
            _ => None,
        }
    }
}
