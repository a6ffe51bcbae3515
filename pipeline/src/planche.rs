//! Plusieurs bulletins sur une même image : une planche scannée à plat (deux bulletins sur
//! une page A4, quatre sur une A3). Le recalage trouve un quadrillage à la fois ; chaque
//! bulletin trouvé est effacé d'une copie de l'image (peint de la couleur du fond), et le
//! recalage recommence sur le reste tant qu'il y reste la place d'un bulletin. Sans cela,
//! le second bulletin d'une planche serait perdu sans un mot, et sa table comptée absente
//! (5.7) alors que le joueur a rendu son bulletin.
//!
//! Les coordonnées ne changent pas : chaque bulletin est recalé sur l'image entière, et
//! ses cases, ses cadres et son extrait se lisent sur l'image d'origine.

use crate::echantillonnage::{histogramme, niveau_median};
use arbitre_formulaire::{Formulaire, Homographie};
use image::{GrayImage, Luma};
use imageproc::drawing::draw_polygon_mut;
use imageproc::point::Point;

/// Bulletins lus au plus sur une image (quatre sur une A3, avec de la marge).
pub const BULLETINS_MAX: usize = 8;

/// Marge effacée autour de la feuille d'un bulletin trouvé (mm) : ses bords, un peu de
/// travers, ne doivent pas passer pour des traits d'un autre quadrillage.
const MARGE_MM: f64 = 3.0;

/// Part de la surface d'une feuille qui doit rester libre pour qu'un autre bulletin y
/// tienne : un bulletin seul scanné avec ses marges laisse bien moins (un quart de sa
/// surface sur les scans générés) ; un second bulletin demande au moins sa propre surface.
const PLACE_MIN: f64 = 0.8;

/// Une image en cours de dépouillement : les feuilles déjà trouvées, effacées d'une copie.
/// La copie n'est faite qu'au premier besoin : un scan d'un seul bulletin n'en coûte pas.
pub struct Planche<'a> {
    image: &'a GrayImage,
    copie: Option<GrayImage>,
    fond: u8,
    feuilles: Vec<[(f64, f64); 4]>,
    /// Les feuilles avec leur marge, à effacer de la copie ; `effacees` le sont déjà.
    a_effacer: Vec<[(f64, f64); 4]>,
    effacees: usize,
}

