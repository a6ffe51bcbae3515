//! Le temps passé dans chaque étape de la lecture, additionné sur tous les fils : de quoi
//! dire où va le temps d'`arbitre lire` (`--temps`), et quelle part revient au seul
//! décodage des images.

use arbitre_engine::nombres::{decimal, pourcent};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Les étapes de la lecture d'une image.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Etape {
    Decodage,
    /// Chercher les traînées du scanner, et les effacer ([`crate::trainee`]).
    Trainees,
    Recalage,
    Decoupage,
    Modele,
    Assemblage,
}

impl Etape {
    pub const TOUTES: [Etape; 6] = [Etape::Decodage, Etape::Trainees, Etape::Recalage, Etape::Decoupage, Etape::Modele, Etape::Assemblage];

    pub fn nom(self) -> &'static str {
        match self {
            Etape::Decodage => "décodage",
            Etape::Trainees => "traînées",
            Etape::Recalage => "recalage",
            Etape::Decoupage => "cases et cadres",
            Etape::Modele => "modèle",
            Etape::Assemblage => "assemblage",
        }
    }
}

/// Les durées cumulées de chaque étape (nanosecondes de temps de fil).
#[derive(Debug, Default)]
pub struct Chronos([AtomicU64; 6]);

impl Chronos {
    /// Ajoute à `etape` le temps écoulé depuis `debut`, et rend l'instant présent (début de
    /// l'étape suivante).
    pub fn noter(&self, etape: Etape, debut: Instant) -> Instant {
        let maintenant = Instant::now();
        self.0[etape as usize].fetch_add((maintenant - debut).as_nanos() as u64, Ordering::Relaxed);
        maintenant
    }

    pub fn duree(&self, etape: Etape) -> Duration {
        Duration::from_nanos(self.0[etape as usize].load(Ordering::Relaxed))
    }

    pub fn total(&self) -> Duration {
        Etape::TOUTES.iter().map(|&e| self.duree(e)).sum()
    }

    /// Par étape : millisecondes de fil par image et part du total, en français.
    pub fn texte(&self, images: usize) -> String {
        let total = self.total().as_secs_f64().max(f64::MIN_POSITIVE);
        let n = images.max(1) as f64;
        Etape::TOUTES
            .iter()
            .map(|&e| {
                let d = self.duree(e).as_secs_f64();
                format!("{} {} ms/image ({})", e.nom(), decimal(d * 1000.0 / n, 1), pourcent(d / total, 0))
            })
            .collect::<Vec<_>>()
            .join(", ")
    }
}
