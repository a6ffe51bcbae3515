//! Une référence que la machine découpe mal (aucun découpage du cadre Réf. n'est fait de
//! morceaux qu'elle prend pour des caractères) ne se lit pas assez sûrement pour écarter la
//! localisation erronée du joueur : quand une autre référence écrite le pénaliserait, une
//! personne regarde, même sous le seuil de 20 % des fautes courantes. Le générateur tire
//! chaque bulletin de sa graine, de sa table et de son coup : les premières tables d'un coup
//! redonnent les scans d'une manche neuve, octet pour octet.

mod commun;
use commun::manche_generee::rejouer;

/// Manche neuve `rosace`, graine 1831, 200 à 300 dpi (29 novembre 2026) : au coup 20, la
/// table 48 a écrit FRENE en « M 2 » (un M cursif) au lieu de N2, 38 points — pénalité de
/// localisation, payé 33 (5.3.3). La machine lit « N 2 » à 93,7 %, « M 2 » à 2,9 %, dans un
/// cadre dont le meilleur découpage n'est fait de caractères qu'à 25 % : l'exécutable d'avant
/// l'a décidé valide sans personne, payé 38.
#[test]
fn une_reference_mal_decoupee_qui_penaliserait_peut_etre_est_a_verifier() {
    let r = rejouer("rosace.partie", &["--graine", "1831", "--dpi-min", "200", "--dpi-max", "300"], 48, 20, 48);
    let verite = &r.verite;
    assert_eq!((verite["intention"]["mot"].as_str(), verite["lecture"]["reference"].as_str()), (Some("FRENE"), Some("M 2")));
    assert_eq!((verite["intention"]["attendu"]["verdict"].as_str(), verite["intention"]["attendu"]["score"].as_u64()), (Some("penalite"), Some(33)));

    let d = r.decision_du_scan(48, 20);
    // Décision provisoire : la lecture la plus probable (« N 2 »), valide ; une personne regarde.
    assert_eq!((d["verdict"].as_str(), d["score"].as_u64()), (Some("valide"), Some(38)), "{d}");
    assert_eq!(d["a_verifier"], true, "une référence mal découpée, payée sans personne : {d}");
    let raisons = d["raisons"].to_string();
    assert!(raisons.contains("« N 2 »") && raisons.contains("découpe mal") && raisons.contains("localisation erronée, 5.3.3"), "{raisons}");
    let alternatives = d["alternatives"].to_string();
    assert!(alternatives.contains("ref: M 2"), "la référence écrite parmi les lectures concurrentes : {alternatives}");
}
