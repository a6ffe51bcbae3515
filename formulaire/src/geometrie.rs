//! La géométrie qui relie la feuille (mm) à une image (pixels) : une homographie 3 × 3.
//! Le générateur l'emploie pour scanner une feuille dessinée à plat, la lecture des scans
//! pour retrouver chaque case du formulaire dans l'image.

use serde::{Deserialize, Serialize};

/// Une homographie 3 × 3 (rangée par rangée) : (x, y) → (x', y').
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Homographie(pub [f64; 9]);

impl Homographie {
    pub const IDENTITE: Homographie = Homographie([1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0]);

    pub fn appliquer(&self, x: f64, y: f64) -> (f64, f64) {
        let m = &self.0;
        let w = m[6] * x + m[7] * y + m[8];
        ((m[0] * x + m[1] * y + m[2]) / w, (m[3] * x + m[4] * y + m[5]) / w)
    }

    /// Une similitude : rotation `angle` (radians), échelle `k`, puis translation.
    pub fn similitude(angle: f64, k: f64, tx: f64, ty: f64) -> Homographie {
        let (c, s) = (angle.cos() * k, angle.sin() * k);
        Homographie([c, -s, tx, s, c, ty, 0.0, 0.0, 1.0])
    }

    /// L'homographie qui envoie les 4 points `de` sur les 4 points `vers`.
    pub fn par_quatre_points(de: [(f64, f64); 4], vers: [(f64, f64); 4]) -> Option<Homographie> {
        // 8 équations, 8 inconnues (m[8] = 1).
        let mut a = [[0f64; 8]; 8];
        let mut b = [0f64; 8];
        for i in 0..4 {
            let ((x, y), (u, v)) = (de[i], vers[i]);
            a[2 * i] = [x, y, 1.0, 0.0, 0.0, 0.0, -u * x, -u * y];
            a[2 * i + 1] = [0.0, 0.0, 0.0, x, y, 1.0, -v * x, -v * y];
            (b[2 * i], b[2 * i + 1]) = (u, v);
        }
        let m = resoudre(a, b)?;
        Some(Homographie([m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], 1.0]))
    }

    /// L'homographie qui envoie au mieux (moindres carrés algébriques, points normalisés)
    /// les points `de` sur les points `vers` ; au moins 4 paires, pas toutes alignées.
    pub fn par_moindres_carres(de: &[(f64, f64)], vers: &[(f64, f64)]) -> Option<Homographie> {
        if de.len() != vers.len() || de.len() < 4 {
            return None;
        }
        // Normalisation de Hartley : centre à l'origine, distance moyenne √2.
        let (nd, td) = normalisation(de)?;
        let (nv, tv) = normalisation(vers)?;
        // h33 = 1 : 8 inconnues, équations normales (8 × 8) résolues par Gauss.
        let mut ata = [[0f64; 8]; 8];
        let mut atb = [0f64; 8];
        for (&(x, y), &(u, v)) in nd.iter().zip(&nv) {
            for (ligne, b) in [([x, y, 1.0, 0.0, 0.0, 0.0, -u * x, -u * y], u), ([0.0, 0.0, 0.0, x, y, 1.0, -v * x, -v * y], v)] {
                for i in 0..8 {
                    atb[i] += ligne[i] * b;
                    for j in 0..8 {
                        ata[i][j] += ligne[i] * ligne[j];
                    }
                }
            }
        }
        let h = resoudre(ata, atb)?;
        let hn = Homographie([h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7], 1.0]);
        // vers = tv⁻¹ · hn · td
        let r = td.puis(&hn).puis(&tv.inverse()?);
        r.normalisee()
    }

    /// Composition : d'abord `self`, puis `apres`.
    pub fn puis(&self, apres: &Homographie) -> Homographie {
        let (a, b) = (&apres.0, &self.0);
        let mut m = [0f64; 9];
        for r in 0..3 {
            for c in 0..3 {
                m[r * 3 + c] = (0..3).map(|k| a[r * 3 + k] * b[k * 3 + c]).sum();
            }
        }
        Homographie(m)
    }

    /// L'homographie inverse ; `None` si elle n'est pas inversible.
    pub fn inverse(&self) -> Option<Homographie> {
        let m = &self.0;
        let cof = [
            m[4] * m[8] - m[5] * m[7],
            m[2] * m[7] - m[1] * m[8],
            m[1] * m[5] - m[2] * m[4],
            m[5] * m[6] - m[3] * m[8],
            m[0] * m[8] - m[2] * m[6],
            m[2] * m[3] - m[0] * m[5],
            m[3] * m[7] - m[4] * m[6],
            m[1] * m[6] - m[0] * m[7],
            m[0] * m[4] - m[1] * m[3],
        ];
        let det = m[0] * cof[0] + m[1] * cof[3] + m[2] * cof[6];
        if !det.is_finite() || det.abs() < 1e-300 {
            return None;
        }
        Homographie(cof.map(|c| c / det)).normalisee()
    }

    /// La même homographie, m33 = 1 (quand c'est possible).
    fn normalisee(self) -> Option<Homographie> {
        let w = self.0[8];
        if !w.is_finite() || w.abs() < 1e-300 || self.0.iter().any(|v| !v.is_finite()) {
            return None;
        }
        Some(Homographie(self.0.map(|v| v / w)))
    }

    /// L'échelle locale en (x, y) : longueur image d'un pas unité (moyenne des deux axes).
    pub fn echelle_locale(&self, x: f64, y: f64) -> f64 {
        let p = self.appliquer(x, y);
        let px = self.appliquer(x + 1.0, y);
        let py = self.appliquer(x, y + 1.0);
        ((px.0 - p.0).hypot(px.1 - p.1) + (py.0 - p.0).hypot(py.1 - p.1)) / 2.0
    }
}

