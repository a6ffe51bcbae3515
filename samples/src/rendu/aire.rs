//! L'écriture du joueur dans l'aire de rédaction : la lecture case par case (lettres, jokers
//! entourés, marques illisibles), puis les cases barrées de chaque rangée.

use super::{ecrire, gribouillis, union, CaseEcrite, Main, Plumier};
use crate::dessin::{plume, Masque, Toile};
use arbitre_engine::lecture::{Cellule, Contenu, Lecture};
use arbitre_formulaire::{Formulaire, Quadrillage};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// Le joueur devant l'aire de rédaction : son plumier, sa main, la case où il commence
/// d'écrire, et l'aire mesurée en pixels de la toile.
struct Scripteur<'a> {
    p: &'a Plumier<'a>,
    main: &'a Main,
    z: &'a Quadrillage,
    origine: (u32, u32),
    /// Côté d'une case, en pixels.
    case: f32,
    /// Épaisseur du trait de la main (cercles, marques, barres), en pixels.
    trait_px: f32,
}

/// Écrit la lecture dans l'aire, rangée par rangée, à partir de la case `origine` ; rend
/// ses cases écrites (les cases vides n'y sont pas) avec la boîte de leur encre.
pub(super) fn ecrire_lecture(t: &mut Toile, f: &Formulaire, p: &Plumier, main: &Main, lecture: &Lecture, origine: (u32, u32), rng: &mut ChaCha8Rng) -> Vec<CaseEcrite> {
    let z = &f.zone;
    let s = Scripteur { p, main, z, origine, case: t.px(z.case_mm), trait_px: t.px(main.trait_mm as f64) };
    let mut cases = Vec::new();
    for (i, rangee) in lecture.rangees.iter().enumerate() {
        cases.extend(s.ecrire_rangee(t, i as u32, rangee, rng));
    }
    cases
}

