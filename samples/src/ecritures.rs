//! Les écritures manuscrites : planches EMNIST (ou de même format) et polices manuscrites.
//!
//! Format d'un dossier d'écritures (celui de `../shared/data/emnist-byclass-test/`) :
//! `test.json` donne `width`/`height` (taille d'une vignette, 28), `files` (les planches
//! WebP, dans l'ordre), `mapping` (classe → point de code Unicode) et `id` (la classe de
//! chaque échantillon, dans l'ordre des planches) ; `bbox` est facultatif et ignoré (la
//! boîte de l'encre est recalculée). Chaque planche est une grille de vignettes lues rangée
//! par rangée (autant par rangée que la largeur de la planche le permet) ; l'échantillon k
//! est la k-ième vignette en comptant à travers les planches. Encre blanche sur fond noir,
//! à l'endroit. Les chiffres et les capitales servent aux bulletins ; les minuscules, à un
//! joueur qui écrit ses mots en minuscules (le règlement ne demande des capitales d'imprimerie
//! que « de préférence » : règlement 2023, 4.2 ; guide 2020, 5.1.1).

use image::GrayImage;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Une lettre ou un chiffre prêt à tracer : l'encre (0 = rien, 255 = plein), recadrée sur
/// la boîte de l'encre.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Glyphe {
    pub largeur: u32,
    pub hauteur: u32,
    pub encre: Vec<u8>,
    /// D'où vient le tracé : `emnist:<k>` (échantillon k du dossier) ou `police:<nom>`.
    pub origine: String,
}

impl Glyphe {
    /// Intensité de l'encre en (x, y), 0 hors de la vignette.
    pub fn at(&self, x: i32, y: i32) -> u8 {
        if x < 0 || y < 0 || x >= self.largeur as i32 || y >= self.hauteur as i32 {
            0
        } else {
            self.encre[(y as u32 * self.largeur + x as u32) as usize]
        }
    }

    /// Recadre une vignette sur son encre (seuil 40) ; `None` si elle est vide.
    pub fn depuis_vignette(largeur: u32, hauteur: u32, pixels: &[u8], origine: String) -> Option<Glyphe> {
        let (mut x0, mut y0, mut x1, mut y1) = (u32::MAX, u32::MAX, 0, 0);
        for y in 0..hauteur {
            for x in 0..largeur {
                if pixels[(y * largeur + x) as usize] >= 40 {
                    x0 = x0.min(x);
                    y0 = y0.min(y);
                    x1 = x1.max(x);
                    y1 = y1.max(y);
                }
            }
        }
        if x0 > x1 {
            return None;
        }
        let (l, h) = (x1 - x0 + 1, y1 - y0 + 1);
        let mut encre = Vec::with_capacity((l * h) as usize);
        for y in y0..=y1 {
            encre.extend_from_slice(&pixels[(y * largeur + x0) as usize..(y * largeur + x1 + 1) as usize]);
        }
        Some(Glyphe { largeur: l, hauteur: h, encre, origine })
    }
}

/// Quelle partie des planches charger (partage par planche, voir `samples/README.md`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Partage {
    /// Planches servant à l'entraînement de la reconnaissance.
    Entrainement,
    /// Planches gardées pour l'évaluation (le défaut du générateur).
    Evaluation,
    /// Toutes les planches (dossier fourni par `--ecritures`).
    Tout,
}

/// Nombre de planches EMNIST réservées à l'entraînement : les planches 0 à 3 (échantillons
/// 0 à 64 515) ; les planches 4 et 5 (64 516 à 96 773) sont gardées pour l'évaluation.
pub const PLANCHES_ENTRAINEMENT: usize = 4;

impl Partage {
    /// La planche `i` (dans l'ordre de `files`) appartient-elle à cette partie ?
    pub fn garde(self, i: usize) -> bool {
        match self {
            Partage::Entrainement => i < PLANCHES_ENTRAINEMENT,
            Partage::Evaluation => i >= PLANCHES_ENTRAINEMENT,
            Partage::Tout => true,
        }
    }
}

/// Un dossier d'écritures invalide ou illisible.
#[derive(Debug, thiserror::Error)]
pub enum ErreurEcritures {
    /// Le fichier ne se lit pas (absent, droits, pas en UTF-8).
    #[error(transparent)]
    Fichier(#[from] arbitre_engine::fichier::ErreurFichier),
    #[error("{fichier}: lecture impossible : {message}")]
    Lecture { fichier: PathBuf, message: String },
    #[error("{fichier}: champ `{champ}` : {message}")]
    Champ { fichier: PathBuf, champ: String, message: String },
    #[error("{dossier}: aucun tracé pour « {caractere} » dans les planches retenues")]
    Manque { dossier: PathBuf, caractere: char },
}

#[derive(Deserialize)]
struct Index {
    width: u32,
    height: u32,
    files: Vec<String>,
    mapping: Vec<u32>,
    id: Vec<u32>,
}

/// Les tracés disponibles, par caractère (`0`–`9`, `A`–`Z`).
#[derive(Debug, Clone, Default)]
pub struct Ecritures {
    pub dossier: PathBuf,
    pub partage: Option<Partage>,
    pub glyphes: BTreeMap<char, Vec<Glyphe>>,
    /// Les tracés des minuscules, rangés sous leur capitale (`a` sous `A`).
    pub minuscules: BTreeMap<char, Vec<Glyphe>>,
}

/// Les caractères qu'un bulletin demande.
pub fn caractere_utile(c: char) -> bool {
    c.is_ascii_digit() || c.is_ascii_uppercase()
}

/// Où ranger le tracé d'une classe : un caractère utile parmi les tracés, une minuscule parmi
/// les minuscules (sous sa capitale), rien d'autre.
#[derive(Clone, Copy)]
enum Rangement {
    Glyphe(char),
    Minuscule(char),
}

fn rangement(c: char) -> Option<Rangement> {
    if caractere_utile(c) {
        Some(Rangement::Glyphe(c))
    } else {
        c.is_ascii_lowercase().then(|| Rangement::Minuscule(c.to_ascii_uppercase()))
    }
}

impl Ecritures {
    /// Le dossier EMNIST de `../shared/data/`, vu depuis un membre du dépôt.
    pub fn dossier_emnist() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/emnist-byclass-test")
    }

