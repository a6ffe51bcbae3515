//! Les résultats de la manche : avertissements (5.9), solos (3.5), retard (6.2),
//! absents, rang.

mod commun;

use arbitre_engine::arbitrage::{Motif, Verdict};
use arbitre_reports::resultats::{Origine, Resultats};
use arbitre_reports::dossier::CaseConfirmee;
use arbitre_reports::Joueur;
use commun::*;

#[test]
fn trois_avertissements_gratuits_le_quatrieme_coute_cinq_points() {
    let mut d = dossier(&[20; 6]);
    tous_au_top(&mut d, &[1, 2, 3]);
    for coup in 1..=3 {
        remplacer(&mut d, avert(1, coup, 20));
    }
    for coup in 1..=4 {
        remplacer(&mut d, avert(2, coup, 20));
    }
    for coup in 1..=6 {
        remplacer(&mut d, avert(3, coup, 20));
    }
    let r = Resultats::calculer(&d);
    let t = |n| r.table(n).unwrap();
    assert_eq!((t(1).avertissements, t(1).penalite_avertissements, t(1).total), (3, 0, 120));
    assert_eq!((t(2).avertissements, t(2).penalite_avertissements, t(2).total), (4, 5, 115));
    assert_eq!((t(3).avertissements, t(3).penalite_avertissements, t(3).total), (6, 15, 105));
    // Le quantième de chaque avertissement, dans l'ordre des coups.
    assert_eq!(r.case(3, 5).unwrap().avertissement, Some(5));
}

#[test]
fn en_blitz_le_sixieme_avertissement_coute_cinq_points() {
    let mut d = dossier(&[20; 6]);
    d.reglages.blitz = true;
    tous_au_top(&mut d, &[1, 2]);
    for coup in 1..=5 {
        remplacer(&mut d, avert(1, coup, 20));
    }
    for coup in 1..=6 {
        remplacer(&mut d, avert(2, coup, 20));
    }
    let r = Resultats::calculer(&d);
    assert_eq!(r.avertissements_gratuits, 5);
    assert_eq!(r.table(1).unwrap().penalite_avertissements, 0);
    assert_eq!(r.table(2).unwrap().penalite_avertissements, 5);
    assert_eq!(r.table(2).unwrap().total, 115);
}

#[test]
fn solo_sans_bonification_sous_seize_joueurs() {
    let mut d = dossier(&[50, 30]);
    tous_au_top(&mut d, &[1, 2, 3]);
    remplacer(&mut d, valide(2, 1, 40));
    remplacer(&mut d, valide(3, 1, 40));
    let r = Resultats::calculer(&d);
    // Coup 1 : la table 1 seule au top ; coup 2 : tous au top, pas de solo.
    assert_eq!(r.solos(), vec![(1, 1, 50)]);
    assert_eq!(r.bonification_solo, 0);
    assert_eq!(r.table(1).unwrap().total, 80);
}

#[test]
fn solo_bonifie_de_dix_points_a_seize_joueurs() {
    let mut d = dossier(&[50, 30]);
    let tables: Vec<u32> = (1..=16).collect();
    tous_au_top(&mut d, &tables);
    for t in 2..=16 {
        remplacer(&mut d, valide(t, 1, 12));
    }
    let r = Resultats::calculer(&d);
    assert_eq!(r.nombre_joueurs, 16);
    assert_eq!(r.table(1).unwrap().bonification, 10);
    assert_eq!(r.table(1).unwrap().total, 90);
    // Quinze joueurs : pas de bonification.
    let mut d15 = d.clone();
    d15.bulletins.retain(|b| b.decision.table != 16);
    assert_eq!(Resultats::calculer(&d15).table(1).unwrap().bonification, 0);
    // Le nombre de joueurs de la salle peut être donné (tables contrôlées seulement).
    d15.reglages.nombre_joueurs = Some(40);
    assert_eq!(Resultats::calculer(&d15).table(1).unwrap().total, 90);
}

