//! Le lecteur de bulletins : un formulaire, le modèle et des réglages, préparés une fois
//! (comme un plan `tract`), puis appliqués à chaque image : chargement → recalage →
//! cases et cadres → modèle → assemblage de la lecture et de son doute.

use crate::cadres::{Cadre, CaractereEncre};
use crate::chronos::{Chronos, Etape};
use arbitre_engine::nombres::decimal;
use std::time::Instant;
use crate::cases::{cases_et_collees, CaseEncree, Decoupage};
use crate::collees::{est_une_lettre, nettete, plus_probable, Collees};
use crate::chargement::{charger, decoder, ErreurImage};
use crate::lecture_scan::{assembler, caractere, champ_des_decoupages, CaractereLu, Forme, CaseProbable, ChampLu, LectureScan, RaisonRejet, RejetScan, ResumeRecalage};
use crate::modele::{ErreurModele, Modele, Probabilites, CHIFFRES, REFERENCES};
use crate::recalage::{recaler, Recalage, Rejet};
use crate::{page_blanche, planche, trainee};
use crate::vignette::Vignette;
use arbitre_formulaire::{Formulaire, Role};
use image::GrayImage;
use std::collections::HashSet;
use std::path::Path;

/// Un groupe d'encre large que le modèle lit au moins aussi sûrement entier comme un seul
/// caractère (réglé sur la manche de validation), ou coupé à sa colonne la plus mince comme
/// deux, n'est pas coupé aux colonnes fixes.
const UN_CARACTERE_SUR: f32 = 0.9;
/// Le même seuil pour le N° Table, plus strict : un numéro mal lu fait passer un bulletin à
/// un autre joueur.
const UN_CHIFFRE_DE_TABLE_SUR: f32 = 0.995;

/// Une case entourée à au moins cette probabilité garde la coupe au bord des cases quand
/// sa lettre touche une voisine ([`choisir_la_coupe`]).
const PEUT_ETRE_ENTOUREE: f32 = 0.01;

/// Les cadres du joueur, dans l'ordre où ils sont lus, et ce que chacun peut contenir.
const CADRES: [(Role, Forme); 3] = [(Role::Table, Forme::Libre), (Role::Reference, Forme::Reference), (Role::Score, Forme::Libre)];

/// Les seuils du lecteur.
#[derive(Debug, Clone, Copy)]
pub struct Reglages {
    /// Au-delà de ce résidu (mm), le recalage est trop pauvre pour lire les cases. En deçà,
    /// un recalage qui n'est pas sûr ([`Recalage::sur`] : résidu, cadres retrouvés) est
    /// douteux : la lecture est faite, mais une personne doit la voir.
    pub residu_max_mm: f64,
}

impl Default for Reglages {
    fn default() -> Self {
        // Une case fait 5,5 mm.
        Reglages { residu_max_mm: 0.8 }
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
        Ok(Lecteur::avec_modele(formulaire, Modele::livre()?))
    }

    /// Le lecteur du formulaire donné avec un autre modèle (pour comparer des modèles).
    pub fn avec_modele(formulaire: Formulaire, modele: Modele) -> Lecteur {
        Lecteur { formulaire, modele, reglages: Reglages::default(), chronos: Chronos::default() }
    }

    /// Lit un fichier image : une lecture par page, ou un rejet qui dit pourquoi.
    pub fn lire_fichier(&self, chemin: &Path, nom: &str, coup: Option<u32>) -> Vec<LectureScan> {
        sans_rien_de_plus(self.lire_fichier_et(chemin, nom, coup, |_, _| None::<()>))
    }

    /// Lit un fichier image et passe chaque page décodée, avec sa lecture, à `aussi` (pour
    /// en tirer autre chose tant qu'elle est en mémoire, sans relire le fichier) ; `None`
    /// pour un fichier qui ne se décode pas.
    pub fn lire_fichier_et<T>(&self, chemin: &Path, nom: &str, coup: Option<u32>, aussi: impl Fn(&GrayImage, &LectureScan) -> Option<T>) -> Vec<(LectureScan, Option<T>)> {
        let debut = Instant::now();
        let pages = charger(chemin);
        self.chronos.noter(Etape::Decodage, debut);
        self.lire_pages(pages, nom, coup, aussi)
    }

    /// Lit une image en mémoire (octets d'un fichier).
    pub fn lire_octets(&self, octets: &[u8], nom: &str, coup: Option<u32>) -> Vec<LectureScan> {
        sans_rien_de_plus(self.lire_octets_et(octets, nom, coup, |_, _| None::<()>))
    }

