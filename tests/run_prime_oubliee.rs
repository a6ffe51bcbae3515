//! Un scrabble écrit sans sa prime de 50 points, une faute de score classique d'un
//! scrabble : quand la machine lit peut-être ce score-là, le bulletin va à une personne,
//! même sous le seuil de 20 % des autres scores écrits. Le générateur tire chaque bulletin
//! de sa graine, de sa table et de son coup : les premières tables d'un coup redonnent les
//! scans d'une manche neuve, octet pour octet.

mod commun;
use commun::manche_generee::rejouer;

/// Manche neuve `2_ai`, graine 1601, jusqu'à 300 dpi (28 novembre 2026) : au coup 15, la
/// table 31 a écrit POTINIER en 12G pour 22 points au lieu de 72 — averti, payé 72 (5.3.2).
/// La machine lit « 72 » à 80,6 %, « 22 » à 13,3 % : l'exécutable d'avant l'a décidé valide
/// sans personne, payé sans l'avertissement.
#[test]
fn un_scrabble_peut_etre_ecrit_sans_sa_prime_est_a_verifier() {
    let r = rejouer("2_ai.partie", &["--graine", "1601", "--dpi-max", "300"], 31, 15, 31);
    let verite = &r.verite;
    assert_eq!((verite["intention"]["mot"].as_str(), verite["lecture"]["score"].as_str()), (Some("POTINIER"), Some("22")));
    assert_eq!((verite["intention"]["attendu"]["verdict"].as_str(), verite["intention"]["attendu"]["score"].as_u64()), (Some("avertissement"), Some(72)));

    let d = r.decision_du_scan(31, 15);
    // Décision provisoire : la lecture la plus probable (« 72 »), valide ; une personne regarde.
    assert_eq!((d["verdict"].as_str(), d["score"].as_u64()), (Some("valide"), Some(72)), "{d}");
    assert_eq!(d["a_verifier"], true, "un scrabble peut-être écrit sans sa prime, payé sans personne : {d}");
    let raisons = d["raisons"].to_string();
    assert!(raisons.contains("peut-être 22") && raisons.contains("sans sa prime de 50 points"), "{raisons}");
    let alternatives = d["alternatives"].to_string();
    assert!(alternatives.contains("score: 22"), "le score sans la prime parmi les lectures concurrentes : {alternatives}");
}
