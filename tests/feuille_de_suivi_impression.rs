//! La feuille de suivi d'une partie de 22 coups, longue de plusieurs pages, imprimée en
//! PDF A4 par chromium : chaque page répète les en-têtes des colonnes, et le panneau des
//! tirages est numéroté par les coups de la partie (1 à 22, rien au-delà).

mod commun;

use arbitre_engine::arbitrage::Edition;
use arbitre_engine::lecture::Lecture;
use arbitre_engine::{Formule, Identite, Partie};
use arbitre_reports::double_arbitrage::lire_premier_arbitre;
use arbitre_reports::dossier::PartieResumee;
use arbitre_reports::{ecrire_rapports, generer_rapports, BulletinCorrige, Dossier, Reglages};
use std::path::Path;

/// La partie « rosace » (22 coups), 20 tables toutes au top ; le premier arbitre a donné
/// à tort un avertissement aux tables 1 à 16 sur quatre coups chacune : 64 rectifications,
/// autant de lignes sur la feuille.
fn dossier_22_coups() -> Dossier {
    let chemin = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/rosace.partie");
    let partie = Partie::lire(&chemin, Formule::STANDARD).expect("partie rosace");
    let resume = PartieResumee::depuis(&partie, "standard", std::fs::read_to_string(&chemin).unwrap());
    assert_eq!(resume.coups.len(), 22);
    let mut bulletins = Vec::new();
    let mut premier = String::new();
    for table in 1..=20u32 {
        for c in &resume.coups {
            bulletins.push(BulletinCorrige { lecture: Lecture::nouvelle(table, c.numero), decision: c.au_top(table), verification: None });
            let a_tort = table <= 16 && (c.numero + table) % 5 == 0;
            premier.push_str(&format!("{table},{},{},{}\n", c.numero, c.score, if a_tort { "A" } else { "" }));
        }
    }
    let mut d = Dossier {
        titre: "Open d'essai, partie 2".into(),
        arbitre: Some("C. Correcteur".into()),
        partie: resume,
        lexique: Identite { nom: "essai".into(), mots: 0, empreinte: "0000000000000000".into(), defaut: false },
        admis_par_la_partie: Vec::new(),
        edition: Edition::E2020,
        reglages: Reglages::default(),
        joueurs: Vec::new(),
        bulletins,
        erreurs: Vec::new(),
        premier_arbitre: Some(lire_premier_arbitre("premier.csv", &premier).unwrap()),
        rejets: Vec::new(),
        absences_a_verifier: Vec::new(),
        alertes_des_scans: Vec::new(),
    };
    d.normaliser();
    d
}

#[test]
fn panneau_numerote_par_les_coups_de_la_partie() {
    let r = generer_rapports(&dossier_22_coups());
    let suivi = &r.fichiers.iter().find(|f| f.nom == "suivi.html").unwrap().contenu;
    let numeros: Vec<u32> = suivi.split("<td class=\"num\">").skip(1).map(|s| s[..s.find('<').unwrap()].parse().unwrap()).collect();
    assert_eq!(numeros, (1..=22).collect::<Vec<u32>>());
    assert!(r.comparaison.as_ref().unwrap().rectifications.len() > 60);
}

#[test]
fn la_feuille_de_22_coups_s_imprime_avec_les_en_tetes_sur_chaque_page() {
    let Some(chrome) = commun::outil("chromium", "chromium") else { return };
    let Some(pdftotext) = commun::outil("pdftotext", "poppler-utils") else { return };
    let d = dossier_22_coups();
    let r = generer_rapports(&d);
    let lignes = r.comparaison.as_ref().unwrap().rectifications.len();
    let dir = tempfile::tempdir().unwrap();
    ecrire_rapports(dir.path(), &r.fichiers).unwrap();
    let pdf = dir.path().join("suivi.pdf");
    let octets = commun::imprimer(&chrome, &dir.path().join("suivi.html"), &pdf);
    // A4 paysage, sur plusieurs pages.
    let a4 = "/MediaBox [0 0 841.91998 594.95996]";
    let nb = String::from_utf8_lossy(&octets).matches(a4).count();
    assert!(nb >= 2, "{lignes} lignes : la feuille doit tenir sur plusieurs pages A4 paysage (pages : {nb})");
    let pages = commun::pages_pdf(&pdftotext, &pdf);
    assert_eq!(pages.len(), nb);
    for (i, p) in pages.iter().enumerate() {
        for entete in ["Pointage", "Zéro", "Pénalité", "Avertissement", "Table", "Coup", "MNA", "LOC", "EL", "SUP", "Score", "LR", "INV", "Jok."] {
            assert!(p.contains(entete), "page {} : en-tête « {entete} » absent :\n{p}", i + 1);
        }
    }
    // Chaque rectification est imprimée une fois (table, coup, score final).
    let texte = pages.join("\n");
    assert!(texte.contains("Feuille de suivi de double-arbitrage"));
    let rangees = texte.lines().filter(|l| l.contains('✕')).count();
    assert_eq!(rangees, lignes, "une rangée cochée par rectification");
}