    /// Lit une image en mémoire et passe chaque page décodée, avec sa lecture, à `aussi`
    /// (voir [`Lecteur::lire_fichier_et`]).
    pub fn lire_octets_et<T>(&self, octets: &[u8], nom: &str, coup: Option<u32>, aussi: impl Fn(&GrayImage, &LectureScan) -> Option<T>) -> Vec<(LectureScan, Option<T>)> {
        let debut = Instant::now();
        let pages = decoder(octets);
        self.chronos.noter(Etape::Decodage, debut);
        self.lire_pages(pages, nom, coup, aussi)
    }

    fn lire_pages<T>(&self, pages: Result<Vec<GrayImage>, ErreurImage>, nom: &str, coup: Option<u32>, aussi: impl Fn(&GrayImage, &LectureScan) -> Option<T>) -> Vec<(LectureScan, Option<T>)> {
        match pages {
            Err(e) => {
                let raison = if e == ErreurImage::NoirEtBlanc { RaisonRejet::NoirEtBlanc } else { RaisonRejet::ImageIllisible };
                vec![(LectureScan::rejetee(nom, None, coup, raison, e.to_string()), None)]
            }
            Ok(pages) => {
                let plusieurs = pages.len() > 1;
                pages
                    .iter()
                    .enumerate()
                    .flat_map(|(i, img)| {
                        // Les traînées du scanner effacées avant tout ; la personne qui
                        // regarde le scan (`aussi` : les extraits de la revue) les voit.
                        let debut = Instant::now();
                        let traits = trainee::trouver(img);
                        let propre = (!traits.is_empty()).then(|| trainee::effacer(img, &traits));
                        self.chronos.noter(Etape::Trainees, debut);
                        let lus = self.lire_planche(propre.as_ref().unwrap_or(img), nom, plusieurs.then_some(i as u32 + 1), coup);
                        lus.into_iter().map(|mut l| {
                            if let Some(propre) = &propre {
                                l.trainees = Some(self.traversees(&traits, &l, propre));
                            }
                            let t = aussi(img, &l);
                            (l, t)
                        }).collect::<Vec<_>>()
                    })
                    .collect()
            }
        }
    }

    /// Les bulletins d'une page : un d'ordinaire ; plusieurs sur une planche scannée à plat
    /// ([`planche`]), numérotés dans l'ordre de lecture (champ `bulletin`). Un second
    /// quadrillage trouvé sans les cadres du formulaire garde son rejet : une personne le
    /// verra.
    pub fn lire_planche(&self, img: &GrayImage, nom: &str, page: Option<u32>, coup: Option<u32>) -> Vec<LectureScan> {
        let premier = self.lire_page(img, nom, page, coup);
        let Some(h) = premier.recalage.as_ref().map(|r| r.mm_vers_px) else { return vec![premier] };
        let mut p = planche::Planche::new(img);
        p.effacer(&self.formulaire, &h);
        let mut lus = vec![premier];
        // Tant qu'il reste la place d'un bulletin hors des feuilles trouvées (effacées).
        while p.place_pour_un_autre() {
            let autre = self.recaler_puis_lire(p.reste(), img, nom, page, coup);
            let Some(h) = autre.recalage.as_ref().map(|r| r.mm_vers_px) else {
                if autre.rejet.as_ref().is_some_and(|r| r.raison == RaisonRejet::AutreFormulaire) {
                    lus.push(autre);
                }
                break;
            };
            if p.deja_trouvee(&self.formulaire, &h) {
                break;
            }
            p.effacer(&self.formulaire, &h);
            lus.push(autre);
        }
        if lus.len() > 1 {
            // Ceux qui n'ont pas de feuille (second quadrillage sans cadres) en dernier.
            let mut ordre = planche::ordre_de_lecture(p.feuilles());
            ordre.extend(p.feuilles().len()..lus.len());
            let mut places: Vec<Option<LectureScan>> = lus.into_iter().map(Some).collect();
            lus = ordre.into_iter().filter_map(|i| places[i].take()).collect();
            for (k, l) in lus.iter_mut().enumerate() {
                l.bulletin = Some(k as u32 + 1);
            }
        }
        lus
    }

    /// Ce que les traînées `traits` traversent du bulletin lu `l` sur l'image `propre` qui
    /// n'en a plus (rien, hors les traînées elles-mêmes, sans recalage).
    fn traversees(&self, traits: &[trainee::Trainee], l: &LectureScan, propre: &GrayImage) -> trainee::Trainees {
        match &l.recalage {
            Some(r) => {
                let encrees: Vec<[u32; 2]> = l.cases.iter().map(|c| c.zone).collect();
                trainee::traversees(traits, &self.formulaire, &r.mm_vers_px, &encrees, propre)
            }
            None => trainee::Trainees { traits: traits.to_vec(), ..Default::default() },
        }
    }

