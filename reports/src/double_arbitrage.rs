//! Le double arbitrage : la correction du premier arbitre, comparée bulletin par
//! bulletin à celle d'arbitre ; chaque différence est une rectification (sanction
//! ajoutée, sanction supprimée — *SUP* —, score modifié), que le double arbitre transmet
//! par billet de correction (règlement 5.9) et porte sur la feuille de suivi (guide 3).
//!
//! Le fichier du premier arbitre (`--arbitrage`) est un CSV `table,coup,score[,sanction]`,
//! en-tête facultatif (premier champ `table`). La sanction : vide ou `valide`,
//! `avertissement` (`A`), `penalite` (`pénalité`, `P`), `zero` (`zéro`, `Z`), sans
//! distinction de casse.

use crate::accords::accorde;
use crate::joueurs::{lire_les_lignes, nombre};
use crate::resultats::{Origine, Resultats};
use crate::Erreur;
use arbitre_engine::texte::extrait;
use arbitre_engine::arbitrage::Verdict;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// Une ligne de la correction du premier arbitre.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CorrectionPremier {
    pub table: u32,
    pub coup: u32,
    pub score: u32,
    pub sanction: Verdict,
    /// La ligne du fichier.
    pub ligne: usize,
}

/// Une différence entre le premier arbitre et arbitre.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rectification {
    pub table: u32,
    pub coup: u32,
    pub score_premier: u32,
    pub sanction_premier: Verdict,
    pub score: u32,
    pub sanction: Verdict,
    /// La sanction ajoutée par le double arbitre.
    pub ajout: Option<Verdict>,
    /// La sanction supprimée (*SUP*).
    pub suppression: Option<Verdict>,
    pub score_modifie: bool,
}

/// Le résultat de la comparaison.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Comparaison {
    pub rectifications: Vec<Rectification>,
    /// Les cases (table, coup) corrigées par arbitre sans ligne du premier arbitre.
    pub non_pointes: Vec<(u32, u32)>,
    /// Les lignes du premier arbitre pour un coup qui n'est pas dans la partie.
    pub hors_partie: Vec<CorrectionPremier>,
}

impl Rectification {
    pub fn libelle(&self) -> String {
        let mut parts = Vec::new();
        if let Some(v) = self.suppression {
            parts.push(format!("{} {} (SUP)", nom_verdict(v), accorde(v, "supprimé")));
        }
        if let Some(v) = self.ajout {
            parts.push(format!("{} {}", nom_verdict(v), accorde(v, "ajouté")));
        }
        if self.score_modifie {
            parts.push(format!("score {} → {}", self.score_premier, self.score));
        }
        parts.join(" ; ")
    }
}

/// Le nom d'une sanction en français.
pub fn nom_verdict(v: Verdict) -> &'static str {
    match v {
        Verdict::Valide => "valide",
        Verdict::Avertissement => "avertissement",
        Verdict::Penalite => "pénalité",
        Verdict::Zero => "zéro",
    }
}

fn lire_sanction(s: &str) -> Option<Verdict> {
    match s.trim().to_lowercase().as_str() {
        "" | "valide" | "v" => Some(Verdict::Valide),
        "avertissement" | "a" => Some(Verdict::Avertissement),
        "penalite" | "pénalité" | "p" => Some(Verdict::Penalite),
        "zero" | "zéro" | "z" => Some(Verdict::Zero),
        _ => None,
    }
}

/// Lit la correction du premier arbitre. Chaque ligne fautive est nommée (toutes à la fois).
pub fn lire_premier_arbitre(fichier: &str, texte: &str) -> Result<Vec<CorrectionPremier>, Erreur> {
    lire_les_lignes(fichier, texte, |ligne, champs, lues: &[CorrectionPremier]| {
        if !(3..=4).contains(&champs.len()) {
            return Err(format!("{} champs, attendu table,coup,score[,sanction]", champs.len()));
        }
        let table = nombre(&champs[0], "table")?;
        let coup = nombre(&champs[1], "coup")?;
        let score = champs[2].trim().parse::<u32>().map_err(|_| format!("score invalide « {} »", extrait(&champs[2])))?;
        let brute = champs.get(3).map(String::as_str).unwrap_or("");
        let sanction = lire_sanction(brute).ok_or_else(|| format!("sanction « {} » inconnue : valide, avertissement, penalite ou zero", extrait(brute)))?;
        if let Some(autre) = lues.iter().find(|c| c.table == table && c.coup == coup) {
            return Err(format!("table {table} coup {coup} déjà donnée ligne {}", autre.ligne));
        }
        Ok(CorrectionPremier { table, coup, score, sanction, ligne })
    })
}

