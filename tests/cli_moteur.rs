//! `arbitre solutions`, `verifier` et `lexique` tels qu'un arbitre les lance.

use std::process::{Command, Output};

fn arbitre(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbitre")).args(args).current_dir(env!("CARGO_MANIFEST_DIR")).output().unwrap()
}

fn texte(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn temp() -> tempfile::TempDir {
    tempfile::tempdir().unwrap()
}

#[test]
fn solutions_du_coup_10_de_la_partie_exemple() {
    let o = arbitre(&["solutions", "--partie", "samples/rosace.partie", "--coup", "10"]);
    assert!(o.status.success(), "{}", texte(&o.stderr));
    let sortie = texte(&o.stdout);
    let lignes: Vec<&str> = sortie.lines().collect();
    // Le top de la partie (SaUGRENU en E4, 82) est la meilleure solution.
    assert_eq!(lignes[0], "82\tSaUGRENU\tE4");
    let scores: Vec<u32> = lignes.iter().map(|l| l.split('\t').next().unwrap().parse().unwrap()).collect();
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "la meilleure d'abord");
    assert!(lignes.iter().all(|l| l.split('\t').count() == 3));
    // Le lexique utilisé est nommé, et le lexique par défaut fait l'objet d'un avertissement.
    let err = texte(&o.stderr);
    assert!(err.contains("317764 mots") && err.contains("ATTENTION"), "{err}");
    assert!(err.contains(&format!("{} solutions", lignes.len())), "{err}");
}

#[test]
fn solutions_en_detail_mots_formes_et_lettres_posees() {
    let o = arbitre(&["solutions", "--partie", "samples/rosace.partie", "--coup", "4", "--detail"]);
    assert!(o.status.success(), "{}", texte(&o.stderr));
    // rosace coup 4 : AH en I8 (30) prolonge DIVeRTIR (8A) en DIVERTIRA et forme OH sous
    // le O de ROSACE.
    let sortie = texte(&o.stdout);
    let premiere = sortie.lines().next().unwrap();
    assert_eq!(premiere, "30\tAH\tI8\tAH,DIVERTIRA,OH\tAH");
}

#[test]
fn verifier_nomme_la_ligne_d_un_score_faux() {
    let d = temp();
    let f = d.path().join("faute.partie");
    let t = std::fs::read_to_string("samples/rosace.partie").unwrap().replace("DIPLOMEE\tA8\t89", "DIPLOMEE\tA8\t98");
    std::fs::write(&f, t).unwrap();
    let o = arbitre(&["verifier", "--partie", f.to_str().unwrap()]);
    assert!(!o.status.success());
    let err = texte(&o.stderr);
    assert!(err.contains("faute.partie:8: top DIPLOMEE en A8 : score écrit 98, calculé 89"), "{err}");
    let ok = arbitre(&["verifier", "--partie", "samples/rosace.partie"]);
    assert!(ok.status.success(), "{}", texte(&ok.stderr));
    assert!(texte(&ok.stdout).contains("22 coups vérifiés"));
}

#[test]
fn lexique_construit_puis_utilise() {
    let d = temp();
    let liste = d.path().join("mots.txt");
    std::fs::write(&liste, "rosace\nÉLÈVE\ngarde-fou\nRoses\n").unwrap();
    let fst = d.path().join("mini.fst");
    let o = arbitre(&["lexique", "build", liste.to_str().unwrap(), "-o", fst.to_str().unwrap()]);
    assert!(o.status.success(), "{}", texte(&o.stderr));
    assert!(texte(&o.stdout).contains("3 mots retenus (1 composées"), "{}", texte(&o.stdout));
    let o = arbitre(&["solutions", "--partie", "samples/rosace.partie", "--coup", "1", "--lexique", fst.to_str().unwrap()]);
    assert!(o.status.success());
    // ROSACE (8 points) sur l'étoile, de H3 à H8 ; lettres doubles en H4 et H12.
    assert_eq!(
        texte(&o.stdout),
        "22\tROSACE\tH8\n18\tROSACE\tH3\n18\tROSACE\tH4\n18\tROSACE\tH7\n16\tROSACE\tH5\n16\tROSACE\tH6\n"
    );
    assert!(!texte(&o.stderr).contains("ATTENTION"), "pas d'avertissement pour un lexique fourni");
}

#[test]
fn entrees_invalides_sans_panique() {
    let absent = arbitre(&["solutions", "--partie", "nulle-part.partie", "--coup", "1"]);
    assert_eq!(absent.status.code(), Some(2));
    // Un fichier absent est nommé sans numéro de ligne (jamais `fichier:0:`), en français.
    assert!(texte(&absent.stderr).contains("erreur : nulle-part.partie : lecture impossible : fichier ou répertoire introuvable"), "{}", texte(&absent.stderr));
    assert!(!texte(&absent.stderr).contains(":0:"), "{}", texte(&absent.stderr));
    let hors = arbitre(&["solutions", "--partie", "samples/rosace.partie", "--coup", "40"]);
    assert_eq!(hors.status.code(), Some(2));
    assert!(texte(&hors.stderr).contains("pas de coup 40 (la partie en a 22)"));
    let d = temp();
    let binaire = d.path().join("casse.fst");
    std::fs::write(&binaire, [0u8, 1, 2, 3]).unwrap();
    let o = arbitre(&["solutions", "--partie", "samples/rosace.partie", "--coup", "1", "--lexique", binaire.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(texte(&o.stderr).contains("casse.fst : ce n'est pas un fichier .fst valide"), "{}", texte(&o.stderr));
}

#[test]
fn sortie_fermee_par_le_lecteur_fin_silencieuse() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    // `arbitre solutions … | head -1` : le coup 10 en détail écrit près de 100 Kio, plus
    // que ne tient un tube ; le lecteur ferme après la première ligne.
    let mut enfant = Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .args(["solutions", "--partie", "samples/rosace.partie", "--coup", "10", "--detail"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut premiere = String::new();
    BufReader::new(enfant.stdout.take().unwrap()).read_line(&mut premiere).unwrap();
    assert!(premiere.starts_with("82\tSaUGRENU\tE4"), "{premiere}");
    let o = enfant.wait_with_output().unwrap();
    let err = texte(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(!err.contains("erreur"), "{err}");
}
