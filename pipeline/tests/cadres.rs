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
