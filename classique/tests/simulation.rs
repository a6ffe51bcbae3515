//! Tournois simulés du début à la fin (graines fixes, 8 à 128 joueurs, avec et sans
//! forfaits) : chaque ronde apparie tous les présents une fois, et une rencontre ne se
//! répète que si le § 7 ne laissait aucun autre adversaire libre.

mod commun;

use arbitre_classique::appariement::rondes_fixes;
use arbitre_classique::{classement_final, prochaine_ronde, prochaine_ronde_avec, Evitement, Inscrits, Joueur, Match, Participant, Regle, Score, Tournoi};
use commun::Alea;
use std::collections::{BTreeSet, HashSet};
use std::path::Path;

struct Bilan {
    rondes: u32,
    rematchs: usize,
    permutations: usize,
}

fn inscrits(n: usize, alea: &mut Alea, forfaits: bool, rondes: u32) -> Inscrits {
    let joueurs = (0..n)
        .map(|i| {
            let mut f = BTreeSet::new();
            if forfaits && alea.sous(8) == 0 {
                let debut = 1 + alea.sous(rondes as u64) as u32;
                if alea.sous(2) == 0 {
                    f.insert(debut); // forfait à une ronde
                } else {
                    f.extend(debut..=rondes); // abandon
                }
            }
            // Des cotes souvent égales : le départage par le nom sert.
            Joueur { nom: format!("J{i:03}"), cote: 1000 + 50 * alea.sous(12) as i64, forfaits: f }
        })
        .collect();
    Inscrits::new(joueurs)
}

fn simuler(n: usize, graine: u64, forfaits: bool, evitement: Evitement) -> Bilan {
    let mut alea = Alea::new(graine * 1000 + n as u64);
    let rondes = arbitre_classique::joueurs::nombre_de_rondes(n).unwrap();
    let mut t = Tournoi::nouveau(inscrits(n, &mut alea, forfaits, rondes)).unwrap();
    let mut bilan = Bilan { rondes: 0, rematchs: 0, permutations: 0 };
    let mut joues: HashSet<(Participant, Participant)> = HashSet::new();
    let a_joue = |j: &HashSet<(Participant, Participant)>, a: Participant, b: Participant| j.contains(&(a.min(b), a.max(b)));
    for r in 1..=rondes {
        let ronde = prochaine_ronde_avec(&t, evitement).unwrap();
        assert_eq!(ronde.numero, r);
        let ins = t.inscrits();
        // Chaque présent exactement une fois, X seulement si les présents sont en nombre impair.
        let presents: Vec<Participant> = (0..n).filter(|&i| ins.present(i, r)).map(Participant::Joueur).collect();
        let mut vus: Vec<Participant> = ronde.tables.iter().flat_map(|tb| tb.joueurs).collect();
        vus.sort();
        let mut attendus = presents.clone();
        if presents.len() % 2 == 1 {
            attendus.push(Participant::X);
        }
        assert_eq!(vus, attendus, "{n} joueurs, graine {graine}, ronde {r}");
        assert!(ronde.tables.iter().all(|tb| tb.joueurs[0] != Participant::X), "X est toujours joueur_2");
        // Ordre des désignations : du haut du classement vers le bas.
        let mut ordre = ronde.tables.clone();
        if ronde.regle != Regle::GroupesDePoints {
            ordre.sort_by_key(|tb| tb.joueurs[0]);
        }
        for (k, tb) in ordre.iter().enumerate() {
            let [a, b] = tb.joueurs;
            if a_joue(&joues, a, b) {
                bilan.rematchs += 1;
                assert!(tb.rematch);
                if evitement == Evitement::SansRematch {
                    // Aucun appariement de la ronde sans rencontre répétée n'existait.
                    assert!(!existe_sans_rematch(&attendus, &|x, y| a_joue(&joues, x, y)), "{n} joueurs, graine {graine}, ronde {r} : rencontre répétée évitable");
                    continue;
                }
                // § 7 : la rencontre n'était évitable avec aucun joueur encore libre.
                for suivant in &ordre[k + 1..] {
                    for &c in &suivant.joueurs {
                        assert!(a_joue(&joues, a, c), "{n} joueurs, graine {graine}, ronde {r} : {a:?}–{b:?} répété alors que {c:?} était libre");
                    }
                }
            } else {
                assert!(!tb.rematch);
            }
            if tb.naturel != b {
                bilan.permutations += 1;
            }
        }
        // Tables fixes sans forfait : aucune rencontre répétée, aucune permutation.
        if !forfaits && r <= rondes_fixes(n) {
            assert!(ronde.tables.iter().all(|tb| !tb.rematch && tb.naturel == tb.joueurs[1]), "{n} joueurs, ronde {r}");
        }
        // Résultats : le mieux coté gagne plus souvent ; quelques nuls et forfaits.
        let mut matchs = Vec::new();
        for (k, tb) in ronde.tables.iter().enumerate() {
            let [a, b] = tb.joueurs;
            joues.insert((a.min(b), a.max(b)));
            let scores = if b == Participant::X {
                [Score::Vide, Score::Vide]
            } else if alea.sous(40) == 0 {
                [Score::Forfait, Score::Vide]
            } else {
                let cote = |p: Participant| match p {
                    Participant::Joueur(i) => ins.joueurs()[i].cote,
                    Participant::X => 0,
                };
                let base = 300 + alea.sous(200) as i64;
                let autre = 300 + alea.sous(200) as i64 + (cote(b) - cote(a)) / 10;
                let autre = if alea.sous(25) == 0 { base } else { autre };
                [Score::Points(base as u32), Score::Points(autre.max(0) as u32)]
            };
            matchs.push(Match { ronde: r, ligne: k as u64 + 2, joueurs: [a, b], scores });
        }
        t.ajouter(Path::new("simulation"), matchs).unwrap();
        bilan.rondes += 1;
    }
    // Fin du tournoi : plus d'appariement, un classement de tous les inscrits.
    assert!(prochaine_ronde(&t).unwrap_err().to_string().contains("terminé"));
    let fin = classement_final(&t);
    assert_eq!(fin.len(), n);
    assert_eq!(fin[0].0, 1);
    // § 9 : PM, puis PPM, puis Pdep ; rangs croissants, partagés seulement par les ex æquo.
    for w in fin.windows(2) {
        let cle = |l: &arbitre_classique::Ligne| (l.pm, l.ppm, l.pdep);
        assert!(cle(&w[0].1) >= cle(&w[1].1));
        assert_eq!(w[0].0 == w[1].0, cle(&w[0].1) == cle(&w[1].1));
    }
    bilan
}

