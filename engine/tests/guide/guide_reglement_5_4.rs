//! Règlement 2023, 5.4 « Traitement d'un bulletin » et les listes de manquements qui s'y
//! rattachent (5.5 avertissements, 5.6 pénalité, 5.7 nullité) : les cas que les exemples
//! du guide ne couvrent pas déjà.

use arbitre_engine::arbitrage::{Edition, Motif, Verdict};
use crate::commun::*;

/// ENTOILE en H3 ; tirage AHINORS : HARNOIS 10F (78) ; TRI en 5H (3 points, le T
/// d'ENTOILE).
fn harnois() -> Situation {
    let s = Situation::new(
        grille_mots(&[("H3", "ENTOILE")]),
        "AHINORS",
        &["HARNOIS", "TRI", "ENTOILER", "ENTOILES", "RENTOILE"],
    );
    assert_eq!(s.score("TRI", "5H"), 3);
    s
}

/// 5.7 : « Absence de remise de bulletin de jeu » → nullité.
#[test]
fn reglement_5_7_bulletin_absent() {
    let d = harnois().corriger("absent\n");
    zero(&d, &[Motif::Absent]);
    assert_eq!(d.score_revendique, None);
}

/// 5.7 et 5.4.1.a : « Remise d'un unique bulletin de jeu vierge » → nullité.
#[test]
fn reglement_5_4_1a_bulletin_vierge() {
    let d = harnois().corriger("vierge\n");
    zero(&d, &[Motif::Vierge]);
}

/// 5.3.3 et 5.6, édition 2023 : « Si cette pénalité de 5 points doit être appliquée à une
/// solution rapportant au plus 4 points, le bulletin est sanctionné d'un zéro (pas de
/// score négatif !). » TRI sans localisation, 3 points.
#[test]
fn reglement_5_3_3_penalite_sur_quatre_points_ou_moins_2023() {
    let d = harnois().corriger_en("score: 3\n|T\n|R\n|I\n", Edition::E2023);
    assert_eq!((d.verdict, d.score), (Verdict::Zero, 0), "{d:?}");
}

/// Le même bulletin selon le guide 2020 : la pénalité s'applique, rien n'est payé (jamais
/// de score négatif).
#[test]
fn reglement_5_3_3_penalite_sur_quatre_points_ou_moins_2020() {
    let d = harnois().corriger_en("score: 3\n|T\n|R\n|I\n", Edition::E2020);
    assert_eq!(d.score, 0, "{d:?}");
    assert_ne!(d.verdict, Verdict::Valide);
}

/// OR en H7 au premier coup ; tirage AEILSST : SEL en 9H (7) forme ORS.
fn apres_or() -> Situation {
    let s = Situation::new(grille_mots(&[("H7", "OR")]), "AEILSST", &["OR", "ORS", "SEL", "SELS"]);
    assert_eq!(s.score("SEL", "9H"), 7);
    s
}

/// 4.3.2 et 5.5 : « Trois lettres de raccord au minimum […] (sauf au deuxième coup, si le
/// mot joué au premier coup ne comporte que deux lettres) » : au deuxième coup, les deux
/// lettres O et R suffisent.
#[test]
fn reglement_4_3_2_deux_lettres_apres_un_premier_mot_de_deux_lettres() {
    let d = apres_or().au_coup(2).corriger("score: 7\n|ORS\n|..E\n|..L\n");
    valide(&d, 7);
}

/// 5.5 : « À partir du deuxième coup, raccord de deux lettres seulement » → avertissement.
/// Au troisième coup (ORAGE joué en 7H au deuxième), le même raccord OR ne suffit plus.
#[test]
fn reglement_5_5_deux_lettres_de_raccord_hors_deuxieme_coup() {
    let s = Situation::new(grille_mots(&[("H7", "OR"), ("7H", "ORAGE")]), "AEILSST", &["OR", "ORS", "SEL", "SELS"]).au_coup(3);
    assert_eq!(s.score("SEL", "9H"), 7);
    let d = s.corriger("score: 7\n|ORS\n|..E\n|..L\n");
    verifier(&d, Verdict::Avertissement, 7, &[Motif::LettresRaccord]);
}

/// 5.8 : un seul avertissement par bulletin — deux manquements qui en méritent chacun un
/// (référence inversée, score faux) donnent un seul avertissement, au score exact de la
/// place (5.3.2).
#[test]
fn reglement_5_8_un_seul_avertissement() {
    let d = harnois().corriger("ref: F 10\nscore: 77\n|H\n|A\n|R\n|N\n|O\n|I\n|S\n");
    assert_eq!((d.verdict, d.score), (Verdict::Avertissement, 78), "{d:?}");
}

/// OR en H7 et ORAGE en 7H (troisième coup) ; tirage AEILSST : ORAL en H7 (4) prolonge OR.
fn oral() -> Situation {
    let s = Situation::new(grille_mots(&[("H7", "OR"), ("7H", "ORAGE")]), "AEILSST", &["OR", "ORS", "ORAL", "ORAGE", "SEL"])
        .au_coup(3);
    assert_eq!(s.score("ORAL", "H7"), 4);
    s
}

/// 5.5 : « Dans le cas du prolongement d'un mot de 2 lettres déjà sur la grille, absence
/// d'une troisième lettre de raccord et de la référence alphanumérique correcte » →
/// avertissement (4.3.2 : trois lettres de raccord « y compris en cas de prolongement d'un
/// mot de 2 lettres »).
#[test]
fn reglement_5_5_prolongement_d_un_mot_de_deux_lettres_sans_troisieme_lettre() {
    let d = oral().corriger("score: 4\n|ORAL\n");
    verifier(&d, Verdict::Avertissement, 4, &[Motif::LettresRaccord]);
}

/// Le même prolongement avec la référence correcte : valide (la référence n'est ignorée
/// que pour un mot prolongé d'au moins trois lettres, 5.3 in fine).
#[test]
fn reglement_5_5_prolongement_d_un_mot_de_deux_lettres_avec_reference() {
    valide(&oral().corriger("ref: H 7\nscore: 4\n|ORAL\n"), 4);
}

/// Le même prolongement avec une troisième lettre de raccord (le R d'ORAGE sous le O) :
/// valide.
#[test]
fn reglement_4_3_2_prolongement_d_un_mot_de_deux_lettres_trois_lettres() {
    valide(&oral().corriger("score: 4\n|ORAL\n|R\n"), 4);
}
