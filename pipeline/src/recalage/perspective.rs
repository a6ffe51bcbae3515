//! Une feuille vue de biais (photographiée, ou posée de travers sous une caméra) : les
//! lignes d'une même famille du quadrillage ne sont plus parallèles, elles fuient vers un
//! point ; le pas des lignes change d'un bord de l'aire à l'autre, et le peigne, qui cherche
//! un pas unique, ne les retrouve plus (au-delà d'un bord raccourci de 2 à 3 %).
//!
//! Le redressement cherche la transformation projective `(x, y) ↦ (x, y) / (1 + a·x + b·y)`
//! (coordonnées centrées et réduites) qui rend de nouveau parallèles les lignes de chaque
//! famille : celle dont les projections des traits, chacune sous son meilleur angle, sont
//! les plus piquées (la droite de fuite renvoyée à l'infini). Ce ne sont que les *points*
//! des traits qui sont redressés, pour le peigne ; les lignes sont ensuite suivies sur
//! l'image même, par l'homographie qui compose le peigne et le redressement inverse.

use super::quadrillage::{angles_par_famille, nettete_par_famille, pas_des_histogrammes, Traits, PAS_MAX, PAS_MIN};

/// Les coefficients essayés d'abord, de part et d'autre de 0 : ±0,2 couvre un bord
/// raccourci d'un quart (coordonnées réduites à la demi-diagonale de l'image).
const COEF_MAX: f64 = 0.2;
const PAS_GROSSIER: f64 = 0.05;

/// Un redressement des points de l'image réduite : la transformation projective qui rend
/// parallèles les lignes de chaque famille, puis l'affinité qui rend le quadrillage droit
/// et ses cases carrées (chaque famille à son angle et à son pas).
#[derive(Debug, Clone, Copy)]
pub struct Redressement {
    a: f64,
    b: f64,
    cx: f64,
    cy: f64,
    s: f64,
    /// Angles des verticales et des horizontales une fois les familles parallèles.
    angle_v: f64,
    angle_h: f64,
    /// Facteurs qui rendent le pas des verticales et des horizontales le même.
    kx: f64,
    ky: f64,
}

impl Redressement {
    fn projectif(a: f64, b: f64, l: u32, h: u32) -> Redressement {
        let (cx, cy) = (l as f64 / 2.0, h as f64 / 2.0);
        Redressement { a, b, cx, cy, s: cx.hypot(cy), angle_v: 0.0, angle_h: 0.0, kx: 1.0, ky: 1.0 }
    }

    /// Le point redressé d'un point de l'image.
    pub fn appliquer(&self, x: f64, y: f64) -> (f64, f64) {
        let (u, v) = ((x - self.cx) / self.s, (y - self.cy) / self.s);
        let w = 1.0 + self.a * u + self.b * v;
        let (x, y) = (self.s * u / w, self.s * v / w);
        // Les coordonnées que projettent les histogrammes de chaque famille, mises au même pas.
        let (cv, sv, ch, sh) = (self.angle_v.cos(), self.angle_v.sin(), self.angle_h.cos(), self.angle_h.sin());
        (self.cx + self.kx * (x * cv + y * sv), self.cy + self.ky * (-x * sh + y * ch))
    }

    /// Le point de l'image d'un point redressé.
    pub fn inverse(&self, x: f64, y: f64) -> (f64, f64) {
        let (p, q) = ((x - self.cx) / self.kx, (y - self.cy) / self.ky);
        let (cv, sv, ch, sh) = (self.angle_v.cos(), self.angle_v.sin(), self.angle_h.cos(), self.angle_h.sin());
        let det = (self.angle_v - self.angle_h).cos();
        let (x, y) = ((p * ch - q * sv) / det, (p * sh + q * cv) / det);
        let (u, v) = (x / self.s, y / self.s);
        let w = 1.0 / (1.0 - self.a * u - self.b * v);
        (self.cx + self.s * u * w, self.cy + self.s * v * w)
    }

