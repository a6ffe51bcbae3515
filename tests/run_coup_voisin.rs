//! Un bulletin posé sur la pile du coup suivant, quand le joueur n'a rien rendu à ce coup-là,
//! et dont le mot se joue aux deux coups au même score : aucune sanction ne le trahit. Le
//! cas vient d'une manche neuve (`2_ai`, graine 351, 27 novembre 2026) : le bulletin du coup
//! 17 de la table 35, OTER H12 à 12 points, rangé dans le dossier du coup 18 où la table
//! n'avait rien rendu, était payé 12 au coup 18 sans qu'une personne le regarde (la vérité :
//! zéro, absent). Le générateur tire chaque bulletin de sa graine, de sa table et de son
//! coup : les coups 17 et 18 seuls redonnent ces bulletins.

mod commun;
use commun::manche_generee::{bulletin_genere, decisions_du_run, generer, partie_eliot};

#[test]
fn un_bulletin_valide_aussi_au_coup_voisin_ou_sa_table_n_a_rien_rendu_est_a_verifier() {
    let tmp = tempfile::tempdir().unwrap();
    let scans = tmp.path().join("scans");
    let partie = partie_eliot("2_ai.partie");
    generer(&partie, &scans, &["--tables", "35", "--graine", "351", "--coups", "17-18", "--dpi-max", "300"]);
    // La vérité de la manche générée : la table 35 n'a rien rendu au coup 18, et son
    // bulletin du coup 17 est OTER H12, valide à 12 points.
    assert!(scans.join("coup-18/absent-table035.json").is_file());
    let (scan, verite) = bulletin_genere(&scans, 17, 35);
    assert_eq!((verite["intention"]["mot"].as_str(), verite["intention"]["score"].as_u64()), (Some("OTER"), Some(12)));
    std::fs::rename(scan, scans.join("coup-18/scan-035-du-coup-17.jpg")).unwrap();

    let decisions = decisions_du_run(&partie, &scans, 35, 18, tmp.path());
    // Au coup 18, le bulletin du coup 17 : payé provisoirement, mais à vérifier, et la
    // raison nomme le coup d'où il vient peut-être.
    let range = &decisions[&(35, 18)];
    assert_eq!(range["image"], "coup-18/scan-035-du-coup-17.jpg", "{range}");
    assert_eq!(range["a_verifier"], true, "payé sans qu'une personne regarde : {range}");
    let raisons = range["raisons"].to_string();
    assert!(raisons.contains("serait aussi une solution du coup 17, au score écrit, et la table 35 n'a pas de bulletin à ce coup"), "{raisons}");
    // Au coup 17, l'absence de la table 35 est à vérifier, et nomme ce scan.
    let absence = &decisions[&(35, 17)];
    assert_eq!((absence["verdict"].as_str(), absence["a_verifier"].as_bool()), (Some("zero"), Some(true)), "{absence}");
    assert!(absence["raisons"].to_string().contains("le scan coup-18/scan-035-du-coup-17.jpg (table 35, dossier du coup 18) se lit comme une solution de ce coup-ci"), "{absence}");
}

/// Le bulletin d'un coup rangé au coup suivant, qui porte à son coup deux solutions (averti et
/// payé de la moins chère, règlement 5.4.2.b) : au coup du dossier, un zéro. Manche neuve
/// `2_ai`, graine 1421 (200–260 dpi), 28 novembre 2026 : le bulletin du coup 10 de la table
/// 30, ALLOUES en A6 pour 81 points (le top, le score écrit) et LIS raccordé à côté, rangé au
/// coup 11. Le garde-fou du bulletin rangé ailleurs ne reconnaissait qu'une décision valide au
/// score écrit : ni le zéro ni l'absence de la table au coup 10 ne nommaient l'autre coup.
/// (Le bulletin de la table au coup 11, lu « 33 » dans cette manche, est ôté ici.)
#[test]
fn un_bulletin_a_deux_solutions_range_au_coup_suivant_est_reconnu() {
    let tmp = tempfile::tempdir().unwrap();
    let scans = tmp.path().join("scans");
    let partie = partie_eliot("2_ai.partie");
    generer(&partie, &scans, &["--tables", "30", "--graine", "1421", "--coups", "10-11", "--dpi-min", "200", "--dpi-max", "260"]);
    let (scan, verite) = bulletin_genere(&scans, 10, 30);
    assert_eq!(verite["intention"]["genre"], "plusieurs_solutions", "{verite}");
    assert_eq!(verite["lecture"]["score"], "81", "{verite}");
    std::fs::rename(scan, scans.join("coup-11/scan-030-du-coup-10.jpg")).unwrap();
    let (scan_11, _) = bulletin_genere(&scans, 11, 30);
    std::fs::remove_file(scan_11).unwrap();

    let decisions = decisions_du_run(&partie, &scans, 30, 11, tmp.path());
    let range = &decisions[&(30, 11)];
    assert_eq!(range["image"], "coup-11/scan-030-du-coup-10.jpg", "{range}");
    assert_eq!((range["verdict"].as_str(), range["a_verifier"].as_bool()), (Some("zero"), Some(true)), "{range}");
    let raisons = range["raisons"].to_string();
    assert!(raisons.contains("sanction (zéro) alors que la même lecture serait une solution du coup 10 : ce bulletin est peut-être celui du coup 10, rangé dans le dossier du coup 11"), "{raisons}");
    let absence = &decisions[&(30, 10)];
    assert_eq!((absence["verdict"].as_str(), absence["a_verifier"].as_bool()), (Some("zero"), Some(true)), "{absence}");
    assert!(absence["raisons"].to_string().contains("le scan coup-11/scan-030-du-coup-10.jpg (table 30, dossier du coup 11) se lit comme une solution de ce coup-ci"), "{absence}");
}
