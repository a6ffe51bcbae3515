//! Les solutions qu'un mot écrit sur le bulletin peut viser (règlement 5.2.1, 5.3) : aux
//! places où il est valide (règlement 5.3.1, 5.3.2), avec ses lettres de raccord et la référence
//! alphanumérique ; par le score et le sens seuls (règlement 5.3.3) ; et, pour un prolongement écrit
//! en abrégé, par les lettres du mot prolongé (guide 5.4, [`abrege`]).

use super::fallacieux;
use super::localisation::{combiner, etat_alphanumerique, etat_raccord, lettres_raccord, raccord_transpose, Etat};
use super::paiement::{payer, payer_premier_coup, Paiement};
use super::places::solutions_par_place;
use super::{Candidat, Fondement};
use crate::arbitrage::ecrit::{Ecrit, Suite};
use crate::arbitrage::{ContexteCoup, Motif};
use crate::reference::Reference;

pub mod abrege;
pub use abrege::prolongement_abrege;

/// Premier coup (règlement 5.4.2.a) : le maximum du mot, référence et sens ignorés.
pub fn premier_coup(ctx: &ContexteCoup, e: &Ecrit, n: usize) -> Option<Candidat> {
    let s = &e.suites[n];
    let variantes = ctx.indices_du_mot(&s.lettres);
    if variantes.is_empty() {
        return None;
    }
    let p = payer_premier_coup(&ctx.grille, &ctx.solutions, variantes, &s.entourees, e.revendique);
    Some(localisee(n, p, Vec::new(), s.cellules.clone()))
}

/// Une place correctement localisée : les fautes de localisation, puis celles du
/// paiement (score, joker), chacune une fois.
fn localisee(n: usize, p: Paiement, mut fautes: Vec<Motif>, cellules: Vec<usize>) -> Candidat {
    for m in &p.fautes {
        if !fautes.contains(m) {
            fautes.push(m.clone());
        }
    }
    Candidat { suite: n, fondement: Fondement::Localisee { paiement: p, fautes }, fallacieux: None, cellules }
}

/// Une place où le mot écrit est une solution valide, et ce que vaut sa localisation.
struct Place {
    /// Les solutions du mot à cette place (une par encerclement) : indices dans les
    /// solutions du coup.
    variantes: Vec<u32>,
    etat: Etat,
    /// Localisée par les lettres de raccord (correctes ou deux seulement).
    par_raccord: bool,
    /// Localisée par la référence (juste ou inversée).
    par_reference: bool,
    /// Lettres de raccord reportées hors du mot qui conviennent à cette place.
    externes: usize,
    cellules: Vec<usize>,
}

/// Un mode de localisation (règlement 4.3) : les lettres de raccord ou la référence
/// alphanumérique.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Raccord,
    Reference,
}

/// Les solutions acceptables d'un mot écrit en entier, à partir du 2e coup (règlement 5.3, 5.4.2.b).
pub fn mot_entier(ctx: &ContexteCoup, e: &Ecrit, n: usize) -> Vec<Candidat> {
    let s = &e.suites[n];
    let mut sortie = Vec::new();
    if s.illisible() {
        return sortie;
    }
    let hors_mot = e.lettres_hors_mot(s);
    // Guide 1.1.6 : un raccord reporté comme si le mot allait dans l'autre sens ne localise
    // aucune place du sens écrit, même si quelques-unes de ses lettres y coïncident.
    let transpose = hors_mot && raccord_transpose(ctx, e.feuille, s);
    let places: Vec<Place> = solutions_par_place(ctx, &s.lettres)
        .into_iter()
        .map(|(r, variantes)| Place::evaluer(ctx, e, s, r, variantes, hors_mot, transpose))
        .collect();

    // règlement 5.3.1 / 5.3.2 : les places correctement localisées, par chaque mode. Un même mode
    // qui désigne plusieurs places (raccord insuffisamment précis, guide 5.1.5 ; mot
    // jouable dans les deux sens depuis la case indiquée, 5.5) : celle du score indiqué,
    // sinon le score minimum (règlement 5.4.2.b, 2e exception). Deux modes qui désignent des places
    // différentes : deux solutions, la plus favorable est retenue (guide 6.4).
    for mode in [Mode::Raccord, Mode::Reference] {
        sortie.extend(localisee_par(ctx, e, n, &places, mode, hors_mot));
    }

    // règlement 5.3.3 : score existant pour le mot dans le sens où il est écrit, localisation
    // absente, erronée ou incompatible.
    sortie.extend(par_le_score(ctx, e, n, &places));
    sortie
}

