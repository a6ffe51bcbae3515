//! Guide pratique d'arbitrage 2020, 5.3 « Les tirages avec joker(s) » : au premier coup
//! (5.3.1, règlement 5.4.2.a) et aux coups suivants (5.3.2, règlement 5.3 et 5.3.2).

use arbitre_engine::arbitrage::{Motif, Verdict};
use arbitre_engine::Grille;
use crate::commun::*;

// --- 5.3.1 Au premier coup ---

/// Tirage AFLMSU? : MAFFLUS au premier coup vaut 78 au mieux (second F joker, en H2), 74
/// avec l'autre encerclement ou une autre place — les chiffres du guide.
fn mafflus() -> Situation {
    let s = Situation::new(Grille::vide(), "AFLMSU?", &["MAFFLUS"]);
    assert_eq!(s.score("MAFfLUS", "H2"), 78);
    assert_eq!(s.score("MAfFLUS", "H4"), 74);
    s
}

/// Guide 3.1.1 : « Avertissement : le score indiqué n'est pas le maximum pour ce mot (78
/// points). »
#[test]
fn guide_5_3_1_ex1_score_qui_n_est_pas_le_maximum() {
    let d = mafflus().corriger("score: 74\n|MAFfLUS\n");
    verifier(&d, Verdict::Avertissement, 78, &[Motif::Score]);
}

/// Guide 3.1.2 : « Avertissement : le score indiqué est bien le maximum mais le F joker
/// n'est pas encadré. »
#[test]
fn guide_5_3_1_ex2_joker_non_entoure() {
    let d = mafflus().corriger("score: 78\n|MAFFLUS\n");
    verifier(&d, Verdict::Avertissement, 78, &[Motif::Joker { lettre: 'F' }]);
}

/// Guide 3.1.3 : « Avertissement : le score indiqué est bien le maximum mais
/// l'encerclement ne correspond pas. » (le premier F entouré ne donne que 74)
#[test]
fn guide_5_3_1_ex3_encerclement_qui_ne_donne_pas_le_maximum() {
    let d = mafflus().corriger("score: 78\n|MAfFLUS\n");
    assert_eq!((d.verdict, d.score), (Verdict::Avertissement, 78), "{d:?}");
    assert!(d.motifs.iter().any(|m| matches!(m, Motif::Joker { .. })), "{d:?}");
}

/// Guide 3.1.4 : « Pas d'avertissement : score et encerclement correspondant au maximum.
/// La référence est toujours ignorée au 1er coup. »
#[test]
fn guide_5_3_1_ex4_reference_ignoree() {
    let d = mafflus().corriger("ref: H 4\nscore: 78\n|MAFfLUS\n");
    valide(&d, 78);
}

// --- 5.3.2 Aux coups subséquents ---

/// LAC en N1 ; tirage AEIIMN? : MINIMALE en 1H (le L de LAC en N1) vaut 140 avec le
/// premier M joker, 122 avec le second (en L1, lettre compte double) — les chiffres du
/// guide.
fn minimale() -> Situation {
    let s = Situation::new(grille_mots(&[("N1", "LAC")]), "AEIIMN?", &["MINIMALE"]);
    assert_eq!(s.score("mINIMALE", "1H"), 140);
    assert_eq!(s.score("MINImALE", "1H"), 122);
    s
}

fn vertical(mot: &str) -> String {
    mot.chars().map(|c| format!("|{c}\n")).collect()
}

/// MINIMALE vertical avec le L de LAC en raccord (A et C à droite du L).
fn bulletin_minimale(mot: &str, entete: &str) -> String {
    let mut t = String::from(entete);
    for (i, c) in mot.chars().enumerate() {
        t += &if i == 6 { format!("|{c}AC\n") } else { format!("|{c}\n") };
    }
    t
}

/// Guide 3.2.1 : « Bulletin valide. » (140, premier M entouré)
#[test]
fn guide_5_3_2_ex1_encerclement_et_score_concordants() {
    let d = minimale().corriger(&format!("ref: 1 H\nscore: 140\n{}", vertical("mINIMALE")));
    valide(&d, 140);
    solution(&d, "mINIMALE", "1H", 140);
}

/// Guide 3.2.2 : « Bulletin valide. » (1 H, 122, second M entouré)
#[test]
fn guide_5_3_2_ex2_autre_encerclement_autre_score() {
    let d = minimale().corriger(&format!("ref: 1 H\nscore: 122\n{}", vertical("MINImALE")));
    valide(&d, 122);
}

