//! Découpe les cases de chaque scan d'une manche générée et compare à la vérité terrain ;
//! écrit une planche des vignettes : `... --example cases_dossier -- DOSSIER PLANCHE.png`.
use arbitre_echantillons::rendu::LieuRature;
use arbitre_engine::lecture::Contenu;
use arbitre_formulaire::{Formulaire, Role};
use arbitre_pipeline::cadres::caracteres;
use arbitre_pipeline::cases::cases_encrees;
use arbitre_pipeline::chargement::charger;
use arbitre_pipeline::recalage::recaler;
use arbitre_pipeline::vignette::COTE;
use std::collections::BTreeSet;

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let d = std::path::PathBuf::from(&a[1]);
    let f = Formulaire::fisf();
    let (mut manquees, mut en_trop, mut vraies, mut trouvees) = (0, 0, 0, 0);
    let mut planche: Vec<Vec<u8>> = Vec::new();
    let t = std::time::Instant::now();
    let mut n = 0;
    let (mut nb_douteux, mut non_signales) = (0, 0);
    let (mut cadres_total, mut cadres_faux) = (0, 0);
    for (json, v) in arbitre_echantillons::sortie::verites(&d).unwrap() {
        let (Some(image), Some(geo)) = (&v.image, &v.geometrie) else { continue };
        let d = json.parent().unwrap();
        let img = charger(&d.join(image)).unwrap().remove(0);
        let Ok(r) = recaler(&img, &f) else { continue };
        n += 1;
        let cases = cases_encrees(&img, &f, &r.mm_vers_px);
        let mut attendu: BTreeSet<(u32, u32)> = BTreeSet::new();
        for c in &geo.cases {
            let cel = &v.lecture.rangees[c.rangee as usize][c.colonne as usize];
            if cel.contenu != Contenu::Vide {
                attendu.insert((c.zone_rangee, c.zone_colonne));
            }
        }
        for rt in &geo.ratures {
            if let LieuRature::Case { zone_rangee, zone_colonne } = rt.lieu {
                attendu.insert((zone_rangee, zone_colonne));
            }
        }
        let vu: BTreeSet<(u32, u32)> = cases.iter().map(|c| (c.rangee, c.colonne)).collect();
        vraies += attendu.len();
        trouvees += vu.len();
        let m: Vec<_> = attendu.difference(&vu).collect();
        let e: Vec<_> = vu.difference(&attendu).collect();
        let douteuses: Vec<_> = cases.iter().filter(|c| c.decoupage_douteux).map(|c| (c.rangee, c.colonne)).collect();
        nb_douteux += (!douteuses.is_empty()) as usize;
        if !m.is_empty() || !e.is_empty() {
            println!("{image} : manquées {m:?} en trop {e:?} douteuses {douteuses:?}");
            non_signales += douteuses.is_empty() as usize;
        }
        manquees += m.len();
        en_trop += e.len();
        for c in &cases {
            if planche.len() < 200 {
                planche.push(c.vignette.octets());
            }
        }
        // Les cadres : autant de caractères que la vérité (plus le chiffre barré).
        for role in [Role::Table, Role::Reference, Role::Score] {
            let ecrit = match role {
                Role::Table => Some(v.lecture.table.to_string()),
                Role::Reference => v.lecture.reference.clone(),
                _ => v.lecture.score.clone(),
            };
            let barre = role == Role::Score && geo.ratures.iter().any(|r| r.lieu == LieuRature::Score);
            let attendu = ecrit.map_or(0, |e| e.chars().filter(|c| !c.is_whitespace()).count()) + barre as usize;
            let lus = caracteres(&img, &f, &r.mm_vers_px, role);
            cadres_total += 1;
            if lus.len() != attendu {
                cadres_faux += 1;
                println!("{image} : cadre {role:?} : {} caractères lus, {attendu} écrits", lus.len());
                if std::env::var("DBG").is_ok() {
                    for c in &lus {
                        println!("   {:?} espace {} coupe {}", c.boite_mm.map(|v| (v * 10.0).round() / 10.0), c.espace_avant, c.coupe);
                    }
                }
            }
            for c in &lus {
                if planche.len() < 400 {
                    planche.push(c.vignette.octets());
                }
            }
        }
    }
    println!("cadres : {cadres_faux} mal découpés sur {cadres_total}");
    println!("{nb_douteux} bulletins au découpage douteux ; {non_signales} erreurs de découpage non signalées");
    println!("{n} scans, {vraies} cases écrites, {trouvees} trouvées, {manquees} manquées, {en_trop} en trop, {:.1} ms/scan", t.elapsed().as_secs_f64() * 1000.0 / n as f64);
    if let Some(sortie) = a.get(2) {
        let cols = 20;
        let rows = planche.len().div_ceil(cols);
        let mut img = image::GrayImage::new((cols * (COTE + 2)) as u32, (rows * (COTE + 2)) as u32);
        for (k, v) in planche.iter().enumerate() {
            let (x0, y0) = ((k % cols) * (COTE + 2), (k / cols) * (COTE + 2));
            for (i, &o) in v.iter().enumerate() {
                img.put_pixel((x0 + i % COTE) as u32, (y0 + i / COTE) as u32, image::Luma([255 - o]));
            }
        }
        img.save(sortie).unwrap();
    }
}
