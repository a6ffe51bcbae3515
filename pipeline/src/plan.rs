//! Un plan : une région de la feuille redressée (mm → pixels réguliers), avec le niveau
//! local du papier et l'encre du joueur séparée du papier, des traits imprimés clairs et de
//! l'éclairage inégal.
//!
//! L'encre est ce qui est nettement plus sombre que le papier *autour* (niveau du papier
//! estimé par blocs : un scan plus sombre d'un côté ne noircit pas les lignes du
//! quadrillage) ; les traits imprimés du formulaire (quadrillage gris clair) restent au-dessus
//! du seuil.

use multiversion::multiversion;
use crate::echantillonnage::bilineaire;
use arbitre_formulaire::{Homographie, Rect};
use image::GrayImage;

/// Pixels du plan par mm.
pub const K: f64 = 5.0;
/// L'encre est plus sombre que `SEUIL` × le papier local.
pub const SEUIL: f32 = 0.66;
/// Côté des blocs d'estimation du papier, en mm.
const BLOC_MM: f64 = 5.5;

pub struct Plan {
    /// Coin haut gauche, en mm de la feuille.
    pub x0_mm: f64,
    pub y0_mm: f64,
    pub largeur: usize,
    pub hauteur: usize,
    /// Niveaux de gris (0–255), rangée par rangée.
    pub gris: Vec<f32>,
    /// Niveau local du papier.
    pub papier: Vec<f32>,
    /// Encre du joueur.
    pub encre: Vec<bool>,
}

impl Plan {
    /// Redresse la région `r` (mm) de l'image, par l'homographie feuille → image.
    pub fn redresser(img: &GrayImage, h: &Homographie, r: &Rect) -> Plan {
        let largeur = (r.largeur_mm * K).round().max(1.0) as usize;
        let hauteur = (r.hauteur_mm * K).round().max(1.0) as usize;
        let mut gris = vec![255f32; largeur * hauteur];
        // Le long d'une rangée, numérateurs et dénominateur de l'homographie varient
        // linéairement : un pas constant, une division par pixel.
        let m = &h.0;
        for v in 0..hauteur {
            let y = r.y_mm + (v as f64 + 0.5) / K;
            let x0 = r.x_mm + 0.5 / K;
            let d = 1.0 / K;
            let (mut nx, mut ny, mut w) = (m[0] * x0 + m[1] * y + m[2], m[3] * x0 + m[4] * y + m[5], m[6] * x0 + m[7] * y + m[8]);
            let (dnx, dny, dw) = (m[0] * d, m[3] * d, m[6] * d);
            let ligne = &mut gris[v * largeur..(v + 1) * largeur];
            for g in ligne.iter_mut() {
                if let Some(val) = bilineaire(img, nx / w, ny / w) {
                    *g = val;
                }
                nx += dnx;
                ny += dny;
                w += dw;
            }
        }
        let papier = papier_local(&gris, largeur, hauteur);
        let encre = gris.iter().zip(&papier).map(|(&g, &p)| g < SEUIL * p).collect();
        Plan { x0_mm: r.x_mm, y0_mm: r.y_mm, largeur, hauteur, gris, papier, encre }
    }

    /// Le point de la feuille (mm) au centre du pixel (u, v).
    pub fn mm(&self, u: f64, v: f64) -> (f64, f64) {
        (self.x0_mm + (u + 0.5) / K, self.y0_mm + (v + 0.5) / K)
    }

    /// Le pixel du plan qui contient le point (mm), s'il est dans le plan.
    pub fn pixel(&self, x_mm: f64, y_mm: f64) -> Option<usize> {
        self.coordonnees(x_mm, y_mm).map(|(u, v)| v * self.largeur + u)
    }

    /// Les coordonnées (u, v) du pixel du plan qui contient le point (mm), s'il est dans le
    /// plan.
    pub fn coordonnees(&self, x_mm: f64, y_mm: f64) -> Option<(usize, usize)> {
        let (u, v) = ((x_mm - self.x0_mm) * K, (y_mm - self.y0_mm) * K);
        (u >= 0.0 && v >= 0.0 && (u as usize) < self.largeur && (v as usize) < self.hauteur).then_some((u as usize, v as usize))
    }

    /// Noirceur de l'encre au pixel i : 0 (papier) à 1 (noir).
    pub fn noirceur(&self, i: usize) -> f32 {
        self.noirceur_de(i, self.gris[i])
    }

