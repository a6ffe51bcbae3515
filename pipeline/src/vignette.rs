//! La vignette : ce que le modèle voit d'une case ou d'un caractère, 32 × 32 pixels de
//! noirceur d'encre (0 papier, 1 encre la plus foncée), échantillonnée directement dans le
//! scan (interpolation bilinéaire, plusieurs points par pixel quand le scan est plus fin),
//! et où ne compte que l'encre attribuée à cette case (l'encre d'une case voisine qui
//! déborde est effacée).

use multiversion::multiversion;
use crate::echantillonnage::bilineaire;
use crate::plan::{Plan, K};
use arbitre_formulaire::Homographie;
use image::GrayImage;

/// Côté d'une vignette, en pixels.
pub const COTE: usize = 32;

/// Une vignette `COTE × COTE`, rangée par rangée.
#[derive(Debug, Clone, PartialEq)]
pub struct Vignette(pub Vec<f32>);

impl Vignette {
    /// En octets (0–255), pour les fichiers d'entraînement.
    pub fn octets(&self) -> Vec<u8> {
        self.0.iter().map(|&v| (v * 255.0).round().clamp(0.0, 255.0) as u8).collect()
    }

    /// `n` vignettes d'encre éparse tirées d'une graine (bancs de vitesse et tests du
    /// modèle : seules leur forme et leur reproductibilité comptent).
    pub fn eparses(n: usize, graine: u32) -> Vec<Vignette> {
        let mut s = graine;
        let mut suivant = move || {
            s = s.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            s
        };
        (0..n)
            .map(|_| {
                Vignette(
                    (0..COTE * COTE)
                        .map(|_| {
                            let s = suivant();
                            if s >> 28 < 4 { (s >> 8 & 255) as f32 / 255.0 } else { 0.0 }
                        })
                        .collect(),
                )
            })
            .collect()
    }
}

/// Le carré de la feuille que montre une vignette : centre et côté, en mm.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Fenetre {
    pub cx: f64,
    pub cy: f64,
    pub cote: f64,
}

impl Fenetre {
    /// Le carré centré sur une boîte `[x0, y0, x1, y1]` (mm), de côté au moins `minimum`,
    /// avec une marge de `marge` (fraction) autour de la boîte.
    pub fn autour(boite: [f64; 4], minimum: f64, marge: f64) -> Fenetre {
        let cote = ((boite[2] - boite[0]).max(boite[3] - boite[1]) * (1.0 + marge)).max(minimum);
        Fenetre { cx: (boite[0] + boite[2]) / 2.0, cy: (boite[1] + boite[3]) / 2.0, cote }
    }
}

/// Échantillonne une fenêtre de la feuille. Seule compte l'encre des pixels du `plan`
/// que `retenu` garde (le propriétaire de l'encre) ; la noirceur d'un point retenu est
/// rapportée au papier local du plan ; un point qui n'est pas retenu compte 0 et le scan
/// n'y est pas lu. Les valeurs sont ramenées à 1 pour l'encre la plus foncée de la
/// vignette.
#[multiversion(targets("x86_64+avx+avx2+fma+bmi1+bmi2+lzcnt+popcnt"))]
pub fn echantillonner(img: &GrayImage, h: &Homographie, f: Fenetre, plan: &Plan, retenu: impl Fn(usize) -> bool) -> Vignette {
    let px_par_mm = h.echelle_locale(f.cx, f.cy);
    let pas_mm = f.cote / COTE as f64;
    // Sous-échantillons par pixel et par axe : un par pixel du scan environ, de 1 à 4.
    let s = ((pas_mm * px_par_mm).ceil() as usize).clamp(1, 4);
    let mut v = vec![0f32; COTE * COTE];
    let x0 = f.cx - f.cote / 2.0;
    let y0 = f.cy - f.cote / 2.0;
    // Les pixels du plan (colonnes ou rangées) qu'un pixel de la vignette recouvre, un de
    // marge de chaque côté : un pixel de la vignette sans encre retenue dans ces pixels-là
    // vaut 0 sans qu'aucun de ses points soit calculé (le papier, presque toute la
    // vignette).
    let couverts = |debut_mm: f64, origine_mm: f64, taille: usize, k: usize| {
        let a = ((debut_mm + k as f64 * pas_mm - origine_mm) * K).floor() - 1.0;
        let b = ((debut_mm + (k + 1) as f64 * pas_mm - origine_mm) * K).floor() + 1.0;
        (a.max(0.0) as usize, (b.max(-1.0) + 1.0).min(taille as f64) as usize)
    };
    let colonnes: Vec<(usize, usize)> = (0..COTE).map(|i| couverts(x0, plan.x0_mm, plan.largeur, i)).collect();
    let rangees: Vec<(usize, usize)> = (0..COTE).map(|j| couverts(y0, plan.y0_mm, plan.hauteur, j)).collect();
    // Les abscisses et ordonnées des points de chaque pixel de la vignette.
    let points = |debut: f64| -> Vec<f64> { (0..COTE).flat_map(|i| (0..s).map(move |si| debut + (i as f64 + (si as f64 + 0.5) / s as f64) * pas_mm)).collect() };
    let (xs, ys) = (points(x0), points(y0));
    let retenus = Retenus::sur(plan, [colonnes[0].0, rangees[0].0, colonnes[COTE - 1].1, rangees[COTE - 1].1], retenu);
    for (j, &(v0, v1)) in rangees.iter().enumerate() {
        for (i, &(u0, u1)) in colonnes.iter().enumerate() {
            if !retenus.dans([u0, v0, u1, v1]) {
                continue;
            }
            let mut somme = 0.0;
            for &y in &ys[j * s..(j + 1) * s] {
                for &x in &xs[i * s..(i + 1) * s] {
                    let Some((pu, pv)) = plan.coordonnees(x, y).filter(|&(pu, pv)| retenus.garde(pu, pv)) else { continue };
                    let k = pv * plan.largeur + pu;
                    let (u, w) = h.appliquer(x, y);
                    if let Some(g) = bilineaire(img, u, w) {
                        somme += plan.noirceur_de(k, g);
                    }
                }
            }
            v[j * COTE + i] = somme / (s * s) as f32;
        }
    }
    let max = v.iter().copied().fold(0.0f32, f32::max);
    if max > 0.05 {
        for x in &mut v {
            *x = (*x / max).min(1.0);
        }
    }
    Vignette(v)
}

