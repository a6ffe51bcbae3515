//! L'ajustement fin, à la pleine résolution : chaque ligne du quadrillage est suivie
//! le long de sa position prévue (le creux le plus proche sur un profil perpendiculaire),
//! ajustée par une droite robuste ; les intersections des droites donnent l'homographie
//! feuille → image par moindres carrés, et son résidu.

use multiversion::multiversion;
use crate::echantillonnage::{bilineaire, bilineaire_dedans, segment_dedans};
use arbitre_formulaire::{Homographie, Quadrillage};
use image::GrayImage;

/// Contraste minimal (niveaux de gris) d'un creux de trait sur un profil.
const CREUX_MIN: f32 = 5.0;

/// Échantillons d'un profil au plus : 16 pas de chaque côté du point prévu, 17 quand
/// l'arrondi de `demi / pas` dépasse 16 d'un rien.
const PROFIL_MAX: usize = 35;

/// Longueur du tableau de [`de_rang`] : un profil ([`PROFIL_MAX`]) arrondi à 8 flottants.
const COMPTES_MAX: usize = PROFIL_MAX.div_ceil(8) * 8;

/// Une droite de l'image : `x = a + b·y` (ligne « verticale ») ou `y = a + b·x`.
#[derive(Debug, Clone, Copy)]
struct Droite {
    a: f64,
    b: f64,
}

/// Un creux trouvé sur un profil : sa position (pixels le long du profil, 0 = prévision) et
/// son contraste (niveaux de gris).
#[derive(Debug, Clone, Copy)]
pub(super) struct Creux {
    pub t: f64,
    pub contraste: f32,
}

/// Le creux d'un profil perpendiculaire à une ligne prévue en `p` (direction `u`,
/// demi-longueur `demi` pixels), s'il est assez marqué.
#[multiversion(targets("x86_64+avx+avx2+fma+bmi1+bmi2+lzcnt+popcnt"))]
pub(super) fn creux_proche(img: &GrayImage, p: (f64, f64), u: (f64, f64), demi: f64, contraste: f32) -> Option<Creux> {
    // Un demi-pixel, ou 1/16 de la demi-largeur à haute résolution.
    // Au plus 16 pas de chaque côté : le profil tient sur la pile (appelée des milliers de
    // fois par image).
    let pas = (demi / 16.0).max(0.5);
    let n = (demi / pas).ceil() as i64;
    let m = (2 * n + 1) as usize;
    let (mut profil, mut lisse) = ([0f32; PROFIL_MAX], [0f32; PROFIL_MAX]);
    if m > PROFIL_MAX {
        return None;
    }
    let point = |i: i64| (p.0 + u.0 * i as f64 * pas, p.1 + u.1 * i as f64 * pas);
    if segment_dedans(img, point(-n), point(n)) {
        for (k, i) in (-n..=n).enumerate() {
            let (x, y) = point(i);
            profil[k] = bilineaire_dedans(img, x, y);
        }
    } else {
        for (k, i) in (-n..=n).enumerate() {
            let (x, y) = point(i);
            profil[k] = bilineaire(img, x, y)?;
        }
    }
    let (profil, lisse) = (&profil[..m], &mut lisse[..m]);
    for i in 0..m {
        lisse[i] = (profil[i.saturating_sub(1)] + 2.0 * profil[i] + profil[(i + 1).min(m - 1)]) / 4.0;
    }
    let clair = de_rang(lisse, m * 3 / 4);
    let centre = n as usize;
    // Le creux le plus marqué compte tenu de sa distance à la prévision : un trait net un
    // peu à côté l'emporte sur le grain du papier juste à la place prévue.
    let sigma = n as f32 / 2.0;
    let score = |i: usize| (clair - lisse[i]) * (-((i as f32 - centre as f32) / sigma).powi(2)).exp();
    let (i, _) = (1..m - 1)
        .filter(|&i| lisse[i] <= lisse[i - 1] && lisse[i] <= lisse[i + 1] && clair - lisse[i] >= contraste)
        .map(|i| (i, score(i)))
        .max_by(|a, b| a.1.total_cmp(&b.1))?;
    // Le creux entier autour de ce minimum (tout ce qui est plus sombre que la mi-hauteur),
    // et son barycentre pondéré par la profondeur : un trait large au fond bruité est
    // centré sur son milieu, pas sur le minimum local le plus proche de la prévision.
    let mi = (clair + lisse[i]) / 2.0;
    let (mut g, mut d) = (i, i);
    while g > 0 && profil[g - 1] < mi {
        g -= 1;
    }
    while d + 1 < m && profil[d + 1] < mi {
        d += 1;
    }
    // Un trait remonte des deux côtés ; un bord (feuille sur fond sombre) ne remonte pas.
    if g == 0 || d + 1 == m {
        return None;
    }
    let (mut somme, mut poids) = (0.0f64, 0.0f64);
    for (k, &v) in profil.iter().enumerate().take(d + 1).skip(g) {
        let w = (mi - v).max(0.0) as f64;
        somme += w * k as f64;
        poids += w;
    }
    let milieu = if poids > 0.0 { somme / poids } else { i as f64 };
    Some(Creux { t: (milieu - n as f64) * pas, contraste: clair - lisse[i] })
}