    /// Lit une page déjà décodée (un bulletin).
    pub fn lire_page(&self, img: &GrayImage, nom: &str, page: Option<u32>, coup: Option<u32>) -> LectureScan {
        self.recaler_puis_lire(img, img, nom, page, coup)
    }

    /// Recale sur `sur` (l'image, ou ce qu'il en reste une fois effacés les bulletins déjà
    /// trouvés d'une planche), puis lit sur `img` : chaque bulletin garde toute son encre.
    fn recaler_puis_lire(&self, sur: &GrayImage, img: &GrayImage, nom: &str, page: Option<u32>, coup: Option<u32>) -> LectureScan {
        let debut = Instant::now();
        let recale = recaler(sur, &self.formulaire);
        self.chronos.noter(Etape::Recalage, debut);
        match recale {
            Ok(r) => self.lire_recale(img, &r, nom, page, coup),
            Err(e) => {
                // Une page sans quadrillage ni aucune encre (le reste d'une planche, déjà
                // effacé, n'est jamais jugé ainsi : seule la page entière).
                if matches!(e, Rejet::AucunQuadrillage(_)) && std::ptr::eq(sur, img) && page_blanche::est_blanche(img) {
                    let message = "page blanche : ni quadrillage ni écriture (le verso d'un scan recto verso, une page intercalaire ?)".to_string();
                    return LectureScan::rejetee(nom, page, coup, RaisonRejet::PageBlanche, message);
                }
                let raison = match e {
                    Rejet::AucunQuadrillage(_) => RaisonRejet::PasUnBulletin,
                    Rejet::CadresIntrouvables(_) => RaisonRejet::AutreFormulaire,
                };
                LectureScan::rejetee(nom, page, coup, raison, e.to_string())
            }
        }
    }

    /// Lit un bulletin recalé : cases, cadres, modèle, assemblage.
    fn lire_recale(&self, img: &GrayImage, r: &Recalage, nom: &str, page: Option<u32>, coup: Option<u32>) -> LectureScan {
        let debut = Instant::now();
        let f = &self.formulaire;
        let resume = self.resume(r);
        if r.residu_mm > self.reglages.residu_max_mm {
            let mut l = LectureScan::rejetee(
                nom,
                page,
                coup,
                RaisonRejet::RecalageInsuffisant,
                format!("quadrillage recalé à {} mm près (au plus {} mm pour lire les cases)", decimal(r.residu_mm, 2), decimal(self.reglages.residu_max_mm, 2)),
            );
            l.recalage = Some(resume);
            return l;
        }
        let h = &r.mm_vers_px;
        let Decoupage { mut cases, collees, pales } = cases_et_collees(img, f, h);
        let mut cadres = CADRES.map(|(role, _)| Cadre::preparer(img, f, h, role));
        let cadres_pales: Vec<Role> = cadres.iter().zip(CADRES).filter(|(c, _)| c.encre_pale()).map(|(_, (role, _))| role).collect();
        let (probas, decoupes) = match self.lire_vignettes(&mut cases, &collees, &mut cadres, debut) {
            Ok(lu) => lu,
            Err(e) => return LectureScan::rejetee(nom, page, coup, RaisonRejet::ImageIllisible, e.to_string()),
        };
        let debut = Instant::now();
        let (p_cases, mut reste) = probas.split_at(cases.len());
        let champs: Vec<ChampLu> = decoupes
            .iter()
            .zip(CADRES.map(|(_, forme)| forme))
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
        let mut l = LectureScan { image: nom.to_string(), page, bulletin: None, coup, lecture: Some(lecture), cases: lues, table, reference, score, cases_pales: pales, cadres_pales, trainees: None, recalage: Some(resume), rejet: None };
        // Sans numéro de table, le bulletin ne peut être donné à personne : rejeté, mais sa
        // lecture (table 0) reste, pour qu'une personne lise le numéro sur le scan et le
        // donne à sa table (page de revue).
        if numero.is_none() {
            l.rejet = Some(RejetScan { raison: RaisonRejet::TableIllisible, message: "aucun numéro de table lisible dans le cadre N° Table".into() });
        }
        self.chronos.noter(Etape::Assemblage, debut);
        l
    }