    /// Noirceur d'un niveau de gris lu près du pixel i, rapporté au papier local.
    pub fn noirceur_de(&self, i: usize, gris: f32) -> f32 {
        let p = self.papier[i].max(1.0);
        ((p - gris) / p).clamp(0.0, 1.0)
    }
}

/// Une tache d'encre d'un seul tenant (8-connexité) : ses pixels dans le plan.
#[derive(Debug, Clone)]
pub struct Composante {
    pub pixels: Vec<u32>,
    /// Boîte `[u0, v0, u1, v1]` en pixels du plan (bornes incluses).
    pub boite: [usize; 4],
}

impl Plan {
    /// Les taches d'encre d'au moins `min_pixels` pixels (les plus petites sont du grain).
    pub fn composantes(&self, min_pixels: usize) -> Vec<Composante> {
        use imageproc::region_labelling::{connected_components, Connectivity};
        let masque = GrayImage::from_fn(self.largeur as u32, self.hauteur as u32, |u, v| image::Luma([if self.encre[v as usize * self.largeur + u as usize] { 255 } else { 0 }]));
        let etiquettes = connected_components(&masque, Connectivity::Eight, image::Luma([0u8]));
        let mut par_etiquette: Vec<Vec<u32>> = Vec::new();
        for (i, e) in etiquettes.as_raw().iter().enumerate() {
            if *e > 0 {
                let e = *e as usize;
                if par_etiquette.len() < e {
                    par_etiquette.resize(e, Vec::new());
                }
                par_etiquette[e - 1].push(i as u32);
            }
        }
        par_etiquette
            .into_iter()
            .filter(|p| p.len() >= min_pixels)
            .map(|pixels| {
                let mut b = [usize::MAX, usize::MAX, 0, 0];
                for &i in &pixels {
                    let (u, v) = (i as usize % self.largeur, i as usize / self.largeur);
                    b = [b[0].min(u), b[1].min(v), b[2].max(u), b[3].max(v)];
                }
                Composante { pixels, boite: b }
            })
            .collect()
    }

    /// Une boîte de pixels du plan `[u0, v0, u1, v1]`, en mm de la feuille `[x0, y0, x1, y1]`.
    pub fn boite_mm(&self, b: [usize; 4]) -> [f64; 4] {
        [self.x0_mm + b[0] as f64 / K, self.y0_mm + b[1] as f64 / K, self.x0_mm + (b[2] + 1) as f64 / K, self.y0_mm + (b[3] + 1) as f64 / K]
    }
}

/// Une carte de propriétaires (0 : personne) élargie d'un pixel : les bords adoucis d'un
/// trait, sous le seuil de l'encre, appartiennent au même propriétaire que le trait.
#[multiversion(targets("x86_64+avx+avx2+fma+bmi1+bmi2+lzcnt+popcnt"))]
pub fn elargir(proprietaire: &[u16], largeur: usize, hauteur: usize) -> Vec<u16> {
    let mut elargi = proprietaire.to_vec();
    // Les quatre voisins de (u, v), dans l'ordre où ils sont consultés.
    let voisins = |u: usize, v: usize| [(u.wrapping_sub(1), v), (u + 1, v), (u, v.wrapping_sub(1)), (u, v + 1)];
    let dedans = |&(a, b): &(usize, usize)| a < largeur && b < hauteur;
    // Seul un pixel libre voisin d'un pixel attribué change : on part des pixels attribués
    // (l'encre est rare dans le plan) plutôt que de chaque pixel libre.
    for (i, _) in proprietaire.iter().enumerate().filter(|(_, &p)| p != 0) {
        for (a, b) in voisins(i % largeur, i / largeur).into_iter().filter(dedans) {
            let j = b * largeur + a;
            if proprietaire[j] != 0 {
                continue;
            }
            // Le premier voisin attribué de ce pixel libre, comme pour tout pixel libre.
            if let Some((c, d)) = voisins(a, b).into_iter().filter(dedans).find(|&(c, d)| proprietaire[d * largeur + c] != 0) {
                elargi[j] = proprietaire[d * largeur + c];
            }
        }
    }
    elargi
}