/// La valeur de rang `k` (0 : la plus petite) de valeurs finies et positives ou nulles
/// (un profil de gris) : celle que donnerait `select_nth_unstable_by(k, f32::total_cmp)`.
/// La première valeur qui a au plus `k` valeurs plus petites et plus de `k` valeurs plus
/// petites ou égales ; les comptes se font sans branche, sur des profils de 33 points au
/// plus, là où le tri par insertion de la bibliothèque standard branche à chaque valeur sans
/// que cela se prévoie (le recalage en fait des milliers par image : 0,3 ms de moins par
/// image à 200 dpi, mesuré avec `arbitre lire --temps`).
///
/// Les valeurs sont recopiées dans un tableau de longueur fixe complété par +∞ (qu'aucune
/// valeur finie ne dépasse) et comptées en entiers de 32 bits : le compilateur déroule et
/// vectorise les comptes.
#[inline(always)]
fn de_rang(valeurs: &[f32], k: usize) -> f32 {
    if valeurs.len() > COMPTES_MAX {
        return *valeurs.to_vec().select_nth_unstable_by(k, f32::total_cmp).1;
    }
    let mut tableau = [f32::INFINITY; COMPTES_MAX];
    tableau[..valeurs.len()].copy_from_slice(valeurs);
    for &v in valeurs {
        let (mut moins, mut au_plus) = (0u32, 0u32);
        for &w in &tableau {
            moins += (w < v) as u32;
            au_plus += (w <= v) as u32;
        }
        if moins as usize <= k && k < au_plus as usize {
            return v;
        }
    }
    // Seulement pour des valeurs qui ne s'ordonnent pas (NaN), qu'un profil n'a jamais.
    valeurs[k]
}

/// Droite des moindres carrés `t = a + b·s` sur des points (s, t), en écartant deux fois les
/// points trop loin (encre qui croise la ligne) ; `None` si trop peu de points restent.
fn droite_robuste(points: &[(f64, f64)], min_points: usize) -> Option<Droite> {
    let ajuster = |pts: &[(f64, f64)]| -> Option<Droite> {
        let n = pts.len() as f64;
        if pts.len() < 2 {
            return None;
        }
        let (ms, mt) = pts.iter().fold((0.0, 0.0), |a, &(s, t)| (a.0 + s / n, a.1 + t / n));
        let (mut sst, mut sss) = (0.0, 0.0);
        for &(s, t) in pts {
            sst += (s - ms) * (t - mt);
            sss += (s - ms) * (s - ms);
        }
        if sss < 1e-9 {
            return None;
        }
        let b = sst / sss;
        Some(Droite { a: mt - b * ms, b })
    };
    let mut gardes: Vec<(f64, f64)> = points.to_vec();
    let mut d = ajuster(&gardes)?;
    for _ in 0..3 {
        let mut r: Vec<f64> = points.iter().map(|&(s, t)| (t - d.a - d.b * s).abs()).collect();
        let mut tri = r.clone();
        tri.sort_by(f64::total_cmp);
        let mad = tri[tri.len() / 2];
        let seuil = (3.0 * 1.4826 * mad).max(1.0);
        gardes = points.iter().zip(r.iter_mut()).filter(|(_, r)| **r <= seuil).map(|(p, _)| *p).collect();
        if gardes.len() < min_points {
            return None;
        }
        d = ajuster(&gardes)?;
    }
    Some(d)
}

