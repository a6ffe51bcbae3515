//! Décompte des points (règlement 1.2) : primes de lettre et de mot, mots formés en
//! raccord qui partagent une prime, jokers, prime de Scrabble et formules originales.

use crate::commun::grille_mots;
use arbitre_engine::evaluation::evaluer;
use arbitre_engine::tuiles::mot_depuis_texte;
use arbitre_engine::{Formule, Grille};

fn score(g: &Grille, mot: &str, r: &str) -> u32 {
    score_f(g, mot, r, &Formule::STANDARD)
}

fn score_f(g: &Grille, mot: &str, r: &str, f: &Formule) -> u32 {
    evaluer(g, f, &mot_depuis_texte(mot).unwrap(), r.parse().unwrap()).unwrap().score
}

#[test]
fn premier_coup_lettre_double_mot_double_joker_et_scrabble() {
    // 2_ai.partie, coup 1 : F sur H4 (lettre double), H8 mot double, c joker, 7 lettres.
    // (4×2 + 1 + 3 + 1 + 0 + 1 + 1) × 2 + 50 = 80
    assert_eq!(score(&Grille::vide(), "FABAcEE", "H4"), 80);
    assert_eq!(score(&Grille::vide(), "FABACEE", "H4"), 86, "le C vaut 3 sans joker");
}

#[test]
fn mot_compte_double_deux_fois_quadruple() {
    // MAISONS en E5 recouvre E5 et E11 (roses) : 8 × 4 = 32 ; SE vertical en 8E : 2 ; +50.
    let g = grille_mots(&[("F8", "E")]);
    assert_eq!(score(&g, "MAISONS", "E5"), 32 + 2 + 50);
}

#[test]
fn mot_compte_triple_deux_fois_nonuple() {
    // ENTRAINS de A1 à A8 (A1, A8 rouges ; R sur A4 lettre double), A5 déjà posé.
    let g = grille_mots(&[("A5", "A")]);
    assert_eq!(score(&g, "ENTRAINS", "A1"), 9 * 9 + 50);
}

#[test]
fn trois_cases_rouges_vingt_sept_fois() {
    // REINCORPORATION sur toute la ligne A : A1, A8, A15 ; N en A4 et T en A12 doublés :
    // lettres 19 + 2 = 21, × 27, + 50.
    let g = grille_mots(&[("A5", "C"), ("A6", "O"), ("A7", "R"), ("A9", "O"), ("A10", "R"), ("A11", "A"), ("A13", "I"), ("A14", "O")]);
    assert_eq!(score(&g, "REINCORPORATION", "A1"), 21 * 27 + 50);
}

#[test]
fn lettre_commune_sur_lettre_triple_compte_dans_les_deux_mots() {
    // 1.2.2 : S posé en F6 (lettre triple) forme SI (horizontal) et AS (vertical, A en E6).
    let g = grille_mots(&[("E5", "L"), ("E6", "A")]);
    assert_eq!(score(&g, "SI", "F6"), (3 + 1) + (1 + 3));
}

#[test]
fn lettre_commune_sur_mot_double_double_les_deux_mots() {
    // A posé en E5 (rose) forme AS et HA (H en D5) : (1+1)×2 + (4+1)×2.
    let g = grille_mots(&[("D4", "O"), ("D5", "H")]);
    assert_eq!(score(&g, "AS", "E5"), 4 + 10);
}

#[test]
fn case_deja_recouverte_sans_prime() {
    // 1.2.1 : une case de couleur recouverte perd son effet. Z déjà en H8 (mot double).
    let g = grille_mots(&[("H8", "Z")]);
    assert_eq!(score(&g, "ZOO", "H8"), 12, "pas de mot double : H8 est déjà recouverte");
    assert_eq!(score(&g, "OZ", "H7"), 11);
}

#[test]
fn joker_vaut_zero_meme_sur_une_prime() {
    // Joker en F6 (lettre triple) : 0 ; il compte 0 dans le mot formé en raccord aussi.
    let g = grille_mots(&[("E5", "L"), ("E6", "A")]);
    assert_eq!(score(&g, "sI", "F6"), 1 + 1);
    // Un joker déjà sur la grille compte 0 dans le nouveau mot.
    let g = grille_mots(&[("H8", "z")]);
    assert_eq!(score(&g, "ZOO", "H8"), 2);
}

#[test]
fn prime_de_scrabble_selon_la_formule() {
    // 3.8.2 : 7 lettres 50, 8 lettres 75, 9 lettres 100.
    // MAISON en H8 : O sur H12 (lettre double) ; 6 lettres, pas de prime.
    assert_eq!(score_f(&Grille::vide(), "MAISON", "H8", &Formule::STANDARD), (7 + 1) * 2);
    assert_eq!(score_f(&Grille::vide(), "MAISONS", "H8", &Formule::STANDARD), (8 + 1) * 2 + 50);
    // MAISONNEE en H4 : M sur H4 et E sur H12 doublés.
    assert_eq!(score_f(&Grille::vide(), "MAISONNEE", "H4", &Formule::SEPT_HUIT_NEUF), (10 + 2 + 1) * 2 + 100);
    assert_eq!(score_f(&Grille::vide(), "ENTRAINS", "H4", &Formule::SEPT_ET_HUIT), (8 + 1) * 2 + 75);
    for f in [Formule::STANDARD, Formule::SEPT_SUR_HUIT] {
        let illegal = evaluer(&Grille::vide(), &f, &mot_depuis_texte("ENTRAINS").unwrap(), "H4".parse().unwrap());
        assert!(illegal.is_err(), "8 lettres posées, 7 au plus : {illegal:?}");
    }
}