#[test]
fn solo_sous_le_top_et_compare_avant_penalite() {
    let mut d = dossier(&[60]);
    // Table 1 : pénalité sur une solution à 45 (payée 40) ; table 2 : 42 ; table 3 : 10.
    ajouter(&mut d, decision(1, 1, Verdict::Penalite, 40, vec![Motif::LocalisationPenalite]));
    {
        let b = d.bulletins.last_mut().unwrap();
        b.decision.solution.as_mut().unwrap().score = 45;
    }
    ajouter(&mut d, valide(2, 1, 42));
    ajouter(&mut d, valide(3, 1, 10));
    let r = Resultats::calculer(&d);
    // 45 avant pénalité > 42 : la table 1 réalise le solo, même sous le top.
    assert_eq!(r.solos(), vec![(1, 1, 45)]);
    assert_eq!(r.case(1, 1).unwrap().score, 40);
    // À égalité avant pénalité, pas de solo.
    let mut d2 = d.clone();
    remplacer(&mut d2, valide(2, 1, 45));
    assert!(Resultats::calculer(&d2).solos().is_empty());
}

#[test]
fn arrivee_en_retard_les_coups_precedents_sont_nuls() {
    let mut d = dossier(&[20, 30, 40]);
    tous_au_top(&mut d, &[1]);
    d.joueurs = vec![Joueur { table: 1, nom: Some("Tardif".into()), arrivee: Some(3) }];
    let r = Resultats::calculer(&d);
    let l = r.table(1).unwrap();
    assert_eq!(l.coups.iter().map(|c| (c.origine, c.score)).collect::<Vec<_>>(), vec![
        (Origine::Retard, 0),
        (Origine::Retard, 0),
        (Origine::Bulletin, 40)
    ]);
    assert_eq!(l.total, 40);
    assert!(r.absents.is_empty(), "un retard n'est pas une absence de bulletin");
}

#[test]
fn table_sans_bulletin_zero_motif_absent() {
    let mut d = dossier(&[20, 30]);
    ajouter(&mut d, valide(1, 1, 20));
    ajouter(&mut d, valide(2, 1, 20));
    ajouter(&mut d, valide(2, 2, 30));
    let r = Resultats::calculer(&d);
    let c = r.case(1, 2).unwrap();
    assert_eq!((c.origine, c.verdict, c.score), (Origine::Absent, Verdict::Zero, 0));
    assert_eq!(r.absents.len(), 1);
    assert_eq!((r.absents[0].table, r.absents[0].coup), (1, 2));
    assert_eq!(r.absents[0].motifs, vec![Motif::Absent]);
    assert_eq!(r.table(1).unwrap().total, 20);
}

#[test]
fn ex_aequo_partagent_le_rang() {
    let mut d = dossier(&[100]);
    ajouter(&mut d, valide(1, 1, 80));
    ajouter(&mut d, valide(2, 1, 90));
    ajouter(&mut d, valide(3, 1, 90));
    ajouter(&mut d, valide(4, 1, 100));
    let r = Resultats::calculer(&d);
    let rangs: Vec<(u32, u32, bool)> = r.tables.iter().map(|l| (l.table, l.rang, l.ex_aequo)).collect();
    assert_eq!(rangs, vec![(4, 1, false), (2, 2, true), (3, 2, true), (1, 4, false)]);
    assert!((r.table(2).unwrap().pourcentage - 90.0).abs() < 1e-9);
}

