//! `arbitre grade` de bout en bout : une petite partie, un petit lexique et un fichier de
//! bulletins écrits dans un dossier temporaire.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// MANGER H4 (20) au premier coup, puis le top TALES 10G (16) au deuxième.
const PARTIE: &str = "coup tirage top ref score\n1 AEGMNRT MANGER H4 20\n2 AELSTTU TALES 10G 16\n";
const LEXIQUE: &str = "MANGER\nMANGERA\nAMENER\nTALES\nSALE\nSALER\nLAS\nRASE\nELAN\nTEL\nLES\nSEL\nTALE\nETALA\nETAL\n";

struct Essai {
    _dossier: tempfile::TempDir,
    partie: PathBuf,
    lexique: PathBuf,
    bulletins: PathBuf,
}

fn essai(bulletins: &str) -> Essai {
    let d = tempfile::tempdir().unwrap();
    let ecrire = |nom: &str, texte: &str| -> PathBuf {
        let p = d.path().join(nom);
        std::fs::write(&p, texte).unwrap();
        p
    };
    let partie = ecrire("p.partie", PARTIE);
    let lexique = ecrire("lex.txt", LEXIQUE);
    let bulletins = ecrire("bulletins.txt", bulletins);
    Essai { _dossier: d, partie, lexique, bulletins }
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn grade(e: &Essai, extra: &[&str]) -> Output {
    let mut args = vec!["grade", "--partie", s(&e.partie), "--bulletins", s(&e.bulletins), "--lexique", s(&e.lexique)];
    args.extend_from_slice(extra);
    Command::new(env!("CARGO_BIN_EXE_arbitre")).args(&args).output().unwrap()
}

fn lignes(o: &Output) -> Vec<Value> {
    String::from_utf8_lossy(&o.stdout).lines().map(|l| serde_json::from_str(l).expect("une ligne JSON")).collect()
}

#[test]
fn erreurs_de_lecture_et_coup_inconnu_n_arretent_pas_les_autres() {
    let e = essai(
        "bulletin table=2 coup=2\nabsent\n\
         bulletin table=3 coup=2\nref: 10G\n|TA{LES\n\
         bulletin table=x coup=2\n|TALES\n\
         bulletin table=5 coup=7\nref: H4\n|MANGER\n\
         bulletin table=6 coup=2\nvierge\n",
    );
    let o = grade(&e, &[]);
    assert_eq!(o.status.code(), Some(1), "des erreurs : code non nul");
    let v = lignes(&o);
    assert_eq!(v.len(), 5, "une ligne par bulletin, dans l'ordre du fichier");
    // Absent : zéro, motif « absent », avec tous les champs du contrat.
    assert_eq!(v[0]["table"], 2);
    assert_eq!(v[0]["coup"], 2);
    assert_eq!(v[0]["verdict"], "zero");
    assert_eq!(v[0]["score"], 0);
    assert_eq!(v[0]["motifs"], serde_json::json!(["absent"]));
    for champ in ["score_revendique", "commission", "verifier_grille", "solution"] {
        assert!(v[0].get(champ).is_some(), "champ {champ} manquant : {}", v[0]);
    }
    // Accolade non fermée : l'erreur nomme fichier et ligne, et garde table et coup.
    assert_eq!((v[1]["table"].as_u64(), v[1]["coup"].as_u64()), (Some(3), Some(2)));
    let err = v[1]["erreur"].as_str().unwrap();
    assert!(err.contains("bulletins.txt:5:") && err.contains("sans « } »"), "{err}");
    // En-tête illisible : seulement l'erreur.
    assert!(v[2].get("table").is_none());
    assert!(v[2]["erreur"].as_str().unwrap().contains("bulletins.txt:6:"), "{}", v[2]);
    // Coup absent de la partie.
    assert_eq!(v[3]["table"], 5);
    assert!(v[3]["erreur"].as_str().unwrap().contains("coup 7 absent de la partie"), "{}", v[3]);
    // Le bulletin suivant est corrigé normalement.
    assert_eq!((v[4]["table"].as_u64(), v[4]["verdict"].as_str()), (Some(6), Some("zero")));
    assert_eq!(v[4]["motifs"], serde_json::json!(["vierge"]));
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(stderr.contains("lexique : ") && stderr.contains("15 mots"), "le lexique est nommé : {stderr}");
    assert!(stderr.contains("bulletins.txt:5:"), "{stderr}");
}

#[test]
fn bulletins_justes_de_deux_coups_sont_payes() {
    let e = essai(
        "# premier coup : la référence est ignorée (5.4.2.a)\n\
         bulletin table=1 coup=1\nscore: 20\n|MANGER\n\
         bulletin table=1 coup=2\nref: 10 G\nscore: 16\n|T\n|A\n|L\n|E\n|S\n\
         bulletin table=2 coup=2\nref: 10G\nscore: 16\n|T\n|A\n|L\n|E\n|S\n",
    );
    let o = grade(&e, &["--edition", "2023"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v = lignes(&o);
    assert_eq!(v.len(), 3);
    assert_eq!((v[0]["verdict"].as_str(), v[0]["score"].as_u64()), (Some("valide"), Some(20)), "{}", v[0]);
    for d in &v[1..] {
        assert_eq!(d["verdict"], "valide", "{d}");
        assert_eq!(d["score"], 16);
        assert_eq!(d["score_revendique"], 16);
        assert_eq!(d["motifs"], serde_json::json!([]));
        assert_eq!(d["commission"], false);
        assert_eq!(d["verifier_grille"], false);
        assert_eq!(d["solution"], serde_json::json!({"mot": "TALES", "ref": "10G", "score": 16}));
    }
}

#[test]
fn edition_inconnue_refusee() {
    let e = essai("bulletin table=1 coup=1\nabsent\n");
    let o = grade(&e, &["--edition", "2019"]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("2019"));
}
