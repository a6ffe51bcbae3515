//! Propriétés de la correction sur des coups réels (parties Eliot, lexique par défaut) :
//! - un bulletin qui énonce correctement le top, par la référence alphanumérique ou par
//!   les lettres de raccord, jokers entourés, est valide et payé du score du top (chaque
//!   coup de 4 parties, même quand le top forme un mot que le lexique ignore : la partie
//!   fait foi) ;
//! - une solution quelconque bien localisée et bien comptée est valide, la même avec un
//!   score faux reçoit un avertissement et son score exact, avec une référence décalée au
//!   mieux la pénalité de 5 points ;
//! - la correction ne panique jamais, quelle que soit la lecture.

use arbitre_engine::arbitrage::{corriger, ContexteCoup, Decision, Edition, Motif, Verdict};
use arbitre_engine::lecture::{Cellule, Contenu, EtatBulletin, Lecture, Trace};
use arbitre_engine::reference::{Direction, Reference};
use arbitre_engine::tuiles::JOKER;
use arbitre_engine::{Formule, Lexique, LexiquePartie, Partie};
use proptest::prelude::*;

use crate::ecriture::{avec_raccord, mot_seul};
use std::path::Path;
use std::sync::OnceLock;

const PARTIES: [&str; 4] = ["2_ai", "fumee", "hutte", "rosace"];

fn lexique() -> &'static Lexique {
    static L: OnceLock<Lexique> = OnceLock::new();
    L.get_or_init(Lexique::defaut)
}

fn partie(nom: &str) -> Partie {
    let chemin = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../../shared/validation/eliot-games/{nom}.partie"));
    Partie::lire(&chemin, Formule::STANDARD).expect("partie")
}

fn lecture(coup: u32, rangees: Vec<Vec<Cellule>>, reference: Option<String>, score: Option<u32>) -> Lecture {
    let mut l = Lecture::nouvelle(1, coup);
    l.rangees = rangees;
    l.reference = reference;
    l.score = score.map(|s| s.to_string());
    l
}

#[track_caller]
fn attendre(d: &Decision, verdict: Verdict, score: u32, quoi: &str) {
    assert_eq!((d.verdict, d.score), (verdict, score), "{quoi} : {d:?}");
}

#[test]
fn le_top_bien_localise_est_toujours_valide() {
    let (mut par_raccord, mut hors_lexique) = (0, 0);
    for nom in PARTIES {
        let p = partie(nom);
        // Les tops ont été trouvés avec l'ODS : certains forment des mots que le lexique
        // par défaut ignore (SAX, LAUZES, OKA, BI dans rosace) ; ils sont admis pour la
        // partie.
        let lp = LexiquePartie::new(&p, lexique());
        hors_lexique += lp.admis().len();
        for coup in 1..=p.coups.len() as u32 {
            let ctx = ContexteCoup::new(&p, coup, &lp).unwrap();
            let top = &p.tops[coup as usize - 1];
            let s = ctx.solutions.iter().find(|s| s.reference == top.reference && s.mot() == top.mot.as_slice());
            let s = s.unwrap_or_else(|| panic!("{nom} coup {coup} : le top {} n'est pas une solution", top.mot_texte()));
            let quoi = format!("{nom} coup {coup} {s:?}");
            let d = corriger(&ctx, &lecture(coup, mot_seul(&ctx.grille, s), Some(s.reference.to_string()), Some(s.score)), Edition::E2020);
            attendre(&d, Verdict::Valide, s.score, &quoi);
            assert!(d.motifs.is_empty(), "{quoi} : {d:?}");
            let (f, n) = avec_raccord(&ctx.grille, s);
            if coup > 1 && n >= 3 {
                par_raccord += 1;
                let d = corriger(&ctx, &lecture(coup, f, None, Some(s.score)), Edition::E2020);
                attendre(&d, Verdict::Valide, s.score, &format!("{quoi} par lettres de raccord"));
            }
        }
    }
    assert!(par_raccord >= 20, "{par_raccord} tops localisés par lettres de raccord");
    assert!(hors_lexique >= 10, "{hors_lexique} coups dont le top forme un mot absent du lexique par défaut");
}

