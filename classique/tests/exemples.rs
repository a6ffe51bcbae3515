//! Les exemples chiffrés de `formule-classique.txt`, un test par exemple.

mod commun;

use arbitre_classique::appariement::permutations::{par_groupes, par_groupes_avec, Evitement};
use arbitre_classique::appariement::tables::{fin_du_groupe_a, groupes_a_b};
use arbitre_classique::joueurs::nombre_de_rondes;
use arbitre_classique::{classement, classement_final, prochaine_ronde, Match, Participant, Regle, Score};
use commun::*;

/// § 1 : le nombre de matchs selon le nombre d'inscrits ; hors 8–128, une erreur.
#[test]
fn nombre_de_matchs_selon_les_inscrits() {
    for (n, matchs) in [(8, 5), (16, 5), (32, 5), (33, 6), (64, 6), (65, 7), (128, 7)] {
        assert_eq!(nombre_de_rondes(n).unwrap(), matchs, "{n} inscrits");
    }
    for n in [0, 7, 129] {
        let e = nombre_de_rondes(n).unwrap_err().to_string();
        assert!(e.contains("de 8 à 128 joueurs"), "{e}");
    }
}

/// § 2 : cote décroissante, puis ordre alphabétique (sans accents ni casse) ; X à la fin
/// quand le nombre d'inscrits est impair.
#[test]
fn classement_initial_cote_puis_nom() {
    let ins = inscrits("nom,cote\nzoé,1200\nÉmile,1300\nDavid,1300\nbruno,1300\nAlice,1100\nFanny,900\nGaston,800\nHugo,700\nIris,600\n");
    let noms: Vec<&str> = ins.joueurs().iter().map(|j| j.nom.as_str()).collect();
    assert_eq!(noms, ["bruno", "David", "Émile", "zoé", "Alice", "Fanny", "Gaston", "Hugo", "Iris"]);
    let t = tournoi(&ins.joueurs().iter().map(|j| format!("{},{}\n", j.nom, j.cote)).fold("nom,cote\n".to_string(), |a, l| a + &l), "ronde,joueur_1,joueur_2,score_1,score_2\n");
    let r = prochaine_ronde(&t).unwrap();
    assert!(r.tables.iter().any(|tb| tb.joueurs[1] == Participant::X), "9 inscrits : X complète le classement");
}

