//! Un numéro de table lu sûrement qui est peut-être celui d'une table sans bulletin au même
//! coup. Le cas vient d'une manche neuve (`rosace`, graine 1071, 300–600 dpi, 28 novembre
//! 2026) : au coup 15, le bulletin de la table 32, dont le 2 a la forme d'un 1 à pied, est
//! lu « 31 » à 99,7 % (« 32 » à 0,3 %) ; la table 31 n'a rien rendu à ce coup. Le bulletin
//! était payé 29 points à la table 31, absente, sans qu'une personne le regarde. Le
//! générateur tire chaque bulletin de sa graine, de sa table et de son coup : les 32
//! premières tables du coup 15 redonnent ce scan, octet pour octet.

mod commun;
use commun::manche_generee::rejouer;

#[test]
fn un_numero_sur_qui_peut_etre_celui_d_une_table_sans_bulletin_est_a_verifier() {
    let r = rejouer("rosace.partie", &["--graine", "1071", "--dpi-min", "300", "--dpi-max", "600"], 32, 15, 32);
    let (verite, image, decisions) = (&r.verite, &r.image, &r.decisions);
    // La vérité de la manche générée : la table 31 n'a rien rendu au coup 15 ; la 32 a rendu
    // un bulletin valide.
    assert!(r.scans.join("coup-15/absent-table031.json").is_file());
    assert_eq!(verite["intention"]["attendu"]["verdict"], "valide");

    // Le scan de la 32 rangé à la 31 (le numéro lu sûrement) : payé provisoirement, mais à
    // vérifier, et la raison dit quelle table sans bulletin il est peut-être.
    let range = r.decision_du_scan(31, 15);
    assert_eq!(range["a_verifier"], true, "payé à une table absente sans qu'une personne regarde : {range}");
    let raisons = range["raisons"].to_string();
    assert!(raisons.contains("numéro de table lu 31 (99,7 %), peut-être 32 (0,3 %), une table sans bulletin à ce coup"), "{raisons}");
    // L'absence de la table 32 : zéro provisoire, à vérifier, et nomme ce scan.
    let absence = &decisions[&(32, 15)];
    assert_eq!((absence["verdict"].as_str(), absence["a_verifier"].as_bool()), (Some("zero"), Some(true)), "{absence}");
    assert!(absence["raisons"].to_string().contains(&format!("le scan {image} (attribué à la table 31) porte peut-être le numéro 32")), "{absence}");
}

/// Une manche neuve (`2_ai`, graine 1211, JPEG de qualité 55 au plus, 28 novembre 2026) : au
/// coup 11, le bulletin de la table 4 est lu « 9 » à 93,6 %, « 7 » à 6,3 %, « 4 » à 0,095 %.
/// La 7 a rendu son bulletin, lu sûrement : la déduction par les autres bulletins du coup
/// confirmait la 9, absente à ce coup, qui était payée 26 points sans personne. Une lecture
/// de 0,095 % n'est pas négligeable (seuil : 0,01 %) : la table 4, sans bulletin, l'empêche.
#[test]
fn un_numero_lu_avec_doute_n_est_pas_confirme_quand_une_lecture_rare_nomme_une_table_sans_bulletin() {
    let r = rejouer("2_ai.partie", &["--graine", "1211", "--jpeg-max", "55"], 9, 11, 4);
    let (verite, decisions) = (&r.verite, &r.decisions);
    assert!(r.scans.join("coup-11/absent-table009.json").is_file());
    assert_eq!(verite["intention"]["attendu"]["verdict"], "valide");

    let range = r.decision_du_scan(9, 11);
    assert_eq!(range["a_verifier"], true, "payé à une table absente sans qu'une personne regarde : {range}");
    assert!(range["table_deduite"].is_null(), "{range}");
    let absence = &decisions[&(4, 11)];
    assert_eq!((absence["verdict"].as_str(), absence["a_verifier"].as_bool()), (Some("zero"), Some(true)), "{absence}");
}

/// Sans liste des joueurs, les tables de la manche sont celles qui ont rendu un bulletin : un
/// numéro qu'aucun bulletin ne porte (« 52 », lecture à 0,2 % d'un 5) n'est pas une table
/// absente, et le bulletin n'est pas envoyé à une personne pour lui (sur la manche livrée,
/// 5 bulletins l'étaient, dont un décidé seul sinon).
#[test]
fn sans_liste_des_joueurs_un_numero_qu_aucun_bulletin_ne_porte_n_est_pas_une_table_absente() {
    let tmp = tempfile::tempdir().unwrap();
    let exemple = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/manche-exemple");
    let sortie = tmp.path().join("rapport");
    let out = commun::manche_generee::arbitre().arg("run").arg("--partie").arg(exemple.join("partie.partie")).arg("--scans").arg(&exemple).arg("--sortie").arg(&sortie).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let decisions: Vec<serde_json::Value> = std::fs::read_to_string(sortie.join("decisions.jsonl")).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let tables: std::collections::BTreeSet<u64> = decisions.iter().filter(|d| d["image"].is_string()).map(|d| d["table"].as_u64().unwrap()).collect();
    for d in &decisions {
        for r in d["raisons"].as_array().unwrap().iter().filter_map(|r| r.as_str()) {
            if let Some((_, apres)) = r.split_once("), peut-être ").filter(|_| r.contains("une table sans bulletin à ce coup")) {
                let t: u64 = apres.split(' ').next().unwrap().parse().unwrap();
                assert!(tables.contains(&t), "la table {t} n'a aucun bulletin : {r}");
            }
        }
    }
    // Les 20 tables de la manche livrée ont rendu des bulletins.
    assert_eq!(tables.len(), 20);
}
