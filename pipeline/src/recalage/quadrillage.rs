//! Trouver le quadrillage de l'aire de rédaction dans une image réduite, sans repère :
//! les pixels de traits fins (creux plus sombres que leurs deux voisins), l'angle qui aligne
//! le mieux leurs projections, le pas des lignes (autocorrélation des projections), puis
//! le peigne de `n` lignes au pas trouvé qui recouvre le plus de traits, sur chaque axe.

use multiversion::multiversion;
use image::GrayImage;

/// Contraste minimal d'un creux (niveaux de gris) : un trait de quadrillage clair et flou
/// reste au-dessus, le bruit du papier rarement.
const CREUX_MIN: i16 = 8;
/// Écart (pixels de l'image réduite) entre un pixel et les voisins qui l'encadrent.
const ECART: usize = 3;
/// Angles essayés (degrés), de part et d'autre de l'axe de l'image.
const ANGLE_MAX: f64 = 8.0;
/// Pas des lignes cherchés (pixels de l'image réduite).
pub const PAS_MIN: usize = 6;
pub const PAS_MAX: usize = 160;
/// Pixels de traits gardés au plus, par famille (un sur k au-delà).
const POINTS_MAX: usize = 12_000;

/// Les pixels de traits fins d'une image : `verticaux` (creux le long de x), `horizontaux`
/// (creux le long de y).
pub struct Traits {
    pub verticaux: Vec<(f32, f32)>,
    pub horizontaux: Vec<(f32, f32)>,
}

#[multiversion(targets("x86_64+avx+avx2+fma+bmi1+bmi2+lzcnt+popcnt"))]
pub fn traits(img: &GrayImage) -> Traits {
    let (l, h) = (img.width() as usize, img.height() as usize);
    let p = img.as_raw();
    let mut verticaux = Vec::new();
    let mut horizontaux = Vec::new();
    if l <= 2 * ECART || h <= 2 * ECART {
        return Traits { verticaux, horizontaux };
    }
    // Les creux d'une rangée d'abord (un calcul sans branche, que le compilateur
    // vectorise), puis les points, dans le même ordre.
    let (mut creux_x, mut creux_y) = (vec![false; l], vec![false; l]);
    for y in ECART..h - ECART {
        let r = y * l;
        let (ici, gauche, droite) = (&p[r + ECART..r + l - ECART], &p[r..r + l - 2 * ECART], &p[r + 2 * ECART..r + l]);
        let (haut, bas) = (&p[r - ECART * l + ECART..r - ECART * l + l - ECART], &p[r + ECART * l + ECART..r + ECART * l + l - ECART]);
        for (k, &v) in ici.iter().enumerate() {
            let v = v as i16;
            creux_x[k] = (gauche[k] as i16).min(droite[k] as i16) - v >= CREUX_MIN;
            creux_y[k] = (haut[k] as i16).min(bas[k] as i16) - v >= CREUX_MIN;
        }
        for (k, (&cx, &cy)) in creux_x.iter().zip(&creux_y).take(ici.len()).enumerate() {
            let x = k + ECART;
            if cx {
                verticaux.push((x as f32, y as f32));
            }
            if cy {
                horizontaux.push((x as f32, y as f32));
            }
        }
    }
    for v in [&mut verticaux, &mut horizontaux] {
        if v.len() > POINTS_MAX {
            let k = v.len().div_ceil(POINTS_MAX);
            *v = v.iter().step_by(k).copied().collect();
        }
    }
    Traits { verticaux, horizontaux }
}

/// Histogramme (pas de 1 pixel) des projections de points sur un axe tourné de `angle`.
fn projection(points: &[(f32, f32)], angle: f64, axe_x: bool, taille: usize, decalage: f64) -> Vec<f32> {
    comptes(points, angle, axe_x, taille, decalage).into_iter().map(|n| n as f32).collect()
}