#[test]
fn solutions_quelconques_ref_juste_score_faux_ref_decalee() {
    let p = partie("fumee");
    for coup in [3u32, 9, 15] {
        let lp = LexiquePartie::new(&p, lexique());
        let ctx = ContexteCoup::new(&p, coup, &lp).unwrap();
        for s in ctx.solutions.iter().step_by(37).take(40) {
            let quoi = format!("fumee coup {coup} {s:?}");
            // Par les lettres de raccord (trois au moins) : valide.
            let (f, n) = avec_raccord(&ctx.grille, s);
            if n >= 3 {
                let d = corriger(&ctx, &lecture(coup, f, None, Some(s.score)), Edition::E2020);
                attendre(&d, Verdict::Valide, s.score, &format!("{quoi} par lettres de raccord"));
            }
            let r = Some(s.reference.to_string());
            let d = corriger(&ctx, &lecture(coup, mot_seul(&ctx.grille, s), r.clone(), Some(s.score)), Edition::E2020);
            attendre(&d, Verdict::Valide, s.score, &quoi);
            // 5.3.2 : score faux, localisation correcte → score exact, avertissement.
            // Sauf si ce score faux est celui d'un autre encerclement à cette place (5.3.1
            // coup joker) : payé, avertissement joker.
            let autre_encerclement = ctx.solutions.iter().any(|v| {
                v.reference == s.reference && v.score == s.score + 1 && v.mot().len() == s.mot().len() && v.mot().iter().zip(s.mot()).all(|(a, b)| a & !JOKER == b & !JOKER)
            });
            let d = corriger(&ctx, &lecture(coup, mot_seul(&ctx.grille, s), r.clone(), Some(s.score + 1)), Edition::E2020);
            if autre_encerclement {
                attendre(&d, Verdict::Avertissement, s.score + 1, &quoi);
                assert!(matches!(d.motifs[..], [Motif::Joker { .. }]), "{quoi} : {d:?}");
            } else {
                attendre(&d, Verdict::Avertissement, s.score, &quoi);
                assert!(d.motifs.contains(&Motif::Score), "{quoi} : {d:?}");
            }
            // Score absent : de même.
            let d = corriger(&ctx, &lecture(coup, mot_seul(&ctx.grille, s), r, None), Edition::E2020);
            attendre(&d, Verdict::Avertissement, s.score, &quoi);
            // 5.3.3 : référence absente, score exact → pénalité de 5 points (ou zéro si
            // un raccordement fallacieux est possible) ; sauf si le mot porte lui-même
            // trois lettres de la grille, qui le localisent (4.3.2).
            let propres = (0..s.mot().len()).filter(|&i| ctx.grille.cases[s.reference.case_n(i).unwrap()] != 0).count();
            let d = corriger(&ctx, &lecture(coup, mot_seul(&ctx.grille, s), None, Some(s.score)), Edition::E2020);
            if propres >= 3 {
                attendre(&d, Verdict::Valide, s.score, &quoi);
                continue;
            }
            match d.verdict {
                Verdict::Penalite => assert_eq!(d.score, s.score.saturating_sub(5), "{quoi} : {d:?}"),
                Verdict::Zero => assert!(d.motifs.contains(&Motif::RaccordementFallacieux), "{quoi} : {d:?}"),
                _ => panic!("{quoi} sans localisation : {d:?}"),
            }
        }
    }
}

#[test]
fn bulletins_absent_et_vierge() {
    let p = partie("fumee");
    let lp = LexiquePartie::new(&p, lexique());
    let ctx = ContexteCoup::new(&p, 4, &lp).unwrap();
    let mut l = Lecture::nouvelle(3, 4);
    l.etat = EtatBulletin::Absent;
    let d = corriger(&ctx, &l, Edition::E2020);
    assert_eq!((d.verdict, d.score, d.motifs.clone()), (Verdict::Zero, 0, vec![Motif::Absent]));
    l.etat = EtatBulletin::Vierge;
    assert_eq!(corriger(&ctx, &l, Edition::E2020).motifs, vec![Motif::Vierge]);
    // Rempli mais sans aucune lettre (un score seul) : vierge aussi.
    let d = corriger(&ctx, &lecture(4, vec![], None, Some(30)), Edition::E2020);
    assert_eq!((d.verdict, d.motifs), (Verdict::Zero, vec![Motif::Vierge]));
}

struct Contextes {
    ctx: Vec<ContexteCoup<'static>>,
}

fn contextes() -> &'static Contextes {
    static C: OnceLock<Contextes> = OnceLock::new();
    C.get_or_init(|| {
        let p: &'static Partie = Box::leak(Box::new(partie("hutte")));
        let lp: &'static LexiquePartie = Box::leak(Box::new(LexiquePartie::new(p, lexique())));
        Contextes { ctx: [1u32, 2, 8, 16].iter().map(|&n| ContexteCoup::new(p, n, lp).unwrap()).collect() }
    })
}

fn trace() -> impl Strategy<Value = Trace> {
    (0u8..26, prop::bool::weighted(0.15)).prop_map(|(l, e)| Trace { lettre: (b'A' + l) as char, entouree: e })
}

