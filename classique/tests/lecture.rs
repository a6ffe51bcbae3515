//! Fichiers mal écrits ou incohérents : une erreur claire qui nomme le fichier et la ligne,
//! jamais de panique.

mod commun;

use arbitre_classique::{classement_final, joueurs_depuis_texte, prochaine_ronde, Tournoi};
use commun::*;
use proptest::prelude::*;
use std::path::Path;

fn erreur_joueurs(texte: &str) -> String {
    joueurs_depuis_texte(Path::new("joueurs.csv"), texte).unwrap_err().to_string()
}

fn erreur_resultats(joueurs: &str, res: &str) -> String {
    Tournoi::depuis_texte(inscrits(joueurs), Path::new("resultats.csv"), res).unwrap_err().to_string()
}

#[test]
fn joueurs_mal_ecrits() {
    let huit = "Bea,1400\nCyr,1300\nDan,1200\nEva,1100\nFlo,1000\nGus,900\nHan,800\n";
    let cas = [
        ("nom,cote;forfait\nAli,1500\n", "joueurs.csv:1: en-tête « nom,cote;forfait » : attendu « nom,cote[,forfait] »"),
        // Un en-tête à points-virgules et des lignes à virgules : le séparateur est celui de l'en-tête.
        ("nom;cote\nAli,1500\n", "joueurs.csv:2: 1 colonne au lieu de 2"),
        ("nom,cote\nAli,quinze\n", "joueurs.csv:2: cote « quinze » de Ali : un nombre entier est attendu"),
        ("nom,cote\nAli,1500\nAli,1400\n", "joueurs.csv:3: Ali est déjà inscrit à la ligne 2"),
        ("nom,cote\nX,1500\n", "joueurs.csv:2: « X » est réservé au joueur fictif"),
        ("nom,cote\n,1500\n", "joueurs.csv:2: nom vide"),
        ("nom,cote\nAli,1500,3\n", "joueurs.csv:2: 3 colonnes au lieu de 2"),
        ("nom,cote,forfait\nAli,1500,2;trois\n", "joueurs.csv:2: forfait « trois » de Ali"),
        ("", "joueurs.csv : fichier vide"),
    ];
    for (texte, attendu) in cas {
        let e = erreur_joueurs(texte);
        assert!(e.starts_with(attendu), "{texte:?} → {e}");
    }
    let e = erreur_joueurs(&format!("nom,cote,forfait\nAli,1500,6\n{}", huit.replace('\n', ",\n")));
    assert!(e.starts_with("joueurs.csv:2: forfait de Ali à la ronde 6 : le tournoi n'a que 5 rondes"), "{e}");
    // Marque d'ordre d'octets d'un tableur, majuscules dans l'en-tête, espaces : acceptés.
    let ins = joueurs_depuis_texte(Path::new("j.csv"), &format!("\u{feff}Nom, Cote\n Ali , 1500\n{huit}")).unwrap();
    assert_eq!(ins.joueurs()[0].nom, "Ali");
    // Le fichier d'un tableur réglé en français : points-virgules, forfaits entre guillemets.
    let ins = joueurs_depuis_texte(Path::new("j.csv"), &format!("\u{feff}nom;cote;forfait\r\nAli;1500;\"2;3\"\r\n{}", huit.replace(',', ";"))).unwrap();
    assert_eq!(ins.joueurs()[0].forfaits.iter().copied().collect::<Vec<u32>>(), [2, 3]);
    assert_eq!(ins.joueurs()[1].nom, "Bea");
    // La colonne forfait peut manquer en fin de ligne quand elle est vide.
    let ins = joueurs_depuis_texte(Path::new("j.csv"), &format!("nom,cote,forfait\nAli,1500,2;3\n{huit}")).unwrap();
    assert_eq!(ins.joueurs()[0].forfaits.iter().copied().collect::<Vec<u32>>(), [2, 3]);
    assert!(ins.joueurs()[1].forfaits.is_empty());
    assert!(erreur_joueurs("nom,cote,forfait\nAli\n").starts_with("joueurs.csv:2: 1 colonne au lieu de 3"));
    // Moins de 8 inscrits : la formule ne s'applique pas.
    let e = Tournoi::nouveau(inscrits("nom,cote\nAli,1\nBob,2\n")).unwrap_err().to_string();
    assert!(e.contains("2 inscrits") && e.contains("de 8 à 128"), "{e}");
}

