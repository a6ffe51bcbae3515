//! Les sorties pour les machines : `decisions.jsonl` (une décision par table et par coup,
//! absences comprises) et, pour une manche lue sur des scans, `rejets.jsonl` (chaque
//! image rejetée et sa raison). Format documenté champ par champ dans `reports/README.md`.

use crate::dossier::Dossier;
use crate::resultats::Resultats;
use crate::verification::{cases_a_verifier, LectureConcurrente, Verification};
use arbitre_engine::arbitrage::Decision;
use serde::Serialize;

/// Une ligne de `decisions.jsonl` : la décision, et pour une manche lue sur des scans ce
/// que la machine en sait.
#[derive(Serialize)]
struct Ligne<'a> {
    #[serde(flatten)]
    decision: &'a Decision,
    #[serde(flatten)]
    verification: Option<Champs<'a>>,
}

/// Les champs de vérification d'une ligne (manche lue sur des scans).
#[derive(Serialize)]
struct Champs<'a> {
    a_verifier: bool,
    raisons: Vec<String>,
    /// Chemin relatif au dossier des scans ; `null` sans image (table absente, lecture
    /// tapée dans le fichier de corrections sans scan).
    image: Option<&'a str>,
    /// `null` quand la machine n'a rien estimé (table absente, bulletin sans vérification).
    confiance: Option<f64>,
    alternatives: &'a [LectureConcurrente],
    corrigee_par_une_personne: bool,
    /// Présent seulement quand le numéro de table, lu avec doute, est confirmé par les
    /// autres bulletins du coup.
    #[serde(skip_serializing_if = "Option::is_none")]
    table_deduite: Option<&'a str>,
}

/// `decisions.jsonl` : une décision JSON par ligne, les bulletins par (coup, table) puis
/// les absences (5.7) par (table, coup). Pour des lectures tapées, la décision seule (le
/// format d'`arbitre grade`) ; pour une manche lue sur des scans, chaque ligne — absences
/// comprises — porte en plus `a_verifier`, `raisons`, `image`, `confiance`,
/// `alternatives` et `corrigee_par_une_personne`.
pub fn decisions_jsonl(d: &Dossier, r: &Resultats) -> String {
    let scans = d.lu_sur_scans();
    let a_verifier = if scans { cases_a_verifier(d, r) } else { Default::default() };
    let ligne = |decision: &Decision, ver: Option<&Verification>| {
        let verification = scans.then(|| champs(a_verifier.get(&(decision.table, decision.coup)), ver));
        serde_json::to_string(&Ligne { decision, verification }).expect("décision sérialisable") + "\n"
    };
    let bulletins = d.bulletins.iter().map(|b| ligne(&b.decision, b.verification.as_ref()));
    let absents = r.absents.iter().map(|dec| ligne(dec, None));
    bulletins.chain(absents).collect()
}

/// Les champs de vérification d'une case : ses raisons d'être à vérifier (aucune : décidée
/// automatiquement) et la vérification du bulletin, s'il en a une.
fn champs<'a>(raisons: Option<&Vec<String>>, ver: Option<&'a Verification>) -> Champs<'a> {
    Champs {
        a_verifier: raisons.is_some(),
        raisons: raisons.cloned().unwrap_or_default(),
        image: ver.and_then(|v| v.image.as_deref()),
        confiance: ver.map(|v| v.confiance),
        alternatives: ver.map_or(&[], |v| &v.alternatives),
        corrigee_par_une_personne: ver.is_some_and(|v| v.corrigee_par_une_personne),
        table_deduite: ver.and_then(|v| v.table_deduite.as_deref()),
    }
}

/// `rejets.jsonl` : chaque image rejetée, une par ligne, par chemin (`image`, `coup`,
/// `raison`, `message`).
pub fn rejets_jsonl(d: &Dossier) -> String {
    d.rejets.iter().map(|r| serde_json::to_string(r).expect("rejet sérialisable") + "\n").collect()
}
