//! Des bulletins scannés aux lectures.

pub use arbitre_formulaire::formulaire;

pub mod chargement;
pub mod echantillonnage;
pub mod recalage;