/// Recherche exhaustive indépendante (petits effectifs) : existe-t-il des appariements de
/// tous les participants sans aucune rencontre déjà jouée ?
fn existe_sans_rematch(p: &[Participant], joue: &dyn Fn(Participant, Participant) -> bool) -> bool {
    assert!(p.len() <= 24, "recherche exhaustive limitée aux petits effectifs ({})", p.len());
    fn rec(libres: u32, p: &[Participant], joue: &dyn Fn(Participant, Participant) -> bool, vus: &mut HashSet<u32>) -> bool {
        if libres == 0 {
            return true;
        }
        if !vus.insert(libres) {
            return false;
        }
        let a = libres.trailing_zeros() as usize;
        (a + 1..p.len()).any(|b| libres & (1 << b) != 0 && !joue(p[a], p[b]) && rec(libres & !(1 << a) & !(1 << b), p, joue, vus))
    }
    rec((1u32 << p.len()) - 1, p, joue, &mut HashSet::new())
}

const TAILLES: [usize; 22] = [8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 24, 31, 32, 33, 47, 64, 65, 99, 127, 128];

#[test]
fn tournois_simules_sans_forfait() {
    let mut total = Bilan { rondes: 0, rematchs: 0, permutations: 0 };
    for n in TAILLES {
        for graine in 0..6 {
            let b = simuler(n, graine, false, Evitement::Paragraphe7);
            assert_eq!(b.rondes, arbitre_classique::joueurs::nombre_de_rondes(n).unwrap());
            total.rondes += b.rondes;
            total.rematchs += b.rematchs;
            total.permutations += b.permutations;
            eprintln!("{n} joueurs, graine {graine} : {} permutations, {} rencontres répétées", b.permutations, b.rematchs);
        }
    }
    // Les permutations ont bien servi.
    assert!(total.permutations > 0);
    eprintln!("{} rondes simulées, {} permutations, {} rencontres répétées", total.rondes, total.permutations, total.rematchs);
}

#[test]
fn tournois_simules_avec_forfaits_et_abandons() {
    for n in TAILLES {
        for graine in 0..4 {
            simuler(n, 100 + graine, true, Evitement::Paragraphe7);
            simuler(n, 100 + graine, true, Evitement::SansRematch);
        }
    }
}

/// Option `--sans-rematch` : plus aucune rencontre répétée quand des appariements sans
/// répétition existent (vérifié par recherche exhaustive quand il en reste).
#[test]
fn tournois_simules_sans_rematch_evitable() {
    let mut repetees = 0;
    for n in TAILLES {
        for graine in 0..6 {
            let b = simuler(n, graine, false, Evitement::SansRematch);
            repetees += b.rematchs;
            if n > 8 {
                assert_eq!(b.rematchs, 0, "{n} joueurs, graine {graine}");
            }
        }
    }
    eprintln!("--sans-rematch : {repetees} rencontres répétées inévitables");
}
