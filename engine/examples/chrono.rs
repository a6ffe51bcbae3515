//! Minute la génération de toutes les solutions sur les positions de mesure (voir
//! `benches/commun`), position par position, et imprime le bilan par sorte de tirage.
//!
//! `cargo run --release -p arbitre-engine --example chrono [-- DETAIL.tsv]`
//!
//! Avec un fichier en argument, y écrit une ligne par position :
//! `partie coup genre solutions microsecondes` (pour comparer avec un autre générateur).

#[path = "../benches/commun/mod.rs"]
mod commun;

use arbitre_engine::Lexique;
use std::io::Write;
use std::time::{Duration, Instant};

fn main() {
    let t = Instant::now();
    let lexique = Lexique::defaut();
    println!("lexique : {} ; chargé en {:.1} ms", lexique.identite().resume(), t.elapsed().as_secs_f64() * 1e3);
    let positions = commun::positions();
    let mut sortie = Vec::new();
    // Échauffement (caches, fréquence) : un passage complet non compté.
    for p in &positions {
        commun::mesurer(p, lexique.dawg(), 1, Duration::ZERO, &mut sortie);
    }
    let mesures: Vec<commun::Mesure> =
        positions.iter().map(|p| commun::mesurer(p, lexique.dawg(), 11, Duration::from_millis(20), &mut sortie)).collect();
    println!("arbitre : temps médian de génération de toutes les solutions, par position");
    for genre in commun::Genre::TOUS {
        println!("{}", commun::bilan(genre, &positions, &mesures));
    }
    if let Some(chemin) = std::env::args().nth(1) {
        let mut f = std::io::BufWriter::new(std::fs::File::create(&chemin).expect("fichier de détail"));
        for (p, m) in positions.iter().zip(&mesures) {
            writeln!(f, "{} {} {} {} {:.1}", p.partie, p.coup, p.genre.nom(), m.solutions, m.duree.as_secs_f64() * 1e6).unwrap();
        }
    }
}
