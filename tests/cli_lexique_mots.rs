//! `arbitre lexique mots` : la liste exacte des mots d'un lexique, pour la confier à un
//! autre outil (par exemple construire le même lexique pour un autre générateur).

use std::process::{Command, Output};

fn arbitre(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbitre")).args(args).current_dir(env!("CARGO_MANIFEST_DIR")).output().unwrap()
}

#[test]
fn les_mots_d_un_lexique_replies_tries_sans_doublon() {
    let d = tempfile::tempdir().unwrap();
    let liste = d.path().join("mots.txt");
    std::fs::write(&liste, "rosace\nÉLÈVE\ngarde-fou\nRoses\nélève\nA\n").unwrap();
    let o = arbitre(&["lexique", "mots", "--lexique", liste.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // Accents repliés, composés et mots d'une lettre écartés, doublons fusionnés.
    assert_eq!(String::from_utf8_lossy(&o.stdout), "ELEVE\nROSACE\nROSES\n");
}

#[test]
fn le_lexique_par_defaut_en_entier_et_relu_a_l_identique() {
    let o = arbitre(&["lexique", "mots"]);
    assert!(o.status.success());
    let sortie = String::from_utf8(o.stdout).unwrap();
    let mots: Vec<&str> = sortie.lines().collect();
    assert_eq!(mots.len(), 317_764, "tous les mots du lexique par défaut");
    assert!(mots.windows(2).all(|w| w[0] < w[1]), "ordre alphabétique strict");
    // Relue comme liste, la sortie redonne le même lexique (même empreinte).
    let d = tempfile::tempdir().unwrap();
    let liste = d.path().join("wfrench.txt");
    std::fs::write(&liste, &sortie).unwrap();
    let info = arbitre(&["lexique", "info", "--lexique", liste.to_str().unwrap()]);
    let defaut = arbitre(&["lexique", "info"]);
    let empreinte = |o: &Output| String::from_utf8_lossy(&o.stdout).rsplit("empreinte ").next().unwrap().trim().to_string();
    assert_eq!(empreinte(&info), empreinte(&defaut));
}

/// `arbitre lexique build --sans-abreviations` (construction du lexique libre par défaut,
/// `engine/lexique/construire.sh`) écarte les mots sans voyelle sauf les interjections
/// admises, et les nomme ; sans l'option, la liste est prise telle quelle.
#[test]
fn construire_sans_abreviations() {
    let d = tempfile::tempdir().unwrap();
    let liste = d.path().join("mots.txt");
    std::fs::write(&liste, "km\ntr\nbrrr\nrue\npst\n").unwrap();
    let fst = d.path().join("l.fst");
    let o = arbitre(&["lexique", "build", "--sans-abreviations", liste.to_str().unwrap(), "-o", fst.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stdout).contains("2 abréviations, symboles ou sigles écartés : KM TR"));
    let mots = arbitre(&["lexique", "mots", "--lexique", fst.to_str().unwrap()]);
    assert_eq!(String::from_utf8_lossy(&mots.stdout), "BRRR\nPST\nRUE\n");
    let o = arbitre(&["lexique", "build", liste.to_str().unwrap(), "-o", fst.to_str().unwrap()]);
    assert!(o.status.success());
    let mots = arbitre(&["lexique", "mots", "--lexique", fst.to_str().unwrap()]);
    assert_eq!(String::from_utf8_lossy(&mots.stdout), "BRRR\nKM\nPST\nRUE\nTR\n");
}
