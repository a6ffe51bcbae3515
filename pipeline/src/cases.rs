//! Les cases de l'aire de rédaction : quelles cases portent de l'encre, et l'encre de
//! chacune, découpée entière.
//!
//! Chaque tache d'encre (composante connexe) appartient à la case qui en contient le plus :
//! une lettre qui déborde de sa case ou qui est décentrée est découpée entière, jamais
//! moitié dans une case, moitié dans l'autre. Seule une tache qui porte plusieurs lettres —
//! un trait qui barre un mot entier, deux lettres qui se touchent — est partagée
//! ([`crate::partage`]). Le trait imprimé du cadre de l'aire n'est pas de
//! l'encre.

use crate::collees::{Collees, Decoupe, PaireCollee};
use crate::encre_pale::cases_pales;
use crate::partage::{partager, GrillePlan, PixelTache};
use crate::plan::{Plan, K};
use crate::vignette::{echantillonner, Fenetre, Vignette};
use arbitre_formulaire::{Formulaire, Homographie, Rect};
use image::GrayImage;

/// En dessous (mm²), une tache est du grain ; une case moins encrée est vide.
const TACHE_MIN_MM2: f64 = 0.25;
pub(crate) const CASE_MIN_MM2: f64 = 0.8;
/// Marge autour de l'aire où l'encre d'une lettre qui déborde est encore lue (mm).
const MARGE_MM: f64 = 2.5;
/// Demi-épaisseur (mm) écartée autour du cadre imprimé de l'aire.
const CADRE_MM: f64 = 0.45;

/// Une case de l'aire qui porte de l'encre.
#[derive(Debug, Clone)]
pub struct CaseEncree {
    /// Position dans l'aire (à partir de 0).
    pub rangee: u32,
    pub colonne: u32,
    /// Surface d'encre, en mm².
    pub encre_mm2: f64,
    /// Boîte de l'encre de la case, en mm de la feuille `[x0, y0, x1, y1]` (peut déborder).
    pub boite_mm: [f64; 4],
    /// Son encre touche celle d'une voisine sans qu'on sache où couper (lettres collées).
    pub decoupage_douteux: bool,
    pub vignette: Vignette,
}

/// Ce que le lecteur tire de l'aire de rédaction d'un scan recalé.
pub struct Decoupage {
    /// Les cases encrées, dans l'ordre des rangées.
    pub cases: Vec<CaseEncree>,
    /// Les paires de lettres collées, avec les autres coupes de leur encre ([`crate::collees`]).
    pub collees: Vec<Collees>,
    /// Les cases sans encre lue où des traits trop pâles pour être lus couvrent la surface
    /// d'une lettre ([`crate::encre_pale`]) : `[rangée, colonne]`.
    pub pales: Vec<[u32; 2]>,
}

/// Les cases encrées d'un scan recalé (`mm_vers_px`), dans l'ordre des rangées.
pub fn cases_encrees(img: &GrayImage, f: &Formulaire, mm_vers_px: &Homographie) -> Vec<CaseEncree> {
    decouper(img, f, mm_vers_px, false).cases
}

/// Les cases encrées d'un scan recalé, les paires de lettres collées avec les autres coupes
/// de leur encre, et les cases pâles.
pub fn cases_et_collees(img: &GrayImage, f: &Formulaire, mm_vers_px: &Homographie) -> Decoupage {
    decouper(img, f, mm_vers_px, true)
}

