//! Les lettres du jeu francophone (règlement 1.1, « Les lettres du jeu francophone »).
//!
//! Une lettre est codée sur un octet : `1..=26` pour `A..=Z`. Sur la grille, une lettre
//! posée avec un joker porte en plus le bit [`JOKER`] ; `0` est une case vide. Dans un
//! tirage ([`Tirage`]), l'indice `0` compte les jokers.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Code d'une lettre (`1..=26`), éventuellement marquée [`JOKER`].
pub type Lettre = u8;

/// Bit marquant une lettre jouée par un joker.
pub const JOKER: u8 = 0x80;

/// Nombre d'indices d'un tableau indexé par lettre (0 = joker, 1..=26 = A..Z).
pub const NB_INDICES: usize = 27;

/// Quantités du sac de 102 lettres (indice 0 : jokers).
pub const DISTRIBUTION: [u8; NB_INDICES] = [
    2, // ?
    9, 2, 2, 3, 15, 2, 2, 2, 8, 1, 1, 5, 3, // A..M
    6, 6, 2, 1, 6, 6, 6, 6, 2, 1, 1, 1, 1, // N..Z
];

/// Valeurs des lettres (règlement 1.2 : les jokers valent zéro).
pub const VALEURS: [u8; NB_INDICES] = [
    0, // ?
    1, 3, 3, 2, 1, 4, 2, 4, 1, 8, 10, 1, 2, // A..M
    1, 1, 3, 8, 1, 1, 1, 1, 4, 10, 10, 10, 10, // N..Z
];

/// Valeur d'une lettre telle que posée sur la grille (0 pour un joker).
#[inline]
pub fn valeur(l: Lettre) -> u32 {
    if l & JOKER != 0 {
        0
    } else {
        VALEURS[l as usize] as u32
    }
}

/// La lettre sans sa marque de joker.
#[inline]
pub fn nue(l: Lettre) -> Lettre {
    l & !JOKER
}

/// Lettre → caractère : majuscule, ou minuscule pour un joker.
pub fn caractere(l: Lettre) -> char {
    let c = (b'A' + nue(l) - 1) as char;
    if l & JOKER != 0 {
        c.to_ascii_lowercase()
    } else {
        c
    }
}

/// Caractère → lettre : `A..Z` (majuscule), `a..z` (joker). `None` sinon.
pub fn depuis_caractere(c: char) -> Option<Lettre> {
    match c {
        'A'..='Z' => Some(c as u8 - b'A' + 1),
        'a'..='z' => Some((c as u8 - b'a' + 1) | JOKER),
        _ => None,
    }
}

/// Un mot écrit avec la convention des parties : majuscules, minuscule = joker.
pub fn mot_vers_texte(lettres: &[Lettre]) -> String {
    lettres.iter().map(|&l| caractere(l)).collect()
}

/// Lit un mot (`FABAcEE`) ; `None` si un caractère n'est pas une lettre A–Z / a–z.
pub fn mot_depuis_texte(s: &str) -> Option<Vec<Lettre>> {
    s.chars().map(depuis_caractere).collect()
}

/// Un tirage (ou le contenu du sac) : nombre de lettres par indice, 0 = jokers.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Tirage {
    pub compte: [u8; NB_INDICES],
}

impl Tirage {
    /// Le sac complet de 102 lettres.
    pub fn sac_complet() -> Self {
        Tirage { compte: DISTRIBUTION }
    }

    /// Nombre total de lettres.
    pub fn len(&self) -> usize {
        self.compte.iter().map(|&n| n as usize).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn jokers(&self) -> u8 {
        self.compte[0]
    }

    /// Ajoute une lettre (`?` : indice 0). Le compte ne déborde jamais (il plafonne à
    /// 255, bien au-delà de ce qu'un sac contient).
    pub fn ajouter(&mut self, indice: usize) {
        self.compte[indice] = self.compte[indice].saturating_add(1);
    }

    /// Retire une lettre ; `false` si elle n'y est pas.
    pub fn retirer(&mut self, indice: usize) -> bool {
        if self.compte[indice] == 0 {
            return false;
        }
        self.compte[indice] -= 1;
        true
    }

    /// `self` contient-il toutes les lettres de `autre` ?
    pub fn contient(&self, autre: &Tirage) -> bool {
        self.compte.iter().zip(autre.compte.iter()).all(|(a, b)| a >= b)
    }

    /// `self - autre`, ou `None` si `autre` n'est pas contenu dans `self`.
    pub fn moins(&self, autre: &Tirage) -> Option<Tirage> {
        let mut r = *self;
        for i in 0..NB_INDICES {
            r.compte[i] = self.compte[i].checked_sub(autre.compte[i])?;
        }
        Some(r)
    }

    /// `self + autre` ; chaque compte plafonne à 255 au lieu de déborder.
    pub fn plus(&self, autre: &Tirage) -> Tirage {
        let mut r = *self;
        for i in 0..NB_INDICES {
            r.compte[i] = r.compte[i].saturating_add(autre.compte[i]);
        }
        r
    }

    /// Les tuiles qu'il faut poser pour des lettres de grille (joker = `?`).
    pub fn depuis_poses(poses: impl IntoIterator<Item = Lettre>) -> Tirage {
        let mut t = Tirage::default();
        for l in poses {
            t.ajouter(indice_tuile(l));
        }
        t
    }

    /// Voyelles (A E I O U Y) et consonnes du tirage, jokers à part (règlement 3.2).
    pub fn voyelles_consonnes(&self) -> (usize, usize) {
        let mut v = 0;
        let mut c = 0;
        for i in 1..NB_INDICES {
            let n = self.compte[i] as usize;
            if est_voyelle(i as u8) {
                v += n
            } else {
                c += n
            }
        }
        (v, c)
    }
}

/// Indice de tirage de la tuile qui joue la lettre `l` : 0 pour un joker.
#[inline]
pub fn indice_tuile(l: Lettre) -> usize {
    if l & JOKER != 0 {
        0
    } else {
        l as usize
    }
}

/// A, E, I, O, U, Y.
pub fn est_voyelle(l: Lettre) -> bool {
    matches!(nue(l), 1 | 5 | 9 | 15 | 21 | 25)
}

/// Un tirage écrit qui ne peut pas exister.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ErreurTirage {
    #[error("caractère « {0} » inattendu")]
    Caractere(char),
    /// Plus d'exemplaires d'une lettre que le sac n'en contient (règlement 1.1).
    #[error("{nombre} fois « {lettre} », le sac n'en contient que {sac}")]
    TropDeLettres { lettre: char, nombre: usize, sac: u8 },
}

