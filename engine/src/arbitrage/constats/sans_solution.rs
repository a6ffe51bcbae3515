//! Les mots écrits qui ne donnent aucune solution acceptable : pourquoi (règlement 5.4.1 a–d, 5.7,
//! billet de correction), ou s'ils ne sont que des lettres de raccord et des parasites
//! (règlement 5.2.2) qu'on néglige.

use super::localisation::{lettres_raccord, raccord_transpose};
use super::places::sur_la_grille;
use crate::arbitrage::ecrit::{Ecrit, Suite};
use crate::arbitrage::{ContexteCoup, Motif};
use crate::evaluation::{evaluer, references, Evaluation};
use crate::generation::Solution;
use crate::reference::{Direction, Reference, TAILLE};
use crate::tuiles::{mot_vers_texte, nue};

/// Ce qu'est un mot écrit sans solution acceptable.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Classe {
    /// Pas un mot joué (règlement 5.2.1) : lettres de raccord, parasites, mot déjà sur la grille.
    Neglige,
    /// Pas un mot joué non plus (règlement 5.2.1), négligé de même : ni admis, ni formé avec
    /// le tirage à une place de la grille. Mais une lettre lue de travers suffit à rendre
    /// ainsi injouable un mot bien joué : ce que la lecture d'une machine doit faire voir.
    Injouable,
    /// Un mot joué sans solution acceptable (règlement 5.4.1), avec ce qui l'en empêche (motifs du
    /// billet) et « vérifiez votre grille » le cas échéant ; les sanctions en font un zéro.
    MotJoue { motifs: Vec<Motif>, verifier_grille: bool },
}

fn mot_joue(m: Motif) -> Classe {
    Classe::MotJoue { motifs: vec![m], verifier_grille: false }
}

/// Les lettres se lisent-elles déjà, à la suite, sur la grille (dans un sens ou l'autre) ?
fn deja_sur_la_grille(ctx: &ContexteCoup, lettres: &[u8]) -> bool {
    let n = lettres.len();
    if n > TAILLE {
        return false;
    }
    [Direction::Horizontal, Direction::Vertical].into_iter().any(|d| {
        references(d).any(|r| {
            (0..n).all(|i| r.case_n(i).is_some_and(|k| ctx.grille.cases[k] != 0 && nue(ctx.grille.cases[k]) == lettres[i]))
        })
    })
}

/// Toutes les places géométriquement possibles du mot (lettres de grille respectées,
/// raccordé, écrit en entier), dans les deux sens.
fn places_geometriques(ctx: &ContexteCoup, lettres: &[u8]) -> Vec<Evaluation> {
    [Direction::Horizontal, Direction::Vertical].into_iter().flat_map(|d| sur_la_grille(ctx, lettres, d)).collect()
}

/// Classe un mot écrit (suite de la feuille) qui n'a donné aucune solution acceptable.
/// `incomplet` : le plus grand nombre de lettres posées d'un prolongement reconnu mais
/// trop abrégé ([`super::candidats::prolongement_abrege`]). `autre_solution` : le
/// bulletin porte par ailleurs une solution acceptable ou un autre mot écrit (le mot peut
/// alors n'être qu'un raccord recopié).
pub fn classer(ctx: &ContexteCoup, e: &Ecrit, s: &Suite, incomplet: Option<usize>, autre_solution: bool) -> Classe {
    // Guide 5.4 : un prolongement abrégé sans assez de lettres du mot prolongé, qui pose
    // plusieurs lettres : mot non écrit en entier. Un mot admis s'explique d'abord par le
    // règlement 5.4.1 (erreur de lettre, de grille…).
    if incomplet.is_some_and(|posees| posees >= 2) && !ctx.lexique.contient(&s.lettres) {
        return mot_joue(Motif::MotIncomplet);
    }
    if s.illisible() {
        // Guide 5.8 : un mot joué qu'on ne sait pas lire.
        return mot_joue(Motif::Illisible);
    }
    let lettres = &s.lettres;
    if autre_solution && deja_sur_la_grille(ctx, lettres) {
        return Classe::Neglige; // guide 7.4.5 : SAUVEE recopié, lettres parasites
    }
    let admis = ctx.lexique.contient(lettres);
    let places = places_geometriques(ctx, lettres);
    let valides: Vec<&Evaluation> = places.iter().filter(|p| p.non_admis(ctx.lexique).is_empty()).collect();
    if admis && !valides.is_empty() {
        return admis_jouable(ctx, e, s, &valides);
    }
    // Mot incomplet (guide 5.7.3) : le début ou la fin d'une solution du coup.
    if !admis && ctx.solutions.iter().any(|sol| fragment_de(ctx, e, lettres, sol)) {
        return mot_joue(Motif::MotIncomplet);
    }
    mot_joue_sans_solution(ctx, e, s, admis, &places)
}

