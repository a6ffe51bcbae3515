//! Guide pratique d'arbitrage 2020, 5.1 « Les modes de localisation » : lettres de
//! raccord (5.1.1), indication alphanumérique (5.1.2), les deux modes (5.1.3), erreur dans
//! le raccord (5.1.4), raccord insuffisamment précis (5.1.5).
//!
//! Les grilles du guide ne sont reproduites qu'en partie dans le texte : chaque situation
//! est reconstruite (grille, petit lexique) de façon à présenter la même difficulté ; les
//! scores sont ceux de la situation reconstruite, vérifiés par le moteur.

use arbitre_engine::arbitrage::{Motif, Verdict};
use crate::commun::*;

/// ENTOILE en H3 ; tirage AHINORS : HARNOIS en 10F (78) forme ENTOILER en raccord (il
/// vaut aussi 78 en 10B et en 2F, où il forme ENTOILES et RENTOILE, valides : aucune place
/// au même score ne forme de raccord non valide). Sur le bulletin, les lettres de raccord
/// sont I, L, E (fin d'ENTOILE) devant le R.
fn harnois() -> Situation {
    let s = Situation::new(grille_mots(&[("H3", "ENTOILE")]), "AHINORS", &["HARNOIS", "ENTOILER", "ENTOILES", "RENTOILE"]);
    assert_eq!(s.score("HARNOIS", "10F"), 78);
    assert!(s.est_solution("HARNOIS", "10F"));
    s
}

/// HARNOIS vertical ; `raccord` : ce qui est écrit à gauche du R (rangée de la grille H).
fn bulletin_harnois(raccord: &str, extra: &str) -> String {
    let marge = ".".repeat(raccord.len());
    let mut t = String::from(extra);
    for (i, c) in "HARNOIS".chars().enumerate() {
        if i == 2 {
            t += &format!("|{raccord}{c}\n");
        } else {
            t += &format!("|{marge}{c}\n");
        }
    }
    t
}

// --- 5.1.1 Lettres de raccord ---

/// Guide 1.1.1 : « Bulletin valide : 3 lettres de raccord (O, I et L de ENTOILER) ».
#[test]
fn guide_5_1_1_ex1_trois_lettres_de_raccord() {
    let s = harnois();
    let d = s.corriger(&bulletin_harnois("ILE", "score: 78\n"));
    valide(&d, 78);
    solution(&d, "HARNOIS", "10F", 78);
}

/// Guide 1.1.3 : « Bulletin valide : 3 lettres de raccord (N, T et O de ENTOILER) » : le
/// mot croise un mot de la grille ; la lettre croisée et ses voisines du mot croisé, en
/// chaîne, sont des lettres de raccord (4.3.2). CHEVELUS en 1G croise SALON par le S : S,
/// A, L, O.
#[test]
fn guide_5_1_1_ex3_raccord_par_le_mot_croise() {
    let d = chevelus().corriger("score: 101\n|C\n|H\n|E\n|V\n|E\n|L\n|U\n|SALO\n");
    valide(&d, 101);
    solution(&d, "CHEVELUS", "1G", 101);
}

/// Guide 1.1.4 : « Avertissement : seulement 2 lettres de raccord (S et A de SAURES) ».
#[test]
fn guide_5_1_1_ex4_deux_lettres_de_raccord_avertissement() {
    let d = harnois().corriger(&bulletin_harnois("LE", "score: 78\n"));
    verifier(&d, Verdict::Avertissement, 78, &[Motif::LettresRaccord]);
}

/// AM en D8, TU en F8, JET en H7 ; tirage ABEIMRT : TIMBRE en 10C (41) forme AMI, TUB et
/// JETE en raccord.
fn timbre() -> Situation {
    let s = Situation::new(grille_mots(&[("D8", "AM"), ("F8", "TU"), ("H7", "JET")]), "ABEIMRT", &["TIMBRE", "AMI", "TUB", "JETE"]);
    assert_eq!(s.score("TIMBRE", "10C"), 41);
    s
}

