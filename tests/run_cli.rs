//! `arbitre run` de bout en bout sur la manche d'exemple, avec des fautes injectées :
//! fichiers corrompus et vides, doublon, page blanche, scan à l'envers, bulletin rangé
//! dans le dossier d'un autre coup, image qui n'est pas un bulletin, bulletin scanné en noir
//! et blanc, fichier texte. Chaque image finit à exactement une place, chaque table a une
//! décision à chaque coup, et les comptes du bilan s'additionnent.

use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

fn exemple() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/manche-exemple")
}

/// Copie les scans de l'exemple (dossiers coup-NN, images seulement).
fn copier_scans(vers: &Path) {
    for e in std::fs::read_dir(exemple()).unwrap() {
        let d = e.unwrap().path();
        if d.is_dir() {
            let cible = vers.join(d.file_name().unwrap());
            std::fs::create_dir_all(&cible).unwrap();
            for f in std::fs::read_dir(&d).unwrap() {
                let f = f.unwrap().path();
                if f.extension().is_some_and(|x| x == "jpg") {
                    std::fs::copy(&f, cible.join(f.file_name().unwrap())).unwrap();
                }
            }
        }
    }
}

/// Efface l'encre du cadre N° Table d'un scan (couleur du papier autour), d'après sa vérité.
fn effacer_le_numero_de_table(image: &Path, verite: &Path) {
    let v: Value = serde_json::from_str(&std::fs::read_to_string(verite).unwrap()).unwrap();
    let cadre = v["geometrie"]["cadres"].as_array().unwrap().iter().find(|c| c["role"] == "table").unwrap();
    effacer(image, &cadre["encre"]);
}

/// Efface l'encre de toutes les lettres de l'aire d'un scan, d'après sa vérité : le score et
/// la référence restent.
fn effacer_le_mot(image: &Path, verite: &Path) {
    let v: Value = serde_json::from_str(&std::fs::read_to_string(verite).unwrap()).unwrap();
    let coins: Vec<Value> = v["geometrie"]["cases"].as_array().unwrap().iter().flat_map(|c| c["encre"].as_array().unwrap().clone()).collect();
    effacer(image, &Value::Array(coins));
}

/// Remplace par le papier d'autour la boîte des points `coins` (pixels), à 3 pixels près.
fn effacer(image: &Path, coins: &Value) {
    let coins: Vec<(f64, f64)> = coins.as_array().unwrap().iter().map(|p| (p[0].as_f64().unwrap(), p[1].as_f64().unwrap())).collect();
    let borne = |f: fn(&(f64, f64)) -> f64, min: bool| {
        let it = coins.iter().map(f);
        if min { it.fold(f64::MAX, f64::min) as u32 - 3 } else { it.fold(0.0, f64::max) as u32 + 3 }
    };
    let (x0, x1, y0, y1) = (borne(|p| p.0, true), borne(|p| p.0, false), borne(|p| p.1, true), borne(|p| p.1, false));
    let mut img = image::open(image).unwrap().to_luma8();
    let dedans = |x: u32, y: u32| (x0..=x1).contains(&x) && (y0..=y1).contains(&y);
    // Le papier : la médiane d'un anneau de 5 pixels autour de l'encre.
    let mut anneau: Vec<u8> = (y0 - 5..=y1 + 5).flat_map(|y| (x0 - 5..=x1 + 5).map(move |x| (x, y))).filter(|&(x, y)| !dedans(x, y)).map(|(x, y)| img.get_pixel(x, y)[0]).collect();
    anneau.sort_unstable();
    let papier = anneau[anneau.len() / 2];
    for y in y0..=y1 {
        for x in x0..=x1 {
            img.put_pixel(x, y, image::Luma([papier]));
        }
    }
    img.save(image).unwrap();
}

fn table_vraie(image: &str) -> u32 {
    let json = exemple().join(image).with_extension("json");
    let v: Value = serde_json::from_str(&std::fs::read_to_string(json).unwrap()).unwrap();
    v["lecture"]["table"].as_u64().unwrap() as u32
}

/// Le nombre à gauche d'une ligne du bilan qui contient `texte`.
fn compte(sortie: &str, texte: &str) -> usize {
    sortie.lines().find(|l| l.contains(texte)).and_then(|l| l.split_whitespace().next()).and_then(|n| n.parse().ok()).unwrap_or_else(|| panic!("« {texte} » absent du bilan :\n{sortie}"))
}

