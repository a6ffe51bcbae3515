//! Une manche : pour chaque coup d'une partie, N tables et un mélange réaliste de réponses —
//! le top, des solutions inférieures et les erreurs que décrit le guide pratique
//! d'arbitrage 2020 — avec, pour chaque bulletin, la réponse voulue et la décision attendue.

use crate::redaction::{cases_du_mot, choisir_raccords, ecrire_reference, lecture, Ecrit};
use crate::verite::{Attendu, Genre, Intention, Mode};
use arbitre_engine::arbitrage::plausibilite::Plausibilite;
use arbitre_engine::arbitrage::{Motif, Verdict};
use arbitre_engine::evaluation::{evaluer, references, Evaluation};
use arbitre_engine::generation::{solutions, Solution};
use arbitre_engine::lecture::{EtatBulletin, Lecture};
use arbitre_engine::lexique::Lexique;
use arbitre_engine::LexiquePartie;
use arbitre_engine::partie::Partie;
use arbitre_engine::reference::Reference;
use arbitre_engine::tuiles::{caractere, mot_vers_texte, nue, Tirage, JOKER};
use arbitre_engine::Grille;
use rand::seq::SliceRandom;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// Un bulletin prévu : ce qu'il montre et ce que le joueur voulait.
#[derive(Debug, Clone, PartialEq)]
pub struct Prevu {
    pub lecture: Lecture,
    pub intention: Intention,
}

/// Poids des genres dans une manche (proportions plausibles d'une salle de tournoi).
pub const POIDS: [(Genre, u32); 12] = [
    (Genre::Top, 38),
    (Genre::Solution, 22),
    (Genre::ScoreErrone, 7),
    (Genre::DeuxLettresRaccord, 4),
    (Genre::Decalage, 4),
    (Genre::ReferenceInversee, 4),
    (Genre::JokerNonEntoure, 5),
    (Genre::LettreHorsTirage, 3),
    (Genre::MotNonAdmis, 4),
    (Genre::PlusieursSolutions, 3),
    (Genre::Vierge, 2),
    (Genre::Absent, 4),
];

/// Tout ce qui ne dépend que du coup.
pub struct Coup<'a> {
    pub numero: u32,
    pub grille: &'a Grille,
    pub tirage: Tirage,
    pub partie: &'a Partie,
    pub lexique: &'a Lexique,
    pub solutions: Vec<Solution>,
    /// Le top de la partie (ses mots sont admis par le lexique de la partie).
    pub top: Evaluation,
}

