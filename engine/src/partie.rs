//! Les parties (fichiers `.partie`) : une ligne par coup, `coup tirage top ref score`,
//! rejouées et vérifiées au chargement.

use crate::evaluation::{evaluer, Evaluation};
use crate::grille::Grille;
use crate::lexique::Lexique;
use crate::reference::Reference;
use crate::regles::Formule;
use crate::texte::extrait;
use crate::tuiles::{mot_depuis_texte, Lettre, Tirage};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// Une erreur dans une partie : fichier, ligne quand il y en a une, et ce qui ne va pas.
pub type ErreurPartie = crate::fichier::ErreurFichier;

/// Un coup tel qu'écrit dans la partie.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Coup {
    pub numero: u32,
    /// Ligne du fichier (à partir de 1).
    pub ligne: usize,
    /// Reliquat annoncé (`EIN` dans `EIN+ABR?`), s'il est écrit.
    pub reliquat: Option<Tirage>,
    /// Le tirage complet.
    pub tirage: Tirage,
    /// Le top retenu (minuscule = joker).
    pub top: Vec<Lettre>,
    pub reference: Reference,
    pub score: u32,
}

/// L'état de la partie avant un coup.
#[derive(Debug, Clone)]
pub struct Etat {
    pub grille: Grille,
    /// Lettres encore dans le sac avant le tirage du coup.
    pub sac: Tirage,
}

/// Une partie lue et rejouée.
#[derive(Debug, Clone)]
pub struct Partie {
    pub fichier: PathBuf,
    pub formule: Formule,
    pub coups: Vec<Coup>,
    /// `etats[i]` : la grille avant le coup `i + 1`.
    pub etats: Vec<Etat>,
    /// Le placement du top de chaque coup.
    pub tops: Vec<Evaluation>,
}

/// Un mot formé par un top qui n'est pas dans le lexique : ce n'est pas une erreur de la
/// partie (elle a pu être jouée avec un autre lexique), mais l'arbitre doit le savoir ;
/// la correction l'admet pour la partie ([`crate::LexiquePartie`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MotHorsLexique {
    pub coup: u32,
    pub ligne: usize,
    pub mots: Vec<String>,
}

impl Partie {
    /// Lit et rejoue un fichier de partie. Des octets qui ne sont pas de l'UTF-8 sont lus
    /// « � » : sans effet dans un commentaire, une erreur de la ligne ailleurs.
    pub fn lire(chemin: &Path, formule: Formule) -> Result<Partie, ErreurPartie> {
        let octets = crate::fichier::lire(chemin)?;
        Self::depuis_texte(chemin, &crate::texte::decoder(&octets).texte, formule)
    }

    /// Analyse et rejoue le texte d'une partie.
    pub fn depuis_texte(chemin: &Path, texte: &str, formule: Formule) -> Result<Partie, ErreurPartie> {
        let err = |ligne: usize, message: String| ErreurPartie::ligne(chemin, ligne, message);
        let mut coups = Vec::new();
        for (i, brute) in texte.lines().enumerate() {
            let ligne = i + 1;
            let contenu = brute.split('#').next().unwrap_or("").trim();
            if contenu.is_empty() {
                continue;
            }
            let champs: Vec<&str> = contenu.split_whitespace().collect();
            if coups.is_empty() && champs[0].eq_ignore_ascii_case("coup") {
                continue; // ligne d'en-tête
            }
            coups.push(lire_coup(&champs, ligne, coups.len() as u32 + 1).map_err(|m| err(ligne, m))?);
        }
        if coups.is_empty() {
            return Err(ErreurPartie::contenu(chemin, "aucun coup : attendu « coup tirage top ref score » par ligne"));
        }
        let mut partie = Partie { fichier: chemin.to_path_buf(), formule, coups, etats: Vec::new(), tops: Vec::new() };
        partie.rejouer().map_err(|(ligne, m)| err(ligne, m))?;
        Ok(partie)
    }

    /// La partie jusqu'au coup `n` compris : une partie en cours, que le double arbitrage
    /// suit à quelques coups de distance (guide 2, item (3)). Les coups suivants, leurs
    /// grilles et leurs tops sont oubliés ; sans effet sur une partie plus courte.
    pub fn jusqu_au_coup(&mut self, n: usize) {
        self.coups.truncate(n);
        self.etats.truncate(n);
        self.tops.truncate(n);
    }