#[test]
fn chaque_image_finit_a_une_place_et_chaque_table_a_une_decision_a_chaque_coup() {
    let tmp = tempfile::tempdir().unwrap();
    let scans = tmp.path().join("scans");
    copier_scans(&scans);
    let c1 = scans.join("coup-01");
    let c2 = scans.join("coup-02");
    let c3 = scans.join("coup-03");
    // Fichier corrompu (JPEG tronqué), fichier vide, fichier texte déguisé en image.
    let jpeg = std::fs::read(c1.join("scan-004.jpg")).unwrap();
    std::fs::write(c1.join("tronque.jpg"), &jpeg[..jpeg.len() / 3]).unwrap();
    std::fs::write(c2.join("vide.jpg"), b"").unwrap();
    std::fs::write(c2.join("pas-une-image.png"), b"ceci n'est pas une image").unwrap();
    // Page blanche, image qui n'est pas un bulletin (un dégradé bruité).
    image::GrayImage::from_pixel(1240, 1754, image::Luma([250])).save(c3.join("page-blanche.png")).unwrap();
    let photo = image::GrayImage::from_fn(900, 700, |x, y| image::Luma([((x * 7 + y * 3 + (x * y) % 97) % 256) as u8]));
    photo.save(c3.join("photo.png")).unwrap();
    // Doublon : la même image deux fois dans un coup.
    std::fs::copy(c2.join("scan-005.jpg"), c2.join("scan-005-bis.jpg")).unwrap();
    // Un scan à l'envers.
    let img = image::open(c3.join("scan-006.jpg")).unwrap().rotate180();
    img.save(c3.join("scan-006.jpg")).unwrap();
    // Un bulletin du coup 1 rangé dans le dossier du coup 2.
    std::fs::rename(c1.join("scan-007.jpg"), c2.join("scan-007-du-coup-1.jpg")).unwrap();
    let table_deplacee = table_vraie("coup-01/scan-007.jpg");
    // Un bulletin dont le numéro de table est effacé (le joueur ne l'a pas écrit).
    effacer_le_numero_de_table(&c1.join("scan-010.jpg"), &exemple().join("coup-01/scan-010.json"));
    let table_sans_numero = table_vraie("coup-01/scan-010.jpg");
    // Un fichier qui n'est pas une image : laissé de côté, jamais pris pour un bulletin.
    std::fs::write(c1.join("notes.txt"), "rien").unwrap();
    // Un bulletin scanné en « texte » : seuillé, sans un gris, enregistré en JPEG.
    let seuille = image::open(c3.join("scan-008.jpg")).unwrap().to_luma8();
    let seuille = image::GrayImage::from_fn(seuille.width(), seuille.height(), |x, y| image::Luma([if seuille.get_pixel(x, y).0[0] > 150 { 255 } else { 0 }]));
    seuille.save(c3.join("scan-008.jpg")).unwrap();
    let table_en_noir_et_blanc = table_vraie("coup-03/scan-008.jpg");

    let sortie = tmp.path().join("rapport");
    let out = Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .arg("run")
        .arg("--partie")
        .arg(exemple().join("partie.partie"))
        .arg("--joueurs")
        .arg(exemple().join("joueurs.csv"))
        .arg("--scans")
        .arg(&scans)
        .arg("--sortie")
        .arg(&sortie)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(matches!(out.status.code(), Some(0) | Some(1)), "{stdout}\n{stderr}");

    // Les images données : chaque fichier image des dossiers.
    let mut images = BTreeSet::new();
    for d in [&c1, &c2, &c3] {
        for f in std::fs::read_dir(d).unwrap() {
            let f = f.unwrap().path();
            if f.extension().is_some_and(|x| x != "txt") {
                images.insert(f.strip_prefix(&scans).unwrap().to_string_lossy().replace('\\', "/"));
            }
        }
    }
    let archive: Value = serde_json::from_str(&std::fs::read_to_string(sortie.join("archive.json")).unwrap()).unwrap();
    let dossier = &archive["dossier"];
    let mut places: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for b in dossier["bulletins"].as_array().unwrap() {
        if let Some(image) = b["verification"]["image"].as_str() {
            places.entry(image.to_string()).or_default().push(format!("bulletin table {} coup {}", b["decision"]["table"], b["decision"]["coup"]));
        }
    }
    let mut raisons: BTreeMap<String, String> = BTreeMap::new();
    for r in dossier["rejets"].as_array().unwrap() {
        let image = r["image"].as_str().unwrap().to_string();
        places.entry(image.clone()).or_default().push(format!("rejetée ({})", r["raison"]));
        raisons.insert(image, r["raison"].as_str().unwrap().to_string());
    }
    // Chaque image à exactement une place, et rien d'autre.
    for i in &images {
        assert_eq!(places.get(i).map(Vec::len), Some(1), "{i} : {:?}", places.get(i));
    }
    assert_eq!(places.keys().cloned().collect::<BTreeSet<_>>(), images, "places pour des images inconnues");

    // Les raisons des fautes injectées.
    assert_eq!(raisons["coup-01/tronque.jpg"], "image_illisible");
    assert_eq!(raisons["coup-02/vide.jpg"], "image_illisible");
    assert_eq!(raisons["coup-02/pas-une-image.png"], "image_illisible");
    assert_eq!(raisons["coup-03/page-blanche.png"], "page_blanche");
    // Le bulletin seuillé est rejeté en disant de régler le scanner, et sa table n'a pas
    // de zéro automatique à ce coup.
    assert_eq!(raisons["coup-03/scan-008.jpg"], "noir_et_blanc");
    assert!(stdout.contains("image en noir et blanc 1"), "{stdout}");
    assert!(stderr.contains("coup-03/scan-008.jpg : image en noir et blanc") && stderr.contains("réglez le scanner en gris ou en couleur"), "{stderr}");
    assert!(dossier["absences_a_verifier"].as_array().unwrap().iter().any(|a| a["table"] == table_en_noir_et_blanc && a["coup"] == 3), "table {table_en_noir_et_blanc} : zéro automatique");
    assert!(matches!(raisons["coup-03/photo.png"].as_str(), "pas_un_bulletin" | "autre_formulaire"), "{}", raisons["coup-03/photo.png"]);
    assert!(raisons.get("coup-02/scan-005.jpg").or(raisons.get("coup-02/scan-005-bis.jpg")).is_some_and(|r| r == "doublon"));
    // Le doublon s'est lu : sa lecture et l'extrait de son scan sont sur la page de revue,
    // pour qu'une personne lui donne sa table ; une image illisible n'en a pas.
    let rejets = dossier["rejets"].as_array().unwrap();
    let k = rejets.iter().position(|r| r["raison"] == "doublon").unwrap();
    assert!(rejets[k]["lecture"].as_str().is_some_and(|l| l.starts_with("bulletin table=") && l.contains(" coup=2\n")), "{}", rejets[k]);
    assert!(rejets.iter().filter(|r| r["raison"] == "image_illisible").all(|r| r.get("lecture").is_none()));
    assert!(sortie.join(format!("revue/rejet{:03}.jpg", k + 1)).is_file());
    let revue = std::fs::read_to_string(sortie.join("revue.html")).unwrap();
    assert!(revue.contains(&format!("<img src=\"revue/rejet{:03}.jpg\"", k + 1)) && revue.contains(&format!("<a href=\"#rejet{:03}\">", k + 1)));
    // Le bulletin sans numéro de table : rejeté, mais lu, avec son extrait, pour qu'une
    // personne lui donne sa table ; l'absence de sa table à ce coup n'est pas un zéro
    // automatique.
    assert_eq!(raisons["coup-01/scan-010.jpg"], "table_illisible");
    let k = rejets.iter().position(|r| r["image"] == "coup-01/scan-010.jpg").unwrap();
    assert!(rejets[k]["lecture"].as_str().is_some_and(|l| l.starts_with("bulletin table=0 coup=1\n") && l.contains("\n|")), "{}", rejets[k]);
    assert!(sortie.join(format!("revue/rejet{:03}.jpg", k + 1)).is_file());
    assert!(revue.contains(&format!("<img src=\"revue/rejet{:03}.jpg\"", k + 1)));
    assert!(dossier["absences_a_verifier"].as_array().unwrap().iter().any(|a| a["table"] == table_sans_numero && a["coup"] == 1), "table {table_sans_numero} : zéro automatique");
    // Le scan à l'envers est lu (attribué à sa table).
    let a_l_envers = places["coup-03/scan-006.jpg"][0].clone();
    assert_eq!(a_l_envers, format!("bulletin table {} coup 3", table_vraie("coup-03/scan-006.jpg")), "scan à l'envers");

    // Chaque table a une décision à chaque coup : 20 tables × 3 coups dans les résultats.
    let tables = archive["resultats"]["tables"].as_array().unwrap();
    assert_eq!(tables.len(), 20);
    assert!(tables.iter().all(|t| t["coups"].as_array().unwrap().len() == 3));
    // Le bulletin déplacé manque au coup 1 : son zéro n'est pas automatique (la table a
    // un bulletin de trop au coup 2).
    let absent = dossier["absences_a_verifier"].as_array().unwrap().iter().find(|a| a["table"] == table_deplacee && a["coup"] == 1);
    let absent = absent.unwrap_or_else(|| panic!("table {table_deplacee} au coup 1 : zéro automatique sur un bulletin rangé au coup 2"));
    assert!(!absent["raisons"].as_array().unwrap().is_empty());
    // decisions.jsonl le dit aussi, sur la ligne de l'absence.
    let decisions = std::fs::read_to_string(sortie.join("decisions.jsonl")).unwrap();
    let ligne: Value = decisions.lines().map(|l| serde_json::from_str::<Value>(l).unwrap()).find(|l| l["table"] == table_deplacee && l["coup"] == 1).unwrap();
    assert_eq!((ligne["motifs"][0].as_str(), ligne["a_verifier"].as_bool()), (Some("absent"), Some(true)));

    // Les comptes du bilan s'additionnent.
    let pages = compte(&stdout, "fichier(s) d'image");
    assert_eq!(pages, images.len());
    let somme = compte(&stdout, "décidé(s) automatiquement") + compte(&stdout, "envoyé(s) à une personne") + compte(&stdout, "rejeté(s)");
    assert_eq!(somme, pages, "{stdout}");
    assert_eq!(compte(&stdout, "rejeté(s)"), raisons.len());
    assert_eq!(compte(&stdout, "autre(s) fichier(s) laissé(s) de côté"), 1);
    // Les numéros de table confirmés par les autres bulletins du coup : autant que de
    // lignes de decisions.jsonl qui disent comment.
    let deduites = decisions.lines().filter(|l| serde_json::from_str::<Value>(l).unwrap().get("table_deduite").is_some()).count();
    if deduites > 0 {
        assert_eq!(compte(&stdout, "confirmé(s) par les autres bulletins du coup"), deduites, "{stdout}");
    } else {
        assert!(!stdout.contains("confirmé(s) par les autres bulletins du coup"), "{stdout}");
    }
}

