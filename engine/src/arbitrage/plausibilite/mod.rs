//! Plausibilité d'un mot non admis formé en raccord : le *raccordement fallacieux*
//! (règlement 5.3.3, guide 5.5).
//!
//! Quand la localisation est absente ou erronée mais que le score existe pour le mot joué
//! dans ce sens, la solution est payée moins 5 points, sauf si le même mot pour le même
//! score peut former à une autre place un mot non admis *plausible* (5.3.3) : zéro. Le
//! guide 5.5 en donne les exemples : CANCANÉE plausible (forme régulière de CANCANER),
//! CANCANEU, BTE, FW, SX non ; APARLE douteux (zéro provisoire et commission). Le modèle
//! juge en trois bandes ([`Plausibilite`]), appris d'une liste de mots
//! ([`ModelePlausibilite::apprendre`]). Pour corriger, cette liste est une large liste
//! française, le lexique libre par défaut augmenté des mots du lexique en usage
//! ([`super::modele_plausibilite`]) : qu'un mot ait l'air français ne dépend pas de la
//! liste du tournoi, et une liste de quelques mots faite pour un test juge comme l'ODS.
//! Un mot de cette liste absent du lexique en usage (CANCANÉE, dans wfrench mais pas dans
//! l'ODS) est plausible ; un deux-lettres ne l'est jamais.
//!
//! # Le modèle
//!
//! 1. *Deux lettres* : un deux-lettres non admis n'est jamais plausible, la liste en est
//!    close et connue des joueurs (guide 5.3 : OF, IE, LT, EE ; guide 5.5 : FW, SX).
//! 2. *Flexions* ([`paradigmes`]) : le mot se coupe en radical + terminaison b (0 à 4
//!    lettres). Les autres terminaisons du radical qui font des mots du lexique forment son
//!    ensemble de formes (CANCAN- : -ER, -E, -ES, -ONS, -AIT…). Parmi les radicaux du
//!    lexique qui ont toutes ces formes, on compte la part qui a aussi b : c'est la
//!    *proportion de flexion* (CANCANEE : 99,9 % des radicaux qui se conjuguent comme
//!    CANCANE- ont aussi -E). Trop peu de radicaux semblables (moins de 5) : on oublie la
//!    forme la plus rare et on recommence. On garde la meilleure coupe.
//! 3. *Préfixes* : préfixe d'une syllabe (1 à 3 lettres, une voyelle) + mot admis ; sa
//!    productivité est la part des mots du lexique qui l'acceptent (A- : 0,8 %, RE- : 4 %).
//! 4. *Enchaînements* ([`ngrammes`]) : un modèle de lettres d'ordre 4 (Witten-Bell) ; le
//!    maillon le plus faible du mot (log-probabilité de la lettre la moins attendue).
//!
//! Décision, dans l'ordre : deux lettres → implausible ; proportion de flexion ≥
//! [`SEUIL_PLAUSIBLE`] → plausible (douteux si un maillon est sous [`VETO_LETTRES`]) ;
//! maillon sous le veto → implausible (BTE) ; proportion ≥ [`SEUIL_DOUTEUX`] → douteux ;
//! préfixe de productivité ≥ [`SEUIL_PREFIXE`] → douteux (APARLE) ; sinon implausible
//! (CANCANEU : 0,1 % des radicaux semblables à CANCANE- ont une forme en -U).
//!
//! # Calibration (lexique par défaut avant le nettoyage des abréviations, 317 790 mots)
//!
//! Les mots sont répartis au hasard (xorshift, graine fixe) : 90 % pour apprendre, 5 % pour
//! calibrer, 5 % pour mesurer. Exemples positifs : les mots retirés (vrais mots que le
//! modèle n'a pas vus). Négatifs : pour chaque mot retiré, un tirage au hasard de même
//! longueur (lettres à leur fréquence dans le lexique) et le mot altéré (une lettre
//! remplacée par une autre) ; les mots fabriqués qui sont admis sont écartés. Sur la part
//! de calibration, par tranche de proportion de flexion, le rapport entre la part des vrais
//! mots et celle des mots altérés :
//!
//! | proportion   | vrais mots | mots altérés | rapport |
//! |--------------|-----------:|-------------:|--------:|
//! | ≥ 0,5        |     91,7 % |        0,2 % |   ≈ 460 |
//! | 0,3 – 0,5    |      1,1 % |        0,6 % |   ≈ 1,8 |
//! | 0,1 – 0,3    |      2,5 % |        1,6 % |   ≈ 1,6 |
//! | 0,05 – 0,1   |      0,4 % |        1,0 % |   ≈ 0,4 |
//!
//! Règle : plausible là où le rapport dépasse 10, douteux entre 1 et 10, implausible en
//! dessous : d'où les seuils 0,5 et 0,1. Le veto à −8 : 0,9 % des vrais mots ont un
//! maillon plus faible, contre 72 % des mots altérés et 97 % des tirages ; parmi les
//! flexions fortes il ne sépare plus (autant de vrais mots que d'altérés) : il y ramène au
//! doute au lieu de trancher. La voie des préfixes n'est pas calibrée mais prise du guide
//! (APARLE : « DEPARLER est un mot valable, ABLOQUER également ») : sur les données, les
//! mots que seul un préfixe explique sont un peu plus souvent des altérations (0,3 %) que
//! des vrais mots (0,2 %).
//!
//! Mesure sur la part réservée (test `engine/tests/arbitrage/plausibilite.rs`, mêmes seuils ;
//! lexique par défaut de 317 764 mots, abréviations écartées) :
//!
//! | mots                          | implausible | douteux | plausible |
//! |-------------------------------|------------:|--------:|----------:|
//! | vrais mots retirés (15 906)   |       4,4 % |   3,6 % |    92,0 % |
//! | tirages au hasard (15 893)    |      99,8 % |   0,2 % |     0,0 % |
//! | mots altérés (15 748)         |      97,5 % |   2,1 % |     0,4 % |
//!
//! Sur le lexique de 317 790 mots (avec ses 26 abréviations), la même mesure donnait
//! 4,7 / 3,9 / 91,4 %, 99,7 / 0,2 / 0,0 % et 97,7 / 2,0 / 0,3 % : l'écart vient surtout du
//! tirage au sort, qui se décale quand des mots disparaissent de la liste. À part égale
//! (le tirage fait sur l'ancienne liste, les abréviations retirées ensuite : 25 de
//! l'apprentissage, une de la mesure), le nettoyage ne change les parts qu'au quatrième
//! chiffre (vrais mots plausibles 91,38 % → 91,39 %, le reste identique).
//!
//! Les vrais mots jugés implausibles sont surtout des dérivés sans parent fléchi dans le
//! lexique (ALBINISME, CONJOINTEMENT) ou des emprunts (FLUSH, BOTRYTIS) ; les altérations
//! jugées plausibles tombent souvent sur une vraie forme régulière (ORMER, EPIGERAS).
//!
//! Les mots courts sont les moins sûrs : leurs radicaux de 2 ou 3 lettres ont peu de
//! parents. Mesure à part, la moitié des mots de 3 à 5 lettres retirée de l'apprentissage :
//! vrais mots jugés plausibles 41,5 % (3 lettres, 260 mots), 56,1 % (4 lettres), 77,5 %
//! (5 lettres), et implausibles 26,5 %, 22,3 %, 12,2 % ; mots altérés jugés plausibles
//! 4,7 %, 3,5 %, 3,0 % ; tirages uniformes jugés plausibles 1,6 % (3 lettres), 0,3 %, 0 %.
//!
//! # Coût
//!
//! Apprentissage sur le lexique par défaut, en release, sur cette machine (2 cœurs
//! partagés, charge 5) : 182 à 190 ms (7 essais). Mémoire du modèle ([`ModelePlausibilite::octets`]) :
//! 4,5 Mo (les mots en `fst` 0,4 Mo, terminaisons et préfixes 1,7 Mo, modèle de lettres
//! 2,5 Mo).
//! Jugement : 4 à 30 µs par mot. Apprendre une fois par lexique et partager le modèle.
//! Un lexique en usage qui a des mots hors du défaut (une liste officielle, une partie
//! dont les tops manquent au lexique) demande en plus la liste française augmentée
//! ([`Lexique::sous_le_defaut`] : union et automate) : 120 à 320 ms, puis l'apprentissage
//! (210 à 440 ms), mesurés par 5 essais sur cette machine en charge 8 (2 cœurs partagés) ;
//! un lexique contenu dans le défaut (les petits lexiques des tests) partage le modèle du
//! défaut.

