//! L'encre pâle : des traits que le lecteur voit sur le scan, plus sombres que le papier,
//! mais trop clairs pour être de l'encre ([`crate::plan::SEUIL`]) — un stylo qui passe mal,
//! un crayon, un scanner réglé trop clair. Une lettre écrite ainsi n'est pas lue : la
//! lecture la plus probable n'en dit rien, et elle est *sûre* de ce qu'elle a lu. Mesuré le
//! 29 novembre 2026 sur les coups 1 et 2 de la manche d'évaluation éclaircis (chaque niveau
//! de gris v ramené à 255 − 0,6 × (255 − v)) : WESTERN écrit en entier, lisible à l'œil, n'y
//! laissait aucune case encrée (zéro automatique au lieu d'un avertissement à 54 points), et
//! de ROSACE seule une lettre était lue, « P » à 98,6 % (zéro automatique au lieu de 22
//! points).
//!
//! Une case de l'aire sans encre lue, mais où des traits pâles couvrent la surface d'une
//! case encrée, est *pâle* : le bulletin est à vérifier. Rien n'y est lu ni deviné : la
//! lecture reste celle de l'encre ; seul le doute change.

use crate::plan::Plan;
use arbitre_formulaire::Formulaire;

/// Un pixel est pâle s'il est plus sombre que cette part du papier local sans être de
/// l'encre (le quadrillage imprimé, plus clair encore sur un scan pâle, est écarté à part).
const PALE: f32 = 0.85;
/// Autour d'une ligne du quadrillage, en mm : ni le trait imprimé ni son flou ne comptent.
const BANDE_MM: f64 = 0.5;
/// Autour de l'encre, en pixels du plan : le bord adouci d'un trait lu n'est pas pâle.
const BORD_PX: usize = 2;

/// Les cases de l'aire (numéros `rangée × colonnes + colonne`) sans encre lue où des traits
/// pâles couvrent au moins la moitié de `min_case` pixels du plan (la surface d'une case
/// encrée : les traits pâles près des lignes du quadrillage ne comptent pas). `encree(c)`
/// dit si la case `c` a de l'encre lue.
pub fn cases_pales(plan: &Plan, f: &Formulaire, min_case: usize, encree: impl Fn(u32) -> bool) -> Vec<u32> {
    let z = &f.zone;
    let (l, h) = (plan.largeur, plan.hauteur);
    let pres_de_l_encre = autour_de_l_encre(&plan.encre, l, h);
    let mut comptes = vec![0usize; (z.colonnes * z.rangees) as usize];
    for v in 0..h {
        for u in 0..l {
            let i = v * l + u;
            if plan.encre[i] || pres_de_l_encre[i] || plan.gris[i] >= PALE * plan.papier[i] {
                continue;
            }
            let (x, y) = plan.mm(u as f64, v as f64);
            let (cx, cy) = ((x - z.x_mm) / z.case_mm, (y - z.y_mm) / z.case_mm);
            if cx < 0.0 || cy < 0.0 || cx >= z.colonnes as f64 || cy >= z.rangees as f64 {
                continue;
            }
            // Loin des lignes du quadrillage (en part de case, puis en mm).
            let ligne = |t: f64| (t - t.round()).abs() * z.case_mm < BANDE_MM;
            if ligne(cx) || ligne(cy) {
                continue;
            }
            comptes[cy as usize * z.colonnes as usize + cx as usize] += 1;
        }
    }
    (0..comptes.len() as u32).filter(|&c| 2 * comptes[c as usize] >= min_case && !encree(c)).collect()
}

/// Les pixels à moins de [`BORD_PX`] (distance de l'échiquier) d'un pixel d'encre.
fn autour_de_l_encre(encre: &[bool], l: usize, h: usize) -> Vec<bool> {
    let mut pres = vec![false; encre.len()];
    for (i, _) in encre.iter().enumerate().filter(|(_, &e)| e) {
        let (u, v) = (i % l, i / l);
        for b in v.saturating_sub(BORD_PX)..(v + BORD_PX + 1).min(h) {
            for a in u.saturating_sub(BORD_PX)..(u + BORD_PX + 1).min(l) {
                pres[b * l + a] = true;
            }
        }
    }
    pres
}
