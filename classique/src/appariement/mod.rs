//! Appariements (§§ 6, 7, 8) : la ronde suivante d'un tournoi.
//!
//! - Plus de 16 inscrits : premier match par groupes A et B (§ 6.1.1), puis par groupes de
//!   points de match (§§ 6.1.2, 6.1.3).
//! - 8 inscrits : les deux premiers matchs du document (§ 6.2.1), puis par groupes de PM.
//! - 9 à 16 inscrits : le document renvoie à des tableaux de Sclassic qu'il ne donne pas ;
//!   arbitre fixe les trois premiers matchs par les tables de Berger ([`tables::berger`]),
//!   puis apparie les deux derniers par groupes de PM (§ 6.2.2).
//!
//! Toujours : seuls les joueurs présents sont appariés (§ 8 : un joueur déclaré forfait à la
//! ronde est exclu du classement, les positions des tables fixes sont celles du classement
//! initial des présents) ; X est ajouté en dernier si leur nombre est impair (§ 2) ; une
//! rencontre déjà jouée est évitée par les permutations du § 7 (tables fixes comprises,
//! utile seulement quand des forfaits ont changé les positions).

pub mod permutations;
pub mod tables;

use crate::classement::classement;
use crate::erreur::Erreur;
use crate::joueurs::Participant;
use crate::resultats::Tournoi;
pub use permutations::Evitement;
use permutations::{par_groupes_avec, par_table, Designation};

/// La règle qui a apparié une ronde.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Regle {
    /// § 6.1.1 : premier match, groupes A et B.
    GroupesAB,
    /// § 6.2.1 : table fixe à huit joueurs.
    HuitJoueurs,
    /// § 6.2.2 : table de Berger (choix d'arbitre, voir [`tables::berger`]).
    Berger,
    /// §§ 6.1.2, 6.1.3 : groupes de points de match.
    GroupesDePoints,
}

/// Un match de la ronde à jouer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    /// Numéro de table, à partir de 1.
    pub numero: usize,
    /// `[mieux placé, moins bien placé]` ; X est toujours le second.
    pub joueurs: [Participant; 2],
    /// L'adversaire que donnait la règle avant la permutation du § 7 (égal à `joueurs[1]`
    /// sans permutation).
    pub naturel: Participant,
    /// Les deux joueurs se sont déjà rencontrés : aucun autre adversaire n'était libre (§ 7).
    pub rematch: bool,
}

/// La ronde à jouer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ronde {
    pub numero: u32,
    pub regle: Regle,
    pub tables: Vec<Table>,
}

/// Combien de rondes sont appariées d'avance selon le nombre d'inscrits (§ 6.2).
pub fn rondes_fixes(inscrits: usize) -> u32 {
    match inscrits {
        8 => 2,
        9..=16 => 3,
        _ => 1,
    }
}

/// Apparie la ronde qui suit les rondes jouées, selon la lettre du document.
pub fn prochaine_ronde(tournoi: &Tournoi) -> Result<Ronde, Erreur> {
    prochaine_ronde_avec(tournoi, Evitement::Paragraphe7)
}

/// Apparie la ronde qui suit les rondes jouées ; `evitement` dit que faire quand le § 7
/// garderait une rencontre déjà jouée.
pub fn prochaine_ronde_avec(tournoi: &Tournoi, evitement: Evitement) -> Result<Ronde, Erreur> {
    let numero = tournoi.jouees() + 1;
    if numero > tournoi.rondes() {
        return Err(Erreur::Tournoi(format!("le tournoi est terminé : ses {} rondes sont jouées (§ 1)", tournoi.rondes())));
    }
    let inscrits = tournoi.inscrits();
    let presents: Vec<usize> = (0..inscrits.len()).filter(|&i| inscrits.present(i, numero)).collect();
    if presents.is_empty() {
        return Err(Erreur::Tournoi(format!("ronde {numero} : tous les joueurs sont déclarés forfait")));
    }
    let rencontres = tournoi.rencontres();
    let table_fixe = if numero <= rondes_fixes(inscrits.len()) {
        let m = presents.len() + presents.len() % 2;
        match inscrits.len() {
            8 if m == 8 => tables::huit_joueurs(numero).map(|t| (Regle::HuitJoueurs, t)),
            8..=16 => tables::berger(m, numero).map(|t| (Regle::Berger, t)),
            _ => Some((Regle::GroupesAB, tables::groupes_a_b(m))),
        }
    } else {
        None
    };
    let (regle, ordre, designations, table) = match table_fixe {
        Some((regle, table)) => {
            // Positions : classement initial des présents (§ 2, § 8), X en dernier.
            let mut ordre: Vec<Participant> = presents.iter().map(|&i| Participant::Joueur(i)).collect();
            if ordre.len() % 2 == 1 {
                ordre.push(Participant::X);
            }
            let d = par_table(ordre.len(), &table, &|a, b| rencontres.ont_joue(ordre[a], ordre[b]), evitement);
            (regle, ordre, d, Some(table))
        }
        None => {
            // Classement intermédiaire des présents (§ 5, § 8), X en dernier (§ 2).
            let lignes = classement(tournoi, |i| inscrits.present(i, numero));
            let mut ordre: Vec<Participant> = lignes.iter().map(|l| Participant::Joueur(l.joueur)).collect();
            let mut pm: Vec<Option<u32>> = lignes.iter().map(|l| Some(l.pm)).collect();
            if ordre.len() % 2 == 1 {
                ordre.push(Participant::X);
                pm.push(None);
            }
            let d = par_groupes_avec(&pm, &|a, b| rencontres.ont_joue(ordre[a], ordre[b]), true, evitement);
            (Regle::GroupesDePoints, ordre, d, None)
        }
    };
    Ok(Ronde { numero, regle, tables: en_tables(&ordre, designations, table.as_deref()) })
}

/// Numérote les tables : dans l'ordre de la table fixe (celle où figure le premier joueur du
/// match), sinon dans l'ordre des désignations (du haut du classement vers le bas).
fn en_tables(ordre: &[Participant], mut designations: Vec<Designation>, table: Option<&[(usize, usize)]>) -> Vec<Table> {
    if let Some(table) = table {
        let rang = |a: usize| table.iter().position(|&(x, y)| x == a + 1 || y == a + 1).unwrap_or(usize::MAX);
        designations.sort_by_key(|d| (rang(d.a), d.a));
    }
    designations
        .into_iter()
        .enumerate()
        .map(|(k, d)| Table { numero: k + 1, joueurs: [ordre[d.a], ordre[d.b]], naturel: ordre[d.naturel], rematch: d.rematch })
        .collect()
}
