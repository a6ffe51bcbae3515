//! La correction d'un bulletin (règlement 2023, sections 4 et 5 ; guide pratique
//! d'arbitrage 2020, sections 4 et 5) : d'une [`Lecture`] à une [`Decision`].
//!
//! Le contexte d'un coup ([`ContexteCoup`]) se calcule une fois par coup (grille, tirage,
//! toutes les solutions légales avec leur score) et sert à tous les bulletins du coup.
//! Les motifs sont décrits dans `MOTIFS.md`, les différences entre éditions dans
//! `EDITIONS.md`.

use crate::evaluation::Evaluation;
use crate::generation::{solutions, Solution};
use crate::grille::Grille;
use crate::lecture::Lecture;
use crate::lexique::Lexique;
use crate::partie::Partie;
use crate::regles::Formule;
use crate::tuiles::Tirage;
use serde::{Deserialize, Serialize};

/// Le texte appliqué là où le guide 2020 et le règlement 2023 diffèrent (`EDITIONS.md`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Edition {
    /// Le guide pratique d'arbitrage 2020 (règlement 2020) ; le texte 2023 là où le guide
    /// est muet.
    #[default]
    E2020,
    /// Le règlement 2023 là où il diffère du guide.
    E2023,
}

impl std::str::FromStr for Edition {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.trim() {
            "2020" => Ok(Edition::E2020),
            "2023" => Ok(Edition::E2023),
            autre => Err(format!("édition « {autre} » inconnue : attendu 2020 ou 2023")),
        }
    }
}

/// Ce qui ne dépend que du coup : calculé une fois, partagé par tous les bulletins.
pub struct ContexteCoup<'a> {
    /// La grille avant le coup.
    pub grille: Grille,
    pub tirage: Tirage,
    /// Numéro du coup (1 = premier coup).
    pub numero: u32,
    pub formule: Formule,
    pub lexique: &'a Lexique,
    /// Toutes les solutions légales du coup, triées (score décroissant).
    pub solutions: Vec<Solution>,
    /// Le top retenu.
    pub top: Evaluation,
}

impl<'a> ContexteCoup<'a> {
    /// Le contexte du coup `numero` d'une partie ; `None` si le coup n'existe pas.
    pub fn new(partie: &Partie, numero: u32, lexique: &'a Lexique) -> Option<Self> {
        let grille = partie.grille_avant(numero)?.clone();
        let coup = partie.coup(numero)?;
        let top = partie.tops.get(numero as usize - 1)?.clone();
        let solutions = solutions(&grille, &partie.formule, lexique.dawg(), &coup.tirage);
        Some(ContexteCoup { grille, tirage: coup.tirage, numero, formule: partie.formule, lexique, solutions, top })
    }

    /// Le contexte d'une situation construite à la main (tests, exemples du guide) : le
    /// top est la meilleure solution ; `None` si le tirage ne permet aucun coup.
    pub fn depuis_situation(grille: Grille, tirage: Tirage, numero: u32, formule: Formule, lexique: &'a Lexique) -> Option<Self> {
        let solutions = solutions(&grille, &formule, lexique.dawg(), &tirage);
        let meilleure = solutions.first()?;
        let top = crate::evaluation::evaluer(&grille, &formule, meilleure.mot(), meilleure.reference).ok()?;
        Some(ContexteCoup { grille, tirage, numero, formule, lexique, solutions, top })
    }

    /// Premier coup : la grille est vide (5.4.2.a).
    pub fn premier_coup(&self) -> bool {
        self.grille.est_vide()
    }
}

/// La décision de l'arbitre pour un bulletin.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Decision {
    pub table: u32,
    pub coup: u32,
    pub verdict: Verdict,
    /// Les points payés.
    pub score: u32,
    /// Le score écrit sur le bulletin, s'il se lit.
    pub score_revendique: Option<u32>,
    pub motifs: Vec<Motif>,
    /// Le bulletin doit passer en commission d'arbitrage (billet, case 16).
    pub commission: bool,
    /// « Vérifiez votre grille ! » (billet, case 15).
    pub verifier_grille: bool,
    /// La solution payée (ou celle qui motive la pénalité).
    pub solution: Option<SolutionRetenue>,
}

/// La sanction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    Valide,
    Avertissement,
    Penalite,
    Zero,
}

/// Les motifs du billet de correction (voir `MOTIFS.md`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Motif {
    Score,
    LettresRaccord,
    Inversion,
    DeuxModes,
    Joker { lettre: char },
    LocalisationPenalite,
    MotNonAdmis { mots: Vec<String> },
    MotIncomplet,
    LocalisationZero,
    RaccordementFallacieux,
    Vierge,
    Absent,
    PlacementImpossible,
    Illisible,
    ErreurLettre { lettres: String },
    ReferenceEtSensInverses { reference: String },
    PlusieursSolutions,
    ErreurGrille,
}

/// La solution retenue : mot (minuscule = joker), référence canonique (« 14B »), score.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SolutionRetenue {
    pub mot: String,
    #[serde(rename = "ref")]
    pub reference: String,
    pub score: u32,
}

/// Corrige un bulletin.
pub fn corriger(ctx: &ContexteCoup, lecture: &Lecture, edition: Edition) -> Decision {
    let _ = (ctx, edition);
    // Implémentation en cours (helper « arbitrage ») : seuls les bulletins absents et
    // vierges sont tranchés ici pour l'instant.
    let motif = match lecture.etat {
        crate::lecture::EtatBulletin::Absent => Motif::Absent,
        _ => Motif::Vierge,
    };
    Decision {
        table: lecture.table,
        coup: lecture.coup,
        verdict: Verdict::Zero,
        score: 0,
        score_revendique: lecture.score_lu(),
        motifs: vec![motif],
        commission: false,
        verifier_grille: false,
        solution: None,
    }
}
