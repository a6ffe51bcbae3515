//! Étape 3 : les sanctions, le seul endroit où les constats deviennent verdict, points et
//! motifs. Le traitement d'un bulletin dans l'ordre du règlement 5.4, pour une lecture
//! donnée de chaque case : sanctions immédiates par un zéro (règlement 5.4.1 a–d), puis premier coup
//! (règlement 5.4.2.a) ou choix de la solution qui rapporte le plus (règlement 5.4.2.b) avec ses exceptions ;
//! la pénalité de 5 points et les différences entre éditions ([`edition`]) ; le cumul des
//! sanctions (règlement 5.8 : un avertissement au plus, qui ne s'ajoute ni à une pénalité
//! ni à un zéro) ; les sanctions notées par l'arbitre ; et, au-dessus, les problèmes de
//! graphie ([`graphie`], guide 5.8 : la lecture la moins favorable).

pub mod edition;
pub mod graphie;

use super::constats::candidats::{mot_entier, premier_coup, prolongement_abrege};
use super::constats::sans_solution::{classer, Classe};
use super::constats::{Candidat, Fondement};
use super::ecrit::{Ecrit, Feuille};
use super::{ContexteCoup, Edition, Motif, PlaceExaminee, SolutionRetenue, Verdict};
use crate::generation::Solution;
use crate::lecture::{Lecture, SanctionNotee};
use crate::tuiles::mot_vers_texte;

/// L'issue d'une lecture concrète.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Issue {
    pub verdict: Verdict,
    pub score: u32,
    pub motifs: Vec<Motif>,
    pub commission: bool,
    pub verifier_grille: bool,
    pub solution: Option<SolutionRetenue>,
}

impl Issue {
    pub fn zero(motifs: Vec<Motif>) -> Issue {
        Issue { verdict: Verdict::Zero, score: 0, motifs, commission: false, verifier_grille: false, solution: None }
    }

    /// Ajoute une sanction notée par l'arbitre hors de l'écriture du bulletin. Un zéro
    /// (22, 23, 28) remplace l'avertissement ou la pénalité de la correction (règlement 5.8) et
    /// s'ajoute aux motifs d'un zéro ; l'avertissement disciplinaire (10) s'ajoute à toute
    /// sanction (règlement 5.8, dernier alinéa) et fait d'un bulletin valide un avertissement.
    pub fn noter(&mut self, s: &SanctionNotee) {
        let motif = match s {
            SanctionNotee::BulletinEchange => Motif::BulletinEchange,
            SanctionNotee::TempsDepasse => Motif::TempsDepasse,
            SanctionNotee::Zero { motif } => Motif::AutreZero { texte: motif.clone() },
            SanctionNotee::Avertissement { motif } => {
                if self.verdict == Verdict::Valide {
                    self.verdict = Verdict::Avertissement;
                }
                self.motifs.push(Motif::AutreAvertissement { texte: motif.clone() });
                return;
            }
        };
        if self.verdict != Verdict::Zero {
            // règlement 5.8 : un avertissement ne se cumule pas avec un zéro ; la pénalité non plus.
            self.motifs.retain(|m| matches!(m, Motif::AutreAvertissement { .. }));
            self.verdict = Verdict::Zero;
            self.score = 0;
        }
        self.motifs.push(motif);
    }

    fn depuis(ctx: &ContexteCoup, c: &Sanctionne) -> Issue {
        // Règlement 5.8 : un avertissement ne se cumule ni avec une pénalité ni avec un zéro.
        let motifs = match c.verdict {
            Verdict::Valide => Vec::new(),
            Verdict::Avertissement => c.motifs.clone(),
            Verdict::Penalite | Verdict::Zero => c
                .motifs
                .iter()
                .filter(|m| !est_avertissement(m))
                .cloned()
                .collect(),
        };
        Issue {
            verdict: c.verdict,
            score: c.paye,
            motifs,
            commission: c.commission,
            verifier_grille: false,
            solution: Some(c.solution(ctx)),
        }
    }
}

/// Les motifs qui ne valent qu'un avertissement (billet, cases 5 à 9).
pub fn est_avertissement(m: &Motif) -> bool {
    matches!(m, Motif::Score | Motif::LettresRaccord | Motif::Inversion | Motif::DeuxModes | Motif::Joker { .. })
}

/// Un candidat sanctionné : ce qu'il paie, son verdict et ses motifs.
struct Sanctionne<'c> {
    candidat: &'c Candidat,
    paye: u32,
    /// Ce qu'il rapporterait, pour choisir la solution la plus favorable (règlement
    /// 5.4.2.b) : le score payé, ou pour un raccordement fallacieux ce que la solution
    /// aurait payé.
    valeur: u32,
    verdict: Verdict,
    motifs: Vec<Motif>,
    commission: bool,
}

