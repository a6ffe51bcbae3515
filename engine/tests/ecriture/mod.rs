//! Une solution écrite comme un joueur la rédige sur son bulletin : le mot seul (pour une
//! référence alphanumérique) ou avec les lettres de grille qui le touchent (lettres de
//! raccord, 4.3.2). Partagé par les tests de propriétés et le banc de la correction.

use arbitre_engine::generation::Solution;
use arbitre_engine::lecture::Cellule;
use arbitre_engine::reference::Direction;
use arbitre_engine::tuiles::{caractere, JOKER};
use arbitre_engine::Grille;

/// Le mot tel qu'un joueur l'écrit : majuscules, lettres posées par un joker entourées.
pub fn cellule_du_mot(grille: &Grille, s: &Solution, i: usize) -> Cellule {
    let x = s.mot()[i];
    let k = s.reference.case_n(i).unwrap();
    let c = caractere(x).to_ascii_uppercase();
    Cellule::lettre(if x & JOKER != 0 && grille.cases[k] == 0 { c.to_ascii_lowercase() } else { c })
}

/// Le mot seul, dans son sens.
pub fn mot_seul(grille: &Grille, s: &Solution) -> Vec<Vec<Cellule>> {
    let cells: Vec<Cellule> = (0..s.mot().len()).map(|i| cellule_du_mot(grille, s, i)).collect();
    match s.reference.direction {
        Direction::Horizontal => vec![cells],
        Direction::Vertical => cells.into_iter().map(|c| vec![c]).collect(),
    }
}

/// Le mot et toutes les lettres de la grille qui le touchent (lettres de raccord), et leur
/// nombre (lettres de grille du mot comprises).
pub fn avec_raccord(grille: &Grille, s: &Solution) -> (Vec<Vec<Cellule>>, usize) {
    let r = s.reference;
    let n = s.mot().len();
    let (haut, larg) = match r.direction {
        Direction::Horizontal => (3, n + 2),
        Direction::Vertical => (n + 2, 3),
    };
    let mut f = vec![vec![Cellule::vide(); larg]; haut];
    let mut raccord = 0;
    for (l, rangee) in f.iter_mut().enumerate() {
        for (c, cellule) in rangee.iter_mut().enumerate() {
            let (gl, gc) = (r.ligne as isize - 1 + l as isize, r.colonne as isize - 1 + c as isize);
            if !(0..15).contains(&gl) || !(0..15).contains(&gc) {
                continue;
            }
            let dans_mot = match r.direction {
                Direction::Horizontal => l == 1 && (1..=n).contains(&c),
                Direction::Vertical => c == 1 && (1..=n).contains(&l),
            };
            let g = grille.at(gl as usize, gc as usize);
            if dans_mot {
                let i = if r.direction == Direction::Horizontal { c - 1 } else { l - 1 };
                *cellule = cellule_du_mot(grille, s, i);
                raccord += (g != 0) as usize;
            } else if g != 0 && !((l == 0 || l == haut - 1) && (c == 0 || c == larg - 1)) {
                *cellule = Cellule::lettre(caractere(g).to_ascii_uppercase());
                raccord += 1;
            }
        }
    }
    (f, raccord)
}
