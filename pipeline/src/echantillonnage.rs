//! Lire une image en niveaux de gris en un point réel (interpolation bilinéaire), la
//! réduire pour chercher des traits fins, et compter ses niveaux de gris.

use multiversion::multiversion;
use image::GrayImage;

/// La valeur de l'image au point (x, y), ou `None` hors de l'image. Coordonnées continues :
/// le pixel (i, j) couvre [i, i + 1) × [j, j + 1), son centre est en (i + ½, j + ½) (la
/// convention de la vérité terrain du générateur).
#[inline]
pub fn bilineaire(img: &GrayImage, x: f64, y: f64) -> Option<f32> {
    let (x, y) = (x - 0.5, y - 0.5);
    let (l, h) = (img.width() as i64, img.height() as i64);
    // Hors de l'image (ou non fini) : rien. Dedans, la troncature vaut le plancher.
    if !(x >= 0.0 && y >= 0.0) {
        return None;
    }
    let (x0, y0) = (x as i64, y as i64);
    if x0 + 1 >= l || y0 + 1 >= h {
        return None;
    }
    Some(interpoler(img, x, y, x0, y0))
}

/// Vrai si [`bilineaire`] lit l'image en tout point du segment de `a` à `b`, à un pixel
/// près de plus de chaque côté (les points calculés le long du segment peuvent s'en
/// écarter d'un arrondi).
#[inline]
pub fn segment_dedans(img: &GrayImage, a: (f64, f64), b: (f64, f64)) -> bool {
    let (l, h) = (img.width() as f64, img.height() as f64);
    let dedans = |(x, y): (f64, f64)| x >= 1.5 && y >= 1.5 && x < l - 1.5 && y < h - 1.5;
    dedans(a) && dedans(b)
}

/// [`bilineaire`] en un point où elle lit l'image (voir [`segment_dedans`]) : la même
/// valeur, sans les contrôles.
#[inline(always)]
pub fn bilineaire_dedans(img: &GrayImage, x: f64, y: f64) -> f32 {
    let (x, y) = (x - 0.5, y - 0.5);
    interpoler(img, x, y, x as i64, y as i64)
}

/// Le calcul de [`bilineaire`] en (x, y) (déjà décalés d'un demi-pixel), de coin (x0, y0).
#[inline(always)]
fn interpoler(img: &GrayImage, x: f64, y: f64, x0: i64, y0: i64) -> f32 {
    let l = img.width() as i64;
    let (fx, fy) = ((x - x0 as f64) as f32, (y - y0 as f64) as f32);
    let brut = img.as_raw();
    let i = (y0 * l + x0) as usize;
    let (a, b, c, d) = (brut[i] as f32, brut[i + 1] as f32, brut[i + l as usize] as f32, brut[i + l as usize + 1] as f32);
    a + (b - a) * fx + (c - a) * fy + (a - b - c + d) * fx * fy
}

/// Réduction par le minimum de chaque bloc `f × f` : un trait sombre d'un pixel reste aussi
/// sombre, là où une moyenne l'effacerait.
#[multiversion(targets("x86_64+avx+avx2+fma+bmi1+bmi2+lzcnt+popcnt"))]
pub fn reduire_par_minimum(img: &GrayImage, f: u32) -> GrayImage {
    if f <= 1 {
        return img.clone();
    }
    let f = f as usize;
    let (l, h) = (img.width() as usize / f, img.height() as usize / f);
    let largeur = img.width() as usize;
    let brut = img.as_raw();
    let mut sortie = vec![255u8; l * h];
    let mut colonnes = vec![255u8; l * f];
    for (y, ligne) in sortie.chunks_exact_mut(l).enumerate() {
        // Minimum vertical des f rangées, puis minimum de chaque bloc de f colonnes.
        colonnes.copy_from_slice(&brut[y * f * largeur..y * f * largeur + l * f]);
        for dy in 1..f {
            let source = &brut[(y * f + dy) * largeur..(y * f + dy) * largeur + l * f];
            for (c, &v) in colonnes.iter_mut().zip(source) {
                *c = (*c).min(v);
            }
        }
        match f {
            2 => minimum_par_bloc::<2>(ligne, &colonnes),
            3 => minimum_par_bloc::<3>(ligne, &colonnes),
            4 => minimum_par_bloc::<4>(ligne, &colonnes),
            5 => minimum_par_bloc::<5>(ligne, &colonnes),
            _ => {
                for (v, bloc) in ligne.iter_mut().zip(colonnes.chunks_exact(f)) {
                    *v = bloc.iter().copied().fold(255, u8::min);
                }
            }
        }
    }
    GrayImage::from_raw(l as u32, h as u32, sortie).expect("taille")
}

