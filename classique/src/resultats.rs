//! `resultats.csv` (`ronde,joueur_1,joueur_2,score_1,score_2`) et l'état du tournoi.

use crate::erreur::{lire_csv, lire_texte, Erreur};
use crate::joueurs::{Inscrits, Participant, NOM_X};
use crate::points::{Match, Score};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::Path;

/// Un tournoi : les inscrits et les matchs des rondes déjà jouées, vérifiés.
#[derive(Debug, Clone)]
pub struct Tournoi {
    inscrits: Inscrits,
    rondes: u32,
    matchs: Vec<Match>,
    jouees: u32,
}

/// Les paires de participants qui se sont déjà rencontrés (un match gagné par forfait compte
/// comme une rencontre : les deux joueurs ont été appariés et le match a été compté).
#[derive(Debug, Clone, Default)]
pub struct Rencontres(HashSet<(Participant, Participant)>);

impl Rencontres {
    pub fn ajouter(&mut self, a: Participant, b: Participant) {
        self.0.insert((a.min(b), a.max(b)));
    }

    pub fn ont_joue(&self, a: Participant, b: Participant) -> bool {
        self.0.contains(&(a.min(b), a.max(b)))
    }
}

fn lire_score(texte: &str) -> Option<Score> {
    if texte.is_empty() {
        Some(Score::Vide)
    } else if texte.eq_ignore_ascii_case("forfait") {
        Some(Score::Forfait)
    } else {
        texte.parse::<u32>().ok().map(Score::Points)
    }
}

impl Tournoi {
    /// Un tournoi avant la première ronde (8 à 128 inscrits, § 1).
    pub fn nouveau(inscrits: Inscrits) -> Result<Self, Erreur> {
        let rondes = inscrits.nombre_de_rondes()?;
        Ok(Tournoi { inscrits, rondes, matchs: Vec::new(), jouees: 0 })
    }

    /// Lit `resultats.csv` et vérifie sa cohérence avec les inscrits.
    pub fn lire(inscrits: Inscrits, fichier: &Path) -> Result<Self, Erreur> {
        let texte = lire_texte(fichier)?;
        Self::depuis_texte(inscrits, fichier, &texte)
    }

    /// Lit le contenu d'un `resultats.csv` ; `fichier` sert à nommer les erreurs.
    pub fn depuis_texte(inscrits: Inscrits, fichier: &Path, texte: &str) -> Result<Self, Erreur> {
        let mut t = Self::nouveau(inscrits)?;
        let (_, lignes) = lire_csv(fichier, texte, &["ronde", "joueur_1", "joueur_2", "score_1", "score_2"], &[])?;
        let mut matchs = Vec::new();
        for (ligne, enr) in &lignes {
            let ronde_texte = enr.get(0).unwrap_or_default();
            let ronde = ronde_texte.parse::<u32>().ok().filter(|&r| r >= 1).ok_or_else(|| {
                Erreur::ligne(fichier, *ligne, format!("ronde « {ronde_texte} » : un numéro de ronde (1, 2…) est attendu"))
            })?;
            let mut joueurs = [Participant::X; 2];
            let mut scores = [Score::Vide; 2];
            for k in 0..2 {
                let nom = enr.get(1 + k).unwrap_or_default();
                joueurs[k] = t.inscrits.chercher(nom).ok_or_else(|| {
                    Erreur::ligne(fichier, *ligne, format!("joueur_{} « {nom} » inconnu : il n'est pas dans la liste des joueurs", k + 1))
                })?;
                let s = enr.get(3 + k).unwrap_or_default();
                scores[k] = lire_score(s).ok_or_else(|| {
                    Erreur::ligne(fichier, *ligne, format!("score_{} « {s} » : un nombre de points, « forfait » ou rien est attendu", k + 1))
                })?;
            }
            matchs.push(Match { ronde, ligne: *ligne, joueurs, scores });
        }
        t.ajouter(fichier, matchs)?;
        Ok(t)
    }

