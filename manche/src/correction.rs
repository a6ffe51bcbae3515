//! Corriger les bulletins d'une manche : la même fonction pour `arbitre grade`, `arbitre
//! corriger` et `arbitre run`. Le contexte de chaque coup (grille, tirage, toutes les
//! solutions) est calculé une fois, en parallèle ; chaque bulletin est corrigé en
//! parallèle, et une panne de la correction d'un bulletin n'emporte pas les autres.

use crate::suivi::Suivi;
use arbitre_engine::arbitrage::{corriger, ecritures_injouables, places_examinees, ContexteCoup, Decision, Edition, PlaceExaminee, SolutionRetenue};
use arbitre_engine::lecture::Lecture;
use arbitre_engine::lexique_partie::LexiquePartie;
use arbitre_engine::partie::Partie;
use arbitre_reports::{BulletinCorrige, ErreurBulletin, GenreErreur};
use rayon::prelude::*;
use std::collections::{BTreeSet, HashMap};

/// Le message d'une correction qui a échoué (erreur interne d'arbitre).
pub const MESSAGE_PANNE: &str = "correction impossible (erreur interne d'arbitre) : à corriger à la main";

/// Les contextes des coups d'une manche.
pub struct Contextes<'a> {
    par_coup: HashMap<u32, ContexteCoup<'a>>,
    pub edition: Edition,
}

impl<'a> Contextes<'a> {
    /// Prépare, en parallèle, le contexte de chacun des coups donnés qui existe dans la
    /// partie.
    pub fn preparer(partie: &Partie, lexique: &'a LexiquePartie<'a>, coups: impl IntoIterator<Item = u32>, edition: Edition, suivi: &dyn Suivi) -> Self {
        let coups: Vec<u32> = coups.into_iter().collect::<BTreeSet<_>>().into_iter().collect();
        suivi.etape("coups", coups.len());
        let par_coup = coups
            .par_iter()
            .filter_map(|&n| {
                let c = ContexteCoup::new(partie, n, lexique).map(|c| (n, c));
                suivi.avance(1);
                c
            })
            .collect();
        suivi.fin();
        Contextes { par_coup, edition }
    }

    pub fn coup(&self, n: u32) -> Option<&ContexteCoup<'a>> {
        self.par_coup.get(&n)
    }

    /// Les solutions que la correction de la lecture examine (page de revue) ; vide si le
    /// coup n'est pas dans la partie ou si l'examen échoue.
    pub fn places(&self, l: &Lecture) -> Vec<PlaceExaminee> {
        let Some(ctx) = self.coup(l.coup) else { return Vec::new() };
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| places_examinees(ctx, l, self.edition))).unwrap_or_default()
    }

    /// Les mots écrits que la correction de la lecture néglige comme injouables
    /// ([`ecritures_injouables`]) ; vide si le coup n'est pas dans la partie ou si l'examen
    /// échoue.
    pub fn injouables(&self, l: &Lecture) -> Vec<String> {
        let Some(ctx) = self.coup(l.coup) else { return Vec::new() };
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| ecritures_injouables(ctx, l, self.edition))).unwrap_or_default()
    }

    /// Les mots (lettres A–Z, sans doublon) des solutions du coup `coup` dont le score est
    /// accepté ; vide si le coup n'est pas dans la partie.
    pub fn mots_aux_scores(&self, coup: u32, accepte: impl Fn(u32) -> bool) -> Vec<String> {
        let Some(ctx) = self.coup(coup) else { return Vec::new() };
        let mots: BTreeSet<String> = ctx.solutions.iter().filter(|s| accepte(s.score)).map(|s| s.mot_texte().to_ascii_uppercase()).collect();
        mots.into_iter().collect()
    }

    /// La prime (règlement 1.2.3 ; 3.8.2 pour les formules à huit et neuf lettres) que
    /// compte la solution retenue `s` d'une décision du coup `coup` : 0 si elle ne pose pas
    /// assez de lettres, ou si elle n'est pas une solution du coup.
    pub fn prime(&self, coup: u32, s: &SolutionRetenue) -> u32 {
        let Some(ctx) = self.coup(coup) else { return 0 };
        ctx.solutions.iter().find(|x| x.mot_texte() == s.mot && x.reference.to_string() == s.reference).map_or(0, |x| ctx.formule.prime(usize::from(x.poses)))
    }

    /// La décision d'une lecture ; `None` si le coup n'est pas dans la partie ;
    /// `Some(Err(()))` si la correction a échoué (panne rattrapée).
    pub fn corriger(&self, l: &Lecture) -> Option<Result<Decision, ()>> {
        let ctx = self.coup(l.coup)?;
        Some(std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| corriger(ctx, l, self.edition))).map_err(|_| ()))
    }
}