/// Les comptes de l'histogramme de [`projection`] (entiers : la même chose, plus vite).
///
/// Les cases de 64 points à la fois d'abord (un calcul que le compilateur vectorise :
/// les mêmes opérations sur chaque point, donc les mêmes cases), puis les comptes ; une
/// case hors de l'histogramme va dans une case de trop, jetée à la fin. Les coordonnées
/// sont celles d'une image : la case tient dans un `i32`.
/// Les mêmes comptes que l'écriture directe (test `comptes_comme_un_point_a_la_fois`).
#[multiversion(targets("x86_64+avx+avx2+fma+bmi1+bmi2+lzcnt+popcnt"))]
fn comptes(points: &[(f32, f32)], angle: f64, axe_x: bool, taille: usize, decalage: f64) -> Vec<u32> {
    let (c, s) = (angle.cos() as f32, angle.sin() as f32);
    let mut h = vec![0u32; taille + 1];
    let mut cases = [0u32; 64];
    for paquet in points.chunks(64) {
        for (k, &(x, y)) in cases.iter_mut().zip(paquet) {
            let u = if axe_x { x * c + y * s } else { -x * s + y * c };
            // Dans (−1, taille), la troncature tombe dans l'histogramme ; sinon (NaN
            // compris), la case de trop. `as` vérifierait NaN et débordement à chaque point,
            // ce qui empêche de vectoriser.
            let v = u as f64 + decalage + 0.5;
            let v = if v > -1.0 && v < taille as f64 { v } else { taille as f64 };
            // SAFETY: v est fini et dans (−1, taille], taille étant la longueur d'un
            // histogramme de pixels (bien en deçà de i32::MAX).
            *k = unsafe { v.to_int_unchecked::<i32>() } as u32;
        }
        for &k in &cases[..paquet.len()] {
            h[k as usize] += 1;
        }
    }
    h.truncate(taille);
    h
}

/// Les projections des deux familles de traits, chacune sous son angle.
pub struct Projections {
    /// Angle des lignes verticales (projetées sur l'axe x tourné de cet angle).
    pub angle: f64,
    /// Angle des lignes horizontales : celui des verticales, sauf quand la perspective ou
    /// un cisaillement les fait pencher autrement ([`angles_par_famille`]).
    pub angle_y: f64,
    /// Décalage ajouté aux coordonnées projetées (pour rester positives).
    pub decalage: f64,
    pub x: Vec<f32>,
    pub y: Vec<f32>,
}

impl Projections {
    /// Le point de l'image (réduite) où se croisent la verticale projetée en `u` et
    /// l'horizontale projetée en `v` (coordonnées des histogrammes, décalage ôté).
    pub fn croisement(&self, u: f64, v: f64) -> (f64, f64) {
        let (cv, sv) = (self.angle.cos(), self.angle.sin());
        let (ch, sh) = (self.angle_y.cos(), self.angle_y.sin());
        // x·cv + y·sv = u et −x·sh + y·ch = v ; le déterminant vaut cos(av − ah), 1 tout
        // juste pour un angle commun (la rotation inverse, sans arrondi de plus).
        let det = (self.angle - self.angle_y).cos();
        ((u * ch - v * sv) / det, (u * sh + v * cv) / det)
    }
}

/// Taille et décalage des histogrammes de projection d'une image `l` × `h`.
fn etendue(l: u32, h: u32) -> (usize, f64) {
    let diag = ((l as f64).hypot(h as f64)).ceil();
    ((2.0 * diag) as usize + 2, diag)
}

/// L'angle (radians, à ±[`ANGLE_MAX`]) qui maximise `nettete` : au degré, puis au
/// cinquième, puis au quarantième de degré autour du meilleur.
fn angle_le_plus_net(nettete: impl Fn(f64) -> f64) -> f64 {
    let mut meilleur = (0.0, f64::MIN);
    let essayer = |a: f64, m: &mut (f64, f64)| {
        let n = nettete(a);
        if n > m.1 {
            *m = (a, n);
        }
    };
    let pas = 1f64.to_radians();
    let n = (ANGLE_MAX.to_radians() / pas).round() as i32;
    for i in -n..=n {
        essayer(i as f64 * pas, &mut meilleur);
    }
    // Autour du meilleur, plus finement (le centre, déjà essayé, ne peut que rester).
    let centre = meilleur.0;
    for i in (-5..=5).filter(|&i| i != 0) {
        essayer(centre + i as f64 * pas / 5.0, &mut meilleur);
    }
    let centre = meilleur.0;
    for i in (-4..=4).filter(|&i| i != 0) {
        essayer(centre + i as f64 * pas / 40.0, &mut meilleur);
    }
    meilleur.0
}

