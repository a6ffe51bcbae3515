//! Classements intermédiaires (§ 5) et final (§ 9) : PM, PPM, Pdep.

use crate::joueurs::Participant;
use crate::resultats::Tournoi;

/// Une ligne de classement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ligne {
    /// Place du joueur dans le classement initial (0 = le premier).
    pub joueur: usize,
    /// Points de match (§ 3).
    pub pm: u32,
    /// Points de départage PPM (§ 4.1) : `None` quand ils ne s'appliquent pas (joueur seul à
    /// son nombre de PM, ou joueurs à égalité qui ne se sont pas tous rencontrés).
    pub ppm: Option<u32>,
    /// Points de départage Pdep (§ 4.2), cumulés sur les rondes.
    pub pdep: i64,
}

impl Ligne {
    /// Ce qui départage au classement final (§ 9) : PM, PPM, Pdep.
    fn cle_finale(&self) -> (u32, Option<u32>, i64) {
        (self.pm, self.ppm, self.pdep)
    }
}

/// Le classement après les rondes jouées, restreint aux joueurs pour lesquels `inclus` est
/// vrai (§ 8 : un joueur forfait à la ronde à apparier est momentanément exclu du classement).
///
/// Ordre (§ 5) : PM décroissants ; à PM égaux, PPM décroissants si tous les joueurs à égalité
/// se sont rencontrés ; puis Pdep décroissants ; puis place dans le classement initial.
///
/// § 4.1 « Les PPM de chaque ronde sont indépendants et ne se cumulent pas » : les PPM sont
/// recalculés à chaque classement, sur les seules rencontres entre les joueurs qui ont alors
/// le même nombre de PM (un joueur ne garde pas les PPM d'un classement précédent). Si deux
/// de ces joueurs se sont rencontrés deux fois, les deux matchs comptent. Un forfait entre
/// eux compte comme en PM (3 au vainqueur, 0 au forfait).
pub fn classement(tournoi: &Tournoi, inclus: impl Fn(usize) -> bool) -> Vec<Ligne> {
    let n = tournoi.inscrits().len();
    let mut pm = vec![0u32; n];
    let mut pdep = vec![0i64; n];
    for m in tournoi.matchs() {
        if let Some(bilans) = m.bilans() {
            for (p, b) in m.joueurs.iter().zip(bilans) {
                if let Participant::Joueur(i) = *p {
                    pm[i] += b.pm;
                    pdep[i] += b.pdep;
                }
            }
        }
    }
    let rencontres = tournoi.rencontres();
    let mut lignes: Vec<Ligne> = (0..n).filter(|&i| inclus(i)).map(|i| Ligne { joueur: i, pm: pm[i], ppm: None, pdep: pdep[i] }).collect();
    // § 4.1 : les PPM de chaque groupe de joueurs à égalité de PM qui se sont tous rencontrés.
    let mut valeurs: Vec<u32> = lignes.iter().map(|l| l.pm).collect();
    valeurs.sort_unstable();
    valeurs.dedup();
    for v in valeurs {
        let groupe: Vec<usize> = lignes.iter().filter(|l| l.pm == v).map(|l| l.joueur).collect();
        if groupe.len() < 2 {
            continue;
        }
        let tous = groupe.iter().enumerate().all(|(k, &a)| {
            groupe[k + 1..].iter().all(|&b| rencontres.ont_joue(Participant::Joueur(a), Participant::Joueur(b)))
        });
        if !tous {
            continue;
        }
        for l in lignes.iter_mut().filter(|l| l.pm == v) {
            let moi = Participant::Joueur(l.joueur);
            let ppm = tournoi
                .matchs()
                .iter()
                .filter(|m| m.adversaire(moi).is_some_and(|a| matches!(a, Participant::Joueur(j) if groupe.contains(&j))))
                .filter_map(|m| m.bilan_de(moi))
                .map(|b| b.pm)
                .sum();
            l.ppm = Some(ppm);
        }
    }
    lignes.sort_by(|a, b| {
        b.pm.cmp(&a.pm).then(b.ppm.cmp(&a.ppm)).then(b.pdep.cmp(&a.pdep)).then(a.joueur.cmp(&b.joueur))
    });
    lignes
}

/// Le classement final (§ 9) de tous les inscrits, avec le rang de chacun : les joueurs qui
/// ont les mêmes PM, PPM et Pdep sont ex æquo et partagent le même rang (1, 2, 2, 4…) ; ils
/// sont listés dans l'ordre du classement initial.
pub fn classement_final(tournoi: &Tournoi) -> Vec<(usize, Ligne)> {
    let lignes = classement(tournoi, |_| true);
    let mut rangs: Vec<(usize, Ligne)> = Vec::with_capacity(lignes.len());
    for (k, l) in lignes.into_iter().enumerate() {
        let rang = match rangs.last() {
            Some((r, avant)) if avant.cle_finale() == l.cle_finale() => *r,
            _ => k + 1,
        };
        rangs.push((rang, l));
    }
    rangs
}
