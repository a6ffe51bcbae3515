//! Guide pratique d'arbitrage 2020, 5.5 « Erreurs de localisation » : localisation absente
//! ou erronée, score existant pour le mot dans ce sens → pénalité de 5 points (règlement
//! 5.3.3), sauf raccordement fallacieux (zéro ; commission en cas de doute).
//!
//! La grille CANCANE / EFFUSION / PUBLIERA est celle du guide (5.19 à 5.22) et les scores
//! sont ceux du guide ; le petit lexique dit ce que l'ODS admet (CANCANER oui, CANCANEE
//! non : cancaner est intransitif), comme le ferait une liste de tournoi ; la plausibilité
//! est jugée par le modèle appris de la liste française (lexique libre par défaut augmenté
//! du petit lexique) : le petit lexique suffit.

use arbitre_engine::arbitrage::{Motif, Verdict};
use crate::commun::*;

fn vertical(mot: &str) -> String {
    mot.chars().map(|c| format!("|{c}\n")).collect()
}

/// CANCANE en H4 (premier coup), EFFUSION en 6A, PUBLIERA en A1 (grille du guide 5.19).
fn cancane(tirage: &str) -> Situation {
    let g = grille_mots(&[("H4", "CANCANE"), ("6A", "EFFUSION"), ("A1", "PUBLIERA")]);
    let mots = ["CANCANE", "CANCANER", "EFFUSION", "PUBLIERA", "PURGEAT", "BARMAID", "WAX", "WU", "AS", "XI"];
    Situation::new(g, tirage, &mots)
}

/// Guide 5.19 : « Zéro : localisation absente, score correspondant à un emplacement
/// valable pour le mot dans ce sens, mais possibilité de jouer pour le même score
/// « cancanée », qui est un raccordement fallacieux. »
#[test]
fn guide_5_5_ex19_cancanee_raccordement_fallacieux() {
    let s = cancane("AEGPRTU");
    assert_eq!(s.score("PURGEAT", "11F"), 82);
    assert_eq!(s.score("PURGEAT", "11D"), 82);
    assert!(s.est_solution("PURGEAT", "11F") && !s.est_solution("PURGEAT", "11D"));
    let d = s.corriger(&format!("score: 82\n{}", vertical("PURGEAT")));
    zero(&d, &[Motif::RaccordementFallacieux]);
}

/// Guide 5.20 : « Zéro : à la place indiquée, le mot joué forme en raccord « cancaneu »,
/// qui n'est pas à considérer comme plausible, mais en 11 D et pour le même score on
/// formerait « cancanée ». Cette possibilité de raccordement fallacieux implique un
/// zéro. »
#[test]
fn guide_5_5_ex20_reference_erronee_et_cancanee_au_meme_score() {
    let s = cancane("AEGPRTU");
    let d = s.corriger(&format!("ref: 11 G\nscore: 82\n{}", vertical("PURGEAT")));
    zero(&d, &[Motif::RaccordementFallacieux]);
}

/// Guide 5.21 : « ce mot écrit dans ce sens et pour ce score ne passe qu'en colonne 11.
/// Aucun autre prolongement que CANCANER n'est plausible, ce bulletin est donc payé avec
/// une pénalité de 5 points puisque le score indiqué correspond à la place valide 11 F. »
#[test]
fn guide_5_5_ex21_barmaid_aucun_autre_prolongement_plausible() {
    let s = cancane("AABDIMR");
    assert_eq!(s.score("BARMAID", "11F"), 84);
    let d = s.corriger(&format!("score: 84\n{}", vertical("BARMAID")));
    verifier(&d, Verdict::Penalite, 79, &[Motif::LocalisationPenalite]);
    solution(&d, "BARMAID", "11F", 84);
}

/// Guide 5.22 : « ce mot dans ce sens passerait aussi en 7 C pour le même score ! Mais,
/// FW et SX n'étant pas à considérer comme plausibles, ce bulletin est payé avec une
/// pénalité de 5 points. » (WAX vaut 68 en 5D, valide, et en 7C où il formerait FW, UA, SX)
#[test]
fn guide_5_5_ex22_wax_fw_et_sx_pas_plausibles() {
    let s = cancane("AAQWXYZ");
    assert_eq!(s.score("WAX", "5D"), 68);
    assert_eq!(s.score("WAX", "7C"), 68);
    assert!(s.est_solution("WAX", "5D") && !s.est_solution("WAX", "7C"));
    let d = s.corriger(&format!("score: 68\n{}", vertical("WAX")));
    verifier(&d, Verdict::Penalite, 63, &[Motif::LocalisationPenalite]);
}

