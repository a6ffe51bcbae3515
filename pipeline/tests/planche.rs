//! Plusieurs bulletins scannés sur une même page (planche à plat) : chacun est trouvé, recalé
//! et lu, quadrillages alignés ou non (deux bulletins l'un au-dessus de l'autre, quatre en
//! carré dont un tête en bas). Les feuilles sont découpées dans des scans de la manche
//! d'exemple d'après leur vérité, et posées sur une page claire.

mod commun;

use arbitre_formulaire::{Formulaire, Homographie};
use arbitre_pipeline::lecteur::Lecteur;
use image::{GrayImage, Luma};
use serde_json::Value;
use std::path::Path;

/// La feuille d'un scan de l'exemple (sa boîte englobante, d'après la vérité) et sa table.
fn feuille(scan: &str) -> (GrayImage, u32) {
    let base = Path::new(env!("CARGO_MANIFEST_DIR")).join("../samples/manche-exemple").join(scan);
    let v: Value = serde_json::from_str(&std::fs::read_to_string(base.with_extension("json")).unwrap()).unwrap();
    let h: Vec<f64> = v["geometrie"]["mm_vers_px"].as_array().unwrap().iter().map(|x| x.as_f64().unwrap()).collect();
    let h = Homographie(h.try_into().unwrap());
    let img = arbitre_pipeline::chargement::charger(&base.with_extension("jpg")).unwrap().remove(0);
    (commun::feuille_seule(&img, &Formulaire::fisf(), &h).0, v["lecture"]["table"].as_u64().unwrap() as u32)
}

/// Pose les feuilles sur une page claire, en grille de `colonnes`, `ecart` pixels entre elles.
fn planche(feuilles: &[GrayImage], colonnes: usize, ecart: u32) -> GrayImage {
    let (l, h) = (feuilles.iter().map(|f| f.width()).max().unwrap() + ecart, feuilles.iter().map(|f| f.height()).max().unwrap() + ecart);
    let rangees = feuilles.len().div_ceil(colonnes);
    let mut page = GrayImage::from_pixel(l * colonnes as u32 + 60, h * rangees as u32 + 60, Luma([244]));
    for (k, f) in feuilles.iter().enumerate() {
        image::imageops::replace(&mut page, f, (40 + (k % colonnes) as u32 * l) as i64, (40 + (k / colonnes) as u32 * h) as i64);
    }
    page
}

fn tables_lues(lecteur: &Lecteur, page: &GrayImage) -> Vec<(Option<u32>, String)> {
    lecteur.lire_planche(page, "planche.png", None, Some(1)).into_iter().map(|l| (l.bulletin, l.table.valeur.unwrap_or_else(|| format!("rejet : {:?}", l.rejet)))).collect()
}

#[test]
fn chaque_bulletin_d_une_planche_est_lu_quadrillages_alignes_ou_non() {
    let lecteur = Lecteur::new(Formulaire::fisf()).unwrap();
    let (a, ta) = feuille("coup-01/scan-004.jpg");
    let (b, tb) = feuille("coup-01/scan-008.jpg");
    let (c, tc) = feuille("coup-01/scan-009.jpg");
    let (d, td) = feuille("coup-01/scan-012.jpg");
    // Deux l'un au-dessus de l'autre, colonnes alignées, plus ou moins écartés.
    for ecart in [10, 30, 50, 70, 90, 110, 130, 150] {
        let deux = planche(&[a.clone(), b.clone()], 1, ecart);
        assert_eq!(tables_lues(&lecteur, &deux), vec![(Some(1), ta.to_string()), (Some(2), tb.to_string())], "écart {ecart}");
    }
    // Posés ainsi (170 pixels entre eux, le second décalé de 20 à droite), l'image entière
    // ne se recalait pas à la réduction ordinaire (« plus de 17 × 17 cases ») : recalée à
    // une réduction plus fine.
    let mut decales = GrayImage::from_pixel(a.width().max(b.width()) + 120, a.height() + b.height() + 270, Luma([246]));
    image::imageops::replace(&mut decales, &a, 50, 40);
    image::imageops::replace(&mut decales, &b, 70, a.height() as i64 + 210);
    assert_eq!(tables_lues(&lecteur, &decales), vec![(Some(1), ta.to_string()), (Some(2), tb.to_string())]);
    // Quatre en carré, le deuxième tête en bas : dans l'ordre de lecture.
    let quatre = planche(&[a, image::imageops::rotate180(&b), c, d], 2, 60);
    assert_eq!(tables_lues(&lecteur, &quatre), vec![(Some(1), ta.to_string()), (Some(2), tb.to_string()), (Some(3), tc.to_string()), (Some(4), td.to_string())]);
    // Un bulletin seul sur une grande page claire : un seul, sans rang.
    let (seul, t) = feuille("coup-01/scan-005.jpg");
    let mut grande = GrayImage::from_pixel(1800, 2400, Luma([244]));
    image::imageops::replace(&mut grande, &seul, 300, 900);
    assert_eq!(tables_lues(&lecteur, &grande), vec![(None, t.to_string())]);
}
