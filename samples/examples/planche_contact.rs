//! Une planche contact de bulletins générés (PNG) :
//! `cargo run --release -p arbitre-echantillons --example planche_contact -- SORTIE.png COLONNES LARGEUR IMAGE...`.
use image::{imageops, RgbImage};

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let (colonnes, largeur): (u32, u32) = (a[2].parse().unwrap(), a[3].parse().unwrap());
    let images: Vec<RgbImage> = a[4..]
        .iter()
        .map(|f| {
            let i = image::open(f).unwrap_or_else(|e| panic!("{f}: {e}")).to_rgb8();
            let h = (i.height() as f64 * largeur as f64 / i.width() as f64).round() as u32;
            imageops::resize(&i, largeur, h, imageops::FilterType::Triangle)
        })
        .collect();
    let marge = 12;
    let rangs = (images.len() as u32).div_ceil(colonnes);
    let haut = images.iter().map(|i| i.height()).max().unwrap_or(0);
    let mut planche = RgbImage::from_pixel(colonnes * (largeur + marge) + marge, rangs * (haut + marge) + marge, image::Rgb([255, 255, 255]));
    for (k, i) in images.iter().enumerate() {
        let (x, y) = (marge + (k as u32 % colonnes) * (largeur + marge), marge + (k as u32 / colonnes) * (haut + marge));
        imageops::overlay(&mut planche, i, x as i64, y as i64);
    }
    planche.save(&a[1]).unwrap();
}
