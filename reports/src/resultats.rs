//! Les résultats de la manche : le score de chaque table à chaque coup, les
//! avertissements cumulés sur la partie (5.9), les solos (3.5), les retards (6.2), le
//! total, le pourcentage de la somme des tops et le rang.
//!
//! Rien ne manque en silence : une table sans bulletin à un coup reçoit un zéro au motif
//! « absent » (une [`Decision`] construite ici, avec son billet), un bulletin illisible
//! compte zéro et reste signalé pour être corrigé à la main. En double arbitrage partiel
//! (le premier arbitre couvre toute la manche, seuls quelques bulletins sont relus), un
//! bulletin non relu garde la décision du premier arbitre ([`Origine::NonRevu`]).

use crate::double_arbitrage::CorrectionPremier;
use crate::dossier::{CaseConfirmee, Dossier};
use arbitre_engine::arbitrage::{Decision, Motif, Verdict};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// D'où vient le score d'une case.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Origine {
    /// Un bulletin lu et corrigé.
    Bulletin,
    /// Aucun bulletin pour ce coup : zéro, motif « absent ».
    Absent,
    /// Coup joué avant l'arrivée du joueur : nul (6.2).
    Retard,
    /// Le bulletin n'a pas pu être lu : zéro provisoire, à corriger à la main.
    ErreurLecture,
    /// Double arbitrage partiel : bulletin non relu, la décision du premier arbitre
    /// (`--arbitrage`) est conservée.
    NonRevu,
}

impl Origine {
    /// Un bulletin corrigé, par arbitre ou (non relu) par le premier arbitre : il compte
    /// pour les solos et les moyennes.
    pub fn corrige(self) -> bool {
        matches!(self, Origine::Bulletin | Origine::NonRevu)
    }
}

/// Une table à un coup.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Case {
    pub coup: u32,
    pub origine: Origine,
    pub verdict: Verdict,
    /// Les points comptés.
    pub score: u32,
    /// Le score avant une éventuelle pénalité de 5 points, pour les solos (3.5).
    pub brut: u32,
    /// Le quantième de l'avertissement sur la partie (5.9), s'il y en a un.
    pub avertissement: Option<u32>,
    pub solo: bool,
    /// La moyenne du 5.9, confirmée par l'arbitre, remplace le zéro (`score`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub moyenne: bool,
}

/// Une table sur toute la partie.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LigneTable {
    pub table: u32,
    pub nom: Option<String>,
    pub arrivee: Option<u32>,
    /// Une case par coup de la partie, dans l'ordre.
    pub coups: Vec<Case>,
    pub avertissements: u32,
    /// 5 points par avertissement au-delà des gratuits, retirés en fin de partie (5.9).
    pub penalite_avertissements: u32,
    /// Nombre de pénalités de 5 points (déjà déduites coup par coup).
    pub penalites: u32,
    pub zeros: u32,
    /// Les coups où la table réalise un solo (3.5).
    pub solos: Vec<u32>,
    /// 10 points par solo quand au moins seize joueurs (3.5).
    pub bonification: u32,
    pub total: i64,
    /// Total en pourcentage de la somme des tops.
    pub pourcentage: f64,
    pub rang: u32,
    pub ex_aequo: bool,
}

/// Un zéro pour un mot non admis déjà sanctionné à un coup précédent : la moyenne du 5.9
/// s'applique si le joueur n'avait pas encore été averti. À confirmer par l'arbitre ;
/// non appliquée au total.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Moyenne {
    pub table: u32,
    pub coup: u32,
    /// Les mots non admis déjà sanctionnés.
    pub mots: Vec<String>,
    /// Le coup du premier zéro pour ces mots.
    pub coup_initial: u32,
    /// La moyenne des autres joueurs au coup, arrondie à l'entier inférieur (zéros inclus,
    /// autres cas de moyenne exclus).
    pub moyenne: u32,
    /// Le score proposé par le joueur, que la moyenne ne peut dépasser.
    pub plafond: Option<u32>,
    /// Ce que la règle donnerait : la moyenne, plafonnée.
    pub score_propose: u32,
    /// Confirmée par l'arbitre (`--moyenne TABLE:COUP`) et appliquée au score.
    #[serde(default)]
    pub appliquee: bool,
}