/// Guide 1.1.5 : « Bulletin valide : 3 lettres de raccord (E de MENACERA, E de FONDERIES
/// et T de BLET) sont sur la grille et adjacentes à une lettre nouvellement posée. » Ici M
/// (de AM), U (de TU) et T (de JET), chacune contre une lettre de TIMBRE.
#[test]
fn guide_5_1_1_ex5_trois_lettres_de_trois_mots() {
    let d = timbre().corriger("score: 41\n|.T\n|MI\n|.M\n|UB\n|.R\n|TE\n");
    valide(&d, 41);
    solution(&d, "TIMBRE", "10C", 41);
}

/// Guide 1.1.8 : « Avertissement : 2 lettres de raccord L et A sont correctes » : seules
/// M et U écrites.
#[test]
fn guide_5_1_1_ex8_deux_lettres_de_deux_mots() {
    let d = timbre().corriger("score: 41\n|.T\n|MI\n|.M\n|UB\n|.R\n|.E\n");
    verifier(&d, Verdict::Avertissement, 41, &[Motif::LettresRaccord]);
}

/// Guide 1.1.6 : « Zéro : les lettres de raccord doivent être indiquées telles qu'elles
/// sont sur la grille de jeu ; il est donc impossible d'avoir la sanction « inversion du
/// sens du mot » avec le mode de localisation par lettres de raccord. » (mot écrit à
/// l'horizontale, raccord à la verticale : aucune place de la grille ne correspond, et
/// HARNOIS horizontal ne vaut 78 nulle part).
#[test]
fn guide_5_1_1_ex6_raccord_tourne_placement_impossible() {
    let d = harnois().corriger("score: 78\n|..I\n|..L\n|..E\n|HARNOIS\n");
    zero(&d, &[Motif::PlacementImpossible]);
}

/// Guide 1.1.6, quand une autre place du mot dans le sens écrit retient deux des lettres
/// du raccord tourné : ETALE en 4J ; HARNOIS horizontal en O2 (90) y forme ETALER, son R
/// sous le L et le E d'ETALE. Le raccord I, L, E écrit au-dessus du R est celui de 10F
/// (78) tourné ; à O2 seules L et E coïncident : ce n'est pas un raccord (ni avertissement,
/// ni paiement de 90), c'est un placement impossible.
#[test]
fn guide_5_1_1_ex6_raccord_tourne_meme_si_une_autre_place_en_retient_deux_lettres() {
    let s = Situation::new(
        grille_mots(&[("H3", "ENTOILE"), ("4J", "ETALE")]),
        "AHINORS",
        &["HARNOIS", "ENTOILER", "ENTOILES", "RENTOILE", "ETALE", "ETALER"],
    );
    assert_eq!((s.score("HARNOIS", "10F"), s.score("HARNOIS", "O2")), (78, 90));
    assert!(s.est_solution("HARNOIS", "O2"));
    let d = s.corriger("score: 78\n|..I\n|..L\n|..E\n|HARNOIS\n");
    zero(&d, &[Motif::PlacementImpossible]);
    assert!(!d.verifier_grille, "le raccord est sur la grille, tourné : {d:?}");
    // L et E seuls au-dessus du R : ils désignent autant O2 (telles qu'elles y sont) que
    // 10F tournée ; lus tels quels, deux lettres de raccord à O2 (guide 1.1.8).
    let d = s.corriger("score: 90\n|..L\n|..E\n|HARNOIS\n");
    verifier(&d, Verdict::Avertissement, 90, &[Motif::LettresRaccord]);
}

/// Guide 1.1.7 : « Avertissement : le raccord WEL est erroné, mais 2 lettres de raccord E
/// et U sont correctes. On considère donc W et L comme parasites. » Ici : ZLE, dont L et E
/// sont correctes, Z parasite.
#[test]
fn guide_5_1_1_ex7_lettre_parasite_deux_lettres_correctes() {
    let d = harnois().corriger(&bulletin_harnois("ZLE", "score: 78\n"));
    verifier(&d, Verdict::Avertissement, 78, &[Motif::LettresRaccord]);
}

// --- 5.1.2 Indication alphanumérique ---

