//! Un prolongement écrit en abrégé (guide 5.4) : les lettres posées avant et après le mot
//! prolongé, et, contre elles, quelques lettres de ce mot en guise de raccord.

use super::localisee;
use crate::arbitrage::constats::paiement::payer;
use crate::arbitrage::constats::Candidat;
use crate::arbitrage::ecrit::{Ecrit, Suite};
use crate::arbitrage::{ContexteCoup, Motif};
use crate::generation::Solution;
use crate::reference::Direction;
use crate::tuiles::nue;

/// Guide 5.4 : un prolongement écrit en abrégé. Les lettres posées avant le mot prolongé
/// commencent une suite, celles posées après en terminent une (la même ou une suite plus
/// loin sur la même ligne) ; comptent comme lettres de raccord les lettres du mot
/// prolongé reportées contre chaque prolongement, de proche en proche (une erreur de
/// recopie est une lettre parasite qui interrompt la chaîne, guide 4.6).
///
/// Renvoie aussi le plus grand nombre de lettres posées d'un prolongement reconnu mais
/// trop abrégé (zéro : mot non écrit en entier), pour motiver la décision.
pub fn prolongement_abrege(ctx: &ContexteCoup, e: &Ecrit, n: usize) -> (Vec<Candidat>, Option<usize>) {
    let s = &e.suites[n];
    let mut sortie: Vec<Candidat> = Vec::new();
    let mut incomplet: Option<usize> = None;
    if s.illisible() {
        return (sortie, incomplet);
    }
    for &i in ctx.prolongements() {
        let sol = ctx.solution(i);
        let Some(p) = Prolongement::abregeable(ctx, sol, s) else { continue };
        let Some(ab) = p.abreviation(&e.suites, s) else { continue };
        let Some(fautes) = ab.fautes(&p) else {
            // Reconnu comme ce prolongement si le score ou la référence écrits sont les
            // siens (ou si aucun score n'est écrit) ; sinon simple coïncidence de lettres.
            if e.vise(sol) {
                incomplet = incomplet.max(Some(p.avant + p.apres));
            }
            continue;
        };
        // Un mot écrit qui n'est qu'un fragment ne vaut ce prolongement que si le bulletin
        // le vise (score, référence, ou pas de score).
        if !e.vise(sol) {
            continue;
        }
        sortie.push(p.candidat(ctx, e, n, &ab, fautes));
    }
    (sortie, incomplet)
}

/// Un prolongement du coup (une solution qui prolonge un mot de la grille) que la suite
/// écrite peut abréger.
struct Prolongement<'c> {
    sol: &'c Solution,
    /// Le mot entier, lettres nues.
    mot: Vec<u8>,
    /// Longueur du mot prolongé.
    g: usize,
    /// Lettres posées avant le mot prolongé.
    avant: usize,
    /// Lettres posées après le mot prolongé.
    apres: usize,
}

/// Une abréviation d'un prolongement sur la feuille : la suite qui porte les lettres posées
/// avant, celle qui porte les lettres posées après (l'une des deux est le mot écrit), et
/// les lettres du mot prolongé reportées contre chacune.
struct Abreviation<'s> {
    premiere: Option<&'s Suite>,
    derniere: Option<&'s Suite>,
    /// Lettres du mot prolongé reportées contre les lettres posées avant.
    a: usize,
    /// Lettres du mot prolongé reportées contre les lettres posées après.
    b: usize,
}

impl<'c> Prolongement<'c> {
    /// Le prolongement `sol`, si la suite `s` peut en être une abréviation : même sens,
    /// elle commence par les lettres posées avant ou finit par celles posées après, et ne
    /// l'écrit pas en entier.
    fn abregeable(ctx: &ContexteCoup, sol: &'c Solution, s: &Suite) -> Option<Self> {
        let r = sol.reference;
        if r.direction != s.direction {
            return None;
        }
        let (g, avant, apres) = ctx.grille.prolongement(r, sol.mot().len())?;
        // Filtre rapide : la suite commence par les lettres posées avant, ou finit par
        // celles posées après.
        let m = sol.mot();
        let long = s.lettres.len();
        let debut_possible = avant > 0 && long >= avant && (0..avant).all(|i| nue(m[i]) == s.lettres[i]);
        let fin_possible =
            apres > 0 && long >= apres && (0..apres).all(|k| nue(m[m.len() - 1 - k]) == s.lettres[long - 1 - k]);
        if !debut_possible && !fin_possible {
            return None;
        }
        let mot: Vec<u8> = m.iter().map(|&l| nue(l)).collect();
        if mot == s.lettres {
            return None; // écrit en entier : c'est `mot_entier`
        }
        Some(Prolongement { sol, mot, g, avant, apres })
    }

