//! Outils des tests : tournois écrits comme les CSV d'un arbitre.
#![allow(dead_code)]

use arbitre_classique::{joueurs_depuis_texte, Inscrits, Participant, Ronde, Tournoi};
use std::path::Path;

/// Des inscrits depuis le texte d'un `joueurs.csv`.
pub fn inscrits(texte: &str) -> Inscrits {
    joueurs_depuis_texte(Path::new("joueurs.csv"), texte).unwrap()
}

/// `n` joueurs P01, P02… de cotes décroissantes (P01 le premier du classement initial).
pub fn joueurs_numerotes(n: usize) -> String {
    let mut t = String::from("nom,cote\n");
    for i in 1..=n {
        t.push_str(&format!("P{i:02},{}\n", 2000 - i));
    }
    t
}

/// Un tournoi depuis `joueurs.csv` et `resultats.csv` écrits en texte.
pub fn tournoi(joueurs: &str, resultats: &str) -> Tournoi {
    Tournoi::depuis_texte(inscrits(joueurs), Path::new("resultats.csv"), resultats).unwrap()
}

/// Les tables d'une ronde, par noms.
pub fn noms(t: &Tournoi, r: &Ronde) -> Vec<(String, String)> {
    let n = |p: Participant| t.inscrits().nom(p).to_owned();
    r.tables.iter().map(|tb| (n(tb.joueurs[0]), n(tb.joueurs[1]))).collect()
}

/// Les tables attendues, écrites `("P01", "P08")`.
pub fn paires(v: &[(&str, &str)]) -> Vec<(String, String)> {
    v.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect()
}

/// Un générateur pseudo-aléatoire reproductible (xorshift64*), pour les simulations.
pub struct Alea(u64);

impl Alea {
    pub fn new(graine: u64) -> Self {
        Alea(graine.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn suivant(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Un entier dans `0..n`.
    pub fn sous(&mut self, n: u64) -> u64 {
        self.suivant() % n
    }
}