/// Somme des carrés d'un histogramme : d'autant plus grande que ses pics sont étroits.
fn carres(h: &[u32]) -> f64 {
    h.iter().map(|&v| (v as f64) * (v as f64)).sum()
}

/// L'angle (radians) qui rend les projections des deux familles ensemble les plus
/// piquées, et ces projections.
pub fn meilleur_angle(t: &Traits, l: u32, h: u32) -> Projections {
    let (taille, decalage) = etendue(l, h);
    let angle = angle_le_plus_net(|a| {
        let hx = comptes(&t.verticaux, a, true, taille, decalage);
        let hy = comptes(&t.horizontaux, a, false, taille, decalage);
        carres(&hx) + carres(&hy)
    });
    Projections { angle, angle_y: angle, decalage, x: projection(&t.verticaux, angle, true, taille, decalage), y: projection(&t.horizontaux, angle, false, taille, decalage) }
}

/// Un angle par famille de lignes : sous une perspective marquée (ou un cisaillement),
/// les horizontales et les verticales ne penchent pas autant, et l'angle commun de
/// [`meilleur_angle`] brouille l'une des projections au point que le peigne y prend une
/// ligne pour sa voisine. L'angle d'une famille seule est moins sûr que l'angle commun :
/// le recalage ne l'essaie que quand l'angle commun échoue.
pub fn angles_par_famille(t: &Traits, l: u32, h: u32) -> Projections {
    let (taille, decalage) = etendue(l, h);
    let angle = angle_le_plus_net(|a| carres(&comptes(&t.verticaux, a, true, taille, decalage)));
    let angle_y = angle_le_plus_net(|a| carres(&comptes(&t.horizontaux, a, false, taille, decalage)));
    Projections { angle, angle_y, decalage, x: projection(&t.verticaux, angle, true, taille, decalage), y: projection(&t.horizontaux, angle_y, false, taille, decalage) }
}

/// La netteté des deux familles, chacune sous son meilleur angle (la somme des carrés de
/// leurs projections) : d'autant plus grande que les lignes de chaque famille sont
/// parallèles entre elles ([`super::perspective`]).
pub fn nettete_par_famille(t: &Traits, l: u32, h: u32) -> f64 {
    let (taille, decalage) = etendue(l, h);
    let meilleure = |points: &[(f32, f32)], axe_x: bool| {
        let nette = |a: f64| carres(&comptes(points, a, axe_x, taille, decalage));
        nette(angle_le_plus_net(nette))
    };
    meilleure(&t.verticaux, true) + meilleure(&t.horizontaux, false)
}

fn lisser(h: &[f32]) -> Vec<f32> {
    (0..h.len())
        .map(|i| {
            let a = if i > 0 { h[i - 1] } else { 0.0 };
            let b = h.get(i + 1).copied().unwrap_or(0.0);
            (a + 2.0 * h[i] + b) / 4.0
        })
        .collect()
}

/// Les pas des lignes possibles (pixels), le plus plausible d'abord : le premier fort pic
/// de l'autocorrélation des deux projections entre `min` et `max` ; puis, quand ce pic
/// est la moitié ou le tiers du plus fort, le plus fort lui-même (un peigne qui ne tient
/// pas au premier pas est essayé au second).
pub fn pas_des_lignes(p: &Projections, min: usize, max: usize) -> Vec<f64> {
    pas_des_histogrammes(&[&p.x, &p.y], min, max)
}

