//! Une page blanche : le verso d'un bulletin passé dans un scanner recto verso, une page
//! intercalaire, une feuille posée à l'envers sur la vitre. Elle ne porte aucun bulletin.
//!
//! La distinguer des autres images qui ne se recalent pas compte pour les absences : une
//! image rejetée « pas un bulletin » peut être le bulletin d'une table absente (mal scanné,
//! froissé), et le zéro de cette table (5.7) est alors à vérifier. Une page sans encre ne
//! le peut pas. Le jugement est strict, et ne vient qu'après l'échec du recalage : une page
//! qui porte le moindre tracé (un seul chiffre écrit, une traînée de poussière du scanner)
//! n'est pas blanche, elle reste « pas un bulletin ». (Le lecteur efface avant tout une
//! traînée qui traverse toute l'image, [`crate::trainee`] : le verso blanc d'un chargeur à
//! la vitre sale est une page blanche.)

use crate::echantillonnage::{histogramme, niveau_median, reduire_par_minimum};
use image::{GrayImage, Luma};
use imageproc::region_labelling::{connected_components, Connectivity};

/// Part de chaque bord laissée de côté : l'ombre du bord de la feuille, les trous de
/// classeur, la barre de prise d'un chargeur.
const MARGE: f64 = 0.04;

/// Un pixel d'encre est plus sombre que le papier d'au moins cet écart (niveaux de gris ; un
/// pixel plus clair d'autant non plus n'est pas du papier) :
/// au-delà du grain d'un papier scanné et du bruit d'un JPEG (quelques niveaux) et du recto
/// vu par transparence au verso (un bulletin de la manche d'exemple retourné, à 15 % de son
/// contraste : blanc ; à 20 % : pas blanc), bien en deçà d'un trait de stylo, même pâle.
const ECART_ENCRE: u8 = 32;

/// Part de pixels d'encre au-delà de laquelle une page n'est pas blanche : 5 pour 10 000
/// (un quadrillage de bulletin en fait cent fois plus, une page de texte ou une photo plus
/// encore).
const PART_ENCRE_MAX: f64 = 5e-4;

/// Une tache d'encre qui s'étend sur 3 mm ou plus est un tracé (un chiffre, un bout de
/// ligne, un cheveu sur la vitre) : la page n'est pas blanche. Un grain de poussière reste
/// en deçà.
const TRACE_MM: f64 = 3.0;

/// Le plus petit côté d'une feuille scannée : celui du bulletin FISF (127 mm). Il borne la
/// résolution d'une page sans quadrillage, qu'on ne peut mesurer : au plus `côté / 127`
/// pixels par millimètre. Une page plus grande (A4) fait juger les tracés plus petits
/// encore — le sens prudent.
const PETIT_COTE_MM: f64 = 127.0;

/// Côté de l'image réduite où l'on cherche l'encre (une page de 1 240 pixels l'est d'un
/// facteur 3) : la réduction par le minimum garde chaque trait et chaque poussière.
const COTE_REDUIT: u32 = 400;

