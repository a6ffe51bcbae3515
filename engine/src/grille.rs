//! La grille 15×15 et ses cases de couleur (règlement 1.1 « Grille type », 1.2.1).

use crate::reference::{Direction, Reference, TAILLE};
use crate::tuiles::{caractere, Lettre};
use std::fmt;

/// Nombre de cases.
pub const NB_CASES: usize = TAILLE * TAILLE;
/// La case étoilée centrale, H8 (règlement 1.1 : le premier mot la recouvre).
pub const CENTRE: usize = 7 * TAILLE + 7;

/// Quart supérieur gauche de la grille type (lignes A–H, colonnes 1–8), le reste par symétrie.
/// `T` mot triple (rouge), `D` mot double (rose), `t` lettre triple (bleu foncé),
/// `d` lettre double (bleu clair).
const QUART: [&str; 8] = ["T..d...T", ".D...t..", "..D...d.", "d..D...d", "....D...", ".t...t..", "..d...d.", "T..d...D"];

/// Multiplicateurs de lettre et de mot de chaque case (avant qu'elle soit recouverte).
pub struct Primes {
    pub lettre: [u8; NB_CASES],
    pub mot: [u8; NB_CASES],
    /// Les mêmes, grille transposée (la génération verticale lit les colonnes comme des
    /// rangées) : calculées une fois, pas à chaque appel.
    pub lettre_transposee: [u8; NB_CASES],
    pub mot_transposee: [u8; NB_CASES],
}

/// Les primes de la grille type.
pub fn primes() -> &'static Primes {
    static P: std::sync::OnceLock<Primes> = std::sync::OnceLock::new();
    P.get_or_init(|| {
        let mut p = Primes { lettre: [1; NB_CASES], mot: [1; NB_CASES], lettre_transposee: [1; NB_CASES], mot_transposee: [1; NB_CASES] };
        for l in 0..TAILLE {
            for c in 0..TAILLE {
                let (ql, qc) = (l.min(TAILLE - 1 - l), c.min(TAILLE - 1 - c));
                let i = l * TAILLE + c;
                match QUART[ql].as_bytes()[qc] {
                    b'T' => p.mot[i] = 3,
                    b'D' => p.mot[i] = 2,
                    b't' => p.lettre[i] = 3,
                    b'd' => p.lettre[i] = 2,
                    _ => {}
                }
            }
        }
        for l in 0..TAILLE {
            for c in 0..TAILLE {
                p.lettre_transposee[c * TAILLE + l] = p.lettre[l * TAILLE + c];
                p.mot_transposee[c * TAILLE + l] = p.mot[l * TAILLE + c];
            }
        }
        p
    })
}

/// Le contenu de la grille : `0` vide, sinon une lettre (bit [`crate::tuiles::JOKER`] pour un joker).
#[derive(Clone, PartialEq, Eq)]
pub struct Grille {
    pub cases: [Lettre; NB_CASES],
}

impl Default for Grille {
    fn default() -> Self {
        Grille { cases: [0; NB_CASES] }
    }
}

impl Grille {
    pub fn vide() -> Grille {
        Grille::default()
    }

    pub fn est_vide(&self) -> bool {
        self.cases.iter().all(|&c| c == 0)
    }

    #[inline]
    pub fn at(&self, ligne: usize, colonne: usize) -> Lettre {
        self.cases[ligne * TAILLE + colonne]
    }

    /// La grille symétrique par rapport à la diagonale (lignes ↔ colonnes).
    pub fn transposee(&self) -> Grille {
        let mut t = Grille::vide();
        for l in 0..TAILLE {
            for c in 0..TAILLE {
                t.cases[c * TAILLE + l] = self.cases[l * TAILLE + c];
            }
        }
        t
    }

    /// Pose un mot (lettres de grille comprises) à partir de la référence. Les cases déjà
    /// occupées gardent leur lettre.
    pub fn poser(&mut self, r: Reference, mot: &[Lettre]) {
        for (i, &l) in mot.iter().enumerate() {
            if let Some(k) = r.case_n(i) {
                if self.cases[k] == 0 {
                    self.cases[k] = l;
                }
            }
        }
    }

    /// A-t-elle une lettre voisine (haut, bas, gauche, droite) ?
    pub fn a_voisine(&self, case: usize) -> bool {
        let (l, c) = (case / TAILLE, case % TAILLE);
        (l > 0 && self.cases[case - TAILLE] != 0)
            || (l + 1 < TAILLE && self.cases[case + TAILLE] != 0)
            || (c > 0 && self.cases[case - 1] != 0)
            || (c + 1 < TAILLE && self.cases[case + 1] != 0)
    }