/// Les pas des lignes possibles de quelques histogrammes de projection ensemble (voir
/// [`pas_des_lignes`]).
pub fn pas_des_histogrammes(histogrammes: &[&[f32]], min: usize, max: usize) -> Vec<f64> {
    let centrer = |h: &[f32]| {
        let m = h.iter().sum::<f32>() / h.len().max(1) as f32;
        h.iter().map(|&v| v - m).collect::<Vec<f32>>()
    };
    let centres: Vec<Vec<f32>> = histogrammes.iter().map(|h| centrer(&lisser(h))).collect();
    let ac = |d: usize| -> f64 {
        let f = |h: &[f32]| h.iter().zip(&h[d.min(h.len())..]).map(|(&a, &b)| (a * b) as f64).sum::<f64>();
        centres.iter().map(|h| f(h)).sum::<f64>()
    };
    let Some(longueur) = centres.first().map(Vec::len) else { return Vec::new() };
    let max = max.min(longueur / 4);
    if min + 2 >= max {
        return Vec::new();
    }
    let valeurs: Vec<f64> = (0..=max + 1).map(|d| if d + 1 >= min { ac(d) } else { 0.0 }).collect();
    let pic = |d: usize| valeurs[d] > 0.0 && valeurs[d] >= valeurs[d - 1] && valeurs[d] >= valeurs[d + 1];
    let Some(meilleur) = (min..=max).filter(|&d| pic(d)).max_by(|&a, &b| valeurs[a].total_cmp(&valeurs[b])) else { return Vec::new() };
    // Un pic à la moitié ou au tiers du meilleur, presque aussi fort, est le vrai pas.
    let vrai = [3usize, 2]
        .iter()
        .filter_map(|&k| {
            let d = (meilleur as f64 / k as f64).round() as usize;
            (d >= min).then(|| (d.saturating_sub(1)..=d + 1).filter(|&e| e >= min && pic(e)).max_by(|&a, &b| valeurs[a].total_cmp(&valeurs[b])))?
        })
        .find(|&d| valeurs[d] >= 0.55 * valeurs[meilleur])
        .unwrap_or(meilleur);
    // Sommet de la parabole par les trois valeurs autour du pic.
    let sommet = |d: usize| {
        let (a, b, c) = (valeurs[d - 1], valeurs[d], valeurs[d + 1]);
        let denom = a - 2.0 * b + c;
        let fin = if denom.abs() > 1e-12 { 0.5 * (a - c) / denom } else { 0.0 };
        d as f64 + fin.clamp(-0.5, 0.5)
    };
    let mut pas = vec![sommet(vrai)];
    if vrai != meilleur {
        pas.push(sommet(meilleur));
    }
    pas
}

/// Un peigne de `n` lignes : position de la première et pas (pixels de l'axe projeté).
#[derive(Debug, Clone, Copy)]
pub struct Peigne {
    pub debut: f64,
    pub pas: f64,
    /// Nombre de dents sur des traits bien marqués.
    pub dents_marquees: usize,
    /// Force moyenne d'une dent rapportée au bruit de fond de l'histogramme.
    pub contraste: f64,
}

#[inline]
fn valeur(h: &[f32], u: f64) -> f32 {
    if u < 0.0 {
        return 0.0;
    }
    let i = u as usize;
    if i + 1 >= h.len() {
        return 0.0;
    }
    let f = (u - i as f64) as f32;
    h[i] * (1.0 - f) + h[i + 1] * f
}

/// La plus forte des valeurs en `u - 1`, `u` et `u + 1` : les trois ont la même partie
/// fractionnaire (ajouter ou ôter 1 est exact ici), une seule conversion et quatre lectures
/// suffisent loin des bords ; le résultat est celui des trois [`valeur`], bit pour bit.
#[inline]
fn dent(h: &[f32], u: f64) -> f32 {
    if u >= 1.0 {
        let i = u as usize;
        if i + 2 < h.len() {
            let f = (u - i as f64) as f32;
            let lerp = |a: f32, b: f32| a * (1.0 - f) + b * f;
            let (a, b, c, d) = (h[i - 1], h[i], h[i + 1], h[i + 2]);
            return lerp(b, c).max(lerp(a, b)).max(lerp(c, d));
        }
    }
    valeur(h, u).max(valeur(h, u - 1.0)).max(valeur(h, u + 1.0))
}

