//! La correction d'un bulletin (règlement 2023, sections 4 et 5 ; guide pratique
//! d'arbitrage 2020, sections 4 et 5) : d'une [`Lecture`] à une [`Decision`].
//!
//! # Les étapes
//!
//! Un bulletin se suit en ouvrant les modules dans cet ordre ; chacun n'utilise que ceux
//! qui le précèdent (l'ordre du règlement 5.4 : ce qui est écrit, ce qu'il vaut, la
//! sanction).
//!
//! 0. `contexte` : ce qui ne dépend que du coup ([`ContexteCoup`] : grille avant le
//!    coup, tirage, toutes les solutions légales avec leur score, le top), calculé une
//!    fois par coup et partagé par tous ses bulletins ; le modèle de [`plausibilite`]
//!    d'un mot non admis (guide 5.5).
//! 1. `ecrit` : ce qui est écrit, sans le coup. La lecture rendue concrète (une
//!    `Feuille`, une lecture par case), ses mots écrits (`Suite`), ses blocs, les lettres
//!    hors du mot, la référence et le score écrits : l'`Ecrit`.
//! 2. `constats` : pour chaque mot écrit, dans le contexte du coup, les places où il
//!    peut se tenir (`places`), l'état de sa localisation à chacune (`localisation`), ce
//!    qu'elle paierait (`paiement`), un raccordement fallacieux possible (`fallacieux`),
//!    les solutions que le bulletin peut viser (`candidats` : des `Candidat`, chacun avec
//!    son `Fondement`) et, pour un mot qui n'en donne aucune, pourquoi (`sans_solution`).
//!    Aucun verdict : les fautes sont nommées par les [`Motif`] du billet.
//! 3. `sanctions` : le seul endroit où les constats deviennent [`Verdict`], points et
//!    motifs : zéros du règlement 5.4.1, choix de la solution du règlement 5.4.2, pénalité
//!    de 5 points et différences entre éditions (`edition`), cumul du règlement 5.8 (un
//!    avertissement au plus), sanctions notées par l'arbitre ; et les problèmes de
//!    graphie (`graphie`, guide 5.8 : chaque lecture d'une case ambiguë est corrigée, la
//!    moins favorable est retenue).
//!
//! [`corriger`] enchaîne le tout : bulletin absent ou vierge, sinon
//! `sanctions::graphie` → `sanctions::corriger_feuille` (étapes 1 à 3 pour une lecture).
//! Les motifs sont décrits dans `MOTIFS.md`, les différences entre éditions dans
//! `EDITIONS.md`.
//!
//! # Citer les textes
//!
//! Deux textes se numérotent de la même façon : le règlement du duplicate
//! (`../shared/reference/reglement-duplicate-2023.md`) et le guide pratique d'arbitrage 2020
//! (`guide-pratique-arbitrage-2020.txt`). « 5.8 » est le cumul des sanctions dans le
//! règlement et les problèmes de graphie dans le guide. Dans ce module, un numéro se cite
//! avec son texte : `// règlement 5.8`, `// guide 5.8` ; dans une liste, le texte nommé
//! vaut pour les numéros qui le suivent jusqu'au prochain texte nommé
//! (« règlement 5.3.1, 5.3.2 ; guide 5.3 »). Les cases du billet de correction se citent
//! `billet (22)`.

use crate::lecture::{EtatBulletin, Lecture};
use serde::{Deserialize, Serialize};

mod contexte;
pub mod plausibilite;
mod ecrit;
mod constats;
mod sanctions;

#[cfg(test)]
mod tests;

pub use contexte::{modele_plausibilite, ContexteCoup};
pub use ecrit::blocs_ecrits;
pub use sanctions::edition;

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

/// La sanction, de la plus favorable (`Valide`) à la moins favorable (`Zero`) : l'ordre
/// des variantes sert à comparer les sanctions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    Valide,
    Avertissement,
    Penalite,
    Zero,
}