/// TASSE en H8 et SALON en N1 ; tirage CEEHLUV : CHEVELUS en 1G (101, comme au guide),
/// CHEVELUE en 12A (88).
fn chevelus() -> Situation {
    let s = Situation::new(grille_mots(&[("H8", "TASSE"), ("N1", "SALON")]), "CEEHLUV", &["CHEVELUS", "CHEVELUE"]);
    assert_eq!(s.score("CHEVELUS", "1G"), 101);
    assert_eq!(s.score("CHEVELUE", "12A"), 88);
    s
}

fn vertical(mot: &str) -> String {
    mot.chars().map(|c| format!("|{c}\n")).collect()
}

/// Guide 1.2.1 : « Bulletin valide. » (1 G, 101)
#[test]
fn guide_5_1_2_ex1_reference_correcte() {
    let d = chevelus().corriger(&format!("ref: 1 G\nscore: 101\n{}", vertical("CHEVELUS")));
    valide(&d, 101);
    solution(&d, "CHEVELUS", "1G", 101);
}

/// Guide 1.2.2 : « Avertissement : la référence 1 G a été inversée pour G 1. »
#[test]
fn guide_5_1_2_ex2_reference_inversee() {
    let d = chevelus().corriger(&format!("ref: G 1\nscore: 101\n{}", vertical("CHEVELUS")));
    verifier(&d, Verdict::Avertissement, 101, &[Motif::Inversion]);
}

/// Guide 1.2.3 : « Avertissement : le mot aurait dû être écrit à la verticale. »
#[test]
fn guide_5_1_2_ex3_sens_du_mot_inverse() {
    let d = chevelus().corriger("ref: 12 A\nscore: 88\n|CHEVELUE\n");
    verifier(&d, Verdict::Avertissement, 88, &[Motif::Inversion]);
}

/// Guide 1.2.4 : « Zéro : référence ET sens du mot inversés. »
#[test]
fn guide_5_1_2_ex4_reference_et_sens_inverses() {
    let d = chevelus().corriger("ref: G 1\nscore: 101\n|CHEVELUS\n");
    assert_eq!((d.verdict, d.score), (Verdict::Zero, 0), "{d:?}");
    assert!(d.motifs.iter().any(|m| matches!(m, Motif::ReferenceEtSensInverses { .. })), "{d:?}");
}

/// Guide 1.2.5 : « Pénalité : la référence est erronée (12 C au lieu de 12 A), mais le
/// score existe pour ce mot écrit dans ce sens. »
#[test]
fn guide_5_1_2_ex5_reference_erronee_score_existant_penalite() {
    let d = chevelus().corriger(&format!("ref: 12 C\nscore: 88\n{}", vertical("CHEVELUE")));
    verifier(&d, Verdict::Penalite, 83, &[Motif::LocalisationPenalite]);
}

// --- 5.1.3 Les deux modes sur un même bulletin ---

/// Guide 1.3.1 : « Bulletin valide : les règles à suivre sont respectées pour les deux
/// modes de localisation. »
#[test]
fn guide_5_1_3_ex1_deux_modes_corrects() {
    let d = harnois().corriger(&bulletin_harnois("ILE", "ref: 10 F\nscore: 78\n"));
    valide(&d, 78);
}

/// Guide 1.3.2 : « Avertissement pour 2 lettres de raccord ».
#[test]
fn guide_5_1_3_ex2_reference_juste_deux_lettres_de_raccord() {
    let d = harnois().corriger(&bulletin_harnois("LE", "ref: 10 F\nscore: 78\n"));
    verifier(&d, Verdict::Avertissement, 78, &[Motif::LettresRaccord]);
}

/// Guide 1.3.3 : « Avertissement : les 2 modes de localisation sont fautifs, mais les
/// sanctions ne se cumulent pas. La référence alphanumérique inversée mérite un
/// avertissement, tout comme les 2 lettres de raccord. »
#[test]
fn guide_5_1_3_ex3_deux_modes_fautifs_un_seul_avertissement() {
    let d = harnois().corriger(&bulletin_harnois("LE", "ref: F 10\nscore: 78\n"));
    assert_eq!((d.verdict, d.score), (Verdict::Avertissement, 78), "{d:?}");
    assert!(
        d.motifs.contains(&Motif::LettresRaccord) || d.motifs.contains(&Motif::Inversion),
        "le billet porte l'un des manquements : {d:?}"
    );
}