/// Ajoute à `sommes[j]` la [`dent`] en `debut + j + b` (`debut` entier), pour chaque `j`.
///
/// Ces points ont tous, à un arrondi près, la partie fractionnaire de `b` : loin des bords
/// de l'histogramme, la dent y est le maximum de trois interpolations au même poids sur des
/// valeurs voisines en mémoire, un calcul que le compilateur vectorise. Les mêmes bits que
/// [`dent`] (test `les_dents_aux_debuts_entiers_sont_les_dents`), sauf quand la partie
/// fractionnaire de `b` est à moins de 10⁻¹³ d'un entier : l'arrondi de `debut + j + b` peut
/// alors changer sa partie entière, et la dent différer de 10⁻¹² au plus (lectures des
/// manches de validation et d'évaluation identiques octet pour octet).
#[inline]
fn dents_aux_debuts_entiers(hs: &[f32], debut: f64, b: f64, sommes: &mut [f64]) {
    let plancher = b.floor();
    let f = (b - plancher) as f32;
    // Indice de la valeur de gauche de l'interpolation centrale pour j = 0.
    let i0 = debut as usize + plancher as usize;
    // Les j dont les quatre valeurs lues sont dans l'histogramme (i ≥ 1, i + 2 < longueur).
    let premier = 1usize.saturating_sub(i0).min(sommes.len());
    let fin = (hs.len().saturating_sub(2).saturating_sub(i0)).clamp(premier, sommes.len());
    for (j, s) in sommes.iter_mut().enumerate().take(premier) {
        *s += dent(hs, debut + j as f64 + b) as f64;
    }
    if fin > premier {
        let lerp = |a: f32, c: f32| a * (1.0 - f) + c * f;
        let fenetre = &hs[i0 + premier - 1..i0 + fin + 2];
        for (s, w) in sommes[premier..fin].iter_mut().zip(fenetre.windows(4)) {
            *s += lerp(w[1], w[2]).max(lerp(w[0], w[1])).max(lerp(w[2], w[3])) as f64;
        }
    }
    for (j, s) in sommes.iter_mut().enumerate().skip(fin) {
        *s += dent(hs, debut + j as f64 + b) as f64;
    }
}

