//! Les recettes des bulletins : une par genre, qui rédige le bulletin d'une table et dit la
//! décision attendue ; `None` quand le genre est impossible à ce coup.
//!
//! L'ordre des tirages aléatoires fait partie de chaque recette : le changer change les
//! manches générées (même graine, mêmes fichiers, octet pour octet).

use super::{Coup, Prevu};
use crate::redaction::{cases_du_mot, choisir_raccords, ecrire_reference, lecture, Ecrit};
use crate::verite::{Attendu, Genre, Intention, Mode};
use arbitre_engine::arbitrage::plausibilite::Plausibilite;
use arbitre_engine::arbitrage::{Motif, Verdict};
use arbitre_engine::evaluation::{evaluer, references, Evaluation};
use arbitre_engine::generation::{solutions, Solution};
use arbitre_engine::lecture::{EtatBulletin, Lecture};
use arbitre_engine::reference::Reference;
use arbitre_engine::tuiles::{caractere, mot_vers_texte, nue, JOKER};
use arbitre_engine::Grille;
use rand::seq::SliceRandom;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// Un bulletin non remis (absent) ou rendu sans réponse (vierge, parfois raturé) → zéro.
pub(super) fn rediger_absent_ou_vierge(c: &Coup, table: u32, genre: Genre, rng: &mut ChaCha8Rng) -> Prevu {
    let mut l = Lecture::nouvelle(table, c.numero);
    let (etat, motif) = if genre == Genre::Absent { (EtatBulletin::Absent, Motif::Absent) } else { (EtatBulletin::Vierge, Motif::Vierge) };
    l.etat = etat;
    l.rature = genre == Genre::Vierge && rng.gen_bool(0.2);
    let i = Intention { genre, mode: None, mot: None, reference: None, score: None, attendu: attendu(Verdict::Zero, 0, vec![motif]) };
    Prevu { lecture: l, intention: i }
}

/// Le top ou une solution inférieure, bien rédigés → valide, au score payé ; parfois une
/// tentative barrée en dessous.
pub(super) fn rediger_solution(c: &Coup, table: u32, genre: Genre, rng: &mut ChaCha8Rng) -> Option<Prevu> {
    let mut ecrit = Ecrit::default();
    let e = if genre == Genre::Solution { solution_inferieure(c, rng)? } else { c.top.clone() };
    let paye = c.paye(&e);
    let (mode, r) = localiser(c, &e, rng, &mut ecrit, false);
    if rng.gen_bool(0.08) {
        barrer_une_tentative(c, &mut ecrit, rng);
    }
    let i = intention(genre, mode, Some(&e), attendu(Verdict::Valide, paye, vec![]));
    Some(rempli(c, table, &ecrit, r, Some(paye), i))
}

/// Score erroné (billet, case 5) → avertissement, au score payé. Le score écrit n'est celui
/// du mot à aucune place (sinon 5.3.3 s'appliquerait) ; la localisation est la référence.
pub(super) fn rediger_score_errone(c: &Coup, table: u32, rng: &mut ChaCha8Rng) -> Option<Prevu> {
    let mut ecrit = Ecrit::default();
    let e = if rng.gen_bool(0.4) { solution_inferieure(c, rng)? } else { c.top.clone() };
    let paye = c.paye(&e);
    let (mode, r) = localiser(c, &e, rng, &mut ecrit, true);
    let interdits = c.scores_du_mot(&e);
    let faux = [paye as i64 + 1, paye as i64 - 1, paye as i64 + 2, paye as i64 - 2, paye as i64 + 10, paye as i64 - 10, paye as i64 - 50, paye as i64 + 3];
    let mut faux: Vec<u32> = faux.into_iter().filter(|&s| s > 0).map(|s| s as u32).filter(|s| !interdits.contains(s) && *s != paye).collect();
    faux.shuffle(rng);
    let s = *faux.first()?;
    let i = intention(Genre::ScoreErrone, mode, Some(&e), attendu(Verdict::Avertissement, paye, vec![Motif::Score]));
    Some(rempli(c, table, &ecrit, r, Some(s), i))
}

