//! Guide pratique d'arbitrage 2020, section 4 « Mise en œuvre pratique du règlement » :
//! l'ordre de traitement d'un bulletin (règlement 5.4) — 1.a aucune solution acceptable,
//! 1.b mot non admis joué à côté d'une solution acceptable, 1.c erreur de grille, 1.d
//! erreur de lettre, 2.b la solution qui rapporte le plus au joueur.

use arbitre_engine::arbitrage::{Motif, Verdict};
use crate::commun::*;

/// PORTE en H4 au premier coup ; tirage EEINOPR. PIORNEE (non admis) en 9B vaudrait 69
/// (le chiffre du guide) et forme PORTEE en raccord ; PORTEE seul (prolongement) est une
/// solution acceptable.
fn porte() -> Situation {
    let s = Situation::new(grille_mots(&[("H4", "PORTE")]), "EEINOPR", &["PORTE", "PORTEE"]);
    assert_eq!(s.score("PIORNEE", "9B"), 69);
    assert!(s.est_solution("PORTEE", "H4"));
    s
}

/// Guide 4, 1.b : « Zéro : le mot PORTEE est valide, c'est un mot formé en raccord par
/// PIORNEE mais c'est aussi en tant que tel une solution acceptable (prolongement du mot
/// PORTE déjà sur la grille). Ce cas 1.b. implique de mettre naturellement zéro, sanction
/// du mot non admis PIORNEE. »
#[test]
fn guide_4_1b_mot_non_admis_a_cote_d_une_solution_acceptable() {
    let d = porte().corriger("score: 69\n|.....P\n|.....I\n|.....O\n|.....R\n|.....N\n|.....E\n|PORTEE\n");
    zero(&d, &[Motif::MotNonAdmis { mots: vec!["PIORNEE".into()] }]);
}

/// Guide 4, 1.a : « un bulletin comportant une référence alphanumérique et un mot non
/// admis » : zéro.
#[test]
fn guide_4_1a_reference_et_mot_non_admis() {
    let d = porte().corriger("ref: 9 B\nscore: 69\n|P\n|I\n|O\n|R\n|N\n|E\n|E\n");
    zero(&d, &[]);
    assert!(d.motifs.iter().any(|m| matches!(m, Motif::MotNonAdmis { mots } if mots.contains(&"PIORNEE".to_string()))), "{d:?}");
}

/// Guide 4, 1.c : « Zéro : GALOPIN ne peut pas être joué sur la grille actuelle. » et
/// « Il y a manifestement erreur de grille, cocher la case idoine sur le billet de
/// correction ! » Ici TRESSE en H3 : GALOPIN (sept lettres du tirage AGILNOP) n'a aucune
/// place valide sur cette grille (touche DupliTop F2 vide) ; le joueur le raccorde à un
/// ETE qui n'existe pas.
#[test]
fn guide_4_1c_erreur_de_grille() {
    let s = Situation::new(grille_mots(&[("H3", "TRESSE")]), "AGILNOP", &["TRESSE", "GALOPIN", "SALON"]);
    assert!(s.contexte().solutions.iter().all(|x| x.mot_texte() != "GALOPIN"));
    let d = s.corriger("score: 73\n|GALOPIN\n|ETE\n");
    zero(&d, &[Motif::ErreurGrille]);
    assert!(d.verifier_grille, "« vérifiez votre grille » : {d:?}");
}

/// Guide 4, 1.c, second exemple : « Zéro : ici DEFINIR est bien jouable sur la grille
/// actuelle, mais pas dans ce sens pour ce score, donc le 5.3.3 ne s'applique pas. Il y a
/// manifestement erreur de grille, cocher la case idoine sur le billet de correction ! »
/// DEFINIR ne se joue que verticalement (6B, 17 ; 8G, 12) ; le bulletin l'écrit à
/// l'horizontale, raccordé à un TE qui n'est pas sur la grille, pour 72.
#[test]
fn guide_4_1c_jouable_mais_pas_dans_ce_sens_erreur_de_grille() {
    let s = Situation::new(grille_mots(&[("H4", "PORTE")]), "DEFIINR", &["PORTE", "DEFINIR"]);
    assert!(s.est_solution("DEFINIR", "6B") && s.est_solution("DEFINIR", "8G"));
    let d = s.corriger("score: 72\n|DEFINIR\n|TE\n");
    zero(&d, &[]);
    assert!(d.verifier_grille, "« vérifiez votre grille » : {d:?}");
}

/// Guide 4, 1.d : « erreur de lettre ; sans commentaire... » (règlement 5.4.1.d : « un mot
/// jouable sur la grille actuelle mais pas avec les lettres du tirage »). HARNAIS se pose
/// en 12F comme HARNOIS, mais le tirage AHINORS n'a qu'un A.
#[test]
fn guide_4_1d_erreur_de_lettre() {
    let s = Situation::new(grille_mots(&[("H5", "ENTOILE")]), "AHINORS", &["HARNOIS", "HARNAIS", "ENTOILER"]);
    let d = s.corriger("ref: 12 F\nscore: 81\n|H\n|A\n|R\n|N\n|A\n|I\n|S\n");
    zero(&d, &[]);
    assert!(d.motifs.iter().any(|m| matches!(m, Motif::ErreurLettre { lettres } if lettres.contains('A'))), "{d:?}");
}

/// NIAISEE en H3 ; tirage BELORTU : TROUBLEE en 8A vaut 83, en 9A 62 (les chiffres du
/// guide, CdM 2015).
///
/// Guide 4, 2.b : « Deux solutions acceptables : TROUBLEE en 9A (raccord correct mais
/// erreur de score, cas 5.3.2) et TROUBLEE en 8A (sens du mot et score corrects mais erreur
/// de localisation, cas 5.3.3). Comme 78 > 62, c'est la seconde qui est retenue. » (P-5,
/// 78). Le raccord ISE devant le E final désigne 9A.
#[test]
fn guide_4_2b_troublee_la_solution_qui_rapporte_le_plus() {
    let s = Situation::new(grille_mots(&[("H3", "NIAISEE")]), "BELORTU", &["TROUBLEE"]);
    assert_eq!(s.score("TROUBLEE", "8A"), 83);
    assert_eq!(s.score("TROUBLEE", "9A"), 62);
    let d = s.corriger("score: 83\n|...T\n|...R\n|...O\n|...U\n|...B\n|...L\n|...E\n|ISEE\n");
    verifier(&d, Verdict::Penalite, 78, &[Motif::LocalisationPenalite]);
    solution(&d, "TROUBLEE", "8A", 83);
}

/// BATTU en N6 ; tirage AEINRWZ : WITZ en 8L vaut 96, en 9L 23 (les chiffres du guide).
///
/// Guide 4, 2.b : « Deux solutions acceptables : WITZ en 9L (localisation correcte mais
/// erreur de score, cas 5.3.2) et WITZ en 8L (sens du mot et score corrects mais erreur de
/// localisation, cas 5.3.3). Comme 91 > 23 (!), c'est la seconde qui est retenue. »
#[test]
fn guide_4_2b_witz_penalite_plutot_que_score_faux() {
    let s = Situation::new(grille_mots(&[("N6", "BATTU")]), "AEINRWZ", &["WITZ"]);
    assert_eq!(s.score("WITZ", "8L"), 96);
    assert_eq!(s.score("WITZ", "9L"), 23);
    let d = s.corriger("ref: 9 L\nscore: 96\n|W\n|I\n|T\n|Z\n");
    verifier(&d, Verdict::Penalite, 91, &[Motif::LocalisationPenalite]);
    solution(&d, "WITZ", "8L", 96);
}