/// Le peigne de `n` dents, au pas voisin de `pas`, qui recouvre le plus de traits.
#[multiversion(targets("x86_64+avx+avx2+fma+bmi1+bmi2+lzcnt+popcnt"))]
pub fn peigne(h: &[f32], n: usize, pas: f64) -> Option<Peigne> {
    let hs = lisser(h);
    // Une dent prend le plus fort des trois pixels autour d'elle (traits flous, pas arrondi).
    let dent = |u: f64| dent(&hs, u);
    // Seule la partie occupée de l'histogramme peut porter le peigne.
    let premier = hs.iter().position(|&v| v > 0.0)? as f64;
    let dernier = hs.iter().rposition(|&v| v > 0.0)? as f64;
    let somme = |o: f64, p: f64| (0..n).map(|i| valeur(&hs, o + i as f64 * p) as f64).sum::<f64>();
    // Grossier (pixel entier, pas à 0,3 %, dents larges d'un pixel de chaque côté), puis fin
    // autour du meilleur.
    let mut meilleur: Option<(f64, f64, f64)> = None;
    let debut = (premier - 1.0).max(0.0);
    let mut sommes = Vec::new();
    for k in -10..=10 {
        let p = pas * (1.0 + k as f64 * 0.003);
        // Les débuts entiers `debut + j` du peigne qui tient dans la partie occupée.
        let places = (0..).take_while(|&j| debut + j as f64 + p * (n - 1) as f64 <= dernier + 1.0).count();
        sommes.clear();
        sommes.resize(places, 0.0f64);
        for i in 0..n {
            dents_aux_debuts_entiers(&hs, debut, i as f64 * p, &mut sommes);
        }
        for (j, &s) in sommes.iter().enumerate() {
            if meilleur.is_none_or(|m| s > m.2) {
                meilleur = Some((debut + j as f64, p, s));
            }
        }
    }
    let (o0, p0, _) = meilleur?;
    let (mut o, mut p, mut s) = (o0, p0, f64::MIN);
    for k in -6..=6 {
        let p2 = p0 * (1.0 + k as f64 * 0.0005);
        for d in -10..=10 {
            let o2 = o0 + d as f64 * 0.1;
            let s2 = somme(o2, p2);
            if s2 > s {
                (o, p, s) = (o2, p2, s2);
            }
        }
    }
    let dents: Vec<f32> = (0..n).map(|i| dent(o + i as f64 * p)).collect();
    let mut tri = dents.clone();
    tri.sort_by(f32::total_cmp);
    let mediane = tri[n / 2].max(1e-6);
    let dents_marquees = dents.iter().filter(|&&d| d >= 0.3 * mediane).count();
    // Le fond : la médiane de l'histogramme sur l'étendue du peigne, hors des dents.
    let mut fond: Vec<f32> = (0..(n - 1) * 4).map(|i| valeur(&hs, o + p * (i as f64 / 4.0).floor() + p * (0.25 + 0.5 * (i % 2) as f64))).collect();
    fond.sort_by(f32::total_cmp);
    let bruit = fond.get(fond.len() / 2).copied().unwrap_or(0.0).max(0.5);
    Some(Peigne { debut: o, pas: p, dents_marquees, contraste: (s / n as f64) / bruit as f64 })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// L'écriture directe de [`comptes`], un point à la fois.
    fn comptes_directs(points: &[(f32, f32)], angle: f64, axe_x: bool, taille: usize, decalage: f64) -> Vec<u32> {
        let (c, s) = (angle.cos() as f32, angle.sin() as f32);
        let mut h = vec![0u32; taille];
        for &(x, y) in points {
            let u = if axe_x { x * c + y * s } else { -x * s + y * c };
            let i = (u as f64 + decalage + 0.5) as isize;
            if i >= 0 && (i as usize) < taille {
                h[i as usize] += 1;
            }
        }
        h
    }

    proptest! {
        #[test]
        fn les_dents_aux_debuts_entiers_sont_les_dents(
            hs in proptest::collection::vec(0.0f32..60.0, 0..120),
            debut in 0usize..130,
            b in 0.0f64..140.0,
            places in 0usize..140,
            depart in proptest::collection::vec(0.0f64..500.0, 140),
        ) {
            let mut sommes = depart[..places].to_vec();
            dents_aux_debuts_entiers(&hs, debut as f64, b, &mut sommes);
            for (j, s) in sommes.iter().enumerate() {
                let attendu = depart[j] + dent(&hs, debut as f64 + j as f64 + b) as f64;
                prop_assert_eq!(s.to_bits(), attendu.to_bits(), "j = {}", j);
            }
        }

        #[test]
        fn comptes_comme_un_point_a_la_fois(
            // Des pixels d'une image réduite, débordant parfois de l'histogramme.
            points in proptest::collection::vec((-40.0f32..700.0, -40.0f32..700.0), 0..300),
            angle in -0.15f64..0.15,
            axe_x: bool,
            taille in 1usize..1200,
            decalage in -20.0f64..400.0,
        ) {
            prop_assert_eq!(comptes(&points, angle, axe_x, taille, decalage), comptes_directs(&points, angle, axe_x, taille, decalage));
        }
    }

    #[test]
    fn une_dent_vaut_le_plus_fort_des_trois_points_bit_pour_bit() {
        let h: Vec<f32> = (0..200).map(|i| ((i * 37 % 101) as f32 * 0.73).sin().abs() * 40.0).collect();
        for k in 0..20_000 {
            let u = -3.0 + k as f64 * 0.010_37;
            let attendu = valeur(&h, u).max(valeur(&h, u - 1.0)).max(valeur(&h, u + 1.0));
            assert_eq!(dent(&h, u).to_bits(), attendu.to_bits(), "u = {u}");
        }
    }
}