/// § 4.1 : A, B et C ont 12 PM ; A a battu B et C, B a battu C : A 6 PPM, B 4, C 2. Les
/// PPM départagent avant les Pdep (C a le meilleur Pdep mais reste troisième).
#[test]
fn ppm_exemple_du_document() {
    // 34 inscrits (6 rondes) : A, B, C et 31 autres joueurs.
    let mut joueurs = String::from("nom,cote\nA,3000\nB,2990\nC,2980\n");
    for i in 1..=31 {
        joueurs.push_str(&format!("P{i:02},{}\n", 2000 - i));
    }
    // Les matchs de A, B et C, ronde par ronde : (joueur, adversaire, victoire ?, écart).
    let abc: [&[(&str, &str, bool)]; 6] = [
        &[("A", "B", true), ("C", "P01", true)],
        &[("A", "C", true), ("B", "P02", true)],
        &[("B", "C", true), ("A", "P03", true)],
        &[("A", "P04", false), ("B", "P05", true), ("C", "P06", true)],
        &[("A", "P07", false), ("B", "P08", false), ("C", "P09", true)],
        &[("A", "P10", false), ("B", "P11", false), ("C", "P12", false)],
    ];
    let mut res = String::from("ronde,joueur_1,joueur_2,score_1,score_2\n");
    for (r, matchs) in abc.iter().enumerate() {
        let ronde = r + 1;
        let mut occupes: Vec<String> = Vec::new();
        for &(x, y, gagne) in matchs.iter() {
            // C gagne largement (écart plafonné à 100) : meilleur Pdep que A et B.
            let (sx, sy) = if gagne { (if x == "C" { 600 } else { 420 }, 400) } else { (400, 410) };
            res.push_str(&format!("{ronde},{x},{y},{sx},{sy}\n"));
            occupes.extend([x.to_string(), y.to_string()]);
        }
        // Les autres entre eux. Ronde 1 : un match décisif chacun, gagné par ceux qui battront
        // A, B ou C plus tard, perdu par ceux qui perdront contre eux ; ensuite des nuls. Les
        // totaux (10, 11, 13, 14) évitent 12 : seuls A, B et C ont 12 PM.
        if ronde == 1 {
            let mut paires: Vec<(String, String)> =
                [("P04", "P02"), ("P07", "P03"), ("P08", "P05"), ("P10", "P06"), ("P11", "P09"), ("P12", "P13")]
                    .iter()
                    .map(|(x, y)| (x.to_string(), y.to_string()))
                    .collect();
            let reste: Vec<String> = (14..=31).map(|i| format!("P{i:02}")).collect();
            paires.extend(reste.chunks(2).map(|c| (c[0].clone(), c[1].clone())));
            for (x, y) in paires {
                res.push_str(&format!("1,{x},{y},380,370\n"));
            }
        } else {
            let autres: Vec<String> = (1..=31).map(|i| format!("P{i:02}")).filter(|p| !occupes.contains(p)).collect();
            for paire in autres.chunks(2) {
                res.push_str(&format!("{ronde},{},{},370,370\n", paire[0], paire[1]));
            }
        }
    }
    let t = tournoi(&joueurs, &res);
    let cl = classement(&t, |_| true);
    let nom = |i: usize| t.inscrits().joueurs()[i].nom.clone();
    let douze: Vec<(String, Option<u32>, i64)> = cl.iter().filter(|l| l.pm == 12).map(|l| (nom(l.joueur), l.ppm, l.pdep)).collect();
    assert_eq!(douze.iter().map(|d| (d.0.as_str(), d.1)).collect::<Vec<_>>(), [("A", Some(6)), ("B", Some(4)), ("C", Some(2))]);
    assert!(douze[2].2 > douze[0].2 && douze[2].2 > douze[1].2, "C a le meilleur Pdep : {douze:?}");
    // Au classement final aussi, PPM avant Pdep, rangs distincts.
    let fin = classement_final(&t);
    let rangs: Vec<(String, usize)> = fin.iter().filter(|(_, l)| l.pm == 12).map(|(r, l)| (nom(l.joueur), *r)).collect();
    assert_eq!(rangs[0].0, "A");
    assert_eq!(rangs[1].1, rangs[0].1 + 1);
    assert_eq!(rangs[2].1, rangs[0].1 + 2);
}

/// § 4.2 : A bat B 451 à 407 (+44/−44), C bat D 512 à 325 (+100/−100), E gagne par forfait
/// (+10) ; et § 3 : 3 PM au vainqueur, 2 au nul, 1 au perdant, 0 au forfait.
#[test]
fn pdep_exemples_du_document() {
    let m = |s1, s2| Match { ronde: 1, ligne: 2, joueurs: [Participant::Joueur(0), Participant::Joueur(1)], scores: [s1, s2] };
    let b = m(Score::Points(451), Score::Points(407)).bilans().unwrap();
    assert_eq!((b[0].pm, b[0].pdep, b[1].pm, b[1].pdep), (3, 44, 1, -44));
    let b = m(Score::Points(512), Score::Points(325)).bilans().unwrap();
    assert_eq!((b[0].pdep, b[1].pdep), (100, -100));
    let b = m(Score::Vide, Score::Forfait).bilans().unwrap();
    assert_eq!((b[0].pm, b[0].pdep, b[1].pm), (3, 10, 0));

    // Les mêmes, lus dans un resultats.csv d'une première ronde à huit.
    let t = tournoi(
        "nom,cote\nA,8\nB,7\nC,6\nD,5\nE,4\nF,3\nG,2\nH,1\n",
        "ronde,joueur_1,joueur_2,score_1,score_2\n1,A,B,451,407\n1,D,C,325,512\n1,E,F,,forfait\n1,G,H,399,399\n",
    );
    let cl = classement_final(&t);
    let vu: Vec<(String, u32, i64)> = cl.iter().map(|(_, l)| (t.inscrits().joueurs()[l.joueur].nom.clone(), l.pm, l.pdep)).collect();
    let de = |n: &str| vu.iter().find(|v| v.0 == n).map(|v| (v.1, v.2)).unwrap();
    assert_eq!(de("A"), (3, 44));
    assert_eq!(de("B"), (1, -44));
    assert_eq!(de("C"), (3, 100));
    assert_eq!(de("D"), (1, -100));
    assert_eq!(de("E"), (3, 10));
    assert_eq!(de("F"), (0, -10));
    assert_eq!(de("G"), (2, 0));
    assert_eq!(de("H"), (2, 0));
    // G et H se sont rencontrés, même PM : PPM 2 chacun, mêmes Pdep : ex æquo.
    let rang = |n: &str| cl.iter().find(|(_, l)| t.inscrits().joueurs()[l.joueur].nom == n).unwrap().0;
    assert_eq!(rang("G"), rang("H"));
    assert_eq!((rang("C"), rang("A"), rang("E")), (1, 2, 3));
}

