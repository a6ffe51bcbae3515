//! Les sanctions que l'arbitre note hors de l'écriture du bulletin (échange, temps
//! dépassé, avertissement et zéro libres) : billets, feuille de suivi, résultats.

mod commun;

use arbitre_engine::arbitrage::{Motif, Verdict};
use arbitre_reports::billets::{billets_html, Item};
use arbitre_reports::generer_rapports;
use arbitre_reports::suivi::{lignes, suivi_csv};
use commun::*;

fn avec(table: u32, coup: u32, verdict: Verdict, score: u32, motifs: Vec<Motif>) -> arbitre_engine::arbitrage::Decision {
    decision(table, coup, verdict, score, motifs)
}

#[test]
fn echange_temps_depasse_autre_zero_et_avertissement_disciplinaire() {
    let mut d = dossier(&[30, 40, 50]);
    tous_au_top(&mut d, &[1, 2, 3, 4]);
    let bavardage = || Motif::AutreAvertissement { texte: "bavardage".into() };
    remplacer(&mut d, avec(1, 1, Verdict::Zero, 0, vec![Motif::BulletinEchange]));
    remplacer(&mut d, avec(2, 2, Verdict::Zero, 0, vec![Motif::TempsDepasse]));
    remplacer(&mut d, avec(3, 3, Verdict::Zero, 0, vec![Motif::AutreZero { texte: "collusion".into() }]));
    // Table 4 : un avertissement de correction et un disciplinaire au même coup (5.8).
    remplacer(&mut d, avec(4, 1, Verdict::Avertissement, 30, vec![Motif::LettresRaccord, bavardage()]));
    // Table 4 : un zéro et un avertissement disciplinaire.
    remplacer(&mut d, avec(4, 3, Verdict::Zero, 0, vec![bavardage(), Motif::MotNonAdmis { mots: vec!["ZOUC".into()] }]));
    let r = generer_rapports(&d);

    // Les billets : la case du guide cochée, le motif écrit.
    let billet = |t: u32, c: u32| r.billets.iter().find(|b| (b.table, b.coup) == (t, c)).unwrap_or_else(|| panic!("billet {t}/{c}"));
    assert_eq!(billet(1, 1).items, vec![Item::BulletinEchange]);
    assert_eq!(billet(2, 2).items, vec![Item::TempsDepasse]);
    assert_eq!(billet(3, 3).items, vec![Item::AutreZero { texte: "collusion".into() }]);
    assert_eq!(billet(4, 1).items, vec![Item::LettresRaccord, Item::AutreAvertissement { texte: "bavardage".into() }]);
    assert_eq!(
        billet(4, 3).items,
        vec![
            Item::AutreAvertissement { texte: "bavardage".into() },
            Item::NumeroAvertissement { numero: 3 },
            Item::MotsNonAdmis { mots: vec!["ZOUC".into()] }
        ]
    );
    let html = billets_html("t", &[billet(1, 1).clone()]);
    assert!(html.contains("<span class=\"n\">(22)</span><span class=\"rond coche\"></span>Bulletin échangé"), "{html}");
    let html = billets_html("t", &[billet(2, 2).clone()]);
    assert!(html.contains("<span class=\"n\">(23)</span><span class=\"rond coche\"></span>Temps dépassé"), "{html}");
    let html = billets_html("t", &[billet(3, 3).clone()]);
    assert!(html.contains("<span class=\"n\">(28)</span><span class=\"rond coche\"></span><span class=\"ecrit\">collusion</span>"), "{html}");

    // Les avertissements : deux au coup 1 de la table 4, un au coup 3 : le 3e est signifié.
    let t4 = r.resultats.table(4).unwrap();
    assert_eq!(t4.avertissements, 3);
    assert_eq!(r.resultats.case(4, 1).unwrap().avertissement, Some(2));
    assert_eq!(billet(4, 3).item(11), Some(&Item::NumeroAvertissement { numero: 3 }));

    // La feuille de suivi (sans premier arbitre : chaque bulletin sanctionné) : Zéro Autre,
    // Avertissement Autre pour le disciplinaire.
    let csv = suivi_csv(&lignes(&d, &r.resultats, None));
    for attendu in ["1;1;;;;X;;;;;;;;;;;0", "2;2;;;;X;;;;;;;;;;;0", "3;3;;;;X;;;;;;;;;;;0", "4;1;;;;;;;;;X;;;X;;;30", "4;3;X;;;;;;;;;;;X;;;0"] {
        assert!(csv.lines().any(|l| l == attendu), "{attendu} dans\n{csv}");
    }

    // Les résultats nomment chaque sanction notée.
    let res = &r.fichiers.iter().find(|f| f.nom == "resultats.html").unwrap().contenu;
    for attendu in [
        "Table 1, coup 1 : zéro, bulletin échangé (billet (22))",
        "Table 2, coup 2 : zéro, temps dépassé (billet (23))",
        "Table 3, coup 3 : zéro : collusion (billet (28))",
        "Table 4, coup 1 : avertissement : bavardage",
    ] {
        assert!(res.contains(attendu), "{attendu}");
    }
    assert_eq!(r.resultats.table(1).unwrap().total, 90);
}
