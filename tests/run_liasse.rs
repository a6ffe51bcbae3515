//! Un coup scanné en une seule liasse de plusieurs pages, TIFF ou PDF (ce que laisse un
//! scanner à chargeur) : `arbitre run` lit chaque page comme un bulletin, rend compte de
//! chacune, et décide exactement comme avec un fichier par bulletin.

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
    une_liasse_se_decide_comme_un_fichier_par_bulletin("coup-01/liasse.tif", |chemin, jpeg| {
        let mut encodeur = tiff::encoder::TiffEncoder::new(std::fs::File::create(chemin).unwrap()).unwrap();
        for f in jpeg {
            // Les pixels mêmes que lit le lecteur : la liasse ne change rien à l'image.
            let p = arbitre_pipeline::chargement::charger(f).unwrap().remove(0);
            encodeur.write_image::<tiff::encoder::colortype::Gray8>(p.width(), p.height(), p.as_raw()).unwrap();
        }
    });
}

/// « Numériser vers PDF » : chaque page porte le JPEG du scan tel quel.
#[test]
fn un_coup_scanne_en_un_pdf_se_decide_comme_un_fichier_par_bulletin() {
    une_liasse_se_decide_comme_un_fichier_par_bulletin("coup-01/liasse.pdf", |chemin, jpeg| std::fs::write(chemin, pdf_de_scanner(jpeg)).unwrap());
}

/// La liasse du coup rangée à plat à côté des dossiers des autres coups, nommée par son coup
/// comme une personne nomme le fichier de son scanner : le nom dit le coup.
#[test]
fn un_coup_scanne_en_un_pdf_nomme_par_son_coup_se_decide_comme_un_fichier_par_bulletin() {
    une_liasse_se_decide_comme_un_fichier_par_bulletin("Coup n°1.pdf", |chemin, jpeg| std::fs::write(chemin, pdf_de_scanner(jpeg)).unwrap());
}

/// Un PDF d'une page par JPEG (`DCTDecode`), comme l'écrit un scanner.
fn pdf_de_scanner(jpeg: &[PathBuf]) -> Vec<u8> {
    use lopdf::{dictionary, Document, Object, Stream};
    let mut doc = Document::with_version("1.4");
    let pages_id = doc.new_object_id();
    let mut enfants: Vec<Object> = Vec::new();
    for f in jpeg {
        let img = image::open(f).unwrap();
        let (l, h) = (img.width(), img.height());
        let espace = if img.color().channel_count() == 1 { "DeviceGray" } else { "DeviceRGB" };
        let dict = dictionary! { "Type" => "XObject", "Subtype" => "Image", "Width" => l as i64, "Height" => h as i64, "ColorSpace" => espace, "BitsPerComponent" => 8, "Filter" => "DCTDecode" };
        let image_id = doc.add_object(Stream::new(dict, std::fs::read(f).unwrap()).with_compression(false));
        // La page dessine l'image à sa taille (72 dpi de page : sans effet sur les pixels lus).
        let dessin = doc.add_object(Stream::new(dictionary! {}, format!("q {l} 0 0 {h} 0 0 cm /Im0 Do Q").into_bytes()));
        let page = dictionary! { "Type" => "Page", "Parent" => pages_id, "MediaBox" => vec![0.into(), 0.into(), (l as i64).into(), (h as i64).into()], "Contents" => dessin, "Resources" => dictionary! { "XObject" => dictionary! { "Im0" => image_id } } };
        enfants.push(doc.add_object(page).into());
    }
    let n = enfants.len() as i64;
    doc.objects.insert(pages_id, Object::Dictionary(dictionary! { "Type" => "Pages", "Kids" => enfants, "Count" => n }));
    let catalogue = doc.add_object(dictionary! { "Type" => "Catalog", "Pages" => pages_id });
    doc.trailer.set("Root", catalogue);
    let mut octets = Vec::new();
    doc.save_to(&mut octets).unwrap();
    octets
}

/// Copie les scans des coups 2 et 3 de l'exemple dans `scans` (un dossier par coup, le
/// dossier du coup 1 créé vide) ; rend ceux du coup 1, triés, à ranger autrement.
fn coups_2_et_3_copies(scans: &Path) -> Vec<PathBuf> {
    let mut coup_1 = Vec::new();
    for e in std::fs::read_dir(exemple()).unwrap() {
        let d = e.unwrap().path();
        if !d.is_dir() {
            continue;
        }
        let dossier = d.file_name().unwrap().to_owned();
        std::fs::create_dir_all(scans.join(&dossier)).unwrap();
        for f in std::fs::read_dir(&d).unwrap().map(|f| f.unwrap().path()).filter(|f| f.extension().is_some_and(|x| x == "jpg")) {
            if dossier == "coup-01" {
                coup_1.push(f);
            } else {
                std::fs::copy(&f, scans.join(&dossier).join(f.file_name().unwrap())).unwrap();
            }
        }
    }
    coup_1.sort();
    coup_1
}

