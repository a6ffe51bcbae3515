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

/// L'extrait d'une page : la feuille redressée par le recalage (blanc hors de l'image).
pub fn extrait(img: &GrayImage, recalage: &ResumeRecalage, formulaire: &Formulaire) -> Option<Vec<u8>> {
    let (largeur, hauteur) = ((formulaire.largeur_mm * PX_PAR_MM).round() as usize, (formulaire.hauteur_mm * PX_PAR_MM).round() as usize);
    let h = &recalage.mm_vers_px.0;
    let mut feuille = vec![255u8; largeur * hauteur];
    for (v, rangee) in feuille.chunks_exact_mut(largeur.max(1)).enumerate() {
        // Le long d'une rangée, numérateurs et dénominateur de l'homographie sont affines
        // en u : x = (a + b·u) / (e + f·u), y = (c + d·u) / (e + f·u).
        let y = (v as f64 + 0.5) / PX_PAR_MM;
        let x0 = 0.5 / PX_PAR_MM;
        let depart = [h[0] * x0 + h[1] * y + h[2], h[3] * x0 + h[4] * y + h[5], h[6] * x0 + h[7] * y + h[8]];
        let pas = [h[0] / PX_PAR_MM, h[3] / PX_PAR_MM, h[6] / PX_PAR_MM];
        for (u, p) in rangee.iter_mut().enumerate() {
            let u = u as f64;
            let w = 1.0 / (depart[2] + pas[2] * u);
            if let Some(g) = bilineaire(img, (depart[0] + pas[0] * u) * w, (depart[1] + pas[1] * u) * w) {
                // Arrondi au plus proche (g est dans 0..=255).
                *p = (g + 0.5) as u8;
            }
        }
    }
    let feuille = GrayImage::from_raw(largeur as u32, hauteur as u32, feuille)?;
    let mut octets = Vec::new();
    JpegEncoder::new_with_quality(&mut octets, QUALITE).encode_image(&feuille).ok()?;
    Some(octets)
}