/// Guide 1.3.4 : « Bulletin valide : les règles sont respectées pour les deux modes de
/// localisation. » (TIMBRE : raccord M, U, T et référence 10 C)
#[test]
fn guide_5_1_3_ex4_deux_modes_corrects_trois_mots() {
    let d = timbre().corriger("ref: 10 C\nscore: 41\n|.T\n|MI\n|.M\n|UB\n|.R\n|TE\n");
    valide(&d, 41);
}

/// Guide 1.3.5 : « Avertissement : la référence 14 B impliquerait une pénalité, mais le
/// mode avec lettres de raccord est valide. »
#[test]
fn guide_5_1_3_ex5_reference_fausse_raccord_juste() {
    let d = harnois().corriger(&bulletin_harnois("ILE", "ref: 10 G\nscore: 78\n"));
    verifier(&d, Verdict::Avertissement, 78, &[Motif::DeuxModes]);
}

// --- 5.1.4 Erreur dans le raccord ---

/// Guide 1.4.1 : « Pénalité : une seule lettre de raccord correcte (le I), mais score
/// existant pour ce mot dans ce sens. « OI » en « IO » dans le raccord. » Ici LI au lieu
/// de IL : seul le E est correct.
#[test]
fn guide_5_1_4_ex1_lettres_interverties_une_seule_correcte_penalite() {
    let d = harnois().corriger(&bulletin_harnois("LIE", "score: 78\n"));
    verifier(&d, Verdict::Penalite, 73, &[Motif::LocalisationPenalite]);
}

/// Guide 1.4.2 : « Pénalité : une seule lettre de raccord correcte (le R), mais score
/// existant pour ce mot dans ce sens. »
#[test]
fn guide_5_1_4_ex2_une_seule_lettre_de_raccord_score_existant() {
    let d = harnois().corriger(&bulletin_harnois("E", "score: 78\n"));
    verifier(&d, Verdict::Penalite, 73, &[Motif::LocalisationPenalite]);
    let sol = d.solution.as_ref().expect("la solution qui motive la pénalité");
    assert_eq!((sol.mot.as_str(), sol.score), ("HARNOIS", 78));
}

/// Guide 1.4.3 : « Zéro : une seule lettre de raccord correcte (le I) et score impossible
/// pour ce mot dans ce sens. »
#[test]
fn guide_5_1_4_ex3_une_seule_lettre_de_raccord_score_faux() {
    let d = harnois().corriger(&bulletin_harnois("E", "score: 31\n"));
    zero(&d, &[]);
    assert_eq!(d.score_revendique, Some(31));
}

/// Guide 5.1.4 : « la présence d'une telle lettre parasite interrompt la chaîne en cours
/// de lettres de raccord » : IXE — le I est bien à sa place, mais X (parasite) coupe la
/// chaîne ; une seule lettre de raccord (E), score existant : pénalité.
#[test]
fn guide_5_1_4_parasite_interrompt_la_chaine() {
    let d = harnois().corriger(&bulletin_harnois("IXE", "score: 78\n"));
    verifier(&d, Verdict::Penalite, 73, &[Motif::LocalisationPenalite]);
}

/// Guide 7.4.5 : « il y a deux lettres de raccord correctes (EE), les 5 lettres SAUVEE
/// étant considérées comme parasites. Le bulletin est donc payé 158 points avec un
/// avertissement pour « nombre de lettres de raccord insuffisant ». » (SAUV parasites
/// devant L et E)
#[test]
fn guide_5_7_4_ex5_longue_suite_parasite_deux_lettres_correctes() {
    let d = harnois().corriger(&bulletin_harnois("SAUVLE", "score: 78\n"));
    verifier(&d, Verdict::Avertissement, 78, &[Motif::LettresRaccord]);
}

// --- 5.1.5 Raccord insuffisamment précis ---

