//! Une faute courante du joueur que la machine lit peut-être : le bulletin va à une personne
//! dès que ces lectures-là pèsent 20 % (une pénalité, une autre référence écrite, un autre
//! score écrit), et non 40 % comme les lectures voisines ordinaires. Le générateur tire
//! chaque bulletin de sa graine, de sa table et de son coup : les premières tables d'un coup
//! redonnent les scans d'une manche neuve, octet pour octet.

mod commun;
use commun::manche_generee::rejouer;

/// Une référence inversée (manche neuve `2_ai`, graine 1631, jusqu'à 300 dpi, 28 novembre
/// 2026) : au coup 11, la table 32 a écrit DEMIS, 28 points, en « 1 I » au lieu de I1 —
/// averti (guide 5.1.2). La machine lit « I 1 » à 72 % (valide), « 1 I » à 15 %
/// (l'inversion), « 1 1 » à 13 % (localisation erronée, pénalité). Seule la pénalité
/// comptait parmi les fautes courantes : décidé valide sans personne, payé sans
/// l'avertissement.
#[test]
fn une_reference_inversee_que_la_machine_lit_peut_etre_est_a_verifier() {
    let r = rejouer("2_ai.partie", &["--graine", "1631", "--dpi-max", "300"], 32, 11, 32);
    let verite = &r.verite;
    assert_eq!((verite["intention"]["mot"].as_str(), verite["lecture"]["reference"].as_str()), (Some("DEMIS"), Some("1 I")));
    assert_eq!(verite["intention"]["attendu"]["verdict"], "avertissement");

    let d = r.decision_du_scan(32, 11);
    // Décision provisoire : la lecture la plus probable, valide ; mais une personne regarde.
    assert_eq!((d["verdict"].as_str(), d["score"].as_u64()), (Some("valide"), Some(28)), "{d}");
    assert_eq!(d["a_verifier"], true, "une référence inversée lue à 15 % payée sans personne : {d}");
    let raisons = d["raisons"].to_string();
    assert!(raisons.contains("lecture incertaine") && raisons.contains("une autre référence écrite"), "{raisons}");
    let alternatives = d["alternatives"].to_string();
    assert!(alternatives.contains("1 I"), "l'inversion parmi les lectures concurrentes : {alternatives}");
}
