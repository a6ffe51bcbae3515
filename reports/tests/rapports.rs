//! Double arbitrage (rectifications), billets de correction, feuille de suivi, archive.

mod commun;

use arbitre_engine::arbitrage::{Motif, Verdict};
use arbitre_engine::lecture::{Cellule, Contenu, Trace};
use arbitre_reports::archive::lire_archive;
use arbitre_reports::billets::{billets, billets_html, items_decision, Item};
use arbitre_reports::double_arbitrage::{comparer, lire_premier_arbitre};
use arbitre_reports::generer_rapports;
use arbitre_reports::resultats::Resultats;
use arbitre_reports::suivi::{lignes, suivi_csv};
use commun::*;

/// Deux tables, deux coups ; la table 1 a un mot non admis au coup 1, la table 2 est
/// valide partout.
fn manche() -> arbitre_reports::Dossier {
    let mut d = dossier(&[30, 40]);
    tous_au_top(&mut d, &[1, 2]);
    remplacer(&mut d, decision(1, 1, Verdict::Zero, 0, vec![Motif::MotNonAdmis { mots: vec!["ZEBRURE".into(), "FW".into()] }]));
    d
}

#[test]
fn premier_arbitre_lecture_et_erreurs_par_ligne() {
    let p = lire_premier_arbitre("pa.csv", "table,coup,score,sanction\n1,1,0,zero\n2,1,30\n2,2,35,A\n").unwrap();
    assert_eq!(p.len(), 3);
    assert_eq!((p[1].sanction, p[2].sanction, p[2].score), (Verdict::Valide, Verdict::Avertissement, 35));
    let e = lire_premier_arbitre("pa.csv", "1,1,0\n1,2,xx\n").unwrap_err().to_string();
    assert!(e.starts_with("pa.csv:2:") && e.contains("score"), "{e}");
    let e = lire_premier_arbitre("pa.csv", "1,1,0,carton\n").unwrap_err().to_string();
    assert!(e.starts_with("pa.csv:1:") && e.contains("carton"), "{e}");
    // Un fichier tapé à la main a souvent plusieurs fautes : toutes sont dites d'un coup,
    // chacune à sa ligne, pour une seule relance.
    let e = lire_premier_arbitre("pa.csv", "table,coup,score,sanction\n1,1,20\n2,1,abc\n3,1,22,Q\n4,1,22\n1,1,20\n").unwrap_err().to_string();
    let lignes: Vec<&str> = e.lines().collect();
    assert_eq!(lignes[0], "pa.csv : 3 lignes fautives (corrigez-les toutes avant de relancer) :", "{e}");
    assert!(lignes[1].trim_start().starts_with("pa.csv:3: score invalide « abc »"), "{e}");
    assert!(lignes[2].trim_start().starts_with("pa.csv:4: sanction « Q » inconnue"), "{e}");
    assert!(lignes[3].trim_start().starts_with("pa.csv:6: table 1 coup 1 déjà donnée ligne 2"), "{e}");
}

#[test]
fn rectification_qui_supprime_un_avertissement_sup() {
    let mut d = manche();
    // Le premier arbitre a donné un avertissement (et 38) à la table 2 au coup 2 ;
    // arbitre la paie 40 sans sanction.
    d.premier_arbitre = Some(lire_premier_arbitre("pa.csv", "1,1,0,zero\n1,2,40\n2,1,30\n2,2,38,avertissement\n").unwrap());
    let r = generer_rapports(&d);
    let c = r.comparaison.as_ref().unwrap();
    assert_eq!(c.rectifications.len(), 1);
    let rect = &c.rectifications[0];
    assert_eq!((rect.table, rect.coup), (2, 2));
    assert_eq!((rect.suppression, rect.ajout, rect.score_modifie), (Some(Verdict::Avertissement), None, true));
    // Le billet du double arbitrage : case DA cochée, avertissement enlevé, score rétabli.
    let b = r.billets.iter().find(|b| (b.table, b.coup) == (2, 2)).expect("billet de la rectification");
    assert!(b.double_arbitrage);
    assert!(b.item(12).is_some(), "avertissement enlevé (12)");
    assert_eq!(b.item(5), Some(&Item::Score { retabli: true }));
    assert_eq!(b.score_attribue, 40);
    // La feuille de suivi : Avertissement SUP, score final 40.
    let csv = r.fichiers.iter().find(|f| f.nom == "suivi.csv").unwrap();
    assert_eq!(csv.contenu.lines().nth(1), Some("2;2;;;;;;;;;;;;;X;;40"));
    let rc = r.fichiers.iter().find(|f| f.nom == "rectifications.csv").unwrap();
    assert!(rc.contenu.contains("avertissement supprimé (SUP) ; score 38 → 40"), "{}", rc.contenu);
}

