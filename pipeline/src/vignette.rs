//! La vignette : ce que le modèle voit d'une case ou d'un caractère, 32 × 32 pixels de
//! noirceur d'encre (0 papier, 1 encre la plus foncée), échantillonnée directement dans le
//! scan (interpolation bilinéaire, plusieurs points par pixel quand le scan est plus fin),
//! et où ne compte que l'encre attribuée à cette case (l'encre d'une case voisine qui
//! déborde est effacée).

use crate::echantillonnage::bilineaire;
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

/// Échantillonne une fenêtre de la feuille. `retenu(x_mm, y_mm)` dit si un point appartient
/// à l'encre retenue (et rend son pixel dans le plan), `noirceur(pixel, gris)` la noirceur
/// d'un point retenu ; un point qui n'est pas retenu compte 0 et le scan n'y est pas lu.
/// Les valeurs sont ramenées à 1 pour l'encre la plus foncée de la vignette.
pub fn echantillonner(img: &GrayImage, h: &Homographie, f: Fenetre, retenu: impl Fn(f64, f64) -> Option<usize>, noirceur: impl Fn(usize, f32) -> f32) -> Vignette {
    let px_par_mm = h.echelle_locale(f.cx, f.cy);
    let pas_mm = f.cote / COTE as f64;
    // Sous-échantillons par pixel et par axe : un par pixel du scan environ, de 1 à 4.
    let s = ((pas_mm * px_par_mm).ceil() as usize).clamp(1, 4);
    let mut v = vec![0f32; COTE * COTE];
    let x0 = f.cx - f.cote / 2.0;
    let y0 = f.cy - f.cote / 2.0;
    for j in 0..COTE {
        for i in 0..COTE {
            let mut somme = 0.0;
            for sj in 0..s {
                for si in 0..s {
                    let x = x0 + (i as f64 + (si as f64 + 0.5) / s as f64) * pas_mm;
                    let y = y0 + (j as f64 + (sj as f64 + 0.5) / s as f64) * pas_mm;
                    let Some(i) = retenu(x, y) else { continue };
                    let (u, w) = h.appliquer(x, y);
                    if let Some(g) = bilineaire(img, u, w) {
                        somme += noirceur(i, g);
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
