//! Le classement général d'un tournoi de plusieurs parties, relues de leurs archives.

mod commun;

use arbitre_engine::arbitrage::Verdict;
use arbitre_reports::archive::lire_archive;
use arbitre_reports::tournoi::{tournoi_csv, tournoi_html, Tournoi};
use arbitre_reports::{generer_rapports, Dossier, Joueur};
use commun::*;

fn joueurs(noms: &[(u32, &str)]) -> Vec<Joueur> {
    noms.iter().map(|&(table, nom)| Joueur { table, nom: Some(nom.to_string()), arrivee: None }).collect()
}

/// Une partie passée par son archive, comme la lira `arbitre tournoi`.
fn par_l_archive(d: &Dossier) -> Dossier {
    let r = generer_rapports(d);
    lire_archive("archive.json", &r.fichiers.iter().find(|f| f.nom == "archive.json").unwrap().contenu).unwrap()
}

fn tournoi() -> (Dossier, Dossier) {
    // Partie 1 (tops 30 + 40) : Anne au top, Bruno 60, Chloé 60 avec 4 avertissements (−5).
    let mut p1 = dossier(&[30, 40]);
    p1.titre = "Partie 1".into();
    p1.partie.texte = "partie 1".into();
    p1.joueurs = joueurs(&[(1, "Anne Martin"), (2, "Bruno Petit"), (3, "Chloé Durand")]);
    tous_au_top(&mut p1, &[1, 2, 3]);
    remplacer(&mut p1, valide(2, 2, 30));
    // Partie 2 (tops 50 + 20) : les tables ont changé ; Bruno au top, Anne 60, Chloé absente,
    // David (nouveau) 70.
    let mut p2 = dossier(&[50, 20]);
    p2.titre = "Partie 2".into();
    p2.partie.texte = "partie 2".into();
    p2.joueurs = joueurs(&[(5, "bruno  petit"), (6, "Anne Martin"), (7, "David Roux")]);
    tous_au_top(&mut p2, &[5, 6, 7]);
    remplacer(&mut p2, valide(6, 1, 40));
    remplacer(&mut p2, decision(6, 2, Verdict::Avertissement, 20, vec![arbitre_engine::arbitrage::Motif::Score]));
    (p1, p2)
}

#[test]
fn classement_general_total_pourcentage_rangs_ex_aequo() {
    let (p1, p2) = tournoi();
    let t = Tournoi::classer("Open d'essai", &[("p1.json".into(), par_l_archive(&p1)), ("p2.json".into(), par_l_archive(&p2))]).unwrap();
    assert_eq!(t.total_tops, 140);
    let ligne = |nom: &str| t.lignes.iter().find(|l| l.joueur == nom).unwrap_or_else(|| panic!("{nom}"));
    // Anne : 70 + 60 ; Bruno (reconnu malgré la casse et l'espace) : 60 + 70 ; ex aequo.
    assert_eq!((ligne("Anne Martin").total, ligne("Anne Martin").rang, ligne("Anne Martin").ex_aequo), (130, 1, true));
    assert_eq!((ligne("Bruno Petit").total, ligne("Bruno Petit").rang, ligne("Bruno Petit").ex_aequo), (130, 1, true));
    // Chloé : 70 puis absente (0) ; David : absent puis 70 ; rang 3 ex aequo.
    assert_eq!((ligne("Chloé Durand").total, ligne("Chloé Durand").rang), (70, 3));
    assert!(ligne("Chloé Durand").parties[1].is_none());
    assert_eq!((ligne("David Roux").total, ligne("David Roux").rang, ligne("David Roux").ex_aequo), (70, 3, true));
    assert_eq!(t.lignes.len(), 4);
    // Le pourcentage de la somme des tops de tout le tournoi ; les avertissements cumulés.
    assert!((ligne("Anne Martin").pourcentage - 130.0 * 100.0 / 140.0).abs() < 1e-9);
    assert_eq!(ligne("Anne Martin").avertissements, 1);
    // Le rang dans chaque partie.
    let p = ligne("Bruno Petit").parties[0].as_ref().unwrap();
    assert_eq!((p.table, p.total, p.rang, p.ex_aequo), (2, 60, 3, false));

    // CSV : une colonne par donnée.
    let csv = tournoi_csv(&t);
    let mut lecteur = csv::ReaderBuilder::new().delimiter(arbitre_reports::tableur::SEPARATEUR).from_reader(csv.as_bytes());
    let entete: Vec<String> = lecteur.headers().unwrap().iter().map(String::from).collect();
    assert_eq!(
        entete,
        [
            "Rang", "Ex aequo", "Joueur", "Partie 1 points", "Partie 1 rang", "Partie 1 table", "Partie 2 points", "Partie 2 rang", "Partie 2 table", "Total",
            "% des tops", "Avertissements", "Solos", "Parties jouées"
        ]
    );
    let chloe: Vec<String> = lecteur.records().map(Result::unwrap).find(|l| &l[2] == "Chloé Durand").unwrap().iter().map(String::from).collect();
    assert_eq!(chloe, ["3", "oui", "Chloé Durand", "70", "1", "3", "", "", "", "70", "50,0", "0", "0", "1"]);
    // HTML : l'absence est dite, les titres des parties nommés.
    let html = tournoi_html(&t);
    assert!(html.contains("<h1>Classement général — Open d&#39;essai</h1>"), "{html}");
    assert!(html.contains("<td class=\"absent\">absent</td>"));
    assert!(html.contains("2 parties, somme des tops 140 ; 4 joueurs."), "{html}");
}

