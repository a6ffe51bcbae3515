//! Les traînées du scanner : un grain de poussière ou une tache d'encre sur la vitre d'un
//! chargeur de feuilles (ou un point mort du capteur) trace sur chaque page un trait droit,
//! à la même place, d'un bord de l'image à l'autre, dans le sens où la feuille avance.
//! Lu tel quel, ce trait encre chaque case qu'il traverse : sur les coups 1–4 de la manche
//! d'évaluation traversés chacun d'un trait vertical gris (60) de 2 pixels
//! (`samples/trainee_du_scanner.py`), mesuré le 29 novembre 2026 avec l'exécutable de
//! 0e48204, 3 902 cases lues en trop, numéros de table justes à 77 % au lieu de 97 %, et 99 %
//! des bulletins à vérifier (fiche du modèle, « Traînées du scanner »).
//!
//! Le lecteur trouve ces traits sur l'image décodée — des colonnes (ou des rangées) plus
//! sombres que le papier de part et d'autre sur presque toute la page — et les efface
//! avant le recalage, chaque pixel remplacé par ce qui l'entoure. Un trait d'encre qui
//! passait exactement sous la traînée a pu s'effacer avec elle : les cases écrites (ou
//! voisines de l'écriture) et les cadres qu'elle traverse sont notés ([`Trainees`] ; en
//! travers de la feuille, ceux où l'encre la touche : [`traversees`]), pour qu'une personne
//! les voie. Rien n'est deviné : la lecture reste celle de l'encre visible.

use crate::cadres::Cadre;
use crate::plan::Plan;
use arbitre_formulaire::{Formulaire, Homographie, Rect, Role};
use image::GrayImage;
use multiversion::multiversion;
use serde::{Deserialize, Serialize};

/// L'écart entre une colonne et ses voisines regardées, de part et d'autre (pixels) : une
/// traînée plus large que `2 × VOISIN − 1` pixels n'est pas vue.
const VOISIN: usize = 6;
/// Plus sombre que ses deux voisines d'au moins ces niveaux de gris : la traînée s'y voit.
const ECART: i16 = 25;
/// Pas plus sombre que ses voisines de plus de ces niveaux (le bruit d'un JPEG) : la
/// colonne y est du papier, sans traînée. Entre les deux (une traînée claire qui croise une
/// ligne imprimée), la rangée ne compte pas.
const PAREIL: i16 = 5;
/// Les voisines sont du papier : plus claires que ce niveau (ni encre, ni fond du scanner)…
const CLAIR: i16 = 150;
/// … et proches l'une de l'autre (pas le bord d'un trait d'un seul côté).
const VOISINES_PAREILLES: i16 = 20;
/// Part des rangées de papier où la colonne est plus sombre : une traînée l'est partout,
/// sauf où elle croise l'écriture ou une ligne imprimée.
const PART: f64 = 0.95;
/// La plus longue suite de rangées de papier où la colonne ne l'est pas, en part de la
/// hauteur : une traînée va d'un bord à l'autre de la feuille ; une ligne imprimée droite,
/// même prolongée par le bord d'un cadre, s'arrête aux marges de la feuille et entre
/// deux cadres. Mesuré le 29 novembre 2026 (même calcul en Python, un point sur deux) sur
/// les 488 scans lisibles des coups 1–5 de la manche d'évaluation : les colonnes sans
/// traînée les plus sombres (part ≥ 0,85, au plus 0,932) ont une suite d'au moins 1,53 % de
/// la hauteur ; 482 traînées ajoutées (verticales ou horizontales, grises de 60 à 160,
/// larges de 2 à 4 pixels) au plus 0,37 %, pour une part d'au moins 0,988. Ce code-ci, un
/// point sur [`PAS`] : les 773 traînées de `samples/trainee_du_scanner.py` sur les coups 1–8
/// (fiche du modèle) toutes trouvées, aucune sur 6 000 scans ordinaires.
const SUITE_MAX: f64 = 0.008;
/// Une rangée n'est regardée de près que plus sombre en moyenne que ses deux voisines d'au
/// moins ces niveaux.
const ECART_MOYEN: u32 = 4;
/// Un point sur `PAS` de chaque ligne est regardé.
const PAS: usize = 4;
/// Part de la hauteur de l'image où les voisines doivent être du papier : la traînée est
/// vue sur la feuille, pas seulement sur le fond.
const PAPIER: f64 = 0.4;

