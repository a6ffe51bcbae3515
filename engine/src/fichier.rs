//! Une seule façon de dire qu'un fichier ne se lit pas : [`ErreurFichier`], le fichier,
//! la ligne quand il y en a une, et la cause. Partie, lexique, lectures de bulletins,
//! archive et CSV des rapports, fichiers de la ligne de commande : même forme,
//! `fichier:ligne: cause`, ou `fichier : cause` quand l'erreur n'est pas celle d'une ligne
//! (fichier absent, illisible, vide).

use std::path::{Path, PathBuf};

/// Une erreur de lecture d'un fichier.
#[derive(Debug, thiserror::Error)]
pub struct ErreurFichier {
    pub chemin: PathBuf,
    /// La ligne (à partir de 1) quand l'erreur est celle d'une ligne.
    pub ligne: Option<usize>,
    #[source]
    pub cause: Cause,
}

/// Ce qui empêche de lire le fichier.
#[derive(Debug, thiserror::Error)]
pub enum Cause {
    /// Le système refuse la lecture (fichier absent, droits, répertoire…).
    #[error("lecture impossible : {}", crate::francais::io(.0))]
    Lecture(#[source] std::io::Error),
    /// Des octets qui ne sont pas de l'UTF-8.
    #[error("{}", crate::texte::MESSAGE_ENCODAGE)]
    Encodage,
    /// Le contenu ne dit pas ce qu'il doit dire.
    #[error("{0}")]
    Contenu(String),
}

impl std::fmt::Display for ErreurFichier {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.ligne {
            Some(n) => write!(f, "{}:{n}: {}", self.chemin.display(), self.cause),
            None => write!(f, "{} : {}", self.chemin.display(), self.cause),
        }
    }
}

impl ErreurFichier {
    /// Le fichier ne se lit pas (absent, droits…).
    pub fn lecture(chemin: &Path, e: std::io::Error) -> Self {
        ErreurFichier { chemin: chemin.to_path_buf(), ligne: None, cause: Cause::Lecture(e) }
    }

    /// Une ligne du fichier ne dit pas ce qu'elle doit dire.
    pub fn ligne(chemin: &Path, ligne: usize, message: impl Into<String>) -> Self {
        ErreurFichier { chemin: chemin.to_path_buf(), ligne: Some(ligne), cause: Cause::Contenu(message.into()) }
    }

    /// Le fichier entier ne dit pas ce qu'il doit dire (vide, sans l'élément attendu…).
    pub fn contenu(chemin: &Path, message: impl Into<String>) -> Self {
        ErreurFichier { chemin: chemin.to_path_buf(), ligne: None, cause: Cause::Contenu(message.into()) }
    }

    /// La ligne `ligne` n'est pas de l'UTF-8.
    pub fn encodage(chemin: &Path, ligne: usize) -> Self {
        ErreurFichier { chemin: chemin.to_path_buf(), ligne: Some(ligne), cause: Cause::Encodage }
    }
}

/// Le nom d'un fichier d'entrée tel que le gardent les rapports (la `source` des lectures,
/// la partie, les messages qui finissent dans l'archive) : son nom seul, sans le dossier où
/// il est rangé sur cette machine — les mêmes entrées, rangées ailleurs, donnent les mêmes
/// rapports, octet pour octet, et l'archive ne porte aucun chemin absolu (`/home/…`).
pub fn nom_seul(chemin: &Path) -> String {
    chemin.file_name().map_or_else(|| chemin.display().to_string(), |n| n.to_string_lossy().into_owned())
}

/// Les octets d'un fichier.
pub fn lire(chemin: &Path) -> Result<Vec<u8>, ErreurFichier> {
    std::fs::read(chemin).map_err(|e| ErreurFichier::lecture(chemin, e))
}

/// Le texte d'un fichier UTF-8 (CSV, archive, liste de mots) : une ligne qui n'en est pas
/// est une erreur `fichier:ligne` (le fichier décide de tout : on ne devine pas).
pub fn lire_texte(chemin: &Path) -> Result<String, ErreurFichier> {
    let d = crate::texte::decoder(&lire(chemin)?);
    match d.lignes_invalides.first() {
        Some(&n) => Err(ErreurFichier::encodage(chemin, n)),
        None => Ok(d.texte),
    }
}

/// L'empreinte d'un contenu : les 8 premiers octets de son SHA-256, en hexadécimal (16
/// caractères) ; deux contenus différents n'ont pas la même, en pratique.
pub fn empreinte(octets: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    seize_chiffres(&Sha256::digest(octets))
}

