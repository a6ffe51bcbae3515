//! Étape 1 : ce qui est écrit sur le bulletin, sans rien savoir du coup. La lecture
//! rendue concrète ([`Feuille`], une lecture par case) donne les mots écrits ([`Suite`],
//! règlement 5.2.1), les blocs de cases qui se touchent (pour l'indépendance des
//! solutions, règlement 5.4.2.b), les lettres écrites hors du mot (lettres de raccord ou
//! parasites, règlement 4.3.2), la référence et le score écrits.

mod feuille;

pub use feuille::{Feuille, Suite, ILLISIBLE};

use crate::generation::Solution;
use crate::lecture::Lecture;
use crate::reference::Reference;

/// Ce que le bulletin dit, commun à toutes ses suites.
pub struct Ecrit<'f> {
    pub feuille: &'f Feuille,
    /// Les mots écrits : suites horizontales puis verticales.
    pub suites: Vec<Suite>,
    /// Le bloc de chaque case de la feuille (`usize::MAX` : case vide).
    pub blocs: Vec<usize>,
    /// La référence écrite, telle quelle.
    pub reference: Option<&'f str>,
    /// Le score écrit, s'il se lit.
    pub revendique: Option<u32>,
}

/// Les blocs d'écriture d'une lecture (cases écrites qui se touchent par un côté, une case
/// barrée n'existant pas : règlement 5.4, 5.4.2.b) : pour chacun, dans l'ordre de lecture, sa
/// première rangée et son nombre de cases écrites. Une case ambiguë compte comme écrite.
pub fn blocs_ecrits(lecture: &Lecture) -> Vec<(usize, usize)> {
    let feuille = Feuille::depuis(lecture, &vec![0; Feuille::ambiguites(lecture).len()]);
    let mut blocs: Vec<(usize, usize)> = Vec::new();
    for (i, &b) in feuille.blocs().iter().enumerate().filter(|&(_, &b)| b != usize::MAX) {
        if b == blocs.len() {
            blocs.push((i / feuille.largeur, 0));
        }
        blocs[b].1 += 1;
    }
    blocs
}

impl<'f> Ecrit<'f> {
    pub fn new(lecture: &'f Lecture, feuille: &'f Feuille) -> Self {
        Ecrit {
            feuille,
            suites: feuille.suites(),
            blocs: feuille.blocs(),
            reference: lecture.reference.as_deref(),
            revendique: lecture.score_lu(),
        }
    }

    /// Le nombre de blocs de la feuille.
    pub fn nb_blocs(&self) -> usize {
        self.blocs.iter().filter(|&&b| b != usize::MAX).max().map_or(0, |m| m + 1)
    }

    /// Le bulletin porte-t-il une localisation : une référence écrite, ou des lettres
    /// écrites au-delà du plus long mot (lettres de raccord) ? Un mot admis localisé là
    /// où il ne se joue pas est une erreur de grille (règlement 5.4.1.c).
    pub fn localise(&self) -> bool {
        self.reference.is_some() || self.feuille.nb_ecrites() > self.suites.iter().map(|s| s.lettres.len()).max().unwrap_or(0)
    }

    /// La place que désigne la référence écrite, si elle se lit.
    pub fn place_ecrite(&self) -> Option<Reference> {
        self.reference?.parse().ok()
    }

    /// Y a-t-il, dans le bloc de la suite, des lettres écrites hors du mot (lettres de
    /// raccord ou parasites) ? C'est le signe que le joueur localise par lettres de
    /// raccord. Les cases de la suite sont des cases écrites de son bloc : il y en a
    /// d'autres si le bloc compte plus de cases écrites que la suite.
    pub fn lettres_hors_mot(&self, s: &Suite) -> bool {
        self.feuille.cases.iter().zip(&self.blocs).filter(|&(c, &b)| c.lettre != 0 && b == s.bloc).count() > s.cellules.len()
    }

    /// Le bulletin vise-t-il cette solution : score écrit égal au sien, référence écrite
    /// égale à la sienne, ou aucun score écrit ?
    pub fn vise(&self, sol: &Solution) -> bool {
        self.revendique.is_none_or(|r| r == sol.score) || self.place_ecrite() == Some(sol.reference)
    }
}
