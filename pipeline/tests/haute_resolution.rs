//! Un bulletin scanné à 600 dpi (le haut de la plage annoncée, 150–600 dpi ; le modèle
//! n'a appris que sur des scans de 150 à 400 dpi) se recale et se lit comme le même
//! bulletin scanné à 300 dpi.

mod commun;

use arbitre_formulaire::Formulaire;
use arbitre_pipeline::lecteur::Lecteur;
use arbitre_pipeline::recalage::recaler;
use commun::{bulletin, ecart_mm, lecture};

const ECRIT: &str = "bulletin table=27 coup=3\nref: 13 B\nscore: 45\n|FIXEE\n";

/// Les champs lus justes (table, référence, score, mot) d'un scan.
fn justes(lecteur: &Lecteur, img: &image::GrayImage) -> usize {
    let lu = lecteur.lire_page(img, "b.jpg", None, Some(3));
    let Some(l) = lu.lecture else { return 0 };
    let sans_blanc = |s: &Option<String>| s.as_deref().unwrap_or("").replace(' ', "");
    [l.table == 27, sans_blanc(&l.reference) == "13B", sans_blanc(&l.score) == "45", l.vers_texte().contains("|FIXEE\n")].into_iter().filter(|&b| b).count()
}

#[test]
fn un_scan_a_600_dpi_se_recale_et_se_lit_comme_a_300_dpi() {
    let f = Formulaire::fisf();
    let l = lecture(ECRIT);
    let lecteur = Lecteur::new(f.clone()).expect("modèle livré");
    let (mut a600, mut a300) = (0, 0);
    for graine in 0..6u64 {
        // Même graine : même écriture, même pose ; seule la résolution change.
        let (img, v) = bulletin(&f, &l, graine, (600.0, 600.0));
        assert!(img.width() > 3000, "graine {graine} : {} pixels de large", img.width());
        let r = recaler(&img, &f).unwrap_or_else(|e| panic!("graine {graine} : {e}"));
        let ecart = ecart_mm(&f, &r.mm_vers_px, &v.geometrie.expect("géométrie").mm_vers_px);
        assert!(ecart < 0.3, "graine {graine} : écart {ecart:.3} mm à 600 dpi");
        a600 += justes(&lecteur, &img);
        let (img, _) = bulletin(&f, &l, graine, (300.0, 300.0));
        a300 += justes(&lecteur, &img);
    }
    // 24 champs de chaque côté ; à 300 dpi, la lecture de ces écritures d'évaluation en
    // rate quelques-uns. 600 dpi n'en rate pas davantage (à un près).
    assert!(a600 + 1 >= a300, "600 dpi : {a600} champs justes, 300 dpi : {a300}");
    assert!(a600 >= 20, "600 dpi : {a600} champs justes sur 24");
}
