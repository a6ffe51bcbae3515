//! Les primitives de dessin : une toile en pixels, des masques d'encre (tracés à la plume,
//! lettres manuscrites, texte imprimé) posés en mode « produit » (l'encre assombrit le
//! papier, deux passages se cumulent comme sur une vraie feuille).

use crate::ecritures::Glyphe;
use ab_glyph::{Font, FontRef, PxScale, ScaleFont};
use image::RgbImage;

/// Un masque d'encre : couverture 0..1 sur un rectangle de la toile.
#[derive(Debug, Clone)]
pub struct Masque {
    pub x0: i32,
    pub y0: i32,
    pub largeur: u32,
    pub hauteur: u32,
    pub a: Vec<f32>,
}

impl Masque {
    pub fn vide(x0: i32, y0: i32, largeur: u32, hauteur: u32) -> Masque {
        Masque { x0, y0, largeur, hauteur, a: vec![0.0; (largeur * hauteur) as usize] }
    }

    /// Le masque qui couvre la boîte [x0, x1] × [y0, y1] (pixels, bornes incluses).
    fn boite(x0: f32, y0: f32, x1: f32, y1: f32) -> Masque {
        let (ix0, iy0) = (x0.floor() as i32 - 1, y0.floor() as i32 - 1);
        let (ix1, iy1) = (x1.ceil() as i32 + 1, y1.ceil() as i32 + 1);
        Masque::vide(ix0, iy0, (ix1 - ix0 + 1).max(1) as u32, (iy1 - iy0 + 1).max(1) as u32)
    }

    fn maximum(&mut self, x: i32, y: i32, v: f32) {
        let (lx, ly) = (x - self.x0, y - self.y0);
        if lx >= 0 && ly >= 0 && (lx as u32) < self.largeur && (ly as u32) < self.hauteur {
            let p = &mut self.a[(ly as u32 * self.largeur + lx as u32) as usize];
            if v > *p {
                *p = v.min(1.0);
            }
        }
    }

    /// La boîte de l'encre visible (couverture > 0,25), en pixels de la toile :
    /// `[x0, y0, x1, y1]`, ou `None` si le masque est vide.
    pub fn boite_encre(&self) -> Option<[f32; 4]> {
        let (mut x0, mut y0, mut x1, mut y1) = (i32::MAX, i32::MAX, i32::MIN, i32::MIN);
        for y in 0..self.hauteur {
            for x in 0..self.largeur {
                if self.a[(y * self.largeur + x) as usize] > 0.25 {
                    x0 = x0.min(x as i32);
                    y0 = y0.min(y as i32);
                    x1 = x1.max(x as i32);
                    y1 = y1.max(y as i32);
                }
            }
        }
        (x0 <= x1).then(|| [(self.x0 + x0) as f32, (self.y0 + y0) as f32, (self.x0 + x1 + 1) as f32, (self.y0 + y1 + 1) as f32])
    }
}

/// Une feuille en pixels, avec son échelle.
pub struct Toile {
    pub image: RgbImage,
    pub px_par_mm: f32,
}

impl Toile {
    pub fn nouvelle(largeur_mm: f64, hauteur_mm: f64, dpi: f32, papier: [u8; 3]) -> Toile {
        let px_par_mm = dpi / 25.4;
        let l = (largeur_mm as f32 * px_par_mm).round().max(1.0) as u32;
        let h = (hauteur_mm as f32 * px_par_mm).round().max(1.0) as u32;
        Toile { image: RgbImage::from_pixel(l, h, image::Rgb(papier)), px_par_mm }
    }

    /// Millimètres → pixels.
    pub fn px(&self, mm: f64) -> f32 {
        mm as f32 * self.px_par_mm
    }

    /// Pose un masque d'encre : chaque canal est multiplié par (1 − a·(1 − encre)).
    pub fn encrer(&mut self, m: &Masque, couleur: [u8; 3], opacite: f32) {
        let (l, h) = self.image.dimensions();
        for y in 0..m.hauteur {
            let ty = m.y0 + y as i32;
            if ty < 0 || ty >= h as i32 {
                continue;
            }
            for x in 0..m.largeur {
                let tx = m.x0 + x as i32;
                let a = m.a[(y * m.largeur + x) as usize] * opacite;
                if tx < 0 || tx >= l as i32 || a <= 0.0 {
                    continue;
                }
                let p = self.image.get_pixel_mut(tx as u32, ty as u32);
                for (v, &k) in p.0.iter_mut().zip(&couleur) {
                    let facteur = 1.0 - a * (1.0 - k as f32 / 255.0);
                    *v = (*v as f32 * facteur).round().clamp(0.0, 255.0) as u8;
                }
            }
        }
    }

