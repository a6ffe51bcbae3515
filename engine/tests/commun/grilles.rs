//! La grille des tests, écrite une fois : des mots posés. Partagé
//! par les tests d'intégration (`commun`) et les tests unitaires de la correction
//! (`src/arbitrage/tests.rs`).

use arbitre_engine::tuiles::mot_depuis_texte;
use arbitre_engine::{Grille, Reference};

/// Une grille faite de mots posés : `(référence, mot)`, minuscule = joker.
pub fn grille_mots(poses: &[(&str, &str)]) -> Grille {
    let mut g = Grille::vide();
    for (r, mot) in poses {
        let r: Reference = r.parse().expect("référence");
        g.poser(r, &mot_depuis_texte(mot).expect("mot"));
    }
    g
}