    /// Ne garde que les tracés EMNIST des planches `premiere` à `derniere` (127 × 127 tracés
    /// par planche) : la planche 3 pour une manche de validation, par exemple.
    pub fn garder_planches(&mut self, premiere: usize, derniere: usize) {
        const PAR_PLANCHE: usize = 127 * 127;
        for v in self.glyphes.values_mut().chain(self.minuscules.values_mut()) {
            v.retain(|g| g.origine.strip_prefix("emnist:").and_then(|k| k.parse::<usize>().ok()).is_some_and(|k| (premiere..=derniere).contains(&(k / PAR_PLANCHE))));
        }
    }

    /// Charge les planches retenues d'un dossier ; chaque caractère utile doit avoir au
    /// moins un tracé.
    pub fn charger(dossier: &Path, partage: Partage) -> Result<Ecritures, ErreurEcritures> {
        let chemin = dossier.join("test.json");
        let texte = arbitre_engine::fichier::lire_texte(&chemin)?;
        let index: Index = serde_json::from_str(&texte).map_err(|e| ErreurEcritures::Lecture { fichier: chemin.clone(), message: e.to_string() })?;
        let champ = |champ: &str, message: String| ErreurEcritures::Champ { fichier: chemin.clone(), champ: champ.into(), message };
        if index.width == 0 || index.height == 0 {
            return Err(champ("width", "taille de vignette nulle".into()));
        }
        if let Some(k) = index.id.iter().position(|&c| c as usize >= index.mapping.len()) {
            return Err(champ(&format!("id[{k}]"), format!("classe {} hors de `mapping` ({} classes)", index.id[k], index.mapping.len())));
        }
        let classes: Vec<Option<Rangement>> = index.mapping.iter().map(|&u| char::from_u32(u).and_then(rangement)).collect();
        let mut ecr = Ecritures { dossier: dossier.to_path_buf(), partage: Some(partage), ..Default::default() };
        let (w, h) = (index.width, index.height);
        let mut debut = 0usize;
        for (i, nom) in index.files.iter().enumerate() {
            let fichier = dossier.join(nom);
            // La capacité d'une planche se lit sans la décoder : dimensions seules.
            let (pl, ph) = image::image_dimensions(&fichier).map_err(|e| ErreurEcritures::Lecture { fichier: fichier.clone(), message: e.to_string() })?;
            let (cols, rangs) = (pl / w, ph / h);
            if cols == 0 || rangs == 0 {
                return Err(champ(&format!("files[{i}]"), format!("planche {pl}×{ph} plus petite qu'une vignette {w}×{h}")));
            }
            let capacite = (cols * rangs) as usize;
            let fin = (debut + capacite).min(index.id.len());
            if partage.garde(i) && fin > debut {
                let planche: GrayImage = image::open(&fichier)
                    .map_err(|e| ErreurEcritures::Lecture { fichier: fichier.clone(), message: e.to_string() })?
                    .to_luma8();
                let mut pixels = vec![0u8; (w * h) as usize];
                for k in debut..fin {
                    let Some(c) = classes[index.id[k] as usize] else { continue };
                    let t = (k - debut) as u32;
                    let (x0, y0) = ((t % cols) * w, (t / cols) * h);
                    for y in 0..h {
                        for x in 0..w {
                            pixels[(y * w + x) as usize] = planche.get_pixel(x0 + x, y0 + y).0[0];
                        }
                    }
                    if let Some(g) = Glyphe::depuis_vignette(w, h, &pixels, format!("emnist:{k}")) {
                        match c {
                            Rangement::Glyphe(c) => ecr.glyphes.entry(c).or_default().push(g),
                            Rangement::Minuscule(c) => ecr.minuscules.entry(c).or_default().push(g),
                        }
                    }
                }
            }
            debut += capacite;
        }
        if debut < index.id.len() {
            return Err(champ("id", format!("{} échantillons pour {debut} vignettes dans les planches", index.id.len())));
        }
        for c in ('0'..='9').chain('A'..='Z') {
            if ecr.glyphes.get(&c).is_none_or(|v| v.is_empty()) {
                return Err(ErreurEcritures::Manque { dossier: dossier.to_path_buf(), caractere: c });
            }
        }
        Ok(ecr)
    }

    /// Les tracés d'un caractère (vide si aucun).
    pub fn de(&self, c: char) -> &[Glyphe] {
        self.glyphes.get(&c).map(Vec::as_slice).unwrap_or(&[])
    }

    /// Les tracés de la minuscule d'une capitale (vide si aucun).
    pub fn minuscules_de(&self, c: char) -> &[Glyphe] {
        self.minuscules.get(&c).map(Vec::as_slice).unwrap_or(&[])
    }

    /// Nombre total de tracés.
    pub fn len(&self) -> usize {
        self.glyphes.values().map(Vec::len).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
