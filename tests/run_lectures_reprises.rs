//! `arbitre run` relancé vers le même dossier de rapports (après la revue, avec le fichier
//! de corrections) ne relit pas les scans inchangés : il reprend leurs lectures
//! (`lectures.jsonl`). Ce qu'il écrit est alors, octet pour octet, ce qu'écrit une
//! exécution qui relit tout ; un scan changé est relu.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

fn exemple() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/manche-exemple")
}

/// Copie les scans de l'exemple (dossiers coup-NN, images seulement) ; leur nombre.
fn copier_scans(vers: &Path) -> usize {
    let mut n = 0;
    for e in std::fs::read_dir(exemple()).unwrap() {
        let d = e.unwrap().path();
        if d.is_dir() {
            let cible = vers.join(d.file_name().unwrap());
            std::fs::create_dir_all(&cible).unwrap();
            for f in std::fs::read_dir(&d).unwrap().map(|f| f.unwrap().path()).filter(|f| f.extension().is_some_and(|x| x == "jpg")) {
                std::fs::copy(&f, cible.join(f.file_name().unwrap())).unwrap();
                n += 1;
            }
        }
    }
    n
}

/// Lance `arbitre run` sur `scans` vers `sortie`, `en_plus` ses autres options : la sortie
/// du terminal.
fn run(scans: &Path, sortie: &Path, en_plus: &[&std::ffi::OsStr]) -> String {
    run_sur(scans, sortie, en_plus, None)
}

/// Comme [`run`], avec `TRACT_CPU_ISA` (les jeux d'instructions que `tract` peut employer)
/// quand il est donné.
fn run_sur(scans: &Path, sortie: &Path, en_plus: &[&std::ffi::OsStr], jeu: Option<&str>) -> String {
    let mut c = Command::new(env!("CARGO_BIN_EXE_arbitre"));
    if let Some(jeu) = jeu {
        c.env("TRACT_CPU_ISA", jeu);
    }
    c.arg("run").arg("--partie").arg(exemple().join("partie.partie")).arg("--scans").arg(scans).arg("--joueurs").arg(exemple().join("joueurs.csv")).arg("--sortie").arg(sortie).args(en_plus);
    let out = c.output().unwrap();
    let texte = String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert!(matches!(out.status.code(), Some(0) | Some(1)), "{texte}");
    texte
}

/// Tous les fichiers d'un dossier de rapports (extraits de `revue/` compris), par chemin.
fn contenu(dossier: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut v = BTreeMap::new();
    for sous in [dossier.to_path_buf(), dossier.join("revue")] {
        for f in std::fs::read_dir(&sous).unwrap().map(|f| f.unwrap().path()).filter(|f| f.is_file()) {
            v.insert(f.strip_prefix(dossier).unwrap().display().to_string(), std::fs::read(&f).unwrap());
        }
    }
    v
}

/// Les fichiers qui diffèrent entre deux dossiers de rapports.
fn differences(a: &BTreeMap<String, Vec<u8>>, b: &BTreeMap<String, Vec<u8>>) -> Vec<String> {
    let noms: std::collections::BTreeSet<&String> = a.keys().chain(b.keys()).collect();
    noms.into_iter().filter(|n| a.get(*n) != b.get(*n)).cloned().collect()
}