fn lancer(args: &[&std::ffi::OsStr]) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_arbitre")).args(args).output().unwrap();
    (out.status.code(), String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr))
}

fn archive(sortie: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(sortie.join("archive.json")).unwrap()).unwrap()
}

#[test]
fn une_lecture_corrigee_par_une_personne_remplace_celle_de_la_machine() {
    let tmp = tempfile::tempdir().unwrap();
    let partie = exemple().join("partie.partie");
    let base = |sortie: &Path| -> Vec<std::ffi::OsString> {
        ["run", "--partie"].map(Into::into).into_iter().chain([partie.clone().into_os_string(), "--scans".into(), exemple().into_os_string(), "--joueurs".into(), exemple().join("joueurs.csv").into_os_string(), "--sortie".into(), sortie.as_os_str().to_owned()]).collect()
    };
    let avant = tmp.path().join("avant");
    let args = base(&avant);
    let (code, sortie) = lancer(&args.iter().map(|a| a.as_os_str()).collect::<Vec<_>>());
    assert!(matches!(code, Some(0) | Some(1)), "{sortie}");
    let a = archive(&avant);
    // Un bulletin lu sur un scan, à vérifier.
    let b = a["dossier"]["bulletins"].as_array().unwrap().iter().find(|b| b["verification"]["a_verifier"] == true && b["verification"]["image"].is_string()).expect("un bulletin à vérifier dans la manche d'exemple").clone();
    let image = b["verification"]["image"].as_str().unwrap();
    let verite: Value = serde_json::from_str(&std::fs::read_to_string(exemple().join(image).with_extension("json")).unwrap()).unwrap();
    let vraie: arbitre_engine::lecture::Lecture = serde_json::from_value(verite["lecture"].clone()).unwrap();
    // L'arbitre enregistre le fichier de corrections à côté de la page de revue, et la
    // liste des joueurs repasse par un tableur réglé en français (points-virgules, marque
    // d'ordre d'octets, fins de ligne Windows) : la même commande relancée dans le même
    // dossier les lit, et le fichier de corrections y reste, intact.
    let corrections = avant.join("corrections.txt");
    // L'en-tête qu'écrit la page de revue : l'empreinte de la partie relue.
    let revue = std::fs::read_to_string(avant.join("revue.html")).unwrap();
    let empreinte = revue.split("data-empreinte-partie=\"").nth(1).and_then(|r| r.split('"').next()).expect("empreinte de la partie sur la page de revue");
    assert_eq!(empreinte.len(), 16, "{empreinte}");
    let entete = |e: &str| format!("# Corrections de lecture relues par une personne\n# empreinte de la partie : {e}\n\n");
    // Des corrections préparées sur la page d'une autre partie : refusées, rien n'est écrit.
    let autre = tmp.path().join("corrections-autre-partie.txt");
    std::fs::write(&autre, entete("0123456789abcdef") + &vraie.vers_texte()).unwrap();
    let mut args = base(&tmp.path().join("refus"));
    args.extend(["--corrections".into(), autre.clone().into_os_string()]);
    let (code, sortie) = lancer(&args.iter().map(|a| a.as_os_str()).collect::<Vec<_>>());
    assert_eq!(code, Some(2), "{sortie}");
    assert!(sortie.contains(&format!("{}:2: ces corrections ont été préparées sur la page de revue d'une autre partie", autre.display())), "{sortie}");
    assert!(!tmp.path().join("refus").exists(), "aucun rapport écrit");
    std::fs::write(&corrections, entete(empreinte) + &vraie.vers_texte()).unwrap();
    let joueurs_tableur = tmp.path().join("joueurs-excel.csv");
    let joueurs = std::fs::read_to_string(exemple().join("joueurs.csv")).unwrap();
    std::fs::write(&joueurs_tableur, format!("\u{feff}{}", joueurs.replace(',', ";").replace('\n', "\r\n"))).unwrap();

    let apres = avant.clone();
    let mut args = base(&apres);
    let i = args.iter().position(|a| a == "--joueurs").unwrap();
    args[i + 1] = joueurs_tableur.into_os_string();
    args.extend(["--corrections".into(), corrections.clone().into_os_string()]);
    let (code, sortie) = lancer(&args.iter().map(|a| a.as_os_str()).collect::<Vec<_>>());
    assert!(matches!(code, Some(0) | Some(1)), "{sortie}");
    assert!(sortie.contains("1 lu(s) par une personne"), "{sortie}");
    assert_eq!(std::fs::read_to_string(&corrections).unwrap(), entete(empreinte) + &vraie.vers_texte());
    let a2 = archive(&apres);
    assert_eq!(a2["dossier"]["joueurs"], a["dossier"]["joueurs"], "les mêmes joueurs, noms accentués compris");
    assert!(a2["dossier"]["joueurs"].as_array().unwrap().iter().any(|j| j["nom"] == "Léa Petit"));
    let b2 = a2["dossier"]["bulletins"].as_array().unwrap().iter().find(|x| x["decision"]["table"] == b["decision"]["table"] && x["decision"]["coup"] == b["decision"]["coup"]).unwrap();
    assert_eq!(b2["verification"]["corrigee_par_une_personne"], true);
    assert_eq!(b2["verification"]["a_verifier"], false);
    assert_eq!(b2["verification"]["image"], image);
    // La décision est celle de la lecture de la personne, corrigée par le moteur.
    let (_, grade) = lancer(&["grade".as_ref(), "--partie".as_ref(), partie.as_os_str(), "--bulletins".as_ref(), corrections.as_os_str()]);
    let attendue: Value = serde_json::from_str(grade.lines().find(|l| l.starts_with('{')).unwrap()).unwrap();
    assert_eq!(b2["decision"]["verdict"], attendue["verdict"]);
    assert_eq!(b2["decision"]["score"], attendue["score"]);
    assert_eq!(b2["decision"]["verdict"], verite["intention"]["attendu"]["verdict"]);
}

