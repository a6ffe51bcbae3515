//! Ce que le fuzzing de la commande avait trouvé (issue 12), rejoué de bout en bout : chaque
//! entrée finit vite, en quelques Mo au plus, sans panne, avec une erreur française qui
//! nomme le fichier et la ligne, et les autres bulletins de la manche sont corrigés.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// MANGER H4 (20) au premier coup, puis TALES 10G (16).
const PARTIE: &str = "coup tirage top ref score\n1 AEGMNRT MANGER H4 20\n2 AELSTTU TALES 10G 16\n";
const LEXIQUE: &str = "MANGER\nMANGERA\nAMENER\nTALES\nSALE\nSALER\nLAS\nRASE\nELAN\nTEL\nLES\nSEL\nTALE\nETALA\nETAL\n";
const BON: &str = "bulletin table=2 coup=1\nref: H4\nscore: 20\n|MANGER\n";

fn arbitre(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbitre")).args(args).output().unwrap()
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

struct Essai {
    d: tempfile::TempDir,
    partie: PathBuf,
    lexique: PathBuf,
}

impl Essai {
    fn new() -> Essai {
        let d = tempfile::tempdir().unwrap();
        let partie = d.path().join("p.partie");
        std::fs::write(&partie, PARTIE).unwrap();
        let lexique = d.path().join("lex.txt");
        std::fs::write(&lexique, LEXIQUE).unwrap();
        Essai { d, partie, lexique }
    }

    fn ecrire(&self, nom: &str, octets: impl AsRef<[u8]>) -> PathBuf {
        let p = self.d.path().join(nom);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(&p, octets).unwrap();
        p
    }

    fn corriger(&self, bulletins: &Path, sortie: &Path, extra: &[&str]) -> Output {
        let mut args = vec!["corriger", "--partie", s(&self.partie), "--lexique", s(&self.lexique), "--bulletins", s(bulletins), "--sortie", s(sortie)];
        args.extend_from_slice(extra);
        arbitre(&args)
    }
}

fn texte(o: &Output) -> (String, String) {
    (String::from_utf8_lossy(&o.stdout).into_owned(), String::from_utf8_lossy(&o.stderr).into_owned())
}

fn taille_du_dossier(p: &Path) -> u64 {
    std::fs::read_dir(p).unwrap().map(|e| e.unwrap().metadata().unwrap().len()).sum()
}

/// Points 1 et 2 : un .fst abîmé ou au mot trop long, donné à une commande.
#[test]
fn un_lexique_abime_donne_une_erreur_francaise_sans_panne() {
    let e = Essai::new();
    let bon = arbitre_engine::lexique::compiler_liste(LEXIQUE).0;
    let mut abime = bon.clone();
    abime[bon.len() / 2] ^= 0x04;
    for (nom, octets) in [("abime.fst", abime), ("tronque.fst", bon[..bon.len() - 9].to_vec())] {
        let p = e.ecrire(nom, octets);
        let o = arbitre(&["verifier", "--partie", s(&e.partie), "--lexique", s(&p)]);
        let (_, err) = texte(&o);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert!(err.contains(nom) && !err.contains("panicked"), "{err}");
    }
}

/// Points 3 et 4 : des bulletins bien plus grands que le formulaire ; chacun est une erreur
/// à lui seul, le bon bulletin est payé, les rapports restent petits.
#[test]
fn un_bulletin_geant_ne_bloque_ni_n_enfle_la_manche() {
    let e = Essai::new();
    let geants = format!(
        "bulletin table=1 coup=1\n{}bulletin table=3 coup=1\n|{}\nbulletin table=4 coup=1\n{}bulletin table=5 coup=1\n|{}\n{BON}",
        "|M\n".repeat(300_000),
        "M".repeat(300_000),
        format!("|{}\n", "A".repeat(1000)).repeat(1000),
        "{AB}".repeat(1_000_000),
    );
    let b = e.ecrire("geants.txt", &geants);
    let o = arbitre(&["grade", "--partie", s(&e.partie), "--lexique", s(&e.lexique), "--bulletins", s(&b)]);
    let (out, err) = texte(&o);
    assert_eq!(o.status.code(), Some(1));
    let lignes: Vec<&str> = out.lines().collect();
    assert_eq!(lignes.len(), 5, "{}", &out[..out.len().min(2000)]);
    assert!(lignes[4].contains("\"verdict\":\"valide\"") && lignes[4].contains("\"score\":20"), "{}", lignes[4]);
    assert!(err.len() < 4000, "{} octets d'erreurs", err.len());
    assert!(err.contains("geants.txt:19:") && err.contains("plus de 17 rangées"), "{err}");

    let sortie = e.d.path().join("rapport");
    let o = e.corriger(&b, &sortie, &[]);
    assert_eq!(o.status.code(), Some(1), "{}", texte(&o).1);
    assert!(taille_du_dossier(&sortie) < 1_000_000, "{} octets", taille_du_dossier(&sortie));
}

/// Point 5 : un octet non UTF-8 dans un des trois fichiers ne fait perdre aucun rapport.
#[test]
fn un_octet_non_utf8_ne_fait_pas_perdre_la_manche() {
    let e = Essai::new();
    e.ecrire("b/a.txt", "bulletin table=1 coup=1\nref: H4\nscore: 20\n|MANGER\n");
    e.ecrire("b/b.txt", b"# relu par l'arbitre, caf\xE9\nbulletin table=2 coup=1\nref: H4\nscore: 20\n|MANGER\n".as_slice());
    e.ecrire("b/c.txt", "bulletin table=3 coup=1\nref: H4\nscore: 20\n|MANGER\n");
    let sortie = e.d.path().join("rapport");
    let o = e.corriger(&e.d.path().join("b"), &sortie, &[]);
    let (out, err) = texte(&o);
    assert!(err.contains("b.txt:1: octets qui ne sont pas de l'UTF-8"), "{err}");
    assert!(out.contains("3 bulletins corrigés : 3 valides"), "{out}");
    assert!(sortie.join("index.html").is_file());
}

/// Points 6 et 7 : un tirage de 263 lettres, une ligne de 10 Mo.
#[test]
fn verifier_refuse_un_tirage_impossible_et_cite_court() {
    let e = Essai::new();
    let p = e.ecrire("263.partie", PARTIE.replace("AEGMNRT", &format!("{}AEGMNRT", "A".repeat(256))));
    let o = arbitre(&["verifier", "--partie", s(&p), "--lexique", s(&e.lexique)]);
    let err = texte(&o).1;
    assert_ne!(o.status.code(), Some(0));
    assert!(err.contains("263.partie:2:") && err.contains("le sac n'en contient que 9"), "{err}");
    let p = e.ecrire("long.partie", format!("{PARTIE}3 {}\n", "X".repeat(10_000_000)));
    let o = arbitre(&["verifier", "--partie", s(&p), "--lexique", s(&e.lexique)]);
    let err = texte(&o).1;
    assert_ne!(o.status.code(), Some(0));
    assert!(err.contains("long.partie:4:") && err.len() < 1000, "{} octets", err.len());
}

/// Point 8 : chaque issue silencieuse est dite par son nom et demande une vérification.
#[test]
fn les_issues_a_verifier_sont_nommees() {
    let e = Essai::new();
    let b = e.ecrire(
        "b.txt",
        "bulletin table=1 coup=1\nref: H4\nscore: 20\n|MANGER\n\
bulletin table=2 coup=1\nref: H4\nscore: 20\n|MANGER\n\
bulletin table=2 coup=1\nref: H4\nscore: 20\n|MANGER\n\
bulletin table=99 coup=1\nref: H4\nscore: 20\n|MANGER\n\
bulletin tabel=3 coup=1\nref: H4\nscore: 20\n|MANGER\n",
    );
    let j = e.ecrire("joueurs.csv", "table,nom,arrivee\n1,Marie,2\n2,Jean,\n3,Léa,\n");
    let sortie = e.d.path().join("rapport");
    let o = e.corriger(&b, &sortie, &["--joueurs", s(&j)]);
    let (out, _) = texte(&o);
    assert_eq!(o.status.code(), Some(1));
    for attendu in [
        "Table 1, coup 1 : bulletin remis (",
        "avant l'arrivée déclarée au coup 2",
        "Table 99 : absente du fichier des joueurs",
        "b.txt:17 : bulletin sans table ni coup lisibles",
        "b.txt:9 : bulletin en double pour la table 2, coup 1",
    ] {
        assert!(out.contains(attendu), "« {attendu} » manque :\n{out}");
    }
    let suivi = std::fs::read_to_string(sortie.join("suivi.html")).unwrap();
    // Le fichier nommé par son nom seul (rien du dossier de cette machine dans les rapports).
    let lieu = "b.txt:9";
    assert!(!suivi.contains(&s(&b).to_string()), "feuille de suivi : {}", s(&b));
    assert!(suivi.contains(&format!("Bulletin en double {lieu}")) && !suivi.contains(&format!("Bulletin illisible {lieu}")), "feuille de suivi");
    let index = std::fs::read_to_string(sortie.join("index.html")).unwrap();
    assert!(index.contains("Table 99 : absente du fichier des joueurs"));
}

/// Point 9 : le dossier de sortie appartient à arbitre.
#[test]
fn le_dossier_de_sortie_n_est_jamais_traverse() {
    let e = Essai::new();
    let b = e.ecrire("b.txt", BON);
    let dehors = e.ecrire("precieux.txt", "à garder");
    let sortie = e.d.path().join("rapport");
    std::fs::create_dir(&sortie).unwrap();
    std::os::unix::fs::symlink(&dehors, sortie.join("index.html")).unwrap();
    let o = e.corriger(&b, &sortie, &[]);
    let err = texte(&o).1;
    assert_eq!(o.status.code(), Some(2));
    assert!(err.contains("index.html (lien symbolique)") && err.contains("rien n'a été écrit"), "{err}");
    assert_eq!(std::fs::read_to_string(&dehors).unwrap(), "à garder");

    let sortie2 = e.d.path().join("rapport2");
    std::fs::create_dir(&sortie2).unwrap();
    let cible = e.d.path().join("cree-dehors.json");
    std::os::unix::fs::symlink(&cible, sortie2.join("archive.json")).unwrap();
    assert_eq!(e.corriger(&b, &sortie2, &[]).status.code(), Some(2));
    assert!(!cible.exists(), "un lien pendant ne crée rien dehors");

    // Un fichier étranger : refusé ; les fichiers d'une exécution précédente : remplacés.
    let sortie3 = e.d.path().join("rapport3");
    let premier = e.ecrire("premier.csv", "table,coup,score\n2,1,20\n");
    assert_eq!(e.corriger(&b, &sortie3, &["--arbitrage", s(&premier)]).status.code(), Some(0));
    assert!(sortie3.join("rectifications.csv").is_file() && sortie3.join("billets-manche.html").is_file());
    assert_eq!(e.corriger(&b, &sortie3, &[]).status.code(), Some(0));
    for f in ["rectifications.csv", "billets-manche.html"] {
        assert!(!sortie3.join(f).exists(), "{f} de l'exécution précédente ne survit pas");
    }
    std::fs::write(sortie3.join("notes.txt"), "mes notes").unwrap();
    let o = e.corriger(&b, &sortie3, &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(texte(&o).1.contains("notes.txt"));
    assert_eq!(std::fs::read_to_string(sortie3.join("notes.txt")).unwrap(), "mes notes");
}

/// Point 9 : `rapports` répond comme `corriger` quand l'archive garde des erreurs.
#[test]
fn rapports_sort_en_erreur_comme_corriger() {
    let e = Essai::new();
    let b = e.ecrire("b.txt", format!("{BON}bulletin table=1 coup=1\nref H4\n"));
    let sortie = e.d.path().join("rapport");
    assert_eq!(e.corriger(&b, &sortie, &[]).status.code(), Some(1));
    let o = arbitre(&["rapports", "--archive", s(&sortie.join("archive.json")), "--sortie", s(&e.d.path().join("relu"))]);
    assert_eq!(o.status.code(), Some(1), "{}", texte(&o).1);
}

/// Point 9 avec `arbitre tournoi` (issue 13) : le classement écrit dans le dossier d'une
/// partie n'efface pas ses rapports, la partie recorrigée n'efface pas le classement ; un
/// tournoi refait remplace son classement, et un fichier étranger est refusé.
#[test]
fn tournoi_et_partie_partagent_un_dossier_sans_s_effacer() {
    let e = Essai::new();
    let b = e.ecrire("b.txt", BON);
    let sortie = e.d.path().join("rapport");
    assert_eq!(e.corriger(&b, &sortie, &[]).status.code(), Some(0));
    let archive = sortie.join("archive.json");
    let tournoi = |titre: &str| arbitre(&["tournoi", "--titre", titre, "--sortie", s(&sortie), s(&archive)]);
    let o = tournoi("Open");
    assert_eq!(o.status.code(), Some(0), "{}", texte(&o).1);
    for f in ["index.html", "resultats.csv", "archive.json", "classement.html", "classement.csv"] {
        assert!(sortie.join(f).is_file(), "{f}");
    }
    assert_eq!(e.corriger(&b, &sortie, &[]).status.code(), Some(0));
    assert!(sortie.join("classement.csv").is_file(), "le classement reste");
    assert_eq!(tournoi("Open bis").status.code(), Some(0));
    assert!(std::fs::read_to_string(sortie.join("classement.html")).unwrap().contains("Open bis"));
    std::fs::write(sortie.join("notes.txt"), "mes notes").unwrap();
    let o = tournoi("Open");
    assert_eq!(o.status.code(), Some(2));
    assert!(texte(&o).1.contains("notes.txt"), "{}", texte(&o).1);
}

/// Points 3 à 5 pour les lectures JSON d'un répertoire : une lecture plus grande que le
/// bulletin n'est une erreur que pour elle (table et coup nommés), une ligne `.jsonl` non
/// UTF-8 ne coûte que sa ligne ; les autres lectures sont corrigées.
#[test]
fn les_lectures_json_sont_bornees_et_un_octet_ne_coute_que_sa_ligne() {
    use arbitre_engine::lecture::lire_bulletin;
    let e = Essai::new();
    let bon = |table: u32| lire_bulletin("b", &BON.replace("table=2", &format!("table={table}"))).unwrap();
    let mut geant = bon(1);
    geant.rangees = vec![geant.rangees[0].clone(); 1000];
    e.ecrire("j/a.json", serde_json::to_string(&vec![geant, bon(2)]).unwrap());
    let mut jsonl = serde_json::to_vec(&bon(3)).unwrap();
    jsonl.push(b'\n');
    jsonl.extend(serde_json::to_vec(&bon(4)).unwrap().iter().map(|&o| if o == b'H' { 0xE9 } else { o }));
    e.ecrire("j/b.jsonl", jsonl);
    let sortie = e.d.path().join("rapport");
    let o = e.corriger(&e.d.path().join("j"), &sortie, &[]);
    let (out, err) = texte(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("a.json") && err.contains("plus de 17 rangées") && err.len() < 2000, "{err}");
    assert!(err.contains("b.jsonl:2: octets qui ne sont pas de l'UTF-8"), "{err}");
    assert!(out.contains("2 bulletins corrigés : 2 valides") && out.contains("2 bulletins illisibles ou non corrigés"), "{out}");
}

/// `lire --sortie` et `evaluer --sortie` dans un dossier qui n'existe pas (une faute de
/// frappe) ou sur un dossier : refusés avant de lire le moindre scan, en nommant le
/// chemin, plutôt qu'après la lecture de toute une manche, perdue.
#[test]
fn une_sortie_impossible_est_refusee_avant_la_lecture() {
    let e = Essai::new();
    let manche = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/manche-exemple");
    let scans = e.d.path().join("coup-01");
    std::fs::create_dir_all(&scans).unwrap();
    std::fs::copy(manche.join("coup-01/scan-001.jpg"), scans.join("scan-001.jpg")).unwrap();
    std::fs::write(scans.join("casse.jpg"), b"\xff\xd8\xff pas un JPEG").unwrap();
    let manquant = e.d.path().join("rapprot").join("lectures.jsonl");
    for (sortie, attendu) in [(&manquant, "le dossier"), (&scans, "c'est un dossier")] {
        let o = arbitre(&["lire", s(&scans), "--sortie", s(sortie)]);
        let (out, err) = texte(&o);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert!(err.contains(s(sortie)) && err.contains("écriture impossible") && err.contains(attendu), "{err}");
        assert!(!err.contains("casse.jpg") && out.is_empty(), "aucun scan lu : {err}{out}");
    }
    assert!(!manquant.parent().unwrap().exists(), "rien n'est créé");
    let o = arbitre(&["evaluer", "--manche", s(&manche), "--sortie", s(&manquant)]);
    let (out, err) = texte(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("rapprot") && err.contains("n'existe pas"), "{err}");
    assert!(out.is_empty(), "aucune mesure calculée puis perdue : {out}");
}