/// Translation + échelle qui centre les points et ramène leur distance moyenne à √2.
fn normalisation(p: &[(f64, f64)]) -> Option<(Vec<(f64, f64)>, Homographie)> {
    let n = p.len() as f64;
    let (cx, cy) = p.iter().fold((0.0, 0.0), |a, &(x, y)| (a.0 + x / n, a.1 + y / n));
    let d = p.iter().map(|&(x, y)| (x - cx).hypot(y - cy)).sum::<f64>() / n;
    if !d.is_finite() || d < 1e-12 {
        return None;
    }
    let k = std::f64::consts::SQRT_2 / d;
    let t = Homographie([k, 0.0, -k * cx, 0.0, k, -k * cy, 0.0, 0.0, 1.0]);
    Some((p.iter().map(|&(x, y)| t.appliquer(x, y)).collect(), t))
}

/// Résout `a · x = b` (8 × 8) par élimination de Gauss avec pivot partiel.
fn resoudre(mut a: [[f64; 8]; 8], mut b: [f64; 8]) -> Option<[f64; 8]> {
    for c in 0..8 {
        let p = (c..8).max_by(|&i, &j| a[i][c].abs().total_cmp(&a[j][c].abs()))?;
        if a[p][c].abs() < 1e-12 {
            return None;
        }
        a.swap(c, p);
        b.swap(c, p);
        for r in 0..8 {
            if r != c {
                let k = a[r][c] / a[c][c];
                let pivot = a[c];
                for (x, &y) in a[r][c..].iter_mut().zip(&pivot[c..]) {
                    *x -= k * y;
                }
                b[r] -= k * b[c];
            }
        }
    }
    Some(std::array::from_fn(|i| b[i] / a[i][i]))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn proche(a: (f64, f64), b: (f64, f64)) -> bool {
        (a.0 - b.0).abs() < 1e-6 && (a.1 - b.1).abs() < 1e-6
    }

    #[test]
    fn l_homographie_envoie_les_quatre_coins_ou_il_faut() {
        let de = [(0.0, 0.0), (100.0, 0.0), (100.0, 50.0), (0.0, 50.0)];
        let vers = [(10.0, 12.0), (212.0, 3.0), (220.0, 110.0), (5.0, 98.0)];
        let h = Homographie::par_quatre_points(de, vers).unwrap();
        for i in 0..4 {
            assert!(proche(h.appliquer(de[i].0, de[i].1), vers[i]));
        }
        let double = h.puis(&Homographie([2.0, 0.0, 0.0, 0.0, 2.0, 0.0, 0.0, 0.0, 1.0]));
        assert!(proche(double.appliquer(100.0, 50.0), (440.0, 220.0)));
    }

    #[test]
    fn l_inverse_ramene_chaque_point_et_les_moindres_carres_retrouvent_l_homographie() {
        let h = Homographie([1.9, 0.12, 30.0, -0.1, 2.05, 14.0, 1e-4, -2e-4, 1.0]);
        let inv = h.inverse().unwrap();
        let grille: Vec<(f64, f64)> = (0..18).flat_map(|i| (0..18).map(move |j| (5.0 + 5.5 * i as f64, 5.0 + 5.5 * j as f64))).collect();
        let images: Vec<(f64, f64)> = grille.iter().map(|&(x, y)| h.appliquer(x, y)).collect();
        for (&p, &q) in grille.iter().zip(&images) {
            assert!(proche(inv.appliquer(q.0, q.1), p));
        }
        let ajustee = Homographie::par_moindres_carres(&grille, &images).unwrap();
        for &(x, y) in &grille {
            let (a, b) = (ajustee.appliquer(x, y), h.appliquer(x, y));
            assert!((a.0 - b.0).abs() < 1e-6 && (a.1 - b.1).abs() < 1e-6, "{a:?} {b:?}");
        }
        assert!((h.echelle_locale(50.0, 50.0) - 2.0).abs() < 0.1);
    }

    #[test]
    fn des_points_alignes_ne_donnent_pas_d_homographie() {
        let de = [(0.0, 0.0), (1.0, 1.0), (2.0, 2.0), (3.0, 3.0)];
        assert!(Homographie::par_quatre_points(de, de).is_none());
    }
}
