//! Le modèle de scanner : résolution 150–400 dpi, gris ou couleur, rotation jusqu'à ±4°,
//! petits changements d'échelle, de position et de perspective, parfois tête en bas, flou,
//! bruit, fond inégal et artefacts JPEG. Chaque perturbation est tirée d'un générateur
//! déterministe et enregistrée ([`Perturbations`]).

use image::{DynamicImage, GrayImage, Rgb, RgbImage};
use imageproc::geometric_transformations::{warp_into, Interpolation, Projection};
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use rand_distr_lite::normal;
use serde::{Deserialize, Serialize};

pub use arbitre_formulaire::geometrie::Homographie;

/// Les perturbations d'un scan (toutes enregistrées dans la vérité terrain).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Perturbations {
    pub dpi: f32,
    pub couleur: bool,
    /// Rotation dans le plan, en degrés.
    pub rotation_deg: f32,
    /// Facteur d'échelle du scanner.
    pub echelle: f32,
    /// Décalage de la feuille sur la vitre, en mm.
    pub decalage_mm: [f32; 2],
    /// Déplacement de chaque coin (haut gauche, haut droit, bas droit, bas gauche), en mm.
    pub perspective_mm: [[f32; 2]; 4],
    /// Feuille posée tête en bas (180°).
    pub retourne: bool,
    /// Marge de vitre autour de la feuille, en mm.
    pub marge_mm: f32,
    /// Couleur du fond du scanner.
    pub fond: [u8; 3],
    /// Couleur du papier.
    pub papier: [u8; 3],
    /// Écart type du flou gaussien, en pixels (0 : aucun).
    pub flou_px: f32,
    /// Écart type du bruit, en niveaux de gris.
    pub bruit: f32,
    /// Éclairage inégal : assombrissement maximal (0..1) et direction (radians).
    pub eclairage: [f32; 2],
    /// Qualité JPEG (1–100).
    pub jpeg_qualite: u8,
}

/// Les bornes du tirage (réglables pour un échantillon plus léger).
#[derive(Debug, Clone, Copy)]
pub struct Bornes {
    pub dpi: (f32, f32),
    pub jpeg: (u8, u8),
}

impl Default for Bornes {
    fn default() -> Self {
        Bornes { dpi: (150.0, 400.0), jpeg: (45, 95) }
    }
}

impl Perturbations {
    pub fn tirer(rng: &mut ChaCha8Rng, b: Bornes) -> Perturbations {
        let mut coin = || [normal(rng) * 0.6, normal(rng) * 0.6];
        let perspective_mm = [coin(), coin(), coin(), coin()];
        let papier = [rng.gen_range(238..=255), rng.gen_range(236..=253), rng.gen_range(228..=250)];
        Perturbations {
            dpi: rng.gen_range(b.dpi.0..=b.dpi.1).round(),
            couleur: rng.gen_bool(0.5),
            rotation_deg: rng.gen_range(-4.0..=4.0),
            echelle: rng.gen_range(0.97..=1.03),
            decalage_mm: [rng.gen_range(-3.0..=3.0), rng.gen_range(-3.0..=3.0)],
            perspective_mm,
            retourne: rng.gen_bool(0.05),
            marge_mm: rng.gen_range(4.0..=10.0),
            fond: if rng.gen_bool(0.5) { [rng.gen_range(20..=60); 3] } else { [rng.gen_range(200..=235); 3] },
            papier,
            flou_px: if rng.gen_bool(0.7) { rng.gen_range(0.3..=1.4) } else { 0.0 },
            bruit: rng.gen_range(0.0..=7.0),
            eclairage: [rng.gen_range(0.0..=0.18), rng.gen_range(0.0..=std::f32::consts::TAU)],
            jpeg_qualite: rng.gen_range(b.jpeg.0..=b.jpeg.1),
        }
    }
}

/// Un petit générateur de loi normale (Box–Muller), sans dépendance de plus.
mod rand_distr_lite {
    use rand::Rng;
    pub fn normal<R: Rng>(rng: &mut R) -> f32 {
        let u1: f32 = rng.gen_range(f32::EPSILON..1.0);
        let u2: f32 = rng.gen_range(0.0..1.0);
        (-2.0 * u1.ln()).sqrt() * (std::f32::consts::TAU * u2).cos()
    }
}

/// Le scan d'une feuille dessinée à plat : l'image et l'homographie qui envoie un point de
/// la feuille (mm) sur l'image scannée (pixels).
pub struct Scan {
    pub image: DynamicImage,
    pub mm_vers_px: Homographie,
}

