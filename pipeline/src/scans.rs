//! Trouver les scans d'une manche : des fichiers ou des dossiers ; dans un dossier nommé
//! `coup-05`, `coup5` ou `05`, les scans sont ceux du coup 5. Les fichiers images (JPEG, PNG,
//! PDF ou TIFF, d'après leur extension) sont lus ; les autres fichiers d'un dossier (vérité
//! terrain, notes) sont comptés à part, jamais pris pour des bulletins.

use std::path::{Path, PathBuf};

/// Un fichier image à lire.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct FichierScan {
    pub chemin: PathBuf,
    /// Le nom à rapporter (relatif au dossier donné, sans chemin absolu).
    pub nom: String,
    /// Le coup, d'après le dossier (ou `--coup`).
    pub coup: Option<u32>,
}

/// Ce qu'on a trouvé : les images, et les autres fichiers laissés de côté.
#[derive(Debug, Default)]
pub struct Inventaire {
    pub images: Vec<FichierScan>,
    pub ignores: Vec<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum ErreurScans {
    #[error("{0} : fichier ou répertoire introuvable")]
    Introuvable(String),
    #[error("{chemin} : lecture du dossier impossible : {cause}")]
    Dossier { chemin: String, cause: String },
    #[error("{chemins} : aucune image de bulletin (JPEG, PNG, TIFF, PDF ou WebP){}", autres_fichiers(.ignores))]
    AucuneImage { chemins: String, ignores: Vec<String> },
}

fn autres_fichiers(ignores: &[String]) -> String {
    match ignores.len() {
        0 => String::new(),
        n => format!(" ; {n} autre(s) fichier(s) laissé(s) de côté : {}{}", ignores.iter().take(5).cloned().collect::<Vec<_>>().join(", "), if n > 5 { ", …" } else { "" }),
    }
}

/// Le coup qu'un nom de dossier désigne : `coup-05`, `coup_5`, `coup5`, `Coup 12` ou `05`.
pub fn coup_du_dossier(nom: &str) -> Option<u32> {
    let n = nom.trim();
    let chiffres = n.strip_prefix("coup").or_else(|| n.strip_prefix("Coup")).or_else(|| n.strip_prefix("COUP")).unwrap_or(n);
    let chiffres = chiffres.trim_start_matches(['-', '_', ' ']);
    (!chiffres.is_empty() && chiffres.len() <= 4 && chiffres.bytes().all(|b| b.is_ascii_digit())).then(|| chiffres.parse().ok()).flatten().filter(|&c| c > 0)
}

/// Une extension d'image : celles qu'arbitre lit (JPEG, PNG, TIFF, PDF, WebP), et celles
/// d'images qu'il ne lit pas (HEIC d'un iPhone, AVIF, BMP, GIF, JPEG 2000) — comptées comme
/// des images, rejetées en disant comment les enregistrer, au lieu d'être laissées de côté
/// comme « pas des images ».
pub fn est_une_image(chemin: &Path) -> bool {
    chemin.extension().and_then(|e| e.to_str()).is_some_and(|e| {
        matches!(e.to_ascii_lowercase().as_str(), "jpg" | "jpeg" | "png" | "tif" | "tiff" | "pdf" | "webp" | "heic" | "heif" | "avif" | "bmp" | "gif" | "jp2")
    })
}

/// Les images des chemins donnés. Un fichier donné tel quel est toujours lu (même sans
/// extension d'image : il sera rejeté s'il n'en est pas une). Un dossier est parcouru (un
/// niveau de sous-dossiers `coup-NN`) ; `coup` impose le coup de tout.
pub fn inventaire(chemins: &[PathBuf], coup: Option<u32>) -> Result<Inventaire, ErreurScans> {
    let mut inv = Inventaire::default();
    for c in chemins {
        if c.is_dir() {
            parcourir(c, c, coup, &mut inv, 0)?;
        } else if c.exists() {
            let nom = c.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            let du_dossier = c.parent().and_then(|p| p.file_name()).and_then(|n| coup_du_dossier(&n.to_string_lossy()));
            inv.images.push(FichierScan { chemin: c.clone(), nom, coup: coup.or(du_dossier) });
        } else {
            return Err(ErreurScans::Introuvable(c.display().to_string()));
        }
    }
    inv.images.sort();
    inv.ignores.sort();
    // Un dossier sans image ne donne pas une manche d'absents (5.7) : les scans manquent.
    if inv.images.is_empty() {
        let chemins = chemins.iter().map(|c| c.display().to_string()).collect::<Vec<_>>().join(", ");
        return Err(ErreurScans::AucuneImage { chemins, ignores: inv.ignores });
    }
    Ok(inv)
}

fn parcourir(racine: &Path, dossier: &Path, coup: Option<u32>, inv: &mut Inventaire, profondeur: usize) -> Result<(), ErreurScans> {
    let err = |e: std::io::Error| ErreurScans::Dossier { chemin: dossier.display().to_string(), cause: e.to_string() };
    let mut entrees: Vec<PathBuf> = std::fs::read_dir(dossier).map_err(err)?.map(|e| e.map(|e| e.path())).collect::<Result<_, _>>().map_err(err)?;
    entrees.sort();
    let du_dossier = dossier.file_name().and_then(|n| coup_du_dossier(&n.to_string_lossy()));
    for p in entrees {
        let relatif = p.strip_prefix(racine).unwrap_or(&p).to_string_lossy().replace('\\', "/");
        let cache = p.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.'));
        if cache {
            continue;
        }
        if p.is_dir() {
            if profondeur == 0 {
                parcourir(racine, &p, coup, inv, 1)?;
            } else {
                inv.ignores.push(relatif + "/");
            }
        } else if est_une_image(&p) {
            inv.images.push(FichierScan { chemin: p, nom: relatif, coup: coup.or(du_dossier) });
        } else {
            inv.ignores.push(relatif);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn le_coup_se_lit_dans_le_nom_du_dossier() {
        for (nom, coup) in [("coup-05", Some(5)), ("coup5", Some(5)), ("05", Some(5)), ("Coup 12", Some(12)), ("coup_3", Some(3)), ("coup-0", None), ("scans", None), ("coup-", None), ("12a", None)] {
            assert_eq!(coup_du_dossier(nom), coup, "{nom}");
        }
    }

    #[test]
    fn un_dossier_de_coups_donne_ses_images_et_laisse_le_reste_de_cote() {
        let d = tempfile::tempdir().unwrap();
        for (f, octets) in [("coup-01/a.jpg", &b"x"[..]), ("coup-01/a.json", b"{}"), ("coup2/b.TIF", b"x"), ("07/c.png", b"x"), ("07/d.HEIC", b"x"), ("notes.txt", b"x"), ("coup-01/.cache.jpg", b"x")] {
            let p = d.path().join(f);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, octets).unwrap();
        }
        let inv = inventaire(&[d.path().to_path_buf()], None).unwrap();
        let vus: Vec<(&str, Option<u32>)> = inv.images.iter().map(|s| (s.nom.as_str(), s.coup)).collect();
        // Une photo d'iPhone (HEIC) est une image : elle sera rejetée en disant comment
        // l'enregistrer, pas laissée de côté comme « pas une image ».
        assert_eq!(vus, vec![("07/c.png", Some(7)), ("07/d.HEIC", Some(7)), ("coup-01/a.jpg", Some(1)), ("coup2/b.TIF", Some(2))]);
        assert_eq!(inv.ignores, vec!["coup-01/a.json", "notes.txt"]);
        let force = inventaire(&[d.path().join("coup-01")], Some(9)).unwrap();
        assert_eq!(force.images[0].coup, Some(9));
        assert!(matches!(inventaire(&[d.path().join("rien")], None), Err(ErreurScans::Introuvable(_))));
        // Un dossier sans image est une erreur qui le nomme et dit ce qu'il contient.
        let vide = d.path().join("vide");
        std::fs::create_dir_all(&vide).unwrap();
        std::fs::write(vide.join("lot.docx"), b"x").unwrap();
        let e = inventaire(&[vide], None).unwrap_err();
        assert!(e.to_string().ends_with("vide : aucune image de bulletin (JPEG, PNG, TIFF, PDF ou WebP) ; 1 autre(s) fichier(s) laissé(s) de côté : lot.docx"), "{e}");
    }
}