impl<'a> Coup<'a> {
    pub fn new(partie: &'a Partie, numero: u32, lexique: &'a LexiquePartie<'_>) -> Option<Coup<'a>> {
        let lexique = lexique.lexique();
        let grille = partie.grille_avant(numero)?;
        let tirage = partie.coup(numero)?.tirage;
        let solutions = solutions(grille, &partie.formule, lexique.dawg(), &tirage);
        let top = partie.tops.get(numero as usize - 1)?.clone();
        Some(Coup { numero, grille, tirage, partie, lexique, solutions, top })
    }

    fn premier(&self) -> bool {
        self.grille.est_vide()
    }

    fn evaluer(&self, s: &Solution) -> Option<Evaluation> {
        evaluer(self.grille, &self.partie.formule, s.mot(), s.reference).ok()
    }

    /// Le score maximal d'un mot, toutes places confondues (premier coup, 5.4.2.a).
    fn max_du_mot(&self, mot: &[u8]) -> u32 {
        let nu: Vec<u8> = mot.iter().map(|&l| nue(l)).collect();
        self.solutions.iter().filter(|s| s.mot().iter().map(|&l| nue(l)).eq(nu.iter().copied())).map(|s| s.score).max().unwrap_or(0)
    }

    /// Le mot est-il le début ou la fin d'une solution du coup ? Un tel bulletin relève du
    /// mot incomplet (guide 5.7.3), pas de l'erreur voulue.
    fn fragment_de_solution(&self, mot: &[u8]) -> bool {
        let nu: Vec<u8> = mot.iter().map(|&l| nue(l)).collect();
        self.solutions.iter().any(|s| {
            let m: Vec<u8> = s.mot().iter().map(|&l| nue(l)).collect();
            m.len() > nu.len() && (m.starts_with(&nu) || m.ends_with(&nu))
        })
    }

    /// Les scores du mot, écrit dans ce sens, à toutes les places (tirage ignoré) : un
    /// score erroné ne doit en être aucun (sinon 5.3.3 s'appliquerait).
    fn scores_du_mot(&self, e: &Evaluation) -> Vec<u32> {
        references(e.reference.direction).filter_map(|r| evaluer(self.grille, &self.partie.formule, &e.mot, r).ok()).map(|x| x.score).collect()
    }
}

/// Le placement prolonge-t-il un mot de la grille (deux lettres de grille consécutives
/// dans le mot) ? La référence y est ignorée (guide 5.4) : pas de décalage ni d'inversion.
fn prolonge(g: &Grille, e: &Evaluation) -> bool {
    let cases = cases_du_mot(e.reference, e.mot.len());
    cases.windows(2).any(|w| g.at(w[0].0 as usize, w[0].1 as usize) != 0 && g.at(w[1].0 as usize, w[1].1 as usize) != 0)
}

/// Tire un genre selon [`POIDS`].
fn tirer_genre(rng: &mut ChaCha8Rng) -> Genre {
    let total: u32 = POIDS.iter().map(|p| p.1).sum();
    let mut x = rng.gen_range(0..total);
    for &(g, p) in &POIDS {
        if x < p {
            return g;
        }
        x -= p;
    }
    Genre::Top
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

/// Prévoit les bulletins des tables `1..=tables` pour un coup.
pub fn prevoir_coup(coup: &Coup, tables: u32, rng: &mut ChaCha8Rng) -> Vec<Prevu> {
    (1..=tables)
        .map(|table| {
            let voulu = tirer_genre(rng);
            // Un genre impossible à ce coup (pas de joker, premier coup…) : le top.
            rediger(coup, table, voulu, rng).or_else(|| rediger(coup, table, Genre::Top, rng)).expect("le top se rédige toujours")
        })
        .collect()
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

/// Rédige le bulletin d'une table pour un genre ; `None` si le genre est impossible ici.
pub fn rediger(c: &Coup, table: u32, genre: Genre, rng: &mut ChaCha8Rng) -> Option<Prevu> {
    let n = c.numero;
    let mut ecrit = Ecrit::default();
    let fait = |ecrit: &Ecrit, r: Option<String>, score: Option<u32>, i: Intention| {
        let l = lecture(table, n, ecrit, r, score);
        Some(Prevu { lecture: l, intention: i })
    };
    match genre {
        Genre::Absent | Genre::Vierge => {
            let mut l = Lecture::nouvelle(table, n);
            let (etat, motif) = if genre == Genre::Absent { (EtatBulletin::Absent, Motif::Absent) } else { (EtatBulletin::Vierge, Motif::Vierge) };
            l.etat = etat;
            l.rature = genre == Genre::Vierge && rng.gen_bool(0.2);
            let i = Intention { genre, mode: None, mot: None, reference: None, score: None, attendu: attendu(Verdict::Zero, 0, vec![motif]) };
            Some(Prevu { lecture: l, intention: i })
        }
        Genre::Top | Genre::Solution | Genre::ScoreErrone => {
            let e = if genre == Genre::Solution || (genre == Genre::ScoreErrone && rng.gen_bool(0.4)) { solution_inferieure(c, rng)? } else { c.top.clone() };
            // Premier coup : le score maximal du mot joué (5.4.2.a).
            let paye = if c.premier() { c.max_du_mot(&e.mot) } else { e.score };
            let (mode, r) = localiser(c, &e, rng, &mut ecrit, genre == Genre::ScoreErrone);
            if genre != Genre::ScoreErrone && rng.gen_bool(0.08) {
                barrer_une_tentative(c, &mut ecrit, rng);
            }
            if genre == Genre::ScoreErrone {
                let interdits = c.scores_du_mot(&e);
                let faux = [paye as i64 + 1, paye as i64 - 1, paye as i64 + 2, paye as i64 - 2, paye as i64 + 10, paye as i64 - 10, paye as i64 - 50, paye as i64 + 3];
                let mut faux: Vec<u32> = faux.into_iter().filter(|&s| s > 0).map(|s| s as u32).filter(|s| !interdits.contains(s) && *s != paye).collect();
                faux.shuffle(rng);
                let s = *faux.first()?;
                let i = intention(genre, mode, Some(&e), attendu(Verdict::Avertissement, paye, vec![Motif::Score]));
                return fait(&ecrit, r, Some(s), i);
            }
            let i = intention(genre, mode, Some(&e), attendu(Verdict::Valide, paye, vec![]));
            fait(&ecrit, r, Some(paye), i)
        }
        Genre::DeuxLettresRaccord => {
            // 4.3.2 : trois lettres de raccord ; deux → avertissement (sauf au 2e coup après
            // un premier mot de deux lettres).
            if c.premier() || c.grille.cases.iter().filter(|&&x| x != 0).count() == 2 {
                return None;
            }
            let e = if rng.gen_bool(0.5) { c.top.clone() } else { solution_inferieure(c, rng)? };
            let r = choisir_raccords(c.grille, &e, 2, true, rng)?;
            ecrit.mot(c.grille, &e, &cases_du_mot(e.reference, e.mot.len()));
            ecrit.raccords(c.grille, &r);
            let i = intention(genre, Mode::Raccord, Some(&e), attendu(Verdict::Avertissement, e.score, vec![Motif::LettresRaccord]));
            fait(&ecrit, None, Some(e.score), i)
        }
        Genre::Decalage => {
            // 5.3.3 : localisation erronée, score et sens exacts → pénalité de 5 points.
            if c.premier() {
                return None;
            }
            let e = if rng.gen_bool(0.5) { c.top.clone() } else { solution_inferieure(c, rng)? };
            if e.score < 10 || prolonge(c.grille, &e) {
                return None;
            }
            let (l, col) = (e.reference.ligne as i32, e.reference.colonne as i32);
            let mut decalages = [(0, 1), (0, -1), (1, 0), (-1, 0)];
            decalages.shuffle(rng);
            let faux = decalages.into_iter().find_map(|(dl, dc)| {
                let (nl, nc) = (l + dl, col + dc);
                if !(0..15).contains(&nl) || !(0..15).contains(&nc) {
                    return None;
                }
                let r = Reference::new(nl as usize, nc as usize, e.reference.direction);
                evaluer(c.grille, &c.partie.formule, &e.mot, r).is_err().then_some(r)
            })?;
            // Exception de 5.3.3 (guide 5.5) : si le mot, pour ce score, forme à une autre place
            // un mot en raccord non admis mais plausible, c'est un raccordement fallacieux
            // (zéro) : ce bulletin-là ne serait pas la pénalité voulue.
            let modele = arbitre_engine::arbitrage::modele_plausibilite(c.lexique);
            let fallacieux = references(e.reference.direction)
                .filter(|&r| r != e.reference)
                .filter_map(|r| evaluer(c.grille, &c.partie.formule, &e.mot, r).ok())
                .filter(|x| x.score == e.score)
                .any(|x| x.non_admis(c.lexique).iter().any(|m| modele.juger(m) != Plausibilite::Implausible));
            if fallacieux {
                return None;
            }
            ecrit.mot(c.grille, &e, &cases_du_mot(e.reference, e.mot.len()));
            let i = intention(genre, Mode::Reference, Some(&e), attendu(Verdict::Penalite, e.score - 5, vec![Motif::LocalisationPenalite]));
            fait(&ecrit, Some(ecrire_reference(faux, rng)), Some(e.score), i)
        }
        Genre::ReferenceInversee => {
            // Billet, case 7 : référence OU sens du mot inversé → avertissement.
            if c.premier() {
                return None;
            }
            let e = if rng.gen_bool(0.5) { c.top.clone() } else { solution_inferieure(c, rng)? };
            let autre = e.reference.sens_inverse();
            if prolonge(c.grille, &e) || evaluer(c.grille, &c.partie.formule, &e.mot, autre).is_ok() {
                return None;
            }
            let r = if rng.gen_bool(0.5) {
                // La référence inversée (« 4H » pour « H4 »), le mot dans le bon sens.
                ecrit.mot(c.grille, &e, &cases_du_mot(e.reference, e.mot.len()));
                ecrire_reference(autre, rng)
            } else {
                // Le mot écrit dans l'autre sens, la référence exacte.
                ecrit.mot(c.grille, &e, &cases_du_mot(autre, e.mot.len()));
                ecrire_reference(e.reference, rng)
            };
            let i = intention(genre, Mode::Reference, Some(&e), attendu(Verdict::Avertissement, e.score, vec![Motif::Inversion]));
            fait(&ecrit, Some(r), Some(e.score), i)
        }
        Genre::JokerNonEntoure => {
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
            let paye = if c.premier() { c.max_du_mot(&e.mot) } else { e.score };
            let (mode, r) = localiser(c, &e, rng, &mut ecrit, false);
            for (p, &l) in cases_du_mot(e.reference, e.mot.len()).iter().zip(&e.mot) {
                if let Some(arbitre_engine::lecture::Contenu::Lettre(t)) = ecrit.cases.get_mut(p).map(|x| &mut x.contenu) {
                    if l & JOKER != 0 {
                        t.entouree = false;
                    }
                }
            }
            let i = intention(genre, mode, Some(&e), attendu(Verdict::Avertissement, paye, vec![Motif::Joker { lettre }]));
            fait(&ecrit, r, Some(paye), i)
        }
        Genre::LettreHorsTirage => {
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
            let (mode, r) = localiser(c, &e, rng, &mut ecrit, false);
            let i = intention(genre, mode, Some(&e), attendu(Verdict::Zero, 0, vec![Motif::ErreurLettre { lettres: manque }]));
            fait(&ecrit, r, Some(e.score), i)
        }
        Genre::MotNonAdmis => {
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
            let (mode, r) = localiser(c, &e, rng, &mut ecrit, false);
            let i = intention(genre, mode, Some(&e), attendu(Verdict::Zero, 0, vec![Motif::MotNonAdmis { mots }]));
            fait(&ecrit, r, Some(e.score), i)
        }
        Genre::PlusieursSolutions => {
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
            ecrit.mot(c.grille, &a, &ca);
            ecrit.mot(c.grille, &b, &cb);
            ecrit.raccords(c.grille, &ra);
            ecrit.raccords(c.grille, &rb);
            if ecrit.taille().0 > 17 || ecrit.taille().1 > 17 {
                return None;
            }
            let i = intention(genre, Mode::Raccord, Some(&b), attendu(Verdict::Avertissement, b.score, vec![Motif::PlusieursSolutions]));
            fait(&ecrit, None, Some(a.score), i)
        }
    }
}

/// Quelques bulletins portent aussi des ratures visibles.
pub fn ajouter_ratures(p: &mut [Prevu], rng: &mut ChaCha8Rng) {
    for b in p.iter_mut() {
        if b.lecture.etat == EtatBulletin::Rempli && rng.gen_bool(0.06) {
            b.lecture.rature = true;
        }
    }
}