#[test]
fn rectification_qui_ajoute_un_zero() {
    let mut d = manche();
    // Le premier arbitre a payé le mot non admis.
    d.premier_arbitre = Some(lire_premier_arbitre("pa.csv", "1,1,30\n1,2,40\n2,1,30\n2,2,40\n").unwrap());
    let r = generer_rapports(&d);
    let rect = &r.comparaison.as_ref().unwrap().rectifications;
    assert_eq!(rect.len(), 1);
    assert_eq!((rect[0].table, rect[0].coup, rect[0].ajout, rect[0].suppression), (1, 1, Some(Verdict::Zero), None));
    let s = lignes(&d, &r.resultats, r.comparaison.as_ref());
    assert_eq!(s.len(), 1);
    assert_eq!(s[0].zero, [true, false, false, false, false], "Zéro MNA");
    assert_eq!(s[0].score_final, 0);
    let b = &r.billets[0];
    assert!(b.double_arbitrage);
    assert_eq!(b.item(17), Some(&Item::MotsNonAdmis { mots: vec!["ZEBRURE".into(), "FW".into()] }));
    assert_eq!(r.synthese.rectifications, Some(1));
    assert_eq!(r.synthese.sanctions_ajoutees, 1);
}

#[test]
fn sanction_changee_et_bulletins_non_pointes() {
    let mut d = manche();
    // Premier arbitre : pénalité à la table 1 coup 1 ; rien pour la table 2 coup 2.
    d.premier_arbitre = Some(lire_premier_arbitre("pa.csv", "1,1,25,P\n1,2,40\n2,1,30\n2,9,3\n").unwrap());
    let res = Resultats::calculer(&d);
    let c = comparer(d.premier_arbitre.as_ref().unwrap(), &res);
    assert_eq!(c.rectifications[0].ajout, Some(Verdict::Zero));
    assert_eq!(c.rectifications[0].suppression, Some(Verdict::Penalite));
    assert_eq!(c.non_pointes, vec![(2, 2)]);
    assert_eq!(c.hors_partie.len(), 1);
    let s = lignes(&d, &res, Some(&c));
    let l = s.iter().find(|l| (l.table, l.coup) == (1, 1)).unwrap();
    assert!(l.zero[0] && l.penalite[1], "Zéro MNA et Pénalité SUP");
}

/// Le billet d'une décision seule (un coup, top 30), avec sa lecture.
fn billet_de(dec: arbitre_engine::arbitrage::Decision) -> Option<arbitre_reports::billets::Billet> {
    let mut d = dossier(&[30]);
    ajouter(&mut d, dec);
    ajouter(&mut d, valide(2, 1, 30));
    let r = Resultats::calculer(&d);
    billets(&d, &r, None).into_iter().find(|b| b.table == 1)
}