/// Scanne une toile (dessinée à `p.dpi`, feuille de `largeur_mm` × `hauteur_mm`).
pub fn scanner(toile: &RgbImage, largeur_mm: f32, hauteur_mm: f32, p: &Perturbations, rng: &mut ChaCha8Rng) -> Scan {
    let k = p.dpi as f64 / 25.4;
    let (lm, hm) = (largeur_mm as f64, hauteur_mm as f64);
    let marge = p.marge_mm as f64;
    let (sortie_l, sortie_h) = (((lm + 2.0 * marge) * k).round() as u32, ((hm + 2.0 * marge) * k).round() as u32);
    // Coins de la feuille (mm) → position sur la vitre (mm) : rotation autour du centre,
    // échelle, décalage, perspective, puis retournement éventuel de toute la vitre.
    let (cx, cy) = (lm / 2.0, hm / 2.0);
    let (c, s) = ((p.rotation_deg as f64).to_radians().cos(), (p.rotation_deg as f64).to_radians().sin());
    let e = p.echelle as f64;
    let coins = [(0.0, 0.0), (lm, 0.0), (lm, hm), (0.0, hm)];
    let vers = std::array::from_fn(|i| {
        let (x, y) = (coins[i].0 - cx, coins[i].1 - cy);
        let (mut u, mut v) = (e * (c * x - s * y), e * (s * x + c * y));
        u += cx + marge + p.decalage_mm[0] as f64 + p.perspective_mm[i][0] as f64;
        v += cy + marge + p.decalage_mm[1] as f64 + p.perspective_mm[i][1] as f64;
        if p.retourne {
            (u, v) = (lm + 2.0 * marge - u, hm + 2.0 * marge - v);
        }
        (u * k, v * k)
    });
    let mm_vers_px = Homographie::par_quatre_points(coins, vers).expect("coins de feuille non alignés");
    // La toile est en pixels de la feuille à plat (même dpi) : px → mm → px scannés.
    let toile_k = toile.width() as f64 / lm;
    let px_vers_mm = Homographie([1.0 / toile_k, 0.0, 0.0, 0.0, 1.0 / toile_k, 0.0, 0.0, 0.0, 1.0]);
    let h = px_vers_mm.puis(&mm_vers_px);
    let proj = Projection::from_matrix(h.0.map(|v| v as f32)).expect("homographie inversible");
    let mut sortie = RgbImage::new(sortie_l, sortie_h);
    warp_into(toile, &proj, Interpolation::Bilinear, Rgb(p.fond), &mut sortie);
    if p.flou_px > 0.05 {
        sortie = imageproc::filter::gaussian_blur_f32(&sortie, p.flou_px);
    }
    // Éclairage inégal (gradient dans une direction), puis bruit.
    let (dx, dy) = (p.eclairage[1].cos(), p.eclairage[1].sin());
    let (l, hh) = (sortie_l as f32, sortie_h as f32);
    for (x, y, px) in sortie.enumerate_pixels_mut() {
        let t = ((x as f32 / l - 0.5) * dx + (y as f32 / hh - 0.5) * dy + 0.71) / 1.42;
        let f = 1.0 - p.eclairage[0] * t.clamp(0.0, 1.0);
        let b = if p.bruit > 0.0 { normal(rng) * p.bruit } else { 0.0 };
        for v in px.0.iter_mut() {
            *v = (*v as f32 * f + b).round().clamp(0.0, 255.0) as u8;
        }
    }
    let image = if p.couleur { DynamicImage::ImageRgb8(sortie) } else { DynamicImage::ImageLuma8(gris(&sortie)) };
    Scan { image, mm_vers_px: ou_est_l_encre(&mm_vers_px, toile_k) }
}

/// Où le rendu met vraiment la feuille : `warp_into` d'imageproc lit et écrit au *centre*
/// des pixels à coordonnées entières, alors que la vérité (et le lecteur) mettent les coins
/// des pixels aux coordonnées entières. Le rendu fait donc `s − ½ = h(t − ½)` (t : pixel de
/// la toile, s : pixel du scan), soit, du mm au scan, `s = h_mm(m − ½ / toile_k) + ½`. Pour
/// une feuille à l'endroit, les deux demi-pixels se compensent (à quelques centièmes de
/// pixel près, selon la rotation) ; pour une feuille retournée, ils s'ajoutent : la vérité
/// des scans retournés par le générateur était décalée d'un pixel sur chaque axe (mesuré :
/// 0,99 pixel sur 90 scans de la manche d'évaluation ; les recalages d'un scan retourné à
/// basse résolution s'y jugeaient faux à 0,25–0,3 mm).
fn ou_est_l_encre(mm_vers_px: &Homographie, toile_k: f64) -> Homographie {
    let d = 0.5 / toile_k;
    let avant = Homographie([1.0, 0.0, -d, 0.0, 1.0, -d, 0.0, 0.0, 1.0]);
    let apres = Homographie([1.0, 0.0, 0.5, 0.0, 1.0, 0.5, 0.0, 0.0, 1.0]);
    let h = avant.puis(mm_vers_px).puis(&apres);
    // Ramenée à h₃₃ = 1, comme toute homographie de la vérité (h₃₃ ≈ 1 : la perspective est faible).
    Homographie(h.0.map(|v| v / h.0[8]))
}

fn gris(img: &RgbImage) -> GrayImage {
    GrayImage::from_fn(img.width(), img.height(), |x, y| {
        let p = img.get_pixel(x, y).0;
        image::Luma([((p[0] as u32 * 299 + p[1] as u32 * 587 + p[2] as u32 * 114) / 1000) as u8])
    })
}

/// Encode en JPEG à la qualité tirée.
pub fn jpeg(image: &DynamicImage, qualite: u8) -> Vec<u8> {
    let mut v = Vec::new();
    let mut enc = image::codecs::jpeg::JpegEncoder::new_with_quality(&mut v, qualite);
    enc.encode_image(image).expect("encodage JPEG en mémoire");
    v
}
