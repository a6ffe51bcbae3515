//! Les nombres tels qu'un lecteur français les lit ([`arbitre_engine::nombres`]), repris
//! ici pour les rapports.

pub use arbitre_engine::nombres::{decimal, pourcent, seuil};