/// Deux lettres de raccord au lieu de trois → avertissement (4.3.2 ; billet, case 6).
pub(super) fn rediger_deux_lettres_raccord(c: &Coup, table: u32, rng: &mut ChaCha8Rng) -> Option<Prevu> {
    // 4.3.2 : trois lettres de raccord ; deux → avertissement (sauf au 2e coup après
    // un premier mot de deux lettres).
    if c.premier() || c.grille.cases.iter().filter(|&&x| x != 0).count() == 2 {
        return None;
    }
    let e = top_ou_inferieure(c, rng)?;
    let r = choisir_raccords(c.grille, &e, 2, true, rng)?;
    let mut ecrit = Ecrit::default();
    ecrit.mot(c.grille, &e, &cases_du_mot(e.reference, e.mot.len()));
    ecrit.raccords(c.grille, &r);
    let i = intention(Genre::DeuxLettresRaccord, Mode::Raccord, Some(&e), attendu(Verdict::Avertissement, e.score, vec![Motif::LettresRaccord]));
    Some(rempli(c, table, &ecrit, None, Some(e.score), i))
}

/// Référence décalée d'une case, score et sens exacts → pénalité de 5 points (5.3.3 ;
/// billet, case 13), hors raccordement fallacieux (guide 5.5).
pub(super) fn rediger_decalage(c: &Coup, table: u32, rng: &mut ChaCha8Rng) -> Option<Prevu> {
    // 5.3.3 : localisation erronée, score et sens exacts → pénalité de 5 points.
    if c.premier() {
        return None;
    }
    let e = top_ou_inferieure(c, rng)?;
    if e.score < 10 || prolonge(c.grille, &e) {
        return None;
    }
    let faux = reference_decalee(c, &e, rng)?;
    if raccordement_fallacieux(c, &e) {
        return None;
    }
    let mut ecrit = Ecrit::default();
    ecrit.mot(c.grille, &e, &cases_du_mot(e.reference, e.mot.len()));
    let i = intention(Genre::Decalage, Mode::Reference, Some(&e), attendu(Verdict::Penalite, e.score - 5, vec![Motif::LocalisationPenalite]));
    Some(rempli(c, table, &ecrit, Some(ecrire_reference(faux, rng)), Some(e.score), i))
}

/// Référence inversée (« 4H » pour « H4 ») ou mot écrit dans l'autre sens → avertissement
/// (billet, case 7).
pub(super) fn rediger_reference_inversee(c: &Coup, table: u32, rng: &mut ChaCha8Rng) -> Option<Prevu> {
    // Billet, case 7 : référence OU sens du mot inversé → avertissement.
    if c.premier() {
        return None;
    }
    let e = top_ou_inferieure(c, rng)?;
    let autre = e.reference.sens_inverse();
    if prolonge(c.grille, &e) || evaluer(c.grille, &c.partie.formule, &e.mot, autre).is_ok() {
        return None;
    }
    let mut ecrit = Ecrit::default();
    let r = if rng.gen_bool(0.5) {
        // La référence inversée (« 4H » pour « H4 »), le mot dans le bon sens.
        ecrit.mot(c.grille, &e, &cases_du_mot(e.reference, e.mot.len()));
        ecrire_reference(autre, rng)
    } else {
        // Le mot écrit dans l'autre sens, la référence exacte.
        ecrit.mot(c.grille, &e, &cases_du_mot(autre, e.mot.len()));
        ecrire_reference(e.reference, rng)
    };
    let i = intention(Genre::ReferenceInversee, Mode::Reference, Some(&e), attendu(Verdict::Avertissement, e.score, vec![Motif::Inversion]));
    Some(rempli(c, table, &ecrit, Some(r), Some(e.score), i))
}

/// Joker posé par ce coup, sa lettre non entourée → avertissement, au score payé (4.2 ;
/// billet, case 9).
pub(super) fn rediger_joker_non_entoure(c: &Coup, table: u32, rng: &mut ChaCha8Rng) -> Option<Prevu> {
    // 4.2 : la lettre dont tient lieu le joker est entourée ; sinon avertissement.
    // Le joker doit être posé par ce coup : celui déjà sur la grille ne s'entoure pas.
    let avec_joker = |e: &Evaluation| e.poses.iter().any(|p| p.lettre & JOKER != 0);
    let e = if avec_joker(&c.top) {
        c.top.clone()
    } else {
        let s = c.solutions.iter().filter(|s| s.score >= 6).filter_map(|s| c.evaluer(s)).filter(|e| avec_joker(e)).take(20).collect::<Vec<_>>();
        s.choose(rng)?.clone()
    };
    let lettre = e.poses.iter().find(|p| p.lettre & JOKER != 0).map(|p| caractere(nue(p.lettre)))?;
    let paye = c.paye(&e);
    let mut ecrit = Ecrit::default();
    let (mode, r) = localiser(c, &e, rng, &mut ecrit, false);
    desentourer_les_jokers(&mut ecrit, &e);
    let i = intention(Genre::JokerNonEntoure, mode, Some(&e), attendu(Verdict::Avertissement, paye, vec![Motif::Joker { lettre }]));
    Some(rempli(c, table, &ecrit, r, Some(paye), i))
}

