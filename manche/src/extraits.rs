//! Les extraits de scans montrés sur la page de revue : la feuille redressée (à l'endroit,
//! remise d'aplomb par le recalage), en JPEG, écrite à côté de la page
//! (`revue/coupCC-tableTTT.jpg`).
//!
//! L'extrait de chaque page lue est tiré pendant la lecture, tant que l'image décodée est
//! en mémoire : la manche ne garde que ces JPEG (30 Kio environ chacun), pas ses 2 000
//! images. Le faire pour toutes les pages coûte moins que relire ensuite celles qu'une
//! personne regardera (les trois quarts sur la manche d'évaluation) : un extrait prend
//! environ 2 ms (redressement 1,1 ms, JPEG 0,9 ms), le décodage d'un scan 3,4 ms.

use multiversion::multiversion;
use arbitre_formulaire::Formulaire;
use arbitre_pipeline::lecture_scan::ResumeRecalage;
use image::GrayImage;

/// Qualité JPEG des extraits.
const QUALITE: u8 = 75;
/// Résolution des extraits : 4 pixels par mm (environ 100 dpi), de quoi relire une
/// écriture à l'écran.
const PX_PAR_MM: f64 = 4.0;

/// L'extrait d'une page : la feuille redressée par le recalage (blanc hors de l'image).
#[multiversion(targets("x86_64+avx+avx2+fma+bmi1+bmi2+lzcnt+popcnt"))]
pub fn extrait(img: &GrayImage, recalage: &ResumeRecalage, formulaire: &Formulaire) -> Option<Vec<u8>> {
    let (largeur, hauteur) = ((formulaire.largeur_mm * PX_PAR_MM).round() as usize, (formulaire.hauteur_mm * PX_PAR_MM).round() as usize);
    if largeur == 0 || hauteur == 0 {
        return None;
    }
    let h = &recalage.mm_vers_px.0;
    let mut feuille = vec![255u8; largeur * hauteur];
    for (v, rangee) in feuille.chunks_exact_mut(largeur).enumerate() {
        let y = (v as f64 + 0.5) / PX_PAR_MM;
        // Le point de l'image au centre du pixel u de la rangée, en coordonnées où les
        // centres des pixels sont entiers (−½ : la convention de `rangee_bilineaire`).
        let point = |u: f64| {
            let x = (u + 0.5) / PX_PAR_MM;
            let w = 1.0 / (h[6] * x + h[7] * y + h[8]);
            ((h[0] * x + h[1] * y + h[2]) * w - 0.5, (h[3] * x + h[4] * y + h[5]) * w - 0.5)
        };
        for (k, morceau) in rangee.chunks_mut(SEGMENT).enumerate() {
            let u = (k * SEGMENT) as f64;
            rangee_bilineaire(img, point(u), point(u + SEGMENT as f64), morceau);
        }
    }
    let mut octets = Vec::new();
    jpeg_encoder::Encoder::new(&mut octets, QUALITE).encode(&feuille, largeur as u16, hauteur as u16, jpeg_encoder::ColorType::Luma).ok()?;
    Some(octets)
}

/// Pixels de l'extrait entre deux calculs exacts de l'homographie. Entre eux, le point
/// avance d'un pas constant : la perspective d'un scan est si faible que l'écart au calcul
/// exact, pixel par pixel, ne dépasse pas un niveau de gris (mesuré sur la manche
/// d'évaluation) — pour cinq fois moins de temps.
const SEGMENT: usize = 16;

/// Un morceau de rangée de l'extrait, du point `a` (image, pixels) vers `b`, atteint un
/// pixel après le dernier, en virgule fixe (16 bits de fraction ; 8 pour l'interpolation
/// bilinéaire). Un point hors de l'image reste blanc.
fn rangee_bilineaire(img: &GrayImage, a: (f64, f64), b: (f64, f64), morceau: &mut [u8]) {
    const UN: f64 = 65536.0;
    let (l, ht) = (img.width() as i64, img.height() as i64);
    let brut = img.as_raw();
    let n = SEGMENT as f64;
    let (mut x, mut y) = ((a.0 * UN) as i64, (a.1 * UN) as i64);
    let (dx, dy) = (((b.0 - a.0) / n * UN) as i64, ((b.1 - a.1) / n * UN) as i64);
    for p in morceau.iter_mut() {
        let (xi, yi) = (x >> 16, y >> 16);
        if xi >= 0 && yi >= 0 && xi + 1 < l && yi + 1 < ht {
            let (fx, fy) = (((x >> 8) & 255) as u32, ((y >> 8) & 255) as u32);
            let i = (yi * l + xi) as usize;
            let (hg, hd, bg, bd) = (brut[i] as u32, brut[i + 1] as u32, brut[i + l as usize] as u32, brut[i + l as usize + 1] as u32);
            let haut = hg * (256 - fx) + hd * fx;
            let bas = bg * (256 - fx) + bd * fx;
            *p = ((haut * (256 - fy) + bas * fy + 32768) >> 16) as u8;
        }
        x += dx;
        y += dy;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbitre_formulaire::Homographie;
    use arbitre_pipeline::echantillonnage::bilineaire;

    #[test]
    fn le_redressement_par_morceaux_suit_le_calcul_exact_a_un_niveau_de_gris_pres() {
        // Un scan de 1 500 × 1 420 pixels (environ 260 dpi), une texture contrastée, une
        // rotation de 1,5° et une perspective plus forte que celles des scans de la manche
        // d'évaluation.
        let img = GrayImage::from_fn(1500, 1420, |x, y| image::Luma([((x * 7 + y * 13) % 97 + (x / 9 % 2) * 120 + (y / 5 % 3) * 20) as u8]));
        let h = [10.2, -0.27, 40.0, 0.27, 10.2, 20.0, -6e-5, -9e-5, 1.0];
        let resume = ResumeRecalage { mm_vers_px: Homographie(h), residu_mm: 0.0, tete_en_bas: false, quarts_de_tour: 0, rotation_deg: 1.5, dpi: 260.0, cadres: 1.0, douteux: false };
        let f = Formulaire::fisf();
        let (largeur, hauteur) = ((f.largeur_mm * PX_PAR_MM).round() as usize, (f.hauteur_mm * PX_PAR_MM).round() as usize);
        let mut pire = 0;
        let mut dedans = 0;
        for v in 0..hauteur {
            let y = (v as f64 + 0.5) / PX_PAR_MM;
            let mut rangee = vec![255u8; largeur];
            for (k, morceau) in rangee.chunks_mut(SEGMENT).enumerate() {
                let point = |u: f64| {
                    let p = resume.mm_vers_px.appliquer((u + 0.5) / PX_PAR_MM, y);
                    (p.0 - 0.5, p.1 - 0.5)
                };
                let u = (k * SEGMENT) as f64;
                rangee_bilineaire(&img, point(u), point(u + SEGMENT as f64), morceau);
            }
            for (u, &p) in rangee.iter().enumerate() {
                let (x, yy) = resume.mm_vers_px.appliquer((u as f64 + 0.5) / PX_PAR_MM, y);
                if let Some(g) = bilineaire(&img, x, yy) {
                    dedans += 1;
                    pire = pire.max(((g + 0.5) as i32 - p as i32).abs());
                }
            }
        }
        assert!(dedans > largeur * hauteur * 9 / 10, "l'extrait tombe dans l'image");
        assert!(pire <= 1, "écart de {pire} niveaux de gris au calcul exact");
        assert!(extrait(&img, &resume, &f).is_some_and(|j| j.starts_with(&[0xFF, 0xD8])), "un JPEG");
    }
}
