//! Outils des tests `guide` et `moteur` : la grille faite de mots posés ; une situation
//! de coup (grille, tirage, petit lexique), un bulletin écrit au format texte des
//! lectures, la décision.
#![allow(dead_code)]

mod grilles;
pub use grilles::grille_mots;

use arbitre_engine::arbitrage::{corriger, ContexteCoup, Decision, Edition, Motif, Verdict};
use arbitre_engine::lecture::lire_bulletin;
use arbitre_engine::tuiles::mot_depuis_texte;
use arbitre_engine::{evaluer, Formule, Grille, Lexique, Reference, Tirage};

/// Un coup à corriger : la grille avant le coup, le tirage, le lexique.
pub struct Situation {
    pub grille: Grille,
    pub tirage: Tirage,
    pub numero: u32,
    /// Le lexique du coup, tel que l'arbitre le donnerait : il dit ce qui est valide ; la
    /// plausibilité des raccords non valides (guide 5.5) est jugée par le modèle appris de
    /// la liste française (lexique libre par défaut augmenté de ce lexique).
    pub lexique: Lexique,
}

impl Situation {
    /// Premier coup si la grille est vide (coup 1), sinon coup 2 au moins (la grille
    /// contient déjà des mots). `mots` : le lexique, complet pour ce coup (mots joués et
    /// mots formés en raccord valides).
    pub fn new(grille: Grille, tirage: &str, mots: &[&str]) -> Situation {
        let numero = if grille.est_vide() { 1 } else { 5 };
        Situation {
            grille,
            tirage: tirage.parse().expect("tirage"),
            numero,
            lexique: Lexique::depuis_mots("guide", mots),
        }
    }

    /// Avec un numéro de coup donné (2 : deuxième coup, pour la règle du premier mot de
    /// deux lettres).
    pub fn au_coup(mut self, numero: u32) -> Situation {
        self.numero = numero;
        self
    }

    pub fn contexte(&self) -> ContexteCoup<'_> {
        ContexteCoup::depuis_situation(self.grille.clone(), self.tirage, self.numero, Formule::STANDARD, &self.lexique)
            .expect("le tirage permet au moins un coup")
    }

    /// Le score d'un mot (minuscule = joker) à une référence ; panique si le placement est
    /// illégal : sert à vérifier que la situation reconstruite est bien celle du guide.
    pub fn score(&self, mot: &str, r: &str) -> u32 {
        let e = evaluer(&self.grille, &Formule::STANDARD, &mot_depuis_texte(mot).unwrap(), r.parse().unwrap())
            .unwrap_or_else(|e| panic!("{mot} en {r} : {e}"));
        e.score
    }

    /// Le mot à cette place est-il une solution valide du coup (liste du logiciel) ?
    pub fn est_solution(&self, mot: &str, r: &str) -> bool {
        let r: Reference = r.parse().unwrap();
        let m = mot_depuis_texte(mot).unwrap();
        self.contexte().solutions.iter().any(|s| s.reference == r && s.mot() == m.as_slice())
    }

    /// Corrige un bulletin écrit au format texte ; l'en-tête `bulletin table=1 coup=N`
    /// est ajouté s'il manque.
    pub fn corriger(&self, bulletin: &str) -> Decision {
        self.corriger_en(bulletin, Edition::E2020)
    }

    pub fn corriger_en(&self, bulletin: &str, edition: Edition) -> Decision {
        let texte = if bulletin.trim_start().starts_with("bulletin") {
            bulletin.to_string()
        } else {
            format!("bulletin table=1 coup={}\n{bulletin}", self.numero)
        };
        let lecture = lire_bulletin("guide", &texte).unwrap_or_else(|e| panic!("bulletin mal écrit : {e}"));
        corriger(&self.contexte(), &lecture, edition)
    }
}

/// Vérifie le verdict, le score payé et que chaque motif attendu figure sur le billet.
#[track_caller]
pub fn verifier(d: &Decision, verdict: Verdict, score: u32, motifs: &[Motif]) {
    assert_eq!((d.verdict, d.score), (verdict, score), "décision : {d:?}");
    for m in motifs {
        assert!(d.motifs.contains(m), "motif {m:?} attendu : {d:?}");
    }
}

/// Bulletin valide : aucun motif.
#[track_caller]
pub fn valide(d: &Decision, score: u32) {
    verifier(d, Verdict::Valide, score, &[]);
    assert!(d.motifs.is_empty(), "aucun motif pour un bulletin valide : {d:?}");
}

/// Zéro avec un motif de la famille attendue (le guide ne détaille pas toujours le billet).
#[track_caller]
pub fn zero(d: &Decision, motifs: &[Motif]) {
    verifier(d, Verdict::Zero, 0, motifs);
}

/// La solution retenue (mot, référence canonique, score).
#[track_caller]
pub fn solution(d: &Decision, mot: &str, r: &str, score: u32) {
    let s = d.solution.as_ref().unwrap_or_else(|| panic!("solution attendue : {d:?}"));
    assert_eq!((s.mot.as_str(), s.reference.as_str(), s.score), (mot, r, score), "{d:?}");
}
