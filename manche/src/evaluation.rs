//! Mesurer les décisions d'un dépouillement contre la vérité terrain d'une manche générée :
//! pour chaque (table, coup) de la vérité (bulletins absents compris), la décision de la
//! lecture vraie, comparée à celle du dépouillement. Une décision automatique fausse est
//! nuisible dans un sens (joueur payé moins que la vérité) ou dans l'autre (payé plus).

use crate::correction::Contextes;
use crate::jugement::DouteDecision;
use arbitre_engine::arbitrage::{paie_moins, Decision};
use arbitre_reports::resultats::decision_absent;
use arbitre_engine::nombres::{decimal, pourcent};
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
    /// Les mêmes comptes selon la décision vraie (valide, avertissement, pénalité, zéro,
    /// absent) : une salle réelle a bien plus de bulletins valides qu'une manche générée,
    /// et la part à vérifier dépend de ce mélange.
    pub par_verite: ParVerites,
    /// La calibration du doute sur la décision, quand il est complet (`--doute-complet`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub calibration_du_doute: Option<CalibrationDoute>,
}

/// Les bulletins d'une même décision vraie.
#[derive(Debug, Default, Clone, Serialize)]
pub struct ParVerite {
    pub bulletins: usize,
    pub automatiques: usize,
    pub automatiques_justes: usize,
    pub a_verifier: usize,
}

/// Les comptes selon la décision vraie, de la plus favorable à la plus sévère, l'absence à
/// part.
#[derive(Debug, Default, Clone, Serialize)]
pub struct ParVerites {
    pub valide: ParVerite,
    pub avertissement: ParVerite,
    pub penalite: ParVerite,
    pub zero: ParVerite,
    pub absent: ParVerite,
}

impl ParVerites {
    fn de(&mut self, vraie: &Decision) -> &mut ParVerite {
        use arbitre_engine::arbitrage::{Motif, Verdict};
        match vraie.verdict {
            Verdict::Valide => &mut self.valide,
            Verdict::Avertissement => &mut self.avertissement,
            Verdict::Penalite => &mut self.penalite,
            Verdict::Zero if vraie.motifs == [Motif::Absent] => &mut self.absent,
            Verdict::Zero => &mut self.zero,
        }
    }

    fn noms(&self) -> [(&'static str, &ParVerite); 5] {
        [("valide", &self.valide), ("avertissement", &self.avertissement), ("pénalité", &self.penalite), ("zéro", &self.zero), ("absent", &self.absent)]
    }
}

/// Le doute de la machine sur la décision, comparé à la vérité, tranche par tranche : ce
/// que la machine dit (la probabilité brute qu'une lecture plausible paie moins, ou plus,
/// que sa décision) et ce qui arrive (la décision de la lecture vraie paie moins, ou plus).
#[derive(Debug, Default, Clone, Serialize)]
pub struct CalibrationDoute {
    /// Sur [`DouteDecision::p_moins`] : la vérité paie moins que la décision.
    pub moins: Vec<Tranche>,
    /// Les mêmes, pour les seules décisions « valide » (une sanction automatique demande de
    /// toute façon une lecture sûre à 97 %, donc des lectures qui paieraient moins sous 3 %).
    pub moins_valides: Vec<Tranche>,
    /// Sur [`DouteDecision::p_faute_courante`] (une pénalité, une autre référence ou un autre
    /// score écrit seul : la part de `p_moins` au seuil plus strict) : la vérité paie moins
    /// que la décision.
    pub fautes_courantes: Vec<Tranche>,
    /// Sur [`DouteDecision::p_plus`] : la vérité paie plus.
    pub plus: Vec<Tranche>,
}

/// Une tranche de probabilité prédite : les bulletins jugés dont la probabilité est dans
/// `[de, a)`, la moyenne prédite et le nombre de fois où l'événement est arrivé.
#[derive(Debug, Clone, Serialize)]
pub struct Tranche {
    pub de: f64,
    pub a: f64,
    pub bulletins: usize,
    pub predit: f64,
    pub observes: usize,
}

/// Les bornes des tranches : fines là où se règlent les seuils.
const BORNES_MOINS: [f64; 10] = [0.0, 0.01, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.7, 1.0];
const BORNES_PLUS: [f64; 7] = [0.0, 1e-4, 0.002, 0.01, 0.05, 0.2, 1.0];

fn tranches(bornes: &[f64], points: &[(f64, bool)]) -> Vec<Tranche> {
    bornes
        .windows(2)
        .enumerate()
        .map(|(i, w)| {
            let derniere = i + 2 == bornes.len();
            let dedans: Vec<&(f64, bool)> = points.iter().filter(|(p, _)| *p >= w[0] && (*p < w[1] || derniere)).collect();
            let n = dedans.len();
            let predit = if n == 0 { 0.0 } else { dedans.iter().map(|(p, _)| p).sum::<f64>() / n as f64 };
            Tranche { de: w[0], a: w[1], bulletins: n, predit, observes: dedans.iter().filter(|(_, e)| *e).count() }
        })
        .collect()
}

impl CalibrationDoute {
    pub fn texte(&self) -> String {
        let lignes = |v: &[Tranche]| -> String {
            v.iter()
                .filter(|t| t.bulletins > 0)
                .map(|t| format!("    [{} ; {}) : {} bulletin(s), prédit {}, observé {} ({})\n", decimal(t.de, 4), decimal(t.a, 4), t.bulletins, pourcent(t.predit, 2), pourcent(t.observes as f64 / t.bulletins as f64, 2), t.observes))
                .collect()
        };
        format!(
            "Calibration du doute sur la décision (bulletins jugés par la machine, probabilités brutes complètes) :\n  lectures qui paieraient moins → la vérité paie moins que la décision :\n{}  … dont décisions « valide » :\n{}  … par une faute courante du joueur (une pénalité, une autre référence ou un autre score écrit) :\n{}  lectures qui paieraient plus → la vérité paie plus que la décision :\n{}",
            lignes(&self.moins),
            lignes(&self.moins_valides),
            lignes(&self.fautes_courantes),
            lignes(&self.plus)
        )
    }
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
        let pc = |n, sur| pourcent(self.part(n, sur), 2);
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
        ) + &self.texte_par_verite()
    }

    /// La part à vérifier selon la décision vraie : une ligne par décision.
    fn texte_par_verite(&self) -> String {
        let lignes: String = self
            .par_verite
            .noms()
            .into_iter()
            .filter(|(_, v)| v.bulletins > 0)
            .map(|(nom, v)| {
                format!(
                    "\n    {} : {} bulletin(s), {} à vérifier ({}), {} automatique(s) dont {} juste(s)",
                    nom,
                    v.bulletins,
                    v.a_verifier,
                    pourcent(self.part(v.a_verifier, v.bulletins), 2),
                    v.automatiques,
                    v.automatiques_justes
                )
            })
            .collect();
        if lignes.is_empty() {
            lignes
        } else {
            format!("\n  selon la décision vraie (une salle réelle a bien plus de bulletins valides qu'une manche générée) :{lignes}")
        }
    }
}

