//! Guide pratique d'arbitrage 2020, 5.4 « Le prolongement d'un mot » : un mot de moins de
//! 7 lettres prolongé doit être écrit en entier (sinon avertissement avec au moins deux
//! lettres de raccord du mot prolongé, dont une attenante à chaque prolongement, zéro
//! sinon) ; un mot de 7 lettres ou plus peut être abrégé avec six lettres de raccord (trois
//! attenantes à chaque prolongement). La référence alphanumérique est ignorée (règlement
//! 5.3 in fine : « en cas de prolongement d'un mot d'au moins trois lettres déjà sur la
//! grille, la référence alphanumérique est ignorée »).

use arbitre_engine::arbitrage::{Motif, Verdict};
use crate::commun::*;

/// MINER (5 lettres) en H7 ; tirage CEHIORV : CHEMINER en H4 (17) le prolonge par l'avant.
fn chemin() -> Situation {
    let s = Situation::new(grille_mots(&[("H7", "MINER")]), "CEHIORV", &["CHEMINER"]);
    assert_eq!(s.score("CHEMINER", "H4"), 17);
    s
}

#[track_caller]
fn avertissement_raccord(d: &arbitre_engine::arbitrage::Decision, score: u32) {
    assert_eq!((d.verdict, d.score), (Verdict::Avertissement, score), "{d:?}");
    assert!(
        d.motifs.iter().any(|m| matches!(m, Motif::LettresRaccord | Motif::MotIncomplet)),
        "avertissement pour lettres de raccord / mot prolongé non écrit en entier : {d:?}"
    );
}

/// Guide 4.1 : « Avertissement : prolongement d'un mot de 5 lettres, qui aurait dû être
/// écrit en entier, mais 3 lettres de raccord faisant partie du mot prolongé sont
/// présentes. »
#[test]
fn guide_5_4_ex1_mot_court_abrege_trois_lettres() {
    avertissement_raccord(&chemin().corriger("score: 17\n|CHEMIN\n"), 17);
}

/// Guide 4.2 : « Avertissement : … mais 2 lettres de raccord faisant partie du mot
/// prolongé sont présentes. »
#[test]
fn guide_5_4_ex2_mot_court_abrege_deux_lettres() {
    avertissement_raccord(&chemin().corriger("score: 17\n|CHEMI\n"), 17);
}

/// Guide 4.3 : « Zéro : une seule lettre de raccord faisant partie du mot prolongé. » (le
/// N écrit en dessous, hors de sa place)
#[test]
fn guide_5_4_ex3_une_seule_lettre_du_mot_prolonge() {
    let d = chemin().corriger("score: 17\n|CHEM\n|....N\n");
    zero(&d, &[]);
}

/// Guide 4.4 : « Zéro : le mot n'est pas écrit en entier et il n'y a aucune lettre de
/// raccord. L'indication alphanumérique n'est pas prise en compte en cas de
/// prolongement » (H 4 est pourtant la place du préfixe).
#[test]
fn guide_5_4_ex4_prefixe_seul_avec_reference() {
    let d = chemin().corriger("ref: H 4\nscore: 17\n|CHE\n");
    zero(&d, &[]);
}

/// Guide 4.5 : « Bulletin valide : le mot est écrit en entier, l'indication
/// alphanumérique n'est pas prise en compte. » (référence fausse)
#[test]
fn guide_5_4_ex5_mot_entier_reference_ignoree() {
    let d = chemin().corriger("ref: H 5\nscore: 17\n|CHEMINER\n");
    valide(&d, 17);
    solution(&d, "CHEMINER", "H4", 17);
}

/// Guide 4.6 : « Avertissement : il y a 4 lettres de raccord correctes, le dernier E est
/// considéré comme lettre parasite (point 5.2.2 du règlement 2020). » (CHEMINEE pour
/// CHEMINER : erreur de recopie tolérée depuis 2020)
#[test]
fn guide_5_4_ex6_erreur_de_recopie_lettre_parasite() {
    avertissement_raccord(&chemin().corriger("score: 17\n|CHEMINEE\n"), 17);
}

/// MINER en H7 ; tirage CEHINOS : CHEMINERONS en H4 (21) le prolonge des deux côtés.
fn cheminerons() -> Situation {
    let s = Situation::new(grille_mots(&[("H7", "MINER")]), "CEHINOS", &["CHEMINER", "CHEMINERONS"]);
    assert_eq!(s.score("CHEMINERONS", "H4"), 21);
    s
}

/// Guide 4.7 : « Bulletin valide. »
#[test]
fn guide_5_4_ex7_prolongement_des_deux_cotes_ecrit_en_entier() {
    valide(&cheminerons().corriger("score: 21\n|CHEMINERONS\n"), 21);
}