/// Les résultats de la manche.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Resultats {
    pub total_tops: u32,
    /// Le nombre de joueurs retenu pour la bonification de solo.
    pub nombre_joueurs: u32,
    pub bonification_solo: u32,
    pub avertissements_gratuits: u32,
    /// Par rang, puis par table.
    pub tables: Vec<LigneTable>,
    /// Les décisions « absent » construites pour les tables sans bulletin.
    pub absents: Vec<Decision>,
    pub moyennes: Vec<Moyenne>,
}

/// Le score d'une décision avant la pénalité de 5 points (3.5 : les solos se comparent
/// avant pénalité) : le score de la solution qui motive la pénalité.
pub fn score_avant_penalite(d: &Decision) -> u32 {
    match d.verdict {
        Verdict::Penalite => d.solution.as_ref().map(|s| s.score).unwrap_or(d.score + 5),
        _ => d.score,
    }
}

impl Resultats {
    /// Calcule les résultats d'un dossier.
    pub fn calculer(dossier: &Dossier) -> Resultats {
        let tables = dossier.tables();
        let coups: Vec<u32> = dossier.partie.coups.iter().map(|c| c.numero).collect();
        let gratuits = dossier.reglages.avertissements_gratuits();
        let nombre_joueurs = dossier.reglages.nombre_joueurs.unwrap_or(tables.len() as u32);
        // 3.5 : bonification de 10 points si au moins seize joueurs.
        let bonification_solo = if nombre_joueurs >= 16 { 10 } else { 0 };

        let decisions: HashMap<(u32, u32), &Decision> =
            dossier.bulletins.iter().rev().map(|b| ((b.decision.table, b.decision.coup), &b.decision)).collect();
        let erreurs: BTreeSet<(u32, u32)> =
            dossier.erreurs.iter().filter_map(|e| Some((e.table?, e.coup?))).collect();
        // Double arbitrage partiel : ce que le premier arbitre a décidé des bulletins
        // qui n'ont pas été relus.
        let premier: HashMap<(u32, u32), &CorrectionPremier> =
            dossier.premier_arbitre.iter().flatten().map(|p| ((p.table, p.coup), p)).collect();

        let mut absents = Vec::new();
        let mut lignes: Vec<LigneTable> = Vec::new();
        for &table in &tables {
            let joueur = dossier.joueur(table);
            let arrivee = joueur.and_then(|j| j.arrivee);
            let mut n_avert = 0;
            let mut cases = Vec::new();
            for &coup in &coups {
                let case = if arrivee.is_some_and(|a| coup < a) {
                    // 6.2 : les coups joués avant l'arrivée sont nuls.
                    Case { coup, origine: Origine::Retard, verdict: Verdict::Zero, score: 0, brut: 0, avertissement: None, solo: false, moyenne: false }
                } else if let Some(d) = decisions.get(&(table, coup)) {
                    // 5.8 : l'avertissement disciplinaire compte en plus de celui du bulletin.
                    let k = d.avertissements();
                    n_avert += k;
                    let avertissement = (k > 0).then_some(n_avert);
                    Case { coup, origine: Origine::Bulletin, verdict: d.verdict, score: d.score, brut: score_avant_penalite(d), avertissement, solo: false, moyenne: false }
                } else if erreurs.contains(&(table, coup)) {
                    Case { coup, origine: Origine::ErreurLecture, verdict: Verdict::Zero, score: 0, brut: 0, avertissement: None, solo: false, moyenne: false }
                } else if let Some(p) = premier.get(&(table, coup)) {
                    // Non relu : la décision du premier arbitre, comptée comme les autres
                    // (avertissements, solos, rang).
                    let avertissement = (p.sanction == Verdict::Avertissement).then(|| {
                        n_avert += 1;
                        n_avert
                    });
                    // 3.5 : le solo se compare avant la pénalité de 5 points.
                    let brut = if p.sanction == Verdict::Penalite { p.score + 5 } else { p.score };
                    Case { coup, origine: Origine::NonRevu, verdict: p.sanction, score: p.score, brut, avertissement, solo: false, moyenne: false }
                } else {
                    absents.push(decision_absent(table, coup));
                    Case { coup, origine: Origine::Absent, verdict: Verdict::Zero, score: 0, brut: 0, avertissement: None, solo: false, moyenne: false }
                };
                cases.push(case);
            }
            let compte = |v: Verdict| cases.iter().filter(|c| c.origine.corrige() && c.verdict == v).count() as u32;
            lignes.push(LigneTable {
                table,
                nom: joueur.and_then(|j| j.nom.clone()),
                arrivee,
                avertissements: n_avert,
                // 5.9 : au 4e avertissement (6e en blitz ou partie originale) et à chacun
                // des suivants, 5 points retirés en fin de partie.
                penalite_avertissements: 5 * n_avert.saturating_sub(gratuits),
                penalites: compte(Verdict::Penalite),
                zeros: cases.iter().filter(|c| c.verdict == Verdict::Zero).count() as u32,
                coups: cases,
                solos: Vec::new(),
                bonification: 0,
                total: 0,
                pourcentage: 0.0,
                rang: 0,
                ex_aequo: false,
            });
        }

        let mut moyennes = moyennes_5_9(dossier, &lignes);
        appliquer_moyennes(&mut lignes, &mut moyennes, &dossier.reglages.moyennes_confirmees);
        marquer_solos(&mut lignes, coups.len(), bonification_solo);
        let total_tops = dossier.partie.total_tops();
        for l in &mut lignes {
            let somme: i64 = l.coups.iter().map(|c| c.score as i64).sum();
            l.total = somme + l.bonification as i64 - l.penalite_avertissements as i64;
            l.pourcentage = if total_tops == 0 { 0.0 } else { l.total as f64 * 100.0 / total_tops as f64 };
        }
        classer(&mut lignes);
        Resultats { total_tops, nombre_joueurs, bonification_solo, avertissements_gratuits: gratuits, tables: lignes, absents, moyennes }
    }