/// Une traînée : les colonnes `debut..=fin` (une traînée verticale) ou les rangées (une
/// traînée horizontale) de l'image décodée.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Trainee {
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub horizontale: bool,
    pub debut: u32,
    pub fin: u32,
}

/// Les traînées d'un scan, effacées avant la lecture, et ce qu'elles traversent qui compte
/// pour la décision : les cases `[rangée, colonne]` de l'aire écrites ou voisines d'une case
/// écrite, et les cadres du joueur.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Trainees {
    pub traits: Vec<Trainee>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cases: Vec<[u32; 2]>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cadres: Vec<Role>,
}

/// Les traînées de l'image, verticales puis horizontales.
pub fn trouver(img: &GrayImage) -> Vec<Trainee> {
    let (l, h) = (img.width() as usize, img.height() as usize);
    let p = img.as_raw();
    let mut traits = regrouper(&colonnes(p, l, h), false);
    traits.extend(regrouper(&rangees(p, l, h), true));
    traits
}

/// Ce qu'une ligne de l'image (une colonne, ou une rangée) montre là où ses voisines sont
/// du papier.
#[derive(Debug, Clone, Copy, Default)]
struct Ligne {
    /// Points où elle est plus sombre que ses voisines.
    sombres: u32,
    /// Points où elle est du papier comme elles.
    pareils: u32,
    /// La suite de points pareils en cours, et la plus longue.
    suite: u32,
    plus_longue_suite: u32,
}

impl Ligne {
    /// Le point suivant de la ligne, `c`, entre ses voisines `g` et `d` (sans branche : les
    /// colonnes d'une rangée se comptent ensemble).
    #[inline(always)]
    fn ajouter(&mut self, g: u8, c: u8, d: u8) {
        let (g, c, d) = (i16::from(g), i16::from(c), i16::from(d));
        let v = g.min(d);
        let papier = v > CLAIR && (g - d).abs() <= VOISINES_PAREILLES;
        let sombre = papier && c < v - ECART;
        let pareil = papier && c >= v - PAREIL;
        self.sombres += u32::from(sombre);
        self.pareils += u32::from(pareil);
        self.suite = (self.suite + 1) * u32::from(pareil);
        self.plus_longue_suite = self.plus_longue_suite.max(self.suite);
    }

    /// Une traînée, sur une ligne de `vus` points regardés ?
    fn trainee(&self, vus: usize) -> bool {
        let (papier, vus) = (f64::from(self.sombres + self.pareils), vus as f64);
        papier >= PAPIER * vus && f64::from(self.sombres) >= PART * papier && f64::from(self.plus_longue_suite) <= SUITE_MAX * vus
    }
}

/// Pour chaque colonne de l'image (`l` × `h` pixels, rangée par rangée), est-ce une
/// traînée ? Une rangée sur [`PAS`] est regardée, chacune d'un bout à l'autre.
#[multiversion(targets("x86_64+avx+avx2+fma+bmi1+bmi2+lzcnt+popcnt"))]
fn colonnes(p: &[u8], l: usize, h: usize) -> Vec<bool> {
    if l <= 2 * VOISIN {
        return vec![false; l];
    }
    let mut lignes = vec![Ligne::default(); l - 2 * VOISIN];
    for y in (0..h).step_by(PAS) {
        let rangee = &p[y * l..(y + 1) * l];
        let (g, c, d) = (&rangee[..l - 2 * VOISIN], &rangee[VOISIN..l - VOISIN], &rangee[2 * VOISIN..]);
        for (i, ligne) in lignes.iter_mut().enumerate() {
            ligne.ajouter(g[i], c[i], d[i]);
        }
    }
    let mut sombres = vec![false; VOISIN];
    sombres.extend(lignes.iter().map(|ligne| ligne.trainee(h.div_ceil(PAS))));
    sombres.resize(l, false);
    sombres
}