#[test]
fn mot_non_admis_repete_signale_avec_la_moyenne_du_5_9() {
    let mut d = dossier(&[30, 40]);
    let mna = |mots: &[&str]| vec![Motif::MotNonAdmis { mots: mots.iter().map(|s| s.to_string()).collect() }];
    ajouter(&mut d, decision(1, 1, Verdict::Zero, 0, mna(&["ZEBRURE"])));
    ajouter(&mut d, decision(1, 2, Verdict::Zero, 0, mna(&["ZEBRURE"])));
    d.bulletins.last_mut().unwrap().decision.score_revendique = Some(36);
    ajouter(&mut d, valide(2, 1, 30));
    ajouter(&mut d, valide(2, 2, 40));
    ajouter(&mut d, valide(3, 1, 30));
    ajouter(&mut d, valide(3, 2, 25));
    ajouter(&mut d, valide(4, 1, 30));
    ajouter(&mut d, decision(4, 2, Verdict::Zero, 0, vec![Motif::Illisible]));
    let r = Resultats::calculer(&d);
    assert_eq!(r.moyennes.len(), 1);
    let m = &r.moyennes[0];
    assert_eq!((m.table, m.coup, m.coup_initial), (1, 2, 1));
    assert_eq!(m.mots, vec!["ZEBRURE".to_string()]);
    // (40 + 25 + 0) / 3 = 21,67 → 21 (arrondi à l'entier inférieur, zéros inclus).
    assert_eq!((m.moyenne, m.score_propose), (21, 21));
    // Signalé, non appliqué : le zéro reste au total.
    assert_eq!(r.case(1, 2).unwrap().score, 0);
    assert!(!m.appliquee);
    let zeros_avant = r.table(1).unwrap().zeros;

    // Confirmée par l'arbitre (`--moyenne 1:2`) : la moyenne remplace le zéro.
    d.reglages.moyennes_confirmees = vec![CaseConfirmee { table: 1, coup: 2 }];
    let r = Resultats::calculer(&d);
    let c = r.case(1, 2).unwrap();
    assert_eq!((c.score, c.verdict, c.moyenne), (21, Verdict::Valide, true));
    assert!(r.moyennes[0].appliquee);
    assert_eq!(r.table(1).unwrap().total, 21);
    assert_eq!(r.table(1).unwrap().zeros, zeros_avant - 1);
    let rapports = arbitre_reports::generer_rapports(&d);
    let html = &rapports.fichiers.iter().find(|f| f.nom == "resultats.html").unwrap().contenu;
    assert!(html.contains("<td>21 <sup>moy</sup></td>"), "{html}");
    assert!(html.contains("<b>appliquée</b> au total"), "{html}");
    // Le billet notifie le mot non admis avec le score attribué : la moyenne.
    let b = rapports.billets.iter().find(|b| (b.table, b.coup) == (1, 2)).unwrap();
    assert_eq!(b.score_attribue, 21);
}

#[test]
fn resultats_csv_une_signification_par_colonne() {
    let mut d = dossier(&[30, 40, 50]);
    d.reglages.nombre_joueurs = Some(16);
    tous_au_top(&mut d, &[1, 2, 3]);
    // Table 1 : solos aux coups 1 et 3 (les autres sous le top), un avertissement.
    for t in [2, 3] {
        remplacer(&mut d, valide(t, 1, 20));
        remplacer(&mut d, valide(t, 3, 45));
    }
    remplacer(&mut d, avert(2, 2, 40));
    let r = Resultats::calculer(&d);
    let csv = arbitre_reports::classement::resultats_csv(&d, &r);
    let mut lecteur = csv::ReaderBuilder::new().delimiter(arbitre_reports::tableur::SEPARATEUR).from_reader(csv.as_bytes());
    let entete: Vec<String> = lecteur.headers().unwrap().iter().map(String::from).collect();
    assert_eq!(
        entete,
        [
            "Rang", "Ex aequo", "Table", "Nom", "Coup 1", "Coup 2", "Coup 3", "Avertissements", "Pénalité avertissements", "Pénalités", "Zéros", "Solos",
            "Coups des solos", "Bonification solos", "Total", "% des tops", "Non revus"
        ]
    );
    let lignes: Vec<csv::StringRecord> = lecteur.records().map(Result::unwrap).collect();
    let col = |l: &csv::StringRecord, nom: &str| l[entete.iter().position(|c| c == nom).unwrap()].to_string();
    let t1 = &lignes[0];
    assert_eq!((col(t1, "Rang"), col(t1, "Ex aequo"), col(t1, "Table")), ("1".into(), "non".into(), "1".into()));
    // Le nombre de solos, leurs coups et la bonification, chacun dans sa colonne.
    assert_eq!((col(t1, "Solos"), col(t1, "Coups des solos"), col(t1, "Bonification solos")), ("2".into(), "1 3".into(), "20".into()));
    assert_eq!((col(t1, "Total"), col(t1, "% des tops")), ("140".into(), "116,7".into()));
    // Les tables 2 et 3 sont ex aequo : rang 2 dans « Rang », « oui » dans « Ex aequo ».
    for l in &lignes[1..] {
        assert_eq!((col(l, "Rang"), col(l, "Ex aequo"), col(l, "Solos"), col(l, "Coups des solos")), ("2".into(), "oui".into(), "0".into(), String::new()));
    }
    // Chaque nombre se lit comme un nombre (pas de « 2 ex », pas de liste dans « Solos »).
    for l in &lignes {
        for nom in ["Rang", "Coup 1", "Avertissements", "Solos", "Bonification solos", "Total", "Non revus"] {
            assert!(col(l, nom).parse::<i64>().is_ok(), "{nom} : {}", col(l, nom));
        }
    }
}