/// La page ne porte aucune encre : ni quadrillage, ni écriture, rien qu'une poussière.
pub fn est_blanche(page: &GrayImage) -> bool {
    let facteur = (page.width().min(page.height()) / COTE_REDUIT).max(1);
    let img = reduire_par_minimum(page, facteur);
    // Un tracé de `TRACE_MM`, en pixels de l'image réduite.
    let trace_px = TRACE_MM * f64::from(page.width().min(page.height())) / PETIT_COTE_MM / f64::from(facteur);
    let (w, h) = img.dimensions();
    let (mx, my) = ((w as f64 * MARGE) as u32, (h as f64 * MARGE) as u32);
    if w <= 2 * mx || h <= 2 * my {
        return false;
    }
    let (iw, ih) = (w - 2 * mx, h - 2 * my);
    let reduite = &img;
    let histogramme = histogramme((my..h - my).flat_map(|y| (mx..w - mx).map(move |x| reduite.get_pixel(x, y)[0])));
    let n = iw as u64 * ih as u64;
    // Le papier : le niveau médian (presque tous les pixels d'une page blanche).
    let papier = niveau_median(&histogramme);
    // L'encre, et ce qui est plus clair que le papier : une feuille claire photographiée sur
    // une table sombre qui occupe la moitié de l'image (la médiane est alors la table) n'est
    // pas une page blanche.
    let (bas, haut) = (papier.saturating_sub(ECART_ENCRE), papier.saturating_add(ECART_ENCRE));
    let hors_du_papier = |v: u8| v < bas || v > haut;
    let encre: u64 = (0..=255u8).filter(|&v| hors_du_papier(v)).map(|v| histogramme[v as usize]).sum();
    if encre == 0 {
        return true;
    }
    if encre as f64 > PART_ENCRE_MAX * n as f64 {
        return false;
    }
    // Peu d'encre : assez pour un mot ou un chiffre ? Chaque tache, mesurée.
    let masque = GrayImage::from_fn(iw, ih, |x, y| Luma([hors_du_papier(img.get_pixel(x + mx, y + my)[0]) as u8]));
    let etiquettes = connected_components(&masque, Connectivity::Eight, Luma([0u8]));
    let mut boites: Vec<[u32; 4]> = Vec::new();
    for (x, y, e) in etiquettes.enumerate_pixels().filter(|(_, _, e)| e[0] > 0) {
        let k = e[0] as usize - 1;
        if boites.len() <= k {
            boites.resize(k + 1, [u32::MAX, u32::MAX, 0, 0]);
        }
        let b = &mut boites[k];
        *b = [b[0].min(x), b[1].min(y), b[2].max(x), b[3].max(y)];
    }
    boites.iter().all(|b| f64::from((b[2] - b[0]).max(b[3] - b[1]) + 1) < trace_px)
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Luma;

    fn page(papier: u8) -> GrayImage {
        // Le grain du papier et du capteur : ±12 niveaux.
        GrayImage::from_fn(1240, 1754, |x, y| Luma([papier - ((x * 31 + y * 17) % 25) as u8]))
    }

    #[test]
    fn une_page_sans_encre_est_blanche_meme_grise_et_bordee_d_ombre() {
        assert!(est_blanche(&page(250)));
        // Papier recyclé (gris), ombre du bord de la feuille, deux grains de poussière.
        let mut p = page(200);
        for y in 0..1754 {
            for x in 0..20 {
                p.put_pixel(x, y, Luma([40]));
            }
        }
        for (cx, cy) in [(400, 500), (900, 1300)] {
            for d in 0..9 {
                p.put_pixel(cx + d % 3, cy + d / 3, Luma([30]));
            }
        }
        assert!(est_blanche(&p));
    }

    #[test]
    fn une_feuille_photographiee_sur_une_table_sombre_n_est_pas_une_page_blanche() {
        // La table (gris 90) occupe plus de la moitié de l'image : la médiane est la table,
        // et la feuille (240), plus claire qu'elle, est ce qui compte.
        let p = GrayImage::from_fn(1600, 1600, |x, y| Luma([if (500..1100).contains(&x) && (400..1200).contains(&y) { 240 } else { 90 }]));
        assert!(!est_blanche(&p));
    }

    #[test]
    fn un_seul_chiffre_ecrit_ou_une_trainee_de_poussiere_n_est_pas_une_page_blanche() {
        // Un « 1 » de 8 mm à 200 dpi, trait de 3 pixels, d'un stylo pâle (70 niveaux sous le
        // papier).
        let mut p = page(250);
        for y in 800..863 {
            for x in 600..603 {
                p.put_pixel(x, y, Luma([180]));
            }
        }
        assert!(!est_blanche(&p));
        // Une traînée verticale de poussière sur la vitre d'un chargeur (le lecteur l'efface
        // avant, `trainee` ; ce jugement-ci, seul, la voit).
        let mut p = page(250);
        for y in 0..1754 {
            p.put_pixel(700, y, Luma([120]));
        }
        assert!(!est_blanche(&p));
    }
}