/// Le minimum de chaque bloc de `F` valeurs (`F` connu à la compilation : le compilateur
/// déroule et vectorise ; les facteurs 2 à 5 couvrent les scans de 150 à 600 dpi).
#[inline]
fn minimum_par_bloc<const F: usize>(ligne: &mut [u8], colonnes: &[u8]) {
    for (v, bloc) in ligne.iter_mut().zip(colonnes.chunks_exact(F)) {
        let bloc: &[u8; F] = bloc.try_into().expect("bloc de F");
        *v = bloc.iter().copied().fold(255, u8::min);
    }
}

/// Un percentile (0..=100) des valeurs, par histogramme.
pub fn percentile(valeurs: impl IntoIterator<Item = u8>, p: f64) -> Option<u8> {
    let mut hist = [0u32; 256];
    let mut n = 0u64;
    for v in valeurs {
        hist[v as usize] += 1;
        n += 1;
    }
    if n == 0 {
        return None;
    }
    let cible = ((p / 100.0) * (n - 1) as f64).round() as u64;
    let mut cumul = 0u64;
    for (v, &c) in hist.iter().enumerate() {
        cumul += c as u64;
        if cumul > cible {
            return Some(v as u8);
        }
    }
    Some(255)
}

/// L'histogramme des niveaux de gris de quelques pixels.
pub fn histogramme(pixels: impl IntoIterator<Item = u8>) -> [u64; 256] {
    let mut h = [0u64; 256];
    pixels.into_iter().for_each(|v| h[v as usize] += 1);
    h
}

/// Le niveau médian d'un histogramme : le premier niveau où le compte passe la moitié des
/// pixels (255 pour un histogramme vide).
pub fn niveau_median(h: &[u64; 256]) -> u8 {
    let n: u64 = h.iter().sum();
    let mut cumul = 0;
    (0..=255u8)
        .find(|&v| {
            cumul += h[v as usize];
            2 * cumul > n
        })
        .unwrap_or(255)
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Luma;

    #[test]
    fn l_interpolation_passe_par_les_pixels_et_le_minimum_garde_un_trait_fin() {
        let mut img = GrayImage::from_pixel(8, 8, Luma([200]));
        img.put_pixel(3, 2, Luma([0]));
        assert_eq!(bilineaire(&img, 3.5, 2.5), Some(0.0));
        assert_eq!(bilineaire(&img, 4.0, 2.5), Some(100.0));
        assert_eq!(bilineaire(&img, 7.9, 2.5), None);
        let r = reduire_par_minimum(&img, 2);
        assert_eq!(r.dimensions(), (4, 4));
        assert_eq!(r.get_pixel(1, 1).0[0], 0);
        assert_eq!(r.get_pixel(0, 0).0[0], 200);
        assert_eq!(percentile([1u8, 2, 3, 4, 5], 50.0), Some(3));
    }

    proptest::proptest! {
        #[test]
        fn sur_un_segment_dedans_la_lecture_sans_controle_est_la_meme(
            a in (-3.0f64..40.0, -3.0f64..30.0),
            b in (-3.0f64..40.0, -3.0f64..30.0),
        ) {
            let img = GrayImage::from_fn(37, 27, |x, y| Luma([((x * 37 + y * 101) % 251) as u8]));
            if segment_dedans(&img, a, b) {
                for k in 0..=32 {
                    let t = k as f64 / 32.0;
                    let (x, y) = (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t);
                    proptest::prop_assert_eq!(bilineaire(&img, x, y).map(f32::to_bits), Some(bilineaire_dedans(&img, x, y).to_bits()));
                }
            }
        }
    }

    #[test]
    fn la_reduction_par_minimum_est_le_minimum_de_chaque_bloc() {
        let mut s = 11u32;
        let img = GrayImage::from_fn(97, 61, |_, _| {
            s = s.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            Luma([(s >> 24) as u8])
        });
        for f in 1..=6u32 {
            let r = reduire_par_minimum(&img, f);
            assert_eq!(r.dimensions(), (97 / f, 61 / f));
            for (x, y, p) in r.enumerate_pixels() {
                let attendu = (0..f).flat_map(|dy| (0..f).map(move |dx| (dx, dy))).map(|(dx, dy)| img.get_pixel(x * f + dx, y * f + dy).0[0]).min().unwrap();
                assert_eq!(p.0[0], attendu, "facteur {f}, ({x}, {y})");
            }
        }
    }
}
