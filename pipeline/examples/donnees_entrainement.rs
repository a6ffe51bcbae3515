//! Les vignettes d'entraînement du modèle, découpées par le recalage et le découpage du
//! projet dans des bulletins générés avec les écritures d'entraînement — pour que le modèle
//! voie l'erreur de recalage réelle, les débordements, le flou et le JPEG.
//!
//! ```sh
//! cargo run --release -p arbitre-pipeline --example donnees_entrainement -- \
//!     --sortie models/donnees/entrainement --bulletins 6000 --graine 1 --planches 0-2
//! ```
//!
//! Les lectures sont tirées au hasard (lettres uniformes, sans mots : le modèle ne doit rien
//! apprendre d'un dictionnaire), avec davantage de jokers entourés, de cases barrées, de
//! marques illisibles et de ratures qu'une vraie salle, pour que chaque classe ait des
//! exemples. Écrit `cases.u8` et `cadres.u8` (vignettes 32 × 32 octets, à la suite) et leurs
//! étiquettes `cases.csv` et `cadres.csv`.

use arbitre_echantillons::ecritures::{Ecritures, Partage};
use arbitre_echantillons::generateur::{polices, Generateur};
use arbitre_echantillons::rendu::LieuRature;
use arbitre_echantillons::scanner::Bornes;
use arbitre_echantillons::verite::{Quad, VeriteTerrain};
use arbitre_engine::lecture::{Cellule, Contenu, EtatBulletin, Lecture, Trace};
use arbitre_formulaire::{Formulaire, Role};
use arbitre_pipeline::cadres::decoupages;
use arbitre_pipeline::cases::cases_encrees;
use arbitre_pipeline::chargement::decoder;
use arbitre_pipeline::recalage::recaler;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use std::io::Write;

fn lettre(rng: &mut ChaCha8Rng) -> char {
    char::from(b'A' + rng.gen_range(0..26u8))
}

/// Une lecture tirée au hasard : un mot horizontal ou vertical, des lettres de raccord,
/// parfois une tentative barrée ; jokers, croix, `#` et ratures plus fréquents qu'en salle.
fn lecture_au_hasard(table: u32, rng: &mut ChaCha8Rng) -> Lecture {
    let mut l = Lecture::nouvelle(table, 1);
    if rng.gen_bool(0.03) {
        l.etat = EtatBulletin::Vierge;
        return l;
    }
    let n = rng.gen_range(2..=12usize);
    let vertical = rng.gen_bool(0.4);
    let (h, w) = if vertical { (n + 2, 5) } else { (5, n + 2) };
    let mut grille = vec![vec![Cellule { contenu: Contenu::Vide, barree: false }; w]; h];
    let cellule = |rng: &mut ChaCha8Rng| {
        let contenu = if rng.gen_bool(0.03) { Contenu::Illisible } else { Contenu::Lettre(Trace { lettre: lettre(rng), entouree: rng.gen_bool(0.12) }) };
        Cellule { contenu, barree: rng.gen_bool(0.03) }
    };
    for i in 0..n {
        let (r, c) = if vertical { (i + 1, 2) } else { (2, i + 1) };
        grille[r][c] = cellule(rng);
    }
    // Lettres de raccord, de part et d'autre du mot.
    for _ in 0..rng.gen_range(0..4) {
        let i = rng.gen_range(0..n) + 1;
        let cote = if rng.gen_bool(0.5) { 1 } else { 3 };
        let (r, c) = if vertical { (i, cote) } else { (cote, i) };
        grille[r][c] = Cellule { contenu: Contenu::Lettre(Trace { lettre: lettre(rng), entouree: false }), barree: false };
    }
    // Une tentative barrée d'un trait (mot horizontal sur la dernière rangée).
    if !vertical && rng.gen_bool(0.2) {
        for cel in grille[4].iter_mut().skip(1).take(rng.gen_range(2..=n)) {
            *cel = Cellule { contenu: Contenu::Lettre(Trace { lettre: lettre(rng), entouree: false }), barree: true };
        }
    }
    l.rangees = grille;
    l.reference = match rng.gen_range(0..10) {
        0..=2 => None,
        k => {
            let (a, b) = (char::from(b'A' + rng.gen_range(0..15u8)), rng.gen_range(1..=15u32));
            let espace = if rng.gen_bool(0.4) { " " } else { "" };
            Some(if k % 2 == 0 { format!("{a}{espace}{b}") } else { format!("{b}{espace}{a}") })
        }
    };
    l.score = (!rng.gen_bool(0.05)).then(|| rng.gen_range(0..200u32).to_string());
    l.rature = rng.gen_bool(0.35);
    l
}

