//! Le travail d'une personne après `arbitre run` : elle relit chaque bulletin à vérifier
//! sur la page de revue, écrit ce qui est écrit sur le scan (et nomme ce scan), confirme
//! les absences, enregistre le fichier de corrections et relance. Sur la manche d'exemple
//! avec des fautes injectées (doublon, scan à l'envers, bulletin rangé dans le dossier d'un
//! autre coup, numéro de table effacé, fichier tronqué), toutes les décisions sont alors
//! celles de la vérité — aucune décision automatique fausse, aucune correction perdue ni
//! donnée au mauvais bulletin —, chaque bulletin porte son propre scan, rien ne reste à
//! vérifier et les absences confirmées restent des bulletins manquants dans le bilan.

use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

fn exemple() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/manche-exemple")
}

type Cle = (u64, u64);

/// Les lectures vraies de la manche (`bulletins.txt`), bloc par bloc, par (table, coup).
fn lectures_vraies() -> BTreeMap<Cle, String> {
    let texte = std::fs::read_to_string(exemple().join("bulletins.txt")).unwrap();
    let mut blocs: BTreeMap<Cle, String> = BTreeMap::new();
    let mut courant = None;
    for ligne in texte.lines() {
        if let Some(entete) = ligne.strip_prefix("bulletin ") {
            let nombre = |cle: &str| entete.split_whitespace().find_map(|m| m.strip_prefix(cle)).unwrap().parse::<u64>().unwrap();
            courant = Some((nombre("table="), nombre("coup=")));
        }
        if let Some(c) = courant.filter(|_| !ligne.starts_with('#') && !ligne.trim().is_empty()) {
            let bloc = blocs.entry(c).or_default();
            bloc.push_str(ligne);
            bloc.push('\n');
        }
    }
    blocs
}

/// Le scan vrai de chaque bulletin rendu, d'après la vérité posée à côté de chaque image.
fn scans_vrais() -> BTreeMap<Cle, String> {
    let mut scans = BTreeMap::new();
    for d in std::fs::read_dir(exemple()).unwrap().map(|e| e.unwrap().path()).filter(|d| d.is_dir()) {
        for f in std::fs::read_dir(&d).unwrap().map(|e| e.unwrap().path()).filter(|f| f.extension().is_some_and(|x| x == "json")) {
            let v: Value = serde_json::from_str(&std::fs::read_to_string(&f).unwrap()).unwrap();
            if let Some(image) = v["image"].as_str() {
                let cle = (v["lecture"]["table"].as_u64().unwrap(), v["lecture"]["coup"].as_u64().unwrap());
                scans.insert(cle, format!("{}/{image}", d.file_name().unwrap().to_str().unwrap()));
            }
        }
    }
    scans
}

fn run(scans: &Path, sortie: &Path, corrections: Option<&Path>) -> String {
    let mut c = Command::new(env!("CARGO_BIN_EXE_arbitre"));
    c.arg("run").arg("--partie").arg(exemple().join("partie.partie")).arg("--joueurs").arg(exemple().join("joueurs.csv"));
    c.arg("--scans").arg(scans).arg("--sortie").arg(sortie);
    if let Some(f) = corrections {
        c.arg("--corrections").arg(f);
    }
    let out = c.output().unwrap();
    let texte = String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{texte}");
    texte
}

fn decisions(sortie: &Path) -> BTreeMap<Cle, Value> {
    std::fs::read_to_string(sortie.join("decisions.jsonl")).unwrap().lines().map(|l| serde_json::from_str::<Value>(l).unwrap()).map(|d| ((d["table"].as_u64().unwrap(), d["coup"].as_u64().unwrap()), d)).collect()
}