impl<'c> Sanctionne<'c> {
    fn new(c: &'c Candidat, edition: Edition) -> Self {
        let (paye, verdict, motifs) = match &c.fondement {
            Fondement::Localisee { paiement, fautes } => {
                let verdict = if fautes.is_empty() { Verdict::Valide } else { Verdict::Avertissement };
                (paiement.score, verdict, fautes.clone())
            }
            // Règlement 5.3.3, 5.6 : le score écrit moins 5 points (selon l'édition).
            Fondement::ParLeScore { score, .. } => {
                let (verdict, paye, motifs) = edition::penalite_cinq_points(edition, *score);
                (paye, verdict, motifs)
            }
        };
        match &c.fallacieux {
            // Règlement 5.7 « raccordement fallacieux » : zéro, comparé par ce que la
            // solution aurait payé (guide 5.5 ; la pénalité comptée sans l'exception 2023).
            Some(f) => {
                let valeur = match &c.fondement {
                    Fondement::Localisee { paiement, .. } => paiement.score,
                    Fondement::ParLeScore { score, .. } => score.saturating_sub(5),
                };
                Sanctionne {
                    candidat: c,
                    paye: 0,
                    valeur,
                    verdict: Verdict::Zero,
                    motifs: vec![Motif::RaccordementFallacieux],
                    commission: f.douteux,
                }
            }
            None => Sanctionne { candidat: c, paye, valeur: paye, verdict, motifs, commission: false },
        }
    }

    /// La solution retenue : celle que le candidat paie ou pénalise, ou le raccord
    /// fallacieux.
    fn solution(&self, ctx: &ContexteCoup) -> SolutionRetenue {
        let retenue = |s: &Solution, score: u32| SolutionRetenue { mot: s.mot_texte(), reference: s.reference.to_string(), score };
        match (&self.candidat.fallacieux, &self.candidat.fondement) {
            (Some(f), _) => SolutionRetenue {
                mot: f.evaluation.mot_texte(),
                reference: f.evaluation.reference.to_string(),
                score: f.evaluation.score,
            },
            (None, Fondement::Localisee { paiement, .. }) => retenue(ctx.solution(paiement.variante), paiement.score),
            (None, Fondement::ParLeScore { solution, score }) => retenue(ctx.solution(*solution), *score),
        }
    }
}

/// La solution qui rapporte le plus au joueur (règlement 5.4.2.b) ; à points égaux, la
/// moins sanctionnée. Un raccordement fallacieux se compare par ce qu'il aurait rapporté.
/// Rend l'indice qui accompagne la solution choisie.
fn meilleure<'s, 'c: 's>(v: impl Iterator<Item = (usize, &'s Sanctionne<'c>)>) -> Option<usize> {
    v.max_by(|(_, a), (_, b)| a.valeur.cmp(&b.valeur).then(b.verdict.cmp(&a.verdict))).map(|(k, _)| k)
}

/// Les constats de chaque mot écrit : les solutions que le bulletin peut viser (règlement
/// 5.3 ; premier coup, 5.4.2.a) et, par mot, les lettres posées d'un prolongement reconnu
/// mais trop abrégé (guide 5.4).
fn constats(ctx: &ContexteCoup, e: &Ecrit) -> (Vec<Candidat>, Vec<Option<usize>>) {
    let mut candidats: Vec<Candidat> = Vec::new();
    let mut incomplets: Vec<Option<usize>> = vec![None; e.suites.len()];
    for (n, incomplet) in incomplets.iter_mut().enumerate() {
        if ctx.premier_coup() {
            candidats.extend(premier_coup(ctx, e, n));
        } else {
            candidats.extend(mot_entier(ctx, e, n));
            let (c, posees) = prolongement_abrege(ctx, e, n);
            candidats.extend(c);
            *incomplet = posees;
        }
    }
    (candidats, incomplets)
}

/// Les solutions acceptables qu'examine la correction d'une lecture concrète, chacune
/// sanctionnée, avant le choix de la plus favorable au joueur (règlement 5.4.2.b).
pub fn places_feuille(ctx: &ContexteCoup, lecture: &Lecture, feuille: &Feuille, edition: Edition) -> Vec<PlaceExaminee> {
    let e = Ecrit::new(lecture, feuille);
    constats(ctx, &e)
        .0
        .iter()
        .map(|c| {
            let s = Sanctionne::new(c, edition);
            PlaceExaminee { solution: s.solution(ctx), verdict: s.verdict, motifs: s.motifs, commission: s.commission }
        })
        .collect()
}

/// Ce que retient la correction d'une lecture concrète avant ses sanctions immédiates :
/// les solutions acceptables sanctionnées, la meilleure de chaque bloc de la feuille
/// (règlement 5.4.2.b) et les cases que ces dernières expliquent (mot et lettres de raccord).
struct Retenues<'c> {
    sanctionnes: Vec<Sanctionne<'c>>,
    /// Indices dans `sanctionnes`, un par bloc qui en a une.
    choisis: Vec<usize>,
    utilisees: Vec<bool>,
}

