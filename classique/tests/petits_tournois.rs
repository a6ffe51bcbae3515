//! 9 à 16 joueurs (tables de Berger, choix d'arbitre), le joueur fictif X et les forfaits.

mod commun;

use arbitre_classique::appariement::tables::berger;
use arbitre_classique::{classement_final, prochaine_ronde, Participant, Regle};
use commun::*;
use std::collections::HashSet;

/// Écrit les résultats d'une ronde : le joueur_1 gagne 400 à 350 (contre X : cases vides).
fn jouer(t: &arbitre_classique::Tournoi, res: &mut String) {
    let r = prochaine_ronde(t).unwrap();
    for (a, b) in noms(t, &r) {
        if b == "X" {
            res.push_str(&format!("{},{a},X,,\n", r.numero));
        } else {
            res.push_str(&format!("{},{a},{b},400,350\n", r.numero));
        }
    }
}

/// Les tables de Berger de la FIDE à 10 joueurs, rondes 1 à 3 (manuel FIDE C.05, annexe 1) :
/// 1–10 2–9 3–8 4–7 5–6 ; 10–6 7–5 8–4 9–3 1–2 ; 2–10 3–1 4–9 5–8 6–7.
#[test]
fn berger_a_dix_joueurs() {
    let tri = |v: Vec<(usize, usize)>| {
        let mut v: Vec<(usize, usize)> = v.into_iter().map(|(a, b)| (a.min(b), a.max(b))).collect();
        v.sort();
        v
    };
    assert_eq!(berger(10, 1).unwrap(), tri(vec![(1, 10), (2, 9), (3, 8), (4, 7), (5, 6)]));
    assert_eq!(berger(10, 2).unwrap(), tri(vec![(10, 6), (7, 5), (8, 4), (9, 3), (1, 2)]));
    assert_eq!(berger(10, 3).unwrap(), tri(vec![(2, 10), (3, 1), (4, 9), (5, 8), (6, 7)]));
    assert_eq!(berger(10, 10), None, "au-delà de n−1 rondes, plus de table");
}

/// 9 à 16 inscrits : trois matchs fixés par les tables de Berger sur le classement initial
/// (X en dernière position si le nombre est impair), sans rencontre répétée et quels que
/// soient les résultats ; les deux derniers par groupes de PM (§ 6.2.2).
#[test]
fn neuf_a_seize_joueurs_trois_matchs_fixes_puis_groupes() {
    for n in 9..=16usize {
        let joueurs = joueurs_numerotes(n);
        let m = n + n % 2;
        let nom = |i: usize| if i > n { "X".to_string() } else { format!("P{i:02}") };
        let mut res = String::from("ronde,joueur_1,joueur_2,score_1,score_2\n");
        let mut vues: HashSet<(String, String)> = HashSet::new();
        for r in 1..=5u32 {
            let t = tournoi(&joueurs, &res);
            let ronde = prochaine_ronde(&t).unwrap();
            let tables = noms(&t, &ronde);
            if r <= 3 {
                assert_eq!(ronde.regle, Regle::Berger, "{n} joueurs, ronde {r}");
                let attendu: Vec<(String, String)> = berger(m, r).unwrap().into_iter().map(|(a, b)| (nom(a), nom(b))).collect();
                assert_eq!(tables, attendu, "{n} joueurs, ronde {r}");
                for tb in &tables {
                    assert!(vues.insert(tb.clone()), "{n} joueurs : {tb:?} répété dans les rondes fixes");
                }
            } else {
                assert_eq!(ronde.regle, Regle::GroupesDePoints, "{n} joueurs, ronde {r}");
            }
            assert_eq!(tables.len(), m / 2);
            jouer(&t, &mut res);
        }
        let t = tournoi(&joueurs, &res);
        assert!(prochaine_ronde(&t).is_err(), "5 rondes de 8 à 32 joueurs");
    }
}

