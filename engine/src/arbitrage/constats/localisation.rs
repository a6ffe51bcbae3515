//! La localisation d'un mot joué à une place : lettres de raccord (règlement 4.3.2, 5.2.2) et
//! référence alphanumérique (règlement 4.3.1, 5.3), et leur combinaison quand les deux modes sont
//! utilisés (règlement 5.3 in fine, guide 5.1.3).

use crate::arbitrage::ecrit::{Feuille, Suite, ILLISIBLE};
use crate::arbitrage::{ContexteCoup, Motif};
use crate::grille::Grille;
use crate::reference::{Direction, Reference, TAILLE};
use crate::tuiles::nue;

/// Les lettres de raccord d'un mot écrit, pour une place donnée.
#[derive(Debug, Clone, Default)]
pub struct Raccord {
    /// Nombre de lettres de raccord : lettres de grille du mot lui-même et lettres
    /// reportées autour, reliées de proche en proche à une lettre posée (règlement 4.3.2).
    pub nombre: usize,
    /// Les cases de la feuille qui sont des lettres de raccord (hors mot).
    pub cellules: Vec<usize>,
}

/// Case de la grille qui correspond à la case `i` de la feuille quand la suite est posée
/// à `r`. Même sens : la feuille se reporte telle quelle (les lettres de raccord
/// s'indiquent telles qu'elles sont sur la grille, guide 1.1.6). Sens différents : la
/// figure transposée, celle d'un joueur qui écrirait le mot et son raccord comme si le
/// mot allait dans l'autre sens ([`raccord_transpose`]).
fn case_grille(f: &Feuille, s: &Suite, r: Reference, i: usize) -> Option<usize> {
    let dl = (i / f.largeur) as isize - s.ligne as isize;
    let dc = (i % f.largeur) as isize - s.colonne as isize;
    let (dl, dc) = if r.direction == s.direction { (dl, dc) } else { (dc, dl) };
    let gl = r.ligne as isize + dl;
    let gc = r.colonne as isize + dc;
    (0..TAILLE as isize).contains(&gl).then_some(())?;
    (0..TAILLE as isize).contains(&gc).then_some(())?;
    Some(gl as usize * TAILLE + gc as usize)
}

/// Compte les lettres de raccord de la suite `s` posée à `r` (sens de la suite ; dans
/// l'autre sens, la figure transposée, voir [`case_grille`]).
/// Une lettre reportée est de raccord si la grille porte la même lettre à la même place
/// relative et si elle touche le mot ou une autre lettre de raccord ; une lettre parasite
/// (toute autre lettre) interrompt la chaîne (règlement 5.2.2, guide 5.1.4).
pub fn lettres_raccord(grille: &Grille, f: &Feuille, s: &Suite, r: Reference) -> Raccord {
    let mut nombre = (0..s.lettres.len()).filter(|&i| r.case_n(i).is_some_and(|k| grille.cases[k] != 0)).count();
    let mut vu = vec![false; f.cases.len()];
    for &i in &s.cellules {
        vu[i] = true;
    }
    let mut pile: Vec<usize> = s.cellules.clone();
    let mut cellules = Vec::new();
    while let Some(i) = pile.pop() {
        for v in f.voisines(i) {
            if vu[v] {
                continue;
            }
            let x = f.cases[v].lettre;
            if x == 0 || x == ILLISIBLE {
                continue;
            }
            let Some(k) = case_grille(f, s, r, v) else { continue };
            if grille.cases[k] != 0 && nue(grille.cases[k]) == x {
                vu[v] = true;
                cellules.push(v);
                pile.push(v);
            }
        }
    }
    nombre += cellules.len();
    Raccord { nombre, cellules }
}