impl<'c> Retenues<'c> {
    fn new(e: &Ecrit, candidats: &'c [Candidat], edition: Edition) -> Self {
        let suites = &e.suites;
        let sanctionnes: Vec<Sanctionne> = candidats.iter().map(|c| Sanctionne::new(c, edition)).collect();
        let choisis: Vec<usize> = (0..e.nb_blocs())
            .filter_map(|b| meilleure(sanctionnes.iter().enumerate().filter(|(_, c)| suites[c.candidat.suite].bloc == b)))
            .collect();
        let mut utilisees = vec![false; e.feuille.cases.len()];
        for &k in &choisis {
            for &i in &sanctionnes[k].candidat.cellules {
                utilisees[i] = true;
            }
        }
        Retenues { sanctionnes, choisis, utilisees }
    }

    /// Les mots écrits sans solution acceptable qui posent au moins deux lettres hors des
    /// solutions retenues, avec leur classe (règlement 5.4.1 ; 5.2.1, 5.2.2 : les autres
    /// ne sont que lettres de raccord et parasites d'une solution retenue).
    fn sans_solution<'e>(&'e self, ctx: &'e ContexteCoup, e: &'e Ecrit, candidats: &'e [Candidat], incomplets: &'e [Option<usize>]) -> impl Iterator<Item = (usize, Classe)> + 'e {
        let autre_solution = !self.choisis.is_empty() || e.suites.len() > 1;
        e.suites.iter().enumerate().filter_map(move |(n, s)| {
            if candidats.iter().any(|c| c.suite == n) || s.cellules.iter().filter(|&&i| !self.utilisees[i]).count() < 2 {
                return None;
            }
            Some((n, classer(ctx, e, s, incomplets[n], autre_solution)))
        })
    }
}

/// Les mots écrits d'une lecture concrète que la correction néglige parce qu'ils ne sont ni
/// admis ni formés avec le tirage ([`Classe::Injouable`]), alors qu'ils posent au moins deux
/// lettres hors de toute solution retenue : leurs lettres, en capitales.
pub fn injouables_feuille(ctx: &ContexteCoup, lecture: &Lecture, feuille: &Feuille, edition: Edition) -> Vec<String> {
    let e = Ecrit::new(lecture, feuille);
    let (candidats, incomplets) = constats(ctx, &e);
    let retenues = Retenues::new(&e, &candidats, edition);
    let v: Vec<String> = retenues
        .sans_solution(ctx, &e, &candidats, &incomplets)
        .filter(|(_, classe)| *classe == Classe::Injouable)
        .map(|(n, _)| mot_vers_texte(&e.suites[n].lettres).to_uppercase())
        .collect();
    v
}

/// Corrige une lecture concrète (aucune case ambiguë).
pub fn corriger_feuille(ctx: &ContexteCoup, lecture: &Lecture, feuille: &Feuille, edition: Edition) -> Issue {
    // Étape 1 : ce qui est écrit.
    let e = Ecrit::new(lecture, feuille);
    if e.suites.is_empty() {
        // Aucun mot : bulletin vierge (règlement 5.7), ou lettres isolées sans mot.
        return if feuille.nb_ecrites() == 0 { Issue::zero(vec![Motif::Vierge]) } else { Issue::zero(vec![Motif::PlacementImpossible]) };
    }
    // Étape 2 : les constats, mot écrit par mot écrit.
    let (candidats, incomplets) = constats(ctx, &e);
    // Étape 3 : les sanctions, et la meilleure solution de chaque bloc de la feuille.
    let retenues = Retenues::new(&e, &candidats, edition);
    let choisis: Vec<&Sanctionne> = retenues.choisis.iter().map(|&k| &retenues.sanctionnes[k]).collect();

    // Règlement 5.4.1 : un mot joué qui pose plusieurs lettres et ne correspond à aucune
    // solution acceptable (mot non admis 1.a/1.b, erreur de grille 1.c, erreur de lettre
    // 1.d).
    let mut motifs = Vec::new();
    let mut verifier_grille = false;
    for (_, classe) in retenues.sans_solution(ctx, &e, &candidats, &incomplets) {
        if let Classe::MotJoue { motifs: m, verifier_grille: g } = classe {
            for x in m {
                if !motifs.contains(&x) {
                    motifs.push(x);
                }
            }
            verifier_grille |= g;
        }
    }
    if !motifs.is_empty() {
        let mut issue = Issue::zero(motifs);
        issue.verifier_grille = verifier_grille;
        return issue;
    }
    if choisis.is_empty() {
        // Règlement 5.4.1.a : aucune solution acceptable ; un prolongement trop abrégé se
        // dit « mot non écrit en entier ».
        let motif = if incomplets.iter().any(Option::is_some) { Motif::MotIncomplet } else { Motif::PlacementImpossible };
        return Issue::zero(vec![motif]);
    }
    if choisis.len() == 1 {
        return Issue::depuis(ctx, choisis[0]);
    }
    // Règlement 5.4.2.b, dernière exception : plusieurs solutions indépendantes, le score
    // minimum (nullité comprise).
    let pire = choisis
        .iter()
        .min_by(|a, b| a.paye.cmp(&b.paye).then(b.verdict.cmp(&a.verdict)))
        .expect("deux solutions au moins");
    let mut issue = Issue::depuis(ctx, pire);
    issue.motifs.push(Motif::PlusieursSolutions);
    issue
}
