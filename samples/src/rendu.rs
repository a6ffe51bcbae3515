//! Le bulletin rempli, à plat : le formulaire imprimé (quadrillage fin et clair, cadres,
//! libellés, partie grisée), puis l'écriture du joueur case par case d'après une
//! [`Lecture`], puis l'annotation éventuelle de l'arbitre dans la partie grisée.

use crate::dessin::{glyphe, plume, texte, Masque, Pose, Toile};
use crate::ecritures::{Ecritures, Glyphe};
use crate::scanner::Perturbations;
use ab_glyph::FontRef;
use arbitre_engine::lecture::{Cellule, Contenu, EtatBulletin, Lecture};
use arbitre_formulaire::{Formulaire, Rect, Role};
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

mod aire;

/// La police des libellés imprimés (Liberation Sans, OFL, `samples/polices/`).
pub const POLICE_IMPRIMEE: &[u8] = include_bytes!("../polices/LiberationSans-Regular.ttf");
/// Police manuscrite du côté entraînement (Humor Sans, OFL).
pub const POLICE_ENTRAINEMENT: (&str, &[u8]) = ("humor-sans", include_bytes!("../polices/Humor-Sans.ttf"));
/// Police manuscrite du côté évaluation (Comic Neue, OFL).
pub const POLICE_EVALUATION: (&str, &[u8]) = ("comic-neue", include_bytes!("../polices/ComicNeue-Regular.otf"));

/// Une police manuscrite, ses tracés déjà rastérisés.
pub struct PoliceManuscrite {
    pub nom: String,
    pub glyphes: BTreeMap<char, Glyphe>,
}

impl PoliceManuscrite {
    pub fn depuis_octets(nom: &str, octets: &'static [u8]) -> PoliceManuscrite {
        let police = FontRef::try_from_slice(octets).expect("police livrée lisible");
        let glyphes = ('0'..='9')
            .chain('A'..='Z')
            .filter_map(|c| crate::dessin::glyphe_de_police(&police, nom, c, 64.0).map(|g| (c, g)))
            .collect();
        PoliceManuscrite { nom: nom.to_string(), glyphes }
    }
}

/// La main d'un joueur : ce qui reste constant sur tout son bulletin.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Main {
    /// Couleur de l'encre (RVB).
    pub encre: [u8; 3],
    /// Épaisseur du trait des cercles et ratures, en mm.
    pub trait_mm: f32,
    /// Hauteur des lettres, en fraction de la case.
    pub hauteur: f32,
    /// Inclinaison (cisaillement) des lettres.
    pub inclinaison: f32,
    /// Écart de position des lettres, en fraction de la case (écart type).
    pub desordre: f32,
    /// Probabilité qu'une lettre déborde de sa case.
    pub debordement: f32,
    /// Une police manuscrite au lieu des tracés EMNIST.
    pub police: Option<String>,
    /// Les lettres écrites en minuscules (tracés EMNIST des minuscules) : l'habitude d'un
    /// joueur, pas d'un bulletin (`Generateur::minuscules`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub minuscules: bool,
}

impl Main {
    pub fn tirer(rng: &mut ChaCha8Rng, polices: &[PoliceManuscrite]) -> Main {
        let encres = [[22, 36, 120], [30, 30, 36], [16, 50, 160], [40, 40, 90]];
        Main {
            encre: encres[rng.gen_range(0..encres.len())],
            trait_mm: rng.gen_range(0.28..0.55),
            hauteur: rng.gen_range(0.62..0.92),
            inclinaison: rng.gen_range(-0.12..0.25),
            desordre: rng.gen_range(0.02..0.10),
            debordement: if rng.gen_bool(0.3) { rng.gen_range(0.05..0.25) } else { 0.0 },
            police: (!polices.is_empty() && rng.gen_bool(0.15)).then(|| polices[rng.gen_range(0..polices.len())].nom.clone()),
            minuscules: false,
        }
    }
}

