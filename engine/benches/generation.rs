//! Banc de la génération de toutes les solutions (issue 3, point 6) sur les positions des
//! parties Eliot : grille avant chacun des 85 coups × tirage naturel, un joker, deux jokers
//! (voir `commun`). Lexique par défaut.
//!
//! `cargo bench -p arbitre-engine --bench generation`
//!
//! Imprime d'abord un bilan par sorte de tirage (temps médian par position : moyenne et
//! pire ; nombre de solutions : moyenne et max), puis les mesures criterion : chaque sorte
//! en entier (temps pour ses 85 positions, débit en positions par seconde), la position
//! la plus chargée de chaque sorte, et le tri (`trier`) de la plus longue liste.

#[path = "commun/mod.rs"]
mod commun;

use arbitre_engine::generation::{generer, trier};
use arbitre_engine::{Formule, Lexique};
use commun::Genre;
use criterion::{black_box, criterion_group, criterion_main, Criterion, SamplingMode, Throughput};
use std::time::Duration;

fn banc(c: &mut Criterion) {
    let lexique = Lexique::defaut();
    let dawg = lexique.dawg();
    let positions = commun::positions();
    let mut sortie = Vec::new();

    let mesures: Vec<commun::Mesure> =
        positions.iter().map(|p| commun::mesurer(p, dawg, 5, Duration::ZERO, &mut sortie)).collect();
    println!("\nlexique : {}", lexique.identite().resume());
    println!("temps médian (5 essais) de génération de toutes les solutions, par position :");
    for genre in Genre::TOUS {
        println!("{}", commun::bilan(genre, &positions, &mesures));
    }
    println!();

    let mut g = c.benchmark_group("generation");
    g.sampling_mode(SamplingMode::Flat).sample_size(10).warm_up_time(Duration::from_millis(300)).measurement_time(Duration::from_secs(2));
    for genre in Genre::TOUS {
        let lot: Vec<&commun::Position> = positions.iter().filter(|p| p.genre == genre).collect();
        g.throughput(Throughput::Elements(lot.len() as u64));
        g.bench_function(format!("{} ({} positions)", genre.nom(), lot.len()), |b| {
            b.iter(|| {
                for p in &lot {
                    sortie.clear();
                    generer(&p.grille, &Formule::STANDARD, dawg, &p.tirage, &mut sortie);
                    black_box(sortie.len());
                }
            })
        });
        // La position qui a le plus de solutions.
        let i = (0..positions.len()).filter(|&i| positions[i].genre == genre).max_by_key(|&i| mesures[i].solutions).unwrap();
        let p = &positions[i];
        g.throughput(Throughput::Elements(1));
        g.bench_function(format!("{} max : {} coup {} ({} solutions)", genre.nom(), p.partie, p.coup, mesures[i].solutions), |b| {
            b.iter(|| {
                sortie.clear();
                generer(&p.grille, &Formule::STANDARD, dawg, &p.tirage, &mut sortie);
                black_box(sortie.len());
            })
        });
        if genre == Genre::DeuxJokers {
            sortie.clear();
            generer(&p.grille, &Formule::STANDARD, dawg, &p.tirage, &mut sortie);
            let liste = sortie.clone();
            g.bench_function(format!("trier {} solutions", liste.len()), |b| {
                b.iter_batched_ref(|| liste.clone(), |v| trier(v), criterion::BatchSize::LargeInput)
            });
        }
    }
    g.finish();
}

criterion_group!(benches, banc);
criterion_main!(benches);
