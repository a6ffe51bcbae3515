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

use crate::en_ligne::Ligne;
use crate::doute::{Enumeration, Seuils, COMBINAISONS_MAX};
use arbitre_engine::arbitrage::{blocs_ecrits, Decision, Motif, Verdict};
use arbitre_engine::lecture::{Cellule, Contenu, Lecture};
use arbitre_pipeline::lecture_scan::LectureScan;
use arbitre_reports::verification::LectureConcurrente;
use std::collections::HashMap;

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
    /// … une décision qui paierait davantage le joueur (masse non vue comprise).
    pub p_plus: f64,
    /// … une décision qui le paierait moins (masse non vue comprise).
    pub p_moins: f64,
    /// … une faute courante du joueur qui le paierait moins (une pénalité, une autre
    /// référence écrite, ou un autre score écrit ; masse non vue comprise) : une part de
    /// `p_moins`, au seuil plus strict [`crate::doute::SEUIL_DOUTE_FAUTE_COURANTE`].
    pub p_faute_courante: f64,
    /// … une autre référence écrite (seule ou non) qui le paierait moins (masse non vue
    /// comprise) : une part de `p_moins`, pour [`crate::reference_mal_decoupee`].
    pub p_moins_autre_reference: f64,
    /// Probabilité de la lecture la plus probable elle-même.
    pub p_lecture: f64,
    /// Les lectures plausibles qui mènent à une autre décision, la plus probable d'abord.
    pub concurrentes: Vec<LectureConcurrente>,
    /// Lectures corrigées pour juger.
    pub corrigees: usize,
    seuils: Seuils,
}

/// Le doute de la machine sur la décision d'un bulletin jugé à (`table`, `coup`) : les
/// probabilités brutes [`Jugement::p_plus`], [`Jugement::p_moins`] et
/// [`Jugement::p_faute_courante`], pour mesurer leur calibration contre la vérité d'une
/// manche générée (`evaluation`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DouteDecision {
    pub table: u32,
    pub coup: u32,
    pub p_plus: f64,
    pub p_moins: f64,
    pub p_faute_courante: f64,
}

impl Jugement {
    /// La machine doute assez pour qu'une personne regarde : une lecture plausible paierait
    /// davantage le joueur (seuil strict), ou une autre décision est trop probable.
    pub fn douteux(&self) -> bool {
        self.p_plus >= self.seuils.favorable || self.moins_que_la_decision() || self.sanction_incertaine()
    }

    /// Les lectures qui paieraient moins le joueur pèsent trop : toutes, ou ses fautes
    /// courantes seules (une pénalité, localisation erronée ; un autre score écrit).
    pub fn moins_que_la_decision(&self) -> bool {
        self.p_moins >= self.seuils.doute || self.p_faute_courante >= self.seuils.faute_courante
    }

    /// Une sanction décidée sur une lecture dont la machine n'est pas sûre.
    pub fn sanction_incertaine(&self) -> bool {
        self.decision.verdict != arbitre_engine::arbitrage::Verdict::Valide && self.p_lecture < self.seuils.sanction
    }
}

/// `autre` ne diffère de `l` que par le score écrit.
fn score_seul(l: &Lecture, autre: &Lecture) -> bool {
    l.score != autre.score && Lecture { score: l.score.clone(), ..autre.clone() } == *l
}

