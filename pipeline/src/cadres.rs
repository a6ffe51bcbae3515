//! Les cadres du joueur : N° Table, Réf. et Score. L'encre d'un cadre est découpée en
//! caractères (taches qui se recouvrent en largeur réunies — la barre d'un 5, le point
//! d'un i —, taches trop larges pour un caractère coupées là où l'encre est la plus mince),
//! dans l'ordre de l'écriture, avec les espaces laissés entre eux. Le libellé imprimé du
//! cadre n'est pas lu ; la partie grisée de l'arbitre non plus.

use crate::plan::{Plan, K};
use crate::vignette::{echantillonner, Fenetre, Vignette};
use arbitre_formulaire::{Formulaire, Homographie, Rect, Role};
use image::GrayImage;

/// Retrait (mm) depuis le trait du cadre : épaisseur du trait et erreur de recalage.
const RETRAIT_MM: f64 = 1.0;
/// Taille des libellés imprimés (mm) et avance moyenne d'un caractère (fraction de la taille).
const LIBELLE_MM: f64 = 3.2;
const AVANCE: f64 = 0.6;
/// En dessous (mm²), une tache est du grain.
const TACHE_MIN_MM2: f64 = 0.3;
/// Un caractère plus large que haut de ce rapport porte plusieurs caractères collés.
const LARGEUR_MAX: f64 = 1.35;

/// Où couper (fraction de la largeur) une tache large qui porte peut-être deux caractères.
const COUPES: [f64; 6] = [0.3, 0.38, 0.46, 0.54, 0.62, 0.7];
/// Au plus tant de découpages par cadre.
const VARIANTES_MAX: usize = 24;

/// Un caractère écrit dans un cadre.
#[derive(Debug, Clone)]
pub struct CaractereEncre {
    /// Boîte de son encre, en mm de la feuille.
    pub boite_mm: [f64; 4],
    /// Un blanc le sépare du caractère précédent (« 13 B »).
    pub espace_avant: bool,
    /// Découpé dans une tache plus large (caractères collés) : découpage à vérifier.
    pub coupe: bool,
    pub vignette: Vignette,
}

/// Les découpages possibles du cadre `role` en caractères, de gauche à droite : le premier
/// est le découpage ordinaire ; les suivants le varient en un endroit (une tache coupée
/// laissée entière, une tache large coupée en deux à sa colonne la plus mince ou à l'une
/// des colonnes de [`COUPES`]). Le modèle
/// départage (`Lecteur`) : c'est la lecture qui dit où sont les caractères quand la forme
/// de l'encre ne suffit pas.
pub fn decoupages(img: &GrayImage, f: &Formulaire, mm_vers_px: &Homographie, role: Role) -> Vec<Vec<CaractereEncre>> {
    let c = f.cadre(role);
    let r = Rect { x_mm: c.x_mm + RETRAIT_MM, y_mm: c.y_mm + RETRAIT_MM, largeur_mm: c.largeur_mm - 2.0 * RETRAIT_MM, hauteur_mm: c.hauteur_mm - 2.0 * RETRAIT_MM };
    let mut plan = Plan::redresser(img, mm_vers_px, &r);
    // Le libellé imprimé, en haut à gauche du cadre.
    if !c.libelle.is_empty() {
        let l = Rect { x_mm: c.x_mm + 0.6, y_mm: c.y_mm + 0.4, largeur_mm: 1.2 + c.libelle.chars().count() as f64 * LIBELLE_MM * AVANCE, hauteur_mm: LIBELLE_MM + 1.4 };
        for v in 0..plan.hauteur {
            for u in 0..plan.largeur {
                let (x, y) = plan.mm(u as f64, v as f64);
                if x >= l.x_mm && x <= l.x_mm + l.largeur_mm && y >= l.y_mm && y <= l.y_mm + l.hauteur_mm {
                    plan.encre[v * plan.largeur + u] = false;
                }
            }
        }
    }
    let taches = plan.composantes((TACHE_MIN_MM2 * K * K).round() as usize);
    let groupes = reunir(taches);
    let mut variantes: Vec<Vec<Groupe>> = vec![groupes.iter().flat_map(|g| couper(&plan, g.clone(), None)).collect()];
    let avec = |i: usize, a: Vec<Groupe>| -> Vec<Groupe> {
        groupes.iter().enumerate().flat_map(|(j, x)| if j == i { a.clone() } else { couper(&plan, x.clone(), None) }).collect()
    };
    for (i, g) in groupes.iter().enumerate() {
        let (l, h) = ((g.boite[2] - g.boite[0] + 1) as f64, (g.boite[3] - g.boite[1] + 1) as f64);
        if l > LARGEUR_MAX * h && h >= 2.0 * K {
            variantes.push(avec(i, vec![g.clone()])); // coupée d'ordinaire : entière
        }
        if l > 0.9 * h && h >= 2.0 * K {
            // Large : peut-être deux caractères collés. Coupée en deux à la colonne la plus
            // mince, et à plusieurs colonnes fixes (deux chiffres qui se touchent n'ont pas
            // toujours leur colonne la plus mince entre eux).
            variantes.push(avec(i, couper(&plan, g.clone(), Some(2))));
            for f in COUPES {
                variantes.push(avec(i, couper_a(&plan, g.clone(), &[g.boite[0] + (f * l) as usize])));
            }
        }
        if variantes.len() >= VARIANTES_MAX {
            break;
        }
    }
    variantes.iter().map(|v| caracteres_de(img, mm_vers_px, &plan, v)).collect()
}

