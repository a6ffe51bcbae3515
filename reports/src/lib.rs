//! Rapports de correction d'une manche de Scrabble duplicate : les résultats (règlement
//! 3.5, 5.9, 6.2), le double arbitrage et ses rectifications, les billets de correction
//! (guide pratique d'arbitrage 2020, section 2), la feuille de suivi du double arbitrage
//! (guide, section 3), l'archive de la partie (`ARCHIVE.md`) et la page d'index.
//!
//! Tout rapport est une fonction pure d'un [`Dossier`] : relire l'archive redonne les
//! mêmes rapports, octet pour octet.

pub mod accords;
pub mod alertes;
pub mod archive;
mod billet_imprime;
pub mod billets;
pub mod dossier;
pub mod double_arbitrage;
mod html;
pub mod index;
pub mod joueurs;
pub mod nombres;
mod lecture_archivee;
pub mod classement;
pub mod decisions;
pub mod rapports;
pub mod resultats;
pub mod revue;
mod revue_rejets;
pub mod suivi;
pub mod synthese;
pub mod tableur;
pub mod verification;
pub mod tournoi;

pub use dossier::{BulletinCorrige, CoupPartie, Dossier, ErreurBulletin, GenreErreur, Joueur, Reglages};
use arbitre_engine::fichier::ErreurFichier;
pub use rapports::{ecrire_rapports, ecrire_rapports_et_extraits, ecrire_sortie, generer_rapports, verifier_sortie, Extrait, Rapport};

/// Les erreurs de lecture des fichiers d'entrée et d'écriture des rapports.
#[derive(Debug, thiserror::Error)]
pub enum Erreur {
    /// Un fichier d'entrée (CSV des joueurs, du premier arbitre) : fichier, ligne quand il
    /// y en a une, ce qui ne va pas.
    #[error(transparent)]
    Fichier(#[from] ErreurFichier),
    /// Plusieurs lignes fautives d'un même fichier d'entrée, toutes dites ensemble : une
    /// seule relance suffit pour les corriger.
    #[error("{}", joueurs::dire_les_lignes(.0))]
    Lignes(Vec<ErreurFichier>),
    /// Une archive relue, ou les archives d'un tournoi : laquelle, ce qui ne va pas.
    #[error("archive {0}")]
    Archive(ErreurFichier),
    /// L'écriture d'un rapport.
    #[error("{chemin} : {}", arbitre_engine::francais::io(source))]
    Io { chemin: String, source: std::io::Error },
    #[error("dossier de sortie {chemin} : {message}")]
    Sortie { chemin: String, message: String },
}