/// Les scans d'un coup manquent (dossier oublié) : les vingt absences de ce coup ne sont
/// pas des zéros automatiques (5.7 vaut pour un joueur qui n'a pas rendu de bulletin), et
/// les résultats restent provisoires. Un dossier sans aucune image est une erreur qui le
/// nomme, sans rapports écrits.
#[test]
fn un_coup_sans_aucune_image_n_est_pas_une_manche_d_absents() {
    let tmp = tempfile::tempdir().unwrap();
    let scans = tmp.path().join("scans");
    copier_scans(&scans);
    std::fs::remove_dir_all(scans.join("coup-03")).unwrap();
    let partie = exemple().join("partie.partie");
    let joueurs = exemple().join("joueurs.csv");
    let sortie = tmp.path().join("rapport");
    let (code, texte) = lancer(&["run".as_ref(), "--partie".as_ref(), partie.as_os_str(), "--joueurs".as_ref(), joueurs.as_os_str(), "--scans".as_ref(), scans.as_os_str(), "--sortie".as_ref(), sortie.as_os_str()]);
    assert!(matches!(code, Some(0) | Some(1)), "{texte}");
    assert!(texte.contains("RÉSULTATS PROVISOIRES"), "{texte}");
    let a = archive(&sortie);
    let douteuses: Vec<&Value> = a["dossier"]["absences_a_verifier"].as_array().unwrap().iter().filter(|x| x["coup"] == 3).collect();
    assert_eq!(douteuses.len(), 20, "les 20 tables du coup 3");
    assert!(douteuses.iter().all(|x| x["raisons"].to_string().contains("aucune image pour le coup 3")));
    assert!(texte.contains("À vérifier : aucune image de bulletin pour le(s) coup(s) 3 :"), "{texte}");
    // Le dernier coup seul sans scans : une partie en cours, peut-être ; le conseil est dit.
    assert!(texte.contains("une partie en cours se corrige jusqu'au dernier coup scanné : --jusqu-au-coup 2"), "{texte}");

    // Un dossier sans image (ici, un document de traitement de texte seul) : erreur.
    let vide = tmp.path().join("vide");
    std::fs::create_dir_all(vide.join("coup-01")).unwrap();
    std::fs::write(vide.join("coup-01/notes.odt"), b"x").unwrap();
    let sortie = tmp.path().join("rapport-vide");
    let (code, texte) = lancer(&["run".as_ref(), "--partie".as_ref(), partie.as_os_str(), "--joueurs".as_ref(), joueurs.as_os_str(), "--scans".as_ref(), vide.as_os_str(), "--sortie".as_ref(), sortie.as_os_str()]);
    assert!(!matches!(code, Some(0) | Some(1)), "{texte}");
    assert!(texte.contains("aucune image de bulletin") && texte.contains("coup-01/notes.odt"), "{texte}");
    assert!(!sortie.join("decisions.jsonl").exists());
}

/// Un dossier de sortie qui contient ce qu'arbitre n'y a pas écrit est refusé avant la
/// lecture des scans : l'arbitre l'apprend tout de suite, pas après des minutes de lecture
/// d'une manche entière, et rien n'est écrit.
#[test]
fn un_dossier_de_sortie_refuse_l_est_avant_la_lecture_des_scans() {
    let tmp = tempfile::tempdir().unwrap();
    let scans = tmp.path().join("scans");
    std::fs::create_dir_all(scans.join("coup-01")).unwrap();
    std::fs::copy(exemple().join("coup-01/scan-001.jpg"), scans.join("coup-01/scan-001.jpg")).unwrap();
    std::fs::write(scans.join("coup-01/casse.jpg"), b"\xff\xd8\xff pas un JPEG").unwrap();
    let sortie = tmp.path().join("rapport");
    std::fs::create_dir_all(&sortie).unwrap();
    std::fs::write(sortie.join("notes.txt"), "mes notes").unwrap();
    let partie = exemple().join("partie.partie");
    let (code, texte) = lancer(&["run".as_ref(), "--partie".as_ref(), partie.as_os_str(), "--scans".as_ref(), scans.as_os_str(), "--sortie".as_ref(), sortie.as_os_str()]);
    assert_eq!(code, Some(2), "{texte}");
    assert!(texte.contains("notes.txt") && texte.contains("rien n'a été écrit"), "{texte}");
    assert!(!texte.contains("casse.jpg") && !texte.contains("image rejetée"), "aucun scan lu : {texte}");
    let reste: Vec<_> = std::fs::read_dir(&sortie).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(reste, ["notes.txt"]);
    assert_eq!(std::fs::read_to_string(sortie.join("notes.txt")).unwrap(), "mes notes");
}

