//! Une lecture rendue concrète : une feuille rectangulaire de cases (une lecture choisie
//! pour chaque case ambiguë, guide 5.8), ses suites de lettres (les mots écrits, règlement 5.2.1) et
//! ses blocs (groupes de cases écrites qui se touchent, pour l'indépendance des
//! solutions, 5.4.2.b).

use crate::lecture::{Contenu, Lecture, Trace};
use crate::reference::Direction;

/// Marque illisible (`#`) : une « lettre » qui ne vaut aucune lettre.
pub const ILLISIBLE: u8 = 0xFF;

/// Une case de la feuille : `0` vide, `1..=26` une lettre, [`ILLISIBLE`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Case {
    pub lettre: u8,
    pub entouree: bool,
}

/// La zone quadrillée d'un bulletin, une lecture par case.
#[derive(Debug, Clone)]
pub struct Feuille {
    pub hauteur: usize,
    pub largeur: usize,
    pub cases: Vec<Case>,
}

/// Une suite d'au moins deux cases écrites contiguës, dans une rangée (horizontale) ou
/// une colonne (verticale) de la feuille, prise en entier (règlement 5.2.1 : un mot est écrit en
/// entier).
#[derive(Debug, Clone)]
pub struct Suite {
    pub direction: Direction,
    /// Rangée et colonne de la première case sur la feuille.
    pub ligne: usize,
    pub colonne: usize,
    /// Lettres `1..=26` ou [`ILLISIBLE`].
    pub lettres: Vec<u8>,
    pub entourees: Vec<bool>,
    /// Indices des cases sur la feuille.
    pub cellules: Vec<usize>,
    /// Bloc (composante de cases écrites qui se touchent) auquel la suite appartient.
    pub bloc: usize,
}

impl Suite {
    pub fn illisible(&self) -> bool {
        self.lettres.contains(&ILLISIBLE)
    }
}

impl Feuille {
    /// Les cases ambiguës d'une lecture, et le nombre de lectures de chacune.
    pub fn ambiguites(lecture: &Lecture) -> Vec<usize> {
        lecture
            .rangees
            .iter()
            .flatten()
            .filter(|c| !c.barree)
            .filter_map(|c| match &c.contenu {
                Contenu::Alternatives(v) => Some(v.len()),
                _ => None,
            })
            .collect()
    }

    /// La feuille d'une lecture, avec pour la `k`-ième case ambiguë la lecture
    /// `choix[k]`. Une case barrée n'existe pas (règlement 5.4).
    pub fn depuis(lecture: &Lecture, choix: &[usize]) -> Feuille {
        let hauteur = lecture.rangees.len();
        let largeur = lecture.rangees.iter().map(Vec::len).max().unwrap_or(0);
        let mut cases = vec![Case::default(); hauteur * largeur];
        let mut k = 0;
        for (l, rangee) in lecture.rangees.iter().enumerate() {
            for (c, cellule) in rangee.iter().enumerate() {
                if cellule.barree {
                    continue;
                }
                let trace = |t: &Trace| Case { lettre: t.lettre as u8 - b'A' + 1, entouree: t.entouree };
                cases[l * largeur + c] = match &cellule.contenu {
                    Contenu::Vide => Case::default(),
                    Contenu::Lettre(t) if t.lettre.is_ascii_uppercase() => trace(t),
                    Contenu::Lettre(_) => Case { lettre: ILLISIBLE, entouree: false },
                    Contenu::Illisible => Case { lettre: ILLISIBLE, entouree: false },
                    Contenu::Alternatives(v) => {
                        let t = &v[choix.get(k).copied().unwrap_or(0).min(v.len() - 1)];
                        k += 1;
                        if t.lettre.is_ascii_uppercase() {
                            trace(t)
                        } else {
                            Case { lettre: ILLISIBLE, entouree: false }
                        }
                    }
                };
            }
        }
        Feuille { hauteur, largeur, cases }
    }

    /// Nombre de cases écrites.
    pub fn nb_ecrites(&self) -> usize {
        self.cases.iter().filter(|c| c.lettre != 0).count()
    }

    /// Les voisines (haut, bas, gauche, droite) d'une case de la feuille.
    pub fn voisines(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        let (l, c) = (i / self.largeur, i % self.largeur);
        [
            (l > 0).then(|| i - self.largeur),
            (l + 1 < self.hauteur).then(|| i + self.largeur),
            (c > 0).then(|| i - 1),
            (c + 1 < self.largeur).then(|| i + 1),
        ]
        .into_iter()
        .flatten()
    }

    /// Les blocs : numéro de bloc de chaque case écrite (`usize::MAX` pour une case vide).
    pub fn blocs(&self) -> Vec<usize> {
        let mut bloc = vec![usize::MAX; self.cases.len()];
        let mut n = 0;
        let mut pile = Vec::new();
        for i in 0..self.cases.len() {
            if self.cases[i].lettre == 0 || bloc[i] != usize::MAX {
                continue;
            }
            bloc[i] = n;
            pile.push(i);
            while let Some(j) = pile.pop() {
                for v in self.voisines(j) {
                    if self.cases[v].lettre != 0 && bloc[v] == usize::MAX {
                        bloc[v] = n;
                        pile.push(v);
                    }
                }
            }
            n += 1;
        }
        bloc
    }

    /// Toutes les suites de deux cases écrites ou plus, horizontales puis verticales.
    pub fn suites(&self) -> Vec<Suite> {
        let blocs = self.blocs();
        let mut v = Vec::new();
        for d in [Direction::Horizontal, Direction::Vertical] {
            let (externe, interne) = match d {
                Direction::Horizontal => (self.hauteur, self.largeur),
                Direction::Vertical => (self.largeur, self.hauteur),
            };
            for a in 0..externe {
                let mut b = 0;
                while b < interne {
                    let idx = |b: usize| match d {
                        Direction::Horizontal => a * self.largeur + b,
                        Direction::Vertical => b * self.largeur + a,
                    };
                    if self.cases[idx(b)].lettre == 0 {
                        b += 1;
                        continue;
                    }
                    let debut = b;
                    while b < interne && self.cases[idx(b)].lettre != 0 {
                        b += 1;
                    }
                    if b - debut >= 2 {
                        let cellules: Vec<usize> = (debut..b).map(idx).collect();
                        let (ligne, colonne) = (cellules[0] / self.largeur, cellules[0] % self.largeur);
                        v.push(Suite {
                            direction: d,
                            ligne,
                            colonne,
                            lettres: cellules.iter().map(|&i| self.cases[i].lettre).collect(),
                            entourees: cellules.iter().map(|&i| self.cases[i].entouree).collect(),
                            bloc: blocs[cellules[0]],
                            cellules,
                        });
                    }
                }
            }
        }
        v
    }
}