pub mod ngrammes;
pub mod paradigmes;

pub use ngrammes::Maillon;
pub use paradigmes::{AnalysePrefixe, AnalyseSuffixe, INVENTAIRE, LONG_PREFIXE, LONG_TERM};

use crate::lexique::Lexique;
use fst::{Automaton, IntoStreamer, Streamer};
use ngrammes::ModeleLettres;
use paradigmes::Paradigmes;
use serde::{Deserialize, Serialize};

/// Le jugement porté sur un mot non admis formé en raccord (guide 5.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Plausibilite {
    /// Personne ne le croirait admis (BTE, FW, SX, CANCANEU) : la pénalité de 5 points
    /// s'applique (5.3.3).
    Implausible,
    /// L'arbitre doute (APARLE) : zéro provisoire et commission d'arbitrage (guide 5.5).
    Douteux,
    /// Un joueur pourrait le croire admis (CANCANÉE) : raccordement fallacieux, zéro (5.3.3).
    Plausible,
}

/// Proportion de flexion au-delà de laquelle une forme est régulière (plausible).
pub const SEUIL_PLAUSIBLE: f64 = 0.50;
/// Proportion de flexion au-delà de laquelle une forme laisse un doute.
pub const SEUIL_DOUTEUX: f64 = 0.10;
/// Productivité d'un préfixe (part des mots du lexique qui l'acceptent) au-delà de
/// laquelle préfixe + mot admis laisse un doute (A- : 0,7 % des mots, APARLE).
pub const SEUIL_PREFIXE: f64 = 0.005;
/// Log-probabilité de lettre en deçà de laquelle un enchaînement est étranger au français
/// (veto : BTE, FW, SX).
pub const VETO_LETTRES: f64 = -8.0;