fn cellule() -> impl Strategy<Value = Cellule> {
    let contenu = prop_oneof![
        10 => Just(Contenu::Vide),
        8 => trace().prop_map(Contenu::Lettre),
        1 => Just(Contenu::Illisible),
        1 => prop::collection::vec(trace(), 2..4).prop_map(Contenu::Alternatives),
    ];
    (contenu, prop::bool::weighted(0.05)).prop_map(|(contenu, barree)| Cellule { contenu, barree })
}

fn reference() -> impl Strategy<Value = Option<String>> {
    prop_oneof![
        Just(None),
        (0u8..15, 0u8..15, any::<bool>()).prop_map(|(l, c, h)| {
            let d = if h { Direction::Horizontal } else { Direction::Vertical };
            Some(Reference::new(l as usize, c as usize, d).to_string())
        }),
        "[A-Q ]{0,2}[0-9]{0,3}".prop_map(Some),
    ]
}

/// Une lecture née d'une solution du coup, perturbée (lettre changée, cases en plus).
fn lecture_proche(ctx: &ContexteCoup, graine: usize, change: Option<(usize, Trace)>, decale: u8, score: Option<u32>) -> Lecture {
    let s = &ctx.solutions[graine % ctx.solutions.len()];
    let (mut f, _) = avec_raccord(&ctx.grille, s);
    if let Some((i, t)) = change {
        let cells: Vec<&mut Cellule> = f.iter_mut().flatten().collect();
        let n = cells.len();
        if let Some(c) = cells.into_iter().nth(i % n) {
            c.contenu = Contenu::Lettre(t);
        }
    }
    let r = Reference { colonne: (s.reference.colonne + decale) % 15, ..s.reference };
    lecture(ctx.numero, f, Some(r.to_string()), score.or(Some(s.score)))
}

/// 5.8 : un avertissement a au moins un motif ; une pénalité ou un zéro ne porte aucun
/// motif d'avertissement.
fn invariants_5_8(d: &Decision) -> Result<(), TestCaseError> {
    let avertissement =
        |m: &Motif| matches!(m, Motif::Score | Motif::LettresRaccord | Motif::Inversion | Motif::DeuxModes | Motif::Joker { .. });
    match d.verdict {
        Verdict::Avertissement => prop_assert!(!d.motifs.is_empty() && d.motifs.iter().all(avertissement), "{d:?}"),
        Verdict::Penalite | Verdict::Zero => {
            prop_assert!(!d.motifs.is_empty() && !d.motifs.iter().any(avertissement), "{d:?}")
        }
        Verdict::Valide => {}
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn la_correction_ne_panique_jamais(
        k in 0usize..4,
        rangees in prop::collection::vec(prop::collection::vec(cellule(), 0..10), 0..8),
        reference in reference(),
        score in prop::option::of("[0-9#]{1,3}"),
        etat in prop_oneof![8 => Just(EtatBulletin::Rempli), 1 => Just(EtatBulletin::Vierge), 1 => Just(EtatBulletin::Absent)],
    ) {
        let ctx = &contextes().ctx[k];
        let mut l = Lecture::nouvelle(7, ctx.numero);
        l.rangees = rangees;
        l.reference = reference;
        l.score = score;
        l.etat = etat;
        let d = corriger(ctx, &l, Edition::E2023);
        // Un zéro paie 0, un bulletin payé a une solution, un valide n'a pas de motif.
        prop_assert!(d.verdict != Verdict::Zero || d.score == 0);
        prop_assert!(d.verdict != Verdict::Valide || d.motifs.is_empty());
        prop_assert!(matches!(d.verdict, Verdict::Zero) || d.solution.is_some());
        invariants_5_8(&d)?;
    }

    #[test]
    fn lectures_proches_d_une_solution(
        k in 1usize..4,
        graine in 0usize..100_000,
        change in prop::option::of((0usize..40, trace())),
        decale in 0u8..3,
        score in prop::option::of(0u32..200),
    ) {
        let ctx = &contextes().ctx[k];
        let l = lecture_proche(ctx, graine, change, decale, score);
        let d = corriger(ctx, &l, Edition::E2020);
        prop_assert!(d.verdict != Verdict::Zero || d.score == 0);
        invariants_5_8(&d)?;
        // Jamais plus que le score revendiqué s'il existe pour la solution payée, jamais
        // plus que le top.
        prop_assert!(d.score <= ctx.solutions[0].score, "{d:?}");
        if d.verdict == Verdict::Penalite {
            prop_assert_eq!(Some(d.score), d.score_revendique.map(|r| r.saturating_sub(5)));
        }
    }
}
