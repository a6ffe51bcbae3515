//! La ligne de commande parle français : aide, utilisation, erreurs de clap et de JSON ;
//! `--bulletins RÉPERTOIRE` lit les lectures et nomme ce qu'il écarte ; `arbitre tournoi`
//! de bout en bout sur deux parties corrigées.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn arbitre(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbitre")).args(args).output().unwrap()
}

/// `arbitre corriger --partie P --bulletins B --sortie S [autres…]`.
fn corriger(partie: &Path, bulletins: &Path, sortie: &Path, autres: &[&str]) -> Output {
    let mut args = vec!["corriger", "--partie", partie.to_str().unwrap(), "--bulletins", bulletins.to_str().unwrap(), "--sortie", sortie.to_str().unwrap()];
    args.extend(autres);
    arbitre(&args)
}

fn sortie(o: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr))
}

/// Les mots anglais de clap qui ne doivent plus atteindre l'utilisateur.
const ANGLAIS: [&str; 9] = ["Usage", "Print help", "Print version", "unexpected argument", "error:", "Commands:", "[default:", "required arguments", "For more information"];

#[test]
fn aide_de_chaque_commande_en_francais() {
    let mut commandes: Vec<Vec<&str>> = vec![vec![]];
    for c in ["solutions", "verifier", "grade", "echantillons", "corriger", "rapports", "tournoi", "lexique", "classique"] {
        commandes.push(vec![c]);
    }
    commandes.extend([vec!["lexique", "build"], vec!["lexique", "info"], vec!["classique", "classement"]]);
    for c in commandes {
        let mut args = c.clone();
        args.push("--help");
        let o = arbitre(&args);
        let t = sortie(&o);
        assert!(o.status.success(), "{c:?} : {t}");
        assert!(t.contains("Utilisation : arbitre"), "{c:?} : {t}");
        assert!(t.contains("-h, --help") && t.contains("Affiche l'aide"), "{c:?} : {t}");
        for mot in ANGLAIS {
            assert!(!t.contains(mot), "{c:?} : « {mot} » dans l'aide :\n{t}");
        }
    }
    let t = sortie(&arbitre(&["corriger", "--help"]));
    assert!(t.contains("(par défaut : 2020)") && t.contains("Options :"), "{t}");
}

#[test]
fn erreurs_de_la_ligne_de_commande_en_francais() {
    // README : `rapports` n'accepte pas --formule, et le dit en français.
    let o = arbitre(&["rapports", "--archive", "a.json", "--formule", "standard", "--sortie", "x"]);
    let t = sortie(&o);
    assert_eq!(o.status.code(), Some(2));
    assert!(t.starts_with("erreur : argument inattendu « --formule »"), "{t}");
    assert!(t.contains("Utilisation : arbitre rapports --archive <FICHIER> --sortie <RÉPERTOIRE>"), "{t}");
    assert!(t.contains("Pour en savoir plus : arbitre rapports --help"), "{t}");
    let cas: [(&[&str], &str); 6] = [
        (&["solutions", "--partie", "p", "--coup", "1", "--formule", "8sur9"], "formule « 8sur9 » inconnue : standard, 7sur8, 7et8 ou 789"),
        (&["corriger", "--sortie", "x"], "erreur : arguments obligatoires absents : « --partie <FICHIER> », « --bulletins <FICHIER|RÉPERTOIRE> »"),
        (&["corigger"], "commande inconnue « corigger »\n  astuce : vouliez-vous dire la commande « corriger » ?"),
        (&["corriger", "--partie", "p", "--bulletins", "b", "--sortie", "s", "--nombre-joueurs", "seize"], "valeur invalide « seize » pour « --nombre-joueurs <N> » : un nombre entier est attendu"),
        (&["corriger", "--partie", "p", "--bulletins", "b", "--sortie", "s", "--moyenne", "3-7"], "« 3-7 » : attendu TABLE:COUP"),
        (&["corriger", "--partie", "p", "--bulletins", "b", "--sortie", "s", "--edition", "2019"], "édition « 2019 » inconnue : attendu 2020 ou 2023"),
    ];
    for (args, attendu) in cas {
        let o = arbitre(args);
        let t = sortie(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(t.contains(attendu), "{args:?} :\n{t}");
        for mot in ANGLAIS {
            assert!(!t.contains(mot), "{args:?} : « {mot} » :\n{t}");
        }
    }
    // Une erreur du système (fichier introuvable) est dite en français.
    let t = sortie(&arbitre(&["rapports", "--archive", "/pas/de/telle/archive.json", "--sortie", "x"]));
    assert!(t.contains("fichier ou répertoire introuvable") && !t.contains("No such file"), "{t}");
}

/// Le répertoire de la manche d'exemple : lectures (bulletins.txt), images et JSON de
/// vérité terrain du générateur.
fn manche_exemple() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/manche-exemple")
}

