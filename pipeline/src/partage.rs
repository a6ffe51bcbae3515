//! Le partage d'une tache d'encre entre les cases de l'aire.
//!
//! La tache est coupée selon les bords des cases en morceaux. Un morceau qui reste collé au
//! bord de sa case, du côté où il touche son voisin, sans atteindre le milieu de la case,
//! est un débordement : il revient au morceau voisin qu'il touche le plus (haut d'un G,
//! jambe d'un M, cercle d'un joker qui dépasse). Un morceau qui atteint le milieu de sa case
//! est une lettre (ou le trait qui la barre) et y reste. Quand la taille du morceau contredit
//! sa place (un gros morceau au bord, un tout petit au milieu), le découpage est douteux :
//! une personne regardera si cela compte.

use std::collections::{BTreeMap, HashMap};

/// Un morceau « atteint le milieu » de sa case s'il en approche à moins de cette part de
/// case.
const MILIEU: f64 = 0.12;
/// Part d'une lettre ordinaire du bulletin : un débordement plus gros, ou une lettre plus
/// petite, rend le découpage douteux.
const GROS_DEBORDEMENT: f64 = 0.6;
const PETITE_LETTRE: f64 = 0.25;

/// La grille de l'aire dans le plan : colonnes, côté d'une case et coin de la case (0, 0), en
/// pixels du plan.
#[derive(Debug, Clone, Copy)]
pub struct GrillePlan {
    pub colonnes: u32,
    pub case_px: f64,
    pub origine: (f64, f64),
}

impl GrillePlan {
    fn centre(&self, c: u32) -> (f64, f64) {
        let (col, rang) = ((c % self.colonnes) as f64, (c / self.colonnes) as f64);
        (self.origine.0 + (col + 0.5) * self.case_px, self.origine.1 + (rang + 0.5) * self.case_px)
    }
}

/// Un pixel de la tache : sa position (u, v) dans le plan et sa case, s'il est dans l'aire.
pub struct PixelTache {
    pub u: usize,
    pub v: usize,
    pub case: Option<u32>,
}

/// Le partage d'une tache : la case de chaque pixel (dans l'ordre reçu) et les cases dont le
/// découpage est douteux.
pub struct Partage {
    pub cases: Vec<u32>,
    pub douteuses: Vec<u32>,
}

/// Partage une tache entre les cases de la grille ; `lettre` est la surface d'encre
/// (pixels) d'une lettre ordinaire de ce bulletin. `None` si la tache est entièrement hors
/// de l'aire.
pub fn partager(pixels: &[PixelTache], grille: GrillePlan, lettre: f64) -> Option<Partage> {
    let mut morceaux: BTreeMap<u32, Morceau> = BTreeMap::new();
    for p in pixels {
        if let Some(c) = p.case {
            morceaux.entry(c).or_insert_with(Morceau::vide).ajouter(p.u, p.v);
        }
    }
    if morceaux.is_empty() {
        return None;
    }
    let contacts = contacts(pixels);
    let mut vers: BTreeMap<u32, u32> = morceaux.keys().map(|&c| (c, c)).collect();
    let mut douteuses = Vec::new();
    // Du plus petit au plus gros, chaque morceau qui n'est qu'un débordement rejoint son
    // voisin le plus en contact.
    let mut ordre: Vec<u32> = morceaux.keys().copied().collect();
    ordre.sort_by_key(|c| morceaux[c].n);
    for c in ordre {
        // Le voisin (case d'un autre groupe) que ce morceau touche le plus.
        let mut voisins: BTreeMap<u32, usize> = BTreeMap::new();
        for (&(a, b), &n) in &contacts {
            let autre = if a == c { b } else if b == c { a } else { continue };
            if racine(&vers, autre) != racine(&vers, c) {
                *voisins.entry(autre).or_default() += n;
            }
        }
        let Some((&voisin, _)) = voisins.iter().max_by_key(|(_, &n)| n) else { continue };
        let m = &morceaux[&c];
        let (cu, cv) = grille.centre(c);
        let marge = MILIEU * grille.case_px;
        // Atteint-il le milieu de sa case, du côté opposé au voisin ?
        let (vc, vr) = (voisin % grille.colonnes, voisin / grille.colonnes);
        let (mc, mr) = (c % grille.colonnes, c / grille.colonnes);
        let atteint = |min: usize, max: usize, centre: f64, voisin_apres: bool| if voisin_apres { (min as f64) <= centre + marge } else { (max as f64) >= centre - marge };
        let au_milieu = match (vc.cmp(&mc), vr.cmp(&mr)) {
            (std::cmp::Ordering::Equal, o) => atteint(m.boite[1], m.boite[3], cv, o == std::cmp::Ordering::Greater),
            (o, std::cmp::Ordering::Equal) => atteint(m.boite[0], m.boite[2], cu, o == std::cmp::Ordering::Greater),
            (oc, or) => atteint(m.boite[0], m.boite[2], cu, oc == std::cmp::Ordering::Greater) && atteint(m.boite[1], m.boite[3], cv, or == std::cmp::Ordering::Greater),
        };
        let relatif = m.n as f64 / lettre;
        if au_milieu {
            // Petit pour une lettre, collé à une tache plus grosse : peut-être le bout d'une
            // grande lettre qui déborde loin.
            if relatif < PETITE_LETTRE || (relatif < GROS_DEBORDEMENT && taille_groupe(&morceaux, &vers, racine(&vers, voisin)) > m.n) {
                douteuses.extend([c, voisin]);
            }
        } else {
            vers.insert(c, racine(&vers, voisin));
            if relatif >= GROS_DEBORDEMENT {
                douteuses.extend([c, voisin]);
            }
        }
    }
    let principal = *morceaux.iter().max_by_key(|(_, m)| m.n).expect("non vide").0;
    let cases = pixels.iter().map(|p| racine(&vers, p.case.unwrap_or(principal))).collect();
    douteuses.iter_mut().for_each(|c| *c = racine(&vers, *c));
    douteuses.sort_unstable();
    douteuses.dedup();
    Some(Partage { cases, douteuses })
}