/// Guide 4.8 : « Zéro : 3 lettres de raccord (MIN) d'un côté, mais aucune lettre
/// attenante à l'autre prolongement. »
#[test]
fn guide_5_4_ex8_aucune_lettre_attenante_a_un_prolongement() {
    let d = cheminerons().corriger("score: 21\n|CHEMIN..ONS\n");
    zero(&d, &[]);
}

/// Guide 4.9 : « Avertissement : 2 lettres de raccord seulement faisant partie du mot
/// prolongé, dont une attenante à chaque prolongement (le M et le R). Le N n'est pas une
/// lettre de raccord, il est isolé et n'appartient à aucune chaîne de lettres de
/// raccord. »
#[test]
fn guide_5_4_ex9_une_lettre_attenante_a_chaque_prolongement() {
    avertissement_raccord(&cheminerons().corriger("score: 21\n|CHEM.N.RONS\n"), 21);
}

/// ENTOILER (8 lettres) en 8D ; tirage AADGIOR : ENTOILERAI en 8D (11) le prolonge par
/// la fin.
fn entoilerai() -> Situation {
    let s = Situation::new(grille_mots(&[("8D", "ENTOILER")]), "AADGIOR", &["ENTOILERAI"]);
    assert_eq!(s.score("ENTOILERAI", "8D"), 11);
    s
}

fn vertical(mot: &str) -> String {
    mot.chars().map(|c| format!("|{c}\n")).collect()
}

/// Guide 4.10 : « Bulletin valide : le mot prolongé comporte 7 lettres, 3 lettres de
/// raccord attenantes à chaque prolongement suffisent. » (ici le mot entier)
#[test]
fn guide_5_4_ex10_mot_long_ecrit_en_entier() {
    valide(&entoilerai().corriger(&format!("score: 11\n{}", vertical("ENTOILERAI"))), 11);
}

/// Guide 5.4 : « le bulletin doit comporter au moins six lettres de raccord faisant partie
/// du mot prolongé » — TOILER + AI : valide.
#[test]
fn guide_5_4_mot_long_abrege_six_lettres_de_raccord() {
    valide(&entoilerai().corriger(&format!("score: 11\n{}", vertical("TOILERAI"))), 11);
}

/// Guide 4.11 : « Avertissement : 3 lettres de raccord alors qu'il en faudrait 6 + score
/// absent. » (un seul avertissement, 5.8 : les avertissements ne se cumulent pas)
#[test]
fn guide_5_4_ex11_mot_long_trois_lettres_score_absent() {
    let d = entoilerai().corriger(&vertical("LERAI"));
    assert_eq!((d.verdict, d.score), (Verdict::Avertissement, 11), "{d:?}");
    assert!(!d.motifs.is_empty());
}

/// Guide 4.12 : « Zéro : 5 lettres de raccord dont 3 au début du mot prolongé, mais
/// aucune à la fin. »
#[test]
fn guide_5_4_ex12_aucune_lettre_attenante_au_prolongement() {
    let d = entoilerai().corriger(&format!("score: 11\n{}", vertical("ENTOI...AI")));
    zero(&d, &[]);
}

/// ENTOILER en 8D ; tirage AADGIOR : RENTOILERA en 8C (11) le prolonge des deux côtés.
fn rentoilera() -> Situation {
    let s = Situation::new(grille_mots(&[("8D", "ENTOILER")]), "AADGIOR", &["ENTOILERAI", "RENTOILERA"]);
    assert_eq!(s.score("RENTOILERA", "8C"), 11);
    s
}

/// Guide 5.4 : mot de 7 lettres ou plus prolongé des deux côtés : « au moins six lettres
/// de raccord faisant partie du mot prolongé (dont au moins trois attenantes à chaque
/// prolongement) » — ENT et LER : valide.
#[test]
fn guide_5_4_mot_long_prolonge_des_deux_cotes_six_lettres() {
    valide(&rentoilera().corriger(&format!("score: 11\n{}", vertical("RENT..LERA"))), 11);
}

/// Guide 5.4 : « Si ce n'est pas le cas, le bulletin est sanctionné […] d'un avertissement
/// lorsqu'au moins deux lettres de raccord faisant partie du mot prolongé figurent sur le
/// bulletin (dont au moins une attenante à chaque prolongement) » — EN et ER : quatre.
#[test]
fn guide_5_4_mot_long_prolonge_des_deux_cotes_quatre_lettres() {
    avertissement_raccord(&rentoilera().corriger(&format!("score: 11\n{}", vertical("REN....ERA"))), 11);
}
