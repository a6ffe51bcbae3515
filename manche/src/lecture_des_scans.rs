//! La lecture des scans d'une manche, en parallèle : chaque fichier lu par le lecteur, ou sa
//! lecture reprise d'une exécution précédente quand rien n'a changé
//! ([`crate::lectures_gardees`]) ; et les extraits de scans de la page de revue.

use crate::extraits::extrait;
use crate::lectures_gardees::{FichierLu, Gardees};
use crate::suivi::Suivi;
use arbitre_engine::fichier::empreinte;
use arbitre_pipeline::chargement::{charger, octets};
use arbitre_pipeline::lecteur::Lecteur;
use arbitre_pipeline::lecture_scan::LectureScan;
use arbitre_pipeline::scans::FichierScan;
use image::GrayImage;
use rayon::prelude::*;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::ops::Range;
use std::path::Path;

/// Les scans lus.
pub(crate) struct ScansLus {
    /// Une lecture par page d'image (ou par bulletin d'une planche), dans l'ordre des
    /// fichiers.
    pub scans: Vec<LectureScan>,
    /// L'extrait (JPEG) de chaque page lue, par [`crate::depouillement::nom_image`] : tiré
    /// tant que l'image décodée est en mémoire ; pas pour une lecture reprise.
    pub jpeg: HashMap<String, Vec<u8>>,
    /// Les fichiers dont les lectures sont à garder pour la prochaine exécution (ceux dont
    /// le contenu a pu être lu).
    pub a_garder: Vec<AGarder>,
    /// Les fichiers dont la lecture a été reprise.
    pub reprises: usize,
}

/// Un fichier dont les lectures sont à garder : ses pages sont `scans[pages]` de
/// [`ScansLus`] (pas de copie des lectures, tenue jusqu'à l'écriture).
pub(crate) struct AGarder {
    fichier: String,
    coup: Option<u32>,
    empreinte: String,
    pages: Range<usize>,
}

impl AGarder {
    /// Le fichier et ses lectures, empruntées aux `scans` de [`ScansLus`].
    pub fn avec_ses_lectures(self, scans: &[LectureScan]) -> FichierLu<'_> {
        FichierLu { fichier: self.fichier, coup: self.coup, empreinte: self.empreinte, lectures: scans[self.pages].into(), extraits: Vec::new() }
    }
}

/// Un fichier lu ou repris : ses pages (chacune avec son extrait, tiré à la lecture),
/// l'empreinte de son contenu (s'il a pu être lu et qu'on garde les lectures).
struct UnFichier {
    pages: Vec<(LectureScan, Option<Vec<u8>>)>,
    empreinte: Option<String>,
    repris: bool,
}

/// Lit chaque image (en parallèle) : une lecture par page, ou un rejet. Avec `gardees`,
/// un fichier inchangé reprend sa lecture précédente au lieu d'être relu, et chaque
/// fichier est empreinté pour la prochaine fois.
///
/// Avec `avec_extraits`, l'extrait de chaque page lue (pour la page de revue) est tiré tant
/// qu'elle est en mémoire : voir [`crate::extraits`].
pub(crate) fn lire_les_scans(lecteur: &Lecteur, images: &[FichierScan], avec_extraits: bool, gardees: Option<&Gardees>, suivi: &dyn Suivi) -> ScansLus {
    suivi.etape("lecture", images.len());
    let extrait_de = |img: &GrayImage, l: &LectureScan| {
        let r = l.recalage.as_ref().filter(|_| avec_extraits && l.lecture.is_some())?;
        extrait(img, r, &lecteur.formulaire)
    };
    let lire = |f: &FichierScan| -> UnFichier {
        let contenu = gardees.and_then(|_| octets(&f.chemin).ok());
        let (Some(g), Some(contenu)) = (gardees, contenu) else {
            // Rien à garder, ou un fichier qui ne se lit pas : le lecteur dit pourquoi.
            return UnFichier { pages: lecteur.lire_fichier_et(&f.chemin, &f.nom, f.coup, extrait_de), empreinte: None, repris: false };
        };
        let e = empreinte(&contenu);
        match g.reprendre(&f.nom, f.coup, &e) {
            Some(lectures) => UnFichier { pages: lectures.into_iter().map(|l| (l, None)).collect(), empreinte: Some(e), repris: true },
            None => UnFichier { pages: lecteur.lire_octets_et(&contenu, &f.nom, f.coup, extrait_de), empreinte: Some(e), repris: false },
        }
    };
    let lus: Vec<_> = images
        .par_iter()
        .map(|f| {
            let l = lire(f);
            suivi.avance(1);
            l
        })
        .collect();
    suivi.fin();
    let mut r = ScansLus { scans: Vec::new(), jpeg: HashMap::new(), a_garder: Vec::new(), reprises: 0 };
    for (f, lu) in images.iter().zip(lus) {
        r.reprises += lu.repris as usize;
        if let Some(empreinte) = lu.empreinte {
            r.a_garder.push(AGarder { fichier: f.nom.clone(), coup: f.coup, empreinte, pages: r.scans.len()..r.scans.len() + lu.pages.len() });
        }
        for (s, jpeg) in lu.pages {
            if let Some(jpeg) = jpeg {
                r.jpeg.insert(crate::depouillement::nom_image(&s), jpeg);
            }
            r.scans.push(s);
        }
    }
    r
}

/// Tire les extraits des pages `noms` ([`crate::depouillement::nom_image`]) qui manquent à
/// `jpeg` : celles dont la lecture a été reprise. L'extrait que l'exécution précédente a
/// écrit dans `sortie` est repris s'il y est encore, intact ([`Gardees::extrait`]) ;
/// sinon le fichier est décodé à nouveau (pas relu : le recalage de sa lecture reprise
/// sert), une fois pour toutes ses pages.
pub(crate) fn extraits_manquants(lecteur: &Lecteur, images: &[FichierScan], scans: &[LectureScan], noms: &BTreeSet<String>, (gardees, sortie): (&Gardees, &Path), jpeg: &mut HashMap<String, Vec<u8>>, suivi: &dyn Suivi) {
    let mut par_fichier: BTreeMap<&str, Vec<&LectureScan>> = BTreeMap::new();
    for s in scans {
        let nom = crate::depouillement::nom_image(s);
        if noms.contains(&nom) && !jpeg.contains_key(&nom) {
            match gardees.extrait(sortie, &s.image, s.coup, &nom) {
                Some(octets) => {
                    jpeg.insert(nom, octets);
                }
                None => par_fichier.entry(s.image.as_str()).or_default().push(s),
            }
        }
    }
    if par_fichier.is_empty() {
        return;
    }
    let chemins: HashMap<&str, &FichierScan> = images.iter().map(|f| (f.nom.as_str(), f)).collect();
    suivi.etape("extraits", par_fichier.len());
    let tires: Vec<(String, Vec<u8>)> = par_fichier
        .into_par_iter()
        .flat_map_iter(|(fichier, pages)| {
            // Un fichier qui ne se décode plus (changé pendant l'exécution) : pas d'extrait.
            let decodees = chemins.get(fichier).and_then(|f| charger(&f.chemin).ok()).unwrap_or_default();
            suivi.avance(1);
            pages
                .into_iter()
                .filter_map(|s| {
                    let img = decodees.get(s.page.map_or(Some(0), |p| (p as usize).checked_sub(1))?)?;
                    Some((crate::depouillement::nom_image(s), extrait(img, s.recalage.as_ref()?, &lecteur.formulaire)?))
                })
                .collect::<Vec<_>>()
        })
        .collect();
    suivi.fin();
    jpeg.extend(tires);
}
