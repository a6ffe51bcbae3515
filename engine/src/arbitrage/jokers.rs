//! Les encerclements (jokers) et le score payé pour un mot à une place correcte
//! (5.3 « coup joker », 5.3.1, 5.3.2 ; guide 5.3).
//!
//! À une place donnée, chaque choix des lettres jouées par un joker est une solution
//! distincte (une « variante »), avec son score. L'encerclement du bulletin ne compte que
//! sur les lettres posées : un joker déjà sur la grille n'a pas à être entouré.

use super::Motif;
use crate::generation::Solution;
use crate::grille::Grille;
use crate::tuiles::{caractere, nue, JOKER};

/// Les positions (bits) des lettres posées par un joker dans une variante.
pub fn masque_variante(grille: &Grille, s: &Solution) -> u32 {
    let mut m = 0;
    for (i, &l) in s.mot().iter().enumerate() {
        let k = s.reference.case_n(i).expect("solution sur la grille");
        if grille.cases[k] == 0 && l & JOKER != 0 {
            m |= 1 << i;
        }
    }
    m
}

/// Les positions entourées sur le bulletin parmi les lettres posées à cette place.
pub fn masque_bulletin(grille: &Grille, s: &Solution, entourees: &[bool]) -> u32 {
    let mut m = 0;
    for (i, &e) in entourees.iter().enumerate().take(s.mot().len()) {
        let k = s.reference.case_n(i).expect("solution sur la grille");
        if e && grille.cases[k] == 0 {
            m |= 1 << i;
        }
    }
    m
}

/// Le motif joker (5.5 : joker non encerclé ou encerclement erroné) pour une variante
/// payée : la lettre entourée par erreur (billet, case 9 : « indiquer la lettre encerclée
/// par erreur »), sinon, quand aucune ne l'est, la lettre jouée par le joker non entouré.
pub fn motif_joker(s: &Solution, variante: u32, bulletin: u32) -> Option<Motif> {
    if variante == bulletin {
        return None;
    }
    let mot = s.mot();
    let i = (bulletin & !variante).trailing_zeros();
    let i = if (i as usize) < mot.len() { i } else { (variante & !bulletin).trailing_zeros() };
    let lettre = caractere(nue(*mot.get(i as usize)?));
    Some(Motif::Joker { lettre })
}

/// Ce que paie un mot correctement localisé à une place.
#[derive(Debug, Clone)]
pub struct Paiement {
    pub score: u32,
    /// La variante payée.
    pub variante: Solution,
    /// Les motifs d'avertissement (score, joker).
    pub avertissements: Vec<Motif>,
    /// Le score revendiqué est exact pour cette place (avec un encerclement possible).
    pub score_exact: bool,
}

/// 5.3.1 et 5.3.2 : le paiement d'un mot correctement localisé, d'après ses variantes à
/// cette place (non vide), l'encerclement du bulletin et le score revendiqué.
/// - score revendiqué exact pour l'encerclement présent : payé, sans avertissement ;
/// - score existant pour un autre encerclement : payé, avertissement joker (guide 3.2.6,
///   3.2.13) ;
/// - sinon, si l'encerclement présent est possible : le score exact de cet encerclement,
///   avertissement (y compris sans cercle quand le mot se joue sans joker) ;
/// - sinon le score minimum parmi les encerclements possibles, avertissement (guide 3.2.3).
pub fn payer(grille: &Grille, variantes: &[&Solution], entourees: &[bool], revendique: Option<u32>) -> Paiement {
    let masques: Vec<(u32, u32)> = variantes
        .iter()
        .map(|s| (masque_variante(grille, s), masque_bulletin(grille, s, entourees)))
        .collect();
    if let Some(r) = revendique {
        let exacte = (0..variantes.len()).find(|&i| variantes[i].score == r && masques[i].0 == masques[i].1);
        let existante = exacte.or_else(|| (0..variantes.len()).find(|&i| variantes[i].score == r));
        if let Some(i) = existante {
            let s = *variantes[i];
            let avertissements: Vec<Motif> = motif_joker(&s, masques[i].0, masques[i].1).into_iter().collect();
            // Score d'un autre encerclement alors que l'encerclement écrit est possible :
            // deux solutions acceptables, la plus favorable est retenue (guide 3.2.13).
            if !avertissements.is_empty() {
                if let Some(j) = (0..variantes.len()).find(|&j| masques[j].0 == masques[j].1 && variantes[j].score > r) {
                    return Paiement { score: variantes[j].score, variante: *variantes[j], avertissements: vec![Motif::Score], score_exact: false };
                }
            }
            return Paiement { score: r, variante: s, avertissements, score_exact: true };
        }
    }
    let mut avertissements = vec![Motif::Score];
    if let Some(i) = (0..variantes.len()).find(|&i| masques[i].0 == masques[i].1) {
        return Paiement { score: variantes[i].score, variante: *variantes[i], avertissements, score_exact: false };
    }
    let i = (0..variantes.len()).min_by_key(|&i| variantes[i].score).expect("au moins une variante");
    avertissements.extend(motif_joker(variantes[i], masques[i].0, masques[i].1));
    Paiement { score: variantes[i].score, variante: *variantes[i], avertissements, score_exact: false }
}

/// 5.4.2.a (guide 5.2, 5.3.1) : au premier coup, le score maximum du mot est attribué ;
/// avertissement si le score n'est pas ce maximum ou si l'encerclement ne correspond pas
/// à une variante qui l'atteint.
pub fn payer_premier_coup(grille: &Grille, variantes: &[&Solution], entourees: &[bool], revendique: Option<u32>) -> Paiement {
    let max = variantes.iter().map(|s| s.score).max().expect("au moins une variante");
    let meilleures: Vec<&Solution> = variantes.iter().copied().filter(|s| s.score == max).collect();
    let mut avertissements = Vec::new();
    if revendique != Some(max) {
        avertissements.push(Motif::Score);
    }
    let choisie = meilleures
        .iter()
        .find(|s| masque_variante(grille, s) == masque_bulletin(grille, s, entourees))
        .copied();
    let variante = match choisie {
        Some(s) => *s,
        None => {
            let s = *meilleures[0];
            avertissements.extend(motif_joker(&s, masque_variante(grille, &s), masque_bulletin(grille, &s, entourees)));
            s
        }
    };
    Paiement { score: max, variante, avertissements, score_exact: revendique == Some(max) }
}