/// Le mot se forme-t-il avec le tirage à cette place ? Les lettres écrites sont nues : un
/// joker du tirage peut tenir lieu de n'importe laquelle (règlement 5.3.2), encerclée ou
/// non.
fn avec_tirage(ctx: &ContexteCoup, p: &Evaluation) -> bool {
    p.manque(&ctx.tirage).len() <= ctx.tirage.jokers() as usize
}

/// Un mot admis qui se joue sur la grille (`valides` : ses places où tous les mots formés
/// sont admis) sans donner de solution acceptable : erreur de lettre (règlement 5.4.1.d)
/// ou localisation fautive.
fn admis_jouable(ctx: &ContexteCoup, e: &Ecrit, s: &Suite, valides: &[&Evaluation]) -> Classe {
    // La place que désigne la localisation écrite (référence lue dans le sens du mot écrit,
    // ou deux lettres de raccord au moins).
    let designe = |p: &Evaluation| {
        p.reference.direction == s.direction
            && (e.place_ecrite().is_some_and(|r| r.ligne == p.reference.ligne && r.colonne == p.reference.colonne)
                || lettres_raccord(&ctx.grille, e.feuille, s, p.reference).nombre >= 2)
    };
    // règlement 5.4.1.d d'abord : à la place désignée, le mot se joue mais pas avec le tirage.
    if let Some(p) = valides.iter().find(|p| designe(p) && !avec_tirage(ctx, p)) {
        return mot_joue(Motif::ErreurLettre { lettres: p.manque(&ctx.tirage) });
    }
    if valides.iter().any(|p| avec_tirage(ctx, p)) {
        // Une solution du coup, mais ni localisation correcte ni score existant.
        return localisation_fautive(ctx, e, s, valides);
    }
    // règlement 5.4.1.d : jouable sur la grille, pas avec les lettres du tirage.
    let manque = valides.iter().map(|p| p.manque(&ctx.tirage)).min_by_key(String::len).unwrap_or_default();
    mot_joue(Motif::ErreurLettre { lettres: manque })
}

/// Un mot admis qui se forme avec le tirage à l'une de ses places `valides`, mais sans
/// localisation correcte ni score existant : ce qu'a de fautif la localisation écrite.
fn localisation_fautive(ctx: &ContexteCoup, e: &Ecrit, s: &Suite, valides: &[&Evaluation]) -> Classe {
    let faute = if let Some(r) = e.place_ecrite() {
        reference_fautive(ctx, e, s, valides, r)
    } else if e.lettres_hors_mot(s) {
        raccord_fautif(ctx, e, s, valides)
    } else {
        None
    };
    faute.unwrap_or_else(|| mot_joue(Motif::LocalisationZero))
}

/// La faute de la référence écrite `r`, quand elle a un nom au billet.
fn reference_fautive(ctx: &ContexteCoup, e: &Ecrit, s: &Suite, valides: &[&Evaluation], r: Reference) -> Option<Classe> {
    // Guide 5.1.2 ex. 4 : référence et sens inversés.
    let inverse = valides.iter().any(|p| {
        p.reference.ligne == r.ligne
            && p.reference.colonne == r.colonne
            && p.reference.direction != r.direction
            && p.reference.direction != s.direction
    });
    if inverse {
        return Some(mot_joue(Motif::ReferenceEtSensInverses { reference: e.reference.unwrap_or("").trim().to_string() }));
    }
    if evaluer(&ctx.grille, &ctx.formule, &s.lettres, Reference { direction: s.direction, ..r }).is_err() {
        return Some(mot_joue(Motif::PlacementImpossible));
    }
    None
}