impl crate::autre_coup::Correcteur for Contextes<'_> {
    fn decision(&self, l: &Lecture) -> Option<Decision> {
        self.corriger(l).and_then(Result::ok)
    }

    fn places(&self, l: &Lecture) -> Vec<PlaceExaminee> {
        Contextes::places(self, l)
    }
}

/// Les bulletins corrigés d'une manche et ceux qui n'ont pas pu l'être.
#[derive(Debug, Default)]
pub struct Correction {
    pub bulletins: Vec<BulletinCorrige>,
    pub erreurs: Vec<ErreurBulletin>,
}

/// Le lieu d'une lecture (fichier:ligne), pour les messages.
pub fn lieu(l: &Lecture) -> (String, usize) {
    l.source.as_ref().map(|s| (s.fichier.clone(), s.ligne)).unwrap_or_default()
}

/// Corrige des lectures tapées (ou relues) : un coup absent de la partie, un deuxième
/// bulletin pour une même table au même coup sont signalés et non corrigés ; les autres
/// sont corrigés en parallèle.
pub fn corriger_lectures(partie: &Partie, lexique: &LexiquePartie<'_>, lectures: Vec<Lecture>, edition: Edition, nom_partie: &str, suivi: &dyn Suivi) -> Correction {
    let mut erreurs = Vec::new();
    let nb_coups = partie.coups.len() as u32;
    let mut vus: HashMap<(u32, u32), (String, usize)> = HashMap::new();
    let mut gardees = Vec::with_capacity(lectures.len());
    for l in lectures {
        let (fichier, ligne) = lieu(&l);
        let (message, genre) = if l.coup == 0 || l.coup > nb_coups {
            (format!("coup {} absent de la partie {nom_partie} ({nb_coups} coups)", l.coup), GenreErreur::HorsPartie)
        } else if let Some((f, n)) = vus.get(&(l.table, l.coup)) {
            (format!("bulletin en double pour la table {} au coup {} (déjà lu en {f}:{n}) : non corrigé", l.table, l.coup), GenreErreur::Doublon)
        } else {
            vus.insert((l.table, l.coup), (fichier, ligne));
            gardees.push(l);
            continue;
        };
        erreurs.push(ErreurBulletin { fichier, ligne, table: Some(l.table), coup: Some(l.coup), message, genre });
    }
    let contextes = Contextes::preparer(partie, lexique, gardees.iter().map(|l| l.coup), edition, suivi);
    suivi.etape("bulletins", gardees.len());
    let corriges: Vec<Result<BulletinCorrige, ErreurBulletin>> = gardees
        .into_par_iter()
        .map(|l| {
            let r = contextes.corriger(&l);
            suivi.avance(1);
            match r {
                Some(Ok(decision)) => Ok(BulletinCorrige { lecture: l, decision, verification: None }),
                panne => {
                    let (fichier, ligne) = lieu(&l);
                    let (message, genre) = match panne {
                        None => ("coup introuvable dans la partie".to_string(), GenreErreur::HorsPartie),
                        _ => (MESSAGE_PANNE.to_string(), GenreErreur::Interne),
                    };
                    Err(ErreurBulletin { fichier, ligne, table: Some(l.table), coup: Some(l.coup), message, genre })
                }
            }
        })
        .collect();
    suivi.fin();
    let mut c = Correction { bulletins: Vec::new(), erreurs };
    for r in corriges {
        match r {
            Ok(b) => c.bulletins.push(b),
            Err(e) => c.erreurs.push(e),
        }
    }
    c
}
