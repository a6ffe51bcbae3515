//! Le garde-fou des sanctions sur des scans générés : une sanction qu'une lecture voisine,
//! confirmée par le score écrit, changerait va à une personne. Le générateur tire chaque
//! bulletin de sa graine, de sa table et de son coup : les premières tables d'un coup
//! redonnent les scans d'une manche neuve, octet pour octet.
//!
//! Une case lue en trop (manche neuve `rosace`, graine 1231, jusqu'à 200 dpi, 28 novembre
//! 2026) : au coup 9, la table 50 a écrit TYPES en colonne, en 10D, 20 points (il en vaut
//! 22). Son T est grand : la barre dans la case du dessus, le pied dans la sienne. Le
//! découpage le coupe au bord des cases, lu « T » puis « I », sûrement : TIYPES, placement
//! impossible, zéro automatique au lieu d'un avertissement payé 22.

mod commun;
use commun::manche_generee::rejouer;

#[test]
fn un_zero_qu_une_case_lue_en_trop_expliquerait_est_a_verifier() {
    let r = rejouer("rosace.partie", &["--graine", "1231", "--dpi-max", "200"], 50, 9, 50);
    let verite = &r.verite;
    assert_eq!(verite["intention"]["mot"], "TYPES");
    assert_eq!(verite["intention"]["attendu"]["verdict"], "avertissement");

    let d = r.decision_du_scan(50, 9);
    // La machine lit TIYPES et met un zéro provisoire ; mais à une case près, TYPES serait
    // averti pour le seul score, à un chiffre du score écrit : une personne regarde.
    assert_eq!(d["verdict"], "zero", "{d}");
    assert_eq!(d["a_verifier"], true, "zéro automatique sur une case lue en trop : {d}");
    let raisons = d["raisons"].to_string();
    assert!(raisons.contains("une case lue en trop") && raisons.contains("|T ; |Y ; |P ; |E ; |S »"), "{raisons}");
}

/// Deux caractères de la référence lus de travers (manche neuve `fumee`, graine 1291, 28
/// novembre 2026) : au coup 21, la table 6 a écrit ET en I13, 18 points, le top. Le I lu
/// « 1 » et le 3 lu « B » : « 11B » à 99,8 %, ET pénalisé en 11B (localisation erronée),
/// 13 points, sans personne.
#[test]
fn une_penalite_que_deux_caracteres_de_la_reference_expliqueraient_est_a_verifier() {
    let r = rejouer("fumee.partie", &["--graine", "1291"], 6, 21, 6);
    let verite = &r.verite;
    assert_eq!((verite["intention"]["mot"].as_str(), verite["intention"]["ref"].as_str()), (Some("ET"), Some("I13")));

    let d = r.decision_du_scan(6, 21);
    assert_eq!(d["verdict"], "penalite", "{d}");
    assert_eq!(d["a_verifier"], true, "pénalité automatique sur une référence mal lue : {d}");
    let raisons = d["raisons"].to_string();
    assert!(raisons.contains("deux caractères de la référence") && raisons.contains("ref: I13"), "{raisons}");
}
