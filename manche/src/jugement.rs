//! Juger un bulletin lu sur un scan : la décision de la lecture la plus probable, et la
//! probabilité que ce qui est écrit mène à une autre décision (verdict ou score).
//!
//! Les lectures plausibles (toute combinaison des lectures des cases, de la référence et du
//! score dont la probabilité n'est pas négligeable, `Seuils::negligeable`) sont corrigées de la
//! plus probable à la moins probable, et l'on s'arrête dès que la réponse est acquise :
//! quand la masse qui reste à voir, ajoutée à celle des lectures qui changent la décision,
//! ne peut plus atteindre le seuil (décision automatique), quand il ne reste que des
//! lectures négligeables, ou quand le seuil est franchi et que quelques lectures
//! concurrentes sont trouvées pour la page de revue (à vérifier). Si la borne de
//! `COMBINAISONS_MAX` lectures est atteinte avant, toute la masse non vue compte *contre*
//! la décision automatique : on ne présume jamais qu'une lecture plausible non vue
//! donnerait la même.

use crate::doute::{Enumeration, Seuils, COMBINAISONS_MAX};
use arbitre_engine::arbitrage::Decision;
use arbitre_engine::lecture::Lecture;
use arbitre_pipeline::lecture_scan::LectureScan;
use arbitre_reports::verification::{Doute, LectureConcurrente};

/// Les lectures concurrentes gardées pour la page de revue.
pub const CONCURRENTES_MAX: usize = 4;
/// Une fois le seuil franchi, on corrige encore au plus ce nombre de lectures pour en
/// trouver de concurrentes.
const APRES_SEUIL_MAX: usize = 24;

/// La décision d'un bulletin lu et le doute qui pèse sur elle.
#[derive(Debug, Clone)]
pub struct Jugement {
    /// La lecture la plus probable et sa décision (provisoire si à vérifier).
    pub lecture: Lecture,
    pub decision: Decision,
    /// Probabilité qu'une autre décision soit celle de ce qui est écrit (lectures
    /// négligeables exclues ; masse plausible non vue comprise).
    pub p_autre: f64,
    /// Les lectures plausibles qui mènent à une autre décision, la plus probable d'abord.
    pub concurrentes: Vec<LectureConcurrente>,
    /// Lectures corrigées pour juger.
    pub corrigees: usize,
    seuil: f64,
}

impl Jugement {
    /// La machine doute assez pour qu'une personne regarde.
    pub fn douteux(&self) -> bool {
        self.p_autre >= self.seuil
    }
}

/// Le texte d'une lecture sur une ligne (les lignes du format texte des lectures jointes
/// par « ; »), pour les listes.
pub fn texte_court(l: &Lecture) -> String {
    l.vers_texte().lines().skip(1).collect::<Vec<_>>().join(" ; ")
}

/// Juge un scan attribué à `table` au coup `coup`. `corriger` rend la décision d'une
/// lecture (`None` : la correction a échoué — la lecture compte alors comme concurrente).
pub fn juger(scan: &LectureScan, table: u32, coup: u32, seuils: Seuils, corriger: impl Fn(&Lecture) -> Option<Decision>) -> Option<Jugement> {
    let mut lectures = Enumeration::new(scan, table, coup);
    let premiere = lectures.next()?;
    let decision = corriger(&premiere.lecture)?;
    let cle = (decision.verdict, decision.score);
    let (mut vue, mut autre, mut corrigees, mut apres_seuil) = (premiere.p, 0.0, 1, 0);
    let mut concurrentes = Vec::new();
    // Masse plausible non vue : comptée contre la décision si la borne arrête l'énumération.
    let mut non_vue = 0.0;
    loop {
        let reste = (1.0 - vue).max(0.0);
        if autre + reste < seuils.doute {
            break;
        }
        if corrigees >= COMBINAISONS_MAX {
            non_vue = reste;
            break;
        }
        if autre >= seuils.doute {
            apres_seuil += 1;
            if concurrentes.len() >= CONCURRENTES_MAX || apres_seuil > APRES_SEUIL_MAX {
                break;
            }
        }
        let Some(suivante) = lectures.next() else { break };
        if suivante.p < seuils.negligeable {
            break;
        }
        vue += suivante.p;
        corrigees += 1;
        match corriger(&suivante.lecture) {
            Some(d) if (d.verdict, d.score) == cle => {}
            d => {
                autre += suivante.p;
                if concurrentes.len() < CONCURRENTES_MAX {
                    let (verdict, score) = d.map_or((arbitre_engine::arbitrage::Verdict::Zero, 0), |d| (d.verdict, d.score));
                    concurrentes.push(LectureConcurrente { texte: texte_court(&suivante.lecture), p: suivante.p, verdict, score });
                }
            }
        }
    }
    let p_autre = (autre + non_vue).min(1.0);
    Some(Jugement { lecture: premiere.lecture, decision, p_autre, concurrentes, corrigees, seuil: seuils.doute })
}

/// Une case ou un champ est douteux quand sa lecture la plus probable a moins de cette
/// probabilité (ou qu'un joker ou une croix est incertain).
const CERTAIN: f32 = 0.99;

/// Les cases et champs dont la machine hésite, pour la page de revue.
pub fn doutes(scan: &LectureScan) -> Vec<Doute> {
    let lectures = |alts: &[arbitre_pipeline::lecture_scan::Alternative]| -> Vec<(String, f64)> {
        alts.iter().map(|a| (if a.lecture.is_empty() { "(rien)".to_string() } else { a.lecture.clone() }, a.p as f64)).collect()
    };
    let incertain = |p: f32| p > 1.0 - CERTAIN && p < CERTAIN;
    let mut v = Vec::new();
    for c in &scan.cases {
        let haut = c.alternatives.first().map_or(1.0, |a| a.p);
        if haut < CERTAIN || incertain(c.entouree) || incertain(c.barree) || c.decoupage_douteux {
            let mut l = lectures(&c.alternatives);
            if incertain(c.entouree) {
                l.push(("entourée".into(), c.entouree as f64));
            }
            if incertain(c.barree) {
                l.push(("barrée".into(), c.barree as f64));
            }
            if c.decoupage_douteux {
                l.push(("découpage incertain".into(), 1.0));
            }
            v.push(Doute { element: "case".into(), position: c.position, lectures: l });
        }
    }
    for (nom, champ) in [("table", &scan.table), ("reference", &scan.reference), ("score", &scan.score)] {
        if champ.confiance() < CERTAIN {
            v.push(Doute { element: nom.into(), position: None, lectures: lectures(&champ.alternatives) });
        }
    }
    v
}