    /// Les lettres du mot prolongé.
    fn prolonge(&self) -> &[u8] {
        &self.mot[self.avant..self.avant + self.g]
    }

    /// La suite `t` commence-t-elle par les lettres posées avant ?
    fn debut_ok(&self, t: &Suite) -> bool {
        let avant = self.avant;
        avant > 0 && t.lettres.len() >= avant && t.lettres[..avant] == self.mot[..avant]
    }

    /// La suite `t` finit-elle par les lettres posées après ?
    fn fin_ok(&self, t: &Suite) -> bool {
        let (apres, mot) = (self.apres, &self.mot);
        apres > 0 && t.lettres.len() >= apres && t.lettres[t.lettres.len() - apres..] == mot[mot.len() - apres..]
    }

    /// L'abréviation de ce prolongement que commence ou termine la suite `s` (l'une des
    /// `suites` de la feuille), s'il y en a une.
    fn abreviation<'s>(&self, suites: &'s [Suite], s: &'s Suite) -> Option<Abreviation<'s>> {
        let (premiere, derniere) = self.suites_portantes(suites, s)?;
        // Une même suite porte les deux prolongements : le mot prolongé est entre les deux.
        let meme = matches!((premiere, derniere), (Some(p), Some(d)) if std::ptr::eq(p, d));
        if meme && s.lettres.len() < self.avant + self.apres {
            return None;
        }
        // Une abréviation ne déborde pas du mot : des lettres écrites au-delà (RODEZ pour
        // RODE) font un autre mot écrit, pas ce prolongement.
        if self.deborde(s, premiere, derniere, meme) {
            return None;
        }
        let (a, b) = self.reportees(premiere, derniere, meme);
        // Les lettres posées ne doivent appartenir à aucun autre mot écrit en travers :
        // elles seraient alors celles d'un autre mot joué, dont le prolongement n'est que
        // le raccord.
        if self.posees_en_travers(suites, premiere, derniere) {
            return None;
        }
        Some(Abreviation { premiere, derniere, a, b })
    }