    /// Les probabilités de chaque case puis de chaque caractère des découpages retenus des
    /// cadres, et ces découpages. En deux lots : d'abord les cases et les découpages sans
    /// coupe aux colonnes fixes ; puis ces coupes, pour un groupe large seulement quand le
    /// modèle ne le lit pas entier comme un seul caractère sûr (deux chiffres collés se
    /// lisent « vide » : ce n'est pas *un* caractère).
    ///
    /// Les lettres collées sont lues avec les autres coupes de leur encre dans le premier
    /// lot ; la coupe retenue remplace la vignette des deux cases.
    #[allow(clippy::type_complexity)]
    fn lire_vignettes(&self, cases: &mut [CaseEncree], collees: &[Collees], cadres: &mut [Cadre; 3], debut: Instant) -> Result<(Vec<Probabilites>, Vec<Vec<Vec<CaractereEncre>>>), ErreurModele> {
        let mut lues = Lues::default();
        let ordinaires: Vec<Vec<Vec<CaractereEncre>>> = cadres.iter_mut().map(|c| c.decoupages(|_| false)).collect();
        let larges: Vec<Vec<(usize, Vignette, Vec<Vignette>)>> = cadres.iter_mut().map(|c| c.larges()).collect();
        let debut = self.chronos.noter(Etape::Decoupage, debut);
        let variantes = collees.iter().flat_map(|c| c.variantes.iter().flatten());
        lues.lire(&self.modele, cases.iter().map(|c| &c.vignette).chain(variantes).chain(ordinaires.iter().flatten().flatten().map(|c| &c.vignette)))?;
        // Une case collée à deux voisines (deux taches) n'est recoupée qu'une fois : les
        // coupes de la seconde paire partent de la coupe au bord des cases.
        let mut recoupees: HashSet<usize> = HashSet::new();
        for c in collees {
            if !c.cases.iter().any(|k| recoupees.contains(k)) && choisir_la_coupe(cases, c, &lues) {
                recoupees.extend(c.cases);
            }
        }
        let debut = self.chronos.noter(Etape::Modele, debut);
        let decoupes: Vec<Vec<Vec<CaractereEncre>>> = cadres
            .iter_mut()
            .zip(&larges)
            .zip(CADRES)
            .map(|((cadre, larges), (role, forme))| {
                // Aux colonnes fixes, seulement un groupe que le modèle ne lit sûrement ni entier
                // (un caractère) ni coupé à sa colonne la plus mince (deux caractères).
                // Dans le N° Table, un chiffre coupé sûr à 90 % ne suffit pas : un 8 collé au 2
                // d'un 28, coupé à la colonne la plus mince, laisse un 3 lu à 99 % (le 2 à 97 %),
                // et le bulletin de la table 28 a payé la table 23, absente (manche neuve
                // `hutte` graine 781). Il faut que le numéro soit sûr à 99 % (`SEUIL_TABLE` du
                // jugement) : chaque chiffre à 99,5 %.
                let seuil = if role == Role::Table { UN_CHIFFRE_DE_TABLE_SUR } else { UN_CARACTERE_SUR };
                let sur = |v: &Vignette| un_caractere_sur(&lues.de(v), forme, seuil);
                let lu_surement = |(_, entier, moities): &&(usize, Vignette, Vec<Vignette>)| sur(entier) || (moities.len() == 2 && moities.iter().all(sur));
                let a_couper: Vec<usize> = larges.iter().filter(|l| !lu_surement(l)).map(|(i, _, _)| *i).collect();
                cadre.decoupages(|i| a_couper.contains(&i))
            })
            .collect();
        let vignettes: Vec<&Vignette> = cases.iter().map(|c| &c.vignette).chain(decoupes.iter().flatten().flatten().map(|c| &c.vignette)).collect();
        let debut = self.chronos.noter(Etape::Decoupage, debut);
        lues.lire(&self.modele, vignettes.iter().copied())?;
        self.chronos.noter(Etape::Modele, debut);
        Ok((vignettes.iter().map(|v| lues.de(v)).collect(), decoupes))
    }

    fn resume(&self, r: &Recalage) -> ResumeRecalage {
        ResumeRecalage {
            mm_vers_px: r.mm_vers_px,
            residu_mm: (r.residu_mm * 1000.0).round() / 1000.0,
            tete_en_bas: r.tete_en_bas(),
            quarts_de_tour: r.quarts_de_tour,
            rotation_deg: (r.rotation_deg * 100.0).round() / 100.0,
            dpi: r.dpi.round(),
            cadres: (r.cadres * 1000.0).round() / 1000.0,
            douteux: !r.sur(),
        }
    }
}

fn sans_rien_de_plus(lues: Vec<(LectureScan, Option<()>)>) -> Vec<LectureScan> {
    lues.into_iter().map(|(l, _)| l).collect()
}

