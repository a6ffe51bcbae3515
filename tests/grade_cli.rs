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

/// Les bulletins d'une vraie partie (la manche d'exemple `samples/rosace.partie`, lexique
/// par défaut) : chaque top, écrit dans son sens avec sa référence et son score, est payé
/// sans sanction ; la même référence inversée (« 8H » pour « H8 ») vaut un avertissement
/// au même score (règlement 5.3), sauf au premier coup et pour un prolongement, où la
/// référence est ignorée. Les tops qui forment un mot absent du lexique (BI, SAX, LAUZES,
/// OKA, signalés par `arbitre verifier`) sont payés aussi : la partie fait foi, et la
/// correction le dit.
#[test]
fn tops_d_une_vraie_partie_payes_et_references_inversees_averties() {
    let partie = concat!(env!("CARGO_MANIFEST_DIR"), "/samples/rosace.partie");
    let v = Command::new(env!("CARGO_BIN_EXE_arbitre")).args(["verifier", "--partie", partie]).output().unwrap();
    let sorties = format!("{}{}", String::from_utf8_lossy(&v.stdout), String::from_utf8_lossy(&v.stderr));
    let hors_lexique: Vec<u64> = sorties
        .lines()
        .filter_map(|l| l.split(": coup ").nth(1)?.split(' ').next()?.parse().ok())
        .collect();
    assert_eq!(hors_lexique, [16, 17, 19, 22], "{sorties}");
    // Prolongement d'un mot d'au moins trois lettres : la référence est ignorée (5.3 in
    // fine), l'inversion ne coûte rien. Les lettres de grille du top forment alors une
    // seule suite d'au moins trois lettres.
    let rejouee = arbitre_engine::Partie::lire(Path::new(partie), arbitre_engine::Formule::STANDARD).unwrap();
    let prolongement = |coup: u64| {
        let e = &rejouee.tops[coup as usize - 1];
        let posees: Vec<usize> = e.poses.iter().map(|p| p.case).collect();
        let de_grille: Vec<usize> =
            (0..e.mot.len()).filter(|&i| !posees.contains(&e.reference.case_n(i).unwrap())).collect();
        de_grille.len() >= 3 && de_grille.windows(2).all(|w| w[1] == w[0] + 1)
    };
    let mut justes = String::new();
    let mut inversees = String::new();
    let mut tops = Vec::new();
    for l in std::fs::read_to_string(partie).unwrap().lines() {
        let l = l.split('#').next().unwrap().trim();
        let c: Vec<&str> = l.split_whitespace().collect();
        if c.len() < 5 || c[0] == "coup" {
            continue;
        }
        let (coup, top, r, score) = (c[0], c[2], c[3], c[4]);
        let vertical = r.starts_with(|ch: char| ch.is_ascii_digit());
        let mot: String = if vertical { top.chars().map(|ch| format!("|{ch}\n")).collect() } else { format!("|{top}\n") };
        let (lettres, chiffres): (String, String) = r.chars().partition(|ch| ch.is_ascii_alphabetic());
        let inverse = if vertical { format!("{lettres}{chiffres}") } else { format!("{chiffres}{lettres}") };
        justes += &format!("bulletin table=1 coup={coup}\nref: {r}\nscore: {score}\n{mot}");
        inversees += &format!("bulletin table=2 coup={coup}\nref: {inverse}\nscore: {score}\n{mot}");
        tops.push((coup.parse::<u64>().unwrap(), top.to_string(), score.parse::<u64>().unwrap()));
    }
    let d = tempfile::tempdir().unwrap();
    let mut averties = 0;
    for (nom, texte, attendu) in [("justes.txt", &justes, "valide"), ("inversees.txt", &inversees, "avertissement")] {
        let f = d.path().join(nom);
        std::fs::write(&f, texte).unwrap();
        let o = Command::new(env!("CARGO_BIN_EXE_arbitre"))
            .args(["grade", "--partie", partie, "--bulletins", s(&f)])
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("ATTENTION : 4 mots formés par les tops de la partie manquent au lexique") && err.contains("coup 17 : SAX"), "{err}");
        let v = lignes(&o);
        assert_eq!(v.len(), tops.len());
        for (dec, (coup, top, score)) in v.iter().zip(&tops) {
            assert_eq!(dec["coup"].as_u64(), Some(*coup));
            // Le premier coup ignore la référence (5.4.2.a) : jamais d'avertissement.
            let attendu = if *coup == 1 || prolongement(*coup) { "valide" } else { attendu };
            assert_eq!(dec["verdict"], attendu, "coup {coup} {top} : {dec}");
            assert_eq!(dec["score"].as_u64(), Some(*score), "coup {coup} {top} : {dec}");
            assert_eq!(dec["solution"]["mot"].as_str(), Some(top.as_str()), "{dec}");
            if attendu == "avertissement" {
                assert_eq!(dec["motifs"], serde_json::json!(["inversion"]), "{dec}");
                averties += 1;
            }
        }
    }
    assert!(averties >= 10, "au moins dix références inversées vérifiées : {averties}");
}