fn resume(d: &Decision) -> String {
    format!("{:?} {}", d.verdict, d.score)
}

/// Compare les bulletins décidés aux lectures vraies (une par (table, coup), absents
/// compris). Une table sans bulletin décidé a zéro (absent), décidé automatiquement sauf
/// si son absence est à vérifier.
///
/// Avec `doutes` (le doute complet de chaque bulletin jugé, `Seuils::complet`), mesure
/// aussi sa calibration.
pub fn mesurer(contextes: &Contextes<'_>, verite: &[Lecture], decides: &[BulletinCorrige], absences: &[AbsenceAVerifier], doutes: Option<&BTreeMap<(u32, u32), DouteDecision>>) -> MesuresDecisions {
    let (mut moins_predits, mut moins_valides, mut fautes_courantes, mut plus_predits) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
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
        let moins = paie_moins((decision.verdict, decision.score), (vraie.verdict, vraie.score));
        if let Some(d) = doutes.and_then(|d| d.get(&cle)) {
            moins_predits.push((d.p_moins, !juste && !moins));
            if decision.verdict == arbitre_engine::arbitrage::Verdict::Valide {
                moins_valides.push((d.p_moins, !juste && !moins));
            }
            fautes_courantes.push((d.p_faute_courante, !juste && !moins));
            plus_predits.push((d.p_plus, moins));
        }
        let par = m.par_verite.de(&vraie);
        par.bulletins += 1;
        if a_verifier {
            par.a_verifier += 1;
            m.a_verifier += 1;
            m.a_verifier_deja_justes += juste as usize;
            continue;
        }
        par.automatiques += 1;
        par.automatiques_justes += juste as usize;
        m.automatiques += 1;
        if juste {
            m.automatiques_justes += 1;
            continue;
        }
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
    if doutes.is_some() {
        m.calibration_du_doute = Some(CalibrationDoute { moins: tranches(&BORNES_MOINS, &moins_predits), moins_valides: tranches(&BORNES_MOINS, &moins_valides), fautes_courantes: tranches(&BORNES_MOINS, &fautes_courantes), plus: tranches(&BORNES_PLUS, &plus_predits) });
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chaque_bulletin_compte_dans_une_tranche_et_une_seule() {
        // La borne haute d'une tranche est exclue, sauf 1 (la dernière la garde).
        let points = [(0.0, false), (0.005, true), (0.01, false), (0.25, false), (0.45, true), (1.0, true)];
        let t = tranches(&BORNES_MOINS, &points);
        assert_eq!(t.iter().map(|t| t.bulletins).sum::<usize>(), points.len());
        assert_eq!((t[0].bulletins, t[0].observes), (2, 1));
        assert!((t[0].predit - 0.0025).abs() < 1e-12);
        assert_eq!((t[1].bulletins, t[1].observes), (1, 0), "0,01 ouvre la deuxième tranche");
        assert_eq!((t[6].de, t[6].bulletins, t[6].observes), (0.4, 1, 1));
        assert_eq!((t.last().unwrap().bulletins, t.last().unwrap().observes), (1, 1), "1 est dans la dernière tranche");
        let valides = tranches(&BORNES_MOINS, &points[3..5]);
        let fautes = tranches(&BORNES_MOINS, &[(0.15, false), (0.12, false)]);
        let texte = CalibrationDoute { moins: t, moins_valides: valides, fautes_courantes: fautes, plus: Vec::new() }.texte();
        assert!(texte.contains("… par une faute courante du joueur (une pénalité, une autre référence ou un autre score écrit) :\n    [0,1000 ; 0,2000) : 2 bulletin(s), prédit 13,50 %, observé 0,00 % (0)\n  lectures qui paieraient plus"), "{texte}");
        assert!(texte.contains("… dont décisions « valide » :\n    [0,2000 ; 0,3000) : 1 bulletin(s), prédit 25,00 %, observé 0,00 % (0)\n    [0,4000 ; 0,5000) : 1 bulletin(s)"), "{texte}");
        assert!(texte.contains("[0,0000 ; 0,0100) : 2 bulletin(s), prédit 0,25 %, observé 50,00 % (1)"), "{texte}");
        assert!(!texte.contains("[0,0500"), "une tranche vide n'est pas écrite : {texte}");
    }
}