impl<'a> Planche<'a> {
    pub fn new(image: &'a GrayImage) -> Planche<'a> {
        Planche { image, copie: None, fond: 0, feuilles: Vec::new(), a_effacer: Vec::new(), effacees: 0 }
    }

    /// L'image, les feuilles trouvées effacées.
    pub fn reste(&mut self) -> &GrayImage {
        let image = self.image;
        let copie = self.copie.get_or_insert_with(|| {
            self.fond = gris_du_fond(image);
            image.clone()
        });
        for q in &self.a_effacer[self.effacees..] {
            effacer(copie, q, self.fond);
        }
        self.effacees = self.a_effacer.len();
        copie
    }

    /// Les feuilles trouvées, dans l'ordre.
    pub fn feuilles(&self) -> &[[(f64, f64); 4]] {
        &self.feuilles
    }

    /// Note la feuille d'un bulletin trouvé (homographie mm → pixels) : elle sera effacée
    /// du reste.
    pub fn effacer(&mut self, f: &Formulaire, h: &Homographie) {
        self.feuilles.push(coins_de_la_feuille(f, h, 0.0));
        self.a_effacer.push(coins_de_la_feuille(f, h, MARGE_MM));
    }

    /// Cette feuille (homographie mm → pixels) est-elle l'une de celles déjà trouvées (son
    /// centre dans l'une d'elles) ? Garde-fou : une feuille effacée ne se retrouve pas.
    pub fn deja_trouvee(&self, f: &Formulaire, h: &Homographie) -> bool {
        let c = h.appliquer(f.largeur_mm / 2.0, f.hauteur_mm / 2.0);
        self.feuilles.iter().any(|q| {
            let (x0, x1) = (q.iter().map(|p| p.0).fold(f64::MAX, f64::min), q.iter().map(|p| p.0).fold(f64::MIN, f64::max));
            let (y0, y1) = (q.iter().map(|p| p.1).fold(f64::MAX, f64::min), q.iter().map(|p| p.1).fold(f64::MIN, f64::max));
            (x0..=x1).contains(&c.0) && (y0..=y1).contains(&c.1)
        })
    }

    /// Reste-t-il la place d'un autre bulletin ?
    pub fn place_pour_un_autre(&self) -> bool {
        place_pour_un_autre(self.image, &self.feuilles)
    }
}

/// Les coins de la feuille (et de `marge` mm autour) dans l'image, en pixels.
pub fn coins_de_la_feuille(f: &Formulaire, h: &Homographie, marge: f64) -> [(f64, f64); 4] {
    let (l, ht) = (f.largeur_mm + marge, f.hauteur_mm + marge);
    [(-marge, -marge), (l, -marge), (l, ht), (-marge, ht)].map(|(x, y)| h.appliquer(x, y))
}

/// Surface d'un quadrilatère (pixels²).
fn surface(q: &[(f64, f64); 4]) -> f64 {
    let mut s = 0.0;
    for i in 0..4 {
        let (a, b) = (q[i], q[(i + 1) % 4]);
        s += a.0 * b.1 - b.0 * a.1;
    }
    s.abs() / 2.0
}

/// Reste-t-il, hors des feuilles déjà trouvées, la place d'un autre bulletin ?
fn place_pour_un_autre(img: &GrayImage, feuilles: &[[(f64, f64); 4]]) -> bool {
    let Some(premiere) = feuilles.first() else { return false };
    let une = surface(premiere);
    let libre = img.width() as f64 * img.height() as f64 - feuilles.iter().map(surface).sum::<f64>();
    feuilles.len() < BULLETINS_MAX && une > 0.0 && libre >= PLACE_MIN * une
}

/// Le gris du fond : la médiane de l'image (le papier d'une planche, ou le fond du scanner).
fn gris_du_fond(img: &GrayImage) -> u8 {
    niveau_median(&histogramme(img.as_raw().iter().copied()))
}

/// Efface une feuille de l'image (peinte du gris du fond).
fn effacer(img: &mut GrayImage, feuille: &[(f64, f64); 4], fond: u8) {
    let mut points: Vec<Point<i32>> = feuille.iter().map(|&(x, y)| Point::new(x.round() as i32, y.round() as i32)).collect();
    points.dedup();
    if points.len() >= 3 && points.first() != points.last() {
        draw_polygon_mut(img, &points, Luma([fond]));
    }
}

/// L'ordre de lecture des bulletins d'une planche : par bandes de la hauteur d'une demi-
/// feuille, de haut en bas, puis de gauche à droite.
pub fn ordre_de_lecture(feuilles: &[[(f64, f64); 4]]) -> Vec<usize> {
    let centre = |q: &[(f64, f64); 4]| (q.iter().map(|p| p.0).sum::<f64>() / 4.0, q.iter().map(|p| p.1).sum::<f64>() / 4.0);
    let bande = feuilles.first().map_or(1.0, |q| (surface(q).sqrt() / 2.0).max(1.0));
    let mut ordre: Vec<usize> = (0..feuilles.len()).collect();
    ordre.sort_by(|&a, &b| {
        let (ca, cb) = (centre(&feuilles[a]), centre(&feuilles[b]));
        ((ca.1 / bande).floor(), ca.0).partial_cmp(&((cb.1 / bande).floor(), cb.0)).unwrap_or(std::cmp::Ordering::Equal)
    });
    ordre
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn un_bulletin_seul_avec_ses_marges_ne_laisse_pas_la_place_d_un_autre() {
        let f = Formulaire::fisf();
        // 8 mm de marge autour de la feuille, à 6 pixels par mm.
        let h = Homographie::similitude(0.0, 6.0, 48.0, 48.0);
        let (l, ht) = (((f.largeur_mm + 16.0) * 6.0) as u32, ((f.hauteur_mm + 16.0) * 6.0) as u32);
        let feuille = coins_de_la_feuille(&f, &h, 0.0);
        assert!(!place_pour_un_autre(&GrayImage::new(l, ht), &[feuille]));
        // Sur une page deux fois plus haute, il y a la place d'un second.
        assert!(place_pour_un_autre(&GrayImage::new(l, 2 * ht), &[feuille]));
    }

    #[test]
    fn les_bulletins_d_une_planche_se_lisent_de_haut_en_bas_puis_de_gauche_a_droite() {
        let carre = |x: f64, y: f64| [(x, y), (x + 100.0, y), (x + 100.0, y + 100.0), (x, y + 100.0)];
        // En bas à droite, en haut à droite, en bas à gauche, en haut à gauche (un peu plus bas).
        let feuilles = [carre(200.0, 300.0), carre(200.0, 0.0), carre(0.0, 310.0), carre(0.0, 12.0)];
        assert_eq!(ordre_de_lecture(&feuilles), vec![3, 1, 2, 0]);
    }

    #[test]
    fn une_feuille_deja_trouvee_ne_se_compte_pas_deux_fois() {
        let f = Formulaire::fisf();
        let img = GrayImage::from_pixel(1000, 1800, Luma([240]));
        let mut p = Planche::new(&img);
        let h = Homographie::similitude(0.0, 6.0, 40.0, 40.0);
        p.effacer(&f, &h);
        // La même, ou presque (quelques pixels à côté) : déjà trouvée ; celle du dessous non.
        assert!(p.deja_trouvee(&f, &h) && p.deja_trouvee(&f, &Homographie::similitude(0.01, 6.0, 45.0, 38.0)));
        assert!(!p.deja_trouvee(&f, &Homographie::similitude(0.0, 6.0, 40.0, 900.0)));
    }

    #[test]
    fn une_feuille_effacee_prend_le_gris_du_fond() {
        let mut img = GrayImage::from_pixel(100, 100, Luma([240]));
        for x in 20..60 {
            img.put_pixel(x, 30, Luma([0]));
        }
        let fond = gris_du_fond(&img);
        assert_eq!(fond, 240);
        effacer(&mut img, &[(10.0, 10.0), (70.0, 10.0), (70.0, 50.0), (10.0, 50.0)], fond);
        assert!(img.pixels().all(|p| p.0[0] == 240));
    }
}
