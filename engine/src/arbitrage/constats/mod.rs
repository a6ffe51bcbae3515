//! Étape 2 : les constats. Pour chaque mot écrit ([`crate::arbitrage::ecrit`]), dans le
//! contexte du coup : les places où il peut se tenir ([`places`]), ce que vaut sa
//! localisation à chacune ([`localisation`]), ce que paierait chaque place correctement
//! localisée ([`paiement`]), un raccordement fallacieux possible ([`fallacieux`]), les
//! solutions que le bulletin peut viser ([`candidats`]) et, pour un mot qui n'en donne
//! aucune, pourquoi ([`sans_solution`]). Aucun verdict ici : les fautes sont nommées
//! avec les motifs du billet, les sanctions ([`crate::arbitrage::sanctions`]) en font un
//! verdict et des points.
//!
//! Chaque module n'utilise que ceux qui le précèdent dans cette liste.

pub mod places;
pub mod localisation;
pub mod paiement;
pub mod fallacieux;
pub mod candidats;
pub mod sans_solution;

use crate::arbitrage::Motif;
use fallacieux::Fallacieux;
use paiement::Paiement;

/// Une solution que le bulletin peut viser, et ce qui la fonde.
#[derive(Debug, Clone)]
pub struct Candidat {
    /// La suite (mot écrit) d'où elle vient.
    pub suite: usize,
    pub fondement: Fondement,
    /// Un raccordement fallacieux possible pour ce mot, ce score et, le cas échéant, ce
    /// raccord écrit (règlement 5.3.3, 5.4.2.b ; guide 5.5, 7.4.6).
    pub fallacieux: Option<Fallacieux>,
    /// Les cases de la feuille qu'elle explique (mot et lettres de raccord).
    pub cellules: Vec<usize>,
}

/// Ce qui rend une solution acceptable.
#[derive(Debug, Clone)]
pub enum Fondement {
    /// Une place correctement localisée (règlement 5.3.1, 5.3.2), le premier coup
    /// (règlement 5.4.2.a) ou un prolongement écrit en abrégé (guide 5.4) : ce qu'elle
    /// paie, et les fautes tolérées (localisation, score, joker ; aucune : valide).
    Localisee { paiement: Paiement, fautes: Vec<Motif> },
    /// Règlement 5.3.3 : le score écrit existe pour le mot dans le sens écrit, la
    /// localisation est absente, erronée ou incompatible. `solution` : son indice dans
    /// les solutions du coup ; `score` : le score écrit.
    ParLeScore { solution: u32, score: u32 },
}
