//! Le double arbitrage tel qu'il se pratique : le premier arbitre couvre toute la salle,
//! le double arbitre n'en relit qu'une partie (issue 13, points 1 et 2).

mod commun;

use arbitre_engine::arbitrage::{Motif, Verdict};
use arbitre_reports::double_arbitrage::lire_premier_arbitre;
use arbitre_reports::resultats::Origine;
use arbitre_reports::{generer_rapports, Dossier};
use commun::*;

const TABLES: u32 = 20;

/// Une salle de 20 tables sur 3 coups (tops 30, 40, 50) : des avertissements, une
/// pénalité, des zéros, un solo sous le top au coup 2 (table 7).
fn salle() -> Dossier {
    let mut d = dossier(&[30, 40, 50]);
    let tables: Vec<u32> = (1..=TABLES).collect();
    tous_au_top(&mut d, &tables);
    for t in 1..=TABLES {
        // Personne au top du coup 2 : 35 pour tous, 38 pour la table 7 (solo).
        remplacer(&mut d, valide(t, 2, if t == 7 { 38 } else { 35 }));
    }
    remplacer(&mut d, avert(3, 1, 30));
    remplacer(&mut d, avert(3, 3, 50));
    remplacer(&mut d, decision(4, 3, Verdict::Penalite, 45, vec![Motif::LocalisationPenalite]));
    remplacer(&mut d, decision(9, 1, Verdict::Zero, 0, vec![Motif::MotNonAdmis { mots: vec!["ZOUC".into()] }]));
    remplacer(&mut d, decision(12, 3, Verdict::Zero, 0, vec![Motif::ErreurLettre { lettres: "K".into() }]));
    d
}

/// La correction du premier arbitre : celle d'arbitre, sauf aux tables 9 (il a payé le
/// mot non admis) et 12 (il a donné un avertissement à tort au coup 1).
fn premier(d: &Dossier) -> String {
    let mut csv = String::from("table,coup,score,sanction\n");
    for b in &d.bulletins {
        let dec = &b.decision;
        let (score, sanction) = match (dec.table, dec.coup) {
            (9, 1) => (30, "valide"),
            (12, 1) => (30, "avertissement"),
            _ => (
                dec.score,
                match dec.verdict {
                    Verdict::Valide => "",
                    Verdict::Avertissement => "A",
                    Verdict::Penalite => "P",
                    Verdict::Zero => "Z",
                },
            ),
        };
        csv.push_str(&format!("{},{},{score},{sanction}\n", dec.table, dec.coup));
    }
    csv
}

/// (salle entière relue, salle dont seules les tables 9, 12 et 7 sont relues).
fn les_deux() -> (Dossier, Dossier) {
    let mut entiere = salle();
    let p = lire_premier_arbitre("premier.csv", &premier(&entiere)).unwrap();
    entiere.premier_arbitre = Some(p);
    let mut partielle = entiere.clone();
    partielle.bulletins.retain(|b| [7, 9, 12].contains(&b.decision.table));
    (entiere, partielle)
}

