//! Trouver les scans d'une manche : des fichiers ou des dossiers ; dans un dossier nommé
//! `coup-05`, `coup5`, `Coup n°5` ou `05` (et ses sous-dossiers), les scans sont ceux du
//! coup 5, et hors d'un tel dossier, un fichier qui le dit dans son nom (`coup-05.pdf`,
//! `Coup 5 (2).pdf` : la liasse d'un coup passée au chargeur du scanner) aussi. Les fichiers images (JPEG, PNG, PDF ou
//! TIFF, d'après leur extension) sont lus ; les autres fichiers d'un dossier (vérité
//! terrain, notes) sont comptés à part, jamais pris pour des bulletins.

use std::path::{Path, PathBuf};

/// Un fichier image à lire.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct FichierScan {
    pub chemin: PathBuf,
    /// Le nom à rapporter (relatif au dossier donné, sans chemin absolu).
    pub nom: String,
    /// Le coup, d'après `--coup`, sinon le dossier, sinon le nom du fichier.
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
    #[error("{chemins} : aucune image de bulletin (JPEG, PNG, TIFF, PDF, WebP ou BMP){}", autres_fichiers(.ignores))]
    AucuneImage { chemins: String, ignores: Vec<String> },
}

fn autres_fichiers(ignores: &[String]) -> String {
    let archives = archives_compressees(ignores);
    let conseil = if archives.is_empty() { String::new() } else { format!(" ; {}", conseil_archives(&archives)) };
    match ignores.len() {
        0 => String::new(),
        n => format!(" ; {n} autre(s) fichier(s) laissé(s) de côté : {}{}{conseil}", ignores.iter().take(5).cloned().collect::<Vec<_>>().join(", "), if n > 5 { ", …" } else { "" }),
    }
}

/// Les archives compressées parmi des fichiers laissés de côté (`.zip`, `.7z`, `.rar`,
/// `.tar.gz`…) : des scans envoyés par courriel, peut-être, que personne n'a décompressés.
pub fn archives_compressees<'a>(fichiers: impl IntoIterator<Item = &'a String>) -> Vec<&'a str> {
    const EXTENSIONS: [&str; 7] = [".zip", ".7z", ".rar", ".tar", ".tgz", ".tar.gz", ".tar.xz"];
    fichiers.into_iter().map(String::as_str).filter(|f| EXTENSIONS.iter().any(|e| f.to_lowercase().ends_with(e))).collect()
}

/// Le conseil pour des archives compressées laissées de côté.
pub fn conseil_archives(archives: &[&str]) -> String {
    format!("archive(s) compressée(s), non lue(s) : décompressez-la(les) dans le dossier des scans ({})", archives.iter().take(3).copied().collect::<Vec<_>>().join(", "))
}

/// Le coup qu'un nom de dossier désigne : `coup-05`, `coup_5`, `coup5`, `Coup 12`,
/// `Coup n°3`, `coup-05 (samedi)` ou `05`.
pub fn coup_du_dossier(nom: &str) -> Option<u32> {
    let n = nom.trim();
    numero_de_coup(n).or_else(|| coup_nomme(n))
}

/// Le coup qu'un nom de fichier désigne, seulement quand il le dit en toutes lettres :
/// `coup-05.pdf`, `Coup 5 (2).pdf`, `COUP N°5.tif`. Un nom fait d'un seul nombre
/// (`005.jpg`) est le rang d'un scan, jamais un coup.
pub fn coup_du_fichier(chemin: &Path) -> Option<u32> {
    chemin.file_stem().and_then(|n| coup_nomme(n.to_string_lossy().trim()))
}

const SEPARATEURS: [char; 4] = ['-', '_', ' ', '.'];