/// § 7 : l'exemple à douze joueurs, avant et après permutations ; si K–L avait déjà eu lieu,
/// il se reproduirait.
#[test]
fn permutations_exemple_a_douze_joueurs() {
    let lettres = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L'];
    let pm: Vec<Option<u32>> = [15, 15, 15, 13, 13, 13, 11, 11, 11, 11, 9, 9].into_iter().map(Some).collect();
    let pos = |c: char| lettres.iter().position(|&l| l == c).unwrap();
    let joues = |liste: &[(char, char)]| {
        let v: Vec<(usize, usize)> = liste.iter().map(|&(a, b)| (pos(a), pos(b))).collect();
        move |a: usize, b: usize| v.contains(&(a, b)) || v.contains(&(b, a))
    };
    let deja = [('A', 'B'), ('A', 'C'), ('A', 'D'), ('B', 'C'), ('G', 'J')];
    let en_lettres = |d: Vec<arbitre_classique::appariement::permutations::Designation>| -> Vec<(char, char)> {
        d.iter().map(|d| (lettres[d.a], lettres[d.b])).collect()
    };
    let avant = en_lettres(par_groupes(&pm, joues(&deja), false));
    assert_eq!(avant, [('A', 'D'), ('B', 'C'), ('E', 'F'), ('G', 'J'), ('H', 'I'), ('K', 'L')]);
    let d = par_groupes(&pm, joues(&deja), true);
    assert!(d.iter().all(|d| !d.rematch));
    assert_eq!(en_lettres(d), [('A', 'E'), ('B', 'D'), ('C', 'F'), ('G', 'I'), ('H', 'J'), ('K', 'L')]);

    let mut avec_kl = deja.to_vec();
    avec_kl.push(('K', 'L'));
    let d = par_groupes(&pm, joues(&avec_kl), true);
    let dernier = d.last().unwrap();
    assert_eq!((lettres[dernier.a], lettres[dernier.b], dernier.rematch), ('K', 'L', true));
    assert_eq!(d.iter().filter(|d| d.rematch).count(), 1);

    // Option --sans-rematch (hors document) : seuls les matchs du bas changent.
    let d = par_groupes_avec(&pm, &joues(&avec_kl), true, Evitement::SansRematch);
    assert!(d.iter().all(|d| !d.rematch));
    assert_eq!(en_lettres(d), [('A', 'E'), ('B', 'D'), ('C', 'F'), ('G', 'I'), ('H', 'K'), ('J', 'L')]);
    // Sans rencontre à répéter, l'option ne change rien.
    assert_eq!(en_lettres(par_groupes_avec(&pm, &joues(&deja), true, Evitement::SansRematch)), [('A', 'E'), ('B', 'D'), ('C', 'F'), ('G', 'I'), ('H', 'J'), ('K', 'L')]);
}

/// § 6.2.1 : les deux premiers matchs à huit joueurs sont fixés (quels que soient les
/// résultats), le troisième est apparié par groupes de PM.
#[test]
fn huit_joueurs_deux_matchs_fixes() {
    let joueurs = joueurs_numerotes(8);
    let t = tournoi(&joueurs, "ronde,joueur_1,joueur_2,score_1,score_2\n");
    let r1 = prochaine_ronde(&t).unwrap();
    assert_eq!(r1.regle, Regle::HuitJoueurs);
    assert_eq!(noms(&t, &r1), paires(&[("P01", "P08"), ("P05", "P06"), ("P02", "P07"), ("P03", "P04")]));
    // Les moins bien classés gagnent tous : le deuxième match ne change pas.
    let res = "ronde,joueur_1,joueur_2,score_1,score_2\n1,P01,P08,300,400\n1,P05,P06,300,400\n1,P02,P07,300,400\n1,P03,P04,300,400\n";
    let t = tournoi(&joueurs, res);
    let r2 = prochaine_ronde(&t).unwrap();
    assert_eq!(r2.numero, 2);
    assert_eq!(noms(&t, &r2), paires(&[("P01", "P06"), ("P05", "P08"), ("P02", "P04"), ("P03", "P07")]));
    let res2 = format!("{res}2,P01,P06,400,300\n2,P05,P08,400,300\n2,P02,P04,300,400\n2,P03,P07,300,400\n");
    let t = tournoi(&joueurs, &res2);
    let r3 = prochaine_ronde(&t).unwrap();
    assert_eq!(r3.regle, Regle::GroupesDePoints);
    // Après deux rondes : 6 PM pour P04, P07 ; 4 PM (Pdep 0) pour P01, P05, P06, P08 ; 2 PM
    // pour P02, P03. Groupe de 6 PM pair : P04–P07. Groupe de 4 PM : P01–P08 déjà joué, on
    // remonte : P06 déjà joué, P05 libre (§ 7) ; puis P06–P08 ; enfin P02–P03.
    let tables = noms(&t, &r3);
    assert_eq!(tables[0], ("P04".to_string(), "P07".to_string()));
    assert_eq!(tables[1], ("P01".to_string(), "P05".to_string()));
    assert_eq!(tables[2], ("P06".to_string(), "P08".to_string()));
    assert_eq!(tables[3], ("P02".to_string(), "P03".to_string()));
}

