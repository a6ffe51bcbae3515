//! Les problèmes de graphie (guide 5.8) : une case qui se lit de plusieurs façons. Chaque
//! combinaison de lectures est corrigée et la moins favorable au joueur est retenue (« si
//! la graphie présentée autorise plusieurs solutions, c'est la solution minimale qui doit
//! être retenue ») ; si l'une des lectures ne donne pas de solution, le mot est tenu pour
//! illisible (guide 20.3) : zéro.

use super::{corriger_feuille, injouables_feuille, places_feuille, Issue};
use crate::arbitrage::ecrit::Feuille;
use crate::arbitrage::{ContexteCoup, Edition, Motif, PlaceExaminee, Verdict};
use crate::lecture::{EtatBulletin, Lecture};

/// Au-delà, la lecture est trop incertaine pour être corrigée : illisible.
pub const COMBINAISONS_MAX: usize = 256;

/// La combinaison suivante (compteur à bases variables).
fn suivante(choix: &mut [usize], tailles: &[usize]) {
    for k in 0..choix.len() {
        choix[k] += 1;
        if choix[k] < tailles[k] {
            break;
        }
        choix[k] = 0;
    }
}

/// Appelle `f` sur chaque lecture concrète (feuille) d'une lecture remplie, toutes lectures
/// des cases ambiguës comprises ; rien pour un bulletin absent ou vierge, ou trop incertain.
fn pour_chaque_feuille(lecture: &Lecture, mut f: impl FnMut(&Feuille)) {
    if lecture.etat != EtatBulletin::Rempli {
        return;
    }
    let tailles = Feuille::ambiguites(lecture);
    let Some(total) = tailles.iter().try_fold(1usize, |n, &t| n.checked_mul(t).filter(|&n| n <= COMBINAISONS_MAX)) else {
        return;
    };
    let mut choix = vec![0usize; tailles.len()];
    for _ in 0..total {
        f(&Feuille::depuis(lecture, &choix));
        suivante(&mut choix, &tailles);
    }
}

/// Les éléments de `nouveaux` absents de `v`, ajoutés dans l'ordre.
fn ajouter_sans_doublon<T: PartialEq>(v: &mut Vec<T>, nouveaux: Vec<T>) {
    for x in nouveaux {
        if !v.contains(&x) {
            v.push(x);
        }
    }
}

/// Les solutions acceptables que la correction examine pour les mots écrits d'une
/// lecture, toutes lectures des cases ambiguës comprises, sans doublon, dans l'ordre où
/// elle les trouve ; vide pour un bulletin absent ou vierge, ou trop incertain.
pub fn places_examinees(ctx: &ContexteCoup, lecture: &Lecture, edition: Edition) -> Vec<PlaceExaminee> {
    let mut v = Vec::new();
    pour_chaque_feuille(lecture, |feuille| ajouter_sans_doublon(&mut v, places_feuille(ctx, lecture, feuille, edition)));
    v
}

/// Les mots écrits que la correction néglige (règlement 5.2.1) parce qu'ils ne sont ni admis
/// ni formés avec le tirage à une place de la grille, alors qu'ils posent au moins deux
/// lettres hors des solutions retenues : leurs lettres, sans doublon, toutes lectures des
/// cases ambiguës comprises. Pour un arbitre, c'est un mot qui n'a pas été joué ; pour une
/// lecture de machine, c'est peut-être un mot bien joué dont une lettre a été mal lue.
pub fn ecritures_injouables(ctx: &ContexteCoup, lecture: &Lecture, edition: Edition) -> Vec<String> {
    let mut v = Vec::new();
    pour_chaque_feuille(lecture, |feuille| ajouter_sans_doublon(&mut v, injouables_feuille(ctx, lecture, feuille, edition)));
    v
}

/// Corrige toutes les lectures possibles et garde la minimale.
pub fn corriger_lectures(ctx: &ContexteCoup, lecture: &Lecture, edition: Edition) -> Issue {
    let tailles = Feuille::ambiguites(lecture);
    let total = tailles.iter().try_fold(1usize, |n, &t| n.checked_mul(t).filter(|&n| n <= COMBINAISONS_MAX));
    let Some(total) = total else {
        return Issue::zero(vec![Motif::Illisible]);
    };
    let mut choix = vec![0usize; tailles.len()];
    let mut pire: Option<Issue> = None;
    let mut differentes = false;
    let mut premiere = None;
    for _ in 0..total {
        let issue = corriger_feuille(ctx, lecture, &Feuille::depuis(lecture, &choix), edition);
        match &pire {
            None => {
                premiere = Some((issue.score, issue.verdict));
                pire = Some(issue);
            }
            Some(p) => {
                differentes |= premiere != Some((issue.score, issue.verdict));
                if (issue.score, std::cmp::Reverse(issue.verdict)) < (p.score, std::cmp::Reverse(p.verdict)) {
                    pire = Some(issue);
                }
            }
        }
        suivante(&mut choix, &tailles);
    }
    let mut issue = pire.expect("au moins une lecture");
    if differentes && issue.verdict == Verdict::Zero && !issue.motifs.contains(&Motif::Illisible) {
        issue.motifs.insert(0, Motif::Illisible);
    }
    issue
}
