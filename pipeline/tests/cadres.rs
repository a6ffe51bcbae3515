//! Les découpages des cadres, sur des bulletins générés (écritures jamais vues à
//! l'entraînement) : chaque découpage proposé au modèle est distinct, car un découpage pèse
//! dans le mélange des lectures d'un cadre et un doublon compterait deux fois.

mod commun;

use arbitre_formulaire::{Formulaire, Role};
use arbitre_pipeline::cadres::decoupages;
use commun::{bulletin, lecture};

#[test]
fn un_cadre_ne_propose_jamais_deux_fois_le_meme_decoupage() {
    let f = Formulaire::fisf();
    let mut larges = 0;
    for (graine, table) in (0..40u64).zip([12, 18, 32, 27, 40, 104, 11, 88].into_iter().cycle()) {
        let l = lecture(&format!("bulletin table={table} coup=3\nref: 13 B\nscore: 128\n|FIXEE\n"));
        let (img, v) = bulletin(&f, &l, graine, (180.0, 260.0));
        let h = v.geometrie.as_ref().expect("géométrie").mm_vers_px;
        for role in [Role::Table, Role::Reference, Role::Score] {
            let d = decoupages(&img, &f, &h, role);
            larges += usize::from(d.len() > 2);
            let boites: Vec<Vec<[i64; 4]>> = d.iter().map(|cars| cars.iter().map(|c| c.boite_mm.map(|x| (x * 1000.0).round() as i64)).collect()).collect();
            for (i, a) in boites.iter().enumerate() {
                assert!(!boites[..i].contains(a), "graine {graine}, {role:?} : découpage {i} en double ({a:?})");
            }
        }
    }
    // Des caractères collés ont bien été coupés de plusieurs façons.
    assert!(larges >= 10, "{larges} cadres découpés de plusieurs façons");
}

/// Trace un trait d'encre (0,5 mm) de `a` à `b` (mm de la feuille) dans le scan.
fn trait_mm(img: &mut image::GrayImage, h: &arbitre_formulaire::Homographie, a: (f64, f64), b: (f64, f64)) {
    let n = 200;
    for k in 0..=n {
        let t = k as f64 / n as f64;
        let (x, y) = h.appliquer(a.0 + t * (b.0 - a.0), a.1 + t * (b.1 - a.1));
        let rayon = (0.25 * h.echelle_locale(a.0, a.1)).round() as i32;
        imageproc::drawing::draw_filled_circle_mut(img, (x as i32, y as i32), rayon, image::Luma([30]));
    }
}

#[test]
fn un_k_trace_en_deux_traits_se_lit_k_dans_la_reference() {
    // Le cadre Réf. vidé, puis « K10 » écrit à la main, le K en deux traits qui ne se
    // touchent pas (« | » et « < ») : sans la variante qui les réunit, il se lisait
    // « 14 10 » ou « KI10 ».
    let f = Formulaire::fisf();
    let l = lecture("bulletin table=12 coup=3\nref: H 4\nscore: 28\n|FIXEE\n");
    let lecteur = arbitre_pipeline::lecteur::Lecteur::new(f.clone()).expect("modèle");
    for graine in [3u64, 8, 21] {
        let (mut img, v) = bulletin(&f, &l, graine, (200.0, 260.0));
        let h = v.geometrie.as_ref().expect("géométrie").mm_vers_px;
        let vers_mm = h.inverse().expect("inversible");
        let (l0, h0) = (img.width(), img.height());
        for y in 0..h0 {
            for x in 0..l0 {
                // Le point de la feuille sous ce pixel : à l'intérieur du cadre, sous son
                // libellé, l'encre est effacée.
                let (xm, ym) = vers_mm.appliquer(x as f64 + 0.5, y as f64 + 0.5);
                if (103.0..131.0).contains(&xm) && (43.0..65.5).contains(&ym) {
                    img.put_pixel(x, y, image::Luma([235]));
                }
            }
        }
        trait_mm(&mut img, &h, (108.0, 47.0), (108.0, 60.0));
        trait_mm(&mut img, &h, (113.5, 46.5), (109.3, 53.5));
        trait_mm(&mut img, &h, (109.3, 53.5), (113.8, 60.5));
        trait_mm(&mut img, &h, (118.5, 47.0), (118.5, 60.0));
        for k in 0..40 {
            let (a, b) = (k as f64 * std::f64::consts::TAU / 40.0, (k + 1) as f64 * std::f64::consts::TAU / 40.0);
            trait_mm(&mut img, &h, (124.5 + 2.6 * a.cos(), 53.5 + 6.3 * a.sin()), (124.5 + 2.6 * b.cos(), 53.5 + 6.3 * b.sin()));
        }
        let lu = lecteur.lire_page(&img, "k.jpg", None, Some(3));
        let reference = lu.reference.valeur.as_deref().map(|r| r.replace(' ', ""));
        assert_eq!(reference.as_deref(), Some("K10"), "graine {graine} : {:?}", lu.reference.alternatives);
    }
}
