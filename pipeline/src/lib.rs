//! Des bulletins scannés aux lectures.

pub mod formulaire;
