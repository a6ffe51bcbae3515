//! Dans quel sens est la feuille ? Le quadrillage carré est le même tourné d'un quart de
//! tour : ce sont les cadres (N° Table, Réf., Score à droite de l'aire, partie grisée en
//! bas) qui le disent. Pour chaque sens, on cherche les traits des cadres là où le
//! formulaire les place ; le sens où ils sont est celui de la feuille.

use super::ajustement::creux_proche;
use arbitre_formulaire::{Formulaire, Homographie, Rect};
use image::GrayImage;

/// Contraste d'un trait de cadre (plus foncé que le quadrillage).
const CONTRASTE_CADRE: f32 = 10.0;

/// Le passage des mm du formulaire aux mm « apparents » du quadrillage trouvé, pour une
/// feuille tournée de `quarts` quarts de tour (sens horaire dans l'image).
pub fn quart_de_tour(f: &Formulaire, quarts: u8) -> Homographie {
    let z = &f.zone;
    let (cx, cy) = (z.x_mm + z.colonnes as f64 * z.case_mm / 2.0, z.y_mm + z.rangees as f64 * z.case_mm / 2.0);
    // (x, y) → centre + rotation de (x − cx, y − cy).
    let (c, s) = match quarts % 4 {
        0 => (1.0, 0.0),
        1 => (0.0, 1.0),
        2 => (-1.0, 0.0),
        _ => (0.0, -1.0),
    };
    Homographie([c, -s, cx - c * cx + s * cy, s, c, cy - s * cx - c * cy, 0.0, 0.0, 1.0])
}

/// Part des points des bords des cadres où un trait se trouve, si la feuille est dans le
/// sens donné par `mm_vers_px`.
pub fn presence_des_cadres(img: &GrayImage, f: &Formulaire, mm_vers_px: &Homographie) -> f64 {
    let mut rects: Vec<Rect> = f.cadres.iter().map(|c| c.rect()).collect();
    rects.push(f.zone_grisee);
    let (mut vus, mut total) = (0usize, 0usize);
    for r in rects {
        let (x0, y0, x1, y1) = (r.x_mm, r.y_mm, r.x_mm + r.largeur_mm, r.y_mm + r.hauteur_mm);
        let bords = [((x0, y0), (x1, y0), false), ((x0, y1), (x1, y1), false), ((x0, y0), (x0, y1), true), ((x1, y0), (x1, y1), true)];
        for (a, b, vertical) in bords {
            let longueur = (b.0 - a.0 + b.1 - a.1).abs();
            let n = ((longueur - 2.0) / 2.5).floor().max(1.0) as usize;
            for i in 0..n {
                let t = 1.0 + (i as f64 + 0.5) * (longueur - 2.0) / n as f64;
                let (x, y) = if vertical { (a.0, a.1 + t) } else { (a.0 + t, a.1) };
                let p = mm_vers_px.appliquer(x, y);
                let q = if vertical { mm_vers_px.appliquer(x + 1.0, y) } else { mm_vers_px.appliquer(x, y + 1.0) };
                let (dx, dy) = (q.0 - p.0, q.1 - p.1);
                let e = dx.hypot(dy);
                total += 1;
                if e > 0.0 && creux_proche(img, p, (dx / e, dy / e), 0.8 * e, CONTRASTE_CADRE).is_some_and(|c| c.t.abs() <= 0.5 * e) {
                    vus += 1;
                }
            }
        }
    }
    vus as f64 / total.max(1) as f64
}
