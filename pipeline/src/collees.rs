//! Deux lettres collées : une tache d'encre qui porte deux lettres de cases voisines est
//! coupée au bord des cases ([`crate::partage`]), mais la barre d'un E qui déborde dans la
//! case du dessous et y touche un S reste alors au S (le E se lit F, sûr de lui). D'autres
//! coupes sont proposées, droites et parallèles au bord commun, décalées vers l'une ou
//! l'autre case ; le modèle les départage (comme les découpages des cadres) : la coupe
//! retenue est celle dont les deux vignettes se lisent le plus sûrement comme des lettres.
//! Rien ne regarde un mot, une solution ou le top.

use crate::plan::{Plan, K};
use crate::vignette::{echantillonner, Fenetre, Vignette};
use arbitre_formulaire::{Formulaire, Homographie};
use image::GrayImage;
use std::collections::HashMap;

/// Les décalages essayés de la coupe, en part de case, vers la seconde case (positifs) ou
/// vers la première (négatifs).
const DECALAGES: [f64; 4] = [-0.3, -0.15, 0.15, 0.3];

/// Une tache qui porte deux lettres de cases voisines (`a` avant `b` : au-dessus, ou à
/// gauche), numéros de case de l'aire.
pub(crate) struct PaireCollee {
    pub pixels: Vec<u32>,
    pub a: u32,
    pub b: u32,
}

impl PaireCollee {
    /// La paire, si la tache partagée porte exactement deux lettres de cases voisines par
    /// un côté.
    pub fn si_voisines(pixels: &[u32], cases: &[u32], colonnes: u32) -> Option<PaireCollee> {
        let mut lettres: Vec<u32> = cases.to_vec();
        lettres.sort_unstable();
        lettres.dedup();
        let [a, b] = lettres[..] else { return None };
        let (ra, ca, rb, cb) = (a / colonnes, a % colonnes, b / colonnes, b % colonnes);
        let voisines = (ra == rb && cb == ca + 1) || (ca == cb && rb == ra + 1);
        voisines.then(|| PaireCollee { pixels: pixels.to_vec(), a, b })
    }
}

/// Deux cases encrées dont l'encre se touche, et les autres coupes proposées : pour
/// chacune, les vignettes des deux cases.
#[derive(Debug, Clone)]
pub struct Collees {
    /// Les indices des deux cases dans la liste des cases encrées.
    pub cases: [usize; 2],
    pub variantes: Vec<[Vignette; 2]>,
}

/// Ce qu'il faut du découpage des cases pour proposer d'autres coupes.
pub(crate) struct Decoupe<'a> {
    pub img: &'a GrayImage,
    pub h: &'a Homographie,
    pub f: &'a Formulaire,
    pub plan: &'a Plan,
    pub proprietaire: &'a [u16],
    pub elargi: &'a [u16],
    /// Une case dont l'encre est plus petite (pixels du plan) est vide.
    pub min_case: usize,
}

