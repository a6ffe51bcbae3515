//! Le modèle livré, sur les scans livrés (`samples/manche-exemple/`, écritures d'évaluation
//! jamais vues à l'entraînement), lit ce que dit la vérité terrain dans les bornes que
//! l'évaluation à grande échelle soutient (models/README.md : 2 000 bulletins) — avec la
//! marge d'un échantillon de 57 — et aucune décision automatique ne paie un joueur moins que
//! la vérité.

use serde_json::Value;
use std::path::Path;
use std::process::Command;

fn part(v: &Value) -> f64 {
    v["justes"].as_f64().unwrap() / v["total"].as_f64().unwrap()
}

#[test]
fn le_modele_livre_lit_les_scans_livres_dans_les_bornes_de_l_evaluation() {
    let racine = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tmp = tempfile::tempdir().unwrap();
    let sortie = tmp.path().join("mesures.json");
    let o = Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .args(["evaluer", "--manche"])
        .arg(racine.join("samples/manche-exemple"))
        .arg("--sortie")
        .arg(&sortie)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let m: Value = serde_json::from_str(&std::fs::read_to_string(&sortie).unwrap()).unwrap();
    let l = &m["lecture"]["tout"];
    assert_eq!(l["bulletins"], 57);
    assert!(m["lecture"].get("en_minuscules").is_none(), "la manche livrée est écrite en capitales");
    // Bornes : la mesure sur 2 000 bulletins (95,6 % des lettres, 96,9 % des tables, 96,4 %
    // des scores, 95,0 % des références) moins la marge d'un échantillon de 57 bulletins
    // (trois écarts types, environ 0,09).
    assert_eq!(part(&l["recalage"]), 1.0, "chaque scan recalé dans le bon sens : {l}");
    assert!(part(&l["lettres"]) >= 0.93, "lettres : {l}");
    assert!(part(&l["table"]) >= 0.88, "numéros de table : {l}");
    assert!(part(&l["score"]) >= 0.87, "scores : {l}");
    assert!(part(&l["reference"]) >= 0.85, "références : {l}");
    let rappel = |x: &Value| x["vrais_positifs"].as_f64().unwrap() / (x["vrais_positifs"].as_f64().unwrap() + x["faux_negatifs"].as_f64().unwrap());
    assert!(rappel(&l["entourees"]) >= 0.85 && rappel(&l["barrees"]) >= 0.85, "jokers et cases barrées : {l}");
    // La calibration est écrite avec ce qu'elle mesure : chaque champ de chaque bulletin lu,
    // et une erreur attendue qui reste celle d'un petit échantillon (2 000 bulletins : 0,5 à
    // 0,7 % ; 57 ici).
    assert_eq!(l["calibration_champs"]["n"], 57 * 3, "{l}");
    for c in ["calibration_cases", "calibration_cadres", "calibration_cadres_un_caractere", "calibration_champs"] {
        assert!(l[c]["ece"].as_f64().is_some_and(|e| (0.0..0.06).contains(&e)), "{c} : {l}");
    }
    // Les décisions : chaque (table, coup) de la vérité mesuré, aucune décision automatique
    // ne paie moins que la vérité, et aucune pour un bulletin qui n'existe pas.
    let d = &m["decisions"];
    assert_eq!(d["bulletins"], 60, "20 tables × 3 coups, absents compris");
    assert_eq!(d["automatiques"].as_u64().unwrap() + d["a_verifier"].as_u64().unwrap(), 60);
    assert_eq!(d["moins_payes"], 0, "{d}");
    assert_eq!(d["fantomes"], 0, "{d}");
    // Selon la décision vraie : chaque bulletin compté une fois, sous sa décision ; les trois
    // absents de la manche livrée sous « absent ».
    let par = d["par_verite"].as_object().unwrap();
    for champ in ["bulletins", "automatiques", "a_verifier", "automatiques_justes"] {
        assert_eq!(par.values().map(|v| v[champ].as_u64().unwrap()).sum::<u64>(), d[champ].as_u64().unwrap(), "{champ} : {d}");
    }
    assert_eq!(par["absent"]["bulletins"], 3, "{d}");
    assert!(par["valide"]["bulletins"].as_u64().unwrap() >= 20, "{d}");
}

/// Des joueurs qui écrivent en minuscules (permis : le règlement ne demande des capitales que
/// « de préférence », 4.2). Le modèle n'a appris que des capitales et lit mal leurs lettres,
/// parfois sûrement (un l lu I, un a lu Q, models/README.md) : aucune décision automatique ne
/// paie pour autant un joueur autrement que la vérité, alors que la manche en décide seule
/// (ses coups ne sont pas tous mis à vérifier en bloc).
#[test]
fn un_joueur_qui_ecrit_en_minuscules_n_est_jamais_paye_autrement_sans_personne() {
    let racine = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tmp = tempfile::tempdir().unwrap();
    let manche = tmp.path().join("manche");
    let o = Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .args(["echantillons", "--partie", "samples/rosace.partie", "--tables", "16", "--coups", "1-3", "--graine", "5", "--minuscules", "0.5", "--dpi-max", "250", "--sortie"])
        .arg(&manche)
        .current_dir(racine)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let joueurs: String = std::iter::once("table,nom\n".to_string()).chain((1..=16).map(|t| format!("{t},Joueur {t}\n"))).collect();
    std::fs::write(manche.join("joueurs.csv"), joueurs).unwrap();
    let sortie = tmp.path().join("mesures.json");
    let o = Command::new(env!("CARGO_BIN_EXE_arbitre")).args(["evaluer", "--manche"]).arg(&manche).arg("--sortie").arg(&sortie).output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let m: Value = serde_json::from_str(&std::fs::read_to_string(&sortie).unwrap()).unwrap();
    // Les bulletins en minuscules mesurés à part : lus bien moins juste que les autres.
    let min = &m["lecture"]["en_minuscules"];
    assert!(min["bulletins"].as_u64().unwrap() >= 10, "{min}");
    assert!(part(&min["lettres"]) < part(&m["lecture"]["tout"]["lettres"]), "{}", m["lecture"]);
    let d = &m["decisions"];
    assert_eq!(d["bulletins"], 48, "{d}");
    assert_eq!((&d["moins_payes"], &d["plus_payes"], &d["fantomes"]), (&Value::from(0), &Value::from(0), &Value::from(0)), "{d}");
    assert_eq!(d["automatiques_justes"], d["automatiques"], "{d}");
    assert!(d["automatiques"].as_u64().unwrap() >= 5, "{d}");
}
