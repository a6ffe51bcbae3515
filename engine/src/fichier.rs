//! Une seule façon de dire qu'un fichier ne se lit pas : son chemin, la ligne quand il y en
//! a une, et la cause, en français. `fichier:ligne: cause` pour un défaut dans le contenu,
//! `fichier : cause` quand le fichier lui-même manque ou ne s'ouvre pas — jamais
//! `fichier:0:`.

use std::fmt;
use std::path::Path;

/// Ce qui empêche de lire un fichier.
#[derive(Debug, thiserror::Error)]
pub enum Cause {
    /// Le fichier ne s'ouvre pas ou ne se lit pas (introuvable, permission…).
    #[error("{}", crate::francais::io(.0))]
    Io(#[from] std::io::Error),
    /// Le contenu est fautif à cet endroit.
    #[error("{0}")]
    Contenu(String),
}

/// Un fichier qui ne se lit pas.
#[derive(Debug)]
pub struct ErreurFichier {
    pub chemin: String,
    /// La ligne (à partir de 1) du défaut, s'il est dans le contenu.
    pub ligne: Option<usize>,
    pub cause: Cause,
}

impl fmt::Display for ErreurFichier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.ligne {
            Some(n) => write!(f, "{}:{n}: {}", self.chemin, self.cause),
            None => write!(f, "{} : {}", self.chemin, self.cause),
        }
    }
}

impl std::error::Error for ErreurFichier {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.cause {
            Cause::Io(e) => Some(e),
            Cause::Contenu(_) => None,
        }
    }
}

impl ErreurFichier {
    /// Le fichier ne s'ouvre pas ou ne se lit pas.
    pub fn io(chemin: &Path, e: std::io::Error) -> Self {
        ErreurFichier { chemin: chemin.display().to_string(), ligne: None, cause: Cause::Io(e) }
    }

    /// Un défaut du contenu, à la ligne donnée.
    pub fn contenu(chemin: impl Into<String>, ligne: usize, message: impl Into<String>) -> Self {
        ErreurFichier { chemin: chemin.into(), ligne: Some(ligne), cause: Cause::Contenu(message.into()) }
    }
}

/// Les octets d'un fichier, ou l'erreur qui le nomme.
pub fn lire(chemin: &Path) -> Result<Vec<u8>, ErreurFichier> {
    std::fs::read(chemin).map_err(|e| ErreurFichier::io(chemin, e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn un_fichier_absent_est_nomme_sans_ligne_et_en_francais() {
        let e = lire(Path::new("/pas/de/telle/partie.partie")).unwrap_err();
        assert_eq!(e.to_string(), "/pas/de/telle/partie.partie : fichier ou répertoire introuvable");
        assert!(e.ligne.is_none());
    }

    #[test]
    fn un_defaut_du_contenu_nomme_fichier_et_ligne() {
        assert_eq!(ErreurFichier::contenu("p.partie", 3, "tirage illisible").to_string(), "p.partie:3: tirage illisible");
    }
}