/// Les cases encrées ; avec `lecteur`, aussi les autres coupes des lettres collées et les
/// cases pâles (sans, ni les unes ni les autres ne sont cherchées).
fn decouper(img: &GrayImage, f: &Formulaire, mm_vers_px: &Homographie, lecteur: bool) -> Decoupage {
    let z = &f.zone;
    let aire = z.rect();
    let Some(region) = region_encree(img, f, mm_vers_px) else { return Decoupage { cases: Vec::new(), collees: Vec::new(), pales: Vec::new() } };
    let mut plan = Plan::redresser(img, mm_vers_px, &region);
    // Le cadre imprimé de l'aire (plus foncé que le quadrillage) n'est pas de l'encre.
    let pres = |a: f64, b: f64| (a - b).abs() <= CADRE_MM;
    for v in 0..plan.hauteur {
        for u in 0..plan.largeur {
            let (x, y) = plan.mm(u as f64, v as f64);
            let dans_x = x >= aire.x_mm - CADRE_MM && x <= aire.x_mm + aire.largeur_mm + CADRE_MM;
            let dans_y = y >= aire.y_mm - CADRE_MM && y <= aire.y_mm + aire.hauteur_mm + CADRE_MM;
            if (dans_y && (pres(x, aire.x_mm) || pres(x, aire.x_mm + aire.largeur_mm))) || (dans_x && (pres(y, aire.y_mm) || pres(y, aire.y_mm + aire.hauteur_mm))) {
                plan.encre[v * plan.largeur + u] = false;
            }
        }
    }
    let case_de = |i: u32| -> Option<u32> {
        let (x, y) = plan.mm((i as usize % plan.largeur) as f64, (i as usize / plan.largeur) as f64);
        let (c, r) = (((x - z.x_mm) / z.case_mm).floor(), ((y - z.y_mm) / z.case_mm).floor());
        (c >= 0.0 && r >= 0.0 && (c as u32) < z.colonnes && (r as u32) < z.rangees).then(|| r as u32 * z.colonnes + c as u32)
    };
    // À qui appartient chaque pixel d'encre : case + 1 (0 : à personne).
    let nb_cases = (z.colonnes * z.rangees) as usize;
    let mut proprietaire = vec![0u16; plan.largeur * plan.hauteur];
    let min_tache = (TACHE_MIN_MM2 * K * K).round() as usize;
    let mut douteuses = vec![false; nb_cases];
    let grille = GrillePlan { colonnes: z.colonnes, case_px: z.case_mm * K, origine: ((z.x_mm - plan.x0_mm) * K, (z.y_mm - plan.y0_mm) * K) };
    let composantes = plan.composantes(min_tache);
    let lettre = lettre_ordinaire(&composantes, &case_de, nb_cases);
    let mut paires = Vec::new();
    for comp in composantes {
        let pixels: Vec<PixelTache> = comp.pixels.iter().map(|&i| PixelTache { u: i as usize % plan.largeur, v: i as usize / plan.largeur, case: case_de(i) }).collect();
        let Some(p) = partager(&pixels, grille, lettre) else { continue };
        if lecteur {
            paires.extend(PaireCollee::si_voisines(&comp.pixels, &p.cases, z.colonnes));
        }
        for (&i, &c) in comp.pixels.iter().zip(&p.cases) {
            proprietaire[i as usize] = c as u16 + 1;
        }
        for c in p.douteuses {
            douteuses[c as usize] = true;
        }
    }
    let elargi = crate::plan::elargir(&proprietaire, plan.largeur, plan.hauteur);
    // Surface et boîte de l'encre de chaque case.
    let mut surfaces = vec![0usize; nb_cases];
    let mut boites = vec![[usize::MAX, usize::MAX, 0, 0]; nb_cases];
    for (i, &p) in proprietaire.iter().enumerate() {
        if p != 0 {
            let c = p as usize - 1;
            surfaces[c] += 1;
            let (u, v) = (i % plan.largeur, i / plan.largeur);
            let b = &mut boites[c];
            *b = [b[0].min(u), b[1].min(v), b[2].max(u), b[3].max(v)];
        }
    }
    let min_case = (CASE_MIN_MM2 * K * K).round() as usize;
    let cases: Vec<CaseEncree> = (0..nb_cases)
        .filter(|&c| surfaces[c] >= min_case)
        .map(|c| {
            let boite_mm = plan.boite_mm(boites[c]);
            let fenetre = Fenetre::autour(boite_mm, z.case_mm, 0.1);
            let proprio = c as u16 + 1;
            let vignette = echantillonner(img, mm_vers_px, fenetre, &plan, |i| elargi[i] == proprio);
            CaseEncree { rangee: c as u32 / z.colonnes, colonne: c as u32 % z.colonnes, encre_mm2: surfaces[c] as f64 / (K * K), boite_mm, decoupage_douteux: douteuses[c], vignette }
        })
        .collect();
    let indice = |c: u32| cases.iter().position(|k| k.rangee * z.colonnes + k.colonne == c);
    let decoupe = Decoupe { img, h: mm_vers_px, f, plan: &plan, proprietaire: &proprietaire, elargi: &elargi, min_case };
    let collees = paires
        .iter()
        .filter_map(|p| {
            let cases = [indice(p.a)?, indice(p.b)?];
            let variantes = decoupe.variantes(p);
            (!variantes.is_empty()).then_some(Collees { cases, variantes })
        })
        .collect();
    let pales = if lecteur { cases_pales(&plan, f, min_case, |c| surfaces[c as usize] >= min_case) } else { Vec::new() };
    let pales = pales.into_iter().map(|c| [c / z.colonnes, c % z.colonnes]).collect();
    Decoupage { cases, collees, pales }
}


