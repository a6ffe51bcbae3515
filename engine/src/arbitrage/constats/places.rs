//! Les places où un mot écrit peut se tenir sur la grille.
//!
//! Deux recherches, et deux seulement, chacune pour sa raison :
//! - [`solutions_par_place`] : parmi les solutions du coup (tirage respecté, tous les mots
//!   formés admis), celles du mot écrit, groupées par place. C'est là que le bulletin
//!   peut valoir des points (règlement 5.3, 5.4.2).
//! - [`sur_la_grille`] : toutes les références de la grille où le mot tient, lexique et
//!   tirage ignorés. Un mot qui n'est pas une solution du coup n'a pas de place parmi les
//!   solutions ; on le cherche là pour dire pourquoi il n'en est pas une (règlement
//!   5.4.1 a–d) ou s'il y forme un raccord non valide mais plausible (raccordement
//!   fallacieux, guide 5.5, 7.4.6).

use crate::arbitrage::ContexteCoup;
use crate::evaluation::{evaluer, references, Evaluation};
use crate::reference::{Direction, Reference};
use crate::tuiles::Lettre;

/// Les solutions du coup qui posent le mot `mot` (lettres nues), groupées par place dans
/// l'ordre de première apparition : pour chaque place, les indices des solutions (un par
/// encerclement possible) dans [`ContexteCoup::solutions`].
pub fn solutions_par_place(ctx: &ContexteCoup, mot: &[Lettre]) -> Vec<(Reference, Vec<u32>)> {
    let mut v: Vec<(Reference, Vec<u32>)> = Vec::new();
    for &i in ctx.indices_du_mot(mot) {
        let r = ctx.solution(i).reference;
        match v.iter_mut().find(|(p, _)| *p == r) {
            Some((_, l)) => l.push(i),
            None => v.push((r, vec![i])),
        }
    }
    v
}

/// Les places de la grille où le mot (lettres nues) tient dans le sens `d` (lettres de
/// grille respectées, raccordé, au moins une lettre posée), avec ce qu'il y formerait :
/// lexique et tirage ignorés, à l'appelant de les juger.
pub fn sur_la_grille<'c>(ctx: &'c ContexteCoup<'_>, mot: &'c [Lettre], d: Direction) -> impl Iterator<Item = Evaluation> + 'c {
    references(d)
        .filter(move |&r| ctx.grille.tient(mot, r))
        .filter_map(move |r| evaluer(&ctx.grille, &ctx.formule, mot, r).ok())
}
