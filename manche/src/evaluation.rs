//! Mesurer les décisions d'un dépouillement contre la vérité terrain d'une manche générée :
//! pour chaque (table, coup) de la vérité (bulletins absents compris), la décision de la
//! lecture vraie, comparée à celle du dépouillement. Une décision automatique fausse est
//! nuisible dans un sens (joueur payé moins que la vérité) ou dans l'autre (payé plus).

use crate::correction::Contextes;
use arbitre_engine::arbitrage::Decision;
use arbitre_reports::resultats::decision_absent;
use arbitre_engine::lecture::Lecture;
use arbitre_reports::verification::AbsenceAVerifier;
use arbitre_reports::BulletinCorrige;
use serde::Serialize;
use std::collections::BTreeMap;

/// Les mesures des décisions.
#[derive(Debug, Default, Clone, Serialize)]
pub struct MesuresDecisions {
    /// (table, coup) de la vérité, absents compris.
    pub bulletins: usize,
    pub automatiques: usize,
    /// Décidés automatiquement avec le verdict et le score de la vérité.
    pub automatiques_justes: usize,
    pub a_verifier: usize,
    /// Parmi les à vérifier, ceux dont la décision provisoire était déjà juste.
    pub a_verifier_deja_justes: usize,
    /// Décisions automatiques fausses qui paient moins que la vérité (score plus bas, ou
    /// même score et sanction plus sévère).
    pub moins_payes: usize,
    /// … qui paient plus.
    pub plus_payes: usize,
    /// Décisions du dépouillement pour un (table, coup) absent de la vérité.
    pub fantomes: usize,
    /// Les erreurs automatiques, pour les examiner : (table, coup, vérité, machine).
    pub exemples: Vec<(u32, u32, String, String)>,
}

impl MesuresDecisions {
    pub fn part(&self, n: usize, sur: usize) -> f64 {
        if sur == 0 {
            0.0
        } else {
            n as f64 / sur as f64
        }
    }

    pub fn texte(&self) -> String {
        let pc = |n, sur| format!("{:.2} %", 100.0 * self.part(n, sur));
        format!(
            "Décisions ({} bulletins de la vérité, absents compris) :\n  décidées automatiquement : {} ({}), justes (verdict et score) : {} ({} des automatiques)\n  à vérifier : {} ({}), dont décision provisoire déjà juste : {}\n  erreurs automatiques nuisibles : {} joueur(s) payé(s) moins que la vérité ({} des bulletins), {} payé(s) plus ({})\n  décisions pour un bulletin inexistant : {}",
            self.bulletins,
            self.automatiques,
            pc(self.automatiques, self.bulletins),
            self.automatiques_justes,
            pc(self.automatiques_justes, self.automatiques),
            self.a_verifier,
            pc(self.a_verifier, self.bulletins),
            self.a_verifier_deja_justes,
            self.moins_payes,
            pc(self.moins_payes, self.bulletins),
            self.plus_payes,
            pc(self.plus_payes, self.bulletins),
            self.fantomes
        )
    }
}

fn resume(d: &Decision) -> String {
    format!("{:?} {}", d.verdict, d.score)
}

/// Compare les bulletins décidés aux lectures vraies (une par (table, coup), absents
/// compris). Une table sans bulletin décidé a zéro (absent), décidé automatiquement sauf
/// si son absence est à vérifier.
pub fn mesurer(contextes: &Contextes<'_>, verite: &[Lecture], decides: &[BulletinCorrige], absences: &[AbsenceAVerifier]) -> MesuresDecisions {
    let absences_douteuses: std::collections::BTreeSet<(u32, u32)> = absences.iter().map(|a| (a.table, a.coup)).collect();
    let mut m = MesuresDecisions::default();
    let machine: BTreeMap<(u32, u32), &BulletinCorrige> = decides.iter().map(|b| ((b.decision.table, b.decision.coup), b)).collect();
    let mut vues = std::collections::BTreeSet::new();
    for l in verite {
        let Some(Ok(vraie)) = contextes.corriger(l) else { continue };
        let cle = (l.table, l.coup);
        vues.insert(cle);
        m.bulletins += 1;
        let (decision, a_verifier) = match machine.get(&cle) {
            Some(b) => (b.decision.clone(), b.verification.as_ref().is_some_and(|v| v.a_verifier)),
            None => (decision_absent(l.table, l.coup), absences_douteuses.contains(&cle)),
        };
        let juste = (decision.verdict, decision.score) == (vraie.verdict, vraie.score);
        if a_verifier {
            m.a_verifier += 1;
            m.a_verifier_deja_justes += juste as usize;
            continue;
        }
        m.automatiques += 1;
        if juste {
            m.automatiques_justes += 1;
            continue;
        }
        let moins = decision.score < vraie.score || (decision.score == vraie.score && decision.verdict > vraie.verdict);
        if moins {
            m.moins_payes += 1;
        } else {
            m.plus_payes += 1;
        }
        if m.exemples.len() < 50 {
            m.exemples.push((l.table, l.coup, resume(&vraie), resume(&decision)));
        }
    }
    m.fantomes = machine.keys().filter(|k| !vues.contains(k)).count();
    m
}