/// Ce que l'arbitre a écrit dans la partie grisée, dans une autre encre.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Annotation {
    /// (5) Numéro du coup.
    pub coup: Option<String>,
    /// (6) Motif (« LR », « MNA », « -5 »…).
    pub motif: Option<String>,
    /// (7) Score attribué.
    pub score: Option<String>,
    /// Couleur de l'encre de l'arbitre (rouge, ou vert pour le double arbitrage).
    pub encre: [u8; 3],
}

/// Une case écrite de la lecture et l'encre posée pour elle (pixels de la toile à plat).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CaseEcrite {
    /// Position dans la lecture (rangée, colonne à partir de 0).
    pub rangee: u32,
    pub colonne: u32,
    /// La case de l'aire de rédaction où elle est écrite.
    pub zone_rangee: u32,
    pub zone_colonne: u32,
    /// Boîte de l'encre `[x0, y0, x1, y1]` ; `None` pour une case vide.
    pub encre: Option<[f32; 4]>,
    /// Origine du tracé (`emnist:k`, `police:nom`, `marque`).
    pub trace: Option<String>,
}

/// Le bulletin dessiné à plat.
pub struct Rendu {
    pub toile: Toile,
    /// Rangée et colonne de l'aire où commence la lecture.
    pub origine: (u32, u32),
    pub cases: Vec<CaseEcrite>,
    /// Les cadres écrits (table, référence, score, annotation) : la boîte d'encre de chaque
    /// caractère, dans l'ordre de l'écriture.
    pub cadres: Vec<(Role, Vec<[f32; 4]>)>,
    /// Les ratures dessinées : où, et la boîte de leur encre.
    pub ratures: Vec<RatureDessinee>,
    pub main: Main,
}

/// Où une rature est dessinée.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LieuRature {
    /// Une case de l'aire de rédaction, hors des cases de la lecture : gribouillis serré
    /// sur une lettre effacée.
    Case { zone_rangee: u32, zone_colonne: u32 },
    /// Un chiffre barré dans le cadre du score, à côté du score écrit.
    Score,
}

/// Une rature dessinée et la boîte de son encre (pixels de la toile à plat).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct RatureDessinee {
    pub lieu: LieuRature,
    pub encre: [f32; 4],
}

#[derive(Debug, thiserror::Error)]
pub enum ErreurRendu {
    #[error("bulletin table {table} coup {coup} : la lecture fait {rangees} × {colonnes} cases, l'aire de rédaction {zr} × {zc}")]
    TropGrand { table: u32, coup: u32, rangees: usize, colonnes: usize, zr: u32, zc: u32 },
}

/// Ce qui sert à écrire : tracés EMNIST et polices manuscrites.
pub struct Plumier<'a> {
    pub ecritures: &'a Ecritures,
    pub polices: &'a [PoliceManuscrite],
    pub imprimee: FontRef<'static>,
}

impl<'a> Plumier<'a> {
    pub fn new(ecritures: &'a Ecritures, polices: &'a [PoliceManuscrite]) -> Self {
        Plumier { ecritures, polices, imprimee: FontRef::try_from_slice(POLICE_IMPRIMEE).expect("police livrée lisible") }
    }

    /// Le tracé d'un caractère dans la main donnée, et s'il est celui d'une minuscule : une
    /// lettre en minuscule si la main les écrit ainsi, sinon de la police de la main, sinon
    /// un tracé EMNIST.
    fn trace(&self, c: char, main: &Main, rng: &mut ChaCha8Rng) -> Option<(&'a Glyphe, bool)> {
        let minuscules = if main.minuscules { self.ecritures.minuscules_de(c) } else { &[] };
        if !minuscules.is_empty() {
            return Some((&minuscules[rng.gen_range(0..minuscules.len())], true));
        }
        if let Some(p) = main.police.as_deref().and_then(|n| self.polices.iter().find(|p| p.nom == n)) {
            if let Some(g) = p.glyphes.get(&c) {
                return Some((g, false));
            }
        }
        let v = self.ecritures.de(c);
        (!v.is_empty()).then(|| (&v[rng.gen_range(0..v.len())], false))
    }
}