#[test]
fn chaque_motif_coche_sa_case_du_billet() {
    use Motif::*;
    let av = Verdict::Avertissement;
    let z = Verdict::Zero;
    let cas: Vec<(Verdict, Motif, Item)> = vec![
        (av, Score, Item::Score { retabli: false }),
        (av, LettresRaccord, Item::LettresRaccord),
        (av, Inversion, Item::Inversion),
        (av, DeuxModes, Item::DeuxModes),
        (av, Joker { lettre: 'S' }, Item::Joker { lettre: 'S' }),
        (av, MotIncomplet, Item::LettresRaccord),
        (Verdict::Penalite, LocalisationPenalite, Item::LocalisationPenalite),
        (z, MotNonAdmis { mots: vec!["CANCANEU".into()] }, Item::MotsNonAdmis { mots: vec!["CANCANEU".into()] }),
        (z, MotIncomplet, Item::MotIncomplet),
        (z, LocalisationZero, Item::LocalisationZero { score_inexact: true, fallacieux: false }),
        (z, RaccordementFallacieux, Item::LocalisationZero { score_inexact: false, fallacieux: true }),
        (z, Vierge, Item::ViergeManquant),
        (z, Absent, Item::ViergeManquant),
        (z, PlacementImpossible, Item::PlacementImpossible),
        (z, Illisible, Item::Illisible),
        (z, ErreurLettre { lettres: "K".into() }, Item::ErreurLettre { lettres: "K".into() }),
        (z, ReferenceEtSensInverses { reference: "H 8".into() }, Item::ReferenceEtSens { reference: "H 8".into() }),
        (z, PlusieursSolutions, Item::AutreZero { texte: "plusieurs solutions".into() }),
        (z, ErreurGrille, Item::VerifiezGrille),
    ];
    for (verdict, motif, attendu) in cas {
        let mut dec = decision(1, 1, verdict, if verdict == z { 0 } else { 25 }, vec![motif.clone()]);
        dec.score_revendique = Some(28);
        let b = billet_de(dec).unwrap_or_else(|| panic!("{motif:?} : un billet"));
        assert_eq!(b.items, vec![attendu.clone()], "{motif:?}");
        let html = billets_html("t", &[b]);
        // La case cochée est rendue cochée, et le texte écrit par l'arbitre y figure.
        assert!(html.contains("rond coche"), "{motif:?}");
        for texte in ["CANCANEU", "Pas de <span class=\"ecrit\">K</span>", "Votre référence <span class=\"n\">(29)</span> <span class=\"ecrit\">H 8</span>"] {
            if matches!((&motif, texte.chars().next()), (MotNonAdmis { .. }, Some('C')) | (ErreurLettre { .. }, Some('P')) | (ReferenceEtSensInverses { .. }, Some('V'))) {
                assert!(html.contains(texte), "{motif:?} : {texte}");
            }
        }
    }
    // Commission et vérifiez votre grille.
    let mut dec = decision(1, 1, z, 0, vec![Motif::LocalisationZero]);
    dec.commission = true;
    dec.verifier_grille = true;
    let b = billet_de(dec).unwrap();
    assert!(b.item(15).is_some() && b.item(16).is_some());
    assert!(billets_html("t", &[b]).contains("carre coche"));
}

#[test]
fn billets_dispenses_et_obligatoires_selon_le_5_9() {
    // Avertissement de score sur le top : pas de billet (5.9)…
    let mut dec = decision(1, 1, Verdict::Avertissement, 30, vec![Motif::Score]);
    dec.solution = Some(arbitre_engine::arbitrage::SolutionRetenue { mot: "MOT1".into(), reference: "H1".into(), score: 30 });
    dec.score_revendique = Some(31);
    assert!(billet_de(dec.clone()).is_none());
    // … mais un score absent en demande un (guide (5)).
    dec.score_revendique = None;
    assert!(billet_de(dec).is_some());
    // Zéro pour un mot non admis au-dessus du top : pas de billet obligatoire.
    let mut z = decision(1, 1, Verdict::Zero, 0, vec![Motif::MotNonAdmis { mots: vec!["XYZ".into()] }]);
    z.score_revendique = Some(90);
    assert!(billet_de(z.clone()).is_none());
    z.score_revendique = Some(20);
    assert!(billet_de(z).is_some());
    // Un bulletin valide n'a pas de billet.
    assert!(billet_de(valide(1, 1, 30)).is_none());
}

#[test]
fn numero_d_avertissement_des_le_troisieme() {
    let mut d = dossier(&[30; 4]);
    for coup in 1..=4 {
        ajouter(&mut d, avert(1, coup, 30));
    }
    let r = Resultats::calculer(&d);
    let b = billets(&d, &r, None);
    let numeros: Vec<Option<&Item>> = b.iter().map(|b| b.item(11)).collect();
    assert_eq!(numeros, vec![None, None, Some(&Item::NumeroAvertissement { numero: 3 }), Some(&Item::NumeroAvertissement { numero: 4 })]);
}

#[test]
fn votre_bulletin_reproduit_l_ecriture_du_joueur() {
    let mut d = dossier(&[30]);
    let dec = decision(1, 1, Verdict::Zero, 0, vec![Motif::Illisible]);
    let mut l = lecture(&dec);
    l.reference = Some("13 B".into());
    l.score = Some("4#".into());
    let mut barree = Cellule::lettre('Q');
    barree.barree = true;
    l.rangees = vec![
        vec![Cellule::lettre('H'), Cellule::lettre('a'), Cellule { contenu: Contenu::Illisible, barree: false }, barree],
        vec![Cellule {
            contenu: Contenu::Alternatives(vec![Trace { lettre: 'U', entouree: false }, Trace { lettre: 'V', entouree: false }]),
            barree: false,
        }],
    ];
    d.bulletins.push(arbitre_reports::BulletinCorrige { lecture: l, decision: dec, verification: None });
    let r = Resultats::calculer(&d);
    let html = billets_html("t", &billets(&d, &r, None));
    assert!(html.contains("Réf. <b>13 B</b>"), "référence telle qu'écrite");
    assert!(html.contains("Score <b>4#</b>"));
    assert!(html.contains("<td>H</td><td><span class=\"entouree\">A</span></td><td><span title=\"illisible\">#</span></td><td class=\"barree\">Q</td>"), "{html}");
    assert!(html.contains("<span class=\"alt\">U/V</span>"));
}

