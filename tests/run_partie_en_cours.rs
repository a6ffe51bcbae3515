//! Une partie en cours : le double arbitre suit la partie à quelques coups de distance
//! (guide 2, item (3) : ses billets arrivent « avec quelques coups de retard »). `arbitre run
//! --jusqu-au-coup N` corrige les coups 1 à N d'une partie dont le fichier va plus loin :
//! aucun zéro « absent » ni billet pour les coups pas encore joués, des résultats après N
//! coups, les scans des coups suivants laissés de côté et comptés ; et les corrections
//! préparées alors valent encore quand la correction va plus loin.

use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

fn exemple() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/manche-exemple")
}

/// `arbitre run` sur la manche d'exemple, avec les options données : (code, sorties).
fn run(sortie: &Path, options: &[&str]) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .arg("run")
        .arg("--partie")
        .arg(exemple().join("partie.partie"))
        .arg("--scans")
        .arg(exemple())
        .arg("--joueurs")
        .arg(exemple().join("joueurs.csv"))
        .arg("--sortie")
        .arg(sortie)
        .args(options)
        .output()
        .unwrap();
    (out.status.code(), String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr))
}

/// (verdict, score) de chaque (table, coup) de `decisions.jsonl`.
fn decisions(sortie: &Path) -> BTreeMap<(u64, u64), (String, u64)> {
    std::fs::read_to_string(sortie.join("decisions.jsonl"))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .map(|v| ((v["table"].as_u64().unwrap(), v["coup"].as_u64().unwrap()), (v["verdict"].as_str().unwrap().to_string(), v["score"].as_u64().unwrap())))
        .collect()
}

#[test]
fn une_partie_en_cours_se_corrige_jusqu_au_coup_joue() {
    let tmp = tempfile::tempdir().unwrap();
    let (entiere, en_cours) = (tmp.path().join("entiere"), tmp.path().join("en-cours"));
    let (code, _) = run(&entiere, &[]);
    assert!(matches!(code, Some(0) | Some(1)));
    let (code, bilan) = run(&en_cours, &["--jusqu-au-coup", "2"]);
    assert!(matches!(code, Some(0) | Some(1)), "{bilan}");

    // Les coups 1 et 2 seulement, décidés comme dans la partie entière ; rien pour le coup 3
    // (ni absent, ni billet), ses scans comptés à part, sans être lus.
    let (a, b) = (decisions(&entiere), decisions(&en_cours));
    let attendues: BTreeMap<_, _> = a.iter().filter(|((_, coup), _)| *coup <= 2).map(|(k, v)| (*k, v.clone())).collect();
    assert_eq!(b, attendues);
    assert_eq!(b.len(), 40, "20 tables × 2 coups");
    let scans_du_coup_3 = std::fs::read_dir(exemple().join("coup-03")).unwrap().filter(|f| f.as_ref().unwrap().path().extension().is_some_and(|x| x == "jpg")).count();
    assert!(bilan.contains(&format!("{scans_du_coup_3} fichier(s) d'image des coups après le coup 2 laissé(s) de côté (partie en cours, --jusqu-au-coup 2)")), "{bilan}");
    assert!(bilan.contains("20 tables, 2 coups, partie en cours, corrigée jusqu'au coup 2 sur 3"), "{bilan}");
    assert!(!bilan.contains("aucune image de bulletin pour le(s) coup(s)"), "le coup 3 n'est pas un coup sans scans : {bilan}");
    // Les billets : le numéro du coup de chacun (item (4) du billet), jamais 3.
    let billets = std::fs::read_to_string(en_cours.join("billets.html")).unwrap();
    let coups_des_billets: Vec<&str> = billets.split("Coup N° <span class=\"n\">(4)</span></div><div class=\"grand\">").skip(1).map(|r| r.split('<').next().unwrap()).collect();
    assert!(!coups_des_billets.is_empty() && coups_des_billets.iter().all(|c| *c == "1" || *c == "2"), "{coups_des_billets:?}");
    // Les résultats sont ceux des deux premiers coups, et le disent.
    let archive: Value = serde_json::from_str(&std::fs::read_to_string(en_cours.join("archive.json")).unwrap()).unwrap();
    assert_eq!(archive["dossier"]["partie"]["coups_du_fichier"], 3);
    assert_eq!(archive["dossier"]["partie"]["coups"].as_array().unwrap().len(), 2);
    let resultats = std::fs::read_to_string(en_cours.join("resultats.html")).unwrap();
    assert!(resultats.contains("2 coups (partie en cours, corrigée jusqu&#39;au coup 2 sur 3)"), "{resultats}");
    let total_tops = archive["dossier"]["partie"]["coups"].as_array().unwrap().iter().map(|c| c["score"].as_i64().unwrap()).sum::<i64>();
    assert_eq!(archive["resultats"]["total_tops"], total_tops);
    for l in archive["resultats"]["tables"].as_array().unwrap() {
        let table = l["table"].as_u64().unwrap();
        let points: i64 = [1, 2].iter().map(|&c| b[&(table, c)].1 as i64).sum();
        let attendu = points - l["penalite_avertissements"].as_i64().unwrap() + l["bonification"].as_i64().unwrap();
        assert_eq!(l["total"].as_i64().unwrap(), attendu, "table {table} : le total de ses deux premiers coups");
    }

    // Des corrections préparées sur la page de revue de la partie en cours (son empreinte :
    // celle des deux premiers coups) valent pour la partie entière.
    let revue = std::fs::read_to_string(en_cours.join("revue.html")).unwrap();
    let empreinte = revue.split("data-empreinte-partie=\"").nth(1).and_then(|r| r.split('"').next()).unwrap();
    let corrections = tmp.path().join("corrections.txt");
    std::fs::write(&corrections, format!("# empreinte de la partie : {empreinte}\n\nbulletin table=1 coup=1\nscore: 20\n|CRASE\n\nbulletin table=1 coup=3\nscore: 20\n|CRASE\n")).unwrap();
    let (code, bilan) = run(&tmp.path().join("plus-loin"), &["--corrections", corrections.to_str().unwrap()]);
    assert!(matches!(code, Some(0) | Some(1)), "{bilan}");
    assert!(bilan.contains("lu(s) par une personne"), "{bilan}");
    // Et, jusqu'au coup 2, la correction du coup 3 attend son coup sans rien empêcher.
    let (code, bilan) = run(&tmp.path().join("encore-en-cours"), &["--jusqu-au-coup", "2", "--corrections", corrections.to_str().unwrap()]);
    assert!(matches!(code, Some(0) | Some(1)), "{bilan}");
    assert!(!decisions(&tmp.path().join("encore-en-cours")).keys().any(|&(_, c)| c == 3));

    // Au-delà de la partie : refusé, rien d'écrit.
    let (code, sortie) = run(&tmp.path().join("trop-loin"), &["--jusqu-au-coup", "4"]);
    assert_eq!(code, Some(2), "{sortie}");
    assert!(sortie.contains("--jusqu-au-coup 4 : la partie") && sortie.contains("a 3 coup(s)"), "{sortie}");
    assert!(!tmp.path().join("trop-loin").exists());
}