/// Pour chaque rangée de l'image, est-ce une traînée ? Un point sur [`PAS`] est regardé,
/// sur les seules rangées plus sombres en moyenne que leurs deux voisines d'au moins
/// [`ECART_MOYEN`] : une traînée l'est bien davantage (sur la feuille, de [`ECART`] au
/// moins, et la feuille fait le gros de l'image).
#[multiversion(targets("x86_64+avx+avx2+fma+bmi1+bmi2+lzcnt+popcnt"))]
fn rangees(p: &[u8], l: usize, h: usize) -> Vec<bool> {
    let mut sombres = vec![false; h];
    let sommes: Vec<u32> = (0..h).map(|y| p[y * l..(y + 1) * l].iter().step_by(PAS).map(|&v| u32::from(v)).sum()).collect();
    let points = l.div_ceil(PAS) as u32;
    for y in VOISIN..h.saturating_sub(VOISIN) {
        let voisines = sommes[y - VOISIN].min(sommes[y + VOISIN]);
        if sommes[y] + ECART_MOYEN * points > voisines {
            continue;
        }
        let (g, c, d) = (&p[(y - VOISIN) * l..][..l], &p[y * l..][..l], &p[(y + VOISIN) * l..][..l]);
        let mut ligne = Ligne::default();
        for k in (0..l).step_by(PAS) {
            ligne.ajouter(g[k], c[k], d[k]);
        }
        sombres[y] = ligne.trainee(l.div_ceil(PAS));
    }
    sombres
}

/// Les lignes voisines qui sont des traînées, en traînées.
fn regrouper(lignes: &[bool], horizontale: bool) -> Vec<Trainee> {
    let mut traits: Vec<Trainee> = Vec::new();
    for (i, _) in lignes.iter().enumerate().filter(|(_, &t)| t) {
        let i = i as u32;
        match traits.last_mut() {
            Some(t) if t.fin + 1 == i => t.fin = i,
            _ => traits.push(Trainee { horizontale, debut: i, fin: i }),
        }
    }
    traits
}

/// L'image sans ses traînées : chaque pixel d'une traînée (et la ligne de part et d'autre,
/// que la compression a pu assombrir) remplacé par le mélange, selon la distance, des
/// pixels à deux lignes de ses bords.
pub fn effacer(img: &GrayImage, traits: &[Trainee]) -> GrayImage {
    let mut propre = img.clone();
    let (l, h) = (img.width() as i64, img.height() as i64);
    for t in traits {
        let (n, long) = if t.horizontale { (h, l) } else { (l, h) };
        let (a, b) = (i64::from(t.debut) - 2, i64::from(t.fin) + 2);
        let (a, b) = (a.max(0), b.min(n - 1));
        for k in 0..long {
            let at = |i: i64| if t.horizontale { (k as u32, i as u32) } else { (i as u32, k as u32) };
            // Lus sur l'image déjà débarrassée des traînées précédentes : deux traînées qui
            // se croisent ou se touchent presque ne se recopient pas l'une dans l'autre.
            let (ga, gb) = (f64::from(propre.get_pixel(at(a).0, at(a).1)[0]), f64::from(propre.get_pixel(at(b).0, at(b).1)[0]));
            for i in a + 1..b {
                let s = (i - a) as f64 / (b - a) as f64;
                let (x, y) = at(i);
                propre.put_pixel(x, y, image::Luma([(ga + s * (gb - ga)).round() as u8]));
            }
        }
    }
    propre
}

/// Autour de la bande effacée (pixels de l'image) : l'encre qui la touche.
const PRES_PX: f64 = 3.0;
/// Retrait d'une case depuis ses lignes imprimées (mm), pour y chercher l'encre.
const RETRAIT_CASE_MM: f64 = 0.3;