/// Ce que le modèle a déjà lu pour un bulletin : la même vignette revient souvent (un
/// caractère de cadre figure dans presque chaque découpage) ; chaque vignette distincte
/// n'est lue qu'une fois. La clé est la vignette elle-même, bit pour bit (ses 1 024 valeurs
/// vues comme des entiers, sans copie), hachée par `foldhash` : le hachage par défaut de
/// la bibliothèque standard, fait pour résister aux attaques, prenait à lui seul 1 % du
/// temps de lecture (profil `perf`), plus une copie de 4 Kio par recherche.
#[derive(Default)]
struct Lues(foldhash::HashMap<Box<[u32]>, Probabilites>);

impl Lues {
    fn cle(v: &Vignette) -> &[u32] {
        bytemuck::cast_slice(&v.0)
    }

    /// Lit, en un lot, celles des vignettes qui ne l'ont pas encore été.
    fn lire<'v>(&mut self, modele: &Modele, vignettes: impl Iterator<Item = &'v Vignette>) -> Result<(), ErreurModele> {
        let mut nouvelles: Vec<&Vignette> = Vec::new();
        let mut vues: foldhash::HashSet<&[u32]> = foldhash::HashSet::default();
        for v in vignettes {
            let k = Lues::cle(v);
            if !self.0.contains_key(k) && vues.insert(k) {
                nouvelles.push(v);
            }
        }
        let lues = modele.lire(&nouvelles)?;
        self.0.extend(nouvelles.into_iter().map(|v| Box::from(Lues::cle(v))).zip(lues));
        Ok(())
    }

    fn de(&self, v: &Vignette) -> Probabilites {
        self.0[Lues::cle(v)].clone()
    }
}

/// Deux lettres collées : la coupe dont les deux vignettes se lisent le plus sûrement
/// comme des lettres (produit des [`nettete`]) remplace celle du bord des cases ; si la
/// lecture d'une des deux cases en change, son découpage est signalé douteux (page de
/// revue). Une lettre peut-être entourée garde la coupe du bord : une coupe droite
/// couperait son cercle (un joker revendiqué qui ne se verrait plus). Vrai si la coupe
/// a changé.
fn choisir_la_coupe(cases: &mut [CaseEncree], c: &Collees, lues: &Lues) -> bool {
    let [i, j] = c.cases;
    // Les lectures de chaque coupe, une fois : celle du bord des cases, puis les autres.
    let lire = |a: &Vignette, b: &Vignette| [lues.de(a), lues.de(b)];
    let defaut = lire(&cases[i].vignette, &cases[j].vignette);
    // Deux lettres : ni l'une ni l'autre ne se lit d'abord comme un bout d'encre (`vide`)
    // ou une rature ; sinon la tache est une lettre qui déborde, que le partage a déjà
    // rendue à sa case.
    let peut_etre_entouree = |p: &[Probabilites; 2]| p.iter().any(|p| p.entouree >= PEUT_ETRE_ENTOUREE);
    if !defaut.iter().all(|p| est_une_lettre(&p.lettre)) || peut_etre_entouree(&defaut) {
        return false;
    }
    let score = |p: &[Probabilites; 2]| nettete(&p[0].lettre) * nettete(&p[1].lettre);
    let lues_variantes: Vec<[Probabilites; 2]> = c.variantes.iter().map(|[a, b]| lire(a, b)).collect();
    let Some(k) = (0..lues_variantes.len()).max_by(|&x, &y| score(&lues_variantes[x]).total_cmp(&score(&lues_variantes[y]))) else { return false };
    if score(&lues_variantes[k]) <= score(&defaut) || peut_etre_entouree(&lues_variantes[k]) {
        return false;
    }
    for ((case, v), (avant, apres)) in [i, j].into_iter().zip(&c.variantes[k]).zip(defaut.iter().zip(&lues_variantes[k])) {
        if plus_probable(&avant.lettre) != plus_probable(&apres.lettre) {
            cases[case].decoupage_douteux = true;
        }
        cases[case].vignette = v.clone();
    }
    true
}

/// Le modèle lit-il ce groupe d'encre entier comme un seul caractère, sûr à
/// `seuil` ?
fn un_caractere_sur(p: &Probabilites, forme: Forme, seuil: f32) -> bool {
    let (probas, classes): (&[f32], &[&str]) = if forme == Forme::Reference { (&p.reference, &REFERENCES) } else { (&p.chiffre, &CHIFFRES) };
    probas.iter().zip(classes).filter(|(_, c)| **c != "vide" && **c != "rature").any(|(p, _)| *p >= seuil)
}
