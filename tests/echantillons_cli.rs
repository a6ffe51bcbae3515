//! `arbitre echantillons` : erreurs d'entrée nommées, sans rien écrire.

use std::process::Command;

fn arbitre() -> Command {
    Command::new(env!("CARGO_BIN_EXE_arbitre"))
}

#[test]
fn un_dossier_d_ecritures_sans_index_est_nomme() {
    let tmp = tempfile::tempdir().unwrap();
    let sortie = tmp.path().join("manche");
    let o = arbitre()
        .args(["echantillons", "--partie", "samples/rosace.partie", "--tables", "2", "--coups", "2", "--sortie"])
        .arg(&sortie)
        .arg("--ecritures")
        .arg(tmp.path())
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("test.json") && err.contains("lecture impossible"), "{err}");
    assert!(!sortie.exists(), "rien n'est écrit quand les écritures manquent");
}

#[test]
fn des_coups_hors_de_la_partie_sont_refuses() {
    let tmp = tempfile::tempdir().unwrap();
    let o = arbitre()
        .args(["echantillons", "--partie", "samples/rosace.partie", "--coups", "20-40", "--sortie"])
        .arg(tmp.path().join("m"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("--coups") && err.contains("1-22"), "{err}");
}

#[test]
fn une_part_de_joueurs_en_minuscules_hors_de_0_a_1_est_refusee() {
    let tmp = tempfile::tempdir().unwrap();
    let sortie = tmp.path().join("m");
    let o = arbitre()
        .args(["echantillons", "--partie", "samples/rosace.partie", "--tables", "2", "--coups", "2", "--minuscules", "1.5", "--sortie"])
        .arg(&sortie)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("--minuscules 1.5") && err.contains("entre 0 et 1"), "{err}");
    assert!(!sortie.exists());
}
