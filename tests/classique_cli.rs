//! `arbitre classique appariement` et `classement` tels qu'un arbitre les lance, avec de
//! petits fichiers CSV.

use std::path::Path;
use std::process::{Command, Output};

fn arbitre(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbitre")).args(args).output().unwrap()
}

fn texte(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn ecrire(dossier: &Path, nom: &str, contenu: &str) -> String {
    let f = dossier.join(nom);
    std::fs::write(&f, contenu).unwrap();
    f.to_str().unwrap().to_owned()
}

const JOUEURS: &str = "nom,cote,forfait\nAnne,1500,\nBruno,1400,\n\"Dupont, Chloé\",1400,\nDavid,1300,\nÉmile,1200,\nFanny,1100,3\nGaston,1000,\nHélène,900,\nIrène,800,\n";

#[test]
fn appariement_puis_classement() {
    let d = tempfile::tempdir().unwrap();
    let joueurs = ecrire(d.path(), "joueurs.csv", JOUEURS);
    // Première ronde : 9 inscrits, tables de Berger à 10 (X en 10e position).
    let o = arbitre(&["classique", "appariement", "--joueurs", &joueurs]);
    assert!(o.status.success(), "{}", texte(&o.stderr));
    assert_eq!(
        texte(&o.stdout),
        "ronde,table,joueur_1,joueur_2\n1,1,Anne,X\n1,2,Bruno,Irène\n1,3,\"Dupont, Chloé\",Hélène\n1,4,David,Gaston\n1,5,Émile,Fanny\n"
    );
    // Les résultats de la ronde 1 (ordre des joueurs libre, X sans score).
    let r1 = "ronde,joueur_1,joueur_2,score_1,score_2\n1,Anne,X,,\n1,Irène,Bruno,412,380\n1,\"Dupont, Chloé\",Hélène,451,407\n1,David,Gaston,512,325\n1,Émile,Fanny,forfait,\n";
    let resultats = ecrire(d.path(), "resultats.csv", r1);
    let o = arbitre(&["classique", "classement", "--joueurs", &joueurs, "--resultats", &resultats]);
    assert!(o.status.success(), "{}", texte(&o.stderr));
    assert_eq!(
        texte(&o.stdout),
        "rang,nom,pm,ppm,pdep\n1,David,3,,100\n2,\"Dupont, Chloé\",3,,44\n3,Irène,3,,32\n4,Anne,3,,10\n4,Fanny,3,,10\n\
         6,Bruno,1,,-32\n7,Hélène,1,,-44\n8,Gaston,1,,-100\n9,Émile,0,,-10\n"
    );
    // Deuxième ronde : Berger, ronde 2.
    let o = arbitre(&["classique", "appariement", "--joueurs", &joueurs, "--resultats", &resultats]);
    assert!(o.status.success(), "{}", texte(&o.stderr));
    let sortie = texte(&o.stdout);
    assert!(sortie.starts_with("ronde,table,joueur_1,joueur_2\n2,1,Anne,Bruno\n"), "{sortie}");
    assert_eq!(sortie.lines().count(), 6);
}

#[test]
fn resultats_incoherents_nomment_la_ligne() {
    let d = tempfile::tempdir().unwrap();
    let joueurs = ecrire(d.path(), "joueurs.csv", JOUEURS);
    // Bruno apparié deux fois à la ronde 1 (lignes 3 et 4).
    let faux = "ronde,joueur_1,joueur_2,score_1,score_2\n1,Anne,X,,\n1,Irène,Bruno,412,380\n1,Bruno,Hélène,451,407\n";
    let resultats = ecrire(d.path(), "resultats.csv", faux);
    for commande in ["appariement", "classement"] {
        let o = arbitre(&["classique", commande, "--joueurs", &joueurs, "--resultats", &resultats]);
        assert!(!o.status.success());
        assert!(o.stdout.is_empty());
        let err = texte(&o.stderr);
        assert!(err.contains("resultats.csv:4: Bruno est apparié deux fois à la ronde 1 (lignes 3 et 4)"), "{err}");
    }
    // Un joueur inconnu.
    let resultats = ecrire(d.path(), "inconnu.csv", "ronde,joueur_1,joueur_2,score_1,score_2\n1,Anne,Zoé,400,300\n");
    let o = arbitre(&["classique", "classement", "--joueurs", &joueurs, "--resultats", &resultats]);
    assert!(!o.status.success());
    assert!(texte(&o.stderr).contains("inconnu.csv:2: joueur_2 « Zoé » inconnu"), "{}", texte(&o.stderr));
    // Une cote illisible dans les joueurs.
    let joueurs_faux = ecrire(d.path(), "joueurs_faux.csv", &JOUEURS.replace("Gaston,1000", "Gaston,mille"));
    let o = arbitre(&["classique", "appariement", "--joueurs", &joueurs_faux]);
    assert!(!o.status.success());
    assert!(texte(&o.stderr).contains("joueurs_faux.csv:8: cote « mille » de Gaston"), "{}", texte(&o.stderr));
    // Trop peu d'inscrits pour la formule.
    let sept = ecrire(d.path(), "sept.csv", "nom,cote\nA,7\nB,6\nC,5\nD,4\nE,3\nF,2\nG,1\n");
    let o = arbitre(&["classique", "appariement", "--joueurs", &sept]);
    assert!(!o.status.success());
    assert!(texte(&o.stderr).contains("sept.csv : 7 inscrits : la formule classique prévoit de 8 à 128 joueurs"), "{}", texte(&o.stderr));
    // Un fichier absent.
    let o = arbitre(&["classique", "appariement", "--joueurs", d.path().join("absent.csv").to_str().unwrap()]);
    assert!(!o.status.success());
    assert!(texte(&o.stderr).contains("absent.csv : lecture impossible : fichier ou répertoire introuvable"), "{}", texte(&o.stderr));
}
