//! La génération des coups comparée à une recherche exhaustive indépendante : pour chaque
//! mot du lexique et chaque référence de la grille, on place le mot avec `evaluer` (autre
//! code de score), on vérifie les mots formés et le tirage, et on énumère les choix de
//! joker. Les deux listes doivent être identiques, score compris.

use arbitre_engine::evaluation::{evaluer, references};
use arbitre_engine::generation::{solutions, Solution};
use arbitre_engine::tuiles::{Lettre, Tirage, JOKER};
use arbitre_engine::{Direction, Formule, Grille, Lexique, Partie, Reference};
use proptest::prelude::*;
use std::collections::BTreeSet;
use std::path::Path;
use std::sync::OnceLock;

/// Les grilles avant chaque coup des parties Eliot, plus la grille vide.
fn positions() -> &'static Vec<Grille> {
    static P: OnceLock<Vec<Grille>> = OnceLock::new();
    P.get_or_init(|| {
        let dossier = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/validation/eliot-games");
        let mut v = vec![Grille::vide()];
        for nom in ["2_ai.partie", "fumee.partie", "hutte.partie", "rosace.partie"] {
            let p = Partie::lire(&dossier.join(nom), Formule::STANDARD).unwrap();
            v.extend(p.etats.iter().map(|e| e.grille.clone()));
            v.push(p.grille_finale());
        }
        v
    })
}

/// Les mots du lexique par défaut, pour en tirer des lexiques réduits.
fn mots_defaut() -> &'static Vec<String> {
    static M: OnceLock<Vec<String>> = OnceLock::new();
    M.get_or_init(|| Lexique::defaut().mots().collect())
}

/// Un lexique réduit : tous les mots de 2 et 3 lettres et un échantillon des autres.
fn lexique_reduit(graine: u64, taille: usize) -> (Lexique, Vec<Vec<Lettre>>) {
    let tous = mots_defaut();
    let mut x = graine | 1;
    let mut mots: Vec<&str> = tous.iter().filter(|m| m.len() <= 3).map(|s| s.as_str()).collect();
    let longs: Vec<&str> = tous.iter().filter(|m| m.len() > 3).map(|s| s.as_str()).collect();
    for _ in 0..taille {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        mots.push(longs[(x % longs.len() as u64) as usize]);
    }
    let lx = Lexique::depuis_mots("réduit", &mots);
    let lettres = lx.mots().map(|m| arbitre_engine::tuiles::mot_depuis_texte(&m).unwrap()).collect();
    (lx, lettres)
}

/// Le sac moins les lettres de la grille.
fn sac_restant(g: &Grille) -> Tirage {
    let mut sac = Tirage::sac_complet();
    for &l in g.cases.iter().filter(|&&l| l != 0) {
        sac.retirer(if l & JOKER != 0 { 0 } else { l as usize });
    }
    sac
}

type Cle = (String, Reference, u32);

fn cle(s: &Solution) -> Cle {
    (s.mot_texte(), s.reference, s.score)
}

/// Recherche exhaustive.
fn exhaustive(g: &Grille, lx: &Lexique, mots: &[Vec<Lettre>], tirage: &Tirage) -> BTreeSet<Cle> {
    let f = Formule::STANDARD;
    let mut r = BTreeSet::new();
    for d in [Direction::Horizontal, Direction::Vertical] {
        for reference in references(d) {
            for mot in mots {
                if !possible(g, mot, reference, tirage) {
                    continue;
                }
                let Ok(e) = evaluer(g, &f, mot, reference) else { continue };
                if !e.non_admis(lx).is_empty() {
                    continue;
                }
                // Une lettre seule qui forme deux mots n'est comptée qu'en horizontal.
                if d == Direction::Vertical && e.poses.len() == 1 && e.mots_formes.len() > 1 {
                    continue;
                }
                // Tous les choix de joker : un sous-ensemble des lettres posées.
                let n = e.poses.len();
                for masque in 0u32..(1 << n) {
                    if masque.count_ones() > tirage.jokers() as u32 {
                        continue;
                    }
                    let mut m = mot.clone();
                    for (i, p) in e.poses.iter().enumerate() {
                        if masque & (1 << i) != 0 {
                            let k = (0..m.len()).find(|&k| reference.case_n(k) == Some(p.case)).unwrap();
                            m[k] |= JOKER;
                        }
                    }
                    if let Ok(e2) = evaluer(g, &f, &m, reference) {
                        if e2.manque(tirage).is_empty() {
                            r.insert((e2.mot_texte(), reference, e2.score));
                        }
                    }
                }
            }
        }
    }
    r
}

/// Filtre rapide : lettres de grille concordantes et assez de lettres dans le tirage.
fn possible(g: &Grille, mot: &[Lettre], r: Reference, tirage: &Tirage) -> bool {
    let mut t = *tirage;
    for (i, &l) in mot.iter().enumerate() {
        let Some(k) = r.case_n(i) else { return false };
        let x = g.cases[k];
        if x == 0 {
            if !t.retirer(l as usize) && !t.retirer(0) {
                return false;
            }
        } else if x & !JOKER != l {
            return false;
        }
    }
    true
}

