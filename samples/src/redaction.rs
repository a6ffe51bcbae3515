//! La rédaction d'un bulletin par un joueur (règlement, section 4) : le mot en entier dans
//! le sens où il est joué (4.2), localisé par référence alphanumérique (4.3.1) ou par
//! lettres de raccord (4.3.2), le score ; puis la lecture qui en résulte, case par case.

use arbitre_engine::evaluation::Evaluation;
use arbitre_engine::grille::Grille;
use arbitre_engine::lecture::{Cellule, Contenu, Lecture, Trace};
use arbitre_engine::reference::{Direction, Reference};
use arbitre_engine::tuiles::{caractere, nue, Lettre, JOKER};
use rand::seq::SliceRandom;
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use std::collections::{BTreeMap, BTreeSet, VecDeque};

const T: i32 = 15;

/// Ce qui est écrit dans l'aire de rédaction, case par case (coordonnées de grille, qui
/// peuvent sortir de la grille pour un mot écrit dans le mauvais sens).
#[derive(Debug, Clone, Default)]
pub struct Ecrit {
    pub cases: BTreeMap<(i32, i32), Cellule>,
}

/// Les cases (ligne, colonne) d'un mot placé.
pub fn cases_du_mot(r: Reference, n: usize) -> Vec<(i32, i32)> {
    let (l, c) = (r.ligne as i32, r.colonne as i32);
    (0..n as i32).map(|i| if r.direction == Direction::Horizontal { (l, c + i) } else { (l + i, c) }).collect()
}

fn lettre_grille(g: &Grille, (l, c): (i32, i32)) -> Lettre {
    if l < 0 || c < 0 || l >= T || c >= T {
        0
    } else {
        g.at(l as usize, c as usize)
    }
}

fn cellule(l: Lettre, entouree: bool) -> Cellule {
    Cellule { contenu: Contenu::Lettre(Trace { lettre: caractere(nue(l)), entouree }), barree: false }
}

impl Ecrit {
    /// Écrit le mot d'un placement aux cases données (celles du placement, ou d'autres pour
    /// un mot écrit dans le mauvais sens) ; le joker posé par le coup est entouré (4.2),
    /// celui déjà sur la grille ne l'est pas.
    pub fn mot(&mut self, g: &Grille, e: &Evaluation, cases: &[(i32, i32)]) {
        let vraies = cases_du_mot(e.reference, e.mot.len());
        for ((&p, &l), &v) in cases.iter().zip(&e.mot).zip(&vraies) {
            self.cases.insert(p, cellule(l, l & JOKER != 0 && lettre_grille(g, v) == 0));
        }
    }

    /// Recopie des lettres de la grille (lettres de raccord).
    pub fn raccords(&mut self, g: &Grille, cases: &[(i32, i32)]) {
        for &p in cases {
            self.cases.insert(p, cellule(lettre_grille(g, p), false));
        }
    }

    /// La lecture : rangées de la boîte englobante, de haut en bas.
    pub fn rangees(&self) -> Vec<Vec<Cellule>> {
        if self.cases.is_empty() {
            return Vec::new();
        }
        let lmin = self.cases.keys().map(|p| p.0).min().unwrap_or(0);
        let lmax = self.cases.keys().map(|p| p.0).max().unwrap_or(0);
        let cmin = self.cases.keys().map(|p| p.1).min().unwrap_or(0);
        (lmin..=lmax)
            .map(|l| {
                let cmax = self.cases.keys().filter(|p| p.0 == l).map(|p| p.1).max();
                match cmax {
                    None => Vec::new(),
                    Some(cmax) => (cmin..=cmax).map(|c| self.cases.get(&(l, c)).cloned().unwrap_or_else(Cellule::vide)).collect(),
                }
            })
            .collect()
    }

    /// Hauteur et largeur de la boîte englobante.
    pub fn taille(&self) -> (i32, i32) {
        if self.cases.is_empty() {
            return (0, 0);
        }
        let l = self.cases.keys().map(|p| p.0);
        let c = self.cases.keys().map(|p| p.1);
        (l.clone().max().unwrap() - l.min().unwrap() + 1, c.clone().max().unwrap() - c.min().unwrap() + 1)
    }
}