/// ENTOILER en E4 et RESALER en L5 finissent tous deux par LER ; tirage ABEILMN :
/// MINABLE en 12B (81, forme ENTOILERA) ou en 12I (88, forme RESALERA). `bloque` : une
/// lettre en A12 empêche la place 12B.
fn minable(bloque: bool) -> Situation {
    let mut poses = vec![("E4", "ENTOILER"), ("L5", "RESALER")];
    if bloque {
        poses.push(("A11", "OX"));
    }
    let s = Situation::new(grille_mots(&poses), "ABEILMN", &["MINABLE", "ENTOILERA", "RESALERA"]);
    assert_eq!(s.score("MINABLE", "12I"), 88);
    assert_eq!(s.est_solution("MINABLE", "12B"), !bloque);
    if !bloque {
        assert_eq!(s.score("MINABLE", "12B"), 81);
    }
    s
}

fn bulletin_minable(raccord: &str, extra: &str) -> String {
    let marge = ".".repeat(raccord.len());
    let mut t = String::from(extra);
    for (i, c) in "MINABLE".chars().enumerate() {
        let debut = if i == 3 { raccord } else { &marge };
        t += &format!("|{debut}{c}\n");
    }
    t
}

/// Guide 1.5.1 : « Bulletin valide. » (le raccord se retrouve à deux endroits, le score
/// correspond à l'un d'eux : « si le score indiqué correspond à une place correcte, il est
/// appliqué », règlement 5.4.2.b).
#[test]
fn guide_5_1_5_ex1_raccord_ambigu_score_d_une_place() {
    let d = minable(false).corriger(&bulletin_minable("LER", "score: 88\n"));
    valide(&d, 88);
    solution(&d, "MINABLE", "12I", 88);
}

/// Guide 1.5.6 : « Bulletin valide : le score confirme la place. »
#[test]
fn guide_5_1_5_ex6_le_score_confirme_l_autre_place() {
    let d = minable(false).corriger(&bulletin_minable("LER", "score: 81\n"));
    valide(&d, 81);
    solution(&d, "MINABLE", "12B", 81);
}

/// Guide 1.5.2 : « Bulletin valide. » (référence alphanumérique seule)
#[test]
fn guide_5_1_5_ex2_reference_seule() {
    let d = minable(false).corriger(&bulletin_minable("", "ref: 12 I\nscore: 88\n"));
    valide(&d, 88);
}

/// Guide 1.5.3 : « Avertissement pour erreur de score. Le raccord sur ENTOILER n'est pas
/// un placement possible du mot MINABLE sur la grille. Seul le raccord sur RESALER est
/// possible. »
#[test]
fn guide_5_1_5_ex3_une_seule_place_possible_score_faux() {
    let d = minable(true).corriger(&bulletin_minable("LER", "score: 80\n"));
    verifier(&d, Verdict::Avertissement, 88, &[Motif::Score]);
}

/// Guide 1.5.4 : « Avertissement : sans aucune confusion possible, le mot est raccordé
/// sur RESALER, mais le score est erroné. » (comme au 1.5.3, la place sur ENTOILER est
/// impossible ; raccord ALER)
#[test]
fn guide_5_1_5_ex4_raccord_precis_score_faux() {
    let d = minable(true).corriger(&bulletin_minable("ALER", "score: 86\n"));
    verifier(&d, Verdict::Avertissement, 88, &[Motif::Score]);
    solution(&d, "MINABLE", "12I", 88);
}

/// Guide 1.5.5 : « Avertissement pour erreur de score. Le bulletin est crédité du score
/// minimal correspondant au raccord sur ENTOILER » (5.4.2.b : « sinon le score minimum
/// est appliqué (en excluant la nullité) »).
#[test]
fn guide_5_1_5_ex5_raccord_ambigu_score_faux_minimum() {
    let d = minable(false).corriger(&bulletin_minable("LER", "score: 31\n"));
    verifier(&d, Verdict::Avertissement, 81, &[Motif::Score]);
}

/// Guide 1.5.7 : « Avertissement : bulletin crédité de 25 points. Aucun doute possible
/// quant au placement. » (raccord ambigu, la référence désigne la place, score faux)
#[test]
fn guide_5_1_5_ex7_reference_leve_l_ambiguite_score_faux() {
    let d = minable(false).corriger(&bulletin_minable("LER", "ref: 12 B\nscore: 80\n"));
    verifier(&d, Verdict::Avertissement, 81, &[Motif::Score]);
}