/// Les lignes de `decisions.jsonl`, par (table, coup).
fn decisions(sortie: &Path) -> BTreeMap<(u64, u64), Value> {
    std::fs::read_to_string(sortie.join("decisions.jsonl")).unwrap().lines().map(|l| serde_json::from_str::<Value>(l).unwrap()).map(|v| ((v["table"].as_u64().unwrap(), v["coup"].as_u64().unwrap()), v)).collect()
}

/// Une personne donne à leur bulletin deux scans que la machine n'y avait pas rangés : une
/// image rejetée (numéro de table effacé), et un scan rangé à une autre table. La ligne
/// `scan:` de chaque correction emmène son image : chaque image reste à une seule place, et
/// `decisions.jsonl` nomme l'image de chaque bulletin corrigé. Une correction qui nomme un
/// scan inconnu est refusée en nommant sa ligne ; la machine décide ce bulletin sans elle.
#[test]
fn une_correction_emmene_le_scan_qu_elle_nomme() {
    let tmp = tempfile::tempdir().unwrap();
    let scans = tmp.path().join("scans");
    copier_scans(&scans);
    effacer_le_numero_de_table(&scans.join("coup-01/scan-010.jpg"), &exemple().join("coup-01/scan-010.json"));
    let table_sans_numero = table_vraie("coup-01/scan-010.jpg");
    let partie = exemple().join("partie.partie");
    let joueurs = exemple().join("joueurs.csv");
    let run = |sortie: &Path, corrections: Option<&Path>| {
        let mut args: Vec<&std::ffi::OsStr> = vec!["run".as_ref(), "--partie".as_ref(), partie.as_os_str(), "--joueurs".as_ref(), joueurs.as_os_str(), "--scans".as_ref(), scans.as_os_str(), "--sortie".as_ref(), sortie.as_os_str()];
        if let Some(c) = corrections {
            args.extend(["--corrections".as_ref(), c.as_os_str()]);
        }
        let (code, texte) = lancer(&args);
        assert!(matches!(code, Some(0) | Some(1)), "{texte}");
        texte
    };
    let avant = tmp.path().join("avant");
    run(&avant, None);
    let a = archive(&avant);
    // La lecture de l'image rejetée, telle que la page de revue la donne : elle nomme son scan.
    let rejet = a["dossier"]["rejets"].as_array().unwrap().iter().find(|r| r["image"] == "coup-01/scan-010.jpg").unwrap();
    let lecture = rejet["lecture"].as_str().unwrap();
    assert!(lecture.starts_with("bulletin table=0 coup=1\nscan: coup-01/scan-010.jpg\n"), "{lecture}");
    // Un scan du coup 2 rangé à la table A, que la personne donne à la table B, absente.
    let d = decisions(&avant);
    let &(b, _) = d.keys().find(|&&(t, c)| c == 2 && d[&(t, c)]["motifs"][0] == "absent").expect("une table absente au coup 2");
    let (&(table_a, _), ligne_a) = d.iter().find(|(&(_, c), v)| c == 2 && v["image"].is_string()).unwrap();
    let scan_a = ligne_a["image"].as_str().unwrap().to_string();
    let (&(table_c, _), ligne_c) = d.iter().find(|(&(_, c), v)| c == 3 && v["image"].is_string()).unwrap();
    let corrections = tmp.path().join("corrections.txt");
    std::fs::write(
        &corrections,
        format!(
            "{}\nbulletin table={b} coup=2\nscan: {scan_a}\nscore: 20\n|SERAC\n\nbulletin table={table_c} coup=3\nscan: coup-03/inexistant.jpg\nscore: 20\n|SERAC\n",
            lecture.replace("table=0", &format!("table={table_sans_numero}"))
        ),
    )
    .unwrap();

    let apres = tmp.path().join("apres");
    let texte = run(&apres, Some(&corrections));
    let d2 = decisions(&apres);
    let corrigee = |t: u64, c: u64, image: &str| {
        let v = &d2[&(t, c)];
        assert_eq!((v["image"].as_str(), v["corrigee_par_une_personne"].as_bool()), (Some(image), Some(true)), "table {t} coup {c} : {v}");
    };
    corrigee(table_sans_numero as u64, 1, "coup-01/scan-010.jpg");
    corrigee(b, 2, &scan_a);
    // La table A n'a plus de bulletin lu au coup 2.
    assert_eq!((d2[&(table_a, 2)]["motifs"][0].as_str(), d2[&(table_a, 2)]["image"].as_str()), (Some("absent"), None), "{}", d2[&(table_a, 2)]);
    // Le scan inconnu : la correction est refusée, la machine décide sur son scan.
    assert!(texte.contains("scan inconnu de la manche : coup-03/inexistant.jpg"), "{texte}");
    assert!(texte.contains("corrections.txt:"), "{texte}");
    assert_eq!((d2[&(table_c, 3)]["image"].as_str(), d2[&(table_c, 3)]["corrigee_par_une_personne"].as_bool()), (ligne_c["image"].as_str(), Some(false)));
    assert!(texte.contains("2 lu(s) par une personne") && !texte.contains("sans scan"), "{texte}");
    // Une personne a voulu corriger ce bulletin : sa décision, même sûre pour la machine,
    // attend qu'elle reprenne sa ligne ; il n'est pas compté une seconde fois comme un
    // bulletin illisible à zéro.
    let raisons = d2[&(table_c, 3)]["raisons"].to_string();
    assert!(d2[&(table_c, 3)]["a_verifier"] == true && raisons.contains("correction non appliquée") && raisons.contains("corrections.txt:"), "{}", d2[&(table_c, 3)]);
    assert!(texte.contains("1 correction(s) de personnes non appliquée(s)") && !texte.contains("illisible ou non corrigé") && !texte.contains("illisibles ou non corrigés"), "{texte}");
    // Le fichier de corrections et la partie sont nommés par leur nom seul dans les rapports :
    // ni l'archive ni les décisions ne portent un dossier de cette machine.
    let ici = tmp.path().to_str().unwrap();
    for f in ["archive.json", "decisions.jsonl"] {
        let contenu = std::fs::read_to_string(apres.join(f)).unwrap();
        for dossier in [ici, env!("CARGO_MANIFEST_DIR")] {
            assert!(contenu.contains("corrections.txt") && !contenu.contains(dossier), "{f} nomme {dossier}");
        }
    }

    // Chaque image à une seule place.
    let rejets: Vec<String> = std::fs::read_to_string(apres.join("rejets.jsonl")).unwrap().lines().map(|l| serde_json::from_str::<Value>(l).unwrap()["image"].as_str().unwrap().to_string()).collect();
    let mut places: Vec<String> = d2.values().filter_map(|v| v["image"].as_str().map(String::from)).chain(rejets).collect();
    places.sort();
    let n = places.len();
    places.dedup();
    assert_eq!(places.len(), n, "une image à deux places");
    let images = ["coup-01", "coup-02", "coup-03"].iter().flat_map(|c| std::fs::read_dir(scans.join(c)).unwrap()).count();
    assert_eq!(n, images);
}