impl Place {
    /// La localisation écrite du mot `s` évaluée à la place `r` (ses solutions :
    /// `variantes`) : lettres de raccord et référence, chacune puis ensemble. `hors_mot` :
    /// le joueur a reporté des lettres hors du mot ; `transpose` : c'est le raccord d'une
    /// place dans l'autre sens ([`raccord_transpose`]).
    fn evaluer(ctx: &ContexteCoup, e: &Ecrit, s: &Suite, r: Reference, variantes: Vec<u32>, hors_mot: bool, transpose: bool) -> Place {
        let meme_sens = r.direction == s.direction;
        let (raccord, externes) = if meme_sens { raccord_ecrit(ctx, e, s, r, transpose) } else { (0, Vec::new()) };
        // Longueur du mot de la grille que le mot prolonge à cette place, le cas échéant.
        let prolonge = ctx.grille.prolongement(r, s.lettres.len()).map(|(g, _, _)| g);
        let alpha = reference_ecrite(e, s, r, prolonge);
        let utilise = meme_sens && raccord_utilise(hors_mot, raccord, prolonge, &alpha);
        let etat_lr = etat_raccord(ctx, raccord, utilise);
        let (par_raccord, par_reference) = (etat_lr.correct(), alpha.correct());
        let etat = if meme_sens {
            combiner(etat_lr, alpha)
        } else {
            // Mot écrit dans l'autre sens : seule la référence peut le localiser (règlement 5.3).
            alpha
        };
        let nb_externes = externes.len();
        let mut cellules = s.cellules.clone();
        cellules.extend(externes);
        Place { variantes, etat, par_raccord, par_reference, externes: nb_externes, cellules }
    }

    /// Correctement localisée par ce mode ?
    fn correcte_par(&self, mode: Mode) -> bool {
        self.etat.correct()
            && match mode {
                Mode::Raccord => self.par_raccord,
                Mode::Reference => self.par_reference,
            }
    }
}

/// Les lettres de raccord du mot `s` à la place `r` (dans le sens écrit) : leur nombre, et
/// les cases de la feuille, hors du mot, qui en sont. Un raccord transposé (guide 1.1.6)
/// n'y compte que les lettres de grille du mot lui-même.
fn raccord_ecrit(ctx: &ContexteCoup, e: &Ecrit, s: &Suite, r: Reference, transpose: bool) -> (usize, Vec<usize>) {
    let rc = lettres_raccord(&ctx.grille, e.feuille, s, r);
    if transpose {
        (rc.nombre - rc.cellules.len(), Vec::new())
    } else {
        (rc.nombre, rc.cellules)
    }
}

/// Ce que vaut la référence écrite à la place `r` du mot `s`, qui y prolonge un mot de
/// `prolonge` lettres le cas échéant.
fn reference_ecrite(e: &Ecrit, s: &Suite, r: Reference, prolonge: Option<usize>) -> Etat {
    // règlement 5.3 in fine, guide 5.4 : prolongement d'un mot d'au moins trois lettres, la
    // référence alphanumérique est ignorée.
    if prolonge.is_some_and(|g| g >= 3) && r.direction == s.direction {
        Etat::Absent
    } else {
        etat_alphanumerique(e.reference, s.direction, r)
    }
}

/// Les lettres de raccord sont-elles un mode de localisation utilisé, à une place dans le
/// sens écrit où le mot en compte `raccord` (et prolonge un mot de `prolonge` lettres, le
/// cas échéant) ?
fn raccord_utilise(hors_mot: bool, raccord: usize, prolonge: Option<usize>, alpha: &Etat) -> bool {
    // Les lettres de raccord sont « utilisées » si le joueur en écrit hors du mot, si
    // le mot en porte trois à lui seul, ou s'il prolonge un mot de deux lettres sans
    // que la référence le localise (règlement 5.5 : ni troisième lettre de raccord ni référence
    // correcte → avertissement).
    let deux_lettres_prolongees = prolonge == Some(2);
    hors_mot || raccord >= 3 || (deux_lettres_prolongees && !alpha.correct())
}