/// Ce que les traînées traversent d'un bulletin recalé (`h` : feuille en mm → pixels de
/// `propre`, l'image sans ses traînées) qui compte pour la décision : des cases de l'aire
/// écrites (`encrees`) ou voisines d'une case écrite, et des cadres du joueur. Un rectangle
/// est traversé quand les pixels de ses coins, sur l'axe de la traînée, l'encadrent à un
/// pixel près.
///
/// Une traînée qui suit la hauteur de la feuille peut avoir effacé un caractère entier (la
/// hampe seule d'un 1 ou d'un I, droite et fine) : chaque case et chaque cadre traversés
/// comptent. En travers de la feuille, elle n'efface jamais un caractère entier (plus haut
/// qu'elle n'est large), seulement un trait d'un caractère dont le reste la touche : seuls
/// comptent les cases et les cadres où de l'encre touche la bande effacée.
pub fn traversees(traits: &[Trainee], f: &Formulaire, h: &Homographie, encrees: &[[u32; 2]], propre: &GrayImage) -> Trainees {
    let z = &f.zone;
    let pres_de_l_ecriture = |r: u32, c: u32| encrees.iter().any(|&[er, ec]| er.abs_diff(r) + ec.abs_diff(c) <= 1);
    let le_long: Vec<bool> = traits.iter().map(|t| le_long_de_la_hauteur(t, f, h)).collect();
    let compte = |r: &Rect, touchee: &dyn Fn(&Trainee) -> bool| traits.iter().zip(&le_long).any(|(t, &long)| traverse(t, r, h) && (long || touchee(t)));
    let cases = (0..z.rangees)
        .flat_map(|r| (0..z.colonnes).map(move |c| [r, c]))
        .filter(|&[r, c]| {
            let case = z.case(r, c);
            pres_de_l_ecriture(r, c) && compte(&case, &|t| encre_pres(&Plan::redresser(propre, h, &case.retrait(RETRAIT_CASE_MM)), h, t))
        })
        .collect();
    // L'encre d'un cadre, hors du libellé imprimé et de ses traits (`Cadre::plan_redresse`).
    let cadres = [Role::Table, Role::Reference, Role::Score].into_iter().filter(|&role| compte(&f.cadre(role).rect(), &|t| encre_pres(&Cadre::plan_redresse(propre, f, h, role).0, h, t))).collect();
    Trainees { traits: traits.to_vec(), cases, cadres }
}

/// La traînée `t` traverse-t-elle le rectangle `r` de la feuille ?
fn traverse(t: &Trainee, r: &Rect, h: &Homographie) -> bool {
    let coins = [(r.x_mm, r.y_mm), (r.x_mm + r.largeur_mm, r.y_mm), (r.x_mm, r.y_mm + r.hauteur_mm), (r.x_mm + r.largeur_mm, r.y_mm + r.hauteur_mm)];
    let axe = coins.map(|(x, y)| axe(t, h.appliquer(x, y)));
    let (lo, hi) = axe.iter().fold((f64::MAX, f64::MIN), |(lo, hi), &v| (lo.min(v), hi.max(v)));
    f64::from(t.fin) + 1.0 >= lo && f64::from(t.debut) - 1.0 <= hi
}

/// La coordonnée d'un pixel en travers de la traînée `t`.
fn axe(t: &Trainee, (x, y): (f64, f64)) -> f64 {
    if t.horizontale { y } else { x }
}

/// La traînée suit-elle la hauteur de la feuille (à 45° près) ?
fn le_long_de_la_hauteur(t: &Trainee, f: &Formulaire, h: &Homographie) -> bool {
    let (cx, cy) = (f.largeur_mm / 2.0, f.hauteur_mm / 2.0);
    let ((x0, y0), (x1, y1)) = (h.appliquer(cx, cy), h.appliquer(cx, cy + 10.0));
    let (dx, dy) = ((x1 - x0).abs(), (y1 - y0).abs());
    if t.horizontale { dx >= dy } else { dy >= dx }
}

