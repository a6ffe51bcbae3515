//! Une manche : pour chaque coup d'une partie, N tables et un mélange réaliste de réponses —
//! le top, des solutions inférieures et les erreurs que décrit le guide pratique
//! d'arbitrage 2020 — avec, pour chaque bulletin, la réponse voulue et la décision attendue.
//!
//! La recette de chaque genre de bulletin est dans `recettes`.

mod recettes;

use crate::verite::{Genre, Intention};
use arbitre_engine::evaluation::{evaluer, references, Evaluation};
use arbitre_engine::generation::{solutions, Solution};
use arbitre_engine::lecture::{EtatBulletin, Lecture};
use arbitre_engine::lexique::Lexique;
use arbitre_engine::LexiquePartie;
use arbitre_engine::partie::Partie;
use arbitre_engine::tuiles::{nue, Tirage};
use arbitre_engine::Grille;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// Un bulletin prévu : ce qu'il montre et ce que le joueur voulait.
#[derive(Debug, Clone, PartialEq)]
pub struct Prevu {
    pub lecture: Lecture,
    pub intention: Intention,
}

/// Poids des genres dans une manche (proportions plausibles d'une salle de tournoi).
pub const POIDS: [(Genre, u32); 12] = [
    (Genre::Top, 38),
    (Genre::Solution, 22),
    (Genre::ScoreErrone, 7),
    (Genre::DeuxLettresRaccord, 4),
    (Genre::Decalage, 4),
    (Genre::ReferenceInversee, 4),
    (Genre::JokerNonEntoure, 5),
    (Genre::LettreHorsTirage, 3),
    (Genre::MotNonAdmis, 4),
    (Genre::PlusieursSolutions, 3),
    (Genre::Vierge, 2),
    (Genre::Absent, 4),
];

/// Tout ce qui ne dépend que du coup.
pub struct Coup<'a> {
    pub numero: u32,
    pub grille: &'a Grille,
    pub tirage: Tirage,
    pub partie: &'a Partie,
    pub lexique: &'a Lexique,
    pub solutions: Vec<Solution>,
    /// Le top de la partie (ses mots sont admis par le lexique de la partie).
    pub top: Evaluation,
}

impl<'a> Coup<'a> {
    pub fn new(partie: &'a Partie, numero: u32, lexique: &'a LexiquePartie<'_>) -> Option<Coup<'a>> {
        let lexique = lexique.lexique();
        let grille = partie.grille_avant(numero)?;
        let tirage = partie.coup(numero)?.tirage;
        let solutions = solutions(grille, &partie.formule, lexique.dawg(), &tirage);
        let top = partie.tops.get(numero as usize - 1)?.clone();
        Some(Coup { numero, grille, tirage, partie, lexique, solutions, top })
    }

    fn premier(&self) -> bool {
        self.grille.est_vide()
    }

    fn evaluer(&self, s: &Solution) -> Option<Evaluation> {
        evaluer(self.grille, &self.partie.formule, s.mot(), s.reference).ok()
    }

    /// Le score maximal d'un mot, toutes places confondues (premier coup, 5.4.2.a).
    fn max_du_mot(&self, mot: &[u8]) -> u32 {
        let nu: Vec<u8> = mot.iter().map(|&l| nue(l)).collect();
        self.solutions.iter().filter(|s| s.mot().iter().map(|&l| nue(l)).eq(nu.iter().copied())).map(|s| s.score).max().unwrap_or(0)
    }

    /// Le score payé pour ce placement : au premier coup, le score maximal du mot joué
    /// (5.4.2.a).
    fn paye(&self, e: &Evaluation) -> u32 {
        if self.premier() {
            self.max_du_mot(&e.mot)
        } else {
            e.score
        }
    }

    /// Le mot est-il le début ou la fin d'une solution du coup ? Un tel bulletin relève du
    /// mot incomplet (guide 5.7.3), pas de l'erreur voulue.
    fn fragment_de_solution(&self, mot: &[u8]) -> bool {
        let nu: Vec<u8> = mot.iter().map(|&l| nue(l)).collect();
        self.solutions.iter().any(|s| {
            let m: Vec<u8> = s.mot().iter().map(|&l| nue(l)).collect();
            m.len() > nu.len() && (m.starts_with(&nu) || m.ends_with(&nu))
        })
    }

    /// Les scores du mot, écrit dans ce sens, à toutes les places (tirage ignoré) : un
    /// score erroné ne doit en être aucun (sinon 5.3.3 s'appliquerait).
    fn scores_du_mot(&self, e: &Evaluation) -> Vec<u32> {
        references(e.reference.direction).filter_map(|r| evaluer(self.grille, &self.partie.formule, &e.mot, r).ok()).map(|x| x.score).collect()
    }
}

/// Tire un genre selon [`POIDS`].
fn tirer_genre(rng: &mut ChaCha8Rng) -> Genre {
    let total: u32 = POIDS.iter().map(|p| p.1).sum();
    let mut x = rng.gen_range(0..total);
    for &(g, p) in &POIDS {
        if x < p {
            return g;
        }
        x -= p;
    }
    Genre::Top
}

/// Prévoit les bulletins des tables `1..=tables` pour un coup.
pub fn prevoir_coup(coup: &Coup, tables: u32, rng: &mut ChaCha8Rng) -> Vec<Prevu> {
    (1..=tables)
        .map(|table| {
            let voulu = tirer_genre(rng);
            // Un genre impossible à ce coup (pas de joker, premier coup…) : le top.
            rediger(coup, table, voulu, rng).or_else(|| rediger(coup, table, Genre::Top, rng)).expect("le top se rédige toujours")
        })
        .collect()
}

/// Rédige le bulletin d'une table pour un genre ; `None` si le genre est impossible ici.
pub fn rediger(c: &Coup, table: u32, genre: Genre, rng: &mut ChaCha8Rng) -> Option<Prevu> {
    match genre {
        Genre::Absent | Genre::Vierge => Some(recettes::rediger_absent_ou_vierge(c, table, genre, rng)),
        Genre::Top | Genre::Solution => recettes::rediger_solution(c, table, genre, rng),
        Genre::ScoreErrone => recettes::rediger_score_errone(c, table, rng),
        Genre::DeuxLettresRaccord => recettes::rediger_deux_lettres_raccord(c, table, rng),
        Genre::Decalage => recettes::rediger_decalage(c, table, rng),
        Genre::ReferenceInversee => recettes::rediger_reference_inversee(c, table, rng),
        Genre::JokerNonEntoure => recettes::rediger_joker_non_entoure(c, table, rng),
        Genre::LettreHorsTirage => recettes::rediger_lettre_hors_tirage(c, table, rng),
        Genre::MotNonAdmis => recettes::rediger_mot_non_admis(c, table, rng),
        Genre::PlusieursSolutions => recettes::rediger_plusieurs_solutions(c, table, rng),
    }
}

/// Quelques bulletins portent aussi des ratures visibles.
pub fn ajouter_ratures(p: &mut [Prevu], rng: &mut ChaCha8Rng) {
    for b in p.iter_mut() {
        if b.lecture.etat == EtatBulletin::Rempli && rng.gen_bool(0.06) {
            b.lecture.rature = true;
        }
    }
}
