//! Le contexte d'un coup : ce qui ne dépend que du coup (grille avant le coup, tirage,
//! toutes les solutions légales avec leur score, le top), calculé une fois et partagé par
//! tous les bulletins du coup ; et le modèle de plausibilité du lexique (guide 5.5).

use super::plausibilite::{ModelePlausibilite, Plausibilite};
use crate::evaluation::Evaluation;
use crate::generation::{solutions, Solution};
use crate::grille::Grille;
use crate::lexique::Lexique;
use crate::lexique_partie::LexiquePartie;
use crate::partie::Partie;
use crate::regles::Formule;
use crate::tuiles::{nue, Lettre, Tirage};
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// Le modèle de plausibilité pour un lexique en usage (guide 5.5). Qu'un mot non admis ait
/// l'air d'un mot français est une question de français, pas de liste de tournoi : le
/// modèle apprend d'une large liste française, le lexique libre par défaut augmenté des
/// mots du lexique en usage ([`Lexique::sous_le_defaut`]), de sorte que ses jugements ne
/// dépendent pas de la taille du lexique (une liste de quelques mots faite pour un test
/// juge comme l'ODS). Appris une fois par liste et par processus : un lexique dont tous
/// les mots sont dans le défaut partage le modèle du défaut.
pub fn modele_plausibilite(lexique: &Lexique) -> &'static ModelePlausibilite {
    static CACHE: OnceLock<Mutex<HashMap<String, &'static ModelePlausibilite>>> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    let cherche = |cle: &str| cache.lock().expect("cache des modèles").get(cle).copied();
    let garde = |cle: String, m: &'static ModelePlausibilite| *cache.lock().expect("cache des modèles").entry(cle).or_insert(m);
    let cle = lexique.identite().empreinte.clone();
    if let Some(m) = cherche(&cle) {
        return m;
    }
    // Appris hors du verrou : deux fils peuvent l'apprendre en même temps, le premier
    // enregistré sert.
    let liste = lexique.sous_le_defaut().unwrap_or_else(Lexique::defaut);
    let cle_liste = liste.identite().empreinte.clone();
    let appris = match cherche(&cle_liste) {
        Some(m) => m,
        None => garde(cle_liste, Box::leak(Box::new(ModelePlausibilite::apprendre(&liste)))),
    };
    garde(cle, appris)
}

/// Ce qui ne dépend que du coup : calculé une fois, partagé par tous les bulletins.
pub struct ContexteCoup<'a> {
    /// La grille avant le coup.
    pub grille: Grille,
    pub tirage: Tirage,
    /// Numéro du coup (1 = premier coup).
    pub numero: u32,
    pub formule: Formule,
    pub lexique: &'a Lexique,
    /// Toutes les solutions légales du coup, triées (score décroissant).
    pub solutions: Vec<Solution>,
    /// Le top retenu.
    pub top: Evaluation,
    /// Les solutions par mot (lettres sans marque de joker) : indices dans `solutions`.
    index: HashMap<Vec<Lettre>, Vec<u32>>,
    /// Les solutions qui prolongent un mot de la grille (guide 5.4).
    prolongements: Vec<u32>,
    /// Nombre de lettres sur la grille.
    nb_lettres_grille: usize,
    /// Le modèle de plausibilité ([`modele_plausibilite`]), cherché au premier besoin
    /// (guide 5.5).
    modele: OnceLock<&'static ModelePlausibilite>,
}

impl<'a> ContexteCoup<'a> {
    /// Le contexte du coup `numero` d'une partie, avec le lexique de la partie (les mots
    /// des tops y sont admis : le top est toujours une solution) ; `None` si le coup
    /// n'existe pas.
    pub fn new(partie: &Partie, numero: u32, lexique: &'a LexiquePartie<'_>) -> Option<Self> {
        let grille = partie.grille_avant(numero)?.clone();
        let coup = partie.coup(numero)?;
        let top = partie.tops.get(numero as usize - 1)?.clone();
        Some(Self::assembler(grille, coup.tirage, numero, partie.formule, lexique.lexique(), top))
    }

    /// Le contexte d'une situation construite à la main (tests, exemples du guide) : le
    /// top est la meilleure solution ; `None` si le tirage ne permet aucun coup.
    pub fn depuis_situation(grille: Grille, tirage: Tirage, numero: u32, formule: Formule, lexique: &'a Lexique) -> Option<Self> {
        let solutions = solutions(&grille, &formule, lexique.dawg(), &tirage);
        let meilleure = solutions.first()?;
        let top = crate::evaluation::evaluer(&grille, &formule, meilleure.mot(), meilleure.reference).ok()?;
        Some(Self::assembler(grille, tirage, numero, formule, lexique, top))
    }

    fn assembler(grille: Grille, tirage: Tirage, numero: u32, formule: Formule, lexique: &'a Lexique, top: Evaluation) -> Self {
        let solutions = solutions(&grille, &formule, lexique.dawg(), &tirage);
        let mut index: HashMap<Vec<Lettre>, Vec<u32>> = HashMap::new();
        let mut prolongements = Vec::new();
        for (i, s) in solutions.iter().enumerate() {
            index.entry(s.mot().iter().map(|&l| nue(l)).collect()).or_default().push(i as u32);
            if grille.prolongement(s.reference, s.mot().len()).is_some() {
                prolongements.push(i as u32);
            }
        }
        let nb_lettres_grille = grille.cases.iter().filter(|&&c| c != 0).count();
        ContexteCoup {
            grille,
            tirage,
            numero,
            formule,
            lexique,
            solutions,
            top,
            index,
            prolongements,
            nb_lettres_grille,
            modele: OnceLock::new(),
        }
    }

    /// Les solutions du mot `mot` (lettres sans marque de joker), toutes places et tous
    /// encerclements : leurs indices dans [`ContexteCoup::solutions`].
    pub fn indices_du_mot(&self, mot: &[Lettre]) -> &[u32] {
        self.index.get(mot).map_or(&[], Vec::as_slice)
    }

    /// Les solutions du mot `mot` (lettres sans marque de joker), toutes places et tous
    /// encerclements.
    pub fn solutions_du_mot(&self, mot: &[Lettre]) -> impl Iterator<Item = &Solution> {
        self.indices_du_mot(mot).iter().map(|&i| self.solution(i))
    }

    /// La solution d'indice `i` dans [`ContexteCoup::solutions`].
    pub fn solution(&self, i: u32) -> &Solution {
        &self.solutions[i as usize]
    }

    /// Les solutions qui prolongent un mot de la grille (guide 5.4) : leurs indices.
    pub fn prolongements(&self) -> &[u32] {
        &self.prolongements
    }

    /// Plausibilité d'un mot formé en raccord non valide (guide 5.5).
    pub fn juger(&self, mot: &str) -> Plausibilite {
        self.modele.get_or_init(|| modele_plausibilite(self.lexique)).juger(mot)
    }

    /// Au 2e coup, le mot du premier coup n'a que deux lettres (règlement 4.3.2, 5.5) : la grille
    /// ne porte que deux lettres.
    pub fn premier_mot_de_deux_lettres(&self) -> bool {
        self.nb_lettres_grille == 2
    }

    /// Premier coup : la grille est vide (règlement 5.4.2.a).
    pub fn premier_coup(&self) -> bool {
        self.grille.est_vide()
    }
}