#[test]
fn bulletin_non_relu_garde_la_decision_du_premier_arbitre() {
    let (entiere, partielle) = les_deux();
    let r = generer_rapports(&partielle);
    // Aucun zéro « absent » : toute la salle est couverte par le premier arbitre.
    assert!(r.resultats.absents.is_empty(), "{:?}", r.resultats.absents);
    let cases = || r.resultats.tables.iter().flat_map(|l| &l.coups);
    assert!(cases().all(|c| c.origine != Origine::Absent));
    assert_eq!(cases().filter(|c| c.origine == Origine::NonRevu).count(), 51, "60 bulletins, 9 relus");
    // La décision du premier arbitre est gardée : l'avertissement et la pénalité.
    let c = r.resultats.case(3, 1).unwrap();
    assert_eq!((c.origine, c.verdict, c.score, c.avertissement), (Origine::NonRevu, Verdict::Avertissement, 30, Some(1)));
    assert_eq!(r.resultats.case(4, 3).unwrap().score, 45);

    // Solos, avertissements, totaux et rangs : les mêmes que si toute la salle avait été relue.
    let e = generer_rapports(&entiere);
    assert_eq!(r.resultats.solos(), vec![(2, 7, 38)]);
    assert_eq!(r.resultats.solos(), e.resultats.solos());
    let classement = |r: &arbitre_reports::resultats::Resultats| -> Vec<(u32, u32, bool, i64, u32)> {
        r.tables.iter().map(|l| (l.table, l.rang, l.ex_aequo, l.total, l.avertissements)).collect()
    };
    assert_eq!(classement(&r.resultats), classement(&e.resultats));

    // Les rectifications sont celles des bulletins relus, les mêmes qu'en relisant tout.
    let rect = |r: &arbitre_reports::rapports::Rapports| -> Vec<(u32, u32)> {
        r.comparaison.as_ref().unwrap().rectifications.iter().map(|x| (x.table, x.coup)).collect()
    };
    assert_eq!(rect(&r), vec![(9, 1), (12, 1)]);
    assert_eq!(rect(&r), rect(&e));
    assert!(r.comparaison.as_ref().unwrap().non_pointes.is_empty());

    // Le bilan dit combien de bulletins ont été relus.
    let bilan = r.synthese.texte();
    assert!(bilan.contains("double arbitrage : 9 bulletins relus sur 60 (51 non revus : décision du premier arbitre conservée) ; 2 rectifications (1 sanction ajoutée, 1 supprimée, 1 score modifié)"), "{bilan}");
    assert!(!bilan.contains("manquant"), "{bilan}");

    // Résultats : la case non relue est marquée, le CSV compte les bulletins non revus.
    let html = &r.fichiers.iter().find(|f| f.nom == "resultats.html").unwrap().contenu;
    assert!(html.contains("<td>30 <sup>A1 nr</sup></td>"), "{html}");
    let csv = &r.fichiers.iter().find(|f| f.nom == "resultats.csv").unwrap().contenu;
    let mut lecteur = csv::ReaderBuilder::new().delimiter(arbitre_reports::tableur::SEPARATEUR).from_reader(csv.as_bytes());
    let col = lecteur.headers().unwrap().iter().position(|c| c == "Non revus").unwrap();
    let lignes: Vec<csv::StringRecord> = lecteur.records().map(Result::unwrap).collect();
    let table = |t: &str| lignes.iter().find(|l| &l[2] == t).unwrap().clone();
    assert_eq!(&table("3")[col], "3", "{csv}");
    assert_eq!(&table("9")[col], "0", "{csv}");
    // La feuille de suivi nomme les tables contrôlées, pas toute la salle.
    let suivi = &r.fichiers.iter().find(|f| f.nom == "suivi.html").unwrap().contenu;
    assert!(suivi.contains("N° des tables contrôlées : <span class=\"valeur\">7, 9, 12</span>"), "{suivi}");
}

#[test]
fn billets_html_ne_porte_que_les_billets_du_double_arbitre() {
    let (_, mut partielle) = les_deux();
    // Le double arbitre envoie aussi un bulletin en commission (sans rien changer).
    let b = partielle.bulletins.iter_mut().find(|b| (b.decision.table, b.decision.coup) == (7, 3)).unwrap();
    b.decision.commission = true;
    let r = generer_rapports(&partielle);
    let da: Vec<(u32, u32)> = r.billets.iter().filter(|b| b.double_arbitrage).map(|b| (b.table, b.coup)).collect();
    assert_eq!(da, vec![(9, 1), (12, 1), (7, 3)]);
    let fichier = |nom: &str| r.fichiers.iter().find(|f| f.nom == nom).map(|f| f.contenu.clone());
    let billets = fichier("billets.html").unwrap();
    assert_eq!(billets.matches("<section class=\"billet da\"").count(), 3, "{billets}");
    assert!(!billets.contains("<section class=\"billet\""), "aucun billet du premier arbitre dans billets.html");
    // Tous les billets de la manche sont à part.
    let tous = fichier("billets-manche.html").expect("billets-manche.html avec --arbitrage");
    assert_eq!(tous.matches("<section class=\"billet").count(), r.billets.len());
    assert!(r.billets.len() > 3);
    assert!(r.synthese.texte().contains("3 billets du double arbitre à distribuer"), "{}", r.synthese.texte());
    // Chaque billet porte la limite de pliage (2) du guide.
    assert_eq!(billets.matches("class=\"pli\"><span class=\"n\">(2)</span>limite de pliage").count(), 3);
    // Sans premier arbitre, billets.html porte tous les billets et il n'y a pas de billets-manche.html.
    partielle.premier_arbitre = None;
    let r = generer_rapports(&partielle);
    assert!(r.fichiers.iter().all(|f| f.nom != "billets-manche.html"));
}