/// Ce qui a décidé du jugement.
#[derive(Debug, Clone, PartialEq)]
pub enum Raison {
    /// Le mot est dans la liste apprise : un mot français (lexique libre par défaut ou
    /// lexique en usage), même s'il manque au lexique de la partie (CANCANÉE, absent de
    /// l'ODS).
    Admis,
    /// Le mot contient autre chose que des lettres A à Z.
    HorsAlphabet,
    /// Les mots de deux lettres forment une liste close que les joueurs connaissent
    /// (guide 5.3 : OF, IE, LT, EE ; guide 5.5 : FW, SX).
    DeuxLettres,
    /// Un enchaînement de lettres que le lexique ne connaît pas (BTE).
    Enchainement,
    /// Une flexion d'un mot admis (CANCANÉE, de CANCANER).
    Flexion,
    /// Un préfixe productif devant un mot admis (APARLE).
    Prefixe,
    /// Ni forme régulière, ni préfixe, ni allure française (CANCANEU).
    Aucune,
}

/// Le détail d'un jugement, pour les rapports.
#[derive(Debug, Clone, PartialEq)]
pub struct Analyse {
    pub mot: String,
    pub plausibilite: Plausibilite,
    pub raison: Raison,
    /// Meilleure analyse en radical + terminaison.
    pub suffixe: Option<AnalyseSuffixe>,
    /// Meilleure analyse en préfixe + mot admis.
    pub prefixe: Option<AnalysePrefixe>,
    /// L'enchaînement le moins français du mot (modèle de lettres).
    pub maillon: Option<Maillon>,
}

impl Analyse {
    /// Force de la meilleure analyse morphologique : proportion de flexion ou productivité
    /// du préfixe (la plus grande) ; 1 pour un mot admis, 0 sans analyse.
    pub fn score(&self) -> f64 {
        if self.raison == Raison::Admis {
            return 1.0;
        }
        let s = self.suffixe.as_ref().map_or(0.0, |a| a.proportion);
        let p = self.prefixe.as_ref().map_or(0.0, |a| a.proportion);
        s.max(p)
    }