fn boite(q: &Quad) -> [f64; 4] {
    let xs = q.iter().map(|p| p[0] as f64);
    let ys = q.iter().map(|p| p[1] as f64);
    [xs.clone().fold(f64::MAX, f64::min), ys.clone().fold(f64::MAX, f64::min), xs.fold(f64::MIN, f64::max), ys.fold(f64::MIN, f64::max)]
}

fn recouvrement(a: [f64; 4], b: [f64; 4]) -> f64 {
    let l = (a[2].min(b[2]) - a[0].max(b[0])).max(0.0);
    let h = (a[3].min(b[3]) - a[1].max(b[1])).max(0.0);
    l * h
}

/// Une vignette et sa ligne d'étiquettes.
struct Exemple {
    octets: Vec<u8>,
    ligne: String,
}

/// Les vignettes d'un bulletin, étiquetées d'après la vérité terrain.
fn exemples(f: &Formulaire, img: &image::GrayImage, v: &VeriteTerrain, graine: u64) -> (Vec<Exemple>, Vec<Exemple>) {
    let Ok(r) = recaler(img, f) else { return (Vec::new(), Vec::new()) };
    let geo = v.geometrie.as_ref().expect("géométrie");
    let dpi = v.perturbations.as_ref().map_or(0.0, |p| p.dpi);
    let mut cases = Vec::new();
    for c in cases_encrees(img, f, &r.mm_vers_px) {
        let ecrite = geo.cases.iter().find(|t| (t.zone_rangee, t.zone_colonne) == (c.rangee, c.colonne)).map(|t| &v.lecture.rangees[t.rangee as usize][t.colonne as usize]);
        let raturee = geo.ratures.iter().any(|t| t.lieu == LieuRature::Case { zone_rangee: c.rangee, zone_colonne: c.colonne });
        let (classe, entouree, barree) = match ecrite {
            Some(Cellule { contenu: Contenu::Lettre(t), barree }) => (t.lettre.to_string(), t.entouree, *barree),
            Some(Cellule { contenu: Contenu::Illisible, barree }) => ("#".into(), false, *barree),
            _ if raturee => ("rature".into(), false, false),
            _ => ("vide".into(), false, false),
        };
        cases.push(Exemple { octets: c.vignette.octets(), ligne: format!("{classe},{},{},{},{dpi},{graine}", entouree as u8, barree as u8, c.decoupage_douteux as u8) });
    }
    let mut cadres = Vec::new();
    let h = &r.mm_vers_px;
    for role in [Role::Table, Role::Reference, Role::Score] {
        let texte: Vec<char> = match role {
            Role::Table => v.lecture.table.to_string(),
            Role::Reference => v.lecture.reference.clone().unwrap_or_default(),
            _ => v.lecture.score.clone().unwrap_or_default(),
        }
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
        let Some(tv) = geo.cadres.iter().find(|c| c.role == role) else { continue };
        let vrais: Vec<[f64; 4]> = tv.caracteres.iter().map(boite).collect();
        let barre: Option<[f64; 4]> = geo.ratures.iter().find(|t| t.lieu == LieuRature::Score && role == Role::Score).map(|t| boite(&t.encre));
        // Tous les découpages possibles du cadre : le modèle apprend aussi que deux chiffres
        // collés, ou un bout de chiffre, ne sont pas *un* caractère (classe « vide ») — c'est
        // ce qui lui permet ensuite de départager les découpages.
        let mut vues: Vec<[f64; 4]> = Vec::new();
        for c in decoupages(img, f, h, role).into_iter().flatten() {
            if vues.iter().any(|b| b.iter().zip(&c.boite_mm).all(|(x, y)| (x - y).abs() < 1e-9)) {
                continue;
            }
            vues.push(c.boite_mm);
            let (a, b) = (h.appliquer(c.boite_mm[0], c.boite_mm[1]), h.appliquer(c.boite_mm[2], c.boite_mm[3]));
            let bo = [a.0.min(b.0), a.1.min(b.1), a.0.max(b.0), a.1.max(b.1)];
            let aire = (bo[2] - bo[0]) * (bo[3] - bo[1]);
            let classe = if barre.is_some_and(|b| recouvrement(b, bo) > 0.5 * aire) {
                Some("rature".to_string())
            } else {
                // Part de chaque caractère écrit que ce morceau couvre.
                let couvre: Vec<(usize, f64)> = vrais
                    .iter()
                    .enumerate()
                    .map(|(i, t)| (i, recouvrement(*t, bo) / ((t[2] - t[0]) * (t[3] - t[1])).max(1e-9)))
                    .filter(|x| x.1 > 0.2)
                    .collect();
                match couvre.as_slice() {
                    [] => Some("vide".into()),
                    // Un seul caractère, couvert presque entier : c'est lui.
                    [(i, part)] if *part >= 0.75 => texte.get(*i).map(char::to_string),
                    // Un bout de caractère, ou plusieurs caractères : pas *un* caractère.
                    [(_, part)] if *part < 0.45 => Some("vide".into()),
                    [_, _, ..] if couvre.iter().filter(|x| x.1 >= 0.45).count() >= 2 => Some("vide".into()),
                    // Entre les deux : étiquette incertaine, on s'abstient.
                    _ => None,
                }
            };
            if let Some(classe) = classe {
                cadres.push(Exemple { octets: c.vignette.octets(), ligne: format!("{classe},{},{},{dpi},{graine}", role.nom(), c.coupe as u8) });
            }
        }
    }
    (cases, cadres)
}

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let opt = |nom: &str| a.iter().position(|x| x == nom).and_then(|i| a.get(i + 1)).cloned();
    let sortie = std::path::PathBuf::from(opt("--sortie").expect("--sortie DOSSIER"));
    let n: u64 = opt("--bulletins").map_or(1000, |s| s.parse().expect("--bulletins N"));
    let graine: u64 = opt("--graine").map_or(1, |s| s.parse().expect("--graine N"));
    let planches = opt("--planches").unwrap_or("0-2".into());
    let (p0, p1) = planches.split_once('-').map(|(x, y)| (x.parse::<usize>().unwrap(), y.parse::<usize>().unwrap())).expect("--planches A-B");
    assert!(p1 < 4, "les planches 4 et 5 sont gardées pour l'évaluation");
    let mut ecritures = Ecritures::charger(&Ecritures::dossier_emnist(), Partage::Entrainement).expect("écritures");
    ecritures.garder_planches(p0, p1);
    let f = Formulaire::fisf();
    let pol = polices(Partage::Entrainement);
    let mut g = Generateur::new(&f, &ecritures, &pol);
    g.bornes = Bornes::default();
    std::fs::create_dir_all(&sortie).expect("dossier de sortie");
    let t = std::time::Instant::now();
    let resultats: Vec<(Vec<Exemple>, Vec<Exemple>)> = (0..n)
        .into_par_iter()
        .map(|i| {
            let gb = graine.wrapping_mul(1_000_003).wrapping_add(i);
            let mut rng = ChaCha8Rng::seed_from_u64(gb);
            let l = lecture_au_hasard(rng.gen_range(1..200), &mut rng);
            let b = g.generer(&l, None, gb, "b.jpg").expect("rendu");
            let img = decoder(&b.jpeg.expect("image")).expect("jpeg").remove(0);
            exemples(&f, &img, &b.verite, gb)
        })
        .collect();
    let ecrire = |nom: &str, entete: &str, ex: &mut dyn Iterator<Item = &Exemple>| {
        let mut u8s = std::io::BufWriter::new(std::fs::File::create(sortie.join(format!("{nom}.u8"))).unwrap());
        let mut csv = std::io::BufWriter::new(std::fs::File::create(sortie.join(format!("{nom}.csv"))).unwrap());
        writeln!(csv, "{entete}").unwrap();
        let mut k = 0;
        for e in ex {
            u8s.write_all(&e.octets).unwrap();
            writeln!(csv, "{}", e.ligne).unwrap();
            k += 1;
        }
        k
    };
    let nc = ecrire("cases", "classe,entouree,barree,douteuse,dpi,graine", &mut resultats.iter().flat_map(|r| r.0.iter()));
    let nd = ecrire("cadres", "classe,role,coupe,dpi,graine", &mut resultats.iter().flat_map(|r| r.1.iter()));
    println!("{n} bulletins (planches {planches}) : {nc} cases, {nd} caractères de cadres, en {:.0} s", t.elapsed().as_secs_f64());
}
