//! Le traitement d'un bulletin dans l'ordre du 5.4, pour une lecture donnée de chaque
//! case : sanctions immédiates par un zéro (1.a–1.d), puis premier coup (2.a) ou choix de
//! la solution qui rapporte le plus (2.b) avec ses exceptions, et le cumul des sanctions
//! (5.8 : un avertissement au plus, qui ne s'ajoute ni à une pénalité ni à un zéro).

use super::bulletin::{Feuille, Suite};
use super::mots_joues::{mot_entier, premier_coup, prolongement_abrege, Candidat, Ecrit};
use super::zeros::{classer, Classe};
use super::{ContexteCoup, Edition, Motif, SolutionRetenue, Verdict};
use crate::lecture::{Lecture, SanctionNotee};

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
    /// (22, 23, 28) remplace l'avertissement ou la pénalité de la correction (5.8) et
    /// s'ajoute aux motifs d'un zéro ; l'avertissement disciplinaire (10) s'ajoute à toute
    /// sanction (5.8, dernier alinéa) et fait d'un bulletin valide un avertissement.
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
            // 5.8 : un avertissement ne se cumule pas avec un zéro ; la pénalité non plus.
            self.motifs.retain(|m| matches!(m, Motif::AutreAvertissement { .. }));
            self.verdict = Verdict::Zero;
            self.score = 0;
        }
        self.motifs.push(motif);
    }

    fn depuis(c: &Candidat) -> Issue {
        // 5.8 : un avertissement ne se cumule ni avec une pénalité ni avec un zéro.
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
            solution: Some(c.solution.clone()),
        }
    }
}

/// Les motifs qui ne valent qu'un avertissement (billet, cases 5 à 9).
pub fn est_avertissement(m: &Motif) -> bool {
    matches!(m, Motif::Score | Motif::LettresRaccord | Motif::Inversion | Motif::DeuxModes | Motif::Joker { .. })
}

/// La solution qui rapporte le plus au joueur (5.4.2.b) ; à points égaux, la moins
/// sanctionnée. Un raccordement fallacieux se compare par ce qu'il aurait rapporté.
fn meilleure<'c>(v: impl Iterator<Item = &'c Candidat>) -> Option<&'c Candidat> {
    v.max_by(|a, b| a.valeur.cmp(&b.valeur).then(b.verdict.cmp(&a.verdict)))
}

/// Ce que le bulletin dit, pour une feuille.
fn ecrit<'f>(lecture: &'f Lecture, feuille: &'f Feuille, blocs: &'f [usize], edition: Edition) -> Ecrit<'f> {
    Ecrit { feuille, blocs, reference: lecture.reference.as_deref(), revendique: lecture.score_lu(), edition }
}

/// Les solutions acceptables de chaque mot écrit (5.3 ; premier coup, 5.4.2.a), et par
/// suite les lettres posées d'un prolongement reconnu mais trop abrégé (guide 5.4).
fn candidats(ctx: &ContexteCoup, e: &Ecrit, suites: &[Suite]) -> (Vec<Candidat>, Vec<Option<usize>>) {
    let mut candidats: Vec<Candidat> = Vec::new();
    let mut incomplets: Vec<Option<usize>> = vec![None; suites.len()];
    for (n, s) in suites.iter().enumerate() {
        if ctx.premier_coup() {
            candidats.extend(premier_coup(ctx, e, n, s));
        } else {
            candidats.extend(mot_entier(ctx, e, n, s));
            let (c, incomplet) = prolongement_abrege(ctx, e, suites, n);
            candidats.extend(c);
            incomplets[n] = incomplet;
        }
    }
    (candidats, incomplets)
}

/// Les solutions acceptables qu'examine la correction d'une lecture concrète, avant le
/// choix de la plus favorable au joueur (5.4.2.b).
pub fn places_feuille(ctx: &ContexteCoup, lecture: &Lecture, feuille: &Feuille, edition: Edition) -> Vec<Candidat> {
    let suites = feuille.suites();
    let blocs = feuille.blocs();
    candidats(ctx, &ecrit(lecture, feuille, &blocs, edition), &suites).0
}

/// Corrige une lecture concrète (aucune case ambiguë).
pub fn corriger_feuille(ctx: &ContexteCoup, lecture: &Lecture, feuille: &Feuille, edition: Edition) -> Issue {
    let suites = feuille.suites();
    if suites.is_empty() {
        // Aucun mot : bulletin vierge (5.7), ou lettres isolées sans mot.
        return if feuille.nb_ecrites() == 0 { Issue::zero(vec![Motif::Vierge]) } else { Issue::zero(vec![Motif::PlacementImpossible]) };
    }
    let blocs = feuille.blocs();
    let e = ecrit(lecture, feuille, &blocs, edition);
    let (candidats, incomplets) = candidats(ctx, &e, &suites);

    // La meilleure solution de chaque bloc de la feuille.
    let nb_blocs = blocs.iter().filter(|&&b| b != usize::MAX).max().map_or(0, |m| m + 1);
    let choisis: Vec<&Candidat> = (0..nb_blocs)
        .filter_map(|b| meilleure(candidats.iter().filter(|c| suites[c.suite].bloc == b)))
        .collect();

    // 5.4.1 : un mot joué qui pose plusieurs lettres et ne correspond à aucune solution
    // acceptable (mot non admis 1.a/1.b, erreur de grille 1.c, erreur de lettre 1.d).
    let mut utilisees = vec![false; feuille.cases.len()];
    for c in &choisis {
        for &i in &c.cellules {
            utilisees[i] = true;
        }
    }
    let localise = lecture.reference.is_some() || feuille.nb_ecrites() > suites.iter().map(|s| s.lettres.len()).max().unwrap_or(0);
    let mut motifs = Vec::new();
    let mut verifier_grille = false;
    for (n, s) in suites.iter().enumerate() {
        if candidats.iter().any(|c| c.suite == n) {
            continue;
        }
        let libres = s.cellules.iter().filter(|&&i| !utilisees[i]).count();
        if libres < 2 {
            continue; // lettres de raccord et parasites d'une solution retenue (5.2.2)
        }
        // Guide 5.4 : un prolongement abrégé sans assez de lettres du mot prolongé, qui
        // pose plusieurs lettres : mot non écrit en entier.
        // Un mot admis s'explique d'abord par le 5.4.1 (erreur de lettre, de grille…).
        let classe = match incomplets[n] {
            Some(posees) if posees >= 2 && !ctx.lexique.contient(&s.lettres) => {
                Classe::Zero { motifs: vec![Motif::MotIncomplet], verifier_grille: false }
            }
            _ => classer(ctx, &e, s, localise, !choisis.is_empty() || suites.len() > 1),
        };
        if let Classe::Zero { motifs: m, verifier_grille: g } = classe {
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
        // 5.4.1.a : aucune solution acceptable ; un prolongement trop abrégé se dit « mot
        // non écrit en entier ».
        let motif = if incomplets.iter().any(Option::is_some) { Motif::MotIncomplet } else { Motif::PlacementImpossible };
        return Issue::zero(vec![motif]);
    }
    if choisis.len() == 1 {
        return Issue::depuis(choisis[0]);
    }
    // 5.4.2.b, dernière exception : plusieurs solutions indépendantes, le score minimum
    // (nullité comprise).
    let pire = choisis
        .iter()
        .min_by(|a, b| a.paye.cmp(&b.paye).then(b.verdict.cmp(&a.verdict)))
        .expect("deux solutions au moins");
    let mut issue = Issue::depuis(pire);
    issue.motifs.push(Motif::PlusieursSolutions);
    issue
}
