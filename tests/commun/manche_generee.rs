//! Une manche générée (`arbitre echantillons`), puis `arbitre run` sur ses scans : pour
//! rejouer de bout en bout un cas trouvé sur une manche neuve. Le générateur tire chaque
//! bulletin de sa graine, de sa table et de son coup : quelques coups et tables d'une
//! manche redonnent ses scans octet pour octet.

use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// L'exécutable construit pour les tests, lancé depuis la racine du dépôt.
pub fn arbitre() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_arbitre"));
    c.current_dir(env!("CARGO_MANIFEST_DIR"));
    c
}

/// Une partie de référence (`../shared/validation/eliot-games`).
pub fn partie_eliot(nom: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/validation/eliot-games").join(nom)
}

/// Génère dans `scans` les bulletins de `partie` (`options` : `--tables`, `--graine`…).
pub fn generer(partie: &Path, scans: &Path, options: &[&str]) {
    let out = arbitre().arg("echantillons").args(options).arg("--partie").arg(partie).arg("--sortie").arg(scans).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}

/// Le scan généré du bulletin de `table` au coup `coup`, et sa vérité.
pub fn bulletin_genere(scans: &Path, coup: u32, table: u32) -> (PathBuf, Value) {
    std::fs::read_dir(scans.join(format!("coup-{coup:02}")))
        .unwrap()
        .map(|f| f.unwrap().path())
        .filter(|f| f.extension().is_some_and(|x| x == "json"))
        .map(|f| (f.with_extension("jpg"), serde_json::from_str::<Value>(&std::fs::read_to_string(&f).unwrap()).unwrap()))
        .find(|(_, v)| v["lecture"]["table"] == table)
        .unwrap_or_else(|| panic!("le bulletin du coup {coup} de la table {table}"))
}

/// `arbitre run` jusqu'au coup `jusqu_au_coup`, les tables 1 à `tables` inscrites ; ses
/// décisions par (table, coup).
pub fn decisions_du_run(partie: &Path, scans: &Path, tables: u32, jusqu_au_coup: u32, dossier: &Path) -> BTreeMap<(u64, u64), Value> {
    let joueurs = dossier.join("joueurs.csv");
    std::fs::write(&joueurs, std::iter::once("table,nom,arrivee".to_string()).chain((1..=tables).map(|t| format!("{t},Joueur {t},"))).collect::<Vec<_>>().join("\n")).unwrap();
    let sortie = dossier.join("rapport");
    let out = arbitre().arg("run").arg("--partie").arg(partie).arg("--scans").arg(scans).arg("--joueurs").arg(&joueurs).arg("--jusqu-au-coup").arg(jusqu_au_coup.to_string()).arg("--sortie").arg(&sortie).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    std::fs::read_to_string(sortie.join("decisions.jsonl"))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .map(|d| ((d["table"].as_u64().unwrap(), d["coup"].as_u64().unwrap()), d))
        .collect()
}

/// Un cas rejoué : les scans régénérés, le scan d'une table au coup rejoué (chemin relatif
/// aux scans) et sa vérité, et les décisions d'`arbitre run` par (table, coup).
pub struct Rejeu {
    pub scans: PathBuf,
    pub image: String,
    pub verite: Value,
    pub decisions: BTreeMap<(u64, u64), Value>,
    _dossier: tempfile::TempDir,
}

/// Régénère les tables 1 à `tables` du seul coup `coup` de la partie de référence `nom`
/// (`options` : graine, résolution…), puis lance `arbitre run` jusqu'à ce coup, ces tables
/// inscrites ; le scan rejoué est celui de la table `table`.
pub fn rejouer(nom: &str, options: &[&str], tables: u32, coup: u32, table: u32) -> Rejeu {
    let dossier = tempfile::tempdir().unwrap();
    let scans = dossier.path().join("scans");
    let partie = partie_eliot(nom);
    let (t, c) = (tables.to_string(), coup.to_string());
    let args: Vec<&str> = ["--tables", t.as_str(), "--coups", c.as_str()].into_iter().chain(options.iter().copied()).collect();
    generer(&partie, &scans, &args);
    let (scan, verite) = bulletin_genere(&scans, coup, table);
    let image = format!("coup-{coup:02}/{}", scan.file_name().unwrap().to_string_lossy());
    let decisions = decisions_du_run(&partie, &scans, tables, coup, dossier.path());
    Rejeu { scans, image, verite, decisions, _dossier: dossier }
}

impl Rejeu {
    /// La décision rangée à (`table`, `coup`), qui doit être celle du scan rejoué (la table
    /// où la machine l'a rangé n'est pas toujours la sienne).
    pub fn decision_du_scan(&self, table: u64, coup: u64) -> &Value {
        let d = &self.decisions[&(table, coup)];
        assert_eq!(d["image"].as_str(), Some(self.image.as_str()), "{d}");
        d
    }
}