impl Decoupe<'_> {
    /// Les autres coupes d'une paire collée : pour chaque décalage qui change quelque chose
    /// et laisse assez d'encre à chaque case, les vignettes des deux cases.
    pub fn variantes(&self, p: &PaireCollee) -> Vec<[Vignette; 2]> {
        let z = &self.f.zone;
        let l = self.plan.largeur;
        let verticale = p.a / z.colonnes != p.b / z.colonnes;
        // Le bord commun, en pixels du plan, sur l'axe qui joint les deux cases, et la
        // position d'un pixel sur cet axe.
        let bord = if verticale {
            (z.y_mm - self.plan.y0_mm) * K + (p.a / z.colonnes + 1) as f64 * z.case_mm * K
        } else {
            (z.x_mm - self.plan.x0_mm) * K + (p.a % z.colonnes + 1) as f64 * z.case_mm * K
        };
        let position = |i: usize| if verticale { (i / l) as f64 + 0.5 } else { (i % l) as f64 + 0.5 };
        let (a, b) = (p.a as u16 + 1, p.b as u16 + 1);
        // Toute l'encre des deux cases (celle d'autres taches compte pour leurs boîtes).
        let encre: Vec<usize> = (0..self.proprietaire.len()).filter(|&i| self.proprietaire[i] == a || self.proprietaire[i] == b).collect();
        DECALAGES
            .iter()
            .filter_map(|&d| {
                let coupe = bord + d * z.case_mm * K;
                // L'encre de la tache entre le bord et la coupe passe de l'autre côté.
                let passe = |i: usize| {
                    let (o, x) = (self.proprietaire[i], position(i));
                    if d > 0.0 && o == b && x >= bord && x < coupe {
                        Some(a)
                    } else if d < 0.0 && o == a && x < bord && x >= coupe {
                        Some(b)
                    } else {
                        None
                    }
                };
                let change: HashMap<usize, u16> = p.pixels.iter().filter_map(|&i| passe(i as usize).map(|n| (i as usize, n))).collect();
                (!change.is_empty()).then(|| self.avec_les_bords(change, [a, b])).and_then(|change| self.vignettes(&change, &encre, [a, b]))
            })
            .collect()
    }

    /// Les bords adoucis des traits qui changent de case changent avec eux (voir
    /// [`crate::plan::elargir`]).
    fn avec_les_bords(&self, mut change: HashMap<usize, u16>, [a, b]: [u16; 2]) -> HashMap<usize, u16> {
        let (l, h) = (self.plan.largeur, self.plan.hauteur);
        let bords: Vec<(usize, u16)> = change
            .iter()
            .flat_map(|(&i, &n)| {
                let (u, v) = (i % l, i / l);
                let ancien = if n == a { b } else { a };
                [(u.wrapping_sub(1), v), (u + 1, v), (u, v.wrapping_sub(1)), (u, v + 1)]
                    .into_iter()
                    .filter(move |&(x, y)| x < l && y < h)
                    .map(move |(x, y)| (y * l + x, ancien, n))
            })
            .filter(|&(j, ancien, _)| self.proprietaire[j] == 0 && self.elargi[j] == ancien)
            .map(|(j, _, n)| (j, n))
            .collect();
        change.extend(bords);
        change
    }

    /// Les vignettes des deux cases quand l'encre `change` de case ; `None` si l'une
    /// n'en garde pas assez.
    fn vignettes(&self, change: &HashMap<usize, u16>, encre: &[usize], [a, b]: [u16; 2]) -> Option<[Vignette; 2]> {
        let l = self.plan.largeur;
        let mut boites = [[usize::MAX, usize::MAX, 0, 0]; 2];
        let mut surfaces = [0usize; 2];
        for &i in encre {
            let o = change.get(&i).copied().unwrap_or(self.proprietaire[i]);
            let k = usize::from(o == b);
            surfaces[k] += 1;
            let (u, v) = (i % l, i / l);
            let bt = &mut boites[k];
            *bt = [bt[0].min(u), bt[1].min(v), bt[2].max(u), bt[3].max(v)];
        }
        if surfaces.iter().any(|&s| s < self.min_case) {
            return None;
        }
        let proprio = |i: usize| change.get(&i).copied().unwrap_or(self.elargi[i]);
        let vignette = |k: usize, qui: u16| {
            let fenetre = Fenetre::autour(self.plan.boite_mm(boites[k]), self.f.zone.case_mm, 0.1);
            echantillonner(self.img, self.h, fenetre, self.plan, |i| proprio(i) == qui)
        };
        Some([vignette(0, a), vignette(1, b)])
    }
}

/// Les classes de la tête des lettres ([`crate::modele::LETTRES`]) qui sont une écriture :
/// A–Z et `#` ; les suivantes sont `rature` et `vide`.
const ECRITES: usize = 27;

/// La part d'une lecture qui en fait une lettre lue sûrement : sa plus forte probabilité
/// parmi les lettres et `#`.
pub fn nettete(lettre: &[f32]) -> f32 {
    lettre.iter().take(ECRITES).copied().fold(0.0, f32::max)
}

/// La lecture la plus probable d'une case est-elle une lettre ou `#` (ni un bout d'encre,
/// `vide`, ni une rature) ?
pub fn est_une_lettre(lettre: &[f32]) -> bool {
    plus_probable(lettre).is_some_and(|k| k < ECRITES)
}

/// La classe la plus probable d'une tête.
pub fn plus_probable(p: &[f32]) -> Option<usize> {
    (0..p.len()).max_by(|&a, &b| p[a].total_cmp(&p[b]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn les_classes_ecrites_sont_les_lettres_et_le_signe_illisible() {
        assert_eq!(crate::modele::LETTRES[..ECRITES].last(), Some(&"#"));
        assert_eq!(&crate::modele::LETTRES[ECRITES..], &["rature", "vide"]);
        let mut p = vec![0.0; crate::modele::LETTRES.len()];
        p[ECRITES + 1] = 0.9;
        p[4] = 0.1;
        assert!(!est_une_lettre(&p), "un bout d'encre lu « vide » n'est pas une lettre");
        assert!((nettete(&p) - 0.1).abs() < 1e-6);
    }

    #[test]
    fn seules_deux_lettres_voisines_par_un_cote_forment_une_paire() {
        let pixels = [1, 2, 3];
        assert!(PaireCollee::si_voisines(&pixels, &[5, 5, 6], 17).is_some(), "côte à côte");
        assert!(PaireCollee::si_voisines(&pixels, &[5, 22, 22], 17).is_some(), "l'une sur l'autre");
        assert!(PaireCollee::si_voisines(&pixels, &[5, 23, 23], 17).is_none(), "en diagonale");
        assert!(PaireCollee::si_voisines(&pixels, &[5, 6, 7], 17).is_none(), "trois lettres (un mot barré)");
        assert!(PaireCollee::si_voisines(&pixels, &[16, 17, 17], 17).is_none(), "bout de rangée et début de la suivante");
        assert!(PaireCollee::si_voisines(&pixels, &[5, 5, 5], 17).is_none(), "une seule lettre");
    }
}