    fn rejouer(&mut self) -> Result<(), (usize, String)> {
        let mut grille = Grille::vide();
        let mut sac = Tirage::sac_complet();
        let mut reste = Tirage::default(); // lettres non posées du tirage précédent
        for coup in &self.coups {
            let l = coup.ligne;
            self.etats.push(Etat { grille: grille.clone(), sac });
            // Le reliquat : s'il est écrit, il doit être ce qui restait ; s'il ne l'est
            // pas alors qu'il restait des lettres, c'est un rejet (3.2) : tout revient au sac.
            let nouvelles = match coup.reliquat {
                Some(r) if r != reste => {
                    return Err((l, format!("reliquat {r} annoncé, mais il restait {reste} après le coup précédent")))
                }
                Some(r) => coup.tirage.moins(&r).expect("reliquat inclus dans le tirage"),
                None => {
                    sac = sac.plus(&reste);
                    coup.tirage
                }
            };
            let Some(apres) = sac.moins(&nouvelles) else {
                let manque = crate::evaluation::manquantes(&sac, &nouvelles);
                return Err((l, format!("tirage {} : lettres qui ne sont plus dans le sac : {manque}", coup.tirage)));
            };
            let attendu = (self.formule.taille_tirage as usize).min(sac.len() + (coup.tirage.len() - nouvelles.len()));
            if coup.tirage.len() != attendu {
                // Un tirage plein de la taille d'une autre formule (7, 8 ou 9 lettres ;
                // règlement 3.8.2) : la partie est sans doute d'une autre formule que celle
                // demandée (`--formule`).
                let formule = if attendu == self.formule.taille_tirage as usize && (7..=9).contains(&coup.tirage.len()) {
                    format!(" (la formule demandée tire {attendu} lettres : cette partie est-elle d'une autre formule ? voir --formule)")
                } else {
                    String::new()
                };
                return Err((l, format!("tirage {} de {} lettres, attendu {attendu}{formule}", coup.tirage, coup.tirage.len())));
            }
            sac = apres;
            let e = evaluer(&grille, &self.formule, &coup.top, coup.reference).map_err(|raison| {
                (l, format!("top {} en {} impossible : {raison}", crate::tuiles::mot_vers_texte(&coup.top), coup.reference))
            })?;
            let manque = e.manque(&coup.tirage);
            if !manque.is_empty() {
                return Err((l, format!("top {} : lettres absentes du tirage {} : {manque}", e.mot_texte(), coup.tirage)));
            }
            if e.score != coup.score {
                return Err((l, format!("top {} en {} : score écrit {}, calculé {}", e.mot_texte(), coup.reference, coup.score, e.score)));
            }
            reste = coup.tirage.moins(&e.tuiles()).expect("tuiles vérifiées");
            grille.poser(coup.reference, &e.mot);
            self.tops.push(e);
        }
        Ok(())
    }

    /// La grille avant le coup `numero` (à partir de 1).
    pub fn grille_avant(&self, numero: u32) -> Option<&Grille> {
        self.etats.get((numero as usize).checked_sub(1)?).map(|e| &e.grille)
    }

    /// Le coup `numero`.
    pub fn coup(&self, numero: u32) -> Option<&Coup> {
        self.coups.get((numero as usize).checked_sub(1)?)
    }

    /// La grille finale.
    pub fn grille_finale(&self) -> Grille {
        let mut g = self.etats.last().map(|e| e.grille.clone()).unwrap_or_default();
        if let (Some(c), Some(t)) = (self.coups.last(), self.tops.last()) {
            g.poser(c.reference, &t.mot);
        }
        g
    }

    /// Les mots formés par les tops qui manquent au lexique.
    pub fn hors_lexique(&self, lexique: &Lexique) -> Vec<MotHorsLexique> {
        self.coups
            .iter()
            .zip(&self.tops)
            .filter_map(|(c, e)| {
                let mots = e.non_admis(lexique);
                (!mots.is_empty()).then_some(MotHorsLexique { coup: c.numero, ligne: c.ligne, mots })
            })
            .collect()
    }

    /// Somme des tops.
    pub fn total_tops(&self) -> u32 {
        self.coups.iter().map(|c| c.score).sum()
    }
}

fn lire_coup(champs: &[&str], ligne: usize, attendu: u32) -> Result<Coup, String> {
    if champs.len() != 5 && !(champs.len() == 6 && champs[3].len() <= 2 && champs[4].len() <= 2) {
        return Err(format!(
            "{} colonne{}, attendu 5 : coup tirage top ref score (ligne « {} »)",
            champs.len(),
            if champs.len() > 1 { "s" } else { "" },
            extrait(&champs.join(" "))
        ));
    }
    // Une référence écrite avec une espace (« H 4 ») occupe deux colonnes.
    let (reference, score) = if champs.len() == 6 {
        (format!("{} {}", champs[3], champs[4]), champs[5])
    } else {
        (champs[3].to_string(), champs[4])
    };
    let numero: u32 = champs[0].parse().map_err(|_| format!("numéro de coup « {} » illisible", extrait(champs[0])))?;
    if numero != attendu {
        return Err(format!("coup numéro {numero}, attendu {attendu}"));
    }
    let (reliquat, tirage) = match champs[1].split_once('+') {
        Some((r, n)) => {
            let r: Tirage = r.parse().map_err(|e| format!("reliquat « {} » : {e}", extrait(champs[1])))?;
            let n: Tirage = n.parse().map_err(|e| format!("tirage « {} » : {e}", extrait(champs[1])))?;
            (Some(r), r.plus(&n))
        }
        None => (None, champs[1].parse().map_err(|e| format!("tirage « {} » : {e}", extrait(champs[1])))?),
    };
    let top = mot_depuis_texte(champs[2]).ok_or_else(|| format!("top « {} » : lettres A–Z (minuscule = joker) attendues", extrait(champs[2])))?;
    if top.len() > crate::reference::TAILLE {
        return Err(format!("top « {} » de {} lettres : la grille a {} cases", extrait(champs[2]), top.len(), crate::reference::TAILLE));
    }
    let reference: Reference = reference.parse().map_err(|e| format!("{e}"))?;
    let score = score.parse().map_err(|_| format!("score « {} » illisible", extrait(score)))?;
    Ok(Coup { numero, ligne, reliquat, tirage, top, reference, score })
}
