//! Guide pratique d'arbitrage 2020, 5.2 « Le premier coup » (règlement 5.4.2.a) : le
//! score maximum pour le mot joué est attribué, quelle que soit la référence ;
//! avertissement si le score est absent ou différent de ce maximum.

use arbitre_engine::arbitrage::{Motif, Verdict};
use arbitre_engine::Grille;
use crate::commun::*;

/// Tirage EEEIRTZ au premier coup : ETIREZ vaut 50 au mieux (H7, le Z sur la case
/// centrale… et le mot compte double), 32 en H3 ou H4 — les chiffres du guide.
fn etirez() -> Situation {
    let s = Situation::new(Grille::vide(), "EEEIRTZ", &["ETIREZ"]);
    assert_eq!(s.score("ETIREZ", "H7"), 50);
    assert_eq!(s.score("ETIREZ", "H3"), 32);
    s
}

/// Guide 2.1 : « Avertissement car le score indiqué est différent du score maximum. C'est
/// ce score maximum qui est attribué. » (32 écrit, 50 payé)
#[test]
fn guide_5_2_ex1_score_different_du_maximum() {
    let d = etirez().corriger("score: 32\n|ETIREZ\n");
    verifier(&d, Verdict::Avertissement, 50, &[Motif::Score]);
    assert_eq!(d.score_revendique, Some(32));
}

/// Guide 2.2 : « Avertissement pour score absent. La référence alphanumérique n'est pas
/// considérée, le score maximum est attribué. » (H 3 écrit, pas de score)
#[test]
fn guide_5_2_ex2_score_absent_reference_ignoree() {
    let d = etirez().corriger("ref: H 3\n|ETIREZ\n");
    verifier(&d, Verdict::Avertissement, 50, &[Motif::Score]);
}

/// Règlement 5.4.2.a : « le score maximum pour le mot joué est attribué, cela quelle que
/// soit la référence alphanumérique éventuelle » — score juste, référence fausse : valide.
#[test]
fn guide_5_2_score_maximum_reference_fausse_valide() {
    let d = etirez().corriger("ref: 8 H\nscore: 50\n|ETIREZ\n");
    valide(&d, 50);
}

/// Règlement 5.4.1.a au premier coup : un mot non admis n'est pas une solution acceptable.
#[test]
fn guide_5_2_mot_non_admis_zero() {
    let d = etirez().corriger("score: 50\n|ZETIRE\n");
    zero(&d, &[]);
}