/// Guide 5.23 : PARLE en H4, top ABALONE 9B 71 formant PARLEE ; « le même mot passe
/// également dans le même sens et pour le même score en 3 F, formant « APARLE », mot non
/// admis. […] s'il y a une commission d'arbitrage, il est conseillé à l'arbitre de mettre
/// un zéro provisoire et d'informer le joueur que son bulletin est transmis à ladite
/// commission qui tranchera. »
#[test]
fn guide_5_5_ex23_aparle_douteux_commission() {
    let s = Situation::new(grille_mots(&[("H4", "PARLE")]), "AABELNO", &["PARLE", "PARLEE", "ABALONE"]);
    assert_eq!(s.score("ABALONE", "9B"), 71);
    assert_eq!(s.score("ABALONE", "3F"), 71);
    let d = s.corriger(&format!("score: 71\n{}", vertical("ABALONE")));
    assert_eq!((d.verdict, d.score), (Verdict::Zero, 0), "zéro provisoire : {d:?}");
    assert!(d.commission, "le bulletin va en commission : {d:?}");
}

/// ENTOILE en H3 ; tirage AHINORS : HARNOIS vaut 78 en 10F (ENTOILER), 10B (ENTOILES) et
/// 2F (RENTOILE), toutes valides ; 16 en 7C (seul, à travers le T).
fn harnois() -> Situation {
    let s = Situation::new(grille_mots(&[("H3", "ENTOILE")]), "AHINORS", &["HARNOIS", "ENTOILER", "ENTOILES", "RENTOILE"]);
    assert_eq!(s.score("HARNOIS", "10F"), 78);
    assert_eq!(s.score("HARNOIS", "7C"), 16);
    assert!(s.est_solution("HARNOIS", "7C"));
    s
}

/// HARNOIS vertical ; `raccord` écrit à gauche de la lettre d'indice `a_cote`.
fn bulletin_harnois(raccord: &str, a_cote: usize, entete: &str) -> String {
    let marge = ".".repeat(raccord.len());
    let mut t = String::from(entete);
    for (i, c) in "HARNOIS".chars().enumerate() {
        t += &format!("|{}{c}\n", if i == a_cote { raccord } else { &marge });
    }
    t
}

/// Guide 5.7 et 5.15 : « Pénalité de 5 points : absence de localisation, mais le mot passe
/// dans ce sens et pour le score indiqué ».
#[test]
fn guide_5_5_ex7_localisation_absente_score_existant() {
    let d = harnois().corriger(&format!("score: 78\n{}", vertical("HARNOIS")));
    verifier(&d, Verdict::Penalite, 73, &[Motif::LocalisationPenalite]);
}

/// Guide 5.17 : « Zéro : absence de localisation et score inexistant pour le mot joué. »
#[test]
fn guide_5_5_ex17_localisation_absente_score_inexistant() {
    let d = harnois().corriger(&format!("score: 90\n{}", vertical("HARNOIS")));
    zero(&d, &[]);
}

/// Guide 5.8 et 5.16 : « Pénalité : localisation erronée, mais score correspondant à un
/// emplacement valable du mot joué dans ce sens. »
#[test]
fn guide_5_5_ex16_reference_erronee_score_existant() {
    let d = harnois().corriger(&format!("ref: 11 F\nscore: 78\n{}", vertical("HARNOIS")));
    verifier(&d, Verdict::Penalite, 73, &[Motif::LocalisationPenalite]);
}

/// Guide 5.5 : « Pénalité de 5 points : le mot passe à la place indiquée (2 C) pour 69
/// points ; il passe aussi dans ce sens et pour le score indiqué en 2 B ; c'est la
/// solution donnant le plus de points au joueur sur ce coup qui est retenue. » (ici 7 C
/// vaut 16, 78 − 5 = 73 l'emporte)
#[test]
fn guide_5_5_ex5_place_indiquee_valide_mais_moins_payee() {
    let d = harnois().corriger(&format!("ref: 7 C\nscore: 78\n{}", vertical("HARNOIS")));
    verifier(&d, Verdict::Penalite, 73, &[Motif::LocalisationPenalite]);
}

