//! Guide pratique d'arbitrage 2020, 5.6 « Plusieurs solutions sur le bulletin » (règlement
//! 5.4.2.b : « si le bulletin comporte au moins deux solutions non rayées et
//! indépendantes, le score minimum est appliqué (en incluant la nullité) ») et 5.7.4
//! (plusieurs interprétations : la plus profitable au joueur, sauf raccordement
//! fallacieux).

use arbitre_engine::arbitrage::{Motif, Verdict};
use crate::commun::*;

/// Un mot vertical, avec `raccord` écrit à gauche de sa lettre d'indice `a_cote`.
fn bloc(mot: &str, raccord: &str, a_cote: usize) -> String {
    let marge = ".".repeat(raccord.len());
    mot.chars().enumerate().map(|(i, c)| format!("|{}{c}\n", if i == a_cote { raccord } else { &marge })).collect()
}

/// ENTOILER en E4, RESALER en L5 ; tirage ABEILMN : MINABLE en 12B (81, ENTOILERA) ou en
/// 12I (88, RESALERA).
fn minable(mots: &[&str]) -> Situation {
    let s = Situation::new(grille_mots(&[("E4", "ENTOILER"), ("L5", "RESALER")]), "ABEILMN", mots);
    assert_eq!(s.score("MINABLE", "12B"), 81);
    assert_eq!(s.score("MINABLE", "12I"), 88);
    s
}

/// Guide 6.1 : « Avertissement : les 2 raccords sont possibles ; le joueur laisse à
/// l'arbitre le soin de compter, il reçoit le score minimal de 79 points » (MINABLE écrit
/// deux fois, raccordé sur ENTOILER et sur RESALER, sans score).
#[test]
fn guide_5_6_ex1_deux_raccords_sans_score_minimum() {
    let s = minable(&["MINABLE", "ENTOILERA", "RESALERA"]);
    let d = s.corriger(&format!("{}|\n{}", bloc("MINABLE", "OILER", 3), bloc("MINABLE", "SALER", 3)));
    assert_eq!((d.verdict, d.score), (Verdict::Avertissement, 81), "{d:?}");
}

/// ENTOILE en H3 ; tirage AHINORS : HARNOIS 10F (78) et NOIRS 10E (15) forment tous deux
/// ENTOILER.
fn harnois() -> Situation {
    let s = Situation::new(
        grille_mots(&[("H3", "ENTOILE")]),
        "AHINORS",
        &["HARNOIS", "NOIRS", "NOIRE", "ENTOILER", "ENTOILES", "RENTOILE"],
    );
    assert_eq!(s.score("HARNOIS", "10F"), 78);
    assert_eq!(s.score("NOIRS", "10E"), 15);
    s
}

/// Guide 6.2 : « Avertissement : 2 mots différents non rayés et tous deux jouables figurent
/// sur le bulletin ; le joueur reçoit le score minimal de 18 points correspondant au mot
/// RANALE. »
#[test]
fn guide_5_6_ex2_deux_mots_jouables_minimum() {
    let d = harnois().corriger(&format!("{}|\n{}", bloc("HARNOIS", "ILE", 2), bloc("NOIRS", "ILE", 3)));
    assert_eq!((d.verdict, d.score), (Verdict::Avertissement, 15), "{d:?}");
}

/// Guide 6.3 : « Zéro : 2 mots différents non rayés figurent sur le bulletin ; le joueur
/// reçoit le score minimal de 0 point, correspondant au mot CANARD qui ne peut être joué
/// (tirage sans « D »). » (NOIRE : pas de E dans le tirage)
#[test]
fn guide_5_6_ex3_deux_mots_dont_un_injouable_zero() {
    let d = harnois().corriger(&format!("score: 78\n{}|\n{}", bloc("HARNOIS", "ILE", 2), bloc("NOIRE", "ILE", 3)));
    zero(&d, &[]);
}

/// Guide 6.4 : « Avertissement : la localisation par lettres de raccord est correcte pour
/// une solution à 79 points ; celle en alphanumérique correspond à une solution jouable
/// pour 25 points ; c'est celle rapportant le plus de points au joueur sur ce coup qui est
/// retenue. » (sans score, comme au guide : le raccord ILE désigne HARNOIS en 10F, 78 ; la
/// référence 7 C, HARNOIS à travers le T, 16)
#[test]
fn guide_5_6_ex4_deux_modes_deux_solutions_la_plus_payee() {
    let s = harnois();
    assert!(s.est_solution("HARNOIS", "7C"));
    let d = s.corriger(&format!("ref: 7 C\n{}", bloc("HARNOIS", "ILE", 2)));
    assert_eq!((d.verdict, d.score), (Verdict::Avertissement, 78), "{d:?}");
    solution(&d, "HARNOIS", "10F", 78);
}

/// Règlement 5.4 : « Si une ou plusieurs solutions (ou lettres) portées sur le bulletin de
/// jeu sont rayées, elles sont considérées comme inexistantes » : le second mot barré, le
/// bulletin est payé comme s'il n'y était pas.
#[test]
fn guide_5_6_solution_rayee_inexistante() {
    let barre: String = bloc("NOIRE", "ILE", 3)
        .lines()
        .map(|l| {
            let cases: String = l[1..].chars().map(|c| if c == '.' { ".".to_string() } else { format!("~{c}") }).collect();
            format!("|{cases}\n")
        })
        .collect();
    let d = harnois().corriger(&format!("score: 78\n{}|\n{barre}", bloc("HARNOIS", "ILE", 2)));
    valide(&d, 78);
}

/// Guide 7.4.6 (KAWA) : « localisation par lettres de raccord correspondant à plusieurs
/// places possibles pour le mot : si le score indiqué correspond à une place correcte, il
/// est appliqué ; sinon le score minimum est appliqué (en excluant la nullité, sauf si
/// l'une des places possibles forme un raccordement fallacieux) » — « Ici KAWA en 15 L
/// forme un raccordement fallacieux ! » Ici le raccord LER désigne aussi 12I, où MINABLE
/// formerait RESALERA (non admis dans cette situation, mais plausible), et le score 88
/// est celui de cette place.
#[test]
fn guide_5_7_4_ex6_raccord_ambigu_dont_une_place_fallacieuse() {
    let s = minable(&["MINABLE", "ENTOILERA"]);
    assert!(!s.est_solution("MINABLE", "12I"));
    let d = s.corriger(&format!("score: 88\n{}", bloc("MINABLE", "LER", 3)));
    zero(&d, &[Motif::RaccordementFallacieux]);
}
