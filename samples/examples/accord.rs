//! Accord entre la décision voulue et la correction : prévoit une manche (sans dessin) et
//! corrige chaque bulletin prévu.
//! `cargo run --release -p arbitre-echantillons --example accord -- PARTIE TABLES GRAINE [COUPS]`.
use arbitre_echantillons::sortie::prevoir_manche;
use arbitre_engine::arbitrage::{corriger, ContexteCoup, Edition};
use arbitre_engine::{Formule, Lexique, Partie};

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let partie = Partie::lire(a[1].as_ref(), Formule::STANDARD).expect("partie");
    let (tables, graine): (u32, u64) = (a[2].parse().unwrap(), a[3].parse().unwrap());
    let n = a.get(4).map(|s| s.parse().unwrap()).unwrap_or(partie.coups.len() as u32);
    let coups: Vec<u32> = (1..=n).collect();
    let lx = Lexique::defaut();
    let prevus = prevoir_manche(&partie, &lx, &coups, tables, graine).expect("manche");
    let lp = arbitre_engine::LexiquePartie::new(&partie, &lx);
    let ctx: Vec<_> = coups.iter().map(|&c| ContexteCoup::new(&partie, c, &lp).unwrap()).collect();
    let mut ecarts = 0;
    for p in &prevus {
        let d = corriger(&ctx[p.lecture.coup as usize - 1], &p.lecture, Edition::E2020);
        let at = &p.intention.attendu;
        let sorte = |m: &_| d.motifs.iter().any(|x| std::mem::discriminant(x) == std::mem::discriminant(m));
        if d.verdict != at.verdict || d.score != at.score || !at.motifs.iter().all(sorte) {
            ecarts += 1;
            let i = &p.intention;
            println!("{:?} {:?} {:?} {:?} : attendu {:?} {} {:?} ; décidé {:?} {} {:?}\n{}", i.genre, i.mode, i.mot, i.reference, at.verdict, at.score, at.motifs, d.verdict, d.score, d.motifs, p.lecture.vers_texte());
        }
    }
    println!("{ecarts} écarts sur {} bulletins", prevus.len());
}
