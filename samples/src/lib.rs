//! Bulletins de jeu scannés synthétiques, à partir d'écritures réelles (EMNIST), avec leur
//! vérité terrain : de quoi construire et mesurer la lecture des scans.

pub mod dessin;
pub mod ecritures;
pub mod generateur;
pub mod manche;
pub mod redaction;
pub mod rendu;
pub mod scanner;
pub mod sortie;
pub mod verite;