#[test]
fn relance_les_scans_inchanges_ne_sont_pas_relus_et_tout_est_ecrit_comme_en_relisant_tout() {
    let tmp = tempfile::tempdir().unwrap();
    let scans = tmp.path().join("scans");
    let images = copier_scans(&scans);
    let rapport = tmp.path().join("rapport");
    let premiere = run(&scans, &rapport, &[]);
    assert!(!premiere.contains("fichier(s) inchangé(s)"), "{premiere}");
    let avant = contenu(&rapport);
    assert!(avant.contains_key("lectures.jsonl") && avant.keys().any(|n| n.starts_with("revue/")), "{:?}", avant.keys());

    // Relancée telle quelle : aucun scan relu ni décodé (les extraits de la page de revue
    // sont repris aussi : pas d'étape « extraits »), les mêmes rapports et extraits.
    let seconde = run(&scans, &rapport, &["--temps".as_ref()]);
    assert!(seconde.contains(&format!("{images} fichier(s) inchangé(s) depuis l'exécution précédente, non relu(s)")), "{seconde}");
    let durees = seconde.lines().find(|l| l.starts_with("durées :")).expect("--temps");
    assert!(durees.contains("lecture") && !durees.contains("extraits"), "{durees}");
    assert_eq!(differences(&avant, &contenu(&rapport)), Vec::<String>::new());

    // Un extrait effacé (ou changé) de revue/ est tiré à nouveau du scan : le même.
    let extrait = avant.keys().find(|n| n.starts_with("revue/")).unwrap().clone();
    std::fs::write(rapport.join(&extrait), b"pas un jpeg").unwrap();
    let troisieme = run(&scans, &rapport, &["--temps".as_ref()]);
    assert!(troisieme.lines().any(|l| l.starts_with("durées :") && l.contains("extraits")), "{troisieme}");
    assert_eq!(differences(&avant, &contenu(&rapport)), Vec::<String>::new());

    // Avec un fichier de corrections (la revue faite) et un scan refait (le même bulletin,
    // retourné) : ce scan-là est relu, les autres repris ; tout est écrit comme par une
    // exécution qui relit tout, dans un dossier neuf.
    let refait = scans.join("coup-02/scan-003.jpg");
    image::open(&refait).unwrap().rotate180().save(&refait).unwrap();
    let corrections = tmp.path().join("corrections.txt");
    let empreinte = String::from_utf8_lossy(&avant["revue.html"]).split("data-empreinte-partie=\"").nth(1).and_then(|r| r.split('"').next()).unwrap().to_string();
    let verite: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(exemple().join("coup-01/scan-001.json")).unwrap()).unwrap();
    let lecture: arbitre_engine::lecture::Lecture = serde_json::from_value(verite["lecture"].clone()).unwrap();
    std::fs::write(&corrections, format!("# Corrections de lecture relues par une personne\n# empreinte de la partie : {empreinte}\n\n{}", lecture.vers_texte())).unwrap();
    let reprise = run(&scans, &rapport, &["--corrections".as_ref(), corrections.as_os_str()]);
    assert!(reprise.contains(&format!("{} fichier(s) inchangé(s)", images - 1)), "{reprise}");
    assert!(reprise.contains("1 lu(s) par une personne"), "{reprise}");
    let neuf = tmp.path().join("neuf");
    let tout_relu = run(&scans, &neuf, &["--corrections".as_ref(), corrections.as_os_str()]);
    assert!(!tout_relu.contains("fichier(s) inchangé(s)"), "{tout_relu}");
    assert_eq!(differences(&contenu(&rapport), &contenu(&neuf)), Vec::<String>::new());
    assert_ne!(contenu(&rapport)["lectures.jsonl"], avant["lectures.jsonl"], "la lecture du scan refait est gardée pour la prochaine fois");

    // Des lectures changées à la main ne sont jamais reprises : tout est relu, et dit.
    let lectures = rapport.join("lectures.jsonl");
    let texte = std::fs::read_to_string(&lectures).unwrap();
    std::fs::write(&lectures, texte.replacen("\"table\":{\"valeur\":\"", "\"table\":{\"valeur\":\"9", 1)).unwrap();
    let falsifiee = run(&scans, &rapport, &["--corrections".as_ref(), corrections.as_os_str()]);
    assert!(!falsifiee.contains("fichier(s) inchangé(s)"), "{falsifiee}");
    assert!(falsifiee.contains("lectures précédentes non reprises") && falsifiee.contains("contenu changé depuis son écriture"), "{falsifiee}");
    assert_eq!(differences(&contenu(&rapport), &contenu(&neuf)), Vec::<String>::new());
}

/// Le même exécutable sur un processeur d'une autre famille calcule le modèle avec d'autres
/// noyaux (AVX-512, FMA…), et une probabilité peut y différer au dernier chiffre : les
/// lectures gardées ne sont pas reprises, tout est relu, et le bilan le dit. Ici, l'autre
/// processeur est ce même processeur privé d'un jeu d'instructions (`TRACT_CPU_ISA`).
#[cfg(target_arch = "x86_64")]
#[test]
fn sur_un_autre_processeur_les_scans_sont_relus() {
    let Some(jeu) = ["avx512f", "fma", "avx2", "avx"].into_iter().find(|j| match *j {
        "avx512f" => std::is_x86_feature_detected!("avx512f"),
        "fma" => std::is_x86_feature_detected!("fma"),
        "avx2" => std::is_x86_feature_detected!("avx2"),
        _ => std::is_x86_feature_detected!("avx"),
    }) else {
        eprintln!("processeur sans AVX : aucun jeu d'instructions à retirer, rien à vérifier ici");
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let scans = tmp.path().join("scans");
    let images = copier_scans(&scans);
    let rapport = tmp.path().join("rapport");
    run(&scans, &rapport, &[]);
    let ailleurs = run_sur(&scans, &rapport, &[], Some(&format!("-{jeu}")));
    assert!(!ailleurs.contains("fichier(s) inchangé(s)"), "{ailleurs}");
    assert!(ailleurs.contains("lectures précédentes non reprises") && ailleurs.contains("sur un autre processeur"), "{ailleurs}");
    // Revenu sur le processeur entier : les lectures gardées sont celles de l'autre, relu.
    let ici = run(&scans, &rapport, &[]);
    assert!(!ici.contains(&format!("{images} fichier(s) inchangé(s)")), "{ici}");
    assert!(run(&scans, &rapport, &[]).contains(&format!("{images} fichier(s) inchangé(s)")));
}