/// Le coup 1 réuni en une liasse `liasse` (chemin relatif au dossier des scans, écrite par
/// `ecrire` à partir des fichiers JPEG, dans l'ordre inverse : l'ordre des pages ne dit rien
/// de la table) ; les coups 2 et 3 tels quels.
fn une_liasse_se_decide_comme_un_fichier_par_bulletin(liasse: &str, ecrire: impl Fn(&Path, &[PathBuf])) {
    let tmp = tempfile::tempdir().unwrap();
    let scans = tmp.path().join("scans");
    let mut pages = coups_2_et_3_copies(&scans);
    pages.reverse();
    let n = pages.len();
    assert!(n >= 15, "{n} scans au coup 1");
    ecrire(&scans.join(liasse), &pages);

    let (par_fichier, par_liasse) = (tmp.path().join("fichiers"), tmp.path().join("liasse"));
    lancer(&exemple(), &par_fichier);
    let bilan = lancer(&scans, &par_liasse);
    // Chaque page est comptée : un fichier de moins par page réunie, autant de pages.
    let images = std::fs::read_dir(exemple()).unwrap().filter_map(|e| e.ok()).filter(|e| e.path().is_dir()).flat_map(|d| std::fs::read_dir(d.path()).unwrap()).filter(|f| f.as_ref().unwrap().path().extension().is_some_and(|x| x == "jpg")).count();
    assert!(bilan.contains(&format!("{} fichier(s) d'image ({images} pages ou bulletins)", images - n + 1)), "{bilan}");

    let (a, mut b) = (decisions(&par_fichier), decisions(&par_liasse));
    // Une liasse rangée à plat : son nom, à la place de celui des scans du coup 1.
    for (decision, image) in b.values_mut().filter(|_| !liasse.starts_with("coup-01/")) {
        if let Some(i) = image.as_mut().filter(|i| i.starts_with(liasse)) {
            *i = format!("coup-01/{i}");
        }
        *decision = serde_json::from_str(&decision.to_string().replace(liasse, "coup-01/liasse")).unwrap();
        sans_images(decision);
    }
    assert_eq!(a.len(), b.len());
    let mut pages_vues = Vec::new();
    for (cle, (decision, image)) in &a {
        let (autre, image_liasse) = &b[cle];
        assert_eq!(decision, autre, "table {} coup {} : même décision, même doute", cle.0, cle.1);
        if cle.1 == 1 {
            match (image, image_liasse) {
                (Some(_), Some(i)) => pages_vues.push(i.strip_prefix(&format!("coup-01/{}#page=", liasse.trim_start_matches("coup-01/"))).unwrap_or_else(|| panic!("{i}")).parse::<usize>().unwrap()),
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

/// Un coup scanné à plat, deux bulletins par page (une planche A4) : chaque bulletin de la
/// planche est lu et décidé comme s'il avait son propre fichier ; aucun n'est perdu (sa
/// table n'est pas comptée absente).
#[test]
fn un_coup_scanne_en_planches_de_deux_bulletins_se_decide_comme_un_fichier_par_bulletin() {
    let tmp = tempfile::tempdir().unwrap();
    let scans = tmp.path().join("scans");
    let jpeg = coups_2_et_3_copies(&scans);
    // Les pixels mêmes que lit le lecteur, deux à deux l'un au-dessus de l'autre sur une
    // page claire (PNG : rien de perdu) ; un nombre impair laisse un bulletin seul.
    for (k, paire) in jpeg.chunks(2).enumerate() {
        let pages: Vec<image::GrayImage> = paire.iter().map(|f| arbitre_pipeline::chargement::charger(f).unwrap().remove(0)).collect();
        let l = pages.iter().map(|p| p.width()).max().unwrap() + 60;
        let h = pages.iter().map(|p| p.height() + 60).sum::<u32>() + 60;
        let mut planche = image::GrayImage::from_pixel(l, h, image::Luma([238]));
        let mut y = 60;
        for p in &pages {
            image::imageops::replace(&mut planche, p, 30, y as i64);
            y += p.height() + 60;
        }
        planche.save(scans.join("coup-01").join(format!("planche-{:02}.png", k + 1))).unwrap();
    }

    let (par_fichier, par_planche) = (tmp.path().join("fichiers"), tmp.path().join("planches"));
    lancer(&exemple(), &par_fichier);
    let bilan = lancer(&scans, &par_planche);
    let (a, b) = (decisions(&par_fichier), decisions(&par_planche));
    assert_eq!(a.len(), b.len());
    let mut vus = Vec::new();
    for (cle, (decision, image)) in &a {
        let (autre, image_planche) = &b[cle];
        // Même verdict, même score, même doute.
        for champ in ["verdict", "score", "motifs", "a_verifier"] {
            assert_eq!(decision[champ], autre[champ], "table {} coup {} : {champ}\n{bilan}", cle.0, cle.1);
        }
        if cle.1 == 1 && image.is_some() {
            vus.push(image_planche.clone().unwrap_or_else(|| panic!("table {} : bulletin perdu dans sa planche\n{bilan}", cle.0)));
        }
    }
    // Chaque bulletin de chaque planche, une fois : `planche-KK.png#bulletin=1` et `=2`.
    vus.sort();
    let attendus: Vec<String> = (0..jpeg.len()).map(|i| if jpeg.len() % 2 == 1 && i == jpeg.len() - 1 { format!("coup-01/planche-{:02}.png", i / 2 + 1) } else { format!("coup-01/planche-{:02}.png#bulletin={}", i / 2 + 1, i % 2 + 1) }).collect();
    assert_eq!(vus, attendus, "{bilan}");
}

/// Le côté vide d'une feuille tel qu'un scanner le rend : papier grisé, grain, ombre du bord
/// de la feuille, deux grains de poussière ; en JPEG.
fn verso(chemin: &Path, largeur: u32, hauteur: u32, graine: u32) {
    let mut p = image::GrayImage::from_fn(largeur, hauteur, |x, y| image::Luma([244 - ((x * 31 + y * 17 + graine * 7) % 13) as u8]));
    for y in 0..hauteur {
        for x in 0..6 {
            p.put_pixel(x, y, image::Luma([60]));
        }
    }
    for (cx, cy) in [(largeur / 3, hauteur / 2 + graine % 50), (2 * largeur / 3, hauteur / 4)] {
        for d in 0..9 {
            p.put_pixel(cx + d % 3, cy + d / 3, image::Luma([70]));
        }
    }
    p.save(chemin).unwrap();
}

/// Un coup scanné recto verso : après chaque bulletin, le côté vide de la feuille. Chaque
/// verso est compté (rejeté « page blanche ») sans rien changer aux décisions : une page
/// blanche ne peut être le bulletin d'aucune table, et l'absence d'une table à ce coup
/// reste un zéro sûr (5.7). Un coup dont toutes les images sont des pages blanches (les
/// feuilles passées du mauvais côté) n'est pas un coup d'absents : ses vingt absences sont
/// à vérifier.
#[test]
fn un_coup_scanne_recto_verso_se_decide_comme_sans_ses_versos() {
    let tmp = tempfile::tempdir().unwrap();
    let scans = tmp.path().join("scans");
    let coup_1 = coups_2_et_3_copies(&scans);
    // Coup 1 : rien que des versos.
    for (k, f) in coup_1.iter().enumerate() {
        let (l, h) = image::image_dimensions(f).unwrap();
        verso(&scans.join("coup-01").join(format!("verso-{:03}.jpg", k + 1)), l, h, k as u32);
    }
    // Coup 3 : un verso après chaque bulletin.
    let mut versos = 0;
    for f in std::fs::read_dir(scans.join("coup-03")).unwrap().map(|f| f.unwrap().path()).collect::<Vec<_>>() {
        let (l, h) = image::image_dimensions(&f).unwrap();
        verso(&f.with_file_name(format!("{}-verso.jpg", f.file_stem().unwrap().to_string_lossy())), l, h, versos);
        versos += 1;
    }

    let (sans, avec) = (tmp.path().join("sans-versos"), tmp.path().join("recto-verso"));
    lancer(&exemple(), &sans);
    let bilan = lancer(&scans, &avec);
    assert!(bilan.contains(&format!("rejeté(s) : page blanche {}", versos + coup_1.len() as u32)), "{bilan}");
    // Comptées, pas nommées une à une dans le terminal.
    assert!(!bilan.contains("verso-0") && !bilan.contains("-verso.jpg"), "{bilan}");
    let (a, b) = (decisions(&sans), decisions(&avec));
    assert_eq!(a.len(), b.len());
    let mut absences_sures = 0;
    for (cle, (decision, image)) in a.iter().filter(|(cle, _)| cle.1 != 1) {
        assert_eq!((decision, image), (&b[cle].0, &b[cle].1), "table {} coup {}", cle.0, cle.1);
        absences_sures += (decision["motifs"][0] == "absent" && decision["a_verifier"] == false) as usize;
    }
    // La manche d'exemple a au moins un zéro « absent » sûr aux coups 2 et 3 : les versos
    // ne l'ont pas rendu douteux.
    assert!(absences_sures >= 1, "{a:?}");
    // Coup 1 : vingt absences, toutes à vérifier, en disant pourquoi.
    let coup_1_decide: Vec<&Value> = b.iter().filter(|(cle, _)| cle.1 == 1).map(|(_, (d, _))| d).collect();
    assert_eq!(coup_1_decide.len(), 20);
    for d in coup_1_decide {
        assert_eq!((d["motifs"][0].as_str(), d["a_verifier"].as_bool()), (Some("absent"), Some(true)), "{d}");
        assert!(d["raisons"].to_string().contains(&format!("les {} image(s) du coup 1 sont des pages blanches", coup_1.len())), "{d}");
    }
    assert!(bilan.contains("À vérifier : aucune image de bulletin pour le(s) coup(s) 1 :"), "{bilan}");
    assert!(bilan.contains("RÉSULTATS PROVISOIRES"), "{bilan}");
    // La page de revue les replie à part : elles ne noient pas les autres rejets.
    let revue = std::fs::read_to_string(avec.join("revue.html")).unwrap();
    assert!(revue.contains(&format!("<details><summary>{} page(s) blanche(s)", versos + coup_1.len() as u32)), "page de revue");
}

/// Les scans rangés en sous-dossiers, comme un scanner ou une personne les laisse : le coup 1
/// en deux lots (`coup-01/lot 1/`, `coup-01/lot 2/`), les coups 2 et 3 sous un dossier de
/// séance (`samedi/coup-02/`), et le dossier des rapports rangé parmi les scans. Mêmes
/// décisions, même scan pour chaque bulletin, qu'avec un dossier par coup ; relancé, le run
/// ne prend pas les extraits de scans de sa page de revue pour des bulletins.
#[test]
fn des_scans_ranges_en_sous_dossiers_se_decident_comme_un_dossier_par_coup() {
    let tmp = tempfile::tempdir().unwrap();
    let scans = tmp.path().join("scans");
    let mut images = 0;
    for d in std::fs::read_dir(exemple()).unwrap().map(|e| e.unwrap().path()).filter(|d| d.is_dir()) {
        let coup = d.file_name().unwrap().to_str().unwrap().to_string();
        let mut fichiers: Vec<PathBuf> = std::fs::read_dir(&d).unwrap().map(|f| f.unwrap().path()).filter(|f| f.extension().is_some_and(|x| x == "jpg")).collect();
        fichiers.sort();
        for (i, f) in fichiers.iter().enumerate() {
            let dossier = if coup == "coup-01" { scans.join(&coup).join(if i % 2 == 0 { "lot 1" } else { "lot 2" }) } else { scans.join("samedi").join(&coup) };
            std::fs::create_dir_all(&dossier).unwrap();
            std::fs::copy(f, dossier.join(f.file_name().unwrap())).unwrap();
            images += 1;
        }
    }
    let reference = tmp.path().join("reference");
    lancer(&exemple(), &reference);
    let attendu = decisions(&reference);
    let rapport = scans.join("rapport");
    for fois in 1..=2 {
        let bilan = lancer(&scans, &rapport);
        assert!(bilan.contains(&format!("{images} fichier(s) d'image :")), "run n° {fois} : {bilan}");
        assert!(bilan.contains("0 rejeté(s)"), "run n° {fois} : {bilan}");
        let vu = decisions(&rapport);
        assert_eq!(vu.len(), attendu.len());
        for (cle, (decision, image)) in &attendu {
            let (autre, image_rangee) = &vu[cle];
            let essentiel = |d: &Value| (d["verdict"].clone(), d["score"].clone(), d["a_verifier"].clone());
            assert_eq!(essentiel(decision), essentiel(autre), "table {} coup {}", cle.0, cle.1);
            let nom = |i: &Option<String>| i.as_deref().map(|i| i.rsplit('/').next().unwrap().to_string());
            assert_eq!(nom(image), nom(image_rangee), "table {} coup {}", cle.0, cle.1);
        }
    }
    assert!(rapport.join("revue").read_dir().unwrap().count() > 0, "les extraits de la revue sont bien là, parmi les scans");
}
