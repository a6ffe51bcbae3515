//! Guide pratique d'arbitrage 2020, 5.7 « Les cas particuliers » : lettre absente du
//! tirage (5.7.1), mot qui sort de la grille (5.7.2), lettre finale omise (5.7.3).

mod commun;

use arbitre_engine::arbitrage::{Motif, Verdict};
use commun::*;

/// ENTOILE en H3 ; tirage AHINORS : HARNOIS en 10F (78), 10B et 2F (78, valides).
fn harnois() -> Situation {
    let s = Situation::new(
        grille_mots(&[("H3", "ENTOILE")]),
        "AHINORS",
        &["HARNOIS", "HARNAIS", "ENTOILER", "ENTOILES", "RENTOILE"],
    )
    .avec_modele_francais();
    assert_eq!(s.score("HARNOIS", "10F"), 78);
    s
}

fn bloc(mot: &str, raccord: &str, a_cote: usize) -> String {
    let marge = ".".repeat(raccord.len());
    mot.chars().enumerate().map(|(i, c)| format!("|{}{c}\n", if i == a_cote { raccord } else { &marge })).collect()
}

/// Guide 7.1.2 : « pas de "A" en double » → zéro (HARNAIS, un seul A au tirage).
#[test]
fn guide_5_7_1_ex2_lettre_en_double_absente_du_tirage() {
    let d = harnois().corriger(&format!("score: 78\n{}", bloc("HARNAIS", "ILE", 2)));
    zero(&d, &[]);
    assert!(d.motifs.iter().any(|m| matches!(m, Motif::ErreurLettre { lettres } if lettres.contains('A'))), "{d:?}");
}

/// Guide 7.2.1 : « Pénalité de 5 points : les conditions sont respectées (le mot passe
/// dans ce sens et pour ce score en K 1), même si le mot décalé sort de la grille. »
/// (référence 10 K : le mot sortirait par le bas)
#[test]
fn guide_5_7_2_ex1_mot_decale_hors_grille_penalite() {
    let d = harnois().corriger("ref: 10 K\nscore: 78\n|H\n|A\n|R\n|N\n|O\n|I\n|S\n");
    verifier(&d, Verdict::Penalite, 73, &[Motif::LocalisationPenalite]);
}

/// Guide 7.2.2 : « Zéro : pas de pénalité possible, car il y a absence de score ; le mot
/// joué sort de la grille. »
#[test]
fn guide_5_7_2_ex2_mot_hors_grille_sans_score() {
    let d = harnois().corriger("ref: 10 K\n|H\n|A\n|R\n|N\n|O\n|I\n|S\n");
    zero(&d, &[]);
}

/// Guide 7.3.1 : « Zéro : le mot n'est pas écrit en entier, solution non acceptable bien
/// que le score existe pour BELERAIT. » (HARNOI pour HARNOIS, score de HARNOIS)
#[test]
fn guide_5_7_3_ex1_lettre_finale_omise() {
    let d = harnois().corriger(&format!("score: 78\n{}", bloc("HARNOI", "ILE", 2)));
    zero(&d, &[]);
}

/// Guide 7.3.3 : « Zéro : le mot n'est pas écrit en entier, solution non acceptable bien
/// que le score existe pour PEPITES. » (avec la référence juste)
#[test]
fn guide_5_7_3_ex3_lettre_finale_omise_reference_juste() {
    let d = harnois().corriger("ref: 10 F\nscore: 78\n|H\n|A\n|R\n|N\n|O\n|I\n");
    zero(&d, &[]);
}
