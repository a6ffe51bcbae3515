//! Les solutions qu'un mot écrit sur le bulletin peut viser (règlement 5.2.1, 5.3) : aux
//! places où il est valide (règlement 5.3.1, 5.3.2), avec ses lettres de raccord et la référence
//! alphanumérique ; par le score et le sens seuls (règlement 5.3.3) ; et, pour un prolongement écrit
//! en abrégé, par les lettres du mot prolongé (guide 5.4).

use super::fallacieux;
use super::localisation::{combiner, etat_alphanumerique, etat_raccord, lettres_raccord, raccord_transpose, Etat};
use super::paiement::{payer, payer_premier_coup, Paiement};
use super::places::solutions_par_place;
use super::{Candidat, Fondement};
use crate::arbitrage::ecrit::{Ecrit, Suite};
use crate::arbitrage::{ContexteCoup, Motif};
use crate::tuiles::nue;

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
    let mut places = Vec::new();
    for (r, variantes) in solutions_par_place(ctx, &s.lettres) {
        let (raccord, cellules) = if r.direction == s.direction {
            let rc = lettres_raccord(&ctx.grille, e.feuille, s, r);
            if transpose {
                (rc.nombre - rc.cellules.len(), Vec::new())
            } else {
                (rc.nombre, rc.cellules)
            }
        } else {
            (0, Vec::new())
        };
        let prolonge = ctx.grille.prolongement(r, s.lettres.len());
        // règlement 5.3 in fine, guide 5.4 : prolongement d'un mot d'au moins trois lettres, la
        // référence alphanumérique est ignorée.
        let alpha = if prolonge.is_some_and(|(g, _, _)| g >= 3) && r.direction == s.direction {
            Etat::Absent
        } else {
            etat_alphanumerique(e.reference, s.direction, r)
        };
        // Les lettres de raccord sont « utilisées » si le joueur en écrit hors du mot, si
        // le mot en porte trois à lui seul, ou s'il prolonge un mot de deux lettres sans
        // que la référence le localise (règlement 5.5 : ni troisième lettre de raccord ni référence
        // correcte → avertissement).
        let deux_lettres_prolongees = prolonge.is_some_and(|(g, _, _)| g == 2);
        let utilise =
            r.direction == s.direction && (hors_mot || raccord >= 3 || (deux_lettres_prolongees && !alpha.correct()));
        let etat_lr = etat_raccord(ctx, raccord, utilise);
        let (par_raccord, par_reference) = (etat_lr.correct(), alpha.correct());
        let etat = match (&etat_lr, r.direction == s.direction) {
            // Mot écrit dans l'autre sens : seule la référence peut le localiser (règlement 5.3).
            (_, false) => alpha,
            _ => combiner(etat_lr, alpha),
        };
        let externes = cellules.len();
        let mut cel = s.cellules.clone();
        cel.extend(cellules);
        places.push(Place { variantes, etat, par_raccord, par_reference, externes, cellules: cel });
    }

    // règlement 5.3.1 / 5.3.2 : les places correctement localisées, par chaque mode. Un même mode
    // qui désigne plusieurs places (raccord insuffisamment précis, guide 5.1.5 ; mot
    // jouable dans les deux sens depuis la case indiquée, 5.5) : celle du score indiqué,
    // sinon le score minimum (règlement 5.4.2.b, 2e exception). Deux modes qui désignent des places
    // différentes : deux solutions, la plus favorable est retenue (guide 6.4).
    for par_raccord in [true, false] {
        let mut correctes: Vec<&Place> = places
            .iter()
            .filter(|p| p.etat.correct() && if par_raccord { p.par_raccord } else { p.par_reference })
            .collect();
        // Quand le joueur a reporté des lettres de raccord, une place qu'elles ne
        // désignent pas (aucune ne convient) ne vaut que par les lettres du mot : elle
        // cède devant celles que le raccord écrit désigne (guide 1.5.3).
        // De même, entre plusieurs places, le raccord écrit désigne celles où le plus de ses
        // lettres conviennent (les autres y seraient parasites).
        if par_raccord {
            let max = correctes.iter().map(|p| p.externes).max().unwrap_or(0);
            correctes.retain(|p| p.externes == max);
        }
        if correctes.is_empty() {
            continue;
        }
        let paiements: Vec<(Paiement, &Place)> = correctes
            .iter()
            .map(|p| (payer(&ctx.grille, &ctx.solutions, &p.variantes, &s.entourees, e.revendique), *p))
            .collect();
        let (p, place) = paiements
            .iter()
            .find(|(p, _)| p.score_exact)
            .or_else(|| paiements.iter().min_by_key(|(p, _)| p.score))
            .expect("une place correcte");
        let motifs = match &place.etat {
            Etat::Averti(m) => vec![m.clone()],
            _ => Vec::new(),
        };
        let mut c = localisee(n, p.clone(), motifs, place.cellules.clone());
        if par_raccord && !p.score_exact && hors_mot {
            // « … sauf si l'une des places possibles forme un raccordement fallacieux » :
            // une place où le raccord écrit convient aussi et où le mot, pour le score
            // écrit, forme un raccord non valide mais plausible (guide 7.4.6).
            c.fallacieux = e.revendique.and_then(|r| fallacieux::places_raccord_fallacieuses(ctx, e, s, r));
        }
        sortie.push(c);
    }

    // règlement 5.3.3 : score existant pour le mot dans le sens où il est écrit, localisation
    // absente, erronée ou incompatible.
    if let Some(r) = e.revendique {
        let existe = places.iter().filter(|p| !p.etat.correct()).find_map(|p| {
            p.variantes.iter().copied().find(|&i| {
                let v = ctx.solution(i);
                v.reference.direction == s.direction && v.score == r
            })
        });
        if let Some(v) = existe {
            // Guide 5.5 : zéro si un raccordement fallacieux est possible pour ce mot, ce
            // sens et ce score.
            let fallacieux = fallacieux::pour_score(ctx, s, r);
            // Les lettres reportées qui sont de raccord à l'une des places du mot sont
            // des lettres de raccord fautives, pas un autre mot joué.
            let mut cellules = s.cellules.clone();
            for p in &places {
                cellules.extend(&p.cellules);
            }
            sortie.push(Candidat { suite: n, fondement: Fondement::ParLeScore { solution: v, score: r }, fallacieux, cellules });
        }
    }
    sortie
}

