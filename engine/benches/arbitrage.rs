//! Correction d'un coup de 1 000 bulletins : le contexte du coup (grille, tirage, toutes
//! les solutions) est calculé une fois, puis chaque bulletin est corrigé. Cible : moins de
//! 0,1 ms par bulletin.
//!
//! Les bulletins sont tirés des solutions du coup, de façon déterministe : référence et
//! score justes, lettres de raccord, score faux, référence décalée (pénalité ou
//! raccordement fallacieux), mot non admis.

use arbitre_engine::arbitrage::{corriger, modele_plausibilite, ContexteCoup, Edition};
use arbitre_engine::generation::Solution;
use arbitre_engine::lecture::{Cellule, Lecture};
use arbitre_engine::reference::{Direction, Reference};
use arbitre_engine::tuiles::{caractere, JOKER};
use arbitre_engine::{Formule, Grille, Lexique, Partie};
use criterion::{criterion_group, criterion_main, Criterion};
use std::path::Path;

/// Le mot écrit dans son sens, avec les lettres de grille qui le touchent (lettres de
/// raccord), sur une feuille de 3 rangées (ou colonnes) de large.
fn avec_raccord(grille: &Grille, s: &Solution) -> Vec<Vec<Cellule>> {
    let r = s.reference;
    let n = s.mot().len();
    let (haut, larg) = match r.direction {
        Direction::Horizontal => (3, n + 2),
        Direction::Vertical => (n + 2, 3),
    };
    let mut f = vec![vec![Cellule::vide(); larg]; haut];
    // Case de la feuille (l, c) ↔ case de la grille.
    let (l0, c0) = (r.ligne as isize - 1, r.colonne as isize - 1);
    for (l, rangee) in f.iter_mut().enumerate() {
        for (c, cellule) in rangee.iter_mut().enumerate() {
            let (gl, gc) = (l0 + l as isize, c0 + c as isize);
            if !(0..15).contains(&gl) || !(0..15).contains(&gc) {
                continue;
            }
            let dans_mot = match r.direction {
                Direction::Horizontal => l == 1 && (1..=n).contains(&c),
                Direction::Vertical => c == 1 && (1..=n).contains(&l),
            };
            if dans_mot {
                let i = if r.direction == Direction::Horizontal { c - 1 } else { l - 1 };
                let x = s.mot()[i];
                let k = r.case_n(i).unwrap();
                let joker = x & JOKER != 0 && grille.cases[k] == 0;
                let ch = caractere(x).to_ascii_uppercase();
                *cellule = Cellule::lettre(if joker { ch.to_ascii_lowercase() } else { ch });
                continue;
            }
            let g = grille.at(gl as usize, gc as usize);
            let coin = (l == 0 || l == haut - 1) && (c == 0 || c == larg - 1);
            if g != 0 && !coin {
                *cellule = Cellule::lettre(caractere(g).to_ascii_uppercase());
            }
        }
    }
    f
}

fn mot_seul(grille: &Grille, s: &Solution) -> Vec<Vec<Cellule>> {
    let cells: Vec<Cellule> = s
        .mot()
        .iter()
        .enumerate()
        .map(|(i, &x)| {
            let k = s.reference.case_n(i).unwrap();
            let ch = caractere(x).to_ascii_uppercase();
            Cellule::lettre(if x & JOKER != 0 && grille.cases[k] == 0 { ch.to_ascii_lowercase() } else { ch })
        })
        .collect();
    match s.reference.direction {
        Direction::Horizontal => vec![cells],
        Direction::Vertical => cells.into_iter().map(|c| vec![c]).collect(),
    }
}

fn bulletins(ctx: &ContexteCoup, n: usize) -> Vec<Lecture> {
    let sols = &ctx.solutions;
    (0..n)
        .map(|i| {
            let s = &sols[(i * 7919) % sols.len()];
            let mut l = Lecture::nouvelle(i as u32 + 1, ctx.numero);
            let decale = |r: Reference| Reference { colonne: (r.colonne + 1) % 15, ..r };
            match i % 6 {
                0 => {
                    l.rangees = mot_seul(&ctx.grille, s);
                    l.reference = Some(s.reference.to_string());
                    l.score = Some(s.score.to_string());
                }
                1 => {
                    l.rangees = avec_raccord(&ctx.grille, s);
                    l.score = Some(s.score.to_string());
                }
                2 => {
                    l.rangees = mot_seul(&ctx.grille, s);
                    l.reference = Some(s.reference.to_string());
                    l.score = Some((s.score + 3).to_string());
                }
                3 => {
                    l.rangees = mot_seul(&ctx.grille, s);
                    l.reference = Some(decale(s.reference).to_string());
                    l.score = Some(s.score.to_string());
                }
                4 => {
                    let top = &sols[0];
                    l.rangees = avec_raccord(&ctx.grille, top);
                    l.reference = Some(top.reference.to_string());
                    l.score = Some(top.score.to_string());
                }
                _ => {
                    // Une lettre changée : mot non admis le plus souvent.
                    let mut r = mot_seul(&ctx.grille, s);
                    let c = r.iter_mut().flatten().next().unwrap();
                    *c = Cellule::lettre('Q');
                    l.rangees = r;
                    l.reference = Some(s.reference.to_string());
                    l.score = Some(s.score.to_string());
                }
            }
            l
        })
        .collect()
}

fn banc(c: &mut Criterion) {
    let chemin = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/validation/eliot-games/fumee.partie");
    let partie = Partie::lire(&chemin, Formule::STANDARD).expect("partie fumee");
    let lexique = Lexique::defaut();
    modele_plausibilite(&lexique); // appris une fois par lexique, hors mesure
    let mut g = c.benchmark_group("arbitrage");
    g.sample_size(20);
    for coup in [2u32, 10, 18] {
        let ctx = ContexteCoup::new(&partie, coup, &lexique).expect("coup");
        let lectures = bulletins(&ctx, 1000);
        g.bench_function(format!("fumee_coup_{coup}_1000_bulletins"), |b| {
            b.iter(|| lectures.iter().map(|l| corriger(&ctx, l, Edition::E2020).score).sum::<u32>())
        });
    }
    g.bench_function("contexte_coup_fumee_10", |b| b.iter(|| ContexteCoup::new(&partie, 10, &lexique).unwrap().solutions.len()));
    g.finish();
}

criterion_group!(benches, banc);
criterion_main!(benches);
