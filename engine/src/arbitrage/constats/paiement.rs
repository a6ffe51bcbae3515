//! Ce que paierait un mot à une place correctement localisée : les encerclements
//! (jokers) et le score (règlement 5.3 « coup joker », 5.3.1, 5.3.2 ; guide 5.3). Des constats : les
//! fautes tolérées (score, joker) sont nommées, les sanctions en font un avertissement.
//!
//! À une place donnée, chaque choix des lettres jouées par un joker est une solution
//! distincte (une « variante »), avec son score. L'encerclement du bulletin ne compte que
//! sur les lettres posées : un joker déjà sur la grille n'a pas à être entouré.

use crate::arbitrage::Motif;
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

/// Le motif joker (règlement 5.5 : joker non encerclé ou encerclement erroné) pour une variante
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
    /// La variante payée : son indice dans les solutions du coup.
    pub variante: u32,
    /// Les fautes tolérées (motifs score, joker), dans l'ordre du billet.
    pub fautes: Vec<Motif>,
    /// Le score revendiqué est exact pour cette place (avec un encerclement possible).
    pub score_exact: bool,
}

/// règlement 5.3.1 et 5.3.2 : le paiement d'un mot correctement localisé, d'après ses variantes à
/// cette place (non vide), l'encerclement du bulletin et le score revendiqué.
/// - score revendiqué exact pour l'encerclement présent : payé, sans avertissement ;
/// - score existant pour un autre encerclement : payé, avertissement joker (guide 3.2.6,
///   3.2.13) ;
/// - sinon, si l'encerclement présent est possible : le score exact de cet encerclement,
///   avertissement (y compris sans cercle quand le mot se joue sans joker) ;
/// - sinon le score minimum parmi les encerclements possibles, avertissement (guide 3.2.3).
pub fn payer(grille: &Grille, solutions: &[Solution], variantes: &[u32], entourees: &[bool], revendique: Option<u32>) -> Paiement {
    let sol = |i: usize| &solutions[variantes[i] as usize];
    let masques: Vec<(u32, u32)> =
        (0..variantes.len()).map(|i| (masque_variante(grille, sol(i)), masque_bulletin(grille, sol(i), entourees))).collect();
    let paiement = |i: usize, score: u32, fautes: Vec<Motif>, score_exact: bool| Paiement { score, variante: variantes[i], fautes, score_exact };
    if let Some(r) = revendique {
        let exacte = (0..variantes.len()).find(|&i| sol(i).score == r && masques[i].0 == masques[i].1);
        let existante = exacte.or_else(|| (0..variantes.len()).find(|&i| sol(i).score == r));
        if let Some(i) = existante {
            let fautes: Vec<Motif> = motif_joker(sol(i), masques[i].0, masques[i].1).into_iter().collect();
            // Score d'un autre encerclement alors que l'encerclement écrit est possible :
            // deux solutions acceptables, la plus favorable est retenue (guide 3.2.13).
            if !fautes.is_empty() {
                if let Some(j) = (0..variantes.len()).find(|&j| masques[j].0 == masques[j].1 && sol(j).score > r) {
                    return paiement(j, sol(j).score, vec![Motif::Score], false);
                }
            }
            return paiement(i, r, fautes, true);
        }
    }
    let mut fautes = vec![Motif::Score];
    if let Some(i) = (0..variantes.len()).find(|&i| masques[i].0 == masques[i].1) {
        return paiement(i, sol(i).score, fautes, false);
    }
    let i = (0..variantes.len()).min_by_key(|&i| sol(i).score).expect("au moins une variante");
    fautes.extend(motif_joker(sol(i), masques[i].0, masques[i].1));
    paiement(i, sol(i).score, fautes, false)
}

/// règlement 5.4.2.a (guide 5.2, 5.3.1) : au premier coup, le score maximum du mot est attribué ;
/// avertissement si le score n'est pas ce maximum ou si l'encerclement ne correspond pas
/// à une variante qui l'atteint.
pub fn payer_premier_coup(grille: &Grille, solutions: &[Solution], variantes: &[u32], entourees: &[bool], revendique: Option<u32>) -> Paiement {
    let sol = |i: u32| &solutions[i as usize];
    let max = variantes.iter().map(|&i| sol(i).score).max().expect("au moins une variante");
    let meilleures: Vec<u32> = variantes.iter().copied().filter(|&i| sol(i).score == max).collect();
    let mut fautes = Vec::new();
    if revendique != Some(max) {
        fautes.push(Motif::Score);
    }
    let choisie = meilleures.iter().copied().find(|&i| masque_variante(grille, sol(i)) == masque_bulletin(grille, sol(i), entourees));
    let variante = match choisie {
        Some(i) => i,
        None => {
            let s = sol(meilleures[0]);
            fautes.extend(motif_joker(s, masque_variante(grille, s), masque_bulletin(grille, s, entourees)));
            meilleures[0]
        }
    };
    Paiement { score: max, variante, fautes, score_exact: revendique == Some(max) }
}