/// Guide 5.4 : un prolongement écrit en abrégé. Les lettres posées avant le mot prolongé
/// commencent une suite, celles posées après en terminent une (la même ou une suite plus
/// loin sur la même ligne) ; comptent comme lettres de raccord les lettres du mot
/// prolongé reportées contre chaque prolongement, de proche en proche (une erreur de
/// recopie est une lettre parasite qui interrompt la chaîne, guide 4.6).
///
/// Renvoie aussi le plus grand nombre de lettres posées d'un prolongement reconnu mais
/// trop abrégé (zéro : mot non écrit en entier), pour motiver la décision.
pub fn prolongement_abrege(ctx: &ContexteCoup, e: &Ecrit, n: usize) -> (Vec<Candidat>, Option<usize>) {
    let suites = &e.suites;
    let s = &suites[n];
    let mut sortie: Vec<Candidat> = Vec::new();
    let mut incomplet: Option<usize> = None;
    if s.illisible() {
        return (sortie, incomplet);
    }
    for &i in ctx.prolongements() {
        let sol = ctx.solution(i);
        let r = sol.reference;
        if r.direction != s.direction {
            continue;
        }
        let Some((g, avant, apres)) = ctx.grille.prolongement(r, sol.mot().len()) else { continue };
        // Filtre rapide : la suite commence par les lettres posées avant, ou finit par
        // celles posées après.
        let m = sol.mot();
        let long = s.lettres.len();
        let debut_possible = avant > 0 && long >= avant && (0..avant).all(|i| nue(m[i]) == s.lettres[i]);
        let fin_possible =
            apres > 0 && long >= apres && (0..apres).all(|k| nue(m[m.len() - 1 - k]) == s.lettres[long - 1 - k]);
        if !debut_possible && !fin_possible {
            continue;
        }
        let mot: Vec<u8> = m.iter().map(|&l| nue(l)).collect();
        if mot == s.lettres {
            continue; // écrit en entier : c'est `mot_entier`
        }
        let prolonge = &mot[avant..avant + g];
        // La suite qui porte les lettres posées avant, et celle qui porte les lettres
        // posées après : l'une des deux est `s`.
        let debut_ok = |t: &Suite| avant > 0 && t.lettres.len() >= avant && t.lettres[..avant] == mot[..avant];
        let fin_ok = |t: &Suite| apres > 0 && t.lettres.len() >= apres && t.lettres[t.lettres.len() - apres..] == mot[mot.len() - apres..];
        let meme_ligne = |t: &Suite| {
            t.direction == s.direction
                && match s.direction {
                    crate::reference::Direction::Horizontal => t.ligne == s.ligne,
                    crate::reference::Direction::Vertical => t.colonne == s.colonne,
                }
        };
        let apres_s = |t: &Suite| match s.direction {
            crate::reference::Direction::Horizontal => t.colonne >= s.colonne,
            crate::reference::Direction::Vertical => t.ligne >= s.ligne,
        };
        let (premiere, derniere): (Option<&Suite>, Option<&Suite>) = if avant > 0 {
            if !debut_ok(s) {
                continue;
            }
            let d = if apres > 0 {
                match suites.iter().filter(|t| meme_ligne(t) && apres_s(t)).find(|t| fin_ok(t)) {
                    Some(t) => Some(t),
                    None => continue,
                }
            } else {
                None
            };
            (Some(s), d)
        } else {
            if !fin_ok(s) {
                continue;
            }
            (None, Some(s))
        };
        // Lettres du mot prolongé reportées contre chaque prolongement. Une même suite
        // porte les deux prolongements : le mot prolongé est entre les deux.
        let meme = matches!((premiere, derniere), (Some(p), Some(d)) if std::ptr::eq(p, d));
        if meme && s.lettres.len() < avant + apres {
            continue;
        }
        // Une abréviation ne déborde pas du mot : des lettres écrites au-delà (RODEZ pour
        // RODE) font un autre mot écrit, pas ce prolongement.
        let deborde = if meme {
            s.lettres.len() > mot.len()
        } else {
            premiere.is_some_and(|t| t.lettres.len() > avant + g) || derniere.is_some_and(|t| t.lettres.len() > g + apres)
        };
        if deborde {
            continue;
        }
        let a = premiere.map_or(0, |t| {
            let fin = if meme { t.lettres.len() - apres } else { t.lettres.len() };
            t.lettres[avant..fin].iter().zip(prolonge).take_while(|(x, y)| x == y).count().min(g)
        });
        let b = derniere.map_or(0, |t| {
            let fin = t.lettres.len() - apres;
            let debut = if meme { avant } else { 0 };
            t.lettres[debut..fin].iter().rev().zip(prolonge.iter().rev()).take_while(|(x, y)| x == y).count().min(g)
        });
        let (a, b) = if meme { (a, b.min(g - a)) } else { (a, b) };
        // Les lettres posées ne doivent appartenir à aucun autre mot écrit en travers :
        // elles seraient alors celles d'un autre mot joué, dont le prolongement n'est que
        // le raccord.
        let posees_ailleurs = |t: &Suite, cases: std::ops::Range<usize>| {
            cases.into_iter().any(|i| suites.iter().any(|u| u.direction != t.direction && u.cellules.contains(&t.cellules[i])))
        };
        if premiere.is_some_and(|t| posees_ailleurs(t, 0..avant))
            || derniere.is_some_and(|t| posees_ailleurs(t, t.lettres.len() - apres..t.lettres.len()))
        {
            continue;
        }
        let chaque = (avant == 0 || a >= 1) && (apres == 0 || b >= 1);
        let total = a + b;
        // Guide 5.4 : mot prolongé de 7 lettres ou plus abrégé avec 6 lettres de raccord
        // (3 contre chaque prolongement) : valide ; sinon, au moins 2 lettres dont une
        // contre chaque prolongement : avertissement ; sinon zéro (mot non écrit en entier).
        let valide = g >= 7 && total >= 6 && (avant == 0 || a >= 3) && (apres == 0 || b >= 3);
        if !(valide || total >= 2 && chaque) {
            // Reconnu comme ce prolongement si le score ou la référence écrits sont les
            // siens (ou si aucun score n'est écrit) ; sinon simple coïncidence de lettres.
            if e.vise(sol) {
                incomplet = incomplet.max(Some(avant + apres));
            }
            continue;
        }
        // Un mot écrit qui n'est qu'un fragment ne vaut ce prolongement que si le bulletin
        // le vise (score, référence, ou pas de score).
        if !e.vise(sol) {
            continue;
        }
        let variantes: Vec<u32> = ctx.indices_du_mot(&mot).iter().copied().filter(|&v| ctx.solution(v).reference == r).collect();
        // Les cercles se lisent sur les lettres posées de la suite qui les porte.
        let mut entourees = vec![false; mot.len()];
        if let Some(t) = premiere {
            entourees[..avant].copy_from_slice(&t.entourees[..avant]);
        }
        if let Some(t) = derniere {
            for k in 0..apres {
                entourees[mot.len() - 1 - k] = t.entourees[t.lettres.len() - 1 - k];
            }
        }
        let p = payer(&ctx.grille, &ctx.solutions, &variantes, &entourees, e.revendique);
        let fautes = if valide { Vec::new() } else { vec![Motif::LettresRaccord] };
        let mut cellules = Vec::new();
        for t in [premiere, derniere].into_iter().flatten() {
            cellules.extend(&t.cellules);
        }
        sortie.push(localisee(n, p, fautes, cellules));
    }
    (sortie, incomplet)
}
