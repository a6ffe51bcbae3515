//! Les extraits de scans montrés sur la page de revue : la feuille redressée (à l'endroit,
//! remise d'aplomb par le recalage), en JPEG, écrite à côté de la page
//! (`revue/coupCC-tableTTT.jpg`). L'image est relue depuis son fichier : la manche ne garde
//! pas ses 2 000 images en mémoire pour quelques dizaines d'extraits.

use arbitre_formulaire::Formulaire;
use arbitre_pipeline::chargement::charger;
use arbitre_pipeline::lecture_scan::ResumeRecalage;
use arbitre_pipeline::plan::Plan;
use image::codecs::jpeg::JpegEncoder;
use image::GrayImage;
use std::path::Path;

/// Qualité JPEG des extraits.
const QUALITE: u8 = 80;

/// L'extrait d'une page : la feuille redressée, ou `None` si le fichier ne se relit plus.
pub fn extrait(chemin: &Path, page: Option<u32>, recalage: &ResumeRecalage, formulaire: &Formulaire) -> Option<Vec<u8>> {
    let pages = charger(chemin).ok()?;
    let img = pages.get(page.map_or(0, |p| p.saturating_sub(1) as usize))?;
    let plan = Plan::redresser(img, &recalage.mm_vers_px, &formulaire.feuille());
    let gris: Vec<u8> = plan.gris.iter().map(|&g| g.round().clamp(0.0, 255.0) as u8).collect();
    let feuille = GrayImage::from_raw(plan.largeur as u32, plan.hauteur as u32, gris)?;
    let mut octets = Vec::new();
    JpegEncoder::new_with_quality(&mut octets, QUALITE).encode_image(&feuille).ok()?;
    Some(octets)
}