    /// Explication en français : « CANCANEE : forme régulière de CANCANER (…) ».
    pub fn explication(&self) -> String {
        let m = &self.mot;
        let pc = |x: f64| format!("{} %", crate::nombres::decimal(100.0 * x, 1));
        let t = |x: &str| if x.is_empty() { "rien".to_string() } else { format!("-{x}") };
        let flexion = |a: &AnalyseSuffixe| {
            format!(
                "{} de {} : {} des {} radicaux qui ont les mêmes formes que {}- ont aussi la forme en {}",
                match self.plausibilite {
                    Plausibilite::Plausible => "forme régulière",
                    _ => "forme possible",
                },
                a.base,
                pc(a.proportion),
                a.semblables,
                a.radical,
                t(&a.b)
            )
        };
        match (&self.raison, &self.suffixe, &self.prefixe, &self.maillon) {
            (Raison::Admis, ..) => format!("{m} : mot de la liste française (lexique libre par défaut ou lexique en usage)"),
            (Raison::HorsAlphabet, ..) => format!("{m} : ce n'est pas un mot en lettres A à Z"),
            (Raison::DeuxLettres, ..) => {
                format!("{m} : mot de deux lettres non admis ; la liste des deux-lettres est connue des joueurs")
            }
            (Raison::Enchainement, _, _, Some(l)) => format!(
                "{m} : {} ne se rencontre pas en français (log-probabilité {})",
                ngrammes::decrire_maillon(m.as_bytes(), l),
                crate::nombres::decimal(l.log_proba, 1)
            ),
            (Raison::Flexion, Some(a), _, Some(l)) if l.log_proba < VETO_LETTRES => format!(
                "{m} : {}, mais {} ne se rencontre pas en français",
                flexion(a),
                ngrammes::decrire_maillon(m.as_bytes(), l)
            ),
            (Raison::Flexion, Some(a), ..) => format!("{m} : {}", flexion(a)),
            (Raison::Prefixe, _, Some(p), _) => format!(
                "{m} : préfixe {}- devant {} ({} des mots du lexique acceptent ce préfixe)",
                p.prefixe,
                p.base,
                pc(p.proportion)
            ),
            (_, s, _, _) => match s {
                Some(a) => format!(
                    "{m} : aucune forme régulière (au mieux {}- + {} à la manière de {} : {} des radicaux semblables)",
                    a.radical,
                    t(&a.b),
                    a.base,
                    pc(a.proportion)
                ),
                None => format!("{m} : ni forme d'un mot admis, ni préfixe connu"),
            },
        }
    }
}

/// Le modèle appris sur un lexique : ses mots, sa morphologie, ses enchaînements de lettres.
pub struct ModelePlausibilite {
    mots: fst::Set<Vec<u8>>,
    paradigmes: Paradigmes,
    lettres: ModeleLettres,
}

/// Automate fst : les mots qui commencent par `radical` et ont au plus `max` lettres.
struct Formes<'a> {
    radical: &'a [u8],
    max: usize,
}

impl Automaton for Formes<'_> {
    type State = Option<usize>;
    fn start(&self) -> Option<usize> {
        Some(0)
    }
    fn is_match(&self, e: &Option<usize>) -> bool {
        e.is_some_and(|i| i >= self.radical.len())
    }
    fn can_match(&self, e: &Option<usize>) -> bool {
        e.is_some()
    }
    fn accept(&self, e: &Option<usize>, octet: u8) -> Option<usize> {
        let i = (*e)?;
        if i < self.radical.len() {
            (self.radical[i] == octet).then_some(i + 1)
        } else {
            (i < self.max).then_some(i + 1)
        }
    }
}

