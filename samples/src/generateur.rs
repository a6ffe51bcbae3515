//! D'une lecture à un bulletin scanné : dessin à plat, scan perturbé, vérité terrain.
//! Tout découle de la graine du bulletin : même graine, mêmes octets.

use crate::ecritures::{Ecritures, Partage};
use crate::rendu::{rendre, Annotation, ErreurRendu, Plumier, PoliceManuscrite, POLICE_ENTRAINEMENT, POLICE_EVALUATION};
use crate::scanner::{jpeg, scanner, Bornes, Homographie, Perturbations};
use crate::verite::{CadreVerite, CaseVerite, Geometrie, Quad, RatureVerite, VeriteTerrain};
use arbitre_engine::lecture::{EtatBulletin, Lecture};
use arbitre_formulaire::{Formulaire, Rect};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeSet;

/// Un bulletin généré : l'image JPEG (sauf bulletin absent) et sa vérité terrain.
pub struct Bulletin {
    pub jpeg: Option<Vec<u8>>,
    pub verite: VeriteTerrain,
}

/// Le générateur : un formulaire, des écritures, des polices manuscrites.
pub struct Generateur<'a> {
    pub formulaire: &'a Formulaire,
    pub plumier: Plumier<'a>,
    pub bornes: Bornes,
    /// Les tables dont le joueur écrit ses mots (et la lettre de sa référence) en minuscules.
    pub minuscules: BTreeSet<u32>,
}

/// Les polices manuscrites d'une partie du partage (aucune pour un dossier `--ecritures` :
/// tout s'y écrit avec ses seuls tracés).
pub fn polices(partage: Partage) -> Vec<PoliceManuscrite> {
    match partage {
        Partage::Entrainement => vec![PoliceManuscrite::depuis_octets(POLICE_ENTRAINEMENT.0, POLICE_ENTRAINEMENT.1)],
        Partage::Evaluation => vec![PoliceManuscrite::depuis_octets(POLICE_EVALUATION.0, POLICE_EVALUATION.1)],
        Partage::Tout => Vec::new(),
    }
}

/// Graine d'un bulletin, tirée de la graine de la manche, du coup et de la table.
pub fn graine_bulletin(graine: u64, coup: u32, table: u32) -> u64 {
    // SplitMix64 sur le mélange des trois : des graines bien séparées.
    let mut z = graine ^ ((coup as u64) << 32 | table as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Les tables d'une manche dont le joueur écrit en minuscules : une part `part` (0 à 1) des
/// tables 1 à `tables`, tirée de la graine de la manche (la même d'un coup à l'autre : c'est
/// l'habitude du joueur).
pub fn tables_en_minuscules(graine: u64, tables: u32, part: f64) -> BTreeSet<u32> {
    // Coup 0 : aucun bulletin n'a cette graine.
    let tirage = |t: u32| (graine_bulletin(graine, 0, t) >> 11) as f64 / (1u64 << 53) as f64;
    (1..=tables).filter(|&t| tirage(t) < part).collect()
}

/// Un point de l'image, arrondi au dixième de pixel (bien en deçà de la précision utile).
fn point(h: &Homographie, x: f64, y: f64) -> [f32; 2] {
    let (u, v) = h.appliquer(x, y);
    [((u * 10.0).round() / 10.0) as f32, ((v * 10.0).round() / 10.0) as f32]
}

fn quad(h: &Homographie, r: &Rect) -> Quad {
    let p = |x: f64, y: f64| point(h, x, y);
    let (x1, y1) = (r.x_mm + r.largeur_mm, r.y_mm + r.hauteur_mm);
    [p(r.x_mm, r.y_mm), p(x1, r.y_mm), p(x1, y1), p(r.x_mm, y1)]
}

impl<'a> Generateur<'a> {
    pub fn new(formulaire: &'a Formulaire, ecritures: &'a Ecritures, polices: &'a [PoliceManuscrite]) -> Self {
        Generateur { formulaire, plumier: Plumier::new(ecritures, polices), bornes: Bornes::default(), minuscules: BTreeSet::new() }
    }

    /// Dessine et scanne le bulletin d'une lecture. Un bulletin absent n'a pas d'image.
    pub fn generer(&self, lecture: &Lecture, annotation: Option<&Annotation>, graine: u64, nom_image: &str) -> Result<Bulletin, ErreurRendu> {
        let f = self.formulaire;
        let mut verite = VeriteTerrain {
            image: None,
            graine,
            formulaire: f.nom.clone(),
            lecture: lecture.clone(),
            intention: None,
            geometrie: None,
            perturbations: None,
            main: None,
            annotation: annotation.cloned(),
        };
        if lecture.etat == EtatBulletin::Absent {
            return Ok(Bulletin { jpeg: None, verite });
        }
        let mut rng = ChaCha8Rng::seed_from_u64(graine);
        let p = Perturbations::tirer(&mut rng, self.bornes);
        let vide = Annotation::default();
        let minuscules = self.minuscules.contains(&lecture.table);
        let rendu = rendre(f, lecture, &self.plumier, annotation.unwrap_or(&vide), &p, minuscules, &mut rng)?;
        let scan = scanner(&rendu.toile.image, f.largeur_mm as f32, f.hauteur_mm as f32, &p, &mut rng);
        let h = scan.mm_vers_px;
        let k = rendu.toile.px_par_mm as f64;
        let boite = |b: [f32; 4]| {
            quad(&h, &Rect { x_mm: b[0] as f64 / k, y_mm: b[1] as f64 / k, largeur_mm: (b[2] - b[0]) as f64 / k, hauteur_mm: (b[3] - b[1]) as f64 / k })
        };
        let z = &f.zone;
        let quadrillage = (0..=z.rangees)
            .flat_map(|r| (0..=z.colonnes).map(move |c| (r, c)))
            .map(|(r, c)| point(&h, z.x_mm + c as f64 * z.case_mm, z.y_mm + r as f64 * z.case_mm))
            .collect();
        let cases = rendu
            .cases
            .iter()
            .map(|c| CaseVerite {
                rangee: c.rangee,
                colonne: c.colonne,
                zone_rangee: c.zone_rangee,
                zone_colonne: c.zone_colonne,
                coins: quad(&h, &z.case(c.zone_rangee, c.zone_colonne)),
                encre: c.encre.map(boite),
                trace: c.trace.clone(),
            })
            .collect();
        let cadres = f
            .cadres
            .iter()
            .map(|c| CadreVerite {
                role: c.role,
                coins: quad(&h, &c.rect()),
                encre: rendu.cadres.iter().find(|(r, _)| *r == c.role).and_then(|(_, b)| crate::rendu::union(b.iter().copied())).map(boite),
                caracteres: rendu.cadres.iter().find(|(r, _)| *r == c.role).map(|(_, b)| b.iter().map(|&x| boite(x)).collect()).unwrap_or_default(),
            })
            .collect();
        verite.geometrie = Some(Geometrie {
            largeur_px: scan.image.width(),
            hauteur_px: scan.image.height(),
            mm_vers_px: h,
            origine: [rendu.origine.0, rendu.origine.1],
            quadrillage,
            cases,
            cadres,
            ratures: rendu.ratures.iter().map(|r| RatureVerite { lieu: r.lieu, encre: boite(r.encre) }).collect(),
        });
        let octets = jpeg(&scan.image, p.jpeg_qualite);
        verite.perturbations = Some(p);
        verite.main = Some(rendu.main);
        verite.image = Some(nom_image.to_string());
        Ok(Bulletin { jpeg: Some(octets), verite })
    }
}