fn taille_groupe(morceaux: &BTreeMap<u32, Morceau>, vers: &BTreeMap<u32, u32>, g: u32) -> usize {
    morceaux.iter().filter(|(&k, _)| racine(vers, k) == g).map(|(_, m)| m.n).sum()
}

fn racine(vers: &BTreeMap<u32, u32>, mut c: u32) -> u32 {
    while vers[&c] != c {
        c = vers[&c];
    }
    c
}

struct Morceau {
    n: usize,
    boite: [usize; 4],
}

impl Morceau {
    fn vide() -> Morceau {
        Morceau { n: 0, boite: [usize::MAX, usize::MAX, 0, 0] }
    }
    fn ajouter(&mut self, u: usize, v: usize) {
        self.n += 1;
        let b = &mut self.boite;
        *b = [b[0].min(u), b[1].min(v), b[2].max(u), b[3].max(v)];
    }
}

/// Combien de paires de pixels voisins (à droite, en dessous) sont de part et d'autre de la
/// frontière entre deux cases.
fn contacts(pixels: &[PixelTache]) -> BTreeMap<(u32, u32), usize> {
    let case: HashMap<(usize, usize), u32> = pixels.iter().filter_map(|p| p.case.map(|c| ((p.u, p.v), c))).collect();
    let mut contacts = BTreeMap::new();
    for (&(u, v), &c) in &case {
        for voisin in [(u + 1, v), (u, v + 1)] {
            if let Some(&d) = case.get(&voisin) {
                if d != c {
                    *contacts.entry((c.min(d), c.max(d))).or_insert(0) += 1;
                }
            }
        }
    }
    contacts
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Une tache dessinée en texte : chaque « # » est un pixel ; les cases font
    /// `case` pixels de côté, 17 colonnes.
    fn tache(dessin: &str, case: usize) -> Vec<PixelTache> {
        dessin
            .lines()
            .enumerate()
            .flat_map(|(v, l)| l.trim_start().chars().enumerate().filter(|(_, ch)| *ch == '#').map(move |(u, _)| PixelTache { u, v, case: Some((v / case) as u32 * 17 + (u / case) as u32) }))
            .collect()
    }

    #[test]
    fn une_lettre_qui_deborde_revient_entiere_a_sa_case() {
        // Cases de 10 pixels : un « M » large, jambes dans les cases voisines.
        let m = "\
        ........##.....##....##
        ........###...###...###
        ........#.#####.#####.#
        ........#...##...##...#
        ........#.............#
        ........#.............#";
        let p = partager(&tache(m, 10), GrillePlan { colonnes: 17, case_px: 10.0, origine: (0.0, 0.0) }, 40.0).unwrap();
        assert!(p.cases.iter().all(|&c| c == 1), "{:?}", p.cases);
    }

    #[test]
    fn un_trait_qui_barre_trois_lettres_les_laisse_dans_leurs_cases() {
        let barre = "\
        .#......#.....#....#..#
        .#.....#.#....#....#.#
        ##############################
        .#...#.....#..#....#.#
        .#...#.....#..#....#..#";
        let p = partager(&tache(barre, 10), GrillePlan { colonnes: 17, case_px: 10.0, origine: (0.0, 0.0) }, 40.0).unwrap();
        let mut cases: Vec<u32> = p.cases.clone();
        cases.sort_unstable();
        cases.dedup();
        assert_eq!(cases, vec![0, 1, 2]);
    }
}
