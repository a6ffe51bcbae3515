//! Guide pratique d'arbitrage 2020, 5.8 « Les problèmes de graphie » : « si la graphie
//! présentée autorise plusieurs solutions, c'est la solution minimale qui doit être
//! retenue » ; si l'une des lectures n'est pas valide, le mot est illisible ; un raccord
//! illisible ne localise pas.

use arbitre_engine::arbitrage::{Motif, Verdict};
use crate::commun::*;

/// ENTOILE en H3 ; tirage AHINORS : NOIR et SOIR en 10E (14, forment ENTOILER), HARNOIS
/// en 10F (78).
fn situation() -> Situation {
    let s = Situation::new(
        grille_mots(&[("H3", "ENTOILE")]),
        "AHINORS",
        &["HARNOIS", "NOIR", "SOIR", "ENTOILER", "ENTOILES", "RENTOILE"],
    );
    assert_eq!(s.score("NOIR", "10E"), 14);
    assert_eq!(s.score("SOIR", "10E"), 14);
    s
}

/// Guide 20.2 : « Bulletin validé : les deux mots « déchiffrables » sont valides. »
/// (première lettre lisible N ou S)
#[test]
fn guide_5_8_ex2_deux_lectures_valides() {
    let d = situation().corriger("score: 14\n|...{NS}\n|...O\n|...I\n|ILER\n");
    valide(&d, 14);
}

/// Guide 20.3 : « Zéro : l'une des deux solutions pouvant être retenues n'est pas valide ;
/// le mot est considéré comme illisible. » (N ou X : XOIR n'est pas admis)
#[test]
fn guide_5_8_ex3_une_lecture_non_valide_illisible() {
    let d = situation().corriger("score: 14\n|...{NX}\n|...O\n|...I\n|ILER\n");
    zero(&d, &[Motif::Illisible]);
}

/// Guide 20.1 : « Zéro : le raccord est illisible. » (aucun score qui permettrait une
/// pénalité)
#[test]
fn guide_5_8_ex1_raccord_illisible() {
    let d = situation().corriger("|...H\n|...A\n|###R\n|...N\n|...O\n|...I\n|...S\n");
    zero(&d, &[]);
}

/// Issue 4 : « `#` in a played word makes it illegible » (guide 5.8).
#[test]
fn guide_5_8_marque_illisible_dans_le_mot() {
    let d = situation().corriger("score: 78\n|...H\n|...A\n|ILER\n|...#\n|...O\n|...I\n|...S\n");
    zero(&d, &[Motif::Illisible]);
}

/// Guide 5.8 : « une solution écrite sur un bulletin, mais abandonnée par le joueur au
/// profit d'une autre, doit être barrée clairement » — la lettre barrée n'existe pas
/// (règlement 5.4) : SOIR avec un N barré devant le S est lu SOIR.
#[test]
fn guide_5_8_lettre_barree_ignoree() {
    let d = situation().corriger("score: 14\n|...~N\n|...S\n|...O\n|...I\n|ILER\n");
    assert_eq!((d.verdict, d.score), (Verdict::Valide, 14), "{d:?}");
}