/// Match contre X : 3 PM et +10 Pdep (comme une victoire par forfait) ; X n'est pas classé ;
/// X ne rencontre pas deux fois le même joueur tant qu'un autre est libre.
#[test]
fn match_contre_x_compte_comme_victoire_par_forfait() {
    let joueurs = joueurs_numerotes(9);
    let t = tournoi(&joueurs, "ronde,joueur_1,joueur_2,score_1,score_2\n");
    let r1 = prochaine_ronde(&t).unwrap();
    // Berger à 10 : la position 10 (X) rencontre la position 1.
    assert_eq!(noms(&t, &r1)[0], ("P01".to_string(), "X".to_string()));
    let mut res = String::from("ronde,joueur_1,joueur_2,score_1,score_2\n");
    jouer(&t, &mut res);
    let t = tournoi(&joueurs, &res);
    let fin = classement_final(&t);
    assert_eq!(fin.len(), 9, "X ne figure pas au classement");
    let p01 = fin.iter().find(|(_, l)| l.joueur == 0).unwrap();
    assert_eq!((p01.1.pm, p01.1.pdep), (3, 10));
    let p02 = fin.iter().find(|(_, l)| l.joueur == 1).unwrap();
    assert_eq!((p02.1.pm, p02.1.pdep), (3, 50), "une victoire de 50 points");
    // P01 (+10) est derrière les vainqueurs de 50 points, devant les perdants.
    assert_eq!(p01.0, 5);

    // X peut aussi être écrit en joueur_1, avec « forfait » dans sa case.
    let t = tournoi(&joueurs, &res.replace("1,P01,X,,", "1,X,P01,forfait,"));
    let p01 = classement_final(&t).into_iter().find(|(_, l)| l.joueur == 0).unwrap();
    assert_eq!((p01.1.pm, p01.1.pdep), (3, 10));

    // Sur tout un tournoi à 11 joueurs, X rencontre 5 joueurs différents.
    let joueurs = joueurs_numerotes(11);
    let mut res = String::from("ronde,joueur_1,joueur_2,score_1,score_2\n");
    let mut exemptes = HashSet::new();
    for _ in 0..5 {
        let t = tournoi(&joueurs, &res);
        let r = prochaine_ronde(&t).unwrap();
        let tb = r.tables.iter().find(|tb| tb.joueurs[1] == Participant::X).unwrap();
        assert!(exemptes.insert(tb.joueurs[0]), "{:?} exempté deux fois", tb.joueurs[0]);
        jouer(&t, &mut res);
    }
}

/// § 8 : un joueur forfait à une ronde n'est pas apparié (X le remplace si le nombre devient
/// impair) ; il marque 0 PM à cette ronde et figure au classement final.
#[test]
fn forfait_declare_et_abandon() {
    // 18 inscrits ; Q03 forfait à la ronde 2, Q05 abandonne après la ronde 3.
    let mut joueurs = String::from("nom,cote,forfait\n");
    for i in 1..=18 {
        let f = match i {
            3 => "2",
            5 => "4;5",
            _ => "",
        };
        joueurs.push_str(&format!("Q{i:02},{},{f}\n", 3000 - i));
    }
    let mut res = String::from("ronde,joueur_1,joueur_2,score_1,score_2\n");
    let t = tournoi(&joueurs, &res);
    assert_eq!(prochaine_ronde(&t).unwrap().tables.len(), 9);
    jouer(&t, &mut res);
    let t = tournoi(&joueurs, &res);
    let r2 = prochaine_ronde(&t).unwrap();
    let tables = noms(&t, &r2);
    assert_eq!(tables.len(), 9, "17 présents + X");
    assert!(tables.iter().all(|(a, b)| a != "Q03" && b != "Q03"));
    assert!(tables.iter().any(|(_, b)| b == "X"));
    jouer(&t, &mut res);
    let t = tournoi(&joueurs, &res);
    jouer(&t, &mut res);
    let t = tournoi(&joueurs, &res);
    let r4 = prochaine_ronde(&t).unwrap();
    assert!(noms(&t, &r4).iter().all(|(a, b)| a != "Q05" && b != "Q05"));
    jouer(&t, &mut res);
    let t = tournoi(&joueurs, &res);
    jouer(&t, &mut res);
    let t = tournoi(&joueurs, &res);
    let fin = classement_final(&t);
    assert_eq!(fin.len(), 18, "les joueurs forfait figurent au classement final");
    let q05 = fin.iter().find(|(_, l)| t.inscrits().joueurs()[l.joueur].nom == "Q05").unwrap();
    let matchs_q05 = t.matchs().iter().filter(|m| m.joueurs.contains(&t.inscrits().chercher("Q05").unwrap())).count();
    assert_eq!(matchs_q05, 3);
    assert!(q05.1.pm <= 9, "au plus 3 PM par match joué");
}

/// Un joueur qui ne vient pas à un match apparié : `forfait` dans sa case, 0 PM et −10 Pdep ;
/// son adversaire 3 PM et +10 (§ 3, § 4.2) ; les deux forfait : 0 chacun.
#[test]
fn forfait_sur_un_match_apparie() {
    let joueurs = joueurs_numerotes(8);
    let res = "ronde,joueur_1,joueur_2,score_1,score_2\n1,P01,P08,forfait,\n1,P05,P06,forfait,forfait\n1,P02,P07,420,390\n1,P03,P04,forfait,455\n";
    let t = tournoi(&joueurs, res);
    let fin = classement_final(&t);
    let de = |n: &str| fin.iter().find(|(_, l)| t.inscrits().joueurs()[l.joueur].nom == n).map(|(r, l)| (*r, l.pm, l.pdep)).unwrap();
    assert_eq!(de("P08"), (2, 3, 10));
    assert_eq!((de("P01").1, de("P01").2), (0, -10));
    assert_eq!((de("P04").1, de("P04").2), (3, 10), "le score écrit du vainqueur par forfait ne compte pas");
    assert_eq!((de("P05").1, de("P05").2, de("P06").1), (0, 0, 0));
    assert_eq!(de("P02"), (1, 3, 30));
    // P08 et P04 : 3 PM, +10, ne se sont pas rencontrés : ex æquo au rang 2 ; puis rang 4.
    assert_eq!(de("P04").0, 2);
    assert_eq!(de("P07").0, 4);
}