/// `coup`, en majuscules ou non, puis `n°` ou `no` au besoin, puis le numéro ; après lui,
/// rien, ou un séparateur suivi d'un texte sans autre nombre (sauf entre parenthèses : la
/// copie « (2) » d'un fichier) — `coup-05-06` (deux coups ?) ne désigne rien.
fn coup_nomme(nom: &str) -> Option<u32> {
    let tete = nom.get(..4).filter(|t| t.eq_ignore_ascii_case("coup"))?;
    let reste = nom[tete.len()..].trim_start_matches(SEPARATEURS);
    let reste = ["n°", "nº", "N°", "Nº", "no.", "no ", "No.", "No ", "NO ", "n.", "n "]
        .iter()
        .find_map(|p| reste.strip_prefix(p))
        .map_or(reste, |r| r.trim_start_matches(SEPARATEURS));
    let fin = reste.find(|c: char| !c.is_ascii_digit()).unwrap_or(reste.len());
    let coup = numero_de_coup(&reste[..fin])?;
    let suite = &reste[fin..];
    let mut hors_parentheses = suite.split('(').enumerate().map(|(i, morceau)| if i == 0 { morceau } else { morceau.split_once(')').map_or("", |(_, apres)| apres) });
    let sans_autre_nombre = hors_parentheses.all(|m| !m.bytes().any(|b| b.is_ascii_digit()));
    let separe = suite.is_empty() || suite.starts_with(SEPARATEURS) || suite.starts_with('(');
    (separe && sans_autre_nombre).then_some(coup)
}

/// Un numéro de coup : un à quatre chiffres, pas zéro.
fn numero_de_coup(chiffres: &str) -> Option<u32> {
    (!chiffres.is_empty() && chiffres.len() <= 4 && chiffres.bytes().all(|b| b.is_ascii_digit())).then(|| chiffres.parse().ok()).flatten().filter(|&c| c > 0)
}

/// Une extension d'image : celles qu'arbitre lit (JPEG, PNG, TIFF, PDF, WebP, BMP), et celles
/// d'images qu'il ne lit pas (HEIC d'un iPhone, AVIF, GIF, JPEG 2000) — comptées comme
/// des images, rejetées en disant comment les enregistrer, au lieu d'être laissées de côté
/// comme « pas des images ».
pub fn est_une_image(chemin: &Path) -> bool {
    chemin.extension().and_then(|e| e.to_str()).is_some_and(|e| {
        matches!(e.to_ascii_lowercase().as_str(), "jpg" | "jpeg" | "png" | "tif" | "tiff" | "pdf" | "webp" | "heic" | "heif" | "avif" | "bmp" | "gif" | "jp2")
    })
}