    /// Les traits redressés.
    pub fn traits(&self, t: &Traits) -> Traits {
        let redresser = |p: &[(f32, f32)]| p.iter().map(|&(x, y)| self.appliquer(x as f64, y as f64)).map(|(x, y)| (x as f32, y as f32)).collect();
        Traits { verticaux: redresser(&t.verticaux), horizontaux: redresser(&t.horizontaux) }
    }
}

/// Le redressement d'une image réduite `l` × `h` : la transformation projective qui rend
/// les lignes de chaque famille le plus parallèles (sur une grille de coefficients, puis
/// quatre fois plus finement autour du meilleur), puis l'affinité des angles et des pas
/// des deux familles. `None` quand les lignes n'ont pas de pas.
pub fn redressement(t: &Traits, l: u32, h: u32) -> Option<Redressement> {
    let nettete = |a: f64, b: f64| nettete_par_famille(&Redressement::projectif(a, b, l, h).traits(t), l, h);
    let grille = |centre: (f64, f64), pas: f64, n: i32| {
        let mut meilleur = (centre, f64::MIN);
        for i in -n..=n {
            for j in -n..=n {
                let (a, b) = (centre.0 + i as f64 * pas, centre.1 + j as f64 * pas);
                let v = nettete(a, b);
                if v > meilleur.1 {
                    meilleur = ((a, b), v);
                }
            }
        }
        meilleur.0
    };
    let n = (COEF_MAX / PAS_GROSSIER).round() as i32;
    let grossier = grille((0.0, 0.0), PAS_GROSSIER, n);
    let (a, b) = grille(grossier, PAS_GROSSIER / 4.0, 2);
    let mut r = Redressement::projectif(a, b, l, h);
    let p = angles_par_famille(&r.traits(t), l, h);
    let pas_x = *pas_des_histogrammes(&[&p.x], PAS_MIN, PAS_MAX).first()?;
    let pas_y = *pas_des_histogrammes(&[&p.y], PAS_MIN, PAS_MAX).first()?;
    let pas = (pas_x + pas_y) / 2.0;
    (r.angle_v, r.angle_h, r.kx, r.ky) = (p.angle, p.angle_y, pas / pas_x, pas / pas_y);
    Some(r)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn l_inverse_rend_le_point_de_depart() {
        let r = Redressement { angle_v: 0.03, angle_h: -0.05, kx: 1.1, ky: 0.93, ..Redressement::projectif(0.13, -0.08, 640, 480) };
        for (x, y) in [(0.0, 0.0), (320.0, 240.0), (600.0, 30.0), (12.5, 470.0)] {
            let (u, v) = r.appliquer(x, y);
            let (x2, y2) = r.inverse(u, v);
            assert!((x - x2).abs() < 1e-9 && (y - y2).abs() < 1e-9, "({x}, {y}) → ({u}, {v}) → ({x2}, {y2})");
        }
    }

    #[test]
    fn des_lignes_qui_fuient_vers_un_point_redeviennent_paralleles() {
        // Un quadrillage droit de 18 × 18 lignes vu à travers la perspective inverse d'un
        // redressement connu : le redressement trouvé le rend droit.
        let vrai = Redressement::projectif(0.1, -0.06, 650, 650);
        let mut t = Traits { verticaux: Vec::new(), horizontaux: Vec::new() };
        for i in 0..18 {
            for k in 0..400 {
                let (fixe, court) = (120.0 + 24.0 * i as f64, 120.0 + 408.0 * k as f64 / 400.0);
                let (x, y) = vrai.inverse(fixe, court);
                t.verticaux.push((x as f32, y as f32));
                let (x, y) = vrai.inverse(court, fixe);
                t.horizontaux.push((x as f32, y as f32));
            }
        }
        let r = redressement(&t, 650, 650).expect("une perspective");
        assert!((r.a - vrai.a).abs() <= 0.0125 && (r.b - vrai.b).abs() <= 0.0125, "a {} b {}", r.a, r.b);
    }
}