/// Dessine le formulaire imprimé vierge.
pub fn imprimer(f: &Formulaire, t: &mut Toile, imprimee: &FontRef<'_>) {
    let gris_trait = [150, 150, 150];
    let g = &f.zone_grisee;
    let (x0, y0) = (t.px(g.x_mm), t.px(g.y_mm));
    t.couvrir(x0, y0, x0 + t.px(g.largeur_mm), y0 + t.px(g.hauteur_mm), [222, 222, 222], 1.0);
    let z = &f.zone;
    let trait_px = t.px(z.trait_mm).max(0.8);
    let r = z.rect();
    let (zx, zy, zl, zh) = (t.px(r.x_mm), t.px(r.y_mm), t.px(r.largeur_mm), t.px(r.hauteur_mm));
    for i in 1..z.colonnes {
        let x = zx + t.px(i as f64 * z.case_mm);
        t.encrer(&plume(&[(x, zy), (x, zy + zh)], trait_px), [185, 185, 185], 1.0);
    }
    for i in 1..z.rangees {
        let y = zy + t.px(i as f64 * z.case_mm);
        t.encrer(&plume(&[(zx, y), (zx + zl, y)], trait_px), [185, 185, 185], 1.0);
    }
    let bord = t.px(z.bord_mm).max(1.0);
    cadre(t, &r, bord, gris_trait);
    cadre(t, &f.zone_grisee, bord, gris_trait);
    for c in &f.cadres {
        cadre(t, &c.rect(), bord, gris_trait);
        if !c.libelle.is_empty() {
            let taille = t.px(3.2);
            let m = texte(imprimee, &c.libelle, t.px(c.x_mm + 1.2), t.px(c.y_mm + 1.0) + taille * 0.8, taille);
            t.encrer(&m, [60, 60, 60], 1.0);
        }
    }
}

fn cadre(t: &mut Toile, r: &Rect, epaisseur: f32, couleur: [u8; 3]) {
    let (x0, y0) = (t.px(r.x_mm), t.px(r.y_mm));
    let (x1, y1) = (x0 + t.px(r.largeur_mm), y0 + t.px(r.hauteur_mm));
    t.encrer(&plume(&[(x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0)], epaisseur), couleur, 1.0);
}

/// Un gribouillis (rature, marque illisible) dans un rectangle de pixels.
fn gribouillis(rng: &mut ChaCha8Rng, x0: f32, y0: f32, l: f32, h: f32, n: usize) -> Vec<(f32, f32)> {
    (0..n).map(|i| (x0 + rng.gen_range(0.1..0.9) * l, y0 + h * (0.15 + 0.7 * (i as f32 / n as f32)) + rng.gen_range(-0.1..0.1) * h)).collect()
}

/// Les lettres dont la minuscule n'a ni hampe ni jambage.
const SANS_HAMPE: &str = "ACEMNORSUVWXZ";

/// Écrit un caractère centré en (cx, cy), haut de `hauteur` pixels ; renvoie son masque.
#[allow(clippy::too_many_arguments)]
fn ecrire(t: &mut Toile, p: &Plumier, main: &Main, c: char, cx: f32, cy: f32, hauteur: f32, rng: &mut ChaCha8Rng) -> (Masque, String) {
    let trace = p.trace(c, main, rng);
    let m = match trace {
        Some((g, minuscule)) => {
            // Une minuscule sans hampe ni jambage (a, c, e…) n'a que la hauteur d'x : les
            // deux tiers d'une capitale.
            let hauteur_x = if minuscule && SANS_HAMPE.contains(c) { 0.68 } else { 1.0 };
            let pose = Pose {
                centre: (cx, cy),
                hauteur: hauteur * hauteur_x * rng.gen_range(0.92..1.08),
                rotation: rng.gen_range(-0.08f32..0.08),
                inclinaison: main.inclinaison + rng.gen_range(-0.05..0.05),
                largeur: rng.gen_range(0.9..1.15),
                nettete: rng.gen_range(1.6..2.6),
            };
            glyphe(g, &pose)
        }
        // Caractère sans tracé (« # », ponctuation) : une marque.
        None => plume(&gribouillis(rng, cx - hauteur * 0.3, cy - hauteur * 0.4, hauteur * 0.6, hauteur * 0.8, 6), t.px(main.trait_mm as f64)),
    };
    t.encrer(&m, main.encre, rng.gen_range(0.85..1.0));
    (m, trace.map(|(g, _)| g.origine.clone()).unwrap_or_else(|| "marque".into()))
}