/// Les places que désigne un mode de localisation : celles qu'il localise correctement.
fn places_designees(places: &[Place], mode: Mode) -> Vec<&Place> {
    let mut correctes: Vec<&Place> = places.iter().filter(|p| p.correcte_par(mode)).collect();
    // Quand le joueur a reporté des lettres de raccord, une place qu'elles ne
    // désignent pas (aucune ne convient) ne vaut que par les lettres du mot : elle
    // cède devant celles que le raccord écrit désigne (guide 1.5.3).
    // De même, entre plusieurs places, le raccord écrit désigne celles où le plus de ses
    // lettres conviennent (les autres y seraient parasites).
    if mode == Mode::Raccord {
        let max = correctes.iter().map(|p| p.externes).max().unwrap_or(0);
        correctes.retain(|p| p.externes == max);
    }
    correctes
}

/// Entre les places que désigne un même mode : celle du score indiqué, sinon celle du
/// score minimum (règlement 5.4.2.b, 2e exception), et ce qu'elle paie.
fn place_payee<'p>(ctx: &ContexteCoup, e: &Ecrit, s: &Suite, correctes: &[&'p Place]) -> (Paiement, &'p Place) {
    let paiements: Vec<(Paiement, &Place)> = correctes
        .iter()
        .map(|p| (payer(&ctx.grille, &ctx.solutions, &p.variantes, &s.entourees, e.revendique), *p))
        .collect();
    let (p, place) = paiements
        .iter()
        .find(|(p, _)| p.score_exact)
        .or_else(|| paiements.iter().min_by_key(|(p, _)| p.score))
        .expect("une place correcte");
    (p.clone(), place)
}

/// La solution que désigne un mode de localisation (règlement 5.3.1, 5.3.2), s'il localise
/// correctement une place au moins.
fn localisee_par(ctx: &ContexteCoup, e: &Ecrit, n: usize, places: &[Place], mode: Mode, hors_mot: bool) -> Option<Candidat> {
    let s = &e.suites[n];
    let correctes = places_designees(places, mode);
    if correctes.is_empty() {
        return None;
    }
    let (p, place) = place_payee(ctx, e, s, &correctes);
    let motifs = match &place.etat {
        Etat::Averti(m) => vec![m.clone()],
        _ => Vec::new(),
    };
    let score_exact = p.score_exact;
    let mut c = localisee(n, p, motifs, place.cellules.clone());
    if mode == Mode::Raccord && !score_exact && hors_mot {
        // « … sauf si l'une des places possibles forme un raccordement fallacieux » :
        // une place où le raccord écrit convient aussi et où le mot, pour le score
        // écrit, forme un raccord non valide mais plausible (guide 7.4.6).
        c.fallacieux = e.revendique.and_then(|r| fallacieux::places_raccord_fallacieuses(ctx, e, s, r));
    }
    Some(c)
}

/// Règlement 5.3.3 : la solution que vise le score écrit, s'il existe pour le mot dans le
/// sens où il est écrit à une place que la localisation ne désigne pas correctement
/// (absente, erronée ou incompatible).
fn par_le_score(ctx: &ContexteCoup, e: &Ecrit, n: usize, places: &[Place]) -> Option<Candidat> {
    let s = &e.suites[n];
    let r = e.revendique?;
    let v = places.iter().filter(|p| !p.etat.correct()).find_map(|p| {
        p.variantes.iter().copied().find(|&i| {
            let v = ctx.solution(i);
            v.reference.direction == s.direction && v.score == r
        })
    })?;
    // Guide 5.5 : zéro si un raccordement fallacieux est possible pour ce mot, ce
    // sens et ce score.
    let fallacieux = fallacieux::pour_score(ctx, s, r);
    // Les lettres reportées qui sont de raccord à l'une des places du mot sont
    // des lettres de raccord fautives, pas un autre mot joué.
    let mut cellules = s.cellules.clone();
    for p in places {
        cellules.extend(&p.cellules);
    }
    Some(Candidat { suite: n, fondement: Fondement::ParLeScore { solution: v, score: r }, fallacieux, cellules })
}