    /// La ligne d'une table.
    pub fn table(&self, table: u32) -> Option<&LigneTable> {
        self.tables.iter().find(|l| l.table == table)
    }

    /// La case d'une table à un coup.
    pub fn case(&self, table: u32, coup: u32) -> Option<&Case> {
        self.table(table)?.coups.iter().find(|c| c.coup == coup)
    }

    /// Les solos : (coup, table, score avant pénalité), par coup.
    pub fn solos(&self) -> Vec<(u32, u32, u32)> {
        let mut s: Vec<(u32, u32, u32)> =
            self.tables.iter().flat_map(|l| l.coups.iter().filter(|c| c.solo).map(move |c| (c.coup, l.table, c.brut))).collect();
        s.sort();
        s
    }
}

/// La décision pour une table sans bulletin à un coup : zéro, motif « absent » (billet,
/// case 21 « bulletin vierge / manquant »).
pub fn decision_absent(table: u32, coup: u32) -> Decision {
    Decision {
        table,
        coup,
        verdict: Verdict::Zero,
        score: 0,
        score_revendique: None,
        motifs: vec![Motif::Absent],
        commission: false,
        verifier_grille: false,
        solution: None,
    }
}

/// 3.5 : est crédité d'un solo le joueur dont le score au coup dépasse celui de tous les
/// autres joueurs, même sous le top ; les scores se comparent avant pénalité de 5 points.
fn marquer_solos(lignes: &mut [LigneTable], nb_coups: usize, bonification: u32) {
    for i in 0..nb_coups {
        let joueurs = || lignes.iter().filter(|l| l.coups[i].origine.corrige());
        let Some(meilleur) = joueurs().map(|l| l.coups[i].brut).max() else { continue };
        let au_meilleur: Vec<u32> = joueurs().filter(|l| l.coups[i].brut == meilleur).map(|l| l.table).collect();
        if meilleur == 0 || au_meilleur.len() != 1 || joueurs().count() < 2 {
            continue;
        }
        let l = lignes.iter_mut().find(|l| l.table == au_meilleur[0]).expect("table présente");
        l.coups[i].solo = true;
        l.solos.push(l.coups[i].coup);
        l.bonification += bonification;
    }
}