/// Les 8 premiers octets d'un SHA-256, en hexadécimal.
fn seize_chiffres(sha256: &[u8]) -> String {
    sha256.iter().take(8).map(|b| format!("{b:02x}")).collect()
}

/// L'empreinte d'un fichier ([`empreinte`] de son contenu), lu par morceaux : un gros
/// fichier (l'exécutable) n'est jamais entier en mémoire.
pub fn empreinte_du_fichier(chemin: &Path) -> Result<String, ErreurFichier> {
    use sha2::{Digest, Sha256};
    let mut f = std::fs::File::open(chemin).map_err(|e| ErreurFichier::lecture(chemin, e))?;
    let mut h = Sha256::new();
    std::io::copy(&mut f, &mut h).map_err(|e| ErreurFichier::lecture(chemin, e))?;
    Ok(seize_chiffres(&h.finalize()))
}

/// Le séparateur d'un CSV d'utilisateur : la virgule, ou le point-virgule qu'écrit un
/// tableur réglé en français (Excel, « CSV UTF-8 » compris, prend le séparateur de liste du
/// système : `;` en France), ou la tabulation. Décidé sur la première ligne qui n'est ni
/// vide ni un commentaire (`#`) : le caractère le plus fréquent hors des guillemets, la
/// virgule à égalité.
pub fn separateur_csv(texte: &str) -> u8 {
    let premiere = texte.lines().map(|l| l.trim_start_matches('\u{feff}')).find(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#')).unwrap_or("");
    let (mut virgules, mut points_virgules, mut tabulations, mut entre_guillemets) = (0, 0, 0, false);
    for c in premiere.chars() {
        match c {
            '"' => entre_guillemets = !entre_guillemets,
            ',' if !entre_guillemets => virgules += 1,
            ';' if !entre_guillemets => points_virgules += 1,
            '\t' if !entre_guillemets => tabulations += 1,
            _ => {}
        }
    }
    if points_virgules > virgules && points_virgules >= tabulations {
        b';'
    } else if tabulations > virgules && tabulations > points_virgules {
        b'\t'
    } else {
        b','
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn l_empreinte_d_un_fichier_lu_par_morceaux_est_celle_de_son_contenu() {
        let d = tempfile::tempdir().unwrap();
        let chemin = d.path().join("gros.bin");
        let contenu: Vec<u8> = (0..200_000u32).map(|i| (i % 251) as u8).collect();
        std::fs::write(&chemin, &contenu).unwrap();
        assert_eq!(empreinte_du_fichier(&chemin).unwrap(), empreinte(&contenu));
        assert!(empreinte_du_fichier(&d.path().join("absent")).unwrap_err().to_string().contains("absent"));
    }

    #[test]
    fn fichier_absent_sans_numero_de_ligne() {
        let e = lire(Path::new("/nulle/part.partie")).unwrap_err();
        assert_eq!(e.to_string(), "/nulle/part.partie : lecture impossible : fichier ou répertoire introuvable");
        assert!(matches!(e.cause, Cause::Lecture(ref io) if io.kind() == std::io::ErrorKind::NotFound));
    }

    #[test]
    fn ligne_non_utf8_nommee() {
        let d = tempfile::tempdir().unwrap();
        let p = d.path().join("joueurs.csv");
        std::fs::write(&p, b"table,nom\n1,Andr\xe9\n").unwrap();
        let e = lire_texte(&p).unwrap_err();
        assert_eq!(e.ligne, Some(2));
        assert!(e.to_string().ends_with(":2: octets qui ne sont pas de l'UTF-8 (lus « � ») : enregistrez le fichier en UTF-8"), "{e}");
    }

    #[test]
    fn le_separateur_d_un_tableur_francais_est_reconnu() {
        assert_eq!(separateur_csv("table,nom,arrivee\n1,A;B,\n"), b',');
        // Excel réglé en français : points-virgules, marque d'ordre d'octets.
        assert_eq!(separateur_csv("\u{feff}table;nom;arrivee\r\n1;Dupont, Marie;\r\n"), b';');
        assert_eq!(separateur_csv("# joueurs\n\n1;\"Dupont, Marie, dite « Mimi »\";3\n"), b';');
        assert_eq!(separateur_csv("table\tnom\n1\tA\n"), b'\t');
        // Une seule colonne, ou rien : la virgule.
        assert_eq!(separateur_csv("table\n1\n"), b',');
        assert_eq!(separateur_csv(""), b',');
    }
}
