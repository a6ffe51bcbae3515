//! Bulletins générés pour les tests de la lecture : écritures du côté évaluation (jamais
//! vues à l'entraînement), vérité terrain exacte.
#![allow(dead_code)]

use arbitre_echantillons::ecritures::{Ecritures, Partage};
use arbitre_echantillons::generateur::{polices, Generateur};
use arbitre_echantillons::rendu::PoliceManuscrite;
use arbitre_echantillons::scanner::Bornes;
use arbitre_echantillons::verite::VeriteTerrain;
use arbitre_engine::lecture::{lire_bulletin, Lecture};
use arbitre_formulaire::{Formulaire, Homographie};
use image::GrayImage;
use std::sync::OnceLock;

fn ecritures() -> &'static Ecritures {
    static E: OnceLock<Ecritures> = OnceLock::new();
    E.get_or_init(|| Ecritures::charger(&Ecritures::dossier_emnist(), Partage::Evaluation).expect("écritures EMNIST (../shared/data)"))
}

fn polices_eval() -> &'static [PoliceManuscrite] {
    static P: OnceLock<Vec<PoliceManuscrite>> = OnceLock::new();
    P.get_or_init(|| polices(Partage::Evaluation))
}

/// Une lecture écrite au format texte.
pub fn lecture(texte: &str) -> Lecture {
    lire_bulletin("test.txt", texte).expect("lecture de test")
}

/// Un bulletin scanné (gris) et sa vérité terrain.
pub fn bulletin(f: &Formulaire, l: &Lecture, graine: u64, dpi: (f32, f32)) -> (GrayImage, VeriteTerrain) {
    let b = generateur(f, Bornes { dpi, jpeg: (60, 90) }).generer(l, None, graine, "b.jpg").expect("rendu");
    let img = arbitre_pipeline::chargement::decoder(&b.jpeg.expect("image")).expect("jpeg").remove(0);
    (img, b.verite)
}

/// Le scan d'un bulletin tel qu'`arbitre echantillons --dpi-max 300` l'écrit dans une
/// manche de graine `graine_manche` (écritures d'évaluation), octet pour octet, avec
/// l'annotation de l'arbitre `annotation`.
pub fn scan_de_manche(f: &Formulaire, l: &Lecture, annotation: Option<&arbitre_echantillons::rendu::Annotation>, graine_manche: u64) -> Vec<u8> {
    let graine = arbitre_echantillons::generateur::graine_bulletin(graine_manche, l.coup, l.table);
    generateur(f, Bornes { dpi: (150.0, 300.0), jpeg: (45, 95) }).generer(l, annotation, graine, "b.jpg").expect("rendu").jpeg.expect("image")
}

/// Le générateur des écritures d'évaluation, aux bornes de scan données.
fn generateur<'a>(f: &'a Formulaire, bornes: Bornes) -> Generateur<'a> {
    let mut g = Generateur::new(f, ecritures(), polices_eval());
    g.bornes = bornes;
    g
}

/// L'écart maximal (mm) entre deux homographies feuille → image, sur les coins de l'aire
/// et des cadres.
pub fn ecart_mm(f: &Formulaire, a: &Homographie, b: &Homographie) -> f64 {
    let z = f.zone.rect();
    let mut pts = vec![(z.x_mm, z.y_mm), (z.x_mm + z.largeur_mm, z.y_mm), (z.x_mm, z.y_mm + z.hauteur_mm), (z.x_mm + z.largeur_mm, z.y_mm + z.hauteur_mm)];
    for c in &f.cadres {
        pts.push((c.x_mm, c.y_mm));
        pts.push((c.x_mm + c.largeur_mm, c.y_mm + c.hauteur_mm));
    }
    pts.iter()
        .map(|&(x, y)| {
            let (p, q) = (a.appliquer(x, y), b.appliquer(x, y));
            (p.0 - q.0).hypot(p.1 - q.1) / b.echelle_locale(x, y)
        })
        .fold(0.0, f64::max)
}

/// La feuille seule d'un scan (sa boîte englobante dans l'image, d'après l'homographie
/// vraie `h` feuille → image) et le coin de cette boîte dans le scan : le fond du scanner
/// n'y reste qu'aux coins. Pour poser la feuille sur une autre page (scanner à plat).
pub fn feuille_seule(img: &GrayImage, f: &Formulaire, h: &Homographie) -> (GrayImage, (u32, u32)) {
    let coins = arbitre_pipeline::planche::coins_de_la_feuille(f, h, 0.0);
    let x0 = coins.iter().map(|p| p.0).fold(f64::MAX, f64::min).max(0.0) as u32;
    let y0 = coins.iter().map(|p| p.1).fold(f64::MAX, f64::min).max(0.0) as u32;
    let x1 = (coins.iter().map(|p| p.0).fold(0.0, f64::max) as u32).min(img.width());
    let y1 = (coins.iter().map(|p| p.1).fold(0.0, f64::max) as u32).min(img.height());
    (image::imageops::crop_imm(img, x0, y0, x1 - x0, y1 - y0).to_image(), (x0, y0))
}