/// 5.9 : la moyenne que l'arbitre confirme remplace le zéro (pas de nouvelle nullité).
fn appliquer_moyennes(lignes: &mut [LigneTable], moyennes: &mut [Moyenne], confirmees: &[CaseConfirmee]) {
    for m in moyennes.iter_mut().filter(|m| confirmees.contains(&CaseConfirmee { table: m.table, coup: m.coup })) {
        let Some(l) = lignes.iter_mut().find(|l| l.table == m.table) else { continue };
        let Some(c) = l.coups.iter_mut().find(|c| c.coup == m.coup) else { continue };
        m.appliquee = true;
        c.moyenne = true;
        c.verdict = Verdict::Valide;
        c.score = m.score_propose;
        c.brut = m.score_propose;
        l.zeros -= 1;
    }
}

/// Le rang : total décroissant ; les ex aequo partagent le rang (1, 2, 2, 4).
fn classer(lignes: &mut [LigneTable]) {
    let totaux: Vec<i64> = lignes.iter().map(|l| l.total).collect();
    for l in lignes.iter_mut() {
        l.rang = 1 + totaux.iter().filter(|&&t| t > l.total).count() as u32;
        l.ex_aequo = totaux.iter().filter(|&&t| t == l.total).count() > 1;
    }
    lignes.sort_by_key(|l| (l.rang, l.table));
}

fn mots_non_admis(d: &Decision) -> Vec<String> {
    d.motifs
        .iter()
        .flat_map(|m| match m {
            Motif::MotNonAdmis { mots } => mots.iter().map(|s| s.to_uppercase()).collect(),
            _ => Vec::new(),
        })
        .collect()
}

/// 5.9 : un mot non admis rejoué (ou reformé en raccord) avant que le joueur ait été
/// averti ne vaut pas un nouveau zéro mais la moyenne des autres joueurs (arrondie à
/// l'entier inférieur, zéros inclus, autres cas de moyenne exclus), sans dépasser la
/// solution proposée, et seulement si le zéro n'a pas d'autre cause. Signalé pour que
/// l'arbitre confirme (lui seul sait quand le billet est parvenu au joueur).
fn moyennes_5_9(dossier: &Dossier, lignes: &[LigneTable]) -> Vec<Moyenne> {
    let mut candidats = Vec::new();
    let mut deja: BTreeMap<u32, BTreeMap<String, u32>> = BTreeMap::new();
    for b in &dossier.bulletins {
        let d = &b.decision;
        let Some(case) = lignes.iter().find(|l| l.table == d.table).and_then(|l| l.coups.iter().find(|c| c.coup == d.coup)) else {
            continue;
        };
        if case.origine != Origine::Bulletin || d.verdict != Verdict::Zero {
            continue;
        }
        let mots = mots_non_admis(d);
        if mots.is_empty() {
            continue;
        }
        let vus = deja.entry(d.table).or_default();
        let repetes: Vec<(String, u32)> = mots.iter().filter_map(|m| vus.get(m).map(|&c| (m.clone(), c))).collect();
        let seul_motif = d.motifs.iter().all(|m| matches!(m, Motif::MotNonAdmis { .. }));
        if !repetes.is_empty() && seul_motif {
            candidats.push((d.table, d.coup, repetes, d.score_revendique));
        }
        for m in mots {
            vus.entry(m).or_insert(d.coup);
        }
    }
    let exclus: BTreeSet<(u32, u32)> = candidats.iter().map(|c| (c.0, c.1)).collect();
    candidats
        .into_iter()
        .map(|(table, coup, repetes, plafond)| {
            let autres: Vec<u32> = lignes
                .iter()
                .filter(|l| l.table != table && !exclus.contains(&(l.table, coup)))
                .filter_map(|l| l.coups.iter().find(|c| c.coup == coup))
                .filter(|c| c.origine.corrige() || c.origine == Origine::Absent)
                .map(|c| c.score)
                .collect();
            let moyenne = if autres.is_empty() { 0 } else { autres.iter().sum::<u32>() / autres.len() as u32 };
            let score_propose = plafond.map_or(moyenne, |p| moyenne.min(p));
            Moyenne {
                table,
                coup,
                mots: repetes.iter().map(|r| r.0.clone()).collect(),
                coup_initial: repetes.iter().map(|r| r.1).min().unwrap_or(coup),
                moyenne,
                plafond,
                score_propose,
                appliquee: false,
            }
        })
        .collect()
}
