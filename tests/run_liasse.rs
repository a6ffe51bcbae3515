//! Un coup scanné en une seule liasse TIFF de plusieurs pages (ce que laisse un scanner à
//! chargeur) : `arbitre run` lit chaque page comme un bulletin, rend compte de chacune, et
//! décide exactement comme avec un fichier par bulletin.

use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

fn exemple() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/manche-exemple")
}

/// Les décisions d'un dossier de sortie, par (table, coup), et l'image de chacune.
fn decisions(sortie: &Path) -> BTreeMap<(u64, u64), (Value, Option<String>)> {
    std::fs::read_to_string(sortie.join("decisions.jsonl"))
        .unwrap()
        .lines()
        .map(|l| {
            let mut v: Value = serde_json::from_str(l).unwrap();
            let cle = (v["table"].as_u64().unwrap(), v["coup"].as_u64().unwrap());
            let image = v.as_object_mut().unwrap().remove("image").and_then(|i| i.as_str().map(String::from));
            sans_images(&mut v);
            (cle, (v, image))
        })
        .collect()
}

/// Le texte d'une raison sans les noms d'images du coup 1 (un fichier ou une page de la
/// liasse, selon le rangement).
fn sans_images(v: &mut Value) {
    match v {
        Value::String(s) => {
            let mut t = String::new();
            let mut reste = s.as_str();
            while let Some(i) = reste.find("coup-01/") {
                t.push_str(&reste[..i]);
                t.push_str("IMAGE");
                reste = &reste[i..];
                let fin = reste.find([' ', ',', ')']).unwrap_or(reste.len());
                reste = &reste[fin..];
            }
            t.push_str(reste);
            *s = t;
        }
        Value::Array(a) => a.iter_mut().for_each(sans_images),
        Value::Object(o) => o.values_mut().for_each(sans_images),
        _ => {}
    }
}

fn lancer(scans: &Path, sortie: &Path) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .arg("run")
        .arg("--partie")
        .arg(exemple().join("partie.partie"))
        .arg("--scans")
        .arg(scans)
        .arg("--joueurs")
        .arg(exemple().join("joueurs.csv"))
        .arg("--sortie")
        .arg(sortie)
        .output()
        .unwrap();
    let texte = String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{texte}");
    texte
}

#[test]
fn un_coup_scanne_en_une_liasse_tiff_se_decide_comme_un_fichier_par_bulletin() {
    let tmp = tempfile::tempdir().unwrap();
    let scans = tmp.path().join("scans");
    // Coups 2 et 3 tels quels ; le coup 1 en une liasse, pages dans l'ordre inverse des
    // fichiers (l'ordre des pages ne dit rien de la table).
    let mut pages = Vec::new();
    for e in std::fs::read_dir(exemple()).unwrap() {
        let d = e.unwrap().path();
        if !d.is_dir() {
            continue;
        }
        let nom = d.file_name().unwrap().to_owned();
        std::fs::create_dir_all(scans.join(&nom)).unwrap();
        let mut jpeg: Vec<PathBuf> = std::fs::read_dir(&d).unwrap().map(|f| f.unwrap().path()).filter(|f| f.extension().is_some_and(|x| x == "jpg")).collect();
        jpeg.sort();
        for f in jpeg {
            if nom == "coup-01" {
                // Les pixels mêmes que lit le lecteur : la liasse ne change rien à l'image.
                pages.push(arbitre_pipeline::chargement::charger(&f).unwrap().remove(0));
            } else {
                std::fs::copy(&f, scans.join(&nom).join(f.file_name().unwrap())).unwrap();
            }
        }
    }
    pages.reverse();
    let n = pages.len();
    assert!(n >= 15, "{n} scans au coup 1");
    let mut encodeur = tiff::encoder::TiffEncoder::new(std::fs::File::create(scans.join("coup-01/liasse.tif")).unwrap()).unwrap();
    for p in &pages {
        encodeur.write_image::<tiff::encoder::colortype::Gray8>(p.width(), p.height(), p.as_raw()).unwrap();
    }
    drop(encodeur);

    let (par_fichier, par_liasse) = (tmp.path().join("fichiers"), tmp.path().join("liasse"));
    lancer(&exemple(), &par_fichier);
    let bilan = lancer(&scans, &par_liasse);
    // Chaque page est comptée : un fichier de moins par page réunie, autant de pages.
    let images = std::fs::read_dir(exemple()).unwrap().filter_map(|e| e.ok()).filter(|e| e.path().is_dir()).flat_map(|d| std::fs::read_dir(d.path()).unwrap()).filter(|f| f.as_ref().unwrap().path().extension().is_some_and(|x| x == "jpg")).count();
    assert!(bilan.contains(&format!("{} fichier(s) d'image ({images} pages)", images - n + 1)), "{bilan}");

    let (a, b) = (decisions(&par_fichier), decisions(&par_liasse));
    assert_eq!(a.len(), b.len());
    let mut pages_vues = Vec::new();
    for (cle, (decision, image)) in &a {
        let (autre, image_liasse) = &b[cle];
        assert_eq!(decision, autre, "table {} coup {} : même décision, même doute", cle.0, cle.1);
        if cle.1 == 1 {
            match (image, image_liasse) {
                (Some(_), Some(i)) => pages_vues.push(i.strip_prefix("coup-01/liasse.tif#page=").unwrap_or_else(|| panic!("{i}")).parse::<usize>().unwrap()),
                (None, None) => {}
                autre => panic!("table {} : {autre:?}", cle.0),
            }
        } else {
            assert_eq!(image, image_liasse);
        }
    }
    // Chaque page de la liasse est le bulletin d'une table, une seule fois.
    pages_vues.sort();
    pages_vues.dedup();
    assert_eq!(pages_vues.len(), n, "{pages_vues:?}");
    assert!(pages_vues.iter().all(|&p| (1..=n).contains(&p)));
}