/// La faute des lettres de raccord écrites hors du mot (sans référence), quand elle a un
/// nom au billet.
fn raccord_fautif(ctx: &ContexteCoup, e: &Ecrit, s: &Suite, valides: &[&Evaluation]) -> Option<Classe> {
    if raccord_transpose(ctx, e.feuille, s) {
        // Guide 1.1.6 : le raccord d'une place dans l'autre sens, reporté comme si
        // le mot allait dans le sens écrit : pas d'inversion tolérée.
        return Some(mot_joue(Motif::PlacementImpossible));
    }
    if !valides.iter().filter(|p| p.reference.direction == s.direction).any(|p| {
        !lettres_raccord(&ctx.grille, e.feuille, s, p.reference).cellules.is_empty()
    }) {
        // Guide 1.1.6 : des lettres de raccord qui ne se trouvent à aucune place
        // du mot dans ce sens ; soupçon d'erreur de grille (guide 4, 1.c, DEFINIR).
        return Some(Classe::MotJoue { motifs: vec![Motif::PlacementImpossible], verifier_grille: true });
    }
    None
}

/// Mot incomplet (guide 5.7.3) : les `lettres` sont-elles le début ou la fin de la
/// solution `sol` du coup ?
fn fragment_de(ctx: &ContexteCoup, e: &Ecrit, lettres: &[u8], sol: &Solution) -> bool {
    // Le fragment doit porter au moins deux des lettres posées par cette solution.
    let m = sol.mot();
    let n = lettres.len();
    if m.len() <= n {
        return false;
    }
    let pareil = |debut: usize| m[debut..debut + n].iter().zip(lettres).all(|(&a, &b)| nue(a) == b);
    let posees = |debut: usize| {
        (debut..debut + n).filter(|&i| sol.reference.case_n(i).is_some_and(|k| ctx.grille.cases[k] == 0)).count()
    };
    // … et le bulletin doit viser cette solution (score ou référence, guide 7.3.1 et
    // 7.3.3), sinon ce n'est qu'un mot non admis qui lui ressemble.
    ((pareil(0) && posees(0) >= 2) || (pareil(m.len() - n) && posees(m.len() - n) >= 2)) && e.vise(sol)
}

/// Un mot écrit ni admis et jouable sur la grille ni fragment d'une solution (`places` :
/// ses places géométriques) : mot joué non admis (règlement 5.4.1.a/b), erreur de grille
/// (5.4.1.c), ou négligé.
fn mot_joue_sans_solution(ctx: &ContexteCoup, e: &Ecrit, s: &Suite, admis: bool, places: &[Evaluation]) -> Classe {
    // Les places où le mot se forme avec les lettres du tirage en posant au moins deux
    // lettres : c'est un mot joué (règlement 5.2.1) qui ne correspond à aucune solution acceptable.
    let jouables: Vec<&Evaluation> = places.iter().filter(|p| avec_tirage(ctx, p) && p.poses.len() >= 2).collect();
    if jouables.is_empty() {
        if admis {
            // règlement 5.4.1.c : un mot admis qui ne se joue pas sur la grille actuelle.
            return Classe::MotJoue { motifs: vec![Motif::ErreurGrille], verifier_grille: true };
        }
        return Classe::Injouable;
    }
    // La place que désigne la localisation du joueur (référence écrite, ou deux lettres
    // de raccord au moins) : ses mots non admis.
    let designee = jouables.iter().find(|p| {
        e.place_ecrite() == Some(p.reference)
            || (p.reference.direction == s.direction && lettres_raccord(&ctx.grille, e.feuille, s, p.reference).nombre >= 2)
    });
    let mut mots = match designee {
        Some(p) => p.non_admis(ctx.lexique),
        None if admis && e.localise() => {
            // Mot admis localisé là où il ne se joue pas : erreur de grille (règlement 5.4.1.c).
            return Classe::MotJoue { motifs: vec![Motif::ErreurGrille], verifier_grille: true };
        }
        None if admis => jouables[0].non_admis(ctx.lexique),
        None => Vec::new(),
    };
    if !admis {
        let m = mot_vers_texte(&s.lettres).to_uppercase();
        mots.retain(|x| *x != m);
        mots.insert(0, m);
    }
    mot_joue(Motif::MotNonAdmis { mots })
}