/// Le niveau du papier, par blocs (le 85e centile de chaque bloc : même un bloc bien écrit
/// est surtout du papier), interpolé entre les centres des blocs.
fn papier_local(gris: &[f32], l: usize, h: usize) -> Vec<f32> {
    let b = ((BLOC_MM * K).round() as usize).max(4);
    let (nbx, nby) = (l.div_ceil(b), h.div_ceil(b));
    let mut blocs = vec![0f32; nbx * nby];
    let mut valeurs = Vec::with_capacity(b * b);
    for by in 0..nby {
        for bx in 0..nbx {
            valeurs.clear();
            for y in by * b..((by + 1) * b).min(h) {
                valeurs.extend_from_slice(&gris[y * l + bx * b..y * l + ((bx + 1) * b).min(l)]);
            }
            let k = (valeurs.len() * 85 / 100).min(valeurs.len() - 1);
            blocs[by * nbx + bx] = *valeurs.select_nth_unstable_by(k, f32::total_cmp).1;
        }
    }
    let mut papier = vec![0f32; l * h];
    for y in 0..h {
        let fy = ((y as f32 + 0.5) / b as f32 - 0.5).clamp(0.0, (nby - 1) as f32);
        let (y0, ty) = (fy.floor() as usize, fy - fy.floor());
        let y1 = (y0 + 1).min(nby - 1);
        for x in 0..l {
            let fx = ((x as f32 + 0.5) / b as f32 - 0.5).clamp(0.0, (nbx - 1) as f32);
            let (x0, tx) = (fx.floor() as usize, fx - fx.floor());
            let x1 = (x0 + 1).min(nbx - 1);
            let haut = blocs[y0 * nbx + x0] * (1.0 - tx) + blocs[y0 * nbx + x1] * tx;
            let bas = blocs[y1 * nbx + x0] * (1.0 - tx) + blocs[y1 * nbx + x1] * tx;
            papier[y * l + x] = haut * (1.0 - ty) + bas * ty;
        }
    }
    papier
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Luma;

    #[test]
    fn l_encre_se_detache_du_papier_meme_sous_un_eclairage_inegal() {
        // Papier de 250 à gauche à 190 à droite, une ligne gris clair, un trait d'encre.
        let img = GrayImage::from_fn(400, 200, |x, y| {
            let papier = 250.0 - 60.0 * x as f32 / 400.0;
            let v = if x % 50 == 25 { papier * 0.78 } else if (100..104).contains(&y) && x > 40 { 60.0 } else { papier };
            Luma([v as u8])
        });
        // 4 px par mm dans l'image.
        let h = Homographie([4.0, 0.0, 0.0, 0.0, 4.0, 0.0, 0.0, 0.0, 1.0]);
        let plan = Plan::redresser(&img, &h, &Rect { x_mm: 0.0, y_mm: 0.0, largeur_mm: 100.0, hauteur_mm: 50.0 });
        let encre: usize = plan.encre.iter().filter(|&&e| e).count();
        // Le trait : 90 mm × 1 mm = 5 × 450 px environ ; aucune ligne claire comptée.
        assert!((1800..2800).contains(&encre), "{encre}");
        let i = plan.pixel(80.0, 25.4).unwrap();
        assert!(plan.encre[i] && plan.noirceur(i) > 0.5);
        let j = plan.pixel(6.25, 10.0).unwrap();
        assert!(!plan.encre[j], "ligne claire du quadrillage");
    }

    #[test]
    fn l_elargissement_donne_a_chaque_pixel_libre_son_premier_voisin_attribue() {
        // Référence : chaque pixel libre regarde ses voisins gauche, droite, haut, bas.
        let reference = |p: &[u16], l: usize, h: usize| -> Vec<u16> {
            (0..l * h)
                .map(|i| {
                    let (u, v) = (i % l, i / l);
                    if p[i] != 0 {
                        return p[i];
                    }
                    [(u.wrapping_sub(1), v), (u + 1, v), (u, v.wrapping_sub(1)), (u, v + 1)].into_iter().find(|&(a, b)| a < l && b < h && p[b * l + a] != 0).map_or(0, |(a, b)| p[b * l + a])
                })
                .collect()
        };
        let mut s = 3u32;
        for (l, h) in [(1, 1), (7, 1), (1, 9), (13, 11), (40, 23)] {
            let p: Vec<u16> = (0..l * h)
                .map(|_| {
                    s = s.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
                    if s >> 29 == 0 { (s >> 20 & 3) as u16 + 1 } else { 0 }
                })
                .collect();
            assert_eq!(elargir(&p, l, h), reference(&p, l, h), "{l} × {h}");
        }
    }
}
