//! Le lecteur de bulletins : un formulaire, le modèle et des réglages, préparés une fois
//! (comme un plan `tract`), puis appliqués à chaque image : chargement → recalage →
//! cases et cadres → modèle → assemblage de la lecture et de son doute.

use crate::cadres::decoupages;
use crate::chronos::{Chronos, Etape};
use std::time::Instant;
use crate::cases::cases_encrees;
use crate::chargement::{charger, decoder, ErreurImage};
use crate::lecture_scan::{assembler, caractere, champ_des_decoupages, CaractereLu, Forme, CaseProbable, ChampLu, LectureScan, RaisonRejet, RejetScan, ResumeRecalage};
use crate::modele::{ErreurModele, Modele};
use crate::recalage::{recaler, Recalage, Rejet};
use crate::vignette::Vignette;
use arbitre_formulaire::{Formulaire, Role};
use image::GrayImage;
use std::path::Path;

/// Les seuils du lecteur.
#[derive(Debug, Clone, Copy)]
pub struct Reglages {
    /// Au-delà de ce résidu (mm), le recalage est trop pauvre pour lire les cases.
    pub residu_max_mm: f64,
    /// Au-delà, il est douteux : la lecture est faite, mais une personne doit la voir.
    pub residu_douteux_mm: f64,
}

impl Default for Reglages {
    fn default() -> Self {
        // Les scans générés se recalent à 0,03 mm (médiane) et 0,26 mm au pire (README des
        // modèles) ; une case fait 5,5 mm.
        Reglages { residu_max_mm: 0.8, residu_douteux_mm: 0.35 }
    }
}

/// Le lecteur : préparé une fois, appliqué à chaque image (partageable entre fils).
pub struct Lecteur {
    pub formulaire: Formulaire,
    modele: Modele,
    pub reglages: Reglages,
    /// Le temps passé dans chaque étape, toutes images confondues.
    pub chronos: Chronos,
}

impl Lecteur {
    /// Le lecteur du formulaire donné avec le modèle livré.
    pub fn new(formulaire: Formulaire) -> Result<Lecteur, ErreurModele> {
        Ok(Lecteur { formulaire, modele: Modele::livre()?, reglages: Reglages::default(), chronos: Chronos::default() })
    }

    /// Lit un fichier image : une lecture par page, ou un rejet qui dit pourquoi.
    pub fn lire_fichier(&self, chemin: &Path, nom: &str, coup: Option<u32>) -> Vec<LectureScan> {
        let debut = Instant::now();
        let pages = charger(chemin);
        self.chronos.noter(Etape::Decodage, debut);
        self.lire_pages(pages, nom, coup)
    }

    /// Lit une image en mémoire (octets d'un fichier).
    pub fn lire_octets(&self, octets: &[u8], nom: &str, coup: Option<u32>) -> Vec<LectureScan> {
        let debut = Instant::now();
        let pages = decoder(octets);
        self.chronos.noter(Etape::Decodage, debut);
        self.lire_pages(pages, nom, coup)
    }

    fn lire_pages(&self, pages: Result<Vec<GrayImage>, ErreurImage>, nom: &str, coup: Option<u32>) -> Vec<LectureScan> {
        match pages {
            Err(e) => vec![LectureScan::rejetee(nom, None, coup, RaisonRejet::ImageIllisible, e.to_string())],
            Ok(pages) => {
                let plusieurs = pages.len() > 1;
                pages.iter().enumerate().map(|(i, img)| self.lire_page(img, nom, plusieurs.then_some(i as u32 + 1), coup)).collect()
            }
        }
    }