/// Une lettre absente du tirage → zéro (5.4.1.d ; guide 5.7.1 ; billet, case 26).
pub(super) fn rediger_lettre_hors_tirage(c: &Coup, table: u32, rng: &mut ChaCha8Rng) -> Option<Prevu> {
    // 5.4.1.d (guide 5.7.1) : une lettre absente du tirage → zéro. Avec un joker
    // au tirage, ce serait un joker non entouré : pas ici.
    if c.tirage.jokers() > 0 {
        return None;
    }
    let extra = rng.gen_range(1..=26u8);
    let mut plus = c.tirage;
    plus.ajouter(extra as usize);
    let sols = solutions(c.grille, &c.partie.formule, c.lexique.dawg(), &plus);
    let avec: Vec<&Solution> = sols
        .iter()
        .filter(|s| s.score >= 6 && s.mot().len() >= 3 && s.poses >= 2)
        .filter(|s| c.evaluer(s).is_some_and(|e| !e.manque(&c.tirage).is_empty()) && !c.fragment_de_solution(s.mot()))
        .take(20)
        .collect();
    let e = c.evaluer(avec.choose(rng)?)?;
    let manque = e.manque(&c.tirage);
    let mut ecrit = Ecrit::default();
    let (mode, r) = localiser(c, &e, rng, &mut ecrit, false);
    let i = intention(Genre::LettreHorsTirage, mode, Some(&e), attendu(Verdict::Zero, 0, vec![Motif::ErreurLettre { lettres: manque }]));
    Some(rempli(c, table, &ecrit, r, Some(e.score), i))
}

/// Un mot non admis → zéro (5.1) : deux lettres posées d'une solution échangées.
pub(super) fn rediger_mot_non_admis(c: &Coup, table: u32, rng: &mut ChaCha8Rng) -> Option<Prevu> {
    // 5.1 : un mot non admis → zéro. Deux lettres posées échangées (sans joker), seul
    // le mot joué non admis.
    let sans_joker = |e: &Evaluation| e.poses.len() >= 3 && e.mot.iter().all(|&l| l & JOKER == 0);
    let base = (0..10).find_map(|_| solution_inferieure(c, rng).filter(sans_joker)).or_else(|| Some(c.top.clone()).filter(sans_joker))?;
    if base.poses.len() < 2 {
        return None;
    }
    let cases = cases_du_mot(base.reference, base.mot.len());
    let nouvelles: Vec<usize> = (0..base.mot.len()).filter(|&i| c.grille.at(cases[i].0 as usize, cases[i].1 as usize) == 0).collect();
    let e = (0..10).find_map(|_| {
        let (a, b) = (*nouvelles.choose(rng)?, *nouvelles.choose(rng)?);
        let mut mot = base.mot.clone();
        mot.swap(a, b);
        let e = evaluer(c.grille, &c.partie.formule, &mot, base.reference).ok()?;
        (e.non_admis(c.lexique).len() == 1 && !c.fragment_de_solution(&mot) && !c.lexique.contient(&mot.iter().map(|&l| nue(l)).collect::<Vec<_>>())).then_some(e)
    })?;
    let mots = e.non_admis(c.lexique);
    let mut ecrit = Ecrit::default();
    let (mode, r) = localiser(c, &e, rng, &mut ecrit, false);
    let i = intention(Genre::MotNonAdmis, mode, Some(&e), attendu(Verdict::Zero, 0, vec![Motif::MotNonAdmis { mots }]));
    Some(rempli(c, table, &ecrit, r, Some(e.score), i))
}