/// § 6.1.1 : P = 2 M, M = (nombre de joueurs / 3) arrondi ; groupe A replié (premier contre
/// dernier), groupe B par paires, X (nombre impair) en dernier du groupe B.
#[test]
fn premier_match_groupes_a_et_b() {
    // 17 inscrits + X = 18 : M = 6, P = 12.
    assert_eq!(fin_du_groupe_a(18), 12);
    // 32 : M = round(10,67) = 11, P = 22.
    assert_eq!(fin_du_groupe_a(32), 22);
    // 33 + X = 34 : M = round(11,33) = 11, P = 22.
    assert_eq!(fin_du_groupe_a(34), 22);
    // Choix d'arbitre, X compté : 19 inscrits + X = 20, M = round(6,67) = 7, P = 14
    // (sans X : round(6,33) = 6, P = 12).
    assert_eq!(fin_du_groupe_a(20), 14);

    for (n, p) in [(17usize, 12usize), (32, 22), (33, 22)] {
        let t = tournoi(&joueurs_numerotes(n), "ronde,joueur_1,joueur_2,score_1,score_2\n");
        let r = prochaine_ronde(&t).unwrap();
        assert_eq!(r.regle, Regle::GroupesAB);
        let nom = |i: usize| if i > n { "X".to_string() } else { format!("P{i:02}") };
        let mut attendu: Vec<(String, String)> = (1..=p / 2).map(|i| (nom(i), nom(p + 1 - i))).collect();
        let total = n + n % 2;
        attendu.extend((p + 1..total).step_by(2).map(|i| (nom(i), nom(i + 1))));
        assert_eq!(noms(&t, &r), attendu, "{n} joueurs");
        assert_eq!(r.tables.len(), total / 2);
    }
    assert_eq!(groupes_a_b(18)[5], (6, 7));
    assert_eq!(groupes_a_b(18)[8], (17, 18));
}

/// § 6.1.2 : deuxième match. Nombre pair de joueurs à 3 PM : le premier contre le dernier ;
/// impair : le premier des 3 PM contre le premier des 2 PM (ou des 1 PM s'il n'y a pas de 2 PM).
#[test]
fn deuxieme_match_groupes_pairs_et_impairs() {
    // Trois joueurs à 3 PM (a, b, c), pas de 2 PM, trois à 1 PM (d, e, f).
    let pm: Vec<Option<u32>> = [3, 3, 3, 1, 1, 1].into_iter().map(Some).collect();
    let d = par_groupes(&pm, |_, _| false, true);
    let v: Vec<(usize, usize)> = d.iter().map(|d| (d.a, d.b)).collect();
    assert_eq!(v, [(0, 3), (1, 2), (4, 5)]);
    // 3 PM pair (4 joueurs), 2 PM impair (3), 1 PM impair (3) : 1–4, 2–3 ; le premier des
    // 2 PM rencontre le premier des 1 PM ; les deux autres 2 PM ensemble ; les deux 1 PM restants.
    let pm: Vec<Option<u32>> = [3, 3, 3, 3, 2, 2, 2, 1, 1, 1].into_iter().map(Some).collect();
    let v: Vec<(usize, usize)> = par_groupes(&pm, |_, _| false, true).iter().map(|d| (d.a, d.b)).collect();
    assert_eq!(v, [(0, 3), (1, 2), (4, 7), (5, 6), (8, 9)]);
}