    /// La suite qui porte les lettres posées avant, et celle qui porte les lettres posées
    /// après : l'une des deux est `s`, l'autre (s'il y a des lettres posées des deux
    /// côtés) est `s` ou une suite plus loin sur la même ligne.
    fn suites_portantes<'s>(&self, suites: &'s [Suite], s: &'s Suite) -> Option<(Option<&'s Suite>, Option<&'s Suite>)> {
        if self.avant > 0 {
            if !self.debut_ok(s) {
                return None;
            }
            let d = if self.apres > 0 {
                Some(suites.iter().filter(|t| plus_loin_sur_la_ligne(s, t)).find(|t| self.fin_ok(t))?)
            } else {
                None
            };
            Some((Some(s), d))
        } else {
            if !self.fin_ok(s) {
                return None;
            }
            Some((None, Some(s)))
        }
    }

    /// Des lettres écrites au-delà du mot (`meme` : une même suite porte les deux
    /// prolongements) ?
    fn deborde(&self, s: &Suite, premiere: Option<&Suite>, derniere: Option<&Suite>, meme: bool) -> bool {
        if meme {
            s.lettres.len() > self.mot.len()
        } else {
            premiere.is_some_and(|t| t.lettres.len() > self.avant + self.g) || derniere.is_some_and(|t| t.lettres.len() > self.g + self.apres)
        }
    }

    /// Lettres du mot prolongé reportées contre chaque prolongement, de proche en proche :
    /// contre les lettres posées avant, contre celles posées après. Une même suite (`meme`)
    /// porte les deux prolongements : le mot prolongé est entre les deux.
    fn reportees(&self, premiere: Option<&Suite>, derniere: Option<&Suite>, meme: bool) -> (usize, usize) {
        let (g, avant, apres, prolonge) = (self.g, self.avant, self.apres, self.prolonge());
        let a = premiere.map_or(0, |t| {
            let fin = if meme { t.lettres.len() - apres } else { t.lettres.len() };
            t.lettres[avant..fin].iter().zip(prolonge).take_while(|(x, y)| x == y).count().min(g)
        });
        let b = derniere.map_or(0, |t| {
            let fin = t.lettres.len() - apres;
            let debut = if meme { avant } else { 0 };
            t.lettres[debut..fin].iter().rev().zip(prolonge.iter().rev()).take_while(|(x, y)| x == y).count().min(g)
        });
        if meme {
            (a, b.min(g - a))
        } else {
            (a, b)
        }
    }

    /// Une lettre posée (avant ou après le mot prolongé) appartient-elle aussi à un mot
    /// écrit en travers ?
    fn posees_en_travers(&self, suites: &[Suite], premiere: Option<&Suite>, derniere: Option<&Suite>) -> bool {
        let posees_ailleurs = |t: &Suite, cases: std::ops::Range<usize>| {
            cases.into_iter().any(|i| suites.iter().any(|u| u.direction != t.direction && u.cellules.contains(&t.cellules[i])))
        };
        premiere.is_some_and(|t| posees_ailleurs(t, 0..self.avant))
            || derniere.is_some_and(|t| posees_ailleurs(t, t.lettres.len() - self.apres..t.lettres.len()))
    }

    /// La solution que vise l'abréviation, avec ses `fautes` : ce que paie ce prolongement
    /// à sa place, et les cases des suites qui l'écrivent.
    fn candidat(&self, ctx: &ContexteCoup, e: &Ecrit, n: usize, ab: &Abreviation, fautes: Vec<Motif>) -> Candidat {
        let r = self.sol.reference;
        let variantes: Vec<u32> = ctx.indices_du_mot(&self.mot).iter().copied().filter(|&v| ctx.solution(v).reference == r).collect();
        let p = payer(&ctx.grille, &ctx.solutions, &variantes, &self.entourees(ab), e.revendique);
        let mut cellules = Vec::new();
        for t in [ab.premiere, ab.derniere].into_iter().flatten() {
            cellules.extend(&t.cellules);
        }
        localisee(n, p, fautes, cellules)
    }

    /// Les cercles se lisent sur les lettres posées de la suite qui les porte.
    fn entourees(&self, ab: &Abreviation) -> Vec<bool> {
        let (mot, avant, apres) = (&self.mot, self.avant, self.apres);
        let mut entourees = vec![false; mot.len()];
        if let Some(t) = ab.premiere {
            entourees[..avant].copy_from_slice(&t.entourees[..avant]);
        }
        if let Some(t) = ab.derniere {
            for k in 0..apres {
                entourees[mot.len() - 1 - k] = t.entourees[t.lettres.len() - 1 - k];
            }
        }
        entourees
    }
}

impl Abreviation<'_> {
    /// Guide 5.4 : les fautes d'une abréviation qui vaut le prolongement `p` (aucune :
    /// valide ; lettres de raccord : avertissement), ou `None` : mot non écrit en entier.
    fn fautes(&self, p: &Prolongement) -> Option<Vec<Motif>> {
        let (a, b) = (self.a, self.b);
        let chaque = (p.avant == 0 || a >= 1) && (p.apres == 0 || b >= 1);
        let total = a + b;
        // Guide 5.4 : mot prolongé de 7 lettres ou plus abrégé avec 6 lettres de raccord
        // (3 contre chaque prolongement) : valide ; sinon, au moins 2 lettres dont une
        // contre chaque prolongement : avertissement ; sinon zéro (mot non écrit en entier).
        let valide = p.g >= 7 && total >= 6 && (p.avant == 0 || a >= 3) && (p.apres == 0 || b >= 3);
        if valide {
            Some(Vec::new())
        } else if total >= 2 && chaque {
            Some(vec![Motif::LettresRaccord])
        } else {
            None
        }
    }
}

/// La suite `t` est-elle sur la même ligne que `s` (dans son sens), à partir de `s` ?
fn plus_loin_sur_la_ligne(s: &Suite, t: &Suite) -> bool {
    let meme_ligne = t.direction == s.direction
        && match s.direction {
            Direction::Horizontal => t.ligne == s.ligne,
            Direction::Vertical => t.colonne == s.colonne,
        };
    let apres_s = match s.direction {
        Direction::Horizontal => t.colonne >= s.colonne,
        Direction::Vertical => t.ligne >= s.ligne,
    };
    meme_ligne && apres_s
}