/// Des bulletins rangés dans le dossier d'un autre coup : deux scans d'une même table
/// échangés entre les coups 1 et 2, et le bulletin du coup 1 d'une table absente au coup 2
/// passé dans le dossier du coup 2. Corrigé avec le tirage d'un autre coup, chacun est un
/// zéro, et la table déplacée compte une absence au coup 1 : quatre zéros faux, dont la
/// machine décidait seule ceux aux lectures sûres (deux sur la manche livrée). Chacun est
/// maintenant à vérifier, la raison nommant le coup dont la lecture serait la solution.
#[test]
fn un_bulletin_range_dans_le_dossier_d_un_autre_coup_n_est_pas_un_zero_automatique() {
    let tmp = tempfile::tempdir().unwrap();
    let partie = exemple().join("partie.partie");
    let joueurs = exemple().join("joueurs.csv");
    let lancer_sur = |scans: &Path, sortie: &Path| {
        let (code, texte) = lancer(&["run".as_ref(), "--partie".as_ref(), partie.as_os_str(), "--joueurs".as_ref(), joueurs.as_os_str(), "--scans".as_ref(), scans.as_os_str(), "--sortie".as_ref(), sortie.as_os_str()]);
        assert!(matches!(code, Some(0) | Some(1)), "{texte}");
        decisions(sortie)
    };
    let avant = lancer_sur(&exemple(), &tmp.path().join("avant"));
    let automatique_valide = |t: u64, c: u64| avant.get(&(t, c)).is_some_and(|d| d["a_verifier"] == false && d["verdict"] == "valide");
    // Une table aux bulletins des coups 1 et 2 décidés seuls, valides ; une table absente au
    // coup 2 dont le bulletin du coup 1 est décidé seul, valide.
    let echangee = (1..=20).find(|&t| automatique_valide(t, 1) && automatique_valide(t, 2)).expect("une table valide aux coups 1 et 2");
    let deplacee = (1..=20).find(|&t| automatique_valide(t, 1) && avant[&(t, 2)]["image"].is_null()).expect("une table absente au coup 2");
    let image = |t: u64, c: u64| avant[&(t, c)]["image"].as_str().unwrap().to_string();
    let scans = tmp.path().join("scans");
    copier_scans(&scans);
    let (un, deux) = (image(echangee, 1), image(echangee, 2));
    std::fs::rename(scans.join(&un), tmp.path().join("x.jpg")).unwrap();
    std::fs::rename(scans.join(&deux), scans.join(&un)).unwrap();
    std::fs::rename(tmp.path().join("x.jpg"), scans.join(&deux)).unwrap();
    let deplace = format!("coup-02/{}-du-coup-1.jpg", Path::new(&image(deplacee, 1)).file_stem().unwrap().to_string_lossy());
    std::fs::rename(scans.join(image(deplacee, 1)), scans.join(&deplace)).unwrap();

    let apres = lancer_sur(&scans, &tmp.path().join("apres"));
    let raisons = |t: u64, c: u64| apres[&(t, c)]["raisons"].as_array().unwrap().iter().map(|r| r.as_str().unwrap().to_string()).collect::<Vec<_>>();
    for (t, c, autre) in [(echangee, 1, 2), (echangee, 2, 1), (deplacee, 2, 1)] {
        let d = &apres[&(t, c)];
        assert_eq!(d["a_verifier"], true, "table {t} coup {c} : {d}");
        assert!(raisons(t, c).iter().any(|r| r.contains(&format!("serait une solution du coup {autre} : ce bulletin est peut-être celui du coup {autre}, rangé dans le dossier du coup {c}"))), "table {t} coup {c} : {:?}", raisons(t, c));
    }
    // L'absence de la table déplacée au coup 1 : son bulletin est nommé.
    let absence = &apres[&(deplacee, 1)];
    assert!(absence["image"].is_null() && absence["a_verifier"] == true, "{absence}");
    assert!(raisons(deplacee, 1).iter().any(|r| r.contains(&format!("le scan {deplace} (table {deplacee}, dossier du coup 2) se lit comme une solution de ce coup-ci"))), "{:?}", raisons(deplacee, 1));
    // Aucune autre décision automatique ne change.
    let autres = |d: &BTreeMap<(u64, u64), Value>| d.iter().filter(|(&(t, _), _)| t != echangee && t != deplacee).filter(|(_, v)| v["a_verifier"] == false).map(|(k, v)| (*k, v["verdict"].clone(), v["score"].clone())).collect::<Vec<_>>();
    assert_eq!(autres(&apres), autres(&avant));
}

