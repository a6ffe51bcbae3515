//! Le raccordement fallacieux (règlement 5.3.3, 5.4.2.b, 5.7 ; guide 5.5 et 7.4.6) : un mot formé
//! en raccord non valide mais plausible, que le joueur aurait pu viser en écrivant une
//! localisation absente ou erronée. La plausibilité se décide par le modèle appris du
//! lexique (`plausibilite.rs`) : implausible → rien, plausible → zéro, douteux → zéro
//! provisoire et commission d'arbitrage.

use super::localisation::lettres_raccord;
use super::places::sur_la_grille;
use crate::arbitrage::ecrit::{Ecrit, Suite};
use crate::arbitrage::plausibilite::Plausibilite;
use crate::arbitrage::ContexteCoup;
use crate::evaluation::{evaluer, Evaluation};
use crate::reference::Direction;
use crate::tuiles::{indice_tuile, Lettre, Tirage, JOKER};

/// Un raccordement fallacieux possible : le mot, à une place que le bulletin peut viser,
/// forme un raccord non valide mais plausible (les sanctions en font un zéro, règlement
/// 5.7).
#[derive(Debug, Clone)]
pub struct Fallacieux {
    pub evaluation: Evaluation,
    /// Plausibilité douteuse : zéro provisoire, le bulletin va en commission.
    pub douteux: bool,
}

/// Les encerclements possibles du mot posé à cette place : les lettres absentes du
/// tirage sont des jokers, et d'autres lettres peuvent l'être tant qu'il en reste.
fn variantes(tirage: &Tirage, e: &Evaluation) -> Vec<Vec<Lettre>> {
    let poses: Vec<usize> = e.mot.iter().enumerate().filter(|(i, _)| e.reference.case_n(*i).is_some() && e.poses.iter().any(|p| Some(p.case) == e.reference.case_n(*i))).map(|(i, _)| i).collect();
    let mut sortie = Vec::new();
    let n = poses.len();
    let jokers = tirage.jokers() as usize;
    // Sous-ensembles de lettres posées jouées par un joker (2 jokers au plus au sac).
    let mut choix: Vec<Vec<usize>> = vec![Vec::new()];
    if jokers >= 1 {
        choix.extend((0..n).map(|i| vec![i]));
    }
    if jokers >= 2 {
        for i in 0..n {
            for j in i + 1..n {
                choix.push(vec![i, j]);
            }
        }
    }
    for c in choix {
        let mut mot = e.mot.clone();
        let mut besoin = Tirage::default();
        for (k, &i) in poses.iter().enumerate() {
            if c.contains(&k) {
                mot[i] |= JOKER;
                besoin.ajouter(0);
            } else {
                besoin.ajouter(indice_tuile(mot[i]));
            }
        }
        if tirage.contient(&besoin) {
            sortie.push(mot);
        }
    }
    sortie
}

/// Juge les mots formés non valides d'une place : `None` si tous sont valides ou si aucun
/// n'est plausible.
fn juger(ctx: &ContexteCoup, e: &Evaluation) -> Option<Fallacieux> {
    let non_admis = e.non_admis(ctx.lexique);
    if non_admis.is_empty() {
        return None;
    }
    let rang = |p: &Plausibilite| match p {
        Plausibilite::Implausible => 0,
        Plausibilite::Douteux => 1,
        Plausibilite::Plausible => 2,
    };
    let mut pire = 0;
    for m in &non_admis {
        pire = pire.max(rang(&ctx.juger(m)));
    }
    (pire > 0).then(|| Fallacieux { evaluation: e.clone(), douteux: pire == 1 })
}

/// Toutes les places du mot dans le sens `d` (géométrie et tirage respectés, lexique
/// ignoré), avec chaque encerclement possible.
fn places<'c>(
    ctx: &'c ContexteCoup<'_>,
    mot: &'c [Lettre],
    d: Direction,
    garder: impl Fn(&Evaluation) -> bool + 'c,
) -> impl Iterator<Item = Evaluation> + 'c {
    sur_la_grille(ctx, mot, d).filter(garder).flat_map(move |e| {
        variantes(&ctx.tirage, &e)
            .into_iter()
            .filter_map(|m| evaluer(&ctx.grille, &ctx.formule, &m, e.reference).ok())
            .collect::<Vec<_>>()
    })
}

/// règlement 5.3.3, guide 5.5 : le même mot, dans le même sens et pour le même score, peut-il
/// former à une place un raccord non valide mais plausible ? Le plus grave l'emporte
/// (plausible avant douteux).
pub fn pour_score(ctx: &ContexteCoup, s: &Suite, score: u32) -> Option<Fallacieux> {
    let mut douteux = None;
    // Un joker ne fait que baisser le score : une place dont le score sans joker est
    // inférieur ne peut pas l'atteindre.
    for e in places(ctx, &s.lettres, s.direction, move |e| e.score >= score).filter(|e| e.score == score) {
        if let Some(f) = juger(ctx, &e) {
            if !f.douteux {
                return Some(f);
            }
            douteux.get_or_insert(f);
        }
    }
    douteux
}

/// règlement 5.4.2.b, 2e exception (guide 7.4.6) : parmi les places où les lettres de raccord du
/// bulletin conviennent aussi (deux au moins), l'une forme-t-elle, pour le score écrit, un
/// raccordement fallacieux ?
pub fn places_raccord_fallacieuses(ctx: &ContexteCoup, e: &Ecrit, s: &Suite, score: u32) -> Option<Fallacieux> {
    let mut douteux = None;
    let raccord = |ev: &Evaluation| lettres_raccord(&ctx.grille, e.feuille, s, ev.reference).nombre >= 2;
    for ev in places(ctx, &s.lettres, s.direction, raccord).filter(|ev| ev.score == score) {
        if let Some(f) = juger(ctx, &ev) {
            if !f.douteux {
                return Some(f);
            }
            douteux.get_or_insert(f);
        }
    }
    douteux
}