/// Les pixels du plan que garde `retenu` dans un rectangle, avec leurs sommes cumulées :
/// « y a-t-il de l'encre retenue dans ce rectangle ? » se dit en quatre lectures, et
/// `retenu` n'est appelé qu'une fois par pixel (il peut coûter : une table de hachage pour
/// les coupes des lettres collées).
struct Retenus {
    /// `[u0, v0, u1, v1]`, bornes hautes exclues.
    rect: [usize; 4],
    garde: Vec<bool>,
    /// Sommes cumulées, `(largeur + 1) × (hauteur + 1)`.
    cumul: Vec<u32>,
}

impl Retenus {
    fn sur(plan: &Plan, [u0, v0, u1, v1]: [usize; 4], retenu: impl Fn(usize) -> bool) -> Retenus {
        let (u1, v1) = (u1.max(u0), v1.max(v0));
        let (l, h) = (u1 - u0, v1 - v0);
        let garde: Vec<bool> = (v0..v1).flat_map(|v| (u0..u1).map(move |u| (u, v))).map(|(u, v)| retenu(v * plan.largeur + u)).collect();
        let mut cumul = vec![0u32; (l + 1) * (h + 1)];
        for v in 0..h {
            let mut rangee = 0;
            for u in 0..l {
                rangee += u32::from(garde[v * l + u]);
                cumul[(v + 1) * (l + 1) + u + 1] = cumul[v * (l + 1) + u + 1] + rangee;
            }
        }
        Retenus { rect: [u0, v0, u1, v1], garde, cumul }
    }

    /// Un pixel retenu dans `[u0, v0, u1, v1]` (bornes hautes exclues, dans le rectangle).
    fn dans(&self, [u0, v0, u1, v1]: [usize; 4]) -> bool {
        let [r0, r1, r2, r3] = self.rect;
        let l = r2 - r0 + 1;
        // Ramené au rectangle (hors de lui, rien n'est retenu).
        let (a, c) = (u0.clamp(r0, r2) - r0, u1.clamp(r0, r2) - r0);
        let (b, d) = (v0.clamp(r1, r3) - r1, v1.clamp(r1, r3) - r1);
        c > a && d > b && self.cumul[d * l + c] + self.cumul[b * l + a] > self.cumul[b * l + c] + self.cumul[d * l + a]
    }

    /// Le pixel (u, v) du plan est retenu (faux hors du rectangle).
    fn garde(&self, u: usize, v: usize) -> bool {
        let [u0, v0, u1, v1] = self.rect;
        u >= u0 && u < u1 && v >= v0 && v < v1 && self.garde[(v - v0) * (u1 - u0) + (u - u0)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn un_rectangle_contient_de_l_encre_retenue_comme_le_dit_chaque_pixel() {
        let (largeur, hauteur) = (30, 20);
        let plan = Plan { x0_mm: 0.0, y0_mm: 0.0, largeur, hauteur, gris: vec![255.0; 600], papier: vec![255.0; 600], encre: vec![false; 600] };
        let retenu = |i: usize| (i * 7919).is_multiple_of(23);
        let r = Retenus::sur(&plan, [3, 2, 25, 17], retenu);
        for u0 in 0..28usize {
            for u1 in u0.saturating_sub(2)..28 {
                for (v0, v1) in [(2, 3), (2, 17), (5, 9), (9, 5), (0, 20), (16, 19)] {
                    // Ce que dit chaque pixel, dans le rectangle préparé (hors de lui, rien).
                    let attendu = (v0.max(2)..v1.min(17)).any(|v| (u0.max(3)..u1.min(25)).any(|u| retenu(v * largeur + u)));
                    assert_eq!(r.dans([u0, v0, u1, v1]), attendu, "[{u0}, {v0}, {u1}, {v1}]");
                }
            }
        }
        assert!(r.garde(4, 2) == retenu(2 * largeur + 4) && !r.garde(0, 0));
    }
}
