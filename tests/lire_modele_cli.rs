//! `--modele` (arbitre lire, arbitre evaluer) : comparer un autre modèle de lecture au modèle
//! livré sur les mêmes scans. Le modèle livré passé par fichier lit exactement comme le
//! modèle embarqué ; un fichier qui n'est pas un modèle est refusé en le nommant, sans rien
//! lire à moitié.

use std::path::Path;
use std::process::Command;

fn lire(args: &[&std::ffi::OsStr]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_arbitre")).arg("lire").args(args).output().unwrap()
}

#[test]
fn le_modele_livre_passe_par_fichier_lit_comme_le_modele_embarque() {
    let racine = Path::new(env!("CARGO_MANIFEST_DIR"));
    let scans = racine.join("samples/manche-exemple/coup-01");
    let tmp = tempfile::tempdir().unwrap();
    let (a, b) = (tmp.path().join("embarque.txt"), tmp.path().join("fichier.txt"));
    let o = lire(&["--format".as_ref(), "texte".as_ref(), "--sortie".as_ref(), a.as_os_str(), scans.as_os_str()]);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let modele = racine.join("models/lecteur.onnx");
    let o = lire(&["--modele".as_ref(), modele.as_os_str(), "--format".as_ref(), "texte".as_ref(), "--sortie".as_ref(), b.as_os_str(), scans.as_os_str()]);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let (a, b) = (std::fs::read_to_string(a).unwrap(), std::fs::read_to_string(b).unwrap());
    assert!(a.matches("bulletin table=").count() >= 15, "les bulletins du coup 1 sont lus : {a}");
    assert_eq!(a, b, "mêmes lectures, octet pour octet");
    // Les champs douteux, en commentaires, en français : accordés, les probabilités en
    // pour cent (« # numéro de table douteux : « 19 » (87 %) ou « 18 » (13 %) »).
    let doutes: Vec<&str> = a.lines().filter(|l| l.starts_with("# ") && l.contains("douteu")).collect();
    assert!(!doutes.is_empty(), "le coup 1 a des champs douteux : {a}");
    for d in doutes {
        let (champ, reste) = d[2..].split_once(" : ").unwrap_or_else(|| panic!("{d}"));
        assert!(["numéro de table douteux", "référence douteuse", "score douteux"].contains(&champ), "{d}");
        for alt in reste.split(" ou ") {
            let (lu, p) = alt.split_once(" (").unwrap_or_else(|| panic!("{d}"));
            assert!(lu.starts_with('«') && lu.ends_with('»'), "{d}");
            let p = p.strip_suffix(" %)").unwrap_or_else(|| panic!("{d}"));
            assert!(p.parse::<u32>().is_ok_and(|p| p <= 100), "{d}");
        }
    }
}

#[test]
fn un_fichier_qui_n_est_pas_un_modele_est_refuse_en_le_nommant() {
    let racine = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tmp = tempfile::tempdir().unwrap();
    let faux = tmp.path().join("pas-un-modele.onnx");
    std::fs::write(&faux, "ceci n'est pas un modèle ONNX").unwrap();
    let sortie = tmp.path().join("lectures.jsonl");
    let scans = racine.join("samples/manche-exemple/coup-01");
    for modele in [faux.clone(), tmp.path().join("absent.onnx")] {
        let o = lire(&["--modele".as_ref(), modele.as_os_str(), "--sortie".as_ref(), sortie.as_os_str(), scans.as_os_str()]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert!(err.contains(&*modele.file_name().unwrap().to_string_lossy()), "l'erreur nomme le fichier : {err}");
        assert!(!sortie.exists(), "rien n'est écrit avec un modèle refusé");
    }
    // Les causes d'une erreur se suivent à la française, « : » avec son espace.
    let o = lire(&["--modele".as_ref(), tmp.path().join("absent.onnx").as_os_str(), "--sortie".as_ref(), sortie.as_os_str(), scans.as_os_str()]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("absent.onnx : modèle illisible : fichier ou répertoire introuvable"), "{err}");
}