/// Une décision (verdict, points payés) paie-t-elle moins le joueur qu'une autre : moins de
/// points, ou autant avec une sanction plus sévère.
pub fn paie_moins((verdict, score): (Verdict, u32), (autre_verdict, autre_score): (Verdict, u32)) -> bool {
    score < autre_score || (score == autre_score && verdict > autre_verdict)
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
    /// Noté par l'arbitre (`sanction: échange`) : bulletin échangé après la deuxième
    /// sonnerie (billet (22)).
    BulletinEchange,
    /// Noté par l'arbitre (`sanction: temps`) : temps dépassé (billet (23)).
    TempsDepasse,
    /// Noté par l'arbitre (`sanction: zéro MOTIF`) : autre zéro (billet (28)).
    AutreZero { texte: String },
    /// Noté par l'arbitre (`sanction: avertissement MOTIF`) : avertissement disciplinaire
    /// (billet (10)), qui s'ajoute à la sanction du bulletin (règlement 5.8).
    AutreAvertissement { texte: String },
}

impl Decision {
    /// Le nombre d'avertissements de ce bulletin pour le décompte du règlement 5.9 : celui de la
    /// correction (un au plus, règlement 5.8), plus l'avertissement disciplinaire qui s'y ajoute
    /// (règlement 5.8, dernier alinéa).
    pub fn avertissements(&self) -> u32 {
        let disciplinaire = self.motifs.iter().any(|m| matches!(m, Motif::AutreAvertissement { .. }));
        let seulement_disciplinaire = !self.motifs.is_empty() && self.motifs.iter().all(|m| matches!(m, Motif::AutreAvertissement { .. }));
        let correction = self.verdict == Verdict::Avertissement && !seulement_disciplinaire;
        correction as u32 + disciplinaire as u32
    }
}

/// La solution retenue : mot (minuscule = joker), référence canonique (« 14B »), score.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SolutionRetenue {
    pub mot: String,
    #[serde(rename = "ref")]
    pub reference: String,
    pub score: u32,
}

/// Une solution acceptable que la correction a examinée pour un mot écrit du bulletin
/// (règlement 5.3) : la place et le score qu'elle paierait, sa sanction et ses motifs. La décision
/// retient, par bloc d'écriture, la plus favorable au joueur (règlement 5.4.2.b) ; la page de revue
/// les montre toutes ([`places_examinees`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlaceExaminee {
    pub solution: SolutionRetenue,
    pub verdict: Verdict,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub motifs: Vec<Motif>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub commission: bool,
}

pub use sanctions::graphie::{ecritures_injouables, places_examinees};

/// Corrige un bulletin : bulletin absent ou vierge (règlement 5.7), sinon chaque lecture possible
/// des cases ambiguës (guide 5.8) traitée dans l'ordre du règlement 5.4.
///
/// La lecture doit montrer ce qu'un bulletin peut montrer ([`Lecture::valider`] : au plus
/// 17 × 17 cases) ; les commandes le vérifient à la lecture des fichiers.
pub fn corriger(ctx: &ContexteCoup, lecture: &Lecture, edition: Edition) -> Decision {
    let mut issue = match lecture.etat {
        EtatBulletin::Absent => sanctions::Issue::zero(vec![Motif::Absent]),
        EtatBulletin::Vierge => sanctions::Issue::zero(vec![Motif::Vierge]),
        EtatBulletin::Rempli => sanctions::graphie::corriger_lectures(ctx, lecture, edition),
    };
    for s in &lecture.sanctions {
        issue.noter(s);
    }
    Decision {
        table: lecture.table,
        coup: lecture.coup,
        verdict: issue.verdict,
        score: issue.score,
        score_revendique: lecture.score_lu(),
        motifs: issue.motifs,
        commission: issue.commission,
        verifier_grille: issue.verifier_grille,
        solution: issue.solution,
    }
}
