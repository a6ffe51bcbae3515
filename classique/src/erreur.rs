//! Erreurs de lecture et de cohérence, toujours rapportées au fichier (et à la ligne) fautif.

use arbitre_engine::fichier::ErreurFichier;

/// Une erreur de la formule classique. L'affichage est en français et commence par
/// `fichier:ligne:` quand une ligne est en cause, pour que l'arbitre corrige la bonne.
#[derive(Debug, thiserror::Error)]
pub enum Erreur {
    /// Un fichier ne se lit pas (absent, droits, pas en UTF-8), une ligne précise est
    /// fautive, ou le fichier est incohérent dans son ensemble (ronde manquante, joueur
    /// absent d'une ronde…) : l'erreur de fichier du projet.
    #[error(transparent)]
    Fichier(#[from] ErreurFichier),
    /// Le tournoi ne peut pas être apparié (nombre de joueurs hors formule, tournoi terminé…).
    #[error("{0}")]
    Tournoi(String),
}

impl Erreur {
    pub(crate) fn ligne(fichier: &std::path::Path, ligne: u64, message: impl Into<String>) -> Self {
        Erreur::Fichier(ErreurFichier::ligne(fichier, ligne as usize, message))
    }

    pub(crate) fn fichier(fichier: &std::path::Path, message: impl Into<String>) -> Self {
        Erreur::Fichier(ErreurFichier::contenu(fichier, message))
    }
}

/// Lit un fichier texte UTF-8 (la marque d'ordre d'octets d'un tableur est retirée).
pub(crate) fn lire_texte(fichier: &std::path::Path) -> Result<String, Erreur> {
    let texte = arbitre_engine::fichier::lire_texte(fichier)?;
    Ok(texte.strip_prefix('\u{feff}').map(str::to_owned).unwrap_or(texte))
}

/// Lit un CSV (virgules, ou points-virgules d'un tableur réglé en français :
/// [`arbitre_engine::fichier::separateur_csv`] ; ligne d'en-tête) et vérifie l'en-tête : les colonnes `obligatoires`
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
    let separateur = arbitre_engine::fichier::separateur_csv(texte);
    let mut lecteur = csv::ReaderBuilder::new().has_headers(false).flexible(true).trim(csv::Trim::All).delimiter(separateur).from_reader(texte.as_bytes());
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