#[test]
fn resultats_incoherents() {
    let j = joueurs_numerotes(8);
    let e1 = "ronde,joueur_1,joueur_2,score_1,score_2\n";
    let r1 = "1,P01,P08,400,300\n1,P05,P06,400,300\n1,P02,P07,400,300\n1,P03,P04,400,300\n";
    let cas = [
        (format!("{e1}1,P01,P08,400,300\n1,P05,P01,400,300\n"), "resultats.csv:3: P01 est apparié deux fois à la ronde 1 (lignes 2 et 3)"),
        (format!("{e1}1,P01,Zoé,400,300\n"), "resultats.csv:2: joueur_2 « Zoé » inconnu"),
        (format!("{e1}{r1}3,P01,P08,400,300\n"), "resultats.csv : la ronde 2 manque (la ronde 3 figure à la ligne 6)"),
        (format!("{e1}1,P01,P08,400,300\n"), "resultats.csv : ronde 1 incomplète : P02 n'y a pas de résultat"),
        (format!("{e1}1,P01,P08,400,\n"), "resultats.csv:2: P01 – P08 : score manquant"),
        (format!("{e1}1,P01,P08,400,-3\n"), "resultats.csv:2: score_2 « -3 »"),
        (format!("{e1}0,P01,P08,400,300\n"), "resultats.csv:2: ronde « 0 »"),
        (format!("{e1}6,P01,P08,400,300\n"), "resultats.csv:2: ronde 6 : le tournoi n'a que 5 rondes"),
        (format!("{e1}1,P01,P01,400,300\n"), "resultats.csv:2: P01 ne peut pas jouer contre lui-même"),
        (format!("{e1}1,P01,X,400,\n"), "resultats.csv:2: match contre X (joueur fictif) : les cases de score restent vides"),
        (format!("{e1}1,P01,P08,400\n"), "resultats.csv:2: 4 colonnes au lieu de 5"),
        ("ronde,j1,j2,s1,s2\n".to_string(), "resultats.csv:1: en-tête « ronde,j1,j2,s1,s2 » : attendu « ronde,joueur_1,joueur_2,score_1,score_2 »"),
    ];
    for (texte, attendu) in &cas {
        let e = erreur_resultats(&j, texte);
        assert!(e.starts_with(attendu), "{texte:?}\n→ {e}");
    }
    // Un joueur déclaré forfait à la ronde 1 qui a pourtant un résultat.
    let jf = "nom,cote,forfait\nP01,1999,\nP02,1998,\nP03,1997,\nP04,1996,\nP05,1995,\nP06,1994,\nP07,1993,\nP08,1992,1\n";
    let e = erreur_resultats(jf, &format!("{e1}{r1}"));
    assert!(e.starts_with("resultats.csv:2: P08 est déclaré forfait à la ronde 1"), "{e}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// N'importe quel texte : une erreur ou des joueurs, jamais de panique.
    #[test]
    fn joueurs_quelconques_sans_panique(texte in "(nom,cote(,forfait)?\n)?([A-Za-zé ,;0-9X\"-]{0,20}\n){0,12}") {
        let _ = joueurs_depuis_texte(Path::new("j.csv"), &texte);
    }

    /// Des résultats quelconques pour 9 joueurs : une erreur nommant le fichier, ou un
    /// tournoi cohérent que l'on peut classer et apparier sans panique.
    #[test]
    fn resultats_quelconques_sans_panique(lignes in proptest::collection::vec(
        (0u32..7, 0usize..11, 0usize..11, "(|forfait|[0-9]{1,3}|-1|abc)", "(|forfait|[0-9]{1,3})"), 0..14)) {
        let j = joueurs_numerotes(9);
        let nom = |k: usize| match k { 9 => "X".to_string(), 10 => "Inconnu".to_string(), k => format!("P{:02}", k + 1) };
        let mut texte = String::from("ronde,joueur_1,joueur_2,score_1,score_2\n");
        for (r, a, b, s1, s2) in &lignes {
            texte.push_str(&format!("{r},{},{},{s1},{s2}\n", nom(*a), nom(*b)));
        }
        match Tournoi::depuis_texte(inscrits(&j), Path::new("resultats.csv"), &texte) {
            Ok(t) => {
                prop_assert_eq!(classement_final(&t).len(), 9);
                let _ = prochaine_ronde(&t);
            }
            Err(e) => prop_assert!(e.to_string().starts_with("resultats.csv"), "{}", e),
        }
    }
}