#[test]
fn feuille_de_suivi_colonnes_du_guide_et_lignes() {
    let mut d = dossier(&[30, 40, 50]);
    tous_au_top(&mut d, &[1, 2]);
    remplacer(&mut d, decision(1, 1, Verdict::Zero, 0, vec![Motif::ErreurLettre { lettres: "K".into() }]));
    remplacer(&mut d, decision(2, 2, Verdict::Avertissement, 40, vec![Motif::Joker { lettre: 'E' }]));
    remplacer(&mut d, decision(1, 3, Verdict::Penalite, 45, vec![Motif::LocalisationPenalite]));
    let mut com = decision(2, 3, Verdict::Zero, 0, vec![Motif::RaccordementFallacieux]);
    com.commission = true;
    remplacer(&mut d, com);
    let r = Resultats::calculer(&d);
    let csv = suivi_csv(&lignes(&d, &r, None));
    let attendu = "\u{feff}Table;Coup;Zéro MNA;Zéro LOC;Zéro EL;Zéro Autre;Zéro SUP;Pénalité LOC;Pénalité SUP;Avertissement Score;Avertissement LR;Avertissement INV;Avertissement Jok.;Avertissement Autre;Avertissement SUP;Comm. arb.;Score final\n\
1;1;;;X;;;;;;;;;;;;0\n\
2;2;;;;;;;;;;;X;;;;40\n\
1;3;;;;;;X;;;;;;;;;45\n\
2;3;;X;;;;;;;;;;;;X;0\n";
    assert_eq!(csv, attendu);
}

#[test]
fn archive_relue_redonne_les_rapports_octet_pour_octet() {
    let mut d = manche();
    d.joueurs = vec![arbitre_reports::Joueur { table: 2, nom: Some("Élodie « Zoé » Dupré".into()), arrivee: None }];
    d.premier_arbitre = Some(lire_premier_arbitre("pa.csv", "1,1,30\n2,2,38,A\n").unwrap());
    d.erreurs.push(arbitre_reports::ErreurBulletin { fichier: "b.txt".into(), ligne: 7, table: Some(3), coup: Some(1), message: "ligne incomprise".into(), genre: Default::default() });
    let r1 = generer_rapports(&d);
    let archive = r1.fichiers.iter().find(|f| f.nom == "archive.json").unwrap();
    let relu = lire_archive("archive.json", &archive.contenu).unwrap();
    assert_eq!(relu, d);
    let r2 = generer_rapports(&relu);
    assert_eq!(r1.fichiers.len(), r2.fichiers.len());
    for (a, b) in r1.fichiers.iter().zip(&r2.fichiers) {
        assert_eq!(a.nom, b.nom);
        assert!(a.contenu == b.contenu, "{} diffère après relecture", a.nom);
    }
    // Une version inconnue est refusée avec un message clair.
    let autre = archive.contenu.replacen("\"version\":2", "\"version\":99", 1);
    let e = lire_archive("a.json", &autre).unwrap_err().to_string();
    assert!(e.contains("version 99"), "{e}");
    // Un dossier qui n'a pas la forme attendue : l'erreur de serde dite en français.
    let abime = archive.contenu.replacen("\"titre\":\"Essai\"", "\"titre\":[\"Essai\"]", 1);
    assert_ne!(abime, archive.contenu);
    let e = lire_archive("a.json", &abime).unwrap_err().to_string();
    assert!(e.contains("dossier invalide, ligne 1, colonne ") && e.contains(" : type invalide : un tableau (attendu : une chaîne)"), "{e}");
    let e = lire_archive("a.json", "{\"format\": ").unwrap_err().to_string();
    assert_eq!(e, "archive a.json : JSON invalide, ligne 1, colonne 11 : le texte s'arrête là où une valeur est attendue");
}

