//! Les requêtes de la correction : F2 (où ce mot est-il jouable ?), F12 (où ce mot
//! fait-il ce score ?), et la raison précise d'un placement illégal.

use arbitre_engine::evaluation::{evaluer, places_au_score, places_jouables, verifier, Illegal};
use arbitre_engine::tuiles::mot_depuis_texte;
use arbitre_engine::{Direction, Formule, Grille, Lexique, Partie, Tirage};
use std::path::Path;

/// La grille de rosace.partie avant le coup 2 : ROSACE en H8.
fn rosace_coup_2() -> Grille {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/validation/eliot-games/rosace.partie");
    Partie::lire(&p, Formule::STANDARD).unwrap().grille_avant(2).unwrap().clone()
}

fn lx() -> Lexique {
    Lexique::depuis_mots("t", &["WESTERN", "ROSACE", "ROSACES", "TE", "EN", "NE", "RE", "WE"])
}

fn m(s: &str) -> Vec<u8> {
    mot_depuis_texte(s).unwrap()
}

#[test]
fn f2_places_ou_le_mot_est_jouable() {
    let g = rosace_coup_2();
    let places: Vec<String> = places_jouables(&g, &Formule::STANDARD, &lx(), &m("WESTERN")).iter().map(|e| e.reference.to_string()).collect();
    // Tirage ignoré : par le R (8C), le S (10F) ou l'E (13D, 13G) de ROSACE, ou parallèle
    // en 14F en formant ROSACES.
    assert_eq!(places, vec!["8C", "13D", "10F", "14F", "13G"]);
}

#[test]
fn f12_places_au_score() {
    let g = rosace_coup_2();
    let f = Formule::STANDARD;
    let p = places_au_score(&g, &f, &lx(), &m("WESTERN"), Direction::Vertical, 54);
    assert_eq!(p.iter().map(|e| e.reference.to_string()).collect::<Vec<_>>(), vec!["13G"]);
    assert!(places_au_score(&g, &f, &lx(), &m("WESTERN"), Direction::Vertical, 53).is_empty());
}

#[test]
fn raisons_d_illegalite() {
    let g = rosace_coup_2();
    let f = Formule::STANDARD;
    let e = |mot: &str, r: &str| evaluer(&g, &f, &m(mot), r.parse().unwrap()).unwrap_err();
    assert_eq!(e("WESTERN", "13J"), Illegal::HorsGrille);
    assert_eq!(e("WESTERN", "A1"), Illegal::NonRaccorde);
    assert_eq!(e("WESTERN", "13F"), Illegal::Discordance { case: "H13".into(), sur_grille: 'E', ecrit: 'S' });
    assert_eq!(e("ROSACE", "H8"), Illegal::AucunePose);
    assert_eq!(e("ROSAC", "H8"), Illegal::Prolonge { mot_complet: "ROSACE".into() });
    assert_eq!(e("OSACES", "H9"), Illegal::Prolonge { mot_complet: "ROSACES".into() });
    let tirage: Tirage = "WTSREIN".parse().unwrap();
    let lx = lx();
    assert!(verifier(&g, &f, &lx, &tirage, &m("WESTERN"), "13G".parse().unwrap()).is_ok());
    let court: Tirage = "WTSREIA".parse().unwrap();
    assert_eq!(
        verifier(&g, &f, &lx, &court, &m("WESTERN"), "13G".parse().unwrap()).unwrap_err(),
        Illegal::HorsTirage { lettres: "N".into() }
    );
    // Un mot formé en raccord non admis est nommé : WESTERN en G7 forme W/R… non ; on pose
    // EN sous ROSACE : E en I12, N en I13 forment CE et EN verticaux (CE non admis ici).
    let t: Tirage = "EN".parse().unwrap();
    assert_eq!(
        verifier(&g, &f, &lx, &t, &m("EN"), "I12".parse().unwrap()).unwrap_err(),
        Illegal::NonAdmis { mots: vec!["CE".into()] }
    );
}