/// La surface d'encre (pixels du plan) d'une lettre ordinaire du bulletin : la médiane des
/// taches presque entièrement dans une case (à défaut, celle d'une lettre de 3 mm²).
fn lettre_ordinaire(composantes: &[crate::plan::Composante], case_de: &impl Fn(u32) -> Option<u32>, nb_cases: usize) -> f64 {
    let mut tailles: Vec<usize> = composantes
        .iter()
        .filter(|c| {
            let mut compte = vec![0u32; nb_cases];
            let mut dedans = 0;
            for &i in &c.pixels {
                if let Some(k) = case_de(i) {
                    compte[k as usize] += 1;
                    dedans += 1;
                }
            }
            dedans > 0 && *compte.iter().max().unwrap_or(&0) as f64 >= 0.9 * c.pixels.len() as f64
        })
        .map(|c| c.pixels.len())
        .collect();
    if tailles.len() < 2 {
        return 3.0 * K * K;
    }
    let milieu = tailles.len() / 2;
    *tailles.select_nth_unstable(milieu).1 as f64
}

/// La région de l'aire à redresser : les cases où un premier coup d'œil (quelques points
/// par case, seuil large) voit de l'encre, plus une case tout autour (les débordements) ;
/// `None` si l'aire est vide. Une aire blanche ne coûte ainsi presque rien.
fn region_encree(img: &GrayImage, f: &Formulaire, h: &Homographie) -> Option<Rect> {
    let z = &f.zone;
    const N: usize = 6;
    let mut valeurs = Vec::with_capacity((z.rangees * z.colonnes) as usize * N * N);
    for r in 0..z.rangees {
        for c in 0..z.colonnes {
            let q = z.case(r, c);
            for j in 0..N {
                for i in 0..N {
                    let x = q.x_mm + q.largeur_mm * (0.12 + 0.76 * (i as f64 + 0.5) / N as f64);
                    let y = q.y_mm + q.hauteur_mm * (0.12 + 0.76 * (j as f64 + 0.5) / N as f64);
                    let (u, v) = h.appliquer(x, y);
                    valeurs.push(crate::echantillonnage::bilineaire(img, u, v).unwrap_or(255.0));
                }
            }
        }
    }
    let mut tri = valeurs.clone();
    let k = tri.len() * 3 / 4;
    let papier = *tri.select_nth_unstable_by(k, f32::total_cmp).1;
    // Seuil plus large que celui de l'encre : aucune case écrite n'est oubliée ici.
    let seuil = 0.8 * papier;
    let (mut r0, mut r1, mut c0, mut c1) = (u32::MAX, 0, u32::MAX, 0);
    for (k, bloc) in valeurs.chunks(N * N).enumerate() {
        if bloc.iter().any(|&v| v < seuil) {
            let (r, c) = (k as u32 / z.colonnes, k as u32 % z.colonnes);
            (r0, r1, c0, c1) = (r0.min(r), r1.max(r), c0.min(c), c1.max(c));
        }
    }
    if r0 == u32::MAX {
        return None;
    }
    let (r0, c0) = (r0.saturating_sub(1), c0.saturating_sub(1));
    let (r1, c1) = ((r1 + 1).min(z.rangees - 1), (c1 + 1).min(z.colonnes - 1));
    // Aux bords de l'aire, la marge où déborde une lettre.
    let x0 = z.x_mm + c0 as f64 * z.case_mm - if c0 == 0 { MARGE_MM } else { 0.0 };
    let y0 = z.y_mm + r0 as f64 * z.case_mm - if r0 == 0 { MARGE_MM } else { 0.0 };
    let x1 = z.x_mm + (c1 + 1) as f64 * z.case_mm + if c1 + 1 == z.colonnes { MARGE_MM } else { 0.0 };
    let y1 = z.y_mm + (r1 + 1) as f64 * z.case_mm + if r1 + 1 == z.rangees { MARGE_MM } else { 0.0 };
    Some(Rect { x_mm: x0, y_mm: y0, largeur_mm: x1 - x0, hauteur_mm: y1 - y0 })
}
