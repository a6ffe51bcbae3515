//! Une sous-commande par module ; les options communes dans [`commun`].

pub mod classique;
pub mod commun;
pub mod corriger;
pub mod lectures;
pub mod echantillons;
pub mod evaluer;
pub mod grade;
pub mod lexique;
pub mod lire;
pub mod manche;
pub mod run;
pub mod solutions;
pub mod tournoi;
pub mod verifier;
