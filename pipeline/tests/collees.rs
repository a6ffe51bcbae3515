//! Les lettres collées, sur des bulletins générés (écritures jamais vues à l'entraînement) :
//! là où deux lettres de cases voisines se touchent, la coupe que le modèle départage lit
//! plus de lettres justes que la coupe au bord des cases.

mod commun;

use arbitre_engine::lecture::Contenu;
use arbitre_formulaire::Formulaire;
use arbitre_pipeline::cases::cases_et_collees;
use arbitre_pipeline::lecteur::Lecteur;
use arbitre_pipeline::modele::{Modele, LETTRES};
use commun::{bulletin, lecture};
use std::collections::HashMap;

#[test]
fn la_coupe_departagee_lit_plus_de_lettres_collees_que_le_bord_des_cases() {
    let f = Formulaire::fisf();
    let modele = Modele::livre().expect("modèle");
    let lecteur = Lecteur::new(f.clone()).expect("lecteur");
    // Des mots en colonne et en rangée, lettres hautes : assez de lettres qui débordent.
    let l = lecture("bulletin table=12 coup=3\nscore: 20\n|WEST..\n|E......\n|L......\n|J......\n|O......\n|ESPADON\n");
    let (mut lettres, mut justes_bord, mut justes_lecteur) = (0, 0, 0);
    for graine in 0..60u64 {
        let (img, v) = bulletin(&f, &l, graine, (180.0, 260.0));
        let geo = v.geometrie.as_ref().expect("géométrie");
        let h = geo.mm_vers_px;
        let arbitre_pipeline::cases::Decoupage { cases, collees, .. } = cases_et_collees(&img, &f, &h);
        if collees.is_empty() {
            continue;
        }
        // La lettre écrite dans chaque case de l'aire.
        let vraies: HashMap<[u32; 2], char> = geo
            .cases
            .iter()
            .filter_map(|c| match &v.lecture.rangees[c.rangee as usize][c.colonne as usize].contenu {
                Contenu::Lettre(t) => Some(([c.zone_rangee, c.zone_colonne], t.lettre)),
                _ => None,
            })
            .collect();
        let lu = lecteur.lire_page(&img, "b.jpg", None, Some(3));
        let par_le_lecteur: HashMap<[u32; 2], String> = lu.cases.iter().map(|c| (c.zone, c.alternatives[0].lecture.clone())).collect();
        for c in &collees {
            for k in c.cases {
                let case = &cases[k];
                let zone = [case.rangee, case.colonne];
                let Some(&vraie) = vraies.get(&zone) else { continue };
                let p = &modele.lire(&[&case.vignette]).expect("lecture")[0].lettre;
                let bord = LETTRES[(0..p.len()).max_by(|&a, &b| p[a].total_cmp(&p[b])).expect("classes")];
                lettres += 1;
                justes_bord += usize::from(bord == vraie.to_string());
                justes_lecteur += usize::from(par_le_lecteur.get(&zone) == Some(&vraie.to_string()));
            }
        }
    }
    assert!(lettres >= 10, "seulement {lettres} lettres collées dans ces bulletins");
    assert!(justes_lecteur > justes_bord, "{lettres} lettres collées : {justes_lecteur} justes avec la coupe départagée, {justes_bord} au bord des cases");
}