/// Les images des chemins donnés. Un fichier donné tel quel est toujours lu (même sans
/// extension d'image : il sera rejeté s'il n'en est pas une). Un dossier est parcouru avec
/// ses sous-dossiers (`coup-05/lot-1/`, `samedi/coup-05/` : les lots d'un scanner, une
/// séance), jusqu'à [`PROFONDEUR_MAX`] niveaux ; `coup` impose le coup de tout. Sinon, le
/// coup d'une image est celui que nomment les dossiers de son chemin sous le dossier donné
/// (deux coups différents : aucun, jamais deviné), à défaut celui du dossier donné, à
/// défaut celui du nom du fichier. Les dossiers `exclus` (le dossier des rapports d'`arbitre
/// run`, rangé parmi les scans : ses extraits de scans ne sont pas des bulletins) et les
/// dossiers de rapports d'arbitre déjà écrits ne sont pas parcourus.
pub fn inventaire(chemins: &[PathBuf], coup: Option<u32>, exclus: &[&Path]) -> Result<Inventaire, ErreurScans> {
    let mut inv = Inventaire::default();
    let exclus: Vec<PathBuf> = exclus.iter().filter_map(|d| std::fs::canonicalize(d).ok()).collect();
    for c in chemins {
        if c.is_dir() {
            parcourir(c, c, coup, CoupDesDossiers::Aucun, &mut inv, &mut exclus.clone())?;
        } else if c.exists() {
            let nom = c.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            let du_dossier = c.parent().and_then(|p| p.file_name()).and_then(|n| coup_du_dossier(&n.to_string_lossy()));
            inv.images.push(FichierScan { chemin: c.clone(), nom, coup: coup.or(du_dossier).or_else(|| coup_du_fichier(c)) });
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

/// Les niveaux de sous-dossiers parcourus au plus sous un dossier donné ; au-delà, un
/// dossier est compté parmi les fichiers laissés de côté.
pub const PROFONDEUR_MAX: usize = 6;

/// Un dossier de rapports d'arbitre (`run`, `corriger`, `rapports` y écrivent toujours
/// `archive.json` et `decisions.jsonl`) : ses extraits de scans (`revue/`) ne sont pas des
/// bulletins, même pour `lire` ou `evaluer`, qui ne savent pas où `run` a écrit.
fn est_un_dossier_de_rapports(dossier: &Path) -> bool {
    dossier.join("archive.json").is_file() && dossier.join("decisions.jsonl").is_file()
}

/// Le coup que nomment les dossiers du chemin d'une image, sous le dossier donné.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CoupDesDossiers {
    Aucun,
    Coup(u32),
    /// Deux dossiers du chemin nomment deux coups différents (`coup-01/2/`) : aucun n'est
    /// pris.
    Contradictoire,
}

impl CoupDesDossiers {
    fn puis(self, dossier: &Path) -> CoupDesDossiers {
        match (self, dossier.file_name().and_then(|n| coup_du_dossier(&n.to_string_lossy()))) {
            (c, None) => c,
            (CoupDesDossiers::Aucun, Some(n)) => CoupDesDossiers::Coup(n),
            (CoupDesDossiers::Coup(a), Some(n)) if a == n => self,
            _ => CoupDesDossiers::Contradictoire,
        }
    }
}

/// `vus` : les dossiers déjà parcourus ou exclus (chemins canoniques), pour qu'un lien vers
/// un dossier déjà vu ne donne pas deux fois ses images.
fn parcourir(racine: &Path, dossier: &Path, coup: Option<u32>, des_dossiers: CoupDesDossiers, inv: &mut Inventaire, vus: &mut Vec<PathBuf>) -> Result<(), ErreurScans> {
    let err = |e: std::io::Error| ErreurScans::Dossier { chemin: dossier.display().to_string(), cause: e.to_string() };
    vus.push(std::fs::canonicalize(dossier).map_err(err)?);
    let mut entrees: Vec<PathBuf> = std::fs::read_dir(dossier).map_err(err)?.map(|e| e.map(|e| e.path())).collect::<Result<_, _>>().map_err(err)?;
    entrees.sort();
    let de_la_racine = racine.file_name().and_then(|n| coup_du_dossier(&n.to_string_lossy()));
    for p in entrees {
        let relatif = p.strip_prefix(racine).unwrap_or(&p).to_string_lossy().replace('\\', "/");
        let cache = p.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.'));
        if cache {
            continue;
        }
        if p.is_dir() {
            let profondeur = relatif.matches('/').count() + 1;
            let deja_vu = std::fs::canonicalize(&p).is_ok_and(|c| vus.contains(&c));
            if profondeur <= PROFONDEUR_MAX && !deja_vu && !est_un_dossier_de_rapports(&p) {
                parcourir(racine, &p, coup, des_dossiers.puis(&p), inv, vus)?;
            } else {
                inv.ignores.push(relatif + "/");
            }
        } else if est_une_image(&p) {
            // Les dossiers d'un coup l'emportent sur le nom de ses fichiers.
            let coup = coup.or(match des_dossiers {
                CoupDesDossiers::Coup(n) => Some(n),
                CoupDesDossiers::Contradictoire => None,
                CoupDesDossiers::Aucun => de_la_racine.or_else(|| coup_du_fichier(&p)),
            });
            inv.images.push(FichierScan { chemin: p, nom: relatif, coup });
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
        for (nom, coup) in [
            ("coup-05", Some(5)),
            ("coup5", Some(5)),
            ("05", Some(5)),
            ("Coup 12", Some(12)),
            ("coup_3", Some(3)),
            ("Coup n°3", Some(3)),
            ("COUP N° 07", Some(7)),
            ("coup no 4", Some(4)),
            ("coup-05 (samedi)", Some(5)),
            ("coup-0", None),
            ("scans", None),
            ("coup-", None),
            ("12a", None),
            ("coup5b", None),
            // Deux nombres : deux coups dans un dossier, ou un coup et un jour ? Rien n'est deviné.
            ("coup-05-06", None),
            ("coup 3 du 14", None),
            ("couplet 3", None),
        ] {
            assert_eq!(coup_du_dossier(nom), coup, "{nom}");
        }
    }

    proptest::proptest! {
        /// Aucun nom ne fait paniquer, et un coup trouvé est écrit dans le nom tel quel (rien
        /// n'est deviné) ; un nom de fichier ne dit un coup qu'avec le mot « coup ».
        #[test]
        fn un_nom_quelconque_ne_fait_rien_deviner(nom in "(coup|Coup|COUP|n°|no|[0-9]{1,5}|[ _.()-]|[a-zé°]){0,8}") {
            for coup in [coup_du_dossier(&nom), coup_du_fichier(Path::new(&format!("{nom}.pdf")))].into_iter().flatten() {
                proptest::prop_assert!(coup > 0 && nom.contains(&coup.to_string()), "{nom} : {coup}");
            }
            if coup_du_fichier(Path::new(&format!("{nom}.pdf"))).is_some() {
                proptest::prop_assert!(nom.trim().to_lowercase().starts_with("coup"), "{nom}");
            }
        }
    }

    #[test]
    fn un_fichier_dit_son_coup_seulement_en_toutes_lettres() {
        for (nom, coup) in [
            ("coup-05.pdf", Some(5)),
            ("Coup 5.PDF", Some(5)),
            ("Coup 5 (2).pdf", Some(5)),
            ("coup n°12.tif", Some(12)),
            ("coup-05 - copie.jpg", Some(5)),
            // Le rang d'un scan n'est pas un coup.
            ("005.jpg", None),
            ("scan-005.jpg", None),
            ("coup05_0001.jpg", None),
            ("coup-05-06.pdf", None),
        ] {
            assert_eq!(coup_du_fichier(Path::new(nom)), coup, "{nom}");
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
        let inv = inventaire(&[d.path().to_path_buf()], None, &[]).unwrap();
        let vus: Vec<(&str, Option<u32>)> = inv.images.iter().map(|s| (s.nom.as_str(), s.coup)).collect();
        // Une photo d'iPhone (HEIC) est une image : elle sera rejetée en disant comment
        // l'enregistrer, pas laissée de côté comme « pas une image ».
        assert_eq!(vus, vec![("07/c.png", Some(7)), ("07/d.HEIC", Some(7)), ("coup-01/a.jpg", Some(1)), ("coup2/b.TIF", Some(2))]);
        assert_eq!(inv.ignores, vec!["coup-01/a.json", "notes.txt"]);
        // La liasse d'un coup dans un seul fichier, rangée à plat : le nom du fichier dit le
        // coup ; dans le dossier d'un coup, c'est le dossier qui le dit.
        let a_plat = tempfile::tempdir().unwrap();
        for f in ["Coup 3.pdf", "coup-04.TIF", "007.jpg", "coup-02/coup-09.jpg"] {
            let p = a_plat.path().join(f);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, b"x").unwrap();
        }
        let inv = inventaire(&[a_plat.path().to_path_buf()], None, &[]).unwrap();
        let vus: Vec<(&str, Option<u32>)> = inv.images.iter().map(|s| (s.nom.as_str(), s.coup)).collect();
        assert_eq!(vus, vec![("007.jpg", None), ("Coup 3.pdf", Some(3)), ("coup-02/coup-09.jpg", Some(2)), ("coup-04.TIF", Some(4))]);
        let seul = inventaire(&[a_plat.path().join("Coup 3.pdf")], None, &[]).unwrap();
        assert_eq!(seul.images[0].coup, Some(3));
        assert_eq!(inventaire(&[a_plat.path().join("Coup 3.pdf")], Some(8), &[]).unwrap().images[0].coup, Some(8));
        let force = inventaire(&[d.path().join("coup-01")], Some(9), &[]).unwrap();
        assert_eq!(force.images[0].coup, Some(9));
        assert!(matches!(inventaire(&[d.path().join("rien")], None, &[]), Err(ErreurScans::Introuvable(_))));
        // Des sous-dossiers : les lots d'un scanner dans le dossier d'un coup, une séance
        // au-dessus des dossiers des coups, le dossier donné qui nomme le coup. Deux coups
        // différents dans un chemin (`coup-03/2/` : un lot numéroté ?) : aucun n'est pris.
        let arbre = tempfile::tempdir().unwrap();
        let manche = arbre.path().join("manche");
        for f in ["coup-01/lot 1/a.jpg", "coup-01/lot 2/b.jpg", "samedi/coup-02/c.jpg", "samedi/Coup 4.pdf", "coup-03/2/d.jpg", "coup-05/coup-05/e.jpg", "a/b/c/d/e/f/g/trop-loin.jpg", "a/b/c/d/e/f/assez.jpg"] {
            let p = manche.join(f);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, b"x").unwrap();
        }
        #[cfg(unix)]
        std::os::unix::fs::symlink(&manche, manche.join("samedi/boucle")).unwrap();
        // Les rapports d'un `arbitre run` rangés parmi les scans : leurs extraits ne sont pas
        // des bulletins.
        let rapport = manche.join("rapport");
        std::fs::create_dir_all(rapport.join("revue")).unwrap();
        std::fs::write(rapport.join("revue/coup01-table003.jpg"), b"x").unwrap();
        let inv = inventaire(std::slice::from_ref(&manche), None, &[&rapport]).unwrap();
        assert!(inv.ignores.contains(&"rapport/".to_string()), "{:?}", inv.ignores);
        // Sans qu'on le dise (`arbitre lire`, `arbitre evaluer`), un dossier de rapports se
        // reconnaît à son archive.
        assert!(inventaire(std::slice::from_ref(&manche), None, &[]).unwrap().images.iter().any(|s| s.nom.starts_with("rapport/")));
        std::fs::write(rapport.join("archive.json"), b"{}").unwrap();
        std::fs::write(rapport.join("decisions.jsonl"), b"").unwrap();
        let sans_le_dire = inventaire(std::slice::from_ref(&manche), None, &[]).unwrap();
        assert_eq!(sans_le_dire.images.len(), inv.images.len());
        assert!(sans_le_dire.ignores.contains(&"rapport/".to_string()));
        let vus: Vec<(&str, Option<u32>)> = inv.images.iter().map(|s| (s.nom.as_str(), s.coup)).collect();
        assert_eq!(vus, vec![("a/b/c/d/e/f/assez.jpg", None), ("coup-01/lot 1/a.jpg", Some(1)), ("coup-01/lot 2/b.jpg", Some(1)), ("coup-03/2/d.jpg", None), ("coup-05/coup-05/e.jpg", Some(5)), ("samedi/Coup 4.pdf", Some(4)), ("samedi/coup-02/c.jpg", Some(2))]);
        #[cfg(unix)]
        assert!(inv.ignores.contains(&"samedi/boucle/".to_string()), "{:?}", inv.ignores);
        assert!(inv.ignores.contains(&"a/b/c/d/e/f/g/".to_string()), "{:?}", inv.ignores);
        let un_coup = inventaire(&[manche.join("coup-01")], None, &[]).unwrap();
        assert!(un_coup.images.iter().all(|s| s.coup == Some(1)) && un_coup.images.len() == 2);
        // Un dossier sans image est une erreur qui le nomme et dit ce qu'il contient.
        let vide = d.path().join("vide");
        std::fs::create_dir_all(&vide).unwrap();
        std::fs::write(vide.join("lot.docx"), b"x").unwrap();
        let e = inventaire(std::slice::from_ref(&vide), None, &[]).unwrap_err();
        assert!(e.to_string().ends_with("vide : aucune image de bulletin (JPEG, PNG, TIFF, PDF, WebP ou BMP) ; 1 autre(s) fichier(s) laissé(s) de côté : lot.docx"), "{e}");
        // Les scans reçus en archive, pas décompressés : le message le dit.
        std::fs::write(vide.join("Scans coup 1-5.ZIP"), b"PK").unwrap();
        let e = inventaire(&[vide], None, &[]).unwrap_err();
        assert!(e.to_string().ends_with("; archive(s) compressée(s), non lue(s) : décompressez-la(les) dans le dossier des scans (Scans coup 1-5.ZIP)"), "{e}");
    }
}