/// Deux solutions indépendantes, aucune barrée → avertissement, au score minimal (guide 5.6).
pub(super) fn rediger_plusieurs_solutions(c: &Coup, table: u32, rng: &mut ChaCha8Rng) -> Option<Prevu> {
    // Guide 5.6 : deux solutions indépendantes non barrées → le score minimal.
    if c.premier() {
        return None;
    }
    let a = c.top.clone();
    let ca = cases_du_mot(a.reference, a.mot.len());
    let ra = choisir_raccords(c.grille, &a, 3, false, rng)?;
    // Indépendantes : aucune case commune ni voisine, raccords compris.
    let (b, cb, rb) = (0..30).find_map(|_| {
        let b = solution_inferieure(c, rng)?;
        let cb = cases_du_mot(b.reference, b.mot.len());
        let rb = choisir_raccords(c.grille, &b, 3, false, rng)?;
        let loin = ca.iter().chain(&ra).all(|p| cb.iter().chain(&rb).all(|q| (p.0 - q.0).abs() + (p.1 - q.1).abs() > 1));
        loin.then_some((b, cb, rb))
    })?;
    let mut ecrit = Ecrit::default();
    ecrit.mot(c.grille, &a, &ca);
    ecrit.mot(c.grille, &b, &cb);
    ecrit.raccords(c.grille, &ra);
    ecrit.raccords(c.grille, &rb);
    if ecrit.taille().0 > 17 || ecrit.taille().1 > 17 {
        return None;
    }
    let i = intention(Genre::PlusieursSolutions, Mode::Raccord, Some(&b), attendu(Verdict::Avertissement, b.score, vec![Motif::PlusieursSolutions]));
    Some(rempli(c, table, &ecrit, None, Some(a.score), i))
}

/// Le bulletin rempli d'une table : ce que montre `ecrit`, la référence et le score écrits,
/// et l'intention du joueur.
fn rempli(c: &Coup, table: u32, ecrit: &Ecrit, reference: Option<String>, score: Option<u32>, i: Intention) -> Prevu {
    Prevu { lecture: lecture(table, c.numero, ecrit, reference, score), intention: i }
}

fn attendu(verdict: Verdict, score: u32, motifs: Vec<Motif>) -> Attendu {
    Attendu { verdict, score, motifs }
}

fn intention(genre: Genre, mode: Mode, e: Option<&Evaluation>, a: Attendu) -> Intention {
    Intention {
        genre,
        mode: Some(mode),
        mot: e.map(|e| mot_vers_texte(&e.mot)),
        reference: e.map(|e| e.reference.to_string()),
        score: e.map(|e| e.score),
        attendu: a,
    }
}

/// Le placement prolonge-t-il un mot de la grille (deux lettres de grille consécutives
/// dans le mot) ? La référence y est ignorée (guide 5.4) : pas de décalage ni d'inversion.
fn prolonge(g: &Grille, e: &Evaluation) -> bool {
    let cases = cases_du_mot(e.reference, e.mot.len());
    cases.windows(2).any(|w| g.at(w[0].0 as usize, w[0].1 as usize) != 0 && g.at(w[1].0 as usize, w[1].1 as usize) != 0)
}

/// Une solution inférieure au top, de préférence parmi les meilleures.
fn solution_inferieure(c: &Coup, rng: &mut ChaCha8Rng) -> Option<Evaluation> {
    let mut vus = std::collections::BTreeSet::new();
    let candidates: Vec<&Solution> = c
        .solutions
        .iter()
        .filter(|s| s.score < c.top.score && s.score >= 6)
        .filter(|s| vus.insert(s.mot().iter().map(|&l| nue(l)).collect::<Vec<_>>()))
        .take(40)
        .collect();
    let s = candidates.get((rng.gen::<f64>().powi(2) * candidates.len() as f64) as usize)?;
    c.evaluer(s)
}

/// Le top ou, à pile ou face, une solution inférieure.
fn top_ou_inferieure(c: &Coup, rng: &mut ChaCha8Rng) -> Option<Evaluation> {
    if rng.gen_bool(0.5) {
        Some(c.top.clone())
    } else {
        solution_inferieure(c, rng)
    }
}

