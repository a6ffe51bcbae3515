//! Les extraits de scans montrés sur la page de revue : la feuille redressée (à l'endroit,
//! remise d'aplomb par le recalage), en JPEG, écrite à côté de la page
//! (`revue/coupCC-tableTTT.jpg`). L'image est relue depuis son fichier, pour les seuls
//! bulletins montrés : la manche ne garde pas ses 2 000 images en mémoire, et tirer un
//! extrait de chaque page pendant la lecture coûte plus (redressement et JPEG de toutes les
//! pages) que relire celles qu'une personne regardera.

use arbitre_formulaire::Formulaire;
use arbitre_pipeline::chargement::charger;
use std::path::Path;
use arbitre_pipeline::echantillonnage::bilineaire;
use arbitre_pipeline::lecture_scan::ResumeRecalage;
use image::codecs::jpeg::JpegEncoder;
use image::GrayImage;

/// Qualité JPEG des extraits.
const QUALITE: u8 = 75;
/// Résolution des extraits : 4 pixels par mm (environ 100 dpi), de quoi relire une
/// écriture à l'écran.
const PX_PAR_MM: f64 = 4.0;

/// L'extrait de la page `page` (à partir de 1, TIFF) du fichier, ou `None` s'il ne se
/// relit plus.
pub fn extrait_du_fichier(chemin: &Path, page: Option<u32>, recalage: &ResumeRecalage, formulaire: &Formulaire) -> Option<Vec<u8>> {
    let pages = charger(chemin).ok()?;
    extrait(pages.get(page.map_or(0, |p| p.saturating_sub(1) as usize))?, recalage, formulaire)
}

/// L'extrait d'une page : la feuille redressée par le recalage.
pub fn extrait(img: &GrayImage, recalage: &ResumeRecalage, formulaire: &Formulaire) -> Option<Vec<u8>> {
    let (largeur, hauteur) = ((formulaire.largeur_mm * PX_PAR_MM).round() as u32, (formulaire.hauteur_mm * PX_PAR_MM).round() as u32);
    let h = &recalage.mm_vers_px;
    let feuille = GrayImage::from_fn(largeur, hauteur, |u, v| {
        let (x, y) = h.appliquer((u as f64 + 0.5) / PX_PAR_MM, (v as f64 + 0.5) / PX_PAR_MM);
        image::Luma([bilineaire(img, x, y).map_or(255, |g| g.round().clamp(0.0, 255.0) as u8)])
    });
    let mut octets = Vec::new();
    JpegEncoder::new_with_quality(&mut octets, QUALITE).encode_image(&feuille).ok()?;
    Some(octets)
}