fn tirage_aleatoire(sac: &Tirage, jokers: u8, graine: u64) -> Tirage {
    let mut sac = *sac;
    let mut t = Tirage::default();
    for _ in 0..jokers.min(sac.jokers()) {
        sac.retirer(0);
        t.ajouter(0);
    }
    sac.compte[0] = 0;
    let mut x = graine | 1;
    while t.len() < 7 && !sac.is_empty() {
        x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let mut k = ((x >> 33) % sac.len() as u64) as usize;
        let i = (1..27).find(|&i| {
            let n = sac.compte[i] as usize;
            if k < n {
                true
            } else {
                k -= n;
                false
            }
        });
        let i = i.unwrap();
        sac.retirer(i);
        t.ajouter(i);
    }
    t
}

fn comparer(p: usize, jokers: u8, graine: u64) -> Result<(), TestCaseError> {
    let g = &positions()[p % positions().len()];
    let (lx, mots) = lexique_reduit(graine, 1500);
    let tirage = tirage_aleatoire(&sac_restant(g), jokers, graine);
    let generees = solutions(g, &Formule::STANDARD, lx.dawg(), &tirage);
    let ensemble: BTreeSet<Cle> = generees.iter().map(cle).collect();
    prop_assert_eq!(ensemble.len(), generees.len(), "doublons dans la génération");
    let attendu = exhaustive(g, &lx, &mots, &tirage);
    let manquantes: Vec<_> = attendu.difference(&ensemble).take(5).collect();
    let en_trop: Vec<_> = ensemble.difference(&attendu).take(5).collect();
    prop_assert!(
        manquantes.is_empty() && en_trop.is_empty(),
        "position {p}, tirage {tirage}: manquantes {manquantes:?}, en trop {en_trop:?}\n{g}"
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn sans_joker_comme_la_recherche_exhaustive(p in 0usize..100, graine in any::<u64>()) {
        comparer(p, 0, graine)?;
    }

    #[test]
    fn un_joker_comme_la_recherche_exhaustive(p in 0usize..100, graine in any::<u64>()) {
        comparer(p, 1, graine)?;
    }

    #[test]
    fn deux_jokers_comme_la_recherche_exhaustive(p in 0usize..100, graine in any::<u64>()) {
        comparer(p, 2, graine)?;
    }
}

#[test]
fn premier_coup_horizontal_sur_l_etoile() {
    // rosace.partie, coup 1 : ROSACE en H8 pour 22, meilleur score.
    let lx = Lexique::defaut();
    let t: Tirage = "WAEROSC".parse().unwrap();
    let s = solutions(&Grille::vide(), &Formule::STANDARD, lx.dawg(), &t);
    assert!(s.iter().all(|s| s.reference.direction == Direction::Horizontal && s.reference.ligne == 7));
    assert_eq!(s[0].score, 22);
    assert!(s.iter().any(|s| s.mot_texte() == "ROSACE" && s.reference.to_string() == "H8" && s.score == 22));
}

#[test]
fn chaque_choix_de_joker_est_une_solution() {
    // Tirage A?: AA (un joker) en H7 et H8 : (joker, A) et (A, joker) sont deux solutions.
    let lx = Lexique::depuis_mots("t", &["AA"]);
    let t: Tirage = "A?".parse().unwrap();
    let s: BTreeSet<String> = solutions(&Grille::vide(), &Formule::STANDARD, lx.dawg(), &t)
        .iter()
        .map(|s| format!("{} {} {}", s.mot_texte(), s.reference, s.score))
        .collect();
    let attendu: BTreeSet<String> = ["Aa H7 2", "aA H7 2", "Aa H8 2", "aA H8 2"].iter().map(|s| s.to_string()).collect();
    assert_eq!(s, attendu);
}

#[test]
fn une_lettre_seule_dans_les_deux_sens_est_une_seule_solution() {
    // A en H8, B en G9. Un S posé en H9 forme AS (horizontal) et BS (vertical) : une
    // seule solution, notée en horizontal, qui compte les deux mots.
    let lx = Lexique::depuis_mots("t", &["AS", "BS"]);
    let mut g = Grille::vide();
    g.cases[7 * 15 + 7] = 1; // A en H8
    g.cases[6 * 15 + 8] = 2; // B en G9
    let t: Tirage = "S".parse().unwrap();
    let s: Vec<String> =
        solutions(&g, &Formule::STANDARD, lx.dawg(), &t).iter().map(|s| format!("{} {} {}", s.mot_texte(), s.reference, s.score)).collect();
    // S en H9 : AS + BS = 2 + 4 ; S en G10 : BS = 4 ; S en I8 : AS vertical = 2.
    assert_eq!(s, vec!["AS H8 6", "BS G9 4", "AS 8H 2"]);
    assert!(!s.iter().any(|s| s.starts_with("BS 9G")), "le même S compté deux fois");
}