/// Guide 3.2.3 : « Avertissement pour joker non encerclé et absence de score. Le joueur
/// reçoit le score minimal de 122 points, correspondant au placement du joker en L 1. »
#[test]
fn guide_5_3_2_ex3_joker_non_entoure_score_absent_minimum() {
    let d = minimale().corriger(&format!("ref: 1 H\n{}", vertical("MINIMALE")));
    verifier(&d, Verdict::Avertissement, 122, &[]);
    assert!(
        d.motifs.iter().any(|m| matches!(m, Motif::Joker { .. } | Motif::Score)),
        "joker ou score au billet : {d:?}"
    );
}

/// Guide 3.2.4 : « Avertissement pour encerclement erroné et absence de score. Le joueur
/// reçoit le score minimal de 122 points » (un I entouré : encerclement impossible).
#[test]
fn guide_5_3_2_ex4_encerclement_impossible_score_absent_minimum() {
    let d = minimale().corriger(&format!("ref: 1 H\n{}", vertical("MiNIMALE")));
    assert_eq!((d.verdict, d.score), (Verdict::Avertissement, 122), "{d:?}");
}

/// Guide 3.2.5 : « Avertissement pour score erroné et erreur de lettre encerclée. Le
/// joueur reçoit le score minimal de 122 points. »
#[test]
fn guide_5_3_2_ex5_encerclement_impossible_score_faux_minimum() {
    let d = minimale().corriger(&format!("ref: 1 H\nscore: 158\n{}", vertical("MiNIMALE")));
    assert_eq!((d.verdict, d.score), (Verdict::Avertissement, 122), "{d:?}");
}

/// Guide 3.2.6 / 3.2.8 : « Avertissement pour jokers non encerclés. Le joueur reçoit le
/// score de 113 points, dans la mesure où le score permet d'identifier le placement d'un
/// des deux jokers » (ici : aucun cercle, 140 désigne le premier M).
#[test]
fn guide_5_3_2_ex6_sans_cercle_le_score_identifie_le_joker() {
    let d = minimale().corriger(&bulletin_minimale("MINIMALE", "score: 140\n"));
    verifier(&d, Verdict::Avertissement, 140, &[Motif::Joker { lettre: 'M' }]);
}

/// Guide 3.2.8 : « Avertissement pour joker non encerclé. Le joueur reçoit le score de 113
/// points, dans la mesure où le score permet d'identifier le placement d'un des deux
/// jokers » (avec la référence 1 H).
#[test]
fn guide_5_3_2_ex8_reference_sans_cercle_le_score_identifie_le_joker() {
    let d = minimale().corriger(&format!("ref: 1 H\nscore: 140\n{}", vertical("MINIMALE")));
    verifier(&d, Verdict::Avertissement, 140, &[Motif::Joker { lettre: 'M' }]);
}

/// Guide 3.2.7 : « Avertissement pour joker non encerclé et score erroné. Le joueur reçoit
/// le score de 104 points, correspondant à la solution minimale. »
#[test]
fn guide_5_3_2_ex7_sans_cercle_score_faux_minimum() {
    let d = minimale().corriger(&bulletin_minimale("MINIMALE", "score: 131\n"));
    assert_eq!((d.verdict, d.score), (Verdict::Avertissement, 122), "{d:?}");
}

/// Guide 3.2.9 : « Avertissement pour encerclement erroné. Le joueur reçoit le score
/// annoncé de 113 points » (le second M entouré, mais 140 : le score annoncé existe pour
/// un autre encerclement, règlement 5.3 : « existant pour le mot joué à cette place »).
#[test]
fn guide_5_3_2_ex9_encerclement_errone_score_existant() {
    let d = minimale().corriger(&bulletin_minimale("MINImALE", "score: 140\n"));
    verifier(&d, Verdict::Avertissement, 140, &[Motif::Joker { lettre: 'M' }]);
}

/// Guide 3.2.10 : « Avertissement pour encerclements et score erronés. Le joueur reçoit le
/// score de 104 points, correspondant à la solution minimale. »
#[test]
fn guide_5_3_2_ex10_encerclement_et_score_errones_minimum() {
    let d = minimale().corriger(&bulletin_minimale("MINIMaLE", "score: 131\n"));
    assert_eq!((d.verdict, d.score), (Verdict::Avertissement, 122), "{d:?}");
}

/// Guide 5.3.2 : « Enfin, en cas de score existant pour ce mot écrit dans ce sens et pour
/// un certain encerclement, mais avec une localisation absente ou erronée, c'est la
/// pénalité de 5 points qui est appliquée audit score, quel que soit l'encadrement effectif
/// sur le bulletin (un avertissement ne se cumulant pas avec la pénalité). » (sans
/// localisation, second M entouré, 140 : le score du premier M joker)
#[test]
fn guide_5_3_2_penalite_quel_que_soit_l_encerclement() {
    let d = minimale().corriger(&format!("score: 140\n{}", vertical("MINImALE")));
    verifier(&d, Verdict::Penalite, 135, &[Motif::LocalisationPenalite]);
    assert!(!d.motifs.iter().any(|m| matches!(m, Motif::Joker { .. })), "pas d'avertissement en plus : {d:?}");
}