#[test]
fn bulletins_repertoire_lit_les_lectures_et_nomme_ce_qu_il_ecarte() {
    let d = tempfile::tempdir().unwrap();
    let m = manche_exemple();
    // Une lecture en JSON mal formé (tableau dont un élément n'est pas une lecture) : une
    // erreur en français qui nomme le fichier, les autres lectures gardées.
    let bulletins = d.path().join("bulletins");
    std::fs::create_dir(&bulletins).unwrap();
    // Les fichiers de la manche d'exemple mis à plat dans un seul répertoire : lectures,
    // vérités terrain et images du générateur mêlées (les dossiers coup-NN aplatis).
    let mut fichiers: Vec<(PathBuf, String)> = Vec::new();
    for f in std::fs::read_dir(&m).unwrap() {
        let p = f.unwrap().path();
        if p.is_dir() {
            let dossier = p.file_name().unwrap().to_string_lossy().into_owned();
            fichiers.extend(std::fs::read_dir(&p).unwrap().map(|g| {
                let q = g.unwrap().path();
                let nom = format!("{dossier}-{}", q.file_name().unwrap().to_string_lossy());
                (q, nom)
            }));
        } else if p.extension().is_some_and(|e| e != "partie") {
            let nom = p.file_name().unwrap().to_string_lossy().into_owned();
            fichiers.push((p, nom));
        }
    }
    for (p, nom) in fichiers {
        std::fs::copy(&p, bulletins.join(nom)).unwrap();
    }
    std::fs::write(bulletins.join("zz-lectures.json"), "[{\"table\": 99, \"coup\": 1, \"etat\": \"absent\", \"reference\": null, \"score\": null, \"rangees\": [], \"rature\": false, \"source\": null}, {\"table\": 98}]").unwrap();
    let sortie_dir = d.path().join("rapports");
    let o = corriger(&m.join("partie.partie"), &bulletins, &sortie_dir, &[]);
    let t = sortie(&o);
    // 60 lectures du .txt et 1 du JSON ; les JSON du générateur et les images écartés.
    assert!(t.contains("fichiers écartés (pas des lectures de bulletins)"), "{t}");
    assert!(t.contains("61 fichiers JSON qui ne sont pas des lectures"), "{t}");
    assert!(t.contains("58 fichiers d'une autre sorte"), "{t}");
    assert!(t.contains("61 bulletins corrigés"), "{t}");
    // La seule erreur : l'élément qui n'est pas une lecture, dite en français.
    assert_eq!(t.matches("bulletin non corrigé").count(), 1, "{t}");
    assert!(t.contains("zz-lectures.json") && t.contains("lecture n° 2 du tableau : champ « coup » manquant"), "{t}");
    assert!(!t.contains("missing field") && !t.contains("invalid type"), "{t}");
    // Le titre par défaut : le nom du répertoire de la partie, pas « partie ».
    assert!(t.contains("manche-exemple : 22 tables, 3 coups"), "{t}");
    assert!(!t.contains("Partie partie"), "{t}");
    let res = std::fs::read_to_string(sortie_dir.join("resultats.html")).unwrap();
    assert!(res.contains("<h1>Résultats — manche-exemple</h1>"), "titre réel");
}

#[test]
fn tournoi_de_deux_parties_depuis_leurs_archives() {
    let d = tempfile::tempdir().unwrap();
    let m = manche_exemple();
    let mut archives = Vec::new();
    for (i, titre) in ["Open d'essai, partie 1", "Open d'essai, partie 2"].iter().enumerate() {
        let sortie_dir = d.path().join(format!("p{}", i + 1));
        // Deux parties : la manche d'exemple, puis la même avec les bulletins de la table 3 non remis.
        let bulletins = d.path().join(format!("b{}.txt", i + 1));
        let mut texte = std::fs::read_to_string(m.join("bulletins.txt")).unwrap();
        if i == 1 {
            texte = texte.replace("bulletin table=3 coup=2\n", "bulletin table=3 coup=2\nabsent\n# ");
        }
        std::fs::write(&bulletins, texte).unwrap();
        let o = corriger(&m.join("partie.partie"), &bulletins, &sortie_dir, &["--titre", titre]);
        assert!(o.status.code().is_some_and(|c| c <= 1), "{}", sortie(&o));
        archives.push(sortie_dir.join("archive.json"));
    }
    let classement = d.path().join("classement");
    let mut args = vec!["tournoi", "--titre", "Open d'essai", "--sortie", classement.to_str().unwrap()];
    args.extend(archives.iter().map(|a| a.to_str().unwrap()));
    let o = arbitre(&args);
    let t = sortie(&o);
    assert!(o.status.success(), "{t}");
    assert!(t.contains("Open d'essai : 2 parties, 20 joueurs"), "{t}");
    let csv = std::fs::read_to_string(classement.join("classement.csv")).unwrap();
    assert!(csv.starts_with("\u{feff}Rang;Ex aequo;Joueur;Partie 1 points;Partie 1 rang;Partie 1 table;Partie 2 points"), "{csv}");
    assert_eq!(csv.lines().count(), 21, "{csv}");
    let html = std::fs::read_to_string(classement.join("classement.html")).unwrap();
    assert!(html.contains("Open d&#39;essai, partie 2"), "titres des parties");
    // La même archive deux fois : refusée.
    let a = archives[0].to_str().unwrap();
    let o = arbitre(&["tournoi", "--sortie", classement.to_str().unwrap(), a, a]);
    assert_eq!(o.status.code(), Some(2));
    assert!(sortie(&o).contains("donnée deux fois"), "{}", sortie(&o));
}