    /// Ajoute des matchs (une ou plusieurs rondes complètes) après les avoir vérifiés :
    /// participants distincts, scores cohérents, personne deux fois dans une ronde, pas de
    /// joueur déclaré forfait, aucune ronde manquante, chaque joueur présent dans chaque ronde.
    pub fn ajouter(&mut self, fichier: &Path, matchs: Vec<Match>) -> Result<(), Erreur> {
        let mut par_ronde: BTreeMap<u32, HashMap<Participant, u64>> = BTreeMap::new();
        for m in &self.matchs {
            par_ronde.entry(m.ronde).or_default().extend(m.joueurs.iter().map(|&p| (p, m.ligne)));
        }
        let deja_jouees = self.jouees;
        for m in &matchs {
            let err = |message: String| Erreur::ligne(fichier, m.ligne, message);
            if let Some(i) = m.joueurs.iter().find_map(|p| match p {
                Participant::Joueur(i) if *i >= self.inscrits.len() => Some(*i),
                _ => None,
            }) {
                return Err(err(format!("joueur n° {} inconnu : il n'y a que {} inscrits", i + 1, self.inscrits.len())));
            }
            let [a, b] = m.joueurs;
            let (na, nb) = (self.inscrits.nom(a), self.inscrits.nom(b));
            if m.ronde <= deja_jouees {
                return Err(err(format!("la ronde {} est déjà enregistrée", m.ronde)));
            }
            if m.ronde > self.rondes {
                return Err(err(format!("ronde {} : le tournoi n'a que {} rondes (§ 1, {} inscrits)", m.ronde, self.rondes, self.inscrits.len())));
            }
            if a == b {
                return Err(err(format!("{na} ne peut pas jouer contre lui-même")));
            }
            for p in &m.joueurs {
                if let Participant::Joueur(i) = *p {
                    if !self.inscrits.present(i, m.ronde) {
                        return Err(err(format!("{} est déclaré forfait à la ronde {} dans la liste des joueurs (§ 8) mais a un résultat", self.inscrits.nom(*p), m.ronde)));
                    }
                }
                if let Some(avant) = par_ronde.entry(m.ronde).or_default().insert(*p, m.ligne) {
                    return Err(err(format!("{} est apparié deux fois à la ronde {} (lignes {avant} et {})", self.inscrits.nom(*p), m.ronde, m.ligne)));
                }
            }
            match (a, b, m.scores) {
                (Participant::X, _, [s, Score::Vide]) | (_, Participant::X, [Score::Vide, s]) if matches!(s, Score::Vide | Score::Forfait) => {}
                (Participant::X, _, _) | (_, Participant::X, _) => {
                    return Err(err(format!("match contre {NOM_X} (joueur fictif) : les cases de score restent vides (victoire comptée comme par forfait)")));
                }
                (_, _, [Score::Forfait, _] | [_, Score::Forfait]) => {}
                (_, _, [Score::Points(_), Score::Points(_)]) => {}
                _ => return Err(err(format!("{na} – {nb} : score manquant (un nombre de points, ou « forfait » pour le joueur forfait)"))),
            }
        }
        // Aucune ronde manquante : 1, 2, …, la dernière.
        let derniere = par_ronde.keys().next_back().copied().unwrap_or(0);
        for r in 1..=derniere {
            if !par_ronde.contains_key(&r) {
                let suite = matchs.iter().find(|m| m.ronde > r).map(|m| format!(" (la ronde {} figure à la ligne {})", m.ronde, m.ligne)).unwrap_or_default();
                return Err(Erreur::fichier(fichier, format!("la ronde {r} manque{suite}")));
            }
        }
        // Chaque joueur présent (non déclaré forfait) a un résultat dans chaque ronde.
        for r in deja_jouees + 1..=derniere {
            let vus = &par_ronde[&r];
            for (i, j) in self.inscrits.joueurs().iter().enumerate() {
                if self.inscrits.present(i, r) && !vus.contains_key(&Participant::Joueur(i)) {
                    return Err(Erreur::fichier(
                        fichier,
                        format!("ronde {r} incomplète : {} n'y a pas de résultat et n'est pas déclaré forfait à cette ronde dans la liste des joueurs (colonne forfait)", j.nom),
                    ));
                }
            }
        }
        self.matchs.extend(matchs);
        self.jouees = derniere.max(deja_jouees);
        Ok(())
    }

    pub fn inscrits(&self) -> &Inscrits {
        &self.inscrits
    }

    /// Le nombre de rondes du tournoi (§ 1).
    pub fn rondes(&self) -> u32 {
        self.rondes
    }

    /// Le nombre de rondes déjà jouées.
    pub fn jouees(&self) -> u32 {
        self.jouees
    }

    /// Les matchs enregistrés, dans l'ordre du fichier.
    pub fn matchs(&self) -> &[Match] {
        &self.matchs
    }

    /// Qui a rencontré qui (X compris) pendant les rondes jouées.
    pub fn rencontres(&self) -> Rencontres {
        let mut r = Rencontres::default();
        for m in &self.matchs {
            r.ajouter(m.joueurs[0], m.joueurs[1]);
        }
        r
    }
}