impl Scripteur<'_> {
    /// Le centre de la case (rangée, colonne) de l'aire, en pixels de la toile.
    fn centre(&self, t: &Toile, r: u32, c: u32) -> (f32, f32) {
        let q = self.z.case(r, c);
        (t.px(q.x_mm) + self.case / 2.0, t.px(q.y_mm) + self.case / 2.0)
    }

    /// Écrit la rangée `i` de la lecture case par case, puis barre ses cases barrées ; rend
    /// ses cases écrites.
    fn ecrire_rangee(&self, t: &mut Toile, i: u32, rangee: &[Cellule], rng: &mut ChaCha8Rng) -> Vec<CaseEcrite> {
        let mut cases = Vec::new();
        let mut barrees: Vec<(f32, f32)> = Vec::new();
        for (j, cel) in rangee.iter().enumerate() {
            let (zr, zc) = (self.origine.0 + i, self.origine.1 + j as u32);
            let (cx, cy) = self.centre(t, zr, zc);
            let (encre, trace) = self.encrer_case(t, &cel.contenu, cx, cy, rng);
            if cel.barree {
                barrees.push((cx - self.case * 0.5, cx + self.case * 0.5));
            }
            if !matches!(cel.contenu, Contenu::Vide) {
                cases.push(CaseEcrite { rangee: i, colonne: j as u32, zone_rangee: zr, zone_colonne: zc, encre, trace });
            }
        }
        self.barrer(t, i, &barrees, &mut cases, rng);
        cases
    }

    /// L'encre d'une case centrée en (cx, cy) : sa lettre (ou l'une de ses lettres
    /// possibles) et son cercle si c'est un joker, ou une marque illisible ; rend la boîte
    /// de cette encre et l'origine du tracé. La pose de la lettre est tirée même pour une
    /// case vide.
    fn encrer_case(&self, t: &mut Toile, contenu: &Contenu, cx: f32, cy: f32, rng: &mut ChaCha8Rng) -> (Option<[f32; 4]>, Option<String>) {
        let (x, y, hauteur) = self.poser_lettre(cx, cy, rng);
        let tr = match contenu {
            Contenu::Vide => return (None, None),
            Contenu::Illisible => return (self.marque_illisible(t, cx, cy, rng).boite_encre(), Some("marque".into())),
            Contenu::Lettre(tr) => *tr,
            Contenu::Alternatives(v) => v[rng.gen_range(0..v.len())],
        };
        let (m, origine) = ecrire(t, self.p, self.main, tr.lettre, x, y, hauteur, rng);
        let mut masques = vec![m];
        if tr.entouree {
            masques.push(cercle(t, self.main, cx, cy, self.case, self.trait_px, rng));
        }
        (union(masques.iter().filter_map(Masque::boite_encre)), Some(origine))
    }

    /// Où et à quelle hauteur la lettre de la case centrée en (cx, cy) est écrite : décalée
    /// selon le désordre de la main, et parfois plus grande et débordant de sa case ; rend
    /// (x, y, hauteur) en pixels.
    fn poser_lettre(&self, cx: f32, cy: f32, rng: &mut ChaCha8Rng) -> (f32, f32, f32) {
        let (main, case) = (self.main, self.case);
        let (dx, dy) = (rng.gen_range(-1.0..1.0) * main.desordre * case, rng.gen_range(-1.0..1.0) * main.desordre * case);
        let deborde = rng.gen::<f32>() < main.debordement;
        let (hauteur, (dx, dy)) = if deborde {
            (case * rng.gen_range(0.9..1.2), (dx + rng.gen_range(-0.3..0.3) * case, dy + rng.gen_range(-0.3..0.3) * case))
        } else {
            (case * main.hauteur, (dx, dy))
        };
        (cx + dx, cy + dy, hauteur)
    }

    /// Une marque illisible (`#`) sur la case centrée en (cx, cy) : un gribouillis lâche,
    /// d'un trait un peu plus épais.
    fn marque_illisible(&self, t: &mut Toile, cx: f32, cy: f32, rng: &mut ChaCha8Rng) -> Masque {
        let case = self.case;
        let n = rng.gen_range(5..9);
        let pts = gribouillis(rng, cx - case * 0.35, cy - case * 0.35, case * 0.7, case * 0.7, n);
        let m = plume(&pts, self.trait_px * 1.2);
        t.encrer(&m, self.main.encre, 1.0);
        m
    }

    /// Barre les cases barrées de la rangée `i` (intervalles de pixels en x) : cases
    /// barrées consécutives, un seul trait (mot barré) ; isolée, une croix ou un trait. La
    /// boîte d'encre des cases écrites sous un trait s'étend à ce trait.
    fn barrer(&self, t: &mut Toile, i: u32, barrees: &[(f32, f32)], cases: &mut [CaseEcrite], rng: &mut ChaCha8Rng) {
        let (case, trait_px) = (self.case, self.trait_px);
        let cy = self.centre(t, self.origine.0 + i, 0).1;
        for (a, b) in regrouper(barrees, case) {
            let y0 = cy + rng.gen_range(-0.15..0.15) * case;
            let y1 = cy + rng.gen_range(-0.15..0.15) * case;
            let m = if b - a < case * 1.5 && rng.gen_bool(0.5) {
                plume(&[(a + case * 0.1, cy - case * 0.35), (b - case * 0.1, cy + case * 0.35)], trait_px)
            } else {
                plume(&[(a, y0), ((a + b) / 2.0, (y0 + y1) / 2.0 + rng.gen_range(-0.05..0.05) * case), (b, y1)], trait_px)
            };
            t.encrer(&m, self.main.encre, 1.0);
            if let Some(bb) = m.boite_encre() {
                for ce in cases.iter_mut() {
                    let (x, _) = self.centre(t, ce.zone_rangee, ce.zone_colonne);
                    if x >= a && x <= b {
                        ce.encre = union(ce.encre.into_iter().chain([bb]));
                    }
                }
            }
        }
    }
}

/// Regroupe les intervalles barrés qui se touchent.
fn regrouper(v: &[(f32, f32)], case: f32) -> Vec<(f32, f32)> {
    let mut out: Vec<(f32, f32)> = Vec::new();
    for &(a, b) in v {
        match out.last_mut() {
            Some(l) if a - l.1 < case * 0.1 => l.1 = b,
            _ => out.push((a, b)),
        }
    }
    out
}

/// Un cercle tracé à main levée autour d'une case (joker revendiqué, règlement 4.2).
fn cercle(t: &mut Toile, main: &Main, cx: f32, cy: f32, case: f32, trait_px: f32, rng: &mut ChaCha8Rng) -> Masque {
    let (rx, ry) = (case * rng.gen_range(0.40..0.55), case * rng.gen_range(0.40..0.55));
    let (a0, fin) = (rng.gen_range(0.0..std::f32::consts::TAU), rng.gen_range(0.1..0.6));
    let phase = rng.gen_range(0.0..std::f32::consts::TAU);
    let (ox, oy) = (rng.gen_range(-0.06..0.06) * case, rng.gen_range(-0.06..0.06) * case);
    let n = 40;
    let pts: Vec<(f32, f32)> = (0..=n)
        .map(|i| {
            let a = a0 + (std::f32::consts::TAU + fin) * i as f32 / n as f32;
            let w = 1.0 + 0.06 * (2.0 * a + phase).sin() + 0.04 * i as f32 / n as f32;
            (cx + ox + rx * w * a.cos(), cy + oy + ry * w * a.sin())
        })
        .collect();
    let m = plume(&pts, trait_px);
    t.encrer(&m, main.encre, 1.0);
    m
}