/// Guide 5.9 : « Avertissement : les lettres de raccord sont décalées, mais la référence
/// 11 B est valide : bulletin accepté avec un avertissement pour 2 modes de localisation
/// dont un incorrect. »
#[test]
fn guide_5_5_ex9_raccord_decale_reference_valide() {
    let d = harnois().corriger(&bulletin_harnois("ILE", 3, "ref: 10 F\nscore: 78\n"));
    verifier(&d, Verdict::Avertissement, 78, &[Motif::DeuxModes]);
}

/// Guide 5.10 : « Avertissement : la localisation par lettres de raccord est correcte à 79
/// points ; celle en alphanumérique est décalée et mériterait 74 points ; bulletin accepté
/// avec un avertissement pour 2 modes de localisation dont un incorrect. »
#[test]
fn guide_5_5_ex10_raccord_juste_reference_d_une_autre_place() {
    let d = harnois().corriger(&bulletin_harnois("ILE", 2, "ref: 7 C\nscore: 78\n"));
    verifier(&d, Verdict::Avertissement, 78, &[Motif::DeuxModes]);
    solution(&d, "HARNOIS", "10F", 78);
}

/// Guide 5.11 : « Pénalité de 5 points : les lettres de raccord sont incorrectes mais le
/// mot passe […] dans ce sens et pour le score indiqué. »
#[test]
fn guide_5_5_ex11_lettres_de_raccord_incorrectes() {
    let d = harnois().corriger(&bulletin_harnois("UVW", 2, "score: 78\n"));
    verifier(&d, Verdict::Penalite, 73, &[Motif::LocalisationPenalite]);
}

/// Guide 5.3, 5.12, 5.13 : raccord décalé d'une case ; à la place qu'il désigne, le mot
/// formerait un mot non admis (ici ENTOILEA, 70 points) ; « Le score correct fait que le
/// mot non admis formé en raccord n'est pas pris en compte » : pénalité.
#[test]
fn guide_5_5_ex12_raccord_decale_mot_non_admis_forme_ignore() {
    let d = harnois().corriger(&bulletin_harnois("ILE", 1, "score: 78\n"));
    verifier(&d, Verdict::Penalite, 73, &[Motif::LocalisationPenalite]);
}

/// Guide 5.4 : « Pénalité de 5 points : le mot passe dans ce sens et pour le score indiqué
/// en 2 A au lieu de 2 B. BTE n'est guère plausible et n'est donc pas à considérer comme
/// un raccordement fallacieux. » (la référence 10 H formerait ENTOILEH)
#[test]
fn guide_5_5_ex4_place_indiquee_formant_un_mot_implausible() {
    let d = harnois().corriger(&format!("ref: 10 H\nscore: 78\n{}", vertical("HARNOIS")));
    verifier(&d, Verdict::Penalite, 73, &[Motif::LocalisationPenalite]);
}

/// AM en D8, TU en F8, JET en H7 ; tirage ABEIMRT : TIMBRE ne vaut 41 qu'en 10C (il y forme
/// AMI, TUB, JETE) ; en 10D il vaudrait 36 et formerait AMT, TUM, JETR.
fn timbre() -> Situation {
    let s = Situation::new(grille_mots(&[("D8", "AM"), ("F8", "TU"), ("H7", "JET")]), "ABEIMRT", &["TIMBRE", "AMI", "TUB", "JETE"]);
    assert_eq!(s.score("TIMBRE", "10C"), 41);
    assert_eq!(s.score("TIMBRE", "10D"), 36);
    s
}

/// Guide 5.1 : « Pénalité de 5 points : le mot passe dans ce sens et pour le score indiqué
/// en 14 B au lieu de 13 B. » (9 C au lieu de 10 C)
#[test]
fn guide_5_5_ex1_reference_decalee_d_une_colonne() {
    let d = timbre().corriger(&format!("ref: 9 C\nscore: 41\n{}", vertical("TIMBRE")));
    verifier(&d, Verdict::Penalite, 36, &[Motif::LocalisationPenalite]);
    solution(&d, "TIMBRE", "10C", 41);
}

/// Guide 5.2 : « Pénalité de 5 points : le mot passe dans ce sens et pour le score indiqué
/// en 10 B au lieu de 11 A. » Ici les lettres de raccord M, U, T sont écrites une rangée
/// trop haut (elles désignent 10D, où TIMBRE formerait AMT, TUM et JETR).
#[test]
fn guide_5_5_ex2_raccord_decale_d_une_rangee() {
    let d = timbre().corriger("score: 41\n|MT\n|.I\n|UM\n|.B\n|TR\n|.E\n");
    verifier(&d, Verdict::Penalite, 36, &[Motif::LocalisationPenalite]);
}
