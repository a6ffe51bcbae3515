//! La vérité terrain d'un scan dit où est l'encre, que la feuille soit à l'endroit ou
//! retournée : un trait dessiné sur la toile se retrouve dans l'image là où l'homographie de
//! la vérité l'envoie (coins des pixels aux coordonnées entières, comme le lecteur).
use arbitre_echantillons::scanner::{scanner, Perturbations};
use image::{Rgb, RgbImage};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

const COTE_MM: f64 = 100.0;
const DPI: f32 = 300.0;

/// Une toile blanche de 100 × 100 mm à 300 dpi barrée d'un trait vertical de 4 pixels ;
/// l'abscisse (mm) du milieu du trait.
fn toile_a_un_trait() -> (RgbImage, f64) {
    let cote = (COTE_MM * DPI as f64 / 25.4).round() as u32;
    let k = cote as f64 / COTE_MM;
    let milieu = (40.0 * k).round() as u32;
    let toile = RgbImage::from_fn(cote, cote, |x, _| if (milieu - 2..milieu + 2).contains(&x) { Rgb([0, 0, 0]) } else { Rgb([255, 255, 255]) });
    (toile, milieu as f64 / k)
}

fn perturbations(retourne: bool) -> Perturbations {
    Perturbations {
        dpi: DPI,
        couleur: false,
        rotation_deg: 0.0,
        echelle: 1.0,
        decalage_mm: [0.0, 0.0],
        perspective_mm: [[0.0; 2]; 4],
        retourne,
        marge_mm: 5.0,
        fond: [255; 3],
        papier: [255; 3],
        flou_px: 0.0,
        bruit: 0.0,
        eclairage: [0.0, 0.0],
        jpeg_qualite: 95,
    }
}

/// L'écart (pixels) entre le milieu du trait mesuré dans le scan, le long de la rangée où
/// la vérité met le point (x_mm, 50 mm), et l'abscisse que la vérité lui donne.
fn ecart_au_trait(retourne: bool) -> f64 {
    let (toile, x_mm) = toile_a_un_trait();
    let scan = scanner(&toile, COTE_MM as f32, COTE_MM as f32, &perturbations(retourne), &mut ChaCha8Rng::seed_from_u64(1));
    let (x, y) = scan.mm_vers_px.appliquer(x_mm, 50.0);
    let img = scan.image.to_luma8();
    // Barycentre de la noirceur, centres des pixels en i + ½.
    let (mut somme, mut poids) = (0.0, 0.0);
    for i in (x as u32).saturating_sub(12)..(x as u32 + 12).min(img.width()) {
        let noirceur = 255.0 - img.get_pixel(i, y as u32).0[0] as f64;
        somme += noirceur * (i as f64 + 0.5);
        poids += noirceur;
    }
    assert!(poids > 0.0, "le trait est dans l'image");
    somme / poids - x
}

#[test]
fn la_verite_d_un_scan_a_l_endroit_met_le_trait_ou_il_est() {
    let e = ecart_au_trait(false);
    assert!(e.abs() < 0.1, "écart de {e:.3} pixel");
}

#[test]
fn la_verite_d_un_scan_retourne_met_le_trait_ou_il_est() {
    // Le rendu (imageproc) travaille aux centres des pixels ; sans en tenir compte, la
    // vérité d'une feuille retournée était décalée d'un pixel.
    let e = ecart_au_trait(true);
    assert!(e.abs() < 0.1, "écart de {e:.3} pixel");
}