    /// Le mot (suite de lettres contiguës) qui passe par `case` dans le sens `d`, en
    /// supposant la case occupée par `lettre` ; renvoie la case de départ et les lettres.
    pub fn mot_passant(&self, case: usize, d: Direction, lettre: Lettre) -> (usize, Vec<Lettre>) {
        let pas = match d {
            Direction::Horizontal => 1,
            Direction::Vertical => TAILLE,
        };
        let dans_ligne = |a: usize, b: usize| match d {
            Direction::Horizontal => a / TAILLE == b / TAILLE,
            Direction::Vertical => true,
        };
        let mut debut = case;
        while debut >= pas && dans_ligne(debut - pas, case) && self.cases[debut - pas] != 0 {
            debut -= pas;
        }
        let mut mot = Vec::new();
        let mut k = debut;
        loop {
            mot.push(if k == case { lettre } else { self.cases[k] });
            let suivante = k + pas;
            if suivante >= NB_CASES || !dans_ligne(suivante, case) || (suivante != case && self.cases[suivante] == 0) {
                break;
            }
            k = suivante;
        }
        (debut, mot)
    }

    /// Le mot de `longueur` lettres posé à `r` prolonge-t-il un mot de la grille (lettres
    /// de grille contiguës, deux au moins, lettres posées seulement avant et après) ?
    /// Renvoie la longueur du mot prolongé et les nombres de lettres posées avant et après.
    pub fn prolongement(&self, r: Reference, longueur: usize) -> Option<(usize, usize, usize)> {
        let occupee = |i: usize| r.case_n(i).is_some_and(|k| self.cases[k] != 0);
        let debut = (0..longueur).find(|&i| occupee(i))?;
        let fin = (0..longueur).rev().find(|&i| occupee(i))?;
        if fin == debut || !(debut..=fin).all(occupee) {
            return None;
        }
        Some((fin - debut + 1, debut, longueur - 1 - fin))
    }

    /// Filtre rapide, sans allocation, avant [`crate::evaluation::evaluer`] : le mot (lettres
    /// nues) tient-il à `r` (dans la grille, lettres de grille respectées, cases libres
    /// avant et après, au moins une case libre) ?
    pub fn tient(&self, lettres: &[u8], r: Reference) -> bool {
        let n = lettres.len();
        let Some(_) = r.case_n(n.saturating_sub(1)) else { return false };
        let libre_autour = match r.direction {
            Direction::Horizontal => {
                (r.colonne == 0 || self.cases[r.case() - 1] == 0) && r.case_n(n).is_none_or(|k| self.cases[k] == 0)
            }
            Direction::Vertical => {
                (r.ligne == 0 || self.cases[r.case() - TAILLE] == 0) && r.case_n(n).is_none_or(|k| self.cases[k] == 0)
            }
        };
        if !libre_autour {
            return false;
        }
        let mut vide = false;
        for (i, &l) in lettres.iter().enumerate() {
            let g = self.cases[r.case_n(i).expect("dans la grille")];
            if g == 0 {
                vide = true;
            } else if crate::tuiles::nue(g) != l {
                return false;
            }
        }
        vide
    }
}

impl fmt::Display for Grille {
    /// La grille en texte : une ligne par rangée, `.` pour une case vide.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "   1 2 3 4 5 6 7 8 9 0 1 2 3 4 5")?;
        for l in 0..TAILLE {
            write!(f, "{} ", (b'A' + l as u8) as char)?;
            for c in 0..TAILLE {
                let x = self.at(l, c);
                write!(f, " {}", if x == 0 { '.' } else { caractere(x) })?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl fmt::Debug for Grille {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn case(s: &str) -> usize {
        let r: Reference = s.parse().unwrap();
        r.case()
    }

    #[test]
    fn grille_type() {
        let p = primes();
        assert_eq!(p.mot[CENTRE], 2, "H8 mot compte double");
        for s in ["A1", "A8", "A15", "H1", "H15", "O1", "O8", "O15"] {
            assert_eq!(p.mot[case(s)], 3, "{s}");
        }
        for s in ["B2", "E5", "K11", "N14", "B14", "N2", "D12"] {
            assert_eq!(p.mot[case(s)], 2, "{s}");
        }
        for s in ["B6", "B10", "F2", "F6", "F10", "F14", "J2", "J6", "J10", "J14", "N6", "N10"] {
            assert_eq!(p.lettre[case(s)], 3, "{s}");
        }
        for s in ["A4", "A12", "C7", "C9", "D1", "D8", "D15", "G3", "G7", "G9", "G13", "H4", "H12", "I3", "L8", "O12"] {
            assert_eq!(p.lettre[case(s)], 2, "{s}");
        }
        let nb = |v: &[u8; NB_CASES], x| v.iter().filter(|&&m| m == x).count();
        assert_eq!((nb(&p.mot, 3), nb(&p.mot, 2), nb(&p.lettre, 3), nb(&p.lettre, 2)), (8, 17, 12, 24));
    }
}
