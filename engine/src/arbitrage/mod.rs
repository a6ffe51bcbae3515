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
use crate::lecture::{EtatBulletin, Lecture};
use crate::lexique::Lexique;
use crate::lexique_partie::LexiquePartie;
use crate::partie::Partie;
use crate::regles::Formule;
use crate::tuiles::{nue, Lettre, Tirage};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

mod ambiguite;
mod bulletin;
pub mod edition;
mod fallacieux;
mod jokers;
mod localisation;
mod mots_joues;
pub mod plausibilite;
mod sanctions;
mod zeros;

#[cfg(test)]
mod tests;

use plausibilite::{ModelePlausibilite, Plausibilite};
use std::sync::{Mutex, OnceLock};

/// Le modèle de plausibilité pour un lexique en usage (guide 5.5). Qu'un mot non admis ait
/// l'air d'un mot français est une question de français, pas de liste de tournoi : le
/// modèle apprend d'une large liste française, le lexique libre par défaut augmenté des
/// mots du lexique en usage ([`Lexique::sous_le_defaut`]), de sorte que ses jugements ne
/// dépendent pas de la taille du lexique (une liste de quelques mots faite pour un test
/// juge comme l'ODS). Appris une fois par liste et par processus : un lexique dont tous
/// les mots sont dans le défaut partage le modèle du défaut.
pub fn modele_plausibilite(lexique: &Lexique) -> &'static ModelePlausibilite {
    static CACHE: OnceLock<Mutex<HashMap<String, &'static ModelePlausibilite>>> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    let cherche = |cle: &str| cache.lock().expect("cache des modèles").get(cle).copied();
    let garde = |cle: String, m: &'static ModelePlausibilite| *cache.lock().expect("cache des modèles").entry(cle).or_insert(m);
    let cle = lexique.identite().empreinte.clone();
    if let Some(m) = cherche(&cle) {
        return m;
    }
    // Appris hors du verrou : deux fils peuvent l'apprendre en même temps, le premier
    // enregistré sert.
    let liste = lexique.sous_le_defaut().unwrap_or_else(Lexique::defaut);
    let cle_liste = liste.identite().empreinte.clone();
    let appris = match cherche(&cle_liste) {
        Some(m) => m,
        None => garde(cle_liste, Box::leak(Box::new(ModelePlausibilite::apprendre(&liste)))),
    };
    garde(cle, appris)
}

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
    /// Les solutions par mot (lettres sans marque de joker) : indices dans `solutions`.
    index: HashMap<Vec<Lettre>, Vec<u32>>,
    /// Les solutions qui prolongent un mot de la grille (guide 5.4).
    prolongements: Vec<u32>,
    /// Nombre de lettres sur la grille.
    nb_lettres_grille: usize,
    /// Le modèle de plausibilité ([`modele_plausibilite`]), cherché au premier besoin
    /// (guide 5.5).
    modele: OnceLock<&'static ModelePlausibilite>,
}

impl<'a> ContexteCoup<'a> {
    /// Le contexte du coup `numero` d'une partie, avec le lexique de la partie (les mots
    /// des tops y sont admis : le top est toujours une solution) ; `None` si le coup
    /// n'existe pas.
    pub fn new(partie: &Partie, numero: u32, lexique: &'a LexiquePartie<'_>) -> Option<Self> {
        let grille = partie.grille_avant(numero)?.clone();
        let coup = partie.coup(numero)?;
        let top = partie.tops.get(numero as usize - 1)?.clone();
        Some(Self::assembler(grille, coup.tirage, numero, partie.formule, lexique.lexique(), top))
    }

