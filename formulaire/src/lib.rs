//! Le bulletin de jeu comme une donnée et sa géométrie, sans modèle de reconnaissance :
//! le générateur d'échantillons (`samples`) et la lecture des scans (`pipeline`) partagent
//! ainsi la même description du formulaire.

pub mod formulaire;
pub mod geometrie;

pub use formulaire::{Cadre, ErreurFormulaire, Formulaire, Quadrillage, Rect, Role};
pub use geometrie::Homographie;
