//! Guide pratique d'arbitrage 2020, 5.7 « Les cas particuliers » : lettre absente du
//! tirage (5.7.1), mot qui sort de la grille (5.7.2), lettre finale omise (5.7.3).

use arbitre_engine::arbitrage::{Motif, Verdict};
use crate::commun::*;

/// ENTOILE en H3 ; tirage AHINORS : HARNOIS en 10F (78), 10B et 2F (78, valides).
fn harnois() -> Situation {
    let s = Situation::new(
        grille_mots(&[("H3", "ENTOILE")]),
        "AHINORS",
        &["HARNOIS", "HARNAIS", "ENTOILER", "ENTOILES", "RENTOILE"],
    );
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

// --- 5.7.4 Plusieurs interprétations possibles ---

/// TASSE en H8, SALON en N1 ; tirage CEEHLUV : CHEVELUE vaut 88 en 12A, 82 en 12D et en
/// 12F (il croise TASSE par son E en H12).
fn chevelue() -> Situation {
    let s = Situation::new(grille_mots(&[("H8", "TASSE"), ("N1", "SALON")]), "CEEHLUV", &["CHEVELUS", "CHEVELUE"]);
    assert_eq!(s.score("CHEVELUE", "12A"), 88);
    assert_eq!(s.score("CHEVELUE", "12D"), 82);
    s
}

/// CHEVELUE vertical, le raccord SS devant son cinquième E (place 12D).
const CHEVELUE_12D: &str = "|..C\n|..H\n|..E\n|..V\n|SSE\n|..L\n|..U\n|..E\n";

/// Guide 7.4.2 : « Pour les solutions en colonne 15, il n'y a aucune lettre de raccord
/// correcte et le score présent sur le bulletin n'existe pas pour ce mot. C'est donc la
/// solution en 14 D pour 12 points qui est retenue, avec un avertissement pour score
/// erroné. »
#[test]
fn guide_5_7_4_ex2_raccord_juste_score_inexistant() {
    let d = chevelue().corriger(&format!("score: 90\n{CHEVELUE_12D}"));
    verifier(&d, Verdict::Avertissement, 82, &[Motif::Score]);
    solution(&d, "CHEVELUE", "12D", 82);
}

/// Guide 7.4.4 : « La solution DEPITEES en 14 H est également présente sur le bulletin,
/// avec 5 lettres de raccord correctes, mais elle ne rapporte que 67 points. Comme il n'y a
/// pas de raison de faire exception à la règle, c'est la solution la plus profitable au
/// joueur qui doit être retenue, soit 153 points après pénalité. » (88 − 5 = 83 > 82)
#[test]
fn guide_5_7_4_ex4_penalite_plus_profitable_que_la_place_localisee() {
    let d = chevelue().corriger(&format!("score: 88\n{CHEVELUE_12D}"));
    verifier(&d, Verdict::Penalite, 83, &[Motif::LocalisationPenalite]);
    solution(&d, "CHEVELUE", "12A", 88);
}

/// Guide 5.14 (5.5) : « il est techniquement impossible de jouer une solution de 8 lettres
/// en rangée O ; qui plus est, il n'y a qu'un E dans le tirage. Il ne peut donc s'agir que
/// d'un décalage. » Le raccord TASSE désigne la colonne 13, où CHEVELUE poserait ses huit
/// lettres (trois E pour deux au tirage) : décalage, pénalité.
#[test]
fn guide_5_5_ex14_raccord_designant_une_place_impossible() {
    let d = chevelue().corriger("score: 82\n|.....C\n|.....H\n|.....E\n|.....V\n|TASSEE\n|.....L\n|.....U\n|.....E\n");
    verifier(&d, Verdict::Penalite, 77, &[Motif::LocalisationPenalite]);
}

/// Guide 7.4.3 : « La solution PRIERONS à 62 points est correctement localisée (3 lettres
/// de raccord WAP, le S étant considéré comme parasite). La solution SWAP à 15 points est
/// également présente sur le bulletin. Comme il n'y a pas de raison de faire exception à
/// la règle, c'est la solution la plus profitable au joueur qui doit être retenue, soit 62
/// points sans avertissement. » WAP en H6 ; tirage EINORRS : PRIERONS en 8H (83) part du P
/// de WAP ; SWAP en H5 (15, le chiffre du guide).
#[test]
fn guide_5_7_4_ex3_lettre_parasite_formant_une_autre_solution() {
    let s = Situation::new(grille_mots(&[("H6", "WAP")]), "EINORRS", &["PRIERONS", "SWAP", "WAP"]);
    assert_eq!(s.score("PRIERONS", "8H"), 83);
    assert_eq!(s.score("SWAP", "H5"), 15);
    let d = s.corriger("score: 83\n|SWAP\n|...R\n|...I\n|...E\n|...R\n|...O\n|...N\n|...S\n");
    valide(&d, 83);
    solution(&d, "PRIERONS", "8H", 83);
}

/// Guide 7.4.1 : « Le mot REE passe dans ce sens et pour ce score en 15 A, mais pour cette
/// solution il n'y a aucune lettre de raccord correcte. L'arbitre peut donc payer avec une
/// pénalité […]. Il pourrait aussi considérer qu'il s'agit du prolongement du mot ENVOYE en
/// REENVOYE : cette solution serait sanctionnée d'un zéro […]. Comme il n'y a pas de raison
/// de faire exception à la règle, c'est la solution la plus profitable au joueur qui doit
/// être retenue. » ENVOYE en 8F, DOS en D12 ; tirage AAEEIRT : REE vaut 10 en 15B et 15C
/// (DOSE) ; écrit seul, il se lit aussi RE + E d'ENVOYE (REENVOYE, non admis).
#[test]
fn guide_5_7_4_ex1_penalite_plutot_que_prolongement_non_admis() {
    let s = Situation::new(grille_mots(&[("8F", "ENVOYE"), ("D12", "DOS")]), "AAEEIRT", &["REE", "DOSE", "DOS", "ENVOYE"]);
    assert_eq!(s.score("REE", "15B"), 10);
    let d = s.corriger("score: 10\n|R\n|E\n|E\n");
    verifier(&d, Verdict::Penalite, 5, &[Motif::LocalisationPenalite]);
}

/// Billet de correction, item (24) : « Ne pas cocher [placement impossible] au seul
/// prétexte que la solution est absente de la liste fournie par le logiciel : vérifier que
/// le joueur n'a pas proposé un mot non admis. » Ici HARNOIx, joker encerclé, à la place
/// de HARNOIs (tirage AHINOR?) : zéro pour mot non admis, pas « placement impossible ».
#[test]
fn billet_24_mot_non_admis_avec_joker_n_est_pas_un_placement_impossible() {
    let s = Situation::new(
        grille_mots(&[("H3", "ENTOILE")]),
        "AHINOR?",
        &["HARNOIS", "HARNAIS", "ENTOILER", "ENTOILES", "RENTOILE"],
    );
    let d = s.corriger("ref: 10 F\nscore: 72\n|H\n|A\n|R\n|N\n|O\n|I\n|x\n");
    zero(&d, &[Motif::MotNonAdmis { mots: vec!["HARNOIX".into()] }]);
}