impl ModelePlausibilite {
    /// Apprend le modèle sur les mots du lexique.
    pub fn apprendre(lexique: &Lexique) -> Self {
        let mots: Vec<Vec<u8>> = lexique.mots().map(String::into_bytes).collect();
        let paradigmes = Paradigmes::apprendre(&mots, lexique);
        let lettres = ModeleLettres::apprendre(mots.iter().map(Vec::as_slice));
        let mots = fst::Set::from_iter(mots.iter()).expect("mots du lexique triés");
        ModelePlausibilite { mots, paradigmes, lettres }
    }

    /// Le jugement (guide 5.5) sur un mot en lettres A à Z.
    pub fn juger(&self, mot: &str) -> Plausibilite {
        self.analyser(mot).plausibilite
    }

    /// Force de la meilleure analyse morphologique (voir [`Analyse::score`]).
    pub fn score(&self, mot: &str) -> f64 {
        self.analyser(mot).score()
    }

    /// L'explication du jugement, pour les rapports.
    pub fn expliquer(&self, mot: &str) -> String {
        self.analyser(mot).explication()
    }

    /// Les terminaisons (au plus `LONG_TERM` lettres) qui font un mot avec `radical`.
    fn formes(&self, radical: &[u8]) -> Vec<Vec<u8>> {
        let aut = Formes { radical, max: radical.len() + LONG_TERM };
        let mut flux = self.mots.search(aut).into_stream();
        let mut v = Vec::new();
        while let Some(m) = flux.next() {
            v.push(m[radical.len()..].to_vec());
        }
        v
    }

    /// Le jugement et ses raisons.
    pub fn analyser(&self, mot: &str) -> Analyse {
        let texte = mot.trim().to_ascii_uppercase();
        let mut analyse = Analyse {
            mot: texte.clone(),
            plausibilite: Plausibilite::Implausible,
            raison: Raison::HorsAlphabet,
            suffixe: None,
            prefixe: None,
            maillon: None,
        };
        let octets = texte.as_bytes();
        if octets.is_empty() || !octets.iter().all(u8::is_ascii_uppercase) {
            return analyse;
        }
        if octets.len() <= 2 {
            // guide 5.3 (OF, IE, LT, EE), guide 5.5 (FW, SX) : la liste des deux-lettres
            // admis est close et connue des joueurs, même quand la liste apprise en a
            // d'autres.
            analyse.raison = Raison::DeuxLettres;
            return analyse;
        }
        if self.mots.contains(octets) {
            analyse.plausibilite = Plausibilite::Plausible;
            analyse.raison = Raison::Admis;
            return analyse;
        }
        let maillon = self.lettres.maillon_faible(octets);
        analyse.suffixe = self.paradigmes.meilleur_suffixe(octets, |r| self.formes(r));
        analyse.prefixe = self.paradigmes.meilleur_prefixe(octets, |v| self.mots.contains(v));
        let s = analyse.suffixe.as_ref().map_or(0.0, |a| a.proportion);
        let p = analyse.prefixe.as_ref().map_or(0.0, |a| a.proportion);
        let etranger = maillon.log_proba < VETO_LETTRES;
        let (plausibilite, raison) = if s >= SEUIL_PLAUSIBLE {
            // Forme régulière ; un enchaînement étranger la rend seulement douteuse.
            (if etranger { Plausibilite::Douteux } else { Plausibilite::Plausible }, Raison::Flexion)
        } else if etranger {
            (Plausibilite::Implausible, Raison::Enchainement)
        } else if s >= SEUIL_DOUTEUX {
            (Plausibilite::Douteux, Raison::Flexion)
        } else if p >= SEUIL_PREFIXE {
            // guide 5.5 : APARLE, « DEPARLER est un mot valable, ABLOQUER également »
            (Plausibilite::Douteux, Raison::Prefixe)
        } else {
            (Plausibilite::Implausible, Raison::Aucune)
        };
        analyse.maillon = Some(maillon);
        analyse.plausibilite = plausibilite;
        analyse.raison = raison;
        analyse
    }

    /// Mémoire occupée par le modèle, en octets.
    pub fn octets(&self) -> usize {
        self.mots.as_fst().as_bytes().len() + self.paradigmes.octets() + self.lettres.octets()
    }
}