/// Un bulletin en double (la table 1 rend deux bulletins au coup 2, le premier lu est
/// corrigé) n'est pas un zéro provisoire de plus : le bilan l'écarte à part, les comptes
/// restent ceux des cases des résultats, et `resultats.html` le range à part.
#[test]
fn un_bulletin_en_double_est_ecarte_pas_compte_comme_un_zero_provisoire() {
    let mut d = manche();
    let erreur = |table, genre| arbitre_reports::ErreurBulletin { fichier: "b.txt".into(), ligne: 9, table: Some(table), coup: Some(2), message: "bulletin en double".into(), genre };
    d.erreurs.push(erreur(1, arbitre_reports::GenreErreur::Doublon));
    let r = generer_rapports(&d);
    assert_eq!((r.synthese.bulletins, r.synthese.illisibles, r.synthese.ecartes), (4, 0, 1));
    let texte = r.synthese.texte();
    assert!(texte.contains("1 bulletin écarté (un autre bulletin de la même table au même coup est corrigé") && !texte.contains("zéro provisoire"), "{texte}");
    assert_eq!(r.resultats.case(1, 2).unwrap().score, 40, "la décision du premier lu compte");
    let html = &r.fichiers.iter().find(|f| f.nom == "resultats.html").unwrap().contenu;
    assert!(html.contains("Bulletins écartés") && !html.contains("Bulletins illisibles"), "{html}");
    // Une table sans décision à ce coup : là, c'est bien un zéro provisoire.
    d.erreurs.push(erreur(3, arbitre_reports::GenreErreur::Illisible));
    let r = generer_rapports(&d);
    assert_eq!((r.synthese.illisibles, r.synthese.ecartes), (1, 1));
    assert!(r.synthese.texte().contains("1 bulletin illisible ou non corrigé (Bulletin illisible : 1) : zéro provisoire"), "{}", r.synthese.texte());
}

/// Issue 12, point 4 : l'archive est compacte (les rangées en texte, une case par
/// caractère) et une lecture plus grande que le bulletin y est refusée à la relecture.
#[test]
fn l_archive_est_compacte_et_borne_les_lectures() {
    let d = manche();
    let r = generer_rapports(&d);
    let archive = &r.fichiers.iter().find(|f| f.nom == "archive.json").unwrap().contenu;
    assert_eq!(archive.lines().count(), 1, "JSON compact");
    assert!(!archive.contains("\"contenu\""), "pas d'objet JSON par case");
    let v: serde_json::Value = serde_json::from_str(archive).unwrap();
    let rangees = &v["dossier"]["bulletins"][0]["lecture"]["rangees"];
    assert!(rangees.as_array().unwrap().iter().all(|r| r.is_string()), "{rangees}");

    let mut v = v;
    v["dossier"]["bulletins"][0]["lecture"]["rangees"] = serde_json::json!(vec!["A".repeat(1000)]);
    let e = lire_archive("a.json", &v.to_string()).unwrap_err().to_string();
    assert!(e.contains("rangée de 1000 cases") && e.len() < 400, "{e}");
    v["dossier"]["bulletins"][0]["lecture"]["rangees"] = serde_json::json!(vec!["A"; 18]);
    let e = lire_archive("a.json", &v.to_string()).unwrap_err().to_string();
    assert!(e.contains("plus de 17 rangées"), "{e}");
}

