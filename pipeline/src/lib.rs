//! Des bulletins scannés aux lectures.

pub use arbitre_formulaire::formulaire;

pub mod cadres;
pub mod cases;
pub mod chargement;
pub mod echantillonnage;
pub mod partage;
pub mod plan;
pub mod recalage;
pub mod vignette;
