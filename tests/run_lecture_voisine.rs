//! Le garde-fou des sanctions sur des scans générés : une sanction qu'une lecture voisine,
//! confirmée par le score écrit, changerait va à une personne ; une faute du joueur que la
//! correction reconnaît (l'inversion) n'y est pas prise pour une lecture. Le générateur tire chaque
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

/// Une inversion du joueur n'est pas une lecture voisine (manche d'évaluation `rosace`,
/// graine 11, jusqu'à 300 dpi) : au coup 20, la table 12 a écrit FAUNE, 13 points, en
/// « G 3 » au lieu de 3G — averti pour l'inversion de la référence et du sens (guide 5.1.2),
/// sur une lecture sûre. Jusqu'au 28 novembre 2026, le garde-fou essayait la référence
/// retournée comme deux caractères mal lus, la trouvait valide au score écrit, et envoyait
/// cet avertissement juste à une personne.
#[test]
fn une_inversion_du_joueur_est_decidee_sans_personne() {
    let r = rejouer("rosace.partie", &["--graine", "11", "--dpi-max", "300"], 12, 20, 12);
    let verite = &r.verite;
    assert_eq!((verite["intention"]["mot"].as_str(), verite["intention"]["ref"].as_str(), verite["lecture"]["reference"].as_str()), (Some("FAUNE"), Some("3G"), Some("G 3")));

    let d = r.decision_du_scan(12, 20);
    assert_eq!((d["verdict"].as_str(), d["score"].as_u64(), d["motifs"].to_string().as_str()), (Some("avertissement"), Some(13), r#"["inversion"]"#), "{d}");
    assert_eq!(d["a_verifier"], false, "l'inversion du joueur prise pour une lecture voisine : {d}");
}