/// Les scans d'une partie corrigés avec le fichier d'une autre (`--partie` de la partie
/// suivante de la journée), ou des dossiers de coups mal numérotés : chaque bulletin est
/// corrigé avec un tirage qui n'est pas le sien, et tous sont des zéros — décidés seuls
/// dès que la lecture est sûre (six zéros automatiques faux sur la manche livrée, dossiers
/// décalés, avec l'exécutable d'avant). Aucun n'est plus décidé seul, et le bilan dit
/// pourquoi.
#[test]
fn des_scans_d_une_autre_partie_ou_d_un_autre_coup_ne_donnent_aucun_zero_automatique() {
    let tmp = tempfile::tempdir().unwrap();
    let joueurs = exemple().join("joueurs.csv");
    let autre_partie = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/validation/eliot-games/fumee.partie");
    // Les dossiers des coups décalés : le coup 1 dans coup-02, le 2 dans coup-03, le 3 dans coup-01.
    let decales = tmp.path().join("decales");
    copier_scans(&decales);
    std::fs::rename(decales.join("coup-03"), decales.join("x")).unwrap();
    std::fs::rename(decales.join("coup-02"), decales.join("coup-03")).unwrap();
    std::fs::rename(decales.join("coup-01"), decales.join("coup-02")).unwrap();
    std::fs::rename(decales.join("x"), decales.join("coup-01")).unwrap();
    for (nom, partie, scans) in [("autre-partie", autre_partie, exemple()), ("decales", exemple().join("partie.partie"), decales.clone())] {
        let sortie = tmp.path().join(format!("rapport-{nom}"));
        let (code, texte) = lancer(&["run".as_ref(), "--partie".as_ref(), partie.as_os_str(), "--joueurs".as_ref(), joueurs.as_os_str(), "--scans".as_ref(), scans.as_os_str(), "--sortie".as_ref(), sortie.as_os_str()]);
        assert!(matches!(code, Some(0) | Some(1)), "{texte}");
        let lus: Vec<Value> = decisions(&sortie).into_values().filter(|d| !d["image"].is_null()).collect();
        assert_eq!(lus.len(), 57, "{nom}");
        assert!(lus.iter().all(|d| d["a_verifier"] == true), "{nom} : une décision automatique");
        assert!(lus.iter().all(|d| d["raisons"].as_array().unwrap().iter().any(|r| r.as_str().unwrap().contains("sont peut-être ceux d'une autre partie"))), "{nom}");
        assert_eq!(compte(&texte, "décidé(s) automatiquement"), 0, "{texte}");
        assert!(texte.contains("À vérifier : presque aucun bulletin payé au(x) coup(s) 1, 2, 3 :"), "{texte}");
        // L'index et la feuille de suivi le disent aussi, et l'archive le garde.
        for page in ["index.html", "suivi.html"] {
            let html = std::fs::read_to_string(sortie.join(page)).unwrap();
            assert!(html.contains("presque aucun bulletin payé au(x) coup(s) 1, 2, 3 : leurs scans sont peut-être ceux d&#39;une autre partie") || html.contains("presque aucun bulletin payé au(x) coup(s) 1, 2, 3 : leurs scans sont peut-être ceux d'une autre partie"), "{nom} : {page}");
        }
        let alertes = archive(&sortie)["dossier"]["alertes_des_scans"].clone();
        assert!(alertes.as_array().unwrap().iter().any(|a| a.as_str().unwrap().starts_with("presque aucun bulletin payé au(x) coup(s) 1, 2, 3 :")), "{nom} : {alertes}");
    }
    // Les scans de la manche avec leur partie : aucun coup suspect.
    let (_, texte) = lancer(&["run".as_ref(), "--partie".as_ref(), exemple().join("partie.partie").as_os_str(), "--joueurs".as_ref(), joueurs.as_os_str(), "--scans".as_ref(), exemple().as_os_str(), "--sortie".as_ref(), tmp.path().join("juste").as_os_str()]);
    assert!(!texte.contains("presque aucun bulletin payé"), "{texte}");
}

/// `arbitre rapports` refait, octet pour octet, tout ce qu'`arbitre run` a écrit depuis son
/// archive (sauf les extraits de scans, qui n'y sont pas) : les probabilités des lectures
/// relues du JSON gardent leur dernier chiffre (sans cela, `decisions.jsonl` et l'archive
/// refaits différaient au dix-septième chiffre de quelques probabilités).
#[test]
fn les_rapports_d_une_manche_lue_se_refont_octet_pour_octet() {
    let tmp = tempfile::tempdir().unwrap();
    let (lue, refaite) = (tmp.path().join("lue"), tmp.path().join("refaite"));
    let partie = exemple().join("partie.partie");
    let (code, sortie) = lancer(&["run".as_ref(), "--partie".as_ref(), partie.as_os_str(), "--scans".as_ref(), exemple().as_os_str(), "--sortie".as_ref(), lue.as_os_str()]);
    assert!(matches!(code, Some(0) | Some(1)), "{sortie}");
    let (code, sortie) = lancer(&["rapports".as_ref(), "--archive".as_ref(), lue.join("archive.json").as_os_str(), "--sortie".as_ref(), refaite.as_os_str()]);
    assert!(matches!(code, Some(0) | Some(1)), "{sortie}");
    let mut fichiers = 0;
    // Tous, sauf les lectures de la machine : pas dans l'archive, `run` seul les écrit.
    let lectures = std::ffi::OsStr::new(arbitre_reports::rapports::LECTURES_MACHINE);
    assert!(!refaite.join(lectures).exists() && lue.join(lectures).exists());
    for f in std::fs::read_dir(&lue).unwrap().map(|f| f.unwrap().path()).filter(|f| f.is_file() && f.file_name() != Some(lectures)) {
        let nom = f.file_name().unwrap();
        assert!(std::fs::read(&f).unwrap() == std::fs::read(refaite.join(nom)).unwrap(), "{nom:?} refait autrement");
        fichiers += 1;
    }
    assert!(fichiers >= 11, "{fichiers} fichiers");
    let archive = std::fs::read_to_string(lue.join("archive.json")).unwrap();
    assert!(archive.contains("\"alternatives\""), "l'archive porte les probabilités des lectures");
}

/// Un retardataire (colonne `arrivee` de `--joueurs`) n'a pas de bulletin avant son premier
/// coup : c'est un retard (6.2), ni une absence (5.7) ni une absence à vérifier. Le bilan
/// compte les mêmes bulletins manquants et à vérifier que les résultats.
#[test]
fn un_retardataire_n_est_pas_absent_avant_son_arrivee() {
    let tmp = tempfile::tempdir().unwrap();
    let scans = tmp.path().join("scans");
    copier_scans(&scans);
    let retardataire = table_vraie("coup-01/scan-003.jpg");
    std::fs::remove_file(scans.join("coup-01/scan-003.jpg")).unwrap();
    let joueurs = tmp.path().join("joueurs.csv");
    let texte = std::fs::read_to_string(exemple().join("joueurs.csv")).unwrap();
    // `table,nom,arrivee` : la colonne arrivee, vide pour tous, dit 2 pour lui.
    let texte: String = texte.lines().map(|l| if l.starts_with(&format!("{retardataire},")) { format!("{l}2\n") } else { format!("{l}\n") }).collect();
    assert!(texte.lines().any(|l| l.starts_with(&format!("{retardataire},")) && l.ends_with(",2")), "{texte}");
    std::fs::write(&joueurs, texte).unwrap();
    let partie = exemple().join("partie.partie");
    let sortie = tmp.path().join("rapport");
    let (code, texte) = lancer(&["run".as_ref(), "--partie".as_ref(), partie.as_os_str(), "--joueurs".as_ref(), joueurs.as_os_str(), "--scans".as_ref(), scans.as_os_str(), "--sortie".as_ref(), sortie.as_os_str()]);
    assert_eq!(code, Some(0), "{texte}");
    assert!(!decisions(&sortie).contains_key(&(retardataire as u64, 1)), "pas de zéro « absent » avant l'arrivée");
    let a = archive(&sortie);
    assert!(!a["dossier"]["absences_a_verifier"].as_array().unwrap().iter().any(|x| x["table"] == retardataire && x["coup"] == 1), "{}", a["dossier"]["absences_a_verifier"]);
    // Les comptes du bilan sont ceux des résultats.
    let absents = a["resultats"]["absents"].as_array().unwrap().len();
    assert!(texte.contains(&format!("{absents} bulletin(s) manquant(s) (zéro, 5.7)")), "{texte}");
    let provisoires = texte.split("RÉSULTATS PROVISOIRES : ").nth(1).and_then(|t| t.split_whitespace().next()).unwrap_or("0").to_string();
    assert!(texte.contains(&format!("vérifiez les {provisoires} bulletin(s)")), "{texte}");
}

