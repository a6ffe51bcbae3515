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
//! Une case de l'aire sans encre lue, mais où des traits pâles couvrent la moitié de la
//! surface d'une case encrée, est *pâle* ; un cadre du joueur où ils en couvrent la surface
//! entière, loin de l'encre lue, aussi : le bulletin est à vérifier. Rien n'y est lu ni
//! deviné : la lecture reste celle de l'encre ; seul le doute change.

use crate::plan::Plan;
use arbitre_formulaire::Formulaire;

/// Un pixel est pâle s'il est plus sombre que cette part du papier local sans être de
/// l'encre (le quadrillage imprimé, plus clair encore sur un scan pâle, est écarté à part).
const PALE: f32 = 0.85;
/// Autour d'une ligne du quadrillage ou du libellé imprimé d'un cadre, en mm : ni le trait
/// imprimé ni son flou ne comptent.
const BANDE_MM: f64 = 0.5;
/// Autour de l'encre, en pixels du plan : le bord adouci d'un trait lu n'est pas pâle.
const BORD_PX: usize = 2;
/// Dans un cadre, plus loin encore (1 mm) : le bout plus clair d'un chiffre lu n'est pas un
/// chiffre manqué.
const BORD_CADRE_PX: usize = 5;

/// Les cases de l'aire (numéros `rangée × colonnes + colonne`) sans encre lue où des traits
/// pâles couvrent au moins la moitié de `min_case` pixels du plan (la surface d'une case
/// encrée : les traits pâles près des lignes du quadrillage ne comptent pas). `encree(c)`
/// dit si la case `c` a de l'encre lue.
pub fn cases_pales(plan: &Plan, f: &Formulaire, min_case: usize, encree: impl Fn(u32) -> bool) -> Vec<u32> {
    let z = &f.zone;
    let mut comptes = vec![0usize; (z.colonnes * z.rangees) as usize];
    pour_chaque_pixel_pale(plan, BORD_PX, |x, y| {
        let (cx, cy) = ((x - z.x_mm) / z.case_mm, (y - z.y_mm) / z.case_mm);
        if cx < 0.0 || cy < 0.0 || cx >= z.colonnes as f64 || cy >= z.rangees as f64 {
            return;
        }
        // Loin des lignes du quadrillage (en part de case, puis en mm).
        let ligne = |t: f64| (t - t.round()).abs() * z.case_mm < BANDE_MM;
        if !ligne(cx) && !ligne(cy) {
            comptes[cy as usize * z.colonnes as usize + cx as usize] += 1;
        }
    });
    (0..comptes.len() as u32).filter(|&c| 2 * comptes[c as usize] >= min_case && !encree(c)).collect()
}

/// Un cadre du joueur (N° Table, Réf., Score) où des traits pâles, loin de l'encre lue et
/// hors de `libelle` (le libellé imprimé, en mm : `[x0, y0, x1, y1]`), couvrent au moins
/// `min_pixels` pixels du plan du cadre : un chiffre ou une lettre y a peut-être échappé à la
/// lecture.
pub fn cadre_pale(plan: &Plan, libelle: Option<[f64; 4]>, min_pixels: usize) -> bool {
    let mut n = 0;
    pour_chaque_pixel_pale(plan, BORD_CADRE_PX, |x, y| {
        let dans = |b: [f64; 4]| x >= b[0] - BANDE_MM && x <= b[2] + BANDE_MM && y >= b[1] - BANDE_MM && y <= b[3] + BANDE_MM;
        if !libelle.is_some_and(dans) {
            n += 1;
        }
    });
    n >= min_pixels
}

/// Chaque pixel pâle du plan (ni encre, ni à moins de `bord` pixels de l'encre, plus sombre
/// que [`PALE`] fois le papier), par sa position en mm de la feuille. Les pixels assez
/// sombres sont rares sur un scan ordinaire (le bord adouci des traits) : l'encre voisine
/// n'est cherchée que pour eux.
fn pour_chaque_pixel_pale(plan: &Plan, bord: usize, mut pixel: impl FnMut(f64, f64)) {
    let (l, h) = (plan.largeur, plan.hauteur);
    for v in 0..h {
        for u in 0..l {
            let i = v * l + u;
            if plan.encre[i] || plan.gris[i] >= PALE * plan.papier[i] {
                continue;
            }
            let pres_de_l_encre = (v.saturating_sub(bord)..(v + bord + 1).min(h)).any(|b| plan.encre[b * l + u.saturating_sub(bord)..b * l + (u + bord + 1).min(l)].iter().any(|&e| e));
            if !pres_de_l_encre {
                let (x, y) = plan.mm(u as f64, v as f64);
                pixel(x, y);
            }
        }
    }
}