impl std::str::FromStr for Tirage {
    type Err = ErreurTirage;
    /// `EINABR?` : lettres (casse indifférente) et `?` pour un joker, pas plus
    /// d'exemplaires de chacune que le sac n'en contient.
    fn from_str(s: &str) -> Result<Self, ErreurTirage> {
        let mut n = [0usize; NB_INDICES];
        for c in s.chars() {
            match c {
                '?' => n[0] += 1,
                c if c.is_ascii_alphabetic() => n[(c.to_ascii_uppercase() as u8 - b'A' + 1) as usize] += 1,
                c => return Err(ErreurTirage::Caractere(c)),
            }
        }
        let mut t = Tirage::default();
        for (i, (&nombre, &sac)) in n.iter().zip(&DISTRIBUTION).enumerate() {
            if nombre > sac as usize {
                let lettre = if i == 0 { '?' } else { (b'A' + i as u8 - 1) as char };
                return Err(ErreurTirage::TropDeLettres { lettre, nombre, sac });
            }
            t.compte[i] = nombre as u8;
        }
        Ok(t)
    }
}

impl fmt::Display for Tirage {
    /// Ordre alphabétique, jokers en dernier (règlement 3.1).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for i in 1..NB_INDICES {
            for _ in 0..self.compte[i] {
                write!(f, "{}", (b'A' + i as u8 - 1) as char)?;
            }
        }
        for _ in 0..self.compte[0] {
            write!(f, "?")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Tirage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Tirage({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sac_de_102_lettres_dont_2_jokers() {
        let sac = Tirage::sac_complet();
        assert_eq!(sac.len(), 102);
        assert_eq!(sac.jokers(), 2);
        assert_eq!(sac.compte[5], 15, "15 E");
    }

    #[test]
    fn valeurs_du_reglement() {
        let v = |c: char| valeur(depuis_caractere(c).unwrap());
        for c in "AEILNORSTU".chars() {
            assert_eq!(v(c), 1, "{c}");
        }
        for c in "DGM".chars() {
            assert_eq!(v(c), 2, "{c}");
        }
        for c in "BCP".chars() {
            assert_eq!(v(c), 3, "{c}");
        }
        for c in "FHV".chars() {
            assert_eq!(v(c), 4, "{c}");
        }
        for c in "JQ".chars() {
            assert_eq!(v(c), 8, "{c}");
        }
        for c in "KWXYZ".chars() {
            assert_eq!(v(c), 10, "{c}");
        }
        assert_eq!(v('z'), 0, "un joker vaut zéro");
    }

    #[test]
    fn tirage_texte_aller_retour() {
        let t: Tirage = "eba?AEF".parse().unwrap();
        assert_eq!(t.to_string(), "AABEEF?");
        assert_eq!("AB1".parse::<Tirage>(), Err(ErreurTirage::Caractere('1')));
    }

    /// Issue 12, point 6 : 263 lettres ne se replient plus en 7 (263 mod 256) ; un tirage
    /// qui demande plus d'exemplaires d'une lettre que le sac n'en a est refusé.
    #[test]
    fn un_tirage_impossible_est_refuse_sans_debordement() {
        let e = "A".repeat(263).parse::<Tirage>().unwrap_err();
        assert_eq!(e, ErreurTirage::TropDeLettres { lettre: 'A', nombre: 263, sac: 9 });
        assert_eq!(e.to_string(), "263 fois « A », le sac n'en contient que 9");
        assert!(matches!("???".parse::<Tirage>(), Err(ErreurTirage::TropDeLettres { lettre: '?', nombre: 3, sac: 2 })));
        assert_eq!("AAAAAAAAA".parse::<Tirage>().unwrap().len(), 9);
        let mut t = Tirage::default();
        for _ in 0..300 {
            t.ajouter(1);
        }
        assert_eq!(t.compte[1], 255, "plafonne, ne revient pas à zéro");
    }
}
