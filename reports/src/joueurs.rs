//! Le fichier des joueurs (`--joueurs`), CSV UTF-8 séparé par des virgules (ou des
//! points-virgules, ou des tabulations : ce qu'enregistre un tableur réglé en français) :
//!
//! ```text
//! table,nom,arrivee
//! 1,Marie Dupont,
//! 2,Jean Martin,4
//! ```
//!
//! - `table` : le numéro de table (obligatoire) ;
//! - `nom` : facultatif (vide permis) ;
//! - `arrivee` : facultatif, le premier coup joué par un joueur arrivé en retard : les
//!   coups d'avant lui sont comptés nuls (règlement 6.2).
//!
//! La ligne d'en-tête est facultative (reconnue à son premier champ, qui contient `table` :
//! `table`, `Table`, `N° de table`). Une table en
//! double ou un nombre invalide est une erreur qui nomme le fichier et la ligne ; toutes
//! les lignes fautives sont dites à la fois.

use crate::dossier::Joueur;
use crate::Erreur;
use arbitre_engine::fichier::ErreurFichier;
use std::path::Path;

/// Les tables des joueurs, chacune avec le premier coup qu'elle joue : 1, sauf pour un
/// retardataire (colonne `arrivee`, 6.2). Avant ce coup, aucun bulletin n'est attendu.
pub fn premier_coup_par_table(joueurs: &[Joueur]) -> std::collections::BTreeMap<u32, u32> {
    joueurs.iter().map(|j| (j.table, j.arrivee.unwrap_or(1))).collect()
}

/// Lit le texte d'un fichier de joueurs. Chaque ligne fautive est nommée (toutes à la fois).
pub fn lire_joueurs(fichier: &str, texte: &str) -> Result<Vec<Joueur>, Erreur> {
    let mut joueurs = lire_les_lignes(fichier, texte, |_, champs, joueurs: &[Joueur]| {
        if champs.len() > 3 {
            return Err(format!("{} champs, attendu table,nom[,arrivee]", champs.len()));
        }
        let table = nombre(&champs[0], "table")?;
        let nom = champs.get(1).map(|s| s.trim().to_string()).filter(|s| !s.is_empty());
        let arrivee = match champs.get(2).map(|s| s.trim()) {
            None | Some("") => None,
            Some(s) => Some(nombre(s, "arrivee")?).filter(|&c| c > 1),
        };
        if joueurs.iter().any(|j| j.table == table) {
            return Err(format!("table {table} déjà déclarée"));
        }
        Ok(Joueur { table, nom, arrivee })
    })?;
    joueurs.sort_by_key(|j| j.table);
    Ok(joueurs)
}

/// Les lignes fautives dites au plus, les autres comptées.
const LIGNES_DITES: usize = 20;

/// Lit chaque ligne d'un CSV avec `lire_ligne(numéro, champs, lignes déjà lues)` (le lieu
/// est ajouté à son erreur) ; les erreurs de toutes les lignes sont rendues ensemble.
pub(crate) fn lire_les_lignes<T>(fichier: &str, texte: &str, mut lire_ligne: impl FnMut(usize, &[String], &[T]) -> Result<T, String>) -> Result<Vec<T>, Erreur> {
    let mut lues = Vec::new();
    let mut erreurs = Vec::new();
    for (ligne, champs) in lignes_csv(fichier, texte)? {
        match lire_ligne(ligne, &champs, &lues) {
            Ok(t) => lues.push(t),
            Err(message) => erreurs.push(ErreurFichier::ligne(Path::new(fichier), ligne, message)),
        }
    }
    match erreurs.len() {
        0 => Ok(lues),
        1 => Err(Erreur::Fichier(erreurs.remove(0))),
        _ => Err(Erreur::Lignes(erreurs)),
    }
}

/// Le texte de plusieurs lignes fautives : leur nombre, puis une ligne par erreur.
pub(crate) fn dire_les_lignes(erreurs: &[ErreurFichier]) -> String {
    let fichier = erreurs.first().map(|e| e.chemin.display().to_string()).unwrap_or_default();
    let mut t = format!("{fichier} : {} lignes fautives (corrigez-les toutes avant de relancer) :", erreurs.len());
    for e in erreurs.iter().take(LIGNES_DITES) {
        t.push_str(&format!("\n  {e}"));
    }
    if erreurs.len() > LIGNES_DITES {
        t.push_str(&format!("\n  … et {} autres", erreurs.len() - LIGNES_DITES));
    }
    t
}

