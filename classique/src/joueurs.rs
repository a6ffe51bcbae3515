//! `joueurs.csv` (`nom,cote[,forfait]`), le classement initial (§ 2) et le nombre de
//! matchs (§ 1).

use crate::erreur::{lire_csv, lire_texte, Erreur};
use std::collections::{BTreeSet, HashMap};
use std::path::Path;

/// Un joueur inscrit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Joueur {
    pub nom: String,
    /// Cote PL (ou PL*).
    pub cote: i64,
    /// Les rondes où le joueur est forfait (§ 8 : il n'est pas apparié).
    pub forfaits: BTreeSet<u32>,
}

/// Un participant d'un match : un inscrit (par sa place dans le classement initial, 0 = le
/// premier) ou le joueur fictif X, toujours classé après tous les inscrits (§ 2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Participant {
    Joueur(usize),
    X,
}

/// Le nom réservé au joueur fictif.
pub const NOM_X: &str = "X";

/// Les inscrits, dans l'ordre du classement initial (§ 2).
#[derive(Debug, Clone)]
pub struct Inscrits {
    joueurs: Vec<Joueur>,
    index: HashMap<String, usize>,
}

/// Clé d'ordre alphabétique : lettres sans accent ni casse, puis le nom tel quel.
fn cle_alphabetique(nom: &str) -> (String, String) {
    let plie: String = nom
        .chars()
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'à' | 'â' | 'ä' | 'á' | 'ã' => 'a',
            'ç' => 'c',
            'é' | 'è' | 'ê' | 'ë' => 'e',
            'î' | 'ï' | 'í' | 'ì' => 'i',
            'ô' | 'ö' | 'ó' | 'ò' | 'õ' => 'o',
            'ù' | 'û' | 'ü' | 'ú' => 'u',
            'ÿ' => 'y',
            'ñ' => 'n',
            autre => autre,
        })
        .collect();
    (plie, nom.to_owned())
}

impl Inscrits {
    /// Établit le classement initial (§ 2) : cote décroissante, puis ordre alphabétique
    /// (sans tenir compte des accents ni des majuscules).
    pub fn new(mut joueurs: Vec<Joueur>) -> Self {
        joueurs.sort_by(|a, b| b.cote.cmp(&a.cote).then_with(|| cle_alphabetique(&a.nom).cmp(&cle_alphabetique(&b.nom))));
        let index = joueurs.iter().enumerate().map(|(i, j)| (j.nom.clone(), i)).collect();
        Inscrits { joueurs, index }
    }

    /// Les joueurs dans l'ordre du classement initial.
    pub fn joueurs(&self) -> &[Joueur] {
        &self.joueurs
    }

    pub fn len(&self) -> usize {
        self.joueurs.len()
    }

    pub fn is_empty(&self) -> bool {
        self.joueurs.is_empty()
    }

    /// Le participant qui porte ce nom (`X` : le joueur fictif).
    pub fn chercher(&self, nom: &str) -> Option<Participant> {
        if nom == NOM_X {
            return Some(Participant::X);
        }
        self.index.get(nom).map(|&i| Participant::Joueur(i))
    }

    /// Le nom d'un participant.
    pub fn nom(&self, p: Participant) -> &str {
        match p {
            Participant::Joueur(i) => &self.joueurs[i].nom,
            Participant::X => NOM_X,
        }
    }

    /// Le joueur joue-t-il la ronde (n'y est pas déclaré forfait) ?
    pub fn present(&self, i: usize, ronde: u32) -> bool {
        !self.joueurs[i].forfaits.contains(&ronde)
    }

    /// § 1 : le nombre de matchs selon le nombre d'inscrits (8 à 128).
    pub fn nombre_de_rondes(&self) -> Result<u32, Erreur> {
        nombre_de_rondes(self.len())
    }
}

/// § 1 : 5 matchs de 8 à 32 joueurs, 6 de 33 à 64, 7 de 65 à 128 ; la formule ne prévoit
/// rien en dehors.
pub fn nombre_de_rondes(inscrits: usize) -> Result<u32, Erreur> {
    match inscrits {
        8..=32 => Ok(5),
        33..=64 => Ok(6),
        65..=128 => Ok(7),
        n => Err(Erreur::Tournoi(format!("{n} inscrits : la formule classique prévoit de 8 à 128 joueurs (§ 1)"))),
    }
}

/// Lit `joueurs.csv`.
pub fn lire_joueurs(fichier: &Path) -> Result<Inscrits, Erreur> {
    let texte = lire_texte(fichier)?;
    joueurs_depuis_texte(fichier, &texte)
}

/// Lit le contenu d'un `joueurs.csv` ; `fichier` sert à nommer les erreurs.
pub fn joueurs_depuis_texte(fichier: &Path, texte: &str) -> Result<Inscrits, Erreur> {
    let (_, lignes) = lire_csv(fichier, texte, &["nom", "cote"], &["forfait"])?;
    let mut joueurs = Vec::new();
    let mut vus: HashMap<String, u64> = HashMap::new();
    for (ligne, enr) in &lignes {
        let nom = enr.get(0).unwrap_or_default().to_owned();
        if nom.is_empty() {
            return Err(Erreur::ligne(fichier, *ligne, "nom vide"));
        }
        if nom == NOM_X {
            return Err(Erreur::ligne(fichier, *ligne, "« X » est réservé au joueur fictif (§ 2) : donnez un autre nom à ce joueur"));
        }
        if let Some(avant) = vus.insert(nom.clone(), *ligne) {
            return Err(Erreur::ligne(fichier, *ligne, format!("{nom} est déjà inscrit à la ligne {avant}")));
        }
        let cote_texte = enr.get(1).unwrap_or_default();
        let cote = cote_texte
            .parse::<i64>()
            .map_err(|_| Erreur::ligne(fichier, *ligne, format!("cote « {cote_texte} » de {nom} : un nombre entier est attendu")))?;
        let mut forfaits = BTreeSet::new();
        for r in enr.get(2).unwrap_or_default().split([';', ',', ' ']).map(str::trim).filter(|r| !r.is_empty()) {
            let n = r.parse::<u32>().ok().filter(|&n| n >= 1).ok_or_else(|| {
                Erreur::ligne(fichier, *ligne, format!("forfait « {r} » de {nom} : un numéro de ronde (1, 2…) est attendu, séparés par « ; »"))
            })?;
            forfaits.insert(n);
        }
        joueurs.push(Joueur { nom, cote, forfaits });
    }
    let inscrits = Inscrits::new(joueurs);
    if let Ok(total) = inscrits.nombre_de_rondes() {
        for (ligne, enr) in &lignes {
            let nom = enr.get(0).unwrap_or_default();
            let i = inscrits.index[nom];
            if let Some(&r) = inscrits.joueurs[i].forfaits.iter().find(|&&r| r > total) {
                return Err(Erreur::ligne(fichier, *ligne, format!("forfait de {nom} à la ronde {r} : le tournoi n'a que {total} rondes (§ 1)")));
            }
        }
    }
    Ok(inscrits)
}