/// Écrit une chaîne (référence, score, table) dans un cadre, centrée sous le libellé ;
/// rend la boîte d'encre de chaque caractère écrit (les espaces n'en ont pas).
fn ecrire_dans_cadre(t: &mut Toile, p: &Plumier, main: &Main, s: &str, r: &Rect, rng: &mut ChaCha8Rng) -> Vec<[f32; 4]> {
    let n = s.chars().count().max(1) as f32;
    let hauteur = t.px(r.hauteur_mm.min(30.0) * rng.gen_range(0.24..0.36));
    let pas = (hauteur * 0.75).min(t.px(r.largeur_mm) * 0.85 / n);
    let cx = t.px(r.x_mm + r.largeur_mm / 2.0) + rng.gen_range(-0.08..0.08) * t.px(r.largeur_mm);
    let cy = t.px(r.y_mm + r.hauteur_mm * 0.6) + rng.gen_range(-0.08..0.08) * t.px(r.hauteur_mm);
    let mut boites = Vec::new();
    for (i, c) in s.chars().enumerate() {
        if c == ' ' {
            continue;
        }
        let x = cx + (i as f32 - (n - 1.0) / 2.0) * pas + rng.gen_range(-0.05..0.05) * pas;
        let (m, _) = ecrire(t, p, main, c.to_ascii_uppercase(), x, cy + rng.gen_range(-0.05..0.05) * hauteur, hauteur, rng);
        boites.extend(m.boite_encre());
    }
    boites
}

/// Dessine un bulletin rempli d'après une lecture.
pub fn rendre(
    f: &Formulaire,
    lecture: &Lecture,
    p: &Plumier,
    annotation: &Annotation,
    scan: &Perturbations,
    minuscules: bool,
    rng: &mut ChaCha8Rng,
) -> Result<Rendu, ErreurRendu> {
    let (nr, nc) = mesurer(f, lecture)?;
    let main = Main { minuscules, ..Main::tirer(rng, p.polices) };
    // Le papier, puis le formulaire imprimé dessus.
    let mut t = Toile::nouvelle(f.largeur_mm, f.hauteur_mm, scan.dpi, scan.papier);
    imprimer(f, &mut t, &p.imprimee);
    // L'écriture du joueur : la lecture dans l'aire de rédaction, là où il a commencé
    // d'écrire, puis les cadres qu'il remplit, puis ses ratures.
    let origine = tirer_origine(f, nr, nc, rng);
    let cases = aire::ecrire_lecture(&mut t, f, p, &main, lecture, origine, rng);
    let mut cadres = remplir_cadres(&mut t, f, p, &main, lecture, rng);
    let ratures = if lecture.rature { raturer(&mut t, f, p, &main, lecture, origine, rng) } else { Vec::new() };
    // L'arbitre, dans sa propre encre.
    annoter(&mut t, f, p, annotation, &mut cadres, rng);
    Ok(Rendu { toile: t, origine, cases, cadres, ratures, main })
}

/// Les dimensions de la lecture en cases (ses rangées, sa plus longue rangée) ; une erreur
/// si elle ne tient pas dans l'aire de rédaction.
fn mesurer(f: &Formulaire, lecture: &Lecture) -> Result<(usize, usize), ErreurRendu> {
    let z = &f.zone;
    let nr = lecture.rangees.len();
    let nc = lecture.rangees.iter().map(Vec::len).max().unwrap_or(0);
    if nr > z.rangees as usize || nc > z.colonnes as usize {
        return Err(ErreurRendu::TropGrand { table: lecture.table, coup: lecture.coup, rangees: nr, colonnes: nc, zr: z.rangees, zc: z.colonnes });
    }
    Ok((nr, nc))
}

/// La case de l'aire (rangée, colonne) où le joueur commence d'écrire une lecture de
/// `nr` × `nc` cases, tirée parmi celles où elle tient entière.
fn tirer_origine(f: &Formulaire, nr: usize, nc: usize, rng: &mut ChaCha8Rng) -> (u32, u32) {
    let z = &f.zone;
    (rng.gen_range(0..=z.rangees - nr as u32), rng.gen_range(0..=z.colonnes - nc as u32))
}