/// Guide 3.2.11 : « Zéro : pas de « T » dans le tirage » (erreur de lettre, 5.4.1.d ; au
/// guide les deux jokers sont déjà pris). Ici le tirage AEIINT? n'a pas de M : le joker
/// fait l'un des deux M de MINIMALE, l'autre manque.
#[test]
fn guide_5_3_2_ex11_lettre_absente_du_tirage() {
    let s = Situation::new(grille_mots(&[("N1", "LAC")]), "AEIINT?", &["MINIMALE", "LACET"]);
    let d = s.corriger(&format!("ref: 1 H\nscore: 140\n{}", vertical("mINIMALE")));
    zero(&d, &[]);
    assert!(d.motifs.iter().any(|m| matches!(m, Motif::ErreurLettre { lettres } if lettres.contains('M'))), "{d:?}");
}

/// SAUR en H5 ; tirage ABEGPW? : WASP en 5F (le S de SAUR) vaut 15 avec le A du tirage,
/// 14 si le joueur met le joker pour le A.
fn wasp() -> Situation {
    let s = Situation::new(grille_mots(&[("H5", "SAUR")]), "ABEGPW?", &["WASP", "SAUR"]);
    assert_eq!(s.score("WASP", "5F"), 15);
    assert_eq!(s.score("WaSP", "5F"), 14);
    s
}

/// Guide 3.2.12 : « Bulletin valide : le joueur n'a peut-être pas pris de A et utilise son
/// joker. » (A entouré, score de cet encerclement)
#[test]
fn guide_5_3_2_ex12_joker_pour_une_lettre_du_tirage() {
    let d = wasp().corriger("score: 14\n|W\n|a\n|SAUR\n|P\n");
    valide(&d, 14);
}

/// Guide 3.2.13 : « Avertissement : deux solutions acceptables, WASP à 75 avec
/// encerclement erroné et W(A)SP avec score erroné. La solution la plus favorable est
/// retenue : score de 75 maintenu avec avertissement pour erreur d'encerclement. »
#[test]
fn guide_5_3_2_ex13_encerclement_superflu() {
    let d = wasp().corriger("score: 15\n|W\n|a\n|SAUR\n|P\n");
    verifier(&d, Verdict::Avertissement, 15, &[Motif::Joker { lettre: 'A' }]);
}

/// Billet, case (9) : « une erreur peut se produire lors de l'encerclement du joker […]
/// indiquer la lettre encerclée par erreur ». RAT en H8 ; tirage DIVRTI? : DIVERTIR en 8A
/// (le R de RAT), le joker pour le E ; le joueur entoure le second I au lieu du E : le
/// billet nomme I, pas E.
#[test]
fn billet_9_nomme_la_lettre_encerclee_par_erreur() {
    let s = Situation::new(grille_mots(&[("H8", "RAT")]), "DIVRTI?", &["DIVERTIR", "RAT"]);
    let score = s.score("DIVeRTIR", "8A");
    assert!(s.est_solution("DIVeRTIR", "8A"));
    let d = s.corriger(&format!("ref: 8 A\nscore: {score}\n{}", vertical("DIVERTiR")));
    verifier(&d, Verdict::Avertissement, score, &[Motif::Joker { lettre: 'I' }]);
    // Sans aucun cercle, le billet nomme la lettre du joker (E).
    let d = s.corriger(&format!("ref: 8 A\nscore: {score}\n{}", vertical("DIVERTIR")));
    verifier(&d, Verdict::Avertissement, score, &[Motif::Joker { lettre: 'E' }]);
}

/// Règlement 5.5 : « Absence, dans le mot joué, d'un cercle autour de la lettre dont le
/// joker tient lieu, sauf si le joker est déjà posé sur la grille. » SALON en N1 avec un
/// joker pour le S : CHEVELUS en 1G passe par ce S ; écrit sans cercle, valide.
#[test]
fn guide_5_3_2_joker_deja_sur_la_grille_sans_cercle() {
    let s = Situation::new(grille_mots(&[("H8", "TASSE"), ("N1", "sALON")]), "CEEHLUV", &["CHEVELUS", "CHEVELUE"]);
    let score = s.score("CHEVELUs", "1G");
    assert!(s.est_solution("CHEVELUs", "1G"));
    let d = s.corriger(&format!("ref: 1 G\nscore: {score}\n{}", vertical("CHEVELUS")));
    valide(&d, score);
}
