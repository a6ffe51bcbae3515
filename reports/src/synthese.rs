//! Le bilan de la manche : bulletins corrigés, sanctions par genre et par motif,
//! rectifications, bulletins en commission ; affiché en fin de commande et sur l'index.

use crate::double_arbitrage::Comparaison;
use crate::dossier::Dossier;
use crate::resultats::Resultats;
use arbitre_engine::arbitrage::{Motif, Verdict};
use std::collections::BTreeMap;

/// Les comptes de la manche.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Synthese {
    pub bulletins: usize,
    pub absents: usize,
    pub illisibles: usize,
    pub valides: usize,
    pub avertissements: usize,
    pub penalites: usize,
    pub zeros: usize,
    /// Nombre de bulletins par motif (nom du motif en français).
    pub motifs: BTreeMap<String, usize>,
    pub commission: usize,
    pub rectifications: Option<usize>,
    pub sanctions_ajoutees: usize,
    pub sanctions_supprimees: usize,
    pub scores_modifies: usize,
    pub solos: usize,
    pub moyennes: usize,
    pub billets: usize,
    /// Les erreurs de bulletin par genre (nom du genre).
    pub erreurs: BTreeMap<&'static str, usize>,
    /// Ce qu'une personne doit vérifier ([`crate::alertes`]).
    pub alertes: Vec<String>,
}

/// Le nom français d'un motif (les cases du billet de correction).
pub fn nom_motif(m: &Motif) -> &'static str {
    match m {
        Motif::Score => "score erroné ou manquant",
        Motif::LettresRaccord => "lettres de raccord insuffisantes",
        Motif::Inversion => "référence ou sens inversé",
        Motif::DeuxModes => "deux modes de localisation",
        Motif::Joker { .. } => "joker",
        Motif::LocalisationPenalite => "localisation (−5)",
        Motif::MotNonAdmis { .. } => "mot non admis",
        Motif::MotIncomplet => "mot non écrit en entier",
        Motif::LocalisationZero => "localisation (zéro)",
        Motif::RaccordementFallacieux => "raccordement fallacieux",
        Motif::Vierge => "bulletin vierge",
        Motif::Absent => "bulletin manquant",
        Motif::PlacementImpossible => "placement impossible",
        Motif::Illisible => "mot illisible",
        Motif::ErreurLettre { .. } => "erreur de lettre",
        Motif::ReferenceEtSensInverses { .. } => "référence et sens inversés",
        Motif::PlusieursSolutions => "plusieurs solutions",
        Motif::ErreurGrille => "erreur de grille",
    }
}

impl Synthese {
    pub fn calculer(d: &Dossier, r: &Resultats, c: Option<&Comparaison>, billets: usize) -> Synthese {
        let mut s = Synthese {
            bulletins: d.bulletins.len(),
            absents: r.absents.len(),
            illisibles: d.erreurs.len(),
            billets,
            moyennes: r.moyennes.len(),
            solos: r.solos().len(),
            alertes: crate::alertes::alertes(d),
            ..Default::default()
        };
        for e in &d.erreurs {
            *s.erreurs.entry(e.genre.libelle()).or_default() += 1;
        }
        for b in &d.bulletins {
            let dec = &b.decision;
            match dec.verdict {
                Verdict::Valide => s.valides += 1,
                Verdict::Avertissement => s.avertissements += 1,
                Verdict::Penalite => s.penalites += 1,
                Verdict::Zero => s.zeros += 1,
            }
            s.commission += dec.commission as usize;
            let mut noms: Vec<&str> = dec.motifs.iter().map(nom_motif).collect();
            noms.dedup();
            for n in noms {
                *s.motifs.entry(n.to_string()).or_default() += 1;
            }
        }
        if let Some(c) = c {
            s.rectifications = Some(c.rectifications.len());
            s.sanctions_ajoutees = c.rectifications.iter().filter(|r| r.ajout.is_some()).count();
            s.sanctions_supprimees = c.rectifications.iter().filter(|r| r.suppression.is_some()).count();
            s.scores_modifies = c.rectifications.iter().filter(|r| r.score_modifie).count();
        }
        s
    }

    /// Le bilan en quelques lignes de français.
    pub fn texte(&self) -> String {
        let mut t = format!(
            "{} bulletins corrigés : {} valides, {} avertissements, {} pénalités, {} zéros\n",
            self.bulletins, self.valides, self.avertissements, self.penalites, self.zeros
        );
        if self.absents > 0 {
            t.push_str(&format!("{} bulletins manquants (zéro, motif « absent »)\n", self.absents));
        }
        if self.illisibles > 0 {
            let genres: Vec<String> = self.erreurs.iter().map(|(k, v)| format!("{k} : {v}")).collect();
            t.push_str(&format!(
                "{} bulletins illisibles ou non corrigés ({}) : zéro provisoire, à corriger à la main\n",
                self.illisibles,
                genres.join(", ")
            ));
        }
        for a in &self.alertes {
            t.push_str(&format!("À vérifier : {a}\n"));
        }
        if !self.motifs.is_empty() {
            let m: Vec<String> = self.motifs.iter().map(|(k, v)| format!("{k} {v}")).collect();
            t.push_str(&format!("motifs : {}\n", m.join(", ")));
        }
        t.push_str(&format!("{} bulletins en commission d'arbitrage\n", self.commission));
        match self.rectifications {
            Some(n) => t.push_str(&format!(
                "double arbitrage : {n} rectifications ({} sanctions ajoutées, {} supprimées, {} scores modifiés)\n",
                self.sanctions_ajoutees, self.sanctions_supprimees, self.scores_modifies
            )),
            None => t.push_str("double arbitrage : pas de correction du premier arbitre fournie\n"),
        }
        t.push_str(&format!("{} solos, {} moyennes à confirmer (5.9), {} billets de correction\n", self.solos, self.moyennes, self.billets));
        t
    }
}