/// Les cadres que le joueur remplit, dans l'ordre de l'écriture : le numéro de table, puis
/// la référence et le score s'il les a écrits ; rend la boîte d'encre de chaque caractère
/// de chaque cadre écrit.
fn remplir_cadres(t: &mut Toile, f: &Formulaire, p: &Plumier, main: &Main, lecture: &Lecture, rng: &mut ChaCha8Rng) -> Vec<(Role, Vec<[f32; 4]>)> {
    let mut cadres = Vec::new();
    // (1) Le numéro de table : toujours écrit par le joueur (règlement 4.1), même sur un
    // bulletin vierge.
    if lecture.etat != EtatBulletin::Absent {
        cadres.extend(ecrire_cadre(t, f, p, main, Role::Table, &lecture.table.to_string(), rng));
    }
    for (role, valeur) in [(Role::Reference, &lecture.reference), (Role::Score, &lecture.score)] {
        if let Some(v) = valeur {
            cadres.extend(ecrire_cadre(t, f, p, main, role, v, rng));
        }
    }
    cadres
}

/// Écrit `valeur` dans le cadre `role` du formulaire ; rend ce rôle avec la boîte d'encre
/// de chaque caractère, ou rien si rien n'a laissé d'encre.
fn ecrire_cadre(t: &mut Toile, f: &Formulaire, p: &Plumier, main: &Main, role: Role, valeur: &str, rng: &mut ChaCha8Rng) -> Option<(Role, Vec<[f32; 4]>)> {
    let b = ecrire_dans_cadre(t, p, main, valeur, &f.cadre(role).rect(), rng);
    (!b.is_empty()).then_some((role, b))
}

/// La boîte qui contient toutes les boîtes.
pub fn union(boites: impl Iterator<Item = [f32; 4]>) -> Option<[f32; 4]> {
    boites.reduce(|a, b| [a[0].min(b[0]), a[1].min(b[1]), a[2].max(b[2]), a[3].max(b[3])])
}

