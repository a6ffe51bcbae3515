//! Erreurs de lecture et de cohérence, toujours rapportées au fichier (et à la ligne) fautif.

use std::path::PathBuf;

/// Une erreur de la formule classique. L'affichage est en français et commence par
/// `fichier:ligne:` quand une ligne est en cause, pour que l'arbitre corrige la bonne.
#[derive(Debug, thiserror::Error)]
pub enum Erreur {
    /// Le fichier ne peut pas être lu (absent, droits, pas en UTF-8…).
    #[error("{}: lecture impossible : {source}", fichier.display())]
    Lecture {
        fichier: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// Une ligne précise est fautive.
    #[error("{}:{ligne}: {message}", fichier.display())]
    Ligne { fichier: PathBuf, ligne: u64, message: String },
    /// Le fichier est incohérent dans son ensemble (ronde manquante, joueur absent d'une ronde…).
    #[error("{}: {message}", fichier.display())]
    Fichier { fichier: PathBuf, message: String },
    /// Le tournoi ne peut pas être apparié (nombre de joueurs hors formule, tournoi terminé…).
    #[error("{0}")]
    Tournoi(String),
}

impl Erreur {
    pub(crate) fn ligne(fichier: &std::path::Path, ligne: u64, message: impl Into<String>) -> Self {
        Erreur::Ligne { fichier: fichier.to_path_buf(), ligne, message: message.into() }
    }

    pub(crate) fn fichier(fichier: &std::path::Path, message: impl Into<String>) -> Self {
        Erreur::Fichier { fichier: fichier.to_path_buf(), message: message.into() }
    }
}

/// Lit un fichier texte UTF-8 (la marque d'ordre d'octets d'un tableur est retirée).
pub(crate) fn lire_texte(fichier: &std::path::Path) -> Result<String, Erreur> {
    let octets = std::fs::read(fichier).map_err(|source| Erreur::Lecture { fichier: fichier.to_path_buf(), source })?;
    let texte = String::from_utf8(octets).map_err(|e| Erreur::Lecture {
        fichier: fichier.to_path_buf(),
        source: std::io::Error::new(std::io::ErrorKind::InvalidData, format!("le fichier n'est pas en UTF-8 ({e})")),
    })?;
    Ok(texte.strip_prefix('\u{feff}').map(str::to_owned).unwrap_or(texte))
}

/// Lit un CSV (virgules, ligne d'en-tête) et vérifie l'en-tête : les colonnes `obligatoires`
/// dans cet ordre, puis éventuellement les `facultatives`. Rend les enregistrements avec
/// leur numéro de ligne.
pub(crate) fn lire_csv(
    fichier: &std::path::Path,
    texte: &str,
    obligatoires: &[&str],
    facultatives: &[&str],
) -> Result<(usize, Vec<(u64, csv::StringRecord)>), Erreur> {
    let attendu = || {
        let mut s = obligatoires.join(",");
        for f in facultatives {
            s.push_str(&format!("[,{f}]"));
        }
        s
    };
    let mut lecteur = csv::ReaderBuilder::new().has_headers(false).flexible(true).trim(csv::Trim::All).from_reader(texte.as_bytes());
    let mut lignes = Vec::new();
    let mut colonnes = None;
    for enr in lecteur.records() {
        let enr = enr.map_err(|e| {
            let ligne = e.position().map(|p| p.line()).unwrap_or(0);
            Erreur::ligne(fichier, ligne, format!("CSV illisible : {e}"))
        })?;
        let ligne = enr.position().map(|p| p.line()).unwrap_or(0);
        if enr.iter().all(str::is_empty) {
            continue;
        }
        match colonnes {
            None => {
                let entete: Vec<String> = enr.iter().map(str::to_lowercase).collect();
                let n = entete.len();
                let bon = n >= obligatoires.len()
                    && n <= obligatoires.len() + facultatives.len()
                    && entete.iter().zip(obligatoires.iter().chain(facultatives)).all(|(a, b)| a == b);
                if !bon {
                    return Err(Erreur::ligne(fichier, ligne, format!("en-tête « {} » : attendu « {} »", enr.iter().collect::<Vec<_>>().join(","), attendu())));
                }
                colonnes = Some(n);
            }
            Some(n) => {
                // Les colonnes facultatives peuvent manquer en fin de ligne.
                if enr.len() > n || enr.len() < obligatoires.len() {
                    return Err(Erreur::ligne(fichier, ligne, format!("{} colonne{} au lieu de {n} ({})", enr.len(), if enr.len() > 1 { "s" } else { "" }, attendu())));
                }
                lignes.push((ligne, enr));
            }
        }
    }
    match colonnes {
        Some(n) => Ok((n, lignes)),
        None => Err(Erreur::fichier(fichier, format!("fichier vide : la ligne d'en-tête « {} » manque", attendu()))),
    }
}