/// Compare la correction du premier arbitre à celle d'arbitre (les cases des résultats,
/// absences comprises).
pub fn comparer(premier: &[CorrectionPremier], resultats: &Resultats) -> Comparaison {
    let mut c = Comparaison::default();
    let mut vus = BTreeSet::new();
    for p in premier {
        let Some(case) = resultats.case(p.table, p.coup) else {
            c.hors_partie.push(p.clone());
            continue;
        };
        vus.insert((p.table, p.coup));
        let (ajout, suppression) = if p.sanction == case.verdict {
            (None, None)
        } else {
            (
                (case.verdict != Verdict::Valide).then_some(case.verdict),
                (p.sanction != Verdict::Valide).then_some(p.sanction),
            )
        };
        let score_modifie = p.score != case.score;
        if ajout.is_some() || suppression.is_some() || score_modifie {
            c.rectifications.push(Rectification {
                table: p.table,
                coup: p.coup,
                score_premier: p.score,
                sanction_premier: p.sanction,
                score: case.score,
                sanction: case.verdict,
                ajout,
                suppression,
                score_modifie,
            });
        }
    }
    for l in &resultats.tables {
        for case in &l.coups {
            if matches!(case.origine, Origine::Bulletin | Origine::Absent) && !vus.contains(&(l.table, case.coup)) {
                c.non_pointes.push((l.table, case.coup));
            }
        }
    }
    c.rectifications.sort_by_key(|r| (r.coup, r.table));
    c.non_pointes.sort_by_key(|&(t, k)| (k, t));
    c
}

/// Les rectifications en CSV (`rectifications.csv`).
pub fn rectifications_csv(c: &Comparaison) -> String {
    let mut w = crate::tableur::ecrivain();
    let _ = w.write_record(["Table", "Coup", "Score premier arbitre", "Sanction premier arbitre", "Score retenu", "Sanction retenue", "Rectification"]);
    for r in &c.rectifications {
        let _ = w.write_record([
            r.table.to_string(),
            r.coup.to_string(),
            r.score_premier.to_string(),
            nom_verdict(r.sanction_premier).to_string(),
            r.score.to_string(),
            nom_verdict(r.sanction).to_string(),
            r.libelle(),
        ]);
    }
    crate::tableur::texte(w)
}

/// Pour chaque bulletin (table, coup) : la décision retenue (bulletins lus, le premier lu en
/// cas de doublon, puis les absents) et la rectification du double arbitrage, s'il y en a.
#[allow(clippy::type_complexity)]
pub fn par_bulletin<'a>(
    dossier: &'a crate::dossier::Dossier,
    resultats: &'a crate::resultats::Resultats,
    comparaison: Option<&'a Comparaison>,
) -> (
    std::collections::HashMap<(u32, u32), &'a arbitre_engine::arbitrage::Decision>,
    std::collections::HashMap<(u32, u32), &'a Rectification>,
) {
    let mut decisions: std::collections::HashMap<(u32, u32), &arbitre_engine::arbitrage::Decision> =
        dossier.bulletins.iter().rev().map(|b| ((b.decision.table, b.decision.coup), &b.decision)).collect();
    decisions.extend(resultats.absents.iter().map(|d| ((d.table, d.coup), d)));
    let rectifs = comparaison.map(|c| c.rectifications.iter().map(|r| ((r.table, r.coup), r)).collect()).unwrap_or_default();
    (decisions, rectifs)
}