    /// Recouvre un rectangle (pixels) d'une couleur opaque mêlée à `opacite`.
    pub fn couvrir(&mut self, x0: f32, y0: f32, x1: f32, y1: f32, couleur: [u8; 3], opacite: f32) {
        let (l, h) = self.image.dimensions();
        let (ix0, iy0) = (x0.round().max(0.0) as u32, y0.round().max(0.0) as u32);
        let (ix1, iy1) = ((x1.round() as u32).min(l), (y1.round() as u32).min(h));
        for y in iy0..iy1 {
            for x in ix0..ix1 {
                let p = self.image.get_pixel_mut(x, y);
                for (v, &k) in p.0.iter_mut().zip(&couleur) {
                    *v = (*v as f32 * (1.0 - opacite) + k as f32 * opacite).round() as u8;
                }
            }
        }
    }
}

/// Distance d'un point au segment [a, b].
fn distance_segment(p: (f32, f32), a: (f32, f32), b: (f32, f32)) -> f32 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let l2 = dx * dx + dy * dy;
    let t = if l2 > 0.0 { (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / l2).clamp(0.0, 1.0) } else { 0.0 };
    let (qx, qy) = (a.0 + t * dx, a.1 + t * dy);
    ((p.0 - qx).powi(2) + (p.1 - qy).powi(2)).sqrt()
}

/// Un tracé à la plume le long d'une ligne brisée, d'épaisseur `epaisseur` pixels, bords
/// lissés.
pub fn plume(points: &[(f32, f32)], epaisseur: f32) -> Masque {
    let r = (epaisseur / 2.0).max(0.35);
    let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
    for &(x, y) in points {
        x0 = x0.min(x - r);
        y0 = y0.min(y - r);
        x1 = x1.max(x + r);
        y1 = y1.max(y + r);
    }
    let mut m = Masque::boite(x0, y0, x1, y1);
    for seg in points.windows(2) {
        let (a, b) = (seg[0], seg[1]);
        let bx0 = (a.0.min(b.0) - r - 1.0).floor() as i32;
        let bx1 = (a.0.max(b.0) + r + 1.0).ceil() as i32;
        let by0 = (a.1.min(b.1) - r - 1.0).floor() as i32;
        let by1 = (a.1.max(b.1) + r + 1.0).ceil() as i32;
        for y in by0..=by1 {
            for x in bx0..=bx1 {
                let d = distance_segment((x as f32 + 0.5, y as f32 + 0.5), a, b);
                let v = (r + 0.5 - d).clamp(0.0, 1.0);
                if v > 0.0 {
                    m.maximum(x, y, v);
                }
            }
        }
    }
    m
}

/// Une lettre manuscrite posée : centre (pixels), hauteur de l'encre, rotation (radians),
/// inclinaison (cisaillement horizontal), et contraste du trait (1 = tel quel, plus = trait
/// plus net).
pub struct Pose {
    pub centre: (f32, f32),
    pub hauteur: f32,
    pub rotation: f32,
    pub inclinaison: f32,
    /// Élargissement (1 = proportions du tracé).
    pub largeur: f32,
    pub nettete: f32,
}

/// Le masque d'un tracé posé (transformation affine inverse, interpolation bilinéaire).
pub fn glyphe(g: &Glyphe, p: &Pose) -> Masque {
    let echelle = p.hauteur / g.hauteur.max(1) as f32;
    let (sx, sy) = (echelle * p.largeur, echelle);
    let (c, s) = (p.rotation.cos(), p.rotation.sin());
    let (gw, gh) = (g.largeur as f32, g.hauteur as f32);
    // Direct : glyphe (u, v) centré → (sx·u + k·sy·v, sy·v) → rotation → + centre.
    let k = p.inclinaison;
    let direct = |u: f32, v: f32| {
        let (x, y) = (sx * u + k * sy * v, sy * v);
        (c * x - s * y + p.centre.0, s * x + c * y + p.centre.1)
    };
    let coins = [direct(-gw / 2.0, -gh / 2.0), direct(gw / 2.0, -gh / 2.0), direct(-gw / 2.0, gh / 2.0), direct(gw / 2.0, gh / 2.0)];
    let x0 = coins.iter().map(|q| q.0).fold(f32::MAX, f32::min);
    let x1 = coins.iter().map(|q| q.0).fold(f32::MIN, f32::max);
    let y0 = coins.iter().map(|q| q.1).fold(f32::MAX, f32::min);
    let y1 = coins.iter().map(|q| q.1).fold(f32::MIN, f32::max);
    let mut m = Masque::boite(x0, y0, x1, y1);
    for y in 0..m.hauteur {
        for x in 0..m.largeur {
            // Inverse : retirer le centre, rotation inverse, cisaillement inverse.
            let (px, py) = ((m.x0 + x as i32) as f32 + 0.5 - p.centre.0, (m.y0 + y as i32) as f32 + 0.5 - p.centre.1);
            let (rx, ry) = (c * px + s * py, -s * px + c * py);
            let v = ry / sy;
            let u = (rx - k * sy * v) / sx;
            let (gx, gy) = (u + gw / 2.0 - 0.5, v + gh / 2.0 - 0.5);
            let a = bilineaire(g, gx, gy);
            if a > 0.0 {
                // Courbe de contraste : le tracé EMNIST (flou) devient un trait d'encre.
                let t = ((a - 0.5) * p.nettete + 0.5).clamp(0.0, 1.0);
                m.a[(y * m.largeur + x) as usize] = t * t * (3.0 - 2.0 * t);
            }
        }
    }
    m
}