    /// Le contexte d'une situation construite à la main (tests, exemples du guide) : le
    /// top est la meilleure solution ; `None` si le tirage ne permet aucun coup.
    pub fn depuis_situation(grille: Grille, tirage: Tirage, numero: u32, formule: Formule, lexique: &'a Lexique) -> Option<Self> {
        let solutions = solutions(&grille, &formule, lexique.dawg(), &tirage);
        let meilleure = solutions.first()?;
        let top = crate::evaluation::evaluer(&grille, &formule, meilleure.mot(), meilleure.reference).ok()?;
        Some(Self::assembler(grille, tirage, numero, formule, lexique, top))
    }

    fn assembler(grille: Grille, tirage: Tirage, numero: u32, formule: Formule, lexique: &'a Lexique, top: Evaluation) -> Self {
        let solutions = solutions(&grille, &formule, lexique.dawg(), &tirage);
        let mut index: HashMap<Vec<Lettre>, Vec<u32>> = HashMap::new();
        let mut prolongements = Vec::new();
        for (i, s) in solutions.iter().enumerate() {
            index.entry(s.mot().iter().map(|&l| nue(l)).collect()).or_default().push(i as u32);
            if localisation::prolongement(&grille, s.reference, s.mot().len()).is_some() {
                prolongements.push(i as u32);
            }
        }
        let nb_lettres_grille = grille.cases.iter().filter(|&&c| c != 0).count();
        ContexteCoup {
            grille,
            tirage,
            numero,
            formule,
            lexique,
            solutions,
            top,
            index,
            prolongements,
            nb_lettres_grille,
            modele: OnceLock::new(),
        }
    }

    /// Les solutions du mot `mot` (lettres sans marque de joker), toutes places et tous
    /// encerclements.
    pub fn solutions_du_mot(&self, mot: &[Lettre]) -> impl Iterator<Item = &Solution> {
        self.index.get(mot).into_iter().flatten().map(|&i| &self.solutions[i as usize])
    }

    /// Les solutions qui prolongent un mot de la grille.
    pub fn prolongements(&self) -> impl Iterator<Item = &Solution> {
        self.prolongements.iter().map(|&i| &self.solutions[i as usize])
    }

    /// Plausibilité d'un mot formé en raccord non valide (guide 5.5).
    pub fn juger(&self, mot: &str) -> Plausibilite {
        self.modele.get_or_init(|| modele_plausibilite(self.lexique)).juger(mot)
    }

    /// Au 2e coup, le mot du premier coup n'a que deux lettres (4.3.2, 5.5) : la grille
    /// ne porte que deux lettres.
    pub fn premier_mot_de_deux_lettres(&self) -> bool {
        self.nb_lettres_grille == 2
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
    /// (billet (10)), qui s'ajoute à la sanction du bulletin (5.8).
    AutreAvertissement { texte: String },
}

impl Decision {
    /// Le nombre d'avertissements de ce bulletin pour le décompte du 5.9 : celui de la
    /// correction (un au plus, 5.8), plus l'avertissement disciplinaire qui s'y ajoute
    /// (5.8, dernier alinéa).
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
/// (5.3) : la place et le score qu'elle paierait, sa sanction et ses motifs. La décision
/// retient, par bloc d'écriture, la plus favorable au joueur (5.4.2.b) ; la page de revue
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

pub use ambiguite::places_examinees;

/// Corrige un bulletin : bulletin absent ou vierge (5.7), sinon chaque lecture possible
/// des cases ambiguës (guide 5.8) traitée dans l'ordre du 5.4.
///
/// La lecture doit montrer ce qu'un bulletin peut montrer ([`Lecture::valider`] : au plus
/// 17 × 17 cases) ; les commandes le vérifient à la lecture des fichiers.
pub fn corriger(ctx: &ContexteCoup, lecture: &Lecture, edition: Edition) -> Decision {
    let mut issue = match lecture.etat {
        EtatBulletin::Absent => sanctions::Issue::zero(vec![Motif::Absent]),
        EtatBulletin::Vierge => sanctions::Issue::zero(vec![Motif::Vierge]),
        EtatBulletin::Rempli => ambiguite::corriger_lectures(ctx, lecture, edition),
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