/// Un entier positif (table ≥ 1, coup ≥ 1).
pub(crate) fn nombre(s: &str, cle: &str) -> Result<u32, String> {
    match s.trim().parse::<u32>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!("{cle} invalide « {} » : attendu un entier ≥ 1", arbitre_engine::texte::extrait(s.trim()))),
    }
}

/// Les lignes non vides d'un CSV (numéro de ligne, champs), sans la ligne d'en-tête
/// éventuelle (premier champ `table`). Le séparateur est celui de la première ligne
/// ([`arbitre_engine::fichier::separateur_csv`]).
fn lignes_csv(fichier: &str, texte: &str) -> Result<Vec<(usize, Vec<String>)>, Erreur> {
    let separateur = arbitre_engine::fichier::separateur_csv(texte);
    let mut lecteur = csv::ReaderBuilder::new().has_headers(false).flexible(true).trim(csv::Trim::All).delimiter(separateur).from_reader(texte.as_bytes());
    let mut lignes = Vec::new();
    for (i, enr) in lecteur.records().enumerate() {
        let enr = enr.map_err(|e| {
            let message = format!("CSV illisible : {e}");
            let chemin = Path::new(fichier);
            Erreur::from(match e.position() {
                Some(p) => ErreurFichier::ligne(chemin, p.line() as usize, message),
                None => ErreurFichier::contenu(chemin, message),
            })
        })?;
        let ligne = enr.position().map(|p| p.line() as usize).unwrap_or(i + 1);
        let champs: Vec<String> = enr.iter().map(str::to_string).collect();
        if champs.iter().all(|c| c.is_empty()) || champs[0].starts_with('#') {
            continue;
        }
        // L'en-tête : « table », ou ce qu'un tableur en fait (« Table », « N° de table »).
        if lignes.is_empty() && champs[0].to_lowercase().contains("table") {
            continue;
        }
        lignes.push((ligne, champs));
    }
    Ok(lignes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn en_tete_facultatif_nom_et_arrivee() {
        let j = lire_joueurs("j.csv", "table,nom,arrivee\n2,Jean Martin,4\n1,Marie Dupont,\n3\n").unwrap();
        assert_eq!(j.len(), 3);
        assert_eq!(j[0], Joueur { table: 1, nom: Some("Marie Dupont".into()), arrivee: None });
        assert_eq!(j[1].arrivee, Some(4));
        assert_eq!(j[2].nom, None);
    }

    #[test]
    fn erreurs_nomment_la_ligne() {
        let e = lire_joueurs("j.csv", "1,A\nx,B\n").unwrap_err().to_string();
        assert!(e.starts_with("j.csv:2:"), "{e}");
        let e = lire_joueurs("j.csv", "1,A\n1,B\n").unwrap_err().to_string();
        assert!(e.contains("j.csv:2") && e.contains("déjà"), "{e}");
        // Points-virgules : la même erreur, à la même ligne.
        let e = lire_joueurs("j.csv", "1;A\nx;B\n").unwrap_err().to_string();
        assert!(e.starts_with("j.csv:2:") && e.contains("« x »"), "{e}");
        // Toutes les lignes fautives à la fois ; au-delà de vingt, le reste est compté.
        let mut texte = String::from("table,nom\n1,A\n1,B\n3,C,x\n");
        texte.extend((0..25).map(|i| format!("t{i},Z\n")));
        let e = lire_joueurs("j.csv", &texte).unwrap_err().to_string();
        assert!(e.starts_with("j.csv : 27 lignes fautives"), "{e}");
        assert!(e.contains("\n  j.csv:3: table 1 déjà déclarée\n  j.csv:4: arrivee invalide « x »"), "{e}");
        assert!(e.ends_with("\n  … et 7 autres") && e.lines().count() == 22, "{e}");
    }

    #[test]
    fn le_fichier_d_un_tableur_francais_se_lit() {
        // Excel en français : « CSV UTF-8 » enregistre des points-virgules, avec une
        // marque d'ordre d'octets et des fins de ligne Windows ; un nom peut porter une virgule.
        let j = lire_joueurs("j.csv", "\u{feff}table;nom;arrivee\r\n1;Dupont, Marie;\r\n2;Léa Petit;4\r\n").unwrap();
        assert_eq!(j, vec![
            Joueur { table: 1, nom: Some("Dupont, Marie".into()), arrivee: None },
            Joueur { table: 2, nom: Some("Léa Petit".into()), arrivee: Some(4) },
        ]);
        let t = lire_joueurs("j.csv", "N° de table\tNom\tArrivée\n3\tHugo\n").unwrap();
        assert_eq!(t, vec![Joueur { table: 3, nom: Some("Hugo".into()), arrivee: None }]);
    }
}
