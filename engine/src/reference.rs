//! Références alphanumériques (règlement 1.1 « Grille type », 4.3.1) : `H4` = ligne H,
//! colonne 4, horizontal ; `4H` = colonne 4, ligne H, vertical.

use serde::{Deserialize, Serialize};
use std::fmt;
use thiserror::Error;

/// Taille de la grille.
pub const TAILLE: usize = 15;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Direction {
    Horizontal,
    Vertical,
}

impl Direction {
    pub fn autre(self) -> Direction {
        match self {
            Direction::Horizontal => Direction::Vertical,
            Direction::Vertical => Direction::Horizontal,
        }
    }
}

/// Position de la première lettre d'un mot et son sens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Reference {
    /// Ligne, 0 = A.
    pub ligne: u8,
    /// Colonne, 0 = colonne 1.
    pub colonne: u8,
    pub direction: Direction,
}

#[derive(Debug, Error, PartialEq, Eq, Clone)]
pub enum ErreurReference {
    #[error("référence vide")]
    Vide,
    #[error("référence « {0} » illisible : attendu une lettre A–O et un nombre 1–15 (H4 horizontal, 4H vertical)")]
    Forme(String),
    #[error("référence « {0} » hors grille : lignes A à O, colonnes 1 à 15")]
    HorsGrille(String),
}

impl Reference {
    pub fn new(ligne: usize, colonne: usize, direction: Direction) -> Reference {
        debug_assert!(ligne < TAILLE && colonne < TAILLE);
        Reference { ligne: ligne as u8, colonne: colonne as u8, direction }
    }

    /// Indice de la case de départ dans une grille 15×15 rangée par lignes.
    pub fn case(&self) -> usize {
        self.ligne as usize * TAILLE + self.colonne as usize
    }

    /// Case de la `i`-ième lettre, si elle est sur la grille.
    pub fn case_n(&self, i: usize) -> Option<usize> {
        let (l, c) = match self.direction {
            Direction::Horizontal => (self.ligne as usize, self.colonne as usize + i),
            Direction::Vertical => (self.ligne as usize + i, self.colonne as usize),
        };
        (l < TAILLE && c < TAILLE).then_some(l * TAILLE + c)
    }

    /// La même case, sens inversé.
    pub fn sens_inverse(&self) -> Reference {
        Reference { direction: self.direction.autre(), ..*self }
    }

    /// La référence qui résulte d'une inversion ligne/colonne de l'écriture
    /// (`H4` lu `8D`) : même notation, coordonnées échangées.
    pub fn transposee(&self) -> Reference {
        Reference { ligne: self.colonne, colonne: self.ligne, direction: self.direction.autre() }
    }
}

impl std::str::FromStr for Reference {
    type Err = ErreurReference;

    /// `H4`, `h 4`, `4H`, `4 h` ; espaces ignorés, casse indifférente.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let compact: String = s.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_ascii_uppercase();
        if compact.is_empty() {
            return Err(ErreurReference::Vide);
        }
        let forme = || ErreurReference::Forme(crate::texte::extrait(s.trim()));
        let b = compact.as_bytes();
        let (lettre, nombre, direction) = if b[0].is_ascii_alphabetic() {
            (b[0], &compact[1..], Direction::Horizontal)
        } else if b[b.len() - 1].is_ascii_alphabetic() {
            (b[b.len() - 1], &compact[..b.len() - 1], Direction::Vertical)
        } else {
            return Err(forme());
        };
        if nombre.is_empty() || !nombre.bytes().all(|c| c.is_ascii_digit()) || nombre.len() > 2 {
            return Err(forme());
        }
        let n: usize = nombre.parse().map_err(|_| forme())?;
        let ligne = (lettre - b'A') as usize;
        if !(1..=TAILLE).contains(&n) || ligne >= TAILLE {
            return Err(ErreurReference::HorsGrille(crate::texte::extrait(s.trim())));
        }
        Ok(Reference::new(ligne, n - 1, direction))
    }
}

impl fmt::Display for Reference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let l = (b'A' + self.ligne) as char;
        let c = self.colonne + 1;
        match self.direction {
            Direction::Horizontal => write!(f, "{l}{c}"),
            Direction::Vertical => write!(f, "{c}{l}"),
        }
    }
}

impl Serialize for Reference {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Reference {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lettre_puis_nombre_est_horizontal() {
        for s in ["H4", "h4", "H 4", " h  4 "] {
            let r: Reference = s.parse().unwrap();
            assert_eq!((r.ligne, r.colonne, r.direction), (7, 3, Direction::Horizontal), "{s}");
            assert_eq!(r.to_string(), "H4");
        }
    }

    #[test]
    fn nombre_puis_lettre_est_vertical() {
        for s in ["4H", "4 h", "4h"] {
            let r: Reference = s.parse().unwrap();
            assert_eq!((r.ligne, r.colonne, r.direction), (7, 3, Direction::Vertical), "{s}");
            assert_eq!(r.to_string(), "4H");
        }
        assert_eq!("13 B".parse::<Reference>().unwrap().to_string(), "13B");
        assert_eq!("O15".parse::<Reference>().unwrap().case(), 224);
    }

    #[test]
    fn references_malformees() {
        assert_eq!("".parse::<Reference>(), Err(ErreurReference::Vide));
        assert!(matches!("P4".parse::<Reference>(), Err(ErreurReference::HorsGrille(_))));
        assert!(matches!("H16".parse::<Reference>(), Err(ErreurReference::HorsGrille(_))));
        assert!(matches!("H0".parse::<Reference>(), Err(ErreurReference::HorsGrille(_))));
        for s in ["HH", "44", "H4H", "4H4", "H-4", "H123"] {
            assert!(matches!(s.parse::<Reference>(), Err(ErreurReference::Forme(_))), "{s}");
        }
    }
}
