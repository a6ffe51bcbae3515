//! Paramètres de jeu que les formules originales modifient (règlement 1.2.3 et 3.8.2).

use serde::{Deserialize, Serialize};

/// Formule de jeu : taille du tirage, nombre maximal de lettres posées, primes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Formule {
    /// Lettres du tirage : 7, 8 ou 9.
    pub taille_tirage: u8,
    /// Lettres posables en un coup (7 dans « 7 sur 8 »).
    pub pose_max: u8,
    /// Prime selon le nombre de lettres posées (indice = nombre de lettres).
    pub primes: [u32; 10],
}

impl Formule {
    /// Duplicate classique : 7 lettres, Scrabble = 50 points (1.2.3).
    pub const STANDARD: Formule = Formule { taille_tirage: 7, pose_max: 7, primes: [0, 0, 0, 0, 0, 0, 0, 50, 0, 0] };
    /// « 7 sur 8 » : 8 lettres, 7 au plus posées, 50 points (3.8.2).
    pub const SEPT_SUR_HUIT: Formule = Formule { taille_tirage: 8, pose_max: 7, primes: [0, 0, 0, 0, 0, 0, 0, 50, 0, 0] };
    /// « 7 et 8 » : 8 lettres ; 7 posées = 50, 8 posées = 75 (3.8.2).
    pub const SEPT_ET_HUIT: Formule = Formule { taille_tirage: 8, pose_max: 8, primes: [0, 0, 0, 0, 0, 0, 0, 50, 75, 0] };
    /// « 7, 8 et 9 » : 9 lettres ; 50, 75 ou 100 points (3.8.2).
    pub const SEPT_HUIT_NEUF: Formule = Formule { taille_tirage: 9, pose_max: 9, primes: [0, 0, 0, 0, 0, 0, 0, 50, 75, 100] };

    #[inline]
    pub fn prime(&self, posees: usize) -> u32 {
        self.primes.get(posees).copied().unwrap_or(0)
    }

    /// Par nom : `standard`, `7sur8`, `7et8`, `789`.
    pub fn par_nom(nom: &str) -> Option<Formule> {
        match nom {
            "standard" | "7" => Some(Self::STANDARD),
            "7sur8" => Some(Self::SEPT_SUR_HUIT),
            "7et8" => Some(Self::SEPT_ET_HUIT),
            "789" | "7et8et9" => Some(Self::SEPT_HUIT_NEUF),
            _ => None,
        }
    }
}

impl Default for Formule {
    fn default() -> Self {
        Self::STANDARD
    }
}