/// Le résultat de l'ajustement : l'homographie (mm apparents → pixels) et sa qualité.
pub(super) struct Ajustement {
    pub homographie: Homographie,
    /// Écart quadratique moyen des intersections à l'homographie, en mm.
    pub residu_mm: f64,
    /// Lignes retrouvées (verticales, horizontales).
    pub lignes: (usize, usize),
    /// Les lignes de plus, sur toute leur longueur, juste avant ou après le quadrillage :
    /// un autre formulaire, au quadrillage plus grand, ou un quadrillage pris une ligne à
    /// côté. Chacune par le décalage (mm, sur la feuille) qui y mène : `(±case, 0)` à
    /// gauche ou à droite, `(0, ±case)` en haut ou en bas.
    pub debords: Vec<(f64, f64)>,
}

/// Suit les lignes du quadrillage autour de leur position prévue par `h0`.
/// `fenetre` : demi-largeur de la recherche de chaque ligne, en fraction de case ; avec
/// `debord`, une ligne de trop au même pas est cherchée autour ([`Ajustement::debords`],
/// vide sinon).
pub(super) fn ajuster(img: &GrayImage, z: &Quadrillage, h0: &Homographie, fenetre: f64, debord: bool) -> Option<Ajustement> {
    let (nc, nr) = (z.colonnes as usize + 1, z.rangees as usize + 1);
    // Chaque point suivi d'une ligne : (point de l'image, écart à la prévision en mm, contraste).
    let echantillons = |fixe: f64, verticale: bool| -> Vec<((f64, f64), f64, f32)> {
        let longueur = if verticale { z.rangees } else { z.colonnes } as f64 * z.case_mm;
        let debut = if verticale { z.y_mm } else { z.x_mm };
        let n = (longueur / (z.case_mm / 3.0)).round() as usize;
        (0..n)
            .filter_map(|i| {
                let le_long = debut + (i as f64 + 0.5) * longueur / n as f64;
                let (x, y) = if verticale { (fixe, le_long) } else { (le_long, fixe) };
                let p = h0.appliquer(x, y);
                let q = if verticale { h0.appliquer(x + 1.0, y) } else { h0.appliquer(x, y + 1.0) };
                let (dx, dy) = (q.0 - p.0, q.1 - p.1);
                let echelle = dx.hypot(dy);
                let u = (dx / echelle, dy / echelle);
                let c = creux_proche(img, p, u, fenetre * z.case_mm * echelle, CREUX_MIN)?;
                Some(((p.0 + u.0 * c.t, p.1 + u.1 * c.t), c.t / echelle, c.contraste))
            })
            .collect()
    };
    let min_points = |verticale: bool| (if verticale { z.rangees } else { z.colonnes } as usize * 3) / 2;
    let mut contrastes = Vec::new();
    let mut suivre = |fixe: f64, verticale: bool| {
        let e = echantillons(fixe, verticale);
        contrastes.extend(e.iter().map(|s| s.2));
        // Droite t = a + b·s : x selon y pour une verticale, y selon x pour une horizontale.
        let pts: Vec<(f64, f64)> = e.iter().map(|&((x, y), _, _)| if verticale { (y, x) } else { (x, y) }).collect();
        droite_robuste(&pts, min_points(verticale))
    };
    let verticales: Vec<Option<Droite>> = (0..nc).map(|k| suivre(z.x_mm + k as f64 * z.case_mm, true)).collect();
    let horizontales: Vec<Option<Droite>> = (0..nr).map(|j| suivre(z.y_mm + j as f64 * z.case_mm, false)).collect();
    let mut de = Vec::new();
    let mut vers = Vec::new();
    for (k, v) in verticales.iter().enumerate() {
        for (j, h) in horizontales.iter().enumerate() {
            let (Some(v), Some(h)) = (v, h) else { continue };
            let det = 1.0 - v.b * h.b;
            if det.abs() < 1e-9 {
                continue;
            }
            let x = (v.a + v.b * h.a) / det;
            de.push((z.x_mm + k as f64 * z.case_mm, z.y_mm + j as f64 * z.case_mm));
            vers.push((x, h.a + h.b * x));
        }
    }
    let lignes = (verticales.iter().flatten().count(), horizontales.iter().flatten().count());
    // Une ligne de plus au même pas, aussi marquée que celles du quadrillage, sur presque
    // toute sa longueur : le quadrillage est plus grand que celui du formulaire.
    contrastes.sort_by(f32::total_cmp);
    let typique = contrastes.get(contrastes.len() / 2).copied().unwrap_or(CREUX_MIN);
    let (n_v, n_h) = ((z.rangees * 3) as f64, (z.colonnes * 3) as f64);
    let c = z.case_mm;
    let cotes = [(z.x_mm - c, true, n_v, (-c, 0.0)), (z.x_mm + nc as f64 * c, true, n_v, (c, 0.0)), (z.y_mm - c, false, n_h, (0.0, -c)), (z.y_mm + nr as f64 * c, false, n_h, (0.0, c))];
    // À 0,03 case près (0,17 mm) : la seconde passe place les lignes à quelques centièmes
    // de mm ; le bord de la feuille, à 5 mm du quadrillage (0,91 case), et son ombre sur un
    // scanner à plat n'y tombent pas.
    let debords = if debord {
        cotes
            .iter()
            .filter(|&&(fixe, verticale, n, _)| {
                let nettes = echantillons(fixe, verticale).iter().filter(|s| s.1.abs() <= 0.03 * c && s.2 >= 0.5 * typique).count();
                nettes as f64 >= 0.7 * n
            })
            .map(|&(_, _, _, decalage)| decalage)
            .collect()
    } else {
        Vec::new()
    };
    if lignes.0 < nc / 2 || lignes.1 < nr / 2 {
        return None;
    }
    let homographie = Homographie::par_moindres_carres(&de, &vers)?;
    let centre = (z.x_mm + z.colonnes as f64 * z.case_mm / 2.0, z.y_mm + z.rangees as f64 * z.case_mm / 2.0);
    let echelle = homographie.echelle_locale(centre.0, centre.1);
    let somme: f64 = de
        .iter()
        .zip(&vers)
        .map(|(&(x, y), &(u, v))| {
            let p = homographie.appliquer(x, y);
            (p.0 - u).powi(2) + (p.1 - v).powi(2)
        })
        .sum();
    let residu_mm = (somme / de.len() as f64).sqrt() / echelle;
    Some(Ajustement { homographie, residu_mm, lignes, debords })
}

#[cfg(test)]
mod tests {
    use super::de_rang;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn la_valeur_de_rang_est_celle_de_la_selection_de_la_bibliotheque(
            // Des niveaux de gris lissés : des quarts d'entiers, avec beaucoup d'égalités.
            quarts in proptest::collection::vec(0u32..1021, 1..=35),
            r in 0.0f64..1.0,
        ) {
            let valeurs: Vec<f32> = quarts.iter().map(|&q| q as f32 / 4.0).collect();
            let k = ((valeurs.len() as f64 * r) as usize).min(valeurs.len() - 1);
            let mut tri = valeurs.clone();
            let attendu = *tri.select_nth_unstable_by(k, f32::total_cmp).1;
            prop_assert_eq!(de_rang(&valeurs, k).to_bits(), attendu.to_bits());
        }
    }
}
