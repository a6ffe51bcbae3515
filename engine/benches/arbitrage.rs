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
use arbitre_engine::reference::Reference;
use arbitre_engine::{Formule, Grille, Lexique, LexiquePartie, Partie};
use criterion::{criterion_group, criterion_main, Criterion};
use std::path::Path;

#[path = "../tests/ecriture/mod.rs"]
mod ecriture;
use ecriture::mot_seul;

/// Le mot avec ses lettres de raccord (sans leur nombre).
fn avec_raccord(grille: &Grille, s: &Solution) -> Vec<Vec<Cellule>> {
    ecriture::avec_raccord(grille, s).0
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
    let defaut = Lexique::defaut();
    let lexique = LexiquePartie::new(&partie, &defaut);
    modele_plausibilite(lexique.lexique()); // appris une fois par lexique, hors mesure
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
