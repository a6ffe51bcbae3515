//! Deux solutions écrites dans un même dessin, l'une lue de travers et négligée. Le cas
//! vient d'une manche neuve (`2_ai`, graine 1131, jusqu'à 400 dpi, 28 novembre 2026) : au
//! coup 4, la table 14 a écrit JASERAN en colonne et JALES en rangée, chacun avec ses
//! lettres de raccord. La vérité : deux solutions, le minimum payé, 30 points averti (guide
//! 5.6). Le N de JASERAN déborde ; l'encre partagée le coupe en A et I, et ce I touche le J
//! de JALES : un seul dessin, JASERAA ni admis ni jouable, négligé (règlement 5.2.1), et
//! JALES payé 49 sans qu'une personne regarde. Le générateur tire chaque bulletin de sa
//! graine, de sa table et de son coup : les 14 premières tables du coup 4 redonnent ce scan.

mod commun;
use commun::manche_generee::rejouer;

#[test]
fn une_seconde_solution_negligee_dans_le_dessin_de_la_solution_payee_est_a_verifier() {
    let r = rejouer("2_ai.partie", &["--graine", "1131", "--dpi-max", "400"], 14, 4, 14);
    let verite = &r.verite;
    assert_eq!(verite["intention"]["mot"], "JASERAN");
    assert_eq!(verite["intention"]["attendu"]["verdict"], "avertissement");
    assert_eq!(verite["intention"]["attendu"]["score"], 30);

    let d = r.decision_du_scan(14, 4);
    // La machine lit un seul dessin et paie JALES ; le mot négligé envoie le bulletin à une
    // personne, et la raison le nomme.
    assert_eq!(d["a_verifier"], true, "payé plus que le minimum de deux solutions sans qu'une personne regarde : {d}");
    let raisons = d["raisons"].to_string();
    assert!(raisons.contains("« JASERAA »") && raisons.contains("seconde solution"), "{raisons}");
}