/// Le découpage ordinaire du cadre `role`.
pub fn caracteres(img: &GrayImage, f: &Formulaire, mm_vers_px: &Homographie, role: Role) -> Vec<CaractereEncre> {
    decoupages(img, f, mm_vers_px, role).swap_remove(0)
}

/// Les caractères (vignettes) d'un découpage.
fn caracteres_de(img: &GrayImage, mm_vers_px: &Homographie, plan: &Plan, groupes: &[Groupe]) -> Vec<CaractereEncre> {
    // Propriétaire de chaque pixel : numéro du caractère + 1, élargi d'un pixel.
    let mut proprietaire = vec![0u16; plan.largeur * plan.hauteur];
    for (k, g) in groupes.iter().enumerate() {
        for &i in &g.pixels {
            proprietaire[i as usize] = k as u16 + 1;
        }
    }
    let elargi = crate::plan::elargir(&proprietaire, plan.largeur, plan.hauteur);
    let hauteur_type = groupes.iter().map(|g| g.boite[3] + 1 - g.boite[1]).max().unwrap_or(0) as f64;
    let mut precedent: Option<usize> = None;
    groupes
        .iter()
        .enumerate()
        .map(|(k, g)| {
            let boite_mm = plan.boite_mm(g.boite);
            let espace_avant = precedent.is_some_and(|x1| (g.boite[0] as f64 - x1 as f64) > 0.5 * hauteur_type);
            precedent = Some(g.boite[2]);
            let fenetre = Fenetre::autour(boite_mm, 3.0, 0.25);
            let proprio = k as u16 + 1;
            let vignette = echantillonner(img, mm_vers_px, fenetre, |x, y, gris| match plan.pixel(x, y) {
                Some(i) if elargi[i] == proprio => plan.noirceur_de(i, gris),
                _ => 0.0,
            });
            CaractereEncre { boite_mm, espace_avant, coupe: g.coupe, vignette }
        })
        .collect()
}

/// Un caractère : ses pixels dans le plan et sa boîte.
#[derive(Clone)]
struct Groupe {
    pixels: Vec<u32>,
    boite: [usize; 4],
    coupe: bool,
}

