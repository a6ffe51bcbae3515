//! Modèle de lettres d'ordre 4 (trois lettres de contexte), lissé par interpolation de
//! Witten-Bell, appris sur les mots du lexique : il dit si un enchaînement de lettres se
//! rencontre en français (guide 5.5 : BTE, FW, SX « ne sont guère plausibles »).
//!
//! Symboles : 0 = début de mot (bourrage), 1..=26 = A..=Z, 27 = fin de mot. Les comptes
//! sont rangés en tableaux denses : 27³ contextes × 28 symboles pour l'ordre 4 (2,2 Mo),
//! ce qui rend l'apprentissage linéaire et sans table de hachage.

/// Longueur du contexte (ordre du modèle − 1).
const CONTEXTE: usize = 3;
/// Symboles de contexte : début de mot + 26 lettres.
const BASE: usize = 27;
/// Symboles prédits, indexés directement (0 inutilisé, 27 = fin de mot).
const SYMBOLES: usize = 28;
const FIN: usize = 27;

/// Comptes d'un ordre : `comptes[ctx * SYMBOLES + s]`, plus total et nombre de symboles
/// distincts par contexte (Witten-Bell).
struct Ordre {
    comptes: Vec<u32>,
    totaux: Vec<u32>,
    distincts: Vec<u32>,
}

impl Ordre {
    fn new(contextes: usize) -> Ordre {
        Ordre { comptes: vec![0; contextes * SYMBOLES], totaux: vec![0; contextes], distincts: vec![0; contextes] }
    }
}

/// Le maillon le plus faible d'un mot : où le modèle le trouve le moins français.
#[derive(Debug, Clone, PartialEq)]
pub struct Maillon {
    /// Position du symbole prédit (0 = première lettre ; `len` = la fin du mot).
    pub position: usize,
    /// Logarithme népérien de sa probabilité.
    pub log_proba: f64,
}

pub(super) struct ModeleLettres {
    /// `ordres[k]` : contextes de `k` symboles.
    ordres: Vec<Ordre>,
}

fn symbole(octet: u8) -> usize {
    (octet - b'A' + 1) as usize
}

/// Index d'un contexte formé des `k` derniers symboles de `fenetre` (qui en a `CONTEXTE`).
fn index(fenetre: &[usize; CONTEXTE], k: usize) -> usize {
    fenetre[CONTEXTE - k..].iter().fold(0, |i, &s| i * BASE + s)
}

impl ModeleLettres {
    /// Compte tous les n-grammes (ordres 1 à 4) des mots, en `A..=Z`.
    pub fn apprendre<'a>(mots: impl Iterator<Item = &'a [u8]>) -> ModeleLettres {
        let mut ordres: Vec<Ordre> = (0..=CONTEXTE).map(|k| Ordre::new(BASE.pow(k as u32))).collect();
        for mot in mots {
            let mut fenetre = [0usize; CONTEXTE];
            for s in mot.iter().map(|&o| symbole(o)).chain(std::iter::once(FIN)) {
                for (k, ordre) in ordres.iter_mut().enumerate() {
                    ordre.comptes[index(&fenetre, k) * SYMBOLES + s] += 1;
                }
                fenetre.rotate_left(1);
                fenetre[CONTEXTE - 1] = s;
            }
        }
        for ordre in &mut ordres {
            for (ctx, ligne) in ordre.comptes.chunks_exact(SYMBOLES).enumerate() {
                ordre.totaux[ctx] = ligne.iter().sum();
                ordre.distincts[ctx] = ligne.iter().filter(|&&c| c > 0).count() as u32;
            }
        }
        ModeleLettres { ordres }
    }

    /// Probabilité interpolée (Witten-Bell) du symbole `s` après `fenetre`.
    fn proba(&self, fenetre: &[usize; CONTEXTE], s: usize) -> f64 {
        let mut p = 1.0 / (SYMBOLES - 1) as f64;
        for (k, ordre) in self.ordres.iter().enumerate() {
            let ctx = index(fenetre, k);
            let total = ordre.totaux[ctx] as f64;
            if total == 0.0 {
                // Contexte jamais vu : on garde l'estimation de l'ordre inférieur.
                continue;
            }
            let distincts = ordre.distincts[ctx] as f64;
            p = (ordre.comptes[ctx * SYMBOLES + s] as f64 + distincts * p) / (total + distincts);
        }
        p
    }

    /// Log-probabilité de chaque lettre du mot puis de la fin de mot.
    pub fn log_probas(&self, mot: &[u8]) -> Vec<f64> {
        let mut fenetre = [0usize; CONTEXTE];
        let mut v = Vec::with_capacity(mot.len() + 1);
        for s in mot.iter().map(|&o| symbole(o)).chain(std::iter::once(FIN)) {
            v.push(self.proba(&fenetre, s).ln());
            fenetre.rotate_left(1);
            fenetre[CONTEXTE - 1] = s;
        }
        v
    }

    /// Le maillon le plus faible du mot.
    pub fn maillon_faible(&self, mot: &[u8]) -> Maillon {
        let (position, log_proba) = self
            .log_probas(mot)
            .into_iter()
            .enumerate()
            .fold((0, f64::INFINITY), |m, (i, lp)| if lp < m.1 { (i, lp) } else { m });
        Maillon { position, log_proba }
    }

    /// Mémoire occupée par les tableaux, en octets.
    pub fn octets(&self) -> usize {
        self.ordres.iter().map(|o| (o.comptes.len() + o.totaux.len() + o.distincts.len()) * 4).sum()
    }
}

/// L'enchaînement fautif autour d'un maillon, en clair : « BT en début de mot ».
pub(super) fn decrire_maillon(mot: &[u8], m: &Maillon) -> String {
    let debut = m.position.saturating_sub(CONTEXTE);
    let fin = (m.position + 1).min(mot.len());
    let lettres = String::from_utf8_lossy(&mot[debut..fin]).into_owned();
    match (debut == 0, m.position == mot.len()) {
        (true, true) => format!("« {lettres} » comme mot entier"),
        (true, false) => format!("« {lettres} » en début de mot"),
        (false, true) => format!("« {lettres} » en fin de mot"),
        (false, false) => format!("« {lettres} »"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn un_enchainement_jamais_vu_est_le_maillon_faible() {
        let mots: Vec<&[u8]> = vec![b"BATEAU", b"BETE", b"TABLE", b"ETABLE", b"BALLE"];
        let m = ModeleLettres::apprendre(mots.into_iter());
        let faible = m.maillon_faible(b"BTE");
        assert_eq!(faible.position, 1, "le T après un B initial");
        assert!(m.maillon_faible(b"BETE").log_proba > faible.log_proba);
        assert_eq!(decrire_maillon(b"BTE", &faible), "« BT » en début de mot");
        let total: f64 = (1..=27).map(|s| m.proba(&[0, 0, 2], s)).sum();
        assert!((total - 1.0).abs() < 1e-9, "les probabilités somment à 1 : {total}");
    }
}
