//! Le recalage, mesuré contre la géométrie exacte des bulletins générés (vérité terrain).

use arbitre_echantillons::verite::VeriteTerrain;
use arbitre_formulaire::{Formulaire, Homographie};
use arbitre_pipeline::chargement::charger;
use arbitre_pipeline::recalage::{recaler, Rejet};
use std::path::Path;

/// L'écart maximal (mm) entre deux homographies sur les coins de la feuille, de l'aire et
/// des cadres.
fn ecart_mm(f: &Formulaire, a: &Homographie, b: &Homographie) -> f64 {
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

#[test]
fn chaque_scan_de_la_manche_livree_se_recale_a_moins_de_0_3_mm() {
    let d = Path::new(env!("CARGO_MANIFEST_DIR")).join("../samples/manche-exemple");
    let f = Formulaire::fisf();
    let mut n = 0;
    let mut pire = 0.0f64;
    for e in std::fs::read_dir(&d).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_none_or(|x| x != "json") || p.file_name().unwrap() == "manche.json" {
            continue;
        }
        let v: VeriteTerrain = serde_json::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap();
        let (Some(image), Some(geo)) = (&v.image, &v.geometrie) else { continue };
        let img = charger(&d.join(image)).unwrap().remove(0);
        let r = recaler(&img, &f).unwrap_or_else(|e| panic!("{image} : {e}"));
        let ecart = ecart_mm(&f, &r.mm_vers_px, &geo.mm_vers_px);
        let retourne = v.perturbations.as_ref().unwrap().retourne;
        assert_eq!(r.tete_en_bas(), retourne, "{image}");
        eprintln!("{image} : écart {ecart:.3} mm, résidu {:.3} mm, dpi {:.0}, cadres {:.2}", r.residu_mm, r.dpi, r.cadres);
        assert!(ecart < 0.3, "{image} : écart {ecart:.3} mm");
        pire = pire.max(ecart);
        n += 1;
    }
    assert!(n >= 50);
    eprintln!("{n} scans, pire écart {pire:.3} mm");
}