/// Les lettres de raccord possibles d'un placement (4.3.2), de la plus proche à la plus
/// lointaine : lettres de grille qui touchent une lettre posée, puis, de proche en proche,
/// celles qui touchent une lettre de raccord. Les lettres de grille du mot lui-même n'en
/// font pas partie (elles sont écrites avec le mot).
pub fn raccords_possibles(g: &Grille, e: &Evaluation, rng: &mut ChaCha8Rng) -> Vec<(i32, i32)> {
    let mot: BTreeSet<(i32, i32)> = cases_du_mot(e.reference, e.mot.len()).into_iter().collect();
    let voisins = |(l, c): (i32, i32)| [(l - 1, c), (l + 1, c), (l, c - 1), (l, c + 1)];
    let mut vus: BTreeSet<(i32, i32)> = BTreeSet::new();
    let mut file: VecDeque<(i32, i32)> = VecDeque::new();
    let mut depart: Vec<(i32, i32)> = Vec::new();
    for p in &e.poses {
        let q = ((p.case / 15) as i32, (p.case % 15) as i32);
        for v in voisins(q) {
            if !mot.contains(&v) && lettre_grille(g, v) != 0 && vus.insert(v) {
                depart.push(v);
            }
        }
    }
    depart.shuffle(rng);
    file.extend(depart);
    let mut ordre = Vec::new();
    while let Some(p) = file.pop_front() {
        ordre.push(p);
        let mut suivants: Vec<_> = voisins(p).into_iter().filter(|v| !mot.contains(v) && lettre_grille(g, *v) != 0 && !vus.contains(v)).collect();
        suivants.shuffle(rng);
        for v in suivants {
            vus.insert(v);
            file.push_back(v);
        }
    }
    ordre
}

/// Nombre de places de la grille où un motif écrit (mot + lettres de raccord) se pose :
/// chaque lettre de raccord sur la même lettre de grille, chaque lettre du mot sur une case
/// vide ou la même lettre, au moins une case vide. Le sens d'écriture est fixé.
pub fn places_du_motif(g: &Grille, mot: &[((i32, i32), Lettre)], raccords: &[((i32, i32), Lettre)]) -> usize {
    let mut n = 0;
    for dl in -T..T {
        for dc in -T..T {
            let dans = |(l, c): (i32, i32)| l + dl >= 0 && c + dc >= 0 && l + dl < T && c + dc < T;
            if !mot.iter().chain(raccords).all(|&(p, _)| dans(p)) {
                continue;
            }
            let ok_raccords = raccords.iter().all(|&((l, c), x)| nue(lettre_grille(g, (l + dl, c + dc))) == nue(x));
            if !ok_raccords {
                continue;
            }
            let mut une_vide = false;
            let ok_mot = mot.iter().all(|&((l, c), x)| {
                let y = lettre_grille(g, (l + dl, c + dc));
                une_vide |= y == 0;
                y == 0 || nue(y) == nue(x)
            });
            if ok_mot && une_vide {
                n += 1;
            }
        }
    }
    n
}

/// Choisit `n` lettres de raccord (au moins) qui localisent le placement sans ambiguïté,
/// en comptant les lettres de grille du mot ; `None` si c'est impossible (exactement `n`
/// quand `exact`).
pub fn choisir_raccords(g: &Grille, e: &Evaluation, n: usize, exact: bool, rng: &mut ChaCha8Rng) -> Option<Vec<(i32, i32)>> {
    let cases = cases_du_mot(e.reference, e.mot.len());
    let dans_le_mot = e.mot.len() - e.poses.len();
    if exact && dans_le_mot > n {
        return None;
    }
    let possibles = raccords_possibles(g, e, rng);
    let mot: Vec<_> = cases.iter().copied().zip(e.mot.iter().copied()).collect();
    let mut k = n.saturating_sub(dans_le_mot);
    loop {
        if k > possibles.len() {
            return None;
        }
        let choisis = &possibles[..k];
        let r: Vec<_> = choisis.iter().map(|&p| (p, lettre_grille(g, p))).collect();
        if dans_le_mot + k >= n && places_du_motif(g, &mot, &r) == 1 {
            return Some(choisis.to_vec());
        }
        if exact {
            return None;
        }
        k += 1;
    }
}

/// Une référence telle qu'un joueur l'écrit : `H 4`, `H4`, `12 C`…
pub fn ecrire_reference(r: Reference, rng: &mut ChaCha8Rng) -> String {
    let s = r.to_string();
    if !rng.gen_bool(0.6) {
        return s;
    }
    let coupure = s.char_indices().skip(1).find(|&(i, ch)| ch.is_ascii_digit() != s[..i].chars().last().is_some_and(|p| p.is_ascii_digit())).map(|(i, _)| i);
    match coupure {
        Some(i) => format!("{} {}", &s[..i], &s[i..]),
        None => s,
    }
}

/// Une lecture remplie : table, coup, ce qui est écrit, référence et score.
pub fn lecture(table: u32, coup: u32, ecrit: &Ecrit, reference: Option<String>, score: Option<u32>) -> Lecture {
    let mut l = Lecture::nouvelle(table, coup);
    l.rangees = ecrit.rangees();
    l.reference = reference;
    l.score = score.map(|s| s.to_string());
    l
}