#[test]
fn partie_donnee_deux_fois_ou_nom_ambigu_refuses_et_provisoire_signale() {
    let (p1, mut p2) = tournoi();
    let e = Tournoi::classer("T", &[("a.json".into(), p1.clone()), ("b.json".into(), p1.clone())]).unwrap_err().to_string();
    assert!(e.contains("b.json") && e.contains("même partie que a.json"), "{e}");
    // La même partie dépouillée deux fois (avant et après la revue : des décisions
    // différentes) : ses joueurs y seraient comptés deux fois.
    let mut relue = p1.clone();
    remplacer(&mut relue, valide(2, 2, 40));
    assert_ne!(relue.bulletins, p1.bulletins);
    let e = Tournoi::classer("T", &[("avant.json".into(), p1.clone()), ("apres.json".into(), relue)]).unwrap_err().to_string();
    assert!(e.contains("apres.json") && e.contains("même partie (mêmes tirages) que avant.json, jouée aussi par « Anne Martin »"), "{e}");
    // Les mêmes tirages joués par d'autres joueurs (une autre salle d'un multiplex) : deux
    // parties.
    let mut autre_salle = p1.clone();
    autre_salle.titre = "Partie 1, salle 2".into();
    autre_salle.joueurs = joueurs(&[(1, "Élise Blanc"), (2, "Félix Noir"), (3, "Gaëlle Roux")]);
    let t = Tournoi::classer("T", &[("a.json".into(), p1.clone()), ("s2.json".into(), autre_salle)]).unwrap();
    assert_eq!(t.lignes.len(), 6);
    p2.joueurs[2].nom = Some("Anne Martin".into());
    let e = Tournoi::classer("T", &[("a.json".into(), p1.clone()), ("b.json".into(), p2.clone())]).unwrap_err().to_string();
    assert!(e.contains("« Anne Martin » à deux tables (6 et 7)"), "{e}");
    // Une partie avec un bulletin non corrigé : classement provisoire, dit en tête.
    let mut p = p1.clone();
    p.erreurs.push(arbitre_reports::ErreurBulletin { fichier: "b.txt".into(), ligne: 3, table: Some(1), coup: Some(1), message: "illisible".into(), genre: Default::default() });
    let t = Tournoi::classer("T", &[("a.json".into(), p)]).unwrap();
    assert!(t.provisoire());
    assert!(tournoi_html(&t).contains("Classement provisoire"));
    // Une partie en cours (corrigée jusqu'à un coup, `run --jusqu-au-coup`) : ses totaux ne
    // sont pas ceux de la partie, le classement est provisoire et le dit pour elle.
    let mut en_cours = p1.clone();
    en_cours.partie.coups_du_fichier = Some(en_cours.partie.coups.len() as u32 + 5);
    let t = Tournoi::classer("T", &[("a.json".into(), en_cours)]).unwrap();
    assert!(t.provisoire());
    assert!(tournoi_html(&t).contains("à reprendre : partie en cours, corrigée jusqu&#39;au coup"), "{}", tournoi_html(&t));
    // Une partie lue sur des scans dont un bulletin est encore à vérifier (`arbitre run`) :
    // sa décision n'est que celle de la lecture la plus probable, le classement est
    // provisoire et le dit pour elle.
    let mut lue = p1.clone();
    let verification = |a_verifier: bool| arbitre_reports::verification::Verification {
        a_verifier,
        raisons: if a_verifier { vec!["lecture incertaine".into()] } else { vec![] },
        image: Some("coup-01/scan-001.jpg".into()),
        confiance: if a_verifier { 0.6 } else { 1.0 },
        alternatives: vec![],
        corrigee_par_une_personne: !a_verifier,
        table_deduite: None,
        doutes: vec![],
        places: vec![],
    };
    lue.bulletins[0].verification = Some(verification(true));
    let t = Tournoi::classer("T", &[("a.json".into(), lue.clone())]).unwrap();
    assert!(t.provisoire());
    assert!(tournoi_html(&t).contains("à reprendre : 1 bulletin à vérifier"), "{}", tournoi_html(&t));
    // Et pour le joueur dont le bulletin est à vérifier : son total est provisoire, la
    // colonne « À vérifier » le dit (CSV et HTML), à lui seul.
    let table = lue.bulletins[0].decision.table;
    let nom = lue.joueurs.iter().find(|j| j.table == table).unwrap().nom.clone().unwrap();
    let csv = tournoi_csv(&t);
    assert!(csv.lines().next().unwrap().ends_with(";À vérifier"), "{csv}");
    for ligne in csv.lines().skip(1) {
        assert_eq!(ligne.ends_with(";1"), ligne.contains(&nom), "{ligne}");
    }
    assert!(tournoi_html(&t).contains("<th>À vérifier</th>"));
    // Relu par une personne : plus rien à reprendre.
    lue.bulletins[0].verification = Some(verification(false));
    let relu = Tournoi::classer("T", &[("a.json".into(), lue)]).unwrap();
    assert!(!relu.provisoire());
    assert!(!tournoi_csv(&relu).contains("À vérifier") && !tournoi_html(&relu).contains("À vérifier"));
    assert!(!Tournoi::classer("T", &[("a.json".into(), p1)]).unwrap().provisoire());
}