/// Réunit les taches qui se recouvrent en largeur (d'au moins la moitié de la plus étroite,
/// ou de si peu que ce soit pour un trait fin : la barre d'un 5, d'un 7 barré), de gauche
/// à droite.
fn reunir(taches: Vec<crate::plan::Composante>) -> Vec<Groupe> {
    let mut groupes: Vec<Groupe> = taches.into_iter().map(|t| Groupe { pixels: t.pixels, boite: t.boite, coupe: false }).collect();
    groupes.sort_by_key(|g| g.boite[0]);
    let haut = |b: &[usize; 4]| (b[3] + 1 - b[1]) as f64;
    let large = |b: &[usize; 4]| (b[2] + 1 - b[0]) as f64;
    let hauteur_type = groupes.iter().map(|g| haut(&g.boite)).fold(0.0, f64::max);
    let fin = |b: &[usize; 4]| haut(b) < 0.35 * hauteur_type;
    let mut fusion: Vec<Groupe> = Vec::new();
    for g in groupes {
        let recouvrement = |d: &Groupe| d.boite[2].min(g.boite[2]) as f64 - d.boite[0].max(g.boite[0]) as f64 + 1.0;
        let cible = fusion
            .iter_mut()
            .filter(|d| {
                let r = recouvrement(d);
                r > 0.0 && (r >= 0.5 * large(&d.boite).min(large(&g.boite)) || fin(&d.boite) || fin(&g.boite))
            })
            .max_by(|a, b| recouvrement(a).total_cmp(&recouvrement(b)));
        match cible {
            Some(d) => {
                d.pixels.extend(g.pixels);
                d.boite = [d.boite[0].min(g.boite[0]), d.boite[1].min(g.boite[1]), d.boite[2].max(g.boite[2]), d.boite[3].max(g.boite[3])];
            }
            None => fusion.push(g),
        }
    }
    fusion.sort_by_key(|g| g.boite[0]);
    fusion
}

/// Coupe un groupe plus large que haut (caractères collés) en autant de caractères que sa
/// largeur en contient (ou en `n`), aux colonnes où l'encre est la plus mince.
fn couper(plan: &Plan, g: Groupe, n: Option<usize>) -> Vec<Groupe> {
    let (l, h) = ((g.boite[2] - g.boite[0] + 1) as f64, (g.boite[3] - g.boite[1] + 1) as f64);
    let n = match n {
        Some(n) => n,
        None if l <= LARGEUR_MAX * h || h < 2.0 * K => return vec![g],
        None => ((l / (0.85 * h)).round() as usize).clamp(2, 4),
    };
    let mut colonnes = vec![0u32; l as usize];
    for &i in &g.pixels {
        colonnes[i as usize % plan.largeur - g.boite[0]] += 1;
    }
    // Une coupe près de chaque k/n de la largeur, à la colonne la plus mince autour.
    let mut coupes = Vec::new();
    for k in 1..n {
        let cible = (k as f64 * l / n as f64) as usize;
        let rayon = (0.2 * l / n as f64) as usize;
        let (a, b) = (cible.saturating_sub(rayon), (cible + rayon).min(colonnes.len() - 1));
        coupes.push((a..=b).min_by_key(|&x| colonnes[x]).unwrap_or(cible) + g.boite[0]);
    }
    couper_a(plan, g, &coupes)
}

/// Coupe un groupe aux colonnes `coupes` (croissantes) : chaque pixel va au morceau de sa
/// colonne.
fn couper_a(plan: &Plan, g: Groupe, coupes: &[usize]) -> Vec<Groupe> {
    let mut parts: Vec<Vec<u32>> = vec![Vec::new(); coupes.len() + 1];
    for &i in &g.pixels {
        let u = i as usize % plan.largeur;
        parts[coupes.iter().filter(|&&c| u >= c).count()].push(i);
    }
    parts
        .into_iter()
        .filter(|p| !p.is_empty())
        .map(|pixels| {
            let mut b = [usize::MAX, usize::MAX, 0, 0];
            for &i in &pixels {
                let (u, v) = (i as usize % plan.largeur, i as usize / plan.largeur);
                b = [b[0].min(u), b[1].min(v), b[2].max(u), b[3].max(v)];
            }
            Groupe { pixels, boite: b, coupe: true }
        })
        .collect()
}