/// `arbitre run` sur la manche d'exemple aux scans `scans` (l'un d'eux changé par le test),
/// vers `dossier/rapport` : ses décisions, par table et coup.
fn decisions_du_run(dossier: &Path, scans: &Path) -> BTreeMap<(u64, u64), Value> {
    let (partie, joueurs, sortie) = (exemple().join("partie.partie"), exemple().join("joueurs.csv"), dossier.join("rapport"));
    let (code, texte) = lancer(&["run".as_ref(), "--partie".as_ref(), partie.as_os_str(), "--joueurs".as_ref(), joueurs.as_os_str(), "--scans".as_ref(), scans.as_os_str(), "--sortie".as_ref(), sortie.as_os_str()]);
    assert!(matches!(code, Some(0) | Some(1)), "{texte}");
    decisions(&sortie)
}

/// Un bulletin écrit d'une encre trop pâle pour être lue (ici, le scan entier éclairci :
/// chaque niveau de gris v ramené à 255 − 0,55 × (255 − v)) : le mot n'est pas lu, et la
/// machine n'en décide rien seule — le bulletin est à vérifier, en disant où est l'encre
/// pâle. Sans cela, l'aire vide se lisait sûrement, et la table avait un zéro automatique.
#[test]
fn une_ecriture_trop_pale_n_est_jamais_decidee_sans_personne() {
    let tmp = tempfile::tempdir().unwrap();
    let scans = tmp.path().join("scans");
    copier_scans(&scans);
    let chemin = scans.join("coup-01/scan-017.jpg");
    let img = image::open(&chemin).unwrap().to_luma8();
    let pale = image::GrayImage::from_fn(img.width(), img.height(), |x, y| image::Luma([(255.0 - (255.0 - img.get_pixel(x, y).0[0] as f32) * 0.55).round() as u8]));
    pale.save(&chemin).unwrap();
    let table = table_vraie("coup-01/scan-017.jpg") as u64;
    let d = &decisions_du_run(tmp.path(), &scans)[&(table, 1)];
    assert_eq!(d["image"], "coup-01/scan-017.jpg", "{d}");
    assert_eq!(d["a_verifier"], true, "{d}");
    assert!(d["raisons"].to_string().contains("encre trop pâle pour être lue dans"), "{d}");
}

/// Un bulletin dont aucune lettre n'est lue, mais qui porte un score : le mot a peut-être
/// échappé à la machine (ici, effacé du scan) ; le zéro d'un bulletin vierge n'est pas
/// décidé sans personne.
#[test]
fn un_bulletin_sans_mot_lu_mais_avec_un_score_est_a_verifier() {
    let tmp = tempfile::tempdir().unwrap();
    let scans = tmp.path().join("scans");
    copier_scans(&scans);
    effacer_le_mot(&scans.join("coup-02/scan-004.jpg"), &exemple().join("coup-02/scan-004.json"));
    let table = table_vraie("coup-02/scan-004.jpg") as u64;
    let d = &decisions_du_run(tmp.path(), &scans)[&(table, 2)];
    assert_eq!((d["image"].as_str(), d["motifs"][0].as_str(), d["a_verifier"].as_bool()), (Some("coup-02/scan-004.jpg"), Some("vierge"), Some(true)), "{d}");
    assert!(d["raisons"].to_string().contains("aucun mot lu, mais un score ou une référence écrits"), "{d}");
}

/// Une traînée du scanner (la vitre sale d'un chargeur : un trait droit, à la même place sur
/// chaque page) sur tous les scans du coup 2. Elle est effacée avant la lecture : un bulletin
/// qu'elle ne traverse pas là où le joueur a écrit se décide comme sans elle ; un bulletin
/// dont elle traverse l'écriture ou un cadre est à vérifier, en le disant (un trait d'encre
/// a pu s'effacer avec elle) ; les rapports disent de nettoyer le scanner. Lue telle quelle,
/// elle encrait chaque case traversée.
#[test]
fn une_trainee_du_scanner_est_effacee_avant_la_lecture_et_dite() {
    let tmp = tempfile::tempdir().unwrap();
    let propre = tmp.path().join("propre");
    std::fs::create_dir_all(&propre).unwrap();
    let sans_trainee = decisions_du_run(&propre, &exemple());
    let scans = tmp.path().join("scans");
    copier_scans(&scans);
    for f in std::fs::read_dir(scans.join("coup-02")).unwrap() {
        let f = f.unwrap().path();
        let mut img = image::open(&f).unwrap().to_luma8();
        let x = img.width() * 3 / 10;
        for y in 0..img.height() {
            for dx in 0..2 {
                img.put_pixel(x + dx, y, image::Luma([60]));
            }
        }
        img.save(&f).unwrap();
    }
    let avec = decisions_du_run(tmp.path(), &scans);
    let coup_2: Vec<_> = avec.iter().filter(|((_, c), d)| *c == 2 && !d["image"].is_null()).collect();
    let traverses = coup_2.iter().filter(|(_, d)| d["a_verifier"] == true && d["raisons"].to_string().contains("traînée du scanner")).count();
    let seuls: Vec<_> = coup_2.iter().filter(|(_, d)| d["a_verifier"] == false).collect();
    assert!(traverses >= 1, "{coup_2:?}");
    assert!(!seuls.is_empty(), "aucun bulletin du coup 2 décidé seul : {coup_2:?}");
    for (cle, d) in seuls {
        let s = &sans_trainee[cle];
        assert_eq!((&d["verdict"], &d["score"]), (&s["verdict"], &s["score"]), "{cle:?}");
    }
    let index = std::fs::read_to_string(tmp.path().join("rapport/index.html")).unwrap();
    assert!(index.contains("traversé(s) d&#39;une traînée"), "{index}");
}