/// Des ratures visibles, dessinées comme ce qu'elles sont : un gribouillis serré sur une
/// lettre effacée, dans une case de l'aire hors des cases de la lecture (séparée d'elles par
/// une case vide quand c'est possible), et parfois un chiffre barré à côté du score. Rien
/// de ce qui est raturé ne ressemble à une lettre propre ; la vérité terrain dit où est
/// chaque rature.
fn raturer(t: &mut Toile, f: &Formulaire, p: &Plumier, main: &Main, l: &Lecture, origine: (u32, u32), rng: &mut ChaCha8Rng) -> Vec<RatureDessinee> {
    let z = &f.zone;
    let (nr, nc) = (l.rangees.len() as i64, l.rangees.iter().map(Vec::len).max().unwrap_or(0) as i64);
    // Distance (en cases, Tchebychev) d'une case de l'aire au rectangle de la lecture.
    let distance = |r: u32, c: u32| {
        let (i, j) = (r as i64 - origine.0 as i64, c as i64 - origine.1 as i64);
        let di = if i < 0 { -i } else { (i - nr + 1).max(0) };
        let dj = if j < 0 { -j } else { (j - nc + 1).max(0) };
        di.max(dj)
    };
    let toutes: Vec<(u32, u32)> = (0..z.rangees).flat_map(|r| (0..z.colonnes).map(move |c| (r, c))).collect();
    let voisines: Vec<(u32, u32)> = toutes.iter().copied().filter(|&(r, c)| distance(r, c) == 2).collect();
    let dehors: Vec<(u32, u32)> = toutes.iter().copied().filter(|&(r, c)| distance(r, c) >= 1).collect();
    let mut ratures = Vec::new();
    let choix = if !voisines.is_empty() { &voisines } else { &dehors };
    if !choix.is_empty() {
        let (r, c) = choix[rng.gen_range(0..choix.len())];
        let q = z.case(r, c);
        let case = t.px(z.case_mm);
        let cote = case * rng.gen_range(0.6..0.85);
        let m = gribouillis_serre(rng, t.px(q.x_mm) + case / 2.0, t.px(q.y_mm) + case / 2.0, cote, t.px(main.trait_mm as f64) * 1.3);
        t.encrer(&m, main.encre, 1.0);
        if let Some(b) = m.boite_encre() {
            ratures.push(RatureDessinee { lieu: LieuRature::Case { zone_rangee: r, zone_colonne: c }, encre: b });
        }
    }
    if l.score.is_some() && rng.gen_bool(0.4) {
        // Un chiffre écrit puis barré, en haut à droite du cadre (loin du libellé et du
        // score, écrit vers le bas du cadre).
        let s = f.cadre(Role::Score).rect();
        let (x, y) = (t.px(s.x_mm + s.largeur_mm * 0.84), t.px(s.y_mm + s.hauteur_mm * 0.22));
        let h = t.px(4.5);
        let chiffre = char::from(b'0' + rng.gen_range(0..10u8));
        let (m, _) = ecrire(t, p, main, chiffre, x, y, h, rng);
        let trait_px = t.px(main.trait_mm as f64) * 1.2;
        let barre = if rng.gen_bool(0.5) {
            vec![plume(&[(x - h * 0.45, y - h * 0.45), (x + h * 0.45, y + h * 0.45)], trait_px), plume(&[(x + h * 0.45, y - h * 0.45), (x - h * 0.45, y + h * 0.45)], trait_px)]
        } else {
            vec![plume(&[(x - h * 0.5, y - h * 0.12), (x + h * 0.5, y - h * 0.18)], trait_px), plume(&[(x - h * 0.5, y + h * 0.12), (x + h * 0.5, y + h * 0.06)], trait_px)]
        };
        for b in &barre {
            t.encrer(b, main.encre, 1.0);
        }
        if let Some(b) = union(std::iter::once(&m).chain(&barre).filter_map(Masque::boite_encre)) {
            ratures.push(RatureDessinee { lieu: LieuRature::Score, encre: b });
        }
    }
    ratures
}

/// Un gribouillis serré centré en (cx, cy), de côté `cote` : des boucles qui se
/// chevauchent en descendant, d'un trait épais, jusqu'à noircir presque toute la surface
/// (une lettre effacée ne ressemble plus à aucune lettre).
fn gribouillis_serre(rng: &mut ChaCha8Rng, cx: f32, cy: f32, cote: f32, trait_px: f32) -> Masque {
    let boucles = rng.gen_range(5.0..8.0f32);
    let n = 160;
    let (rx, ry) = (cote * rng.gen_range(0.38..0.5), cote * rng.gen_range(0.14..0.2));
    let phase = rng.gen_range(0.0..std::f32::consts::TAU);
    let pts: Vec<(f32, f32)> = (0..=n)
        .map(|i| {
            let u = i as f32 / n as f32;
            let a = phase + u * boucles * std::f32::consts::TAU;
            let descente = cy - cote / 2.0 + ry + u * (cote - 2.0 * ry);
            (cx + rx * a.cos() * (1.0 + 0.1 * (3.0 * a).sin()), descente + ry * a.sin())
        })
        .collect();
    plume(&pts, trait_px.max(cote * 0.12))
}

/// L'annotation de l'arbitre dans la partie grisée, dans son encre.
fn annoter(t: &mut Toile, f: &Formulaire, p: &Plumier, a: &Annotation, cadres: &mut Vec<(Role, Vec<[f32; 4]>)>, rng: &mut ChaCha8Rng) {
    let mut main = Main::tirer(rng, p.polices);
    main.encre = a.encre;
    for (role, v) in [(Role::Coup, &a.coup), (Role::Arbitre, &a.motif), (Role::ScoreArbitre, &a.score)] {
        if let Some(v) = v {
            cadres.extend(ecrire_cadre(t, f, p, &main, role, v, rng));
        }
    }
}

/// Une cellule d'une lecture est-elle écrite ?
pub fn ecrite(c: &Cellule) -> bool {
    c.contenu != Contenu::Vide
}