fn bilineaire(g: &Glyphe, x: f32, y: f32) -> f32 {
    let (x0, y0) = (x.floor() as i32, y.floor() as i32);
    let (fx, fy) = (x - x0 as f32, y - y0 as f32);
    let v = |dx, dy| g.at(x0 + dx, y0 + dy) as f32 / 255.0;
    v(0, 0) * (1.0 - fx) * (1.0 - fy) + v(1, 0) * fx * (1.0 - fy) + v(0, 1) * (1.0 - fx) * fy + v(1, 1) * fx * fy
}

/// Un texte imprimé (police vectorielle), ligne de base en (x, y), taille en pixels.
pub fn texte(police: &FontRef<'_>, s: &str, x: f32, y: f32, taille: f32) -> Masque {
    let echelle = PxScale::from(taille);
    let pf = police.as_scaled(echelle);
    let largeur = largeur_texte(police, s, taille);
    let mut m = Masque::boite(x, y - pf.ascent(), x + largeur, y - pf.descent());
    let mut curseur = x;
    let mut precedent = None;
    for ch in s.chars() {
        let id = police.glyph_id(ch);
        if let Some(p) = precedent {
            curseur += pf.kern(p, id);
        }
        let gl = id.with_scale_and_position(echelle, ab_glyph::point(curseur, y));
        curseur += pf.h_advance(id);
        precedent = Some(id);
        if let Some(o) = police.outline_glyph(gl) {
            let b = o.px_bounds();
            o.draw(|gx, gy, c| m.maximum(b.min.x as i32 + gx as i32, b.min.y as i32 + gy as i32, c));
        }
    }
    m
}

/// Largeur d'un texte imprimé, en pixels.
pub fn largeur_texte(police: &FontRef<'_>, s: &str, taille: f32) -> f32 {
    let pf = police.as_scaled(PxScale::from(taille));
    s.chars().map(|c| pf.h_advance(police.glyph_id(c))).sum()
}

/// Le tracé d'un caractère dessiné par une police (manuscrite), comme une vignette d'encre.
pub fn glyphe_de_police(police: &FontRef<'_>, nom: &str, c: char, taille: f32) -> Option<Glyphe> {
    let id = police.glyph_id(c);
    if id.0 == 0 {
        return None;
    }
    let o = police.outline_glyph(id.with_scale(PxScale::from(taille)))?;
    let b = o.px_bounds();
    let (l, h) = ((b.width().ceil() as u32).max(1) + 2, (b.height().ceil() as u32).max(1) + 2);
    let mut px = vec![0u8; (l * h) as usize];
    o.draw(|x, y, v| {
        let i = ((y + 1) * l + x + 1) as usize;
        if i < px.len() {
            px[i] = (v.clamp(0.0, 1.0) * 255.0) as u8;
        }
    });
    Glyphe::depuis_vignette(l, h, &px, format!("police:{nom}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn un_trait_de_plume_noircit_sa_ligne_et_pas_au_dela() {
        let mut t = Toile::nouvelle(20.0, 20.0, 254.0, [255, 255, 255]);
        let m = plume(&[(20.0, 100.0), (180.0, 100.0)], 4.0);
        t.encrer(&m, [0, 0, 0], 1.0);
        assert!(t.image.get_pixel(100, 100).0[0] < 30);
        assert_eq!(t.image.get_pixel(100, 110).0[0], 255);
        assert_eq!(t.image.get_pixel(10, 100).0[0], 255);
    }

    #[test]
    fn un_glyphe_pose_garde_sa_forme_a_la_hauteur_voulue() {
        // Un « I » : une barre verticale de 2 × 10 pixels.
        let mut px = vec![0u8; 100];
        for y in 0..10 {
            px[y * 10 + 4] = 255;
            px[y * 10 + 5] = 255;
        }
        let g = Glyphe::depuis_vignette(10, 10, &px, "test".into()).unwrap();
        assert_eq!((g.largeur, g.hauteur), (2, 10));
        let m = glyphe(&g, &Pose { centre: (50.0, 50.0), hauteur: 40.0, rotation: 0.0, inclinaison: 0.0, largeur: 1.0, nettete: 2.0 });
        let b = m.boite_encre().unwrap();
        assert!((b[3] - b[1] - 40.0).abs() <= 2.0, "{b:?}");
        assert!((b[2] - b[0] - 8.0).abs() <= 2.0, "{b:?}");
    }
}
