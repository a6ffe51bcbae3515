//! Moteur d'arbitre : les lettres et la grille du Scrabble duplicate francophone, le
//! lexique, les parties, la génération de toutes les solutions d'un coup et les requêtes
//! dont la correction a besoin. Aucune entrée-sortie hors du chargement des fichiers.

// Les tests unitaires partagent des fichiers avec les tests d'intégration, qui nomment
// le crate `arbitre_engine` (`tests/commun/grilles.rs`).
#[cfg(test)]
extern crate self as arbitre_engine;

pub mod arbitrage;
pub mod evaluation;
pub mod fichier;
pub mod francais;
pub mod generation;
pub mod grille;
pub mod lecture;
pub mod lexique;
pub mod lexique_partie;
pub mod nombres;
pub mod partie;
pub mod reference;
pub mod regles;
pub mod texte;
pub mod tuiles;

pub use fichier::ErreurFichier;
pub use evaluation::{evaluer, places_au_score, places_jouables, verifier, Evaluation, Illegal, Pose};
pub use generation::{solutions, Solution};
pub use grille::Grille;
pub use lexique::{Identite, Lexique};
pub use lexique_partie::LexiquePartie;
pub use partie::{Partie, ErreurPartie};
pub use reference::{Direction, Reference};
pub use regles::Formule;
pub use tuiles::{Lettre, Tirage};