/// L'archive version 2 porte ce que l'issue 13 a ajouté : les sanctions notées d'une
/// lecture, les moyennes du 5.9 confirmées (appliquées), les bulletins non revus d'un
/// double arbitrage partiel ; relue, elle redonne le dossier et les rapports.
#[test]
fn l_archive_version_2_garde_sanctions_moyennes_et_non_revus() {
    use arbitre_engine::lecture::SanctionNotee;
    use arbitre_reports::dossier::CaseConfirmee;
    let mut d = dossier(&[30, 40]);
    let mna = || vec![Motif::MotNonAdmis { mots: vec!["ZEBRURE".into()] }];
    ajouter(&mut d, decision(1, 1, Verdict::Zero, 0, mna()));
    ajouter(&mut d, decision(1, 2, Verdict::Zero, 0, mna()));
    d.bulletins.last_mut().unwrap().decision.score_revendique = Some(36);
    ajouter(&mut d, valide(2, 1, 30));
    ajouter(&mut d, valide(2, 2, 40));
    d.reglages.moyennes_confirmees = vec![CaseConfirmee { table: 1, coup: 2 }];
    let l = &mut d.bulletins.iter_mut().find(|b| (b.decision.table, b.decision.coup) == (2, 2)).unwrap().lecture;
    l.sanctions = vec![SanctionNotee::Avertissement { motif: "bavardage".into() }, SanctionNotee::TempsDepasse];
    // Le premier arbitre a aussi corrigé la table 3, que le double arbitre n'a pas relue.
    d.premier_arbitre = Some(lire_premier_arbitre("pa.csv", "1,1,0,zero\n1,2,0,zero\n2,1,30\n2,2,40\n3,1,30\n3,2,40\n").unwrap());
    let r1 = generer_rapports(&d);
    let archive = &r1.fichiers.iter().find(|f| f.nom == "archive.json").unwrap().contenu;
    for champ in ["\"sanctions\":[{\"avertissement\":{\"motif\":\"bavardage\"}},\"temps_depasse\"]", "\"moyennes_confirmees\":[{\"table\":1,\"coup\":2}]", "\"appliquee\":true", "\"origine\":\"non_revu\""] {
        assert!(archive.contains(champ), "{champ} absent de l'archive");
    }
    let relu = lire_archive("archive.json", archive).unwrap();
    assert_eq!(relu, d);
    let r2 = generer_rapports(&relu);
    for (a, b) in r1.fichiers.iter().zip(&r2.fichiers) {
        assert!(a.contenu == b.contenu, "{} diffère après relecture", a.nom);
    }
    // Une sanction hors des bornes du bulletin est refusée à la relecture, bulletin nommé.
    let long = archive.replacen("bavardage", &"b".repeat(500), 1);
    let e = lire_archive("a.json", &long).unwrap_err().to_string();
    assert!(e.contains("bulletin table 2 coup 2 : motif de 500 caractères") && e.len() < 300, "{e}");
}

#[test]
fn items_d_une_decision_valide_vides() {
    assert!(items_decision(&valide(1, 1, 30)).is_empty());
}

#[test]
fn score_rectifie_sans_changer_la_sanction() {
    let mut d = manche();
    // Le premier arbitre a payé 45 le top de 40 de la table 2 au coup 2 (le joueur avait
    // écrit 40, le bon score) ; et a payé le zéro de la table 1 (le billet du zéro ajouté
    // ne coche pas « score »).
    d.premier_arbitre = Some(lire_premier_arbitre("pa.csv", "1,1,30\n1,2,40\n2,1,30\n2,2,45\n").unwrap());
    let r = generer_rapports(&d);
    let b = r.billets.iter().find(|b| (b.table, b.coup) == (2, 2)).expect("billet du score rectifié");
    assert!(b.double_arbitrage);
    // Guide (5) : le score du joueur est rétabli, ce n'est pas un avertissement.
    assert_eq!(b.items, vec![Item::Score { retabli: true }]);
    assert_eq!(b.score_attribue, 40);
    let html = billets_html("t", std::slice::from_ref(b));
    assert!(html.contains("<span class=\"souligne\">rétabli</span>"), "{html}");
    assert!(!html.contains("rond coche"), "aucune case d'avertissement cochée : {html}");
    let z = r.billets.iter().find(|b| (b.table, b.coup) == (1, 1)).unwrap();
    assert!(z.item(5).is_none() && z.item(17).is_some());
}

#[test]
fn billet_sans_mention_hors_formulaire() {
    // Table 2 absente au coup 2, table 1 sans score écrit : rien n'est ajouté au
    // formulaire du guide (ni « non remis », ni « — » à la place de ce qui n'est pas écrit).
    let mut d = dossier(&[30, 40]);
    ajouter(&mut d, valide(1, 1, 30));
    ajouter(&mut d, valide(2, 1, 30));
    let mut sans_score = decision(1, 2, Verdict::Avertissement, 40, vec![Motif::Score]);
    sans_score.score_revendique = None;
    let mut l = lecture(&sans_score);
    l.score = None;
    d.bulletins.push(arbitre_reports::BulletinCorrige { lecture: l, decision: sans_score, verification: None });
    let r = generer_rapports(&d);
    let html = &r.fichiers.iter().find(|f| f.nom == "billets.html").unwrap().contenu;
    assert_eq!(html.matches("<section class=\"billet\"").count(), 2, "le score manquant et l'absence");
    assert!(html.contains("Score <b></b>"), "score non écrit laissé blanc");
    for mention in ["non remis", "<i>vierge</i>", "<b>—</b>"] {
        assert!(!html.contains(mention), "« {mention} » n'est pas sur le formulaire du guide");
    }
    // Seules les cases du formulaire : (1) à (29), la date d'édition du formulaire.
    assert!(html.contains("2019 – 01 – 01"));
}