/// De l'encre du plan touche-t-elle la bande effacée de la traînée `t` (à [`PRES_PX`]
/// près) ?
fn encre_pres(plan: &Plan, h: &Homographie, t: &Trainee) -> bool {
    let (lo, hi) = (f64::from(t.debut) - 1.0 - PRES_PX, f64::from(t.fin) + 1.0 + PRES_PX);
    (0..plan.hauteur).any(|v| {
        (0..plan.largeur).any(|u| {
            let (x, y) = plan.mm(u as f64, v as f64);
            plan.encre[v * plan.largeur + u] && (lo..=hi).contains(&axe(t, h.appliquer(x, y)))
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Une page de papier (220) avec un quadrillage droit imprimé (150) sur sa moitié du
    /// milieu, et un mot (30) en travers.
    fn page() -> GrayImage {
        GrayImage::from_fn(400, 300, |x, y| {
            let dans_la_grille = (75..225).contains(&y);
            let ligne = dans_la_grille && x % 40 == 0;
            let mot = (140..160).contains(&y) && (100..260).contains(&x) && x % 9 < 4;
            image::Luma([if mot { 30 } else if ligne { 150 } else { 220 }])
        })
    }

    #[test]
    fn une_ligne_imprimee_droite_n_est_pas_une_trainee() {
        assert!(trouver(&page()).is_empty());
        // Même d'un bout à l'autre de la feuille, marges exceptées (5 pixels sur 300 en
        // haut et en bas) : plus sombre que ses voisines sur 97 % de la hauteur, mais la
        // marge est trop longue pour une traînée.
        let mut p = page();
        for y in 5..295 {
            p.put_pixel(300, y, image::Luma([60]));
        }
        assert!(trouver(&p).is_empty());
    }

    #[test]
    fn une_trainee_verticale_est_trouvee_puis_effacee_sans_toucher_au_reste() {
        let propre = page();
        let mut sale = propre.clone();
        for y in 0..300 {
            for x in 201..203 {
                sale.put_pixel(x, y, image::Luma([60]));
            }
        }
        assert_eq!(trouver(&sale), vec![Trainee { horizontale: false, debut: 201, fin: 202 }]);
        let efface = effacer(&sale, &trouver(&sale));
        // Hors du mot, le papier revient ; loin de la traînée, rien ne change.
        assert_eq!(efface.get_pixel(202, 20)[0], 220);
        assert_eq!(efface.get_pixel(210, 145), propre.get_pixel(210, 145));
        assert!(trouver(&efface).is_empty());
    }

    #[test]
    fn deux_trainees_qui_se_croisent_s_effacent_toutes_deux() {
        let mut sale = page();
        for y in 0..300 {
            sale.put_pixel(330, y, image::Luma([60]));
        }
        for x in 0..400 {
            sale.put_pixel(x, 40, image::Luma([90]));
        }
        let traits = trouver(&sale);
        assert_eq!(traits, vec![Trainee { horizontale: false, debut: 330, fin: 330 }, Trainee { horizontale: true, debut: 40, fin: 40 }]);
        assert_eq!(effacer(&sale, &traits).get_pixel(330, 40)[0], 220, "le croisement redevient du papier");
    }

    #[test]
    fn une_trainee_horizontale_est_trouvee() {
        let mut sale = page();
        for x in 0..400 {
            sale.put_pixel(x, 30, image::Luma([90]));
        }
        assert_eq!(trouver(&sale), vec![Trainee { horizontale: true, debut: 30, fin: 30 }]);
    }

    /// Un « 1 » droit au milieu du cadre N° Table d'une feuille scannée à 8 pixels par mm.
    /// Une traînée en travers de la feuille ne compte que si elle touche son encre ; le long
    /// de la hauteur de la feuille, elle compte même loin de l'encre : la hampe d'un 1 entière
    /// a pu s'effacer avec elle.
    #[test]
    fn en_travers_de_la_feuille_seule_compte_une_traversee_de_l_encre() {
        let f = Formulaire::fisf();
        let k = 8.0;
        let h = Homographie::similitude(0.0, k, 0.0, 0.0);
        let t = f.cadre(Role::Table).rect();
        let (cx, y0, y1) = (t.x_mm + t.largeur_mm / 2.0, t.y_mm + t.hauteur_mm / 3.0, t.y_mm + 2.0 * t.hauteur_mm / 3.0);
        let propre = GrayImage::from_fn((f.largeur_mm * k) as u32, (f.hauteur_mm * k) as u32, |x, y| {
            let (xm, ym) = (f64::from(x) / k, f64::from(y) / k);
            image::Luma([if (xm - cx).abs() < 0.4 && ym > y0 && ym < y1 { 30 } else { 230 }])
        });
        let a = |mm: f64, horizontale: bool| {
            let p = (mm * k) as u32;
            [Trainee { horizontale, debut: p, fin: p + 1 }]
        };
        let cadres = |traits: &[Trainee]| traversees(traits, &f, &h, &[], &propre).cadres;
        assert_eq!(cadres(&a(t.y_mm + 0.85 * t.hauteur_mm, true)), vec![], "en travers, loin du chiffre");
        assert_eq!(cadres(&a((y0 + y1) / 2.0, true)), vec![Role::Table], "en travers du chiffre");
        // (Les trois cadres sont l'un au-dessus de l'autre : elle les traverse tous.)
        assert_eq!(cadres(&a(t.x_mm + 0.15 * t.largeur_mm, false)), vec![Role::Table, Role::Reference, Role::Score], "le long de la hauteur, loin du chiffre");
    }
}