/// `autre` ne diffère de `l` que par la référence écrite.
fn reference_seule(l: &Lecture, autre: &Lecture) -> bool {
    l.reference != autre.reference && Lecture { reference: l.reference.clone(), ..autre.clone() } == *l
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
    let (mut vue, mut plus, mut moins, mut faute_courante, mut corrigees, mut apres_seuil) = (premiere.p, 0.0, 0.0, 0.0, 1, 0);
    let mut moins_autre_reference = 0.0;
    let paie_plus = |issue: (arbitre_engine::arbitrage::Verdict, u32)| arbitre_engine::arbitrage::paie_moins(cle, issue);
    let mut concurrentes: Vec<LectureConcurrente> = Vec::new();
    let mut deja: HashMap<String, Option<(arbitre_engine::arbitrage::Verdict, u32)>> = HashMap::from([(texte_court(&premiere.lecture), Some(cle))]);
    // Masse plausible non vue : comptée contre la décision si la borne arrête l'énumération.
    let (mut non_vue, mut enumerees) = (0.0, 0);
    loop {
        let reste = (1.0 - vue).max(0.0);
        if !seuils.complet && plus + reste < seuils.favorable && moins + reste < seuils.doute && faute_courante + reste < seuils.faute_courante {
            break;
        }
        enumerees += 1;
        if corrigees >= COMBINAISONS_MAX || enumerees > 4 * COMBINAISONS_MAX {
            non_vue = reste;
            break;
        }
        if !seuils.complet && (plus >= seuils.favorable || moins >= seuils.doute || faute_courante >= seuils.faute_courante) {
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
        // Deux combinaisons peuvent donner la même lecture (une case vide ou raturée, hors
        // lecture) : corrigée une fois, sa probabilité additionnée.
        let texte = texte_court(&suivante.lecture);
        let issue = match deja.get(&texte) {
            Some(&issue) => issue,
            None => {
                corrigees += 1;
                let issue = corriger(&suivante.lecture).map(|d| (d.verdict, d.score));
                deja.insert(texte.clone(), issue);
                issue
            }
        };
        if issue == Some(cle) {
            continue;
        }
        let (verdict, score) = issue.unwrap_or((arbitre_engine::arbitrage::Verdict::Zero, 0));
        // Une correction en panne compte comme une lecture qui paierait davantage : une
        // personne regardera.
        if issue.is_none() || paie_plus((verdict, score)) {
            plus += suivante.p;
        } else {
            moins += suivante.p;
            if suivante.lecture.reference != premiere.lecture.reference {
                moins_autre_reference += suivante.p;
            }
            // Une faute courante du joueur : une pénalité (une référence décalée, 5.3.3), une
            // autre référence écrite (inversée : avertissement, guide 5.1.2), ou un autre score
            // écrit (un score mal compté : avertissement, 5.3.2).
            if verdict == arbitre_engine::arbitrage::Verdict::Penalite || score_seul(&premiere.lecture, &suivante.lecture) || reference_seule(&premiere.lecture, &suivante.lecture) {
                faute_courante += suivante.p;
            }
        }
        match concurrentes.iter().position(|c| c.texte == texte) {
            Some(i) => concurrentes[i].p += suivante.p,
            None if concurrentes.len() < CONCURRENTES_MAX => concurrentes.push(LectureConcurrente { texte, p: suivante.p, verdict, score }),
            None => {}
        }
    }
    let (p_plus, p_moins, p_faute_courante) = ((plus + non_vue).min(1.0), (moins + non_vue).min(1.0), (faute_courante + non_vue).min(1.0));
    let p_moins_autre_reference = (moins_autre_reference + non_vue).min(1.0);
    let p_autre = (plus + moins + non_vue).min(1.0);
    Some(Jugement { lecture: premiere.lecture, decision, p_autre, p_plus, p_moins, p_faute_courante, p_moins_autre_reference, p_lecture: premiere.p, concurrentes, corrigees, seuils })
}

/// Les cases vides prises entre deux cases écrites d'une lecture écrite sur une seule
/// ligne (une rangée, ou une colonne ; position dans la lecture, à partir de 0). Un mot écrit
/// en ligne n'a pas de trou (aucun sur les 2 080 bulletins en ligne des manches générées de
/// validation et d'évaluation) : un trou y dit qu'une lettre fine ou pâle a peut-être
/// échappé à la détection de l'encre, qui précède le modèle et ne donne pas de
/// probabilité — la machine n'en sait rien, une personne doit voir la case (validation,
/// 25/11/2026 : VINAI lu V·NAI, le I manqué, un zéro automatique au lieu d'un
/// avertissement). Une lecture sur plusieurs rangées et colonnes (un mot et ses lettres de
/// raccord dessinés autour) a des cases vides légitimes : elle n'est pas regardée ici.
pub fn trous(l: &Lecture) -> Vec<(usize, usize)> {
    let Some(ligne) = Ligne::de(l) else { return Vec::new() };
    let cases = ligne.cases(l);
    let ecrite = |c: &Option<&Cellule>| c.is_some_and(|c| c.contenu != Contenu::Vide || c.barree);
    let (Some(debut), Some(fin)) = (cases.iter().position(ecrite), cases.iter().rposition(ecrite)) else { return Vec::new() };
    (debut..=fin).filter(|&k| !ecrite(&cases[k])).map(|k| ligne.position(k)).collect()
}

/// Les écritures à part d'une lecture : les blocs d'au moins deux lettres écrites (ceux du
/// moteur, règlement 5.4.2.b), par leur première rangée (à partir de 0), dans l'ordre de
/// lecture.
pub fn ecritures_a_part(l: &Lecture) -> Vec<usize> {
    blocs_ecrits(l).into_iter().filter(|&(_, n)| n >= 2).map(|(rangee, _)| rangee).collect()
}

/// Pourquoi une décision qui paie le joueur laisse de côté une écriture, s'il y en a une.
/// Deux solutions écrites paient le minimum (règlement 5.4.2.b, guide 5.6) ; un mot que la
/// lecture rend injouable n'est pas un mot joué et se néglige (règlement 5.2.1). Une seule
/// lettre lue de travers fait donc d'une seconde solution une écriture négligée, et le
/// joueur est payé plus que le minimum sans que le doute de la machine le voie :
/// - écrite à part (manche `2_ai` graine 131 : CURE dessiné avec ses raccords, son R lu K
///   sûrement ; REVUE payé 30 au lieu du minimum, 14 averti) ;
/// - ou dans le même dessin que la solution payée (`injouables` : ses mots que la correction
///   néglige, ni admis ni formés avec le tirage, [`arbitre_engine::arbitrage::ecritures_injouables`] ;
///   manche `2_ai` graine 1131 : JASERAN en colonne, JALES en rangée sous ses lettres de
///   raccord ; le N débordant coupé en A et I, le I touchant le J de JALES : un seul dessin,
///   JASERAA négligé, JALES payé 49 au lieu du minimum, 30 averti).
///
/// Un zéro n'est pas regardé ici : il repose déjà sur une lecture sûre et le garde-fou des
/// sanctions. `injouables` n'est demandé que pour une décision qui paie une seule solution.
pub fn ecriture_negligee(l: &Lecture, d: &Decision, injouables: impl FnOnce() -> Vec<String>) -> Option<String> {
    if d.verdict == Verdict::Zero || d.motifs.contains(&Motif::PlusieursSolutions) {
        return None;
    }
    let groupes = ecritures_a_part(l);
    if groupes.len() >= 2 {
        let rangees = groupes.iter().map(|r| (r + 1).to_string()).collect::<Vec<_>>().join(", ");
        return Some(format!("{} écritures à part (commençant aux rangées {rangees}), une seule solution comptée : une écriture mal lue est peut-être une seconde solution, qui serait payée au minimum (guide 5.6)", groupes.len()));
    }
    let mots = injouables();
    if mots.is_empty() {
        return None;
    }
    let mots = mots.iter().map(|m| format!("« {m} »")).collect::<Vec<_>>().join(", ");
    Some(format!("{mots} écrit sans être joué (ni admis ni formé avec le tirage, négligé : règlement 5.2.1), une seule solution comptée : mal lu, ce serait peut-être une seconde solution, payée au minimum (guide 5.6)"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbitre_engine::arbitrage::Verdict;
    use arbitre_pipeline::lecture_scan::{Alternative, CaseLue, ChampLu};

    /// Un scan d'une rangée de cases, chaque case avec ses lectures.
    fn scan(cases: &[&[(&str, f32)]]) -> LectureScan {
        LectureScan {
            image: "coup-01/scan-001.jpg".into(),
            page: None,
            bulletin: None,
            coup: Some(1),
            lecture: None,
            cases: cases
                .iter()
                .enumerate()
                .map(|(j, alts)| CaseLue {
                    zone: [7, j as u32],
                    position: Some([0, j as u32]),
                    alternatives: alts.iter().map(|&(l, p)| Alternative { lecture: l.into(), p }).collect(),
                    entouree: 0.0,
                    barree: 0.0,
                    decoupage_douteux: false,
                })
                .collect(),
            table: ChampLu::default(),
            reference: ChampLu::default(),
            score: ChampLu::default(),
            cases_pales: Vec::new(),
            cadres_pales: Vec::new(),
            trainees: None,
            recalage: None,
            rejet: None,
        }
    }

    /// Le moteur pour l'essai : OUI vaut 10 points, tout autre mot zéro.
    fn corriger(l: &Lecture) -> Option<Decision> {
        let mut d = arbitre_reports::resultats::decision_absent(l.table, l.coup);
        if texte_court(l) == "|OUI" {
            d.verdict = Verdict::Valide;
            d.score = 10;
        }
        Some(d)
    }

    #[test]
    fn une_lecture_sure_est_decidee_automatiquement() {
        let s = scan(&[&[("O", 0.9999)], &[("U", 0.9999)], &[("I", 0.9999)]]);
        let j = juger(&s, 3, 1, Seuils::default(), corriger).unwrap();
        assert_eq!((j.decision.verdict, j.decision.score), (Verdict::Valide, 10));
        assert!(!j.douteux(), "{j:?}");
    }

    #[test]
    fn une_lecture_plausible_qui_paierait_davantage_envoie_le_bulletin_a_une_personne() {
        // La machine lit plutôt OVI (zéro) ; OUI, à 10 %, paierait 10 points : jamais de
        // zéro automatique sur cette lecture-là.
        let s = scan(&[&[("O", 0.9999)], &[("V", 0.9), ("U", 0.1)], &[("I", 0.9999)]]);
        let j = juger(&s, 3, 1, Seuils::default(), corriger).unwrap();
        assert_eq!(j.decision.verdict, Verdict::Zero, "décision provisoire : la lecture la plus probable");
        assert!(j.douteux());
        assert!((j.p_plus - 0.1).abs() < 1e-3, "{}", j.p_plus);
        let c = &j.concurrentes[0];
        assert_eq!((c.texte.as_str(), c.verdict, c.score), ("|OUI", Verdict::Valide, 10));
    }

    #[test]
    fn les_lectures_qui_paieraient_moins_comptent_au_dela_du_seuil_mesure() {
        // OUI (10 points) le plus probable ; OVI (zéro) paierait moins. Mesurées contre la
        // vérité, ces lectures-là sont presque toujours des erreurs de lecture : à 30 %, la
        // décision reste automatique ; à 45 %, au-delà du seuil, une personne regarde.
        let s = scan(&[&[("O", 0.9999)], &[("U", 0.7), ("V", 0.3)], &[("I", 0.9999)]]);
        let j = juger(&s, 3, 1, Seuils::default(), corriger).unwrap();
        assert_eq!((j.decision.verdict, j.decision.score), (Verdict::Valide, 10));
        assert!((j.p_moins - 0.3).abs() < 1e-3 && !j.douteux(), "{j:?}");
        let s = scan(&[&[("O", 0.9999)], &[("U", 0.55), ("V", 0.45)], &[("I", 0.9999)]]);
        let j = juger(&s, 3, 1, Seuils::default(), corriger).unwrap();
        assert_eq!(j.decision.verdict, Verdict::Valide);
        assert!(j.p_moins > crate::doute::SEUIL_DOUTE && j.douteux(), "{j:?}");
    }

    #[test]
    fn une_penalite_plausible_compte_des_le_seuil_des_localisations() {
        // OUI (10 points) le plus probable ; OVI serait une pénalité (une localisation
        // erronée, 5 points) : une erreur courante du joueur, que le mot et le score écrits
        // ne contredisent pas. À 30 %, sous le seuil des lectures qui paieraient moins mais
        // au-dessus de celui des pénalités, une personne regarde ; à 10 %, non.
        let penalite = |l: &Lecture| {
            let mut d = corriger(l)?;
            if texte_court(l) == "|OVI" {
                (d.verdict, d.score) = (Verdict::Penalite, 5);
            }
            Some(d)
        };
        let s = scan(&[&[("O", 0.9999)], &[("U", 0.7), ("V", 0.3)], &[("I", 0.9999)]]);
        let j = juger(&s, 3, 1, Seuils::default(), penalite).unwrap();
        assert_eq!((j.decision.verdict, j.decision.score), (Verdict::Valide, 10));
        assert!((j.p_faute_courante - 0.3).abs() < 1e-3 && j.p_moins < crate::doute::SEUIL_DOUTE && j.douteux(), "{j:?}");
        let s = scan(&[&[("O", 0.9999)], &[("U", 0.9), ("V", 0.1)], &[("I", 0.9999)]]);
        let j = juger(&s, 3, 1, Seuils::default(), penalite).unwrap();
        assert!((j.p_faute_courante - 0.1).abs() < 1e-3 && !j.douteux(), "{j:?}");
    }

    #[test]
    fn un_autre_score_ecrit_plausible_compte_des_le_seuil_des_fautes_courantes() {
        // LISE écrit 18 pour 19 points (manche neuve `2_ai` graine 961) : le 8 lu 9 à 71 %,
        // « 18 » à 26 %, un avertissement (score erroné) décidé valide sans personne. Ici,
        // OUI vaut 10 : « 10 » est valide, « 18 » serait un avertissement. Le score d'un seul
        // cadre est calibré, et un score mal compté est une faute courante du joueur : à
        // 26 %, sous le seuil des lectures qui paieraient moins mais au-dessus de celui des
        // fautes courantes, une personne regarde ; à 10 %, non.
        let avertir = |l: &Lecture| {
            let mut d = corriger(&Lecture { score: None, ..l.clone() })?;
            if d.verdict == Verdict::Valide && l.score.as_deref() != Some("10") {
                d.verdict = Verdict::Avertissement;
            }
            Some(d)
        };
        for (p18, douteux) in [(0.26f32, true), (0.1, false)] {
            let mut s = scan(&[&[("O", 0.9999)], &[("U", 0.9999)], &[("I", 0.9999)]]);
            let alternatives = vec![Alternative { lecture: "10".into(), p: 1.0 - p18 }, Alternative { lecture: "18".into(), p: p18 }];
            s.score = ChampLu { valeur: Some("10".into()), alternatives, caracteres: Vec::new() };
            let j = juger(&s, 3, 1, Seuils::default(), avertir).unwrap();
            assert_eq!((j.decision.verdict, j.decision.score), (Verdict::Valide, 10));
            assert!((j.p_faute_courante - p18 as f64).abs() < 1e-3 && j.p_moins < crate::doute::SEUIL_DOUTE, "{j:?}");
            assert_eq!(j.douteux(), douteux, "{j:?}");
        }
    }

    #[test]
    fn une_autre_reference_ecrite_plausible_compte_des_le_seuil_des_fautes_courantes() {
        // DEMIS écrit en « 1 I » pour I1 (manche neuve `2_ai` graine 1631, table 32, coup
        // 11 : la référence inversée, un avertissement, guide 5.1.2) : lue « I 1 » (valide) à
        // 72 %, « 1 I » à 15 %, « 1 1 » (une localisation erronée, pénalité) à 13 %. Seule la
        // pénalité comptait parmi les fautes courantes : 13 %, décidé valide sans personne.
        // La référence inversée est, comme la décalée, une faute courante du joueur que le
        // mot écrit ne contredit pas : 28 %, une personne regarde ; l'inversion seule à 15 %,
        // non.
        let inversion_ou_penalite = |l: &Lecture| {
            let mut d = corriger(&Lecture { reference: None, ..l.clone() })?;
            match l.reference.as_deref() {
                Some("1 I") => d.verdict = Verdict::Avertissement,
                Some("1 1") => (d.verdict, d.score) = (Verdict::Penalite, 5),
                _ => {}
            }
            Some(d)
        };
        for (lectures, p_faute_courante, douteux) in [(&[("I 1", 0.72f32), ("1 I", 0.15), ("1 1", 0.13)][..], 0.28, true), (&[("I 1", 0.85), ("1 I", 0.15)][..], 0.15, false)] {
            let mut s = scan(&[&[("O", 0.9999)], &[("U", 0.9999)], &[("I", 0.9999)]]);
            let alternatives = lectures.iter().map(|&(r, p)| Alternative { lecture: r.into(), p }).collect();
            s.reference = ChampLu { valeur: Some("I 1".into()), alternatives, caracteres: Vec::new() };
            let j = juger(&s, 3, 1, Seuils::default(), inversion_ou_penalite).unwrap();
            assert_eq!((j.decision.verdict, j.decision.score), (Verdict::Valide, 10));
            assert!((j.p_faute_courante - p_faute_courante).abs() < 1e-3 && j.p_moins < crate::doute::SEUIL_DOUTE, "{j:?}");
            assert_eq!(j.douteux(), douteux, "{j:?}");
        }
    }

    #[test]
    fn une_sanction_sur_une_lecture_incertaine_n_est_pas_automatique() {
        // Toutes les lectures plausibles mènent au même zéro, mais la machine n'est sûre de
        // ce qui est écrit qu'à 80 % : une personne regarde avant de coûter des points.
        let s = scan(&[&[("X", 0.8), ("K", 0.2)], &[("Y", 0.9999)]]);
        let j = juger(&s, 3, 1, Seuils::default(), corriger).unwrap();
        assert_eq!(j.decision.verdict, Verdict::Zero);
        assert!(j.p_plus < 1e-9 && j.p_moins < 1e-9);
        assert!(j.sanction_incertaine() && j.douteux());
        // La même, sûre à 99,9 % : décidée seule.
        let s = scan(&[&[("X", 0.999)], &[("Y", 0.9999)]]);
        assert!(!juger(&s, 3, 1, Seuils::default(), corriger).unwrap().douteux());
    }

    #[test]
    fn le_doute_complet_donne_les_memes_decisions_et_toute_la_masse() {
        // OUI (10 points) presque sûr ; OVI, QUI, OUL paieraient moins (zéro). Le jugement
        // ordinaire s'arrête dès que la masse non vue ne peut plus changer la réponse ; le
        // complet corrige toutes les lectures non négligeables (QVI, 5 × 10⁻⁵, ne l'est pas).
        let s = scan(&[&[("O", 0.999), ("Q", 0.001)], &[("U", 0.95), ("V", 0.05)], &[("I", 0.999), ("L", 0.001)]]);
        let ordinaire = juger(&s, 3, 1, Seuils::default(), corriger).unwrap();
        let complet = juger(&s, 3, 1, Seuils { complet: true, ..Seuils::default() }, corriger).unwrap();
        assert_eq!((complet.decision.verdict, complet.decision.score, complet.douteux()), (Verdict::Valide, 10, false));
        assert_eq!((ordinaire.decision.verdict, ordinaire.decision.score, ordinaire.douteux()), (Verdict::Valide, 10, false));
        assert_eq!((ordinaire.corrigees, complet.corrigees), (2, 4), "la lecture retenue et OVI ; puis QUI et OUL");
        let tout = 0.999 * 0.05 * 0.999 + 2.0 * 0.001 * 0.95 * 0.999;
        assert!((complet.p_moins - tout).abs() < 1e-6, "{}", complet.p_moins);
        assert!(ordinaire.p_moins < complet.p_moins);
    }

    fn lecture(rangees: &[&str]) -> Lecture {
        let mut l = Lecture::nouvelle(1, 1);
        l.rangees = rangees.iter().map(|r| arbitre_engine::lecture::lire_rangee(r).unwrap()).collect();
        l
    }

    #[test]
    fn une_case_vide_dans_le_mot_est_un_trou() {
        // VINAI lu V.NAI : le I manqué laisse un trou dans la rangée.
        assert_eq!(trous(&lecture(&["V.NAI"])), vec![(0, 1)]);
        // Mot vertical : le trou est dans la colonne.
        assert_eq!(trous(&lecture(&["V", ".", "N"])), vec![(1, 0)]);
        // Une case barrée compte comme écrite : pas de trou autour d'elle.
        assert!(trous(&lecture(&["V~XNAI"])).is_empty());
    }

    #[test]
    fn des_cases_vides_au_bord_du_mot_ne_sont_pas_des_trous() {
        assert!(trous(&lecture(&["..VINAI"])).is_empty());
        assert!(trous(&lecture(&["VINAI"])).is_empty());
        // Un mot et ses lettres de raccord dessinés sur plusieurs rangées et colonnes : les
        // cases vides y sont légitimes.
        assert!(trous(&lecture(&["KA", ".L", ".E"])).is_empty());
    }

    #[test]
    fn un_mot_et_ses_raccords_font_une_seule_ecriture() {
        // REVUE et le N de raccord sous son U se touchent ; une lettre seule à part ne fait
        // pas une écriture.
        assert_eq!(ecritures_a_part(&lecture(&["REVUE", "...N", "", "......X"])), vec![0]);
        // Deux cases qui ne se touchent que par un coin sont à part ; une case barrée
        // n'existe pas (règlement 5.4) et ne relie rien.
        assert!(ecritures_a_part(&lecture(&["AB", "..CD"])).len() == 2);
        assert_eq!(ecritures_a_part(&lecture(&["AB~XCD"])), vec![0, 0]);
    }

    #[test]
    fn une_ecriture_a_part_que_la_decision_ne_compte_pas_va_a_une_personne() {
        // Manche `2_ai` graine 131 : CURE dessiné avec ses raccords E et D, son R lu K ; plus
        // bas REVUE et son raccord N. CUKE ne se joue pas (pas de K) : négligé, REVUE payé 30.
        let l = lecture(&[".C", ".U", "EK", "DE", "", "", "", "..........REVUE", ".............N"]);
        let mut d = arbitre_reports::resultats::decision_absent(1, 1);
        (d.verdict, d.score, d.motifs) = (Verdict::Valide, 30, Vec::new());
        let raison = ecriture_negligee(&l, &d, Vec::new).expect("à vérifier");
        assert!(raison.contains("rangées 1, 8") && raison.contains("guide 5.6"), "{raison}");
        // Les deux solutions comptées (le minimum payé) : rien à voir de plus.
        d.motifs = vec![Motif::Score, Motif::PlusieursSolutions];
        assert!(ecriture_negligee(&l, &d, Vec::new).is_none());
        // Une seule écriture : rien non plus.
        d.motifs.clear();
        assert!(ecriture_negligee(&lecture(&["..........REVUE", ".............N"]), &d, Vec::new).is_none());
    }

    #[test]
    fn un_mot_neglige_dans_le_dessin_d_une_solution_payee_va_a_une_personne() {
        // Manche `2_ai` graine 1131 : un seul dessin (le I d'un N coupé touche le J de JALES).
        let l = lecture(&[".J", ".A", ".S", ".E", ".R", ".A...EE", "IAI...F", "X.JALES"]);
        let mut d = arbitre_reports::resultats::decision_absent(14, 4);
        (d.verdict, d.score, d.motifs) = (Verdict::Valide, 49, Vec::new());
        let injouables = || vec!["JASERAA".to_string()];
        let raison = ecriture_negligee(&l, &d, injouables).expect("à vérifier");
        assert!(raison.contains("« JASERAA »") && raison.contains("5.2.1") && raison.contains("guide 5.6"), "{raison}");
        // Rien de négligé, ou déjà le minimum de deux solutions, ou un zéro : rien à voir.
        assert!(ecriture_negligee(&l, &d, Vec::new).is_none());
        d.motifs = vec![Motif::PlusieursSolutions];
        assert!(ecriture_negligee(&l, &d, injouables).is_none());
        (d.verdict, d.score, d.motifs) = (Verdict::Zero, 0, vec![Motif::PlacementImpossible]);
        assert!(ecriture_negligee(&l, &d, injouables).is_none());
    }
}
