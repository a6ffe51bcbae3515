//! Les positions de mesure de la génération des coups : la grille avant chacun des
//! 85 coups des parties Eliot (`../shared/validation/eliot-games/`), avec trois sortes
//! de tirages dérivés de façon déterministe du tirage réel.
//!
//! Partagé par le banc criterion (`benches/generation.rs`) et les exemples `positions`
//! (export texte pour un générateur tiers) et `chrono` (minutage position par position).

#![allow(dead_code)]

use arbitre_engine::tuiles::{caractere, NB_INDICES};
use arbitre_engine::{Formule, Grille, Partie, Tirage};
use std::path::PathBuf;

/// Les parties mesurées, dans cet ordre.
pub const PARTIES: [&str; 4] = ["2_ai", "fumee", "hutte", "rosace"];

/// Sorte de tirage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Genre {
    /// Le tirage réel, ses jokers remplacés par des lettres encore disponibles.
    Naturel,
    /// Le tirage naturel, sa dernière lettre (ordre alphabétique) remplacée par un joker.
    UnJoker,
    /// Le tirage naturel, ses deux dernières lettres remplacées par des jokers.
    DeuxJokers,
}

impl Genre {
    pub const TOUS: [Genre; 3] = [Genre::Naturel, Genre::UnJoker, Genre::DeuxJokers];

    pub fn nom(self) -> &'static str {
        match self {
            Genre::Naturel => "naturel",
            Genre::UnJoker => "un_joker",
            Genre::DeuxJokers => "deux_jokers",
        }
    }
}

/// Une position : la grille avant le coup et un tirage.
#[derive(Clone)]
pub struct Position {
    pub partie: &'static str,
    pub coup: u32,
    pub genre: Genre,
    pub grille: Grille,
    pub tirage: Tirage,
}

impl Position {
    /// `partie coup genre grille tirage` ; grille en 15 rangées de 15 caractères séparées
    /// par `/` (`.` case vide, majuscule, minuscule = joker) ; tirage avec `?` pour un joker.
    pub fn ligne(&self) -> String {
        let rangees: Vec<String> = self
            .grille
            .cases
            .chunks(15)
            .map(|r| r.iter().map(|&l| if l == 0 { '.' } else { caractere(l) }).collect())
            .collect();
        format!("{} {} {} {} {}", self.partie, self.coup, self.genre.nom(), rangees.join("/"), self.tirage)
    }
}

fn dossier() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/validation/eliot-games"))
}

/// Lettres encore invisibles pour le joueur : le sac complet, moins la grille et le tirage.
fn disponibles(grille: &Grille, tirage: &Tirage) -> Tirage {
    let mut reste = Tirage::sac_complet();
    for &l in grille.cases.iter().filter(|&&l| l != 0) {
        assert!(reste.retirer(arbitre_engine::tuiles::indice_tuile(l)), "grille cohérente avec le sac");
    }
    reste.moins(tirage).expect("tirage tiré du sac")
}

/// Le tirage naturel : chaque joker remplacé par la lettre la plus nombreuse parmi celles
/// qui restent (à égalité, la première dans l'alphabet).
fn naturel(grille: &Grille, tirage: &Tirage) -> Tirage {
    let mut reste = disponibles(grille, tirage);
    let mut t = *tirage;
    while t.compte[0] > 0 {
        let l = (1..NB_INDICES).max_by_key(|&i| (reste.compte[i], std::cmp::Reverse(i))).unwrap();
        reste.compte[l] -= 1;
        t.compte[0] -= 1;
        t.compte[l] += 1;
    }
    t
}

/// Remplace les `n` dernières lettres (ordre alphabétique) par des jokers.
fn avec_jokers(naturel: &Tirage, n: u8) -> Tirage {
    let mut t = *naturel;
    for _ in 0..n {
        let l = (1..NB_INDICES).rev().find(|&i| t.compte[i] > 0).expect("assez de lettres");
        t.compte[l] -= 1;
        t.compte[0] += 1;
    }
    t
}

/// Toutes les positions : pour chaque partie, chaque coup, chaque sorte de tirage
/// (ordre : partie, coup, sorte).
pub fn positions() -> Vec<Position> {
    let mut v = Vec::new();
    for partie in PARTIES {
        let chemin = dossier().join(format!("{partie}.partie"));
        let p = Partie::lire(&chemin, Formule::STANDARD).unwrap_or_else(|e| panic!("{e}"));
        for (i, (coup, etat)) in p.coups.iter().zip(&p.etats).enumerate() {
            let nat = naturel(&etat.grille, &coup.tirage);
            for genre in Genre::TOUS {
                let tirage = match genre {
                    Genre::Naturel => nat,
                    Genre::UnJoker => avec_jokers(&nat, 1),
                    Genre::DeuxJokers => avec_jokers(&nat, 2),
                };
                v.push(Position { partie, coup: i as u32 + 1, genre, grille: etat.grille.clone(), tirage });
            }
        }
    }
    v
}

/// Le temps de génération d'une position et le nombre de solutions.
#[derive(Clone, Copy, Debug)]
pub struct Mesure {
    pub solutions: usize,
    /// Médiane des durées d'au moins `essais` générations complètes (sans tri).
    pub duree: std::time::Duration,
}

/// Minute `generer` sur une position : au moins `essais` fois et au moins `duree_min`,
/// médiane des durées (robuste aux interruptions d'une machine partagée). Le vecteur de
/// sortie est réutilisé d'une génération à l'autre, comme le ferait un appelant.
pub fn mesurer(
    p: &Position,
    dawg: &arbitre_engine::lexique::Dawg,
    essais: usize,
    duree_min: std::time::Duration,
    sortie: &mut Vec<arbitre_engine::Solution>,
) -> Mesure {
    use arbitre_engine::generation::generer;
    use std::time::Instant;
    let mut durees = Vec::new();
    let debut = Instant::now();
    while durees.len() < essais || debut.elapsed() < duree_min {
        sortie.clear();
        let t = Instant::now();
        generer(&p.grille, &Formule::STANDARD, dawg, &p.tirage, sortie);
        durees.push(t.elapsed());
    }
    durees.sort_unstable();
    Mesure { solutions: sortie.len(), duree: durees[durees.len() / 2] }
}

/// Bilan d'une sorte de tirage : temps moyen et pire par position, nombre moyen et
/// maximal de solutions.
pub fn bilan(genre: Genre, positions: &[Position], mesures: &[Mesure]) -> String {
    let idx: Vec<usize> = (0..positions.len()).filter(|&i| positions[i].genre == genre).collect();
    let n = idx.len() as f64;
    let moyenne = idx.iter().map(|&i| mesures[i].duree.as_secs_f64()).sum::<f64>() / n;
    let pire = *idx.iter().max_by_key(|&&i| mesures[i].duree).unwrap();
    let plus = *idx.iter().max_by_key(|&&i| mesures[i].solutions).unwrap();
    let nb_moyen = idx.iter().map(|&i| mesures[i].solutions).sum::<usize>() as f64 / n;
    format!(
        "{:<12} {:>3} positions : moyenne {:>7.3} ms, pire {:>7.3} ms ({} coup {}, {} solutions) ; solutions : moyenne {:>8.1}, max {} ({} coup {})",
        genre.nom(),
        idx.len(),
        moyenne * 1e3,
        mesures[pire].duree.as_secs_f64() * 1e3,
        positions[pire].partie,
        positions[pire].coup,
        mesures[pire].solutions,
        nb_moyen,
        mesures[plus].solutions,
        positions[plus].partie,
        positions[plus].coup,
    )
}