/// Localise un placement : référence, raccord ou les deux ; écrit le mot.
/// Avec `reference_seule`, toujours la référence : un score faux avec des lettres de raccord
/// qui valent aussi, parasites admises, à une autre place ferait payer le minimum (5.4.2.b).
fn localiser(c: &Coup, e: &Evaluation, rng: &mut ChaCha8Rng, ecrit: &mut Ecrit, reference_seule: bool) -> (Mode, Option<String>) {
    ecrit.mot(c.grille, e, &cases_du_mot(e.reference, e.mot.len()));
    if c.premier() {
        let r = rng.gen_bool(0.4).then(|| ecrire_reference(e.reference, rng));
        return (Mode::Aucune, r);
    }
    let x: f64 = rng.gen();
    if x < 0.5 || reference_seule {
        return (Mode::Reference, Some(ecrire_reference(e.reference, rng)));
    }
    let n = if rng.gen_bool(0.7) { 3 } else { 4 };
    match choisir_raccords(c.grille, e, n, false, rng) {
        Some(r) => {
            ecrit.raccords(c.grille, &r);
            if x > 0.88 {
                (Mode::DeuxModes, Some(ecrire_reference(e.reference, rng)))
            } else {
                (Mode::Raccord, None)
            }
        }
        None => (Mode::Reference, Some(ecrire_reference(e.reference, rng))),
    }
}

/// Une tentative barrée, sous ce qui est écrit (5.4 : les cases barrées n'existent pas).
fn barrer_une_tentative(c: &Coup, ecrit: &mut Ecrit, rng: &mut ChaCha8Rng) {
    let (h, l) = ecrit.taille();
    let Some(s) = c.solutions.get(rng.gen_range(0..c.solutions.len().clamp(1, 30))) else { return };
    if h + 2 > 15 || s.mot().len() as i32 > 15 || l > 17 {
        return;
    }
    let base_l = ecrit.cases.keys().map(|p| p.0).max().unwrap_or(0) + 2;
    let base_c = ecrit.cases.keys().map(|p| p.1).min().unwrap_or(0);
    for (i, &x) in s.mot().iter().enumerate() {
        let mut cel = arbitre_engine::lecture::Cellule::lettre(caractere(nue(x)));
        cel.barree = true;
        ecrit.cases.insert((base_l, base_c + i as i32), cel);
    }
}

/// Une référence voisine d'une case (dans un ordre tiré au sort) où le mot ne se place pas.
fn reference_decalee(c: &Coup, e: &Evaluation, rng: &mut ChaCha8Rng) -> Option<Reference> {
    let (l, col) = (e.reference.ligne as i32, e.reference.colonne as i32);
    let mut decalages = [(0, 1), (0, -1), (1, 0), (-1, 0)];
    decalages.shuffle(rng);
    decalages.into_iter().find_map(|(dl, dc)| {
        let (nl, nc) = (l + dl, col + dc);
        if !(0..15).contains(&nl) || !(0..15).contains(&nc) {
            return None;
        }
        let r = Reference::new(nl as usize, nc as usize, e.reference.direction);
        evaluer(c.grille, &c.partie.formule, &e.mot, r).is_err().then_some(r)
    })
}

/// Exception de 5.3.3 (guide 5.5) : si le mot, pour ce score, forme à une autre place un mot
/// en raccord non admis mais plausible, c'est un raccordement fallacieux (zéro) : ce
/// bulletin-là ne serait pas la pénalité voulue.
fn raccordement_fallacieux(c: &Coup, e: &Evaluation) -> bool {
    let modele = arbitre_engine::arbitrage::modele_plausibilite(c.lexique);
    references(e.reference.direction)
        .filter(|&r| r != e.reference)
        .filter_map(|r| evaluer(c.grille, &c.partie.formule, &e.mot, r).ok())
        .filter(|x| x.score == e.score)
        .any(|x| x.non_admis(c.lexique).iter().any(|m| modele.juger(m) != Plausibilite::Implausible))
}

/// Efface le cercle des lettres du mot que tient un joker (4.2).
fn desentourer_les_jokers(ecrit: &mut Ecrit, e: &Evaluation) {
    for (p, &l) in cases_du_mot(e.reference, e.mot.len()).iter().zip(&e.mot) {
        if let Some(arbitre_engine::lecture::Contenu::Lettre(t)) = ecrit.cases.get_mut(p).map(|x| &mut x.contenu) {
            if l & JOKER != 0 {
                t.entouree = false;
            }
        }
    }
}