    /// Lit une page déjà décodée.
    pub fn lire_page(&self, img: &GrayImage, nom: &str, page: Option<u32>, coup: Option<u32>) -> LectureScan {
        let f = &self.formulaire;
        let debut = Instant::now();
        let recale = recaler(img, f);
        let debut = self.chronos.noter(Etape::Recalage, debut);
        let r = match recale {
            Ok(r) => r,
            Err(e) => {
                let raison = match e {
                    Rejet::AucunQuadrillage(_) => RaisonRejet::PasUnBulletin,
                    Rejet::CadresIntrouvables(_) => RaisonRejet::AutreFormulaire,
                };
                return LectureScan::rejetee(nom, page, coup, raison, e.to_string());
            }
        };
        let resume = self.resume(&r);
        if r.residu_mm > self.reglages.residu_max_mm {
            let mut l = LectureScan::rejetee(
                nom,
                page,
                coup,
                RaisonRejet::RecalageInsuffisant,
                format!("quadrillage recalé à {:.2} mm près (au plus {:.2} mm pour lire les cases)", r.residu_mm, self.reglages.residu_max_mm),
            );
            l.recalage = Some(resume);
            return l;
        }
        let h = &r.mm_vers_px;
        let cases = cases_encrees(img, f, h);
        let cadres = [Role::Table, Role::Reference, Role::Score].map(|role| decoupages(img, f, h, role));
        // Un seul lot pour le modèle : toutes les vignettes du bulletin (chaque découpage
        // possible de chaque cadre compris).
        let vignettes: Vec<&Vignette> = cases.iter().map(|c| &c.vignette).chain(cadres.iter().flatten().flatten().map(|c| &c.vignette)).collect();
        let debut = self.chronos.noter(Etape::Decoupage, debut);
        let lu = self.modele.lire(&vignettes);
        let debut = self.chronos.noter(Etape::Modele, debut);
        let probas = match lu {
            Ok(p) => p,
            Err(e) => return LectureScan::rejetee(nom, page, coup, RaisonRejet::ImageIllisible, e.to_string()),
        };
        let (p_cases, mut reste) = probas.split_at(cases.len());
        let champs: Vec<ChampLu> = cadres
            .iter()
            .zip([Forme::Libre, Forme::Reference, Forme::Libre])
            .map(|(variantes, forme)| {
                let est_ref = forme == Forme::Reference;
                let lus: Vec<Vec<CaractereLu>> = variantes
                    .iter()
                    .map(|cars| {
                        let (ici, suite) = reste.split_at(cars.len());
                        reste = suite;
                        cars.iter().zip(ici).map(|(c, p)| caractere(p, est_ref, c.espace_avant, c.coupe)).collect()
                    })
                    .collect();
                champ_des_decoupages(lus, forme)
            })
            .collect();
        let [table, reference, score]: [ChampLu; 3] = champs.try_into().expect("trois cadres");
        let rature_cadre = score.caracteres.iter().any(|c| c.alternatives[0].lecture == "rature");
        let probables: Vec<CaseProbable> =
            cases.iter().zip(p_cases).map(|(c, p)| CaseProbable { zone: [c.rangee, c.colonne], probabilites: p.clone(), decoupage_douteux: c.decoupage_douteux }).collect();
        let numero = table.valeur.as_deref().and_then(|v| v.parse::<u32>().ok());
        let (lecture, lues) = assembler(numero.unwrap_or(0), coup.unwrap_or(0), &probables, &reference, &score, rature_cadre);
        let mut l = LectureScan { image: nom.to_string(), page, coup, lecture: Some(lecture), cases: lues, table, reference, score, recalage: Some(resume), rejet: None };
        if numero.is_none() {
            l.lecture = None;
            l.rejet = Some(RejetScan { raison: RaisonRejet::TableIllisible, message: "aucun numéro de table lisible dans le cadre N° Table".into() });
        }
        self.chronos.noter(Etape::Assemblage, debut);
        l
    }

    fn resume(&self, r: &Recalage) -> ResumeRecalage {
        ResumeRecalage {
            mm_vers_px: r.mm_vers_px,
            residu_mm: (r.residu_mm * 1000.0).round() / 1000.0,
            tete_en_bas: r.tete_en_bas(),
            quarts_de_tour: r.quarts_de_tour,
            rotation_deg: (r.rotation_deg * 100.0).round() / 100.0,
            dpi: r.dpi.round(),
            douteux: r.residu_mm > self.reglages.residu_douteux_mm,
        }
    }
}