#[test]
fn une_personne_qui_relit_chaque_bulletin_a_verifier_obtient_la_verite_partout() {
    let tmp = tempfile::tempdir().unwrap();
    let scans = tmp.path().join("scans");
    let mut vrais = scans_vrais();
    for image in vrais.values() {
        let cible = scans.join(image);
        std::fs::create_dir_all(cible.parent().unwrap()).unwrap();
        std::fs::copy(exemple().join(image), cible).unwrap();
    }
    let (c1, c2, c3) = (scans.join("coup-01"), scans.join("coup-02"), scans.join("coup-03"));
    // Les fautes : un doublon, un scan à l'envers, un fichier tronqué, un bulletin du coup 1
    // rangé dans le dossier du coup 2, un numéro de table effacé au coup 3 (le cadre repeint
    // couleur papier : la table n'est plus lisible, l'image est rejetée).
    std::fs::copy(c2.join("scan-005.jpg"), c2.join("scan-005-bis.jpg")).unwrap();
    let retourne = image::open(c3.join("scan-006.jpg")).unwrap().rotate180();
    retourne.save(c3.join("scan-006.jpg")).unwrap();
    let jpeg = std::fs::read(c1.join("scan-004.jpg")).unwrap();
    std::fs::write(c1.join("tronque.jpg"), &jpeg[..jpeg.len() / 3]).unwrap();
    std::fs::rename(c1.join("scan-007.jpg"), c2.join("scan-007-du-coup-1.jpg")).unwrap();
    for image in vrais.values_mut().filter(|i| *i == "coup-01/scan-007.jpg") {
        *image = "coup-02/scan-007-du-coup-1.jpg".into();
    }
    let effacee = image::open(c3.join("scan-010.jpg")).unwrap().to_luma8();
    let v: Value = serde_json::from_str(&std::fs::read_to_string(exemple().join("coup-03/scan-010.json")).unwrap()).unwrap();
    let cadre = v["geometrie"]["cadres"].as_array().unwrap().iter().find(|c| c["role"] == "table").unwrap();
    let coins: Vec<(f64, f64)> = cadre["encre"].as_array().unwrap().iter().map(|p| (p[0].as_f64().unwrap(), p[1].as_f64().unwrap())).collect();
    let (x0, x1) = (coins.iter().map(|p| p.0).fold(f64::MAX, f64::min) as u32 - 3, coins.iter().map(|p| p.0).fold(0.0, f64::max) as u32 + 3);
    let (y0, y1) = (coins.iter().map(|p| p.1).fold(f64::MAX, f64::min) as u32 - 3, coins.iter().map(|p| p.1).fold(0.0, f64::max) as u32 + 3);
    let papier = effacee.get_pixel(x0 - 4, y0 - 4)[0].max(200);
    let mut effacee = effacee;
    for y in y0..=y1 {
        for x in x0..=x1 {
            effacee.put_pixel(x, y, image::Luma([papier]));
        }
    }
    effacee.save(c3.join("scan-010.jpg")).unwrap();

    let avant = tmp.path().join("avant");
    let texte = run(&scans, &avant, None);
    let machine = decisions(&avant);
    let a_verifier: Vec<&Cle> = machine.iter().filter(|(_, d)| d["a_verifier"] == true).map(|(c, _)| c).collect();
    assert!(!a_verifier.is_empty(), "{texte}");
    // Le scan au numéro effacé est rejeté : seule la personne peut le donner à sa table.
    let rejets = std::fs::read_to_string(avant.join("rejets.jsonl")).unwrap();
    assert!(rejets.lines().any(|l| l.contains("coup-03/scan-010.jpg") && l.contains("table_illisible")), "{rejets}");

    // La personne : pour chaque bulletin à vérifier, ce qui est écrit, et le scan où elle
    // l'a lu ; pour une absence, `absent` (elle a cherché le bulletin, il n'existe pas).
    let revue = std::fs::read_to_string(avant.join("revue.html")).unwrap();
    let empreinte = revue.split("data-empreinte-partie=\"").nth(1).unwrap().split('"').next().unwrap();
    let lectures = lectures_vraies();
    let mut corrections = format!("# empreinte de la partie : {empreinte}\n\n");
    for cle in &a_verifier {
        corrections.push_str(&lectures[cle]);
        if let Some(scan) = vrais.get(cle) {
            corrections.push_str(&format!("scan: {scan}\n"));
        }
        corrections.push('\n');
    }
    let fichier = tmp.path().join("corrections.txt");
    std::fs::write(&fichier, corrections).unwrap();
    let apres = tmp.path().join("apres");
    let bilan = run(&scans, &apres, Some(&fichier));
    let revues = decisions(&apres);

    // La vérité : les lectures vraies corrigées par le moteur (`arbitre grade`).
    let out = Command::new(env!("CARGO_BIN_EXE_arbitre")).arg("grade").arg("--partie").arg(exemple().join("partie.partie")).arg("--bulletins").arg(exemple().join("bulletins.txt")).output().unwrap();
    let verite: BTreeMap<Cle, Value> = String::from_utf8(out.stdout).unwrap().lines().map(|l| serde_json::from_str::<Value>(l).unwrap()).map(|d| ((d["table"].as_u64().unwrap(), d["coup"].as_u64().unwrap()), d)).collect();
    assert_eq!(verite.len(), 60);
    assert_eq!(revues.keys().collect::<Vec<_>>(), verite.keys().collect::<Vec<_>>());
    for (cle, vraie) in &verite {
        let d = &revues[cle];
        assert_eq!((&d["verdict"], &d["score"]), (&vraie["verdict"], &vraie["score"]), "table {} coup {} : {d}", cle.0, cle.1);
        assert_eq!(d["a_verifier"], false, "{d}");
        // Chaque bulletin porte son propre scan : celui que la machine a rangé seule, ou
        // celui que la personne a nommé — ou sa copie, le même fichier passé deux fois (la
        // machine en garde un, l'autre est un doublon, sans rien mettre en doute).
        let image = d["image"].as_str().map(|i| i.replace("scan-005-bis.jpg", "scan-005.jpg"));
        assert_eq!(image.as_deref(), vrais.get(cle).map(String::as_str), "table {} coup {}", cle.0, cle.1);
        assert_eq!(d["corrigee_par_une_personne"], a_verifier.contains(&cle), "{d}");
    }
    let absents = verite.values().filter(|d| d["motifs"] == serde_json::json!(["absent"])).count();
    assert!(absents > 0);
    assert!(bilan.contains("0 envoyé(s) à une personne"), "{bilan}");
    assert!(bilan.contains(&format!("{absents} bulletin(s) manquant(s) (zéro, 5.7), dont 0 à vérifier")), "{bilan}");
    // Plus rien à vérifier : les résultats ne sont plus provisoires.
    assert!(std::fs::read_to_string(avant.join("resultats.html")).unwrap().contains("provisoire"));
    assert!(!std::fs::read_to_string(apres.join("resultats.html")).unwrap().contains("provisoire"));
}
