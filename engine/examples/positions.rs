//! Exporte les positions de mesure de la génération (grille avant chacun des 85 coups des
//! parties Eliot × tirage naturel, un joker, deux jokers), une par ligne :
//! `partie coup genre grille tirage` (voir `benches/commun`), pour minuter un autre
//! générateur sur exactement les mêmes positions.
//!
//! `cargo run --release -p arbitre-engine --example positions > positions.txt`

#[path = "../benches/commun/mod.rs"]
mod commun;

fn main() {
    for p in commun::positions() {
        println!("{}", p.ligne());
    }
}