/// Guide 1.1.6 : « les lettres de raccord doivent être indiquées telles qu'elles sont sur
/// la grille de jeu ; il est donc impossible d'avoir la sanction “inversion du sens du
/// mot” avec le mode de localisation par lettres de raccord ». Le raccord écrit est-il
/// celui d'une place du mot dans l'autre sens, reporté comme si le mot allait dans le sens
/// où il est écrit ? C'est le cas quand, la figure transposée, il explique plus de lettres
/// écrites (deux au moins) qu'à toute place du mot dans le sens écrit : les lettres qui y
/// coïncident avec la grille ne sont alors pas un raccord et ne localisent rien.
pub fn raccord_transpose(ctx: &ContexteCoup, f: &Feuille, s: &Suite) -> bool {
    let (mut meme_sens, mut transpose) = (0, 0);
    for sol in ctx.solutions_du_mot(&s.lettres) {
        let n = lettres_raccord(&ctx.grille, f, s, sol.reference).cellules.len();
        if sol.reference.direction == s.direction {
            meme_sens = meme_sens.max(n);
        } else {
            transpose = transpose.max(n);
        }
    }
    transpose >= 2 && transpose > meme_sens
}

/// Ce que vaut un mode de localisation à une place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Etat {
    /// Mode non utilisé.
    Absent,
    Correct,
    /// Correct mais sanctionné d'un avertissement (motif).
    Averti(Motif),
    /// Incorrect ; le motif dit pourquoi quand il a un nom au billet.
    Faux(Option<Motif>),
}

impl Etat {
    pub fn correct(&self) -> bool {
        matches!(self, Etat::Correct | Etat::Averti(_))
    }
}

/// Lettres de raccord : 3 au moins à partir du 2e coup (règlement 4.3.2) ; 2 → avertissement
/// (règlement 5.5), sauf au 2e coup après un premier mot de deux lettres où 2 suffisent ; moins →
/// localisation incorrecte (guide 5.1.1).
pub fn etat_raccord(ctx: &ContexteCoup, nombre: usize, utilise: bool) -> Etat {
    if !utilise {
        return Etat::Absent;
    }
    match nombre {
        n if n >= 3 => Etat::Correct,
        2 if ctx.premier_mot_de_deux_lettres() => Etat::Correct,
        2 => Etat::Averti(Motif::LettresRaccord),
        _ => Etat::Faux(None),
    }
}

/// Référence alphanumérique écrite, pour le mot écrit dans le sens `ecrit`, à la place
/// `r` (règlement 4.3.1, 5.3) : l'inversion du sens du mot OU de la référence est tolérée avec un
/// avertissement ; les deux à la fois : localisation incorrecte (guide 5.1.2).
pub fn etat_alphanumerique(ecrite: Option<&str>, ecrit: Direction, r: Reference) -> Etat {
    let Some(texte) = ecrite else { return Etat::Absent };
    let Ok(w) = texte.parse::<Reference>() else { return Etat::Faux(None) };
    let meme_case = w.ligne == r.ligne && w.colonne == r.colonne;
    if !meme_case {
        return Etat::Faux(None);
    }
    match (w.direction == r.direction, ecrit == r.direction) {
        (true, true) => Etat::Correct,
        (true, false) | (false, true) => Etat::Averti(Motif::Inversion),
        (false, false) => Etat::Faux(Some(Motif::ReferenceEtSensInverses { reference: texte.trim().to_string() })),
    }
}

/// Les deux modes ensemble (règlement 5.3 in fine, guide 5.1.3) : si un seul est utilisé, il
/// décide ; si les deux le sont, un seul incorrect → avertissement « deux modes », les
/// deux fautifs → la sanction la moins sévère des deux.
pub fn combiner(raccord: Etat, alpha: Etat) -> Etat {
    match (raccord, alpha) {
        (Etat::Absent, a) => a,
        (r, Etat::Absent) => r,
        (Etat::Correct, Etat::Correct) => Etat::Correct,
        (Etat::Correct, Etat::Faux(_)) | (Etat::Faux(_), Etat::Correct) => Etat::Averti(Motif::DeuxModes),
        (Etat::Correct, a @ Etat::Averti(_)) => a,
        (r @ Etat::Averti(_), Etat::Correct) => r,
        // Les deux fautifs : la moins sévère (un avertissement reste un avertissement).
        (r @ Etat::Averti(_), _) => r,
        (_, a @ Etat::Averti(_)) => a,
        (Etat::Faux(m), Etat::Faux(n)) => Etat::Faux(n.or(m)),
    }
}
