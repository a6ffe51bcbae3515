//! Les cadres du joueur : N° Table, Réf. et Score. L'encre d'un cadre est découpée en
//! caractères (taches qui se recouvrent en largeur réunies — la barre d'un 5, le point
//! d'un i —, taches trop larges pour un caractère coupées là où l'encre est la plus mince),
//! dans l'ordre de l'écriture, avec les espaces laissés entre eux. Le libellé imprimé du
//! cadre n'est pas lu ; la partie grisée de l'arbitre non plus.

use crate::plan::{Plan, K};
use crate::vignette::{echantillonner, Fenetre, Vignette};
use arbitre_formulaire::{Formulaire, Homographie, Rect, Role};
use image::GrayImage;
use std::collections::{HashMap, HashSet};

/// Retrait (mm) depuis le trait du cadre : épaisseur du trait et erreur de recalage.
const RETRAIT_MM: f64 = 1.0;
/// Taille des libellés imprimés (mm) et avance moyenne d'un caractère (fraction de la taille).
const LIBELLE_MM: f64 = 3.2;
const AVANCE: f64 = 0.6;
/// En dessous (mm²), une tache est du grain.
const TACHE_MIN_MM2: f64 = 0.3;
/// Un caractère plus large que haut de ce rapport porte plusieurs caractères collés.
const LARGEUR_MAX: f64 = 1.35;

/// Une tache moins haute que cette fraction du plus haut caractère du cadre est peut-être
/// un trait parasite, pas un caractère.
const PETITE_TACHE: f64 = 0.5;
/// Au plus tant de petites taches laissées de côté, une à la fois, par cadre.
const PETITES_MAX: usize = 2;

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

/// Une façon de découper un cadre : l'ordinaire, ou l'ordinaire varié en un groupe.
#[derive(Debug, Clone, Copy)]
enum Variante {
    Ordinaire,
    /// Le groupe, coupé d'ordinaire, laissé entier.
    Entier(usize),
    /// Le groupe coupé en deux à sa colonne la plus mince.
    Mince(usize),
    /// Le groupe coupé en deux à cette fraction de sa largeur.
    Colonne(usize, f64),
    /// Le groupe et le suivant réunis en un caractère (un K tracé en deux traits, « 1 » et
    /// « < » ; un 6 à la boucle détachée, « l » et « o » ; un trait cassé).
    Reunis(usize),
}

impl Variante {
    /// La variante change-t-elle le groupe `i` ?
    fn touche(self, i: usize) -> bool {
        match self {
            Variante::Ordinaire => false,
            Variante::Entier(k) | Variante::Mince(k) | Variante::Colonne(k, _) => k == i,
            Variante::Reunis(k) => k == i || k + 1 == i,
        }
    }
}

/// Un cadre préparé : son encre réunie en groupes, et les découpages possibles, de gauche
/// à droite : le premier est le découpage ordinaire ; les suivants le varient en un endroit
/// (une tache coupée laissée entière, une tache large coupée en deux à sa colonne la plus
/// mince ou à l'une des colonnes de [`COUPES`] ; deux taches voisines réunies en un
/// caractère). Chacun est aussi essayé sans une petite tache ([`PETITE_TACHE`]) : un trait
/// parasite n'est peut-être pas un caractère. Le modèle départage (`Lecteur`) : c'est la
/// lecture qui dit où sont les caractères quand la forme de l'encre ne suffit pas.
pub struct Cadre<'a> {
    img: &'a GrayImage,
    mm_vers_px: &'a Homographie,
    plan: Plan,
    groupes: Vec<Groupe>,
    variantes: Vec<Variante>,
    /// Les petites taches (indices de groupes), chacune laissée de côté dans une copie de
    /// chaque découpage.
    petites: Vec<usize>,
    /// Un même caractère (mêmes pixels) revient dans presque tous les découpages : sa
    /// vignette n'est échantillonnée qu'une fois.
    deja: HashMap<Vec<u32>, Vignette>,
    /// Le libellé imprimé, en mm de la feuille `[x0, y0, x1, y1]`.
    libelle: Option<[f64; 4]>,
}

impl<'a> Cadre<'a> {
    /// L'encre du cadre `role`, hors du libellé imprimé, et ses découpages possibles.
    pub fn preparer(img: &'a GrayImage, f: &Formulaire, mm_vers_px: &'a Homographie, role: Role) -> Cadre<'a> {
        let (plan, libelle) = Cadre::plan_redresse(img, f, mm_vers_px, role);
        let taches = plan.composantes((TACHE_MIN_MM2 * K * K).round() as usize);
        let groupes = reunir(taches);
        let mut variantes = vec![Variante::Ordinaire];
        for (i, g) in groupes.iter().enumerate() {
            if g.coupe_d_ordinaire() {
                variantes.push(Variante::Entier(i));
            }
            if g.large() {
                // Large : peut-être deux caractères collés. Coupée en deux à la colonne la
                // plus mince, et à plusieurs colonnes fixes (deux chiffres qui se touchent
                // n'ont pas toujours leur colonne la plus mince entre eux).
                variantes.push(Variante::Mince(i));
                variantes.extend(COUPES.map(|f| Variante::Colonne(i, f)));
            }
            // Deux taches voisines, presque sans blanc, peuvent être un seul caractère : une
            // lettre tracée en deux traits (K, H : « 14 10 » dans la référence, où la forme
            // attendue départage), un 6 dont la boucle ne touche pas la hampe (« 10 » dans
            // le N° Table, lu sûrement : une table absente a été payée du bulletin d'une
            // autre). Le modèle départage par `vide` (deux chiffres vus comme un seul
            // caractère). Mesuré sur la validation (avec le modèle de novembre 2026) : numéro
            // de table exact 97,90 → 98,01 %, score exact 97,06 → 97,27 %, 429 → 431
            // décisions automatiques, toutes justes.
            if groupes.get(i + 1).is_some_and(|suivant| reunissables(g, suivant)) {
                variantes.push(Variante::Reunis(i));
            }
            if variantes.len() >= VARIANTES_MAX {
                break;
            }
        }
        // Une petite tache à côté de caractères de taille ordinaire n'est peut-être pas un
        // caractère : un trait parasite, un point. Le modèle la lit souvent « 1 » sûr
        // (« '43 », les chiffres 4 et 3 collés, lu « 143 » à 99,9 % sur la manche
        // d'évaluation). Chaque découpage est aussi essayé sans elle ; il pèse autant, et le
        // champ devient douteux : une personne regarde la tache (un « '4 » lu « 14 »
        // donnerait le bulletin de la table 4 à la table 14).
        let hauteur_type = hauteur_max(&groupes);
        let petites = if groupes.len() > 1 { (0..groupes.len()).filter(|&i| groupes[i].taille().1 < PETITE_TACHE * hauteur_type).take(PETITES_MAX).collect() } else { Vec::new() };
        Cadre { img, mm_vers_px, plan, groupes, variantes, petites, deja: HashMap::new(), libelle }
    }

    /// Le plan redressé du cadre `role` (son encre, hors du libellé imprimé et de ses
    /// traits) et la place du libellé, en mm de la feuille `[x0, y0, x1, y1]`.
    pub fn plan_redresse(img: &GrayImage, f: &Formulaire, mm_vers_px: &Homographie, role: Role) -> (Plan, Option<[f64; 4]>) {
        let c = f.cadre(role);
        let mut plan = Plan::redresser(img, mm_vers_px, &c.rect().retrait(RETRAIT_MM));
        let mut libelle = None;
        // Le libellé imprimé, en haut à gauche du cadre.
        if !c.libelle.is_empty() {
            let l = Rect { x_mm: c.x_mm + 0.6, y_mm: c.y_mm + 0.4, largeur_mm: 1.2 + c.libelle.chars().count() as f64 * LIBELLE_MM * AVANCE, hauteur_mm: LIBELLE_MM + 1.4 };
            libelle = Some([l.x_mm, l.y_mm, l.x_mm + l.largeur_mm, l.y_mm + l.hauteur_mm]);
            for v in 0..plan.hauteur {
                for u in 0..plan.largeur {
                    let (x, y) = plan.mm(u as f64, v as f64);
                    if x >= l.x_mm && x <= l.x_mm + l.largeur_mm && y >= l.y_mm && y <= l.y_mm + l.hauteur_mm {
                        plan.encre[v * plan.largeur + u] = false;
                    }
                }
            }
        }
        (plan, libelle)
    }

    /// Des traits trop pâles pour être lus, hors du libellé imprimé et loin de l'encre lue,
    /// couvrent-ils dans ce cadre la surface d'une case encrée ([`crate::encre_pale`]) ?
    pub fn encre_pale(&self) -> bool {
        crate::encre_pale::cadre_pale(&self.plan, self.libelle, (crate::cases::CASE_MIN_MM2 * K * K).round() as usize)
    }

    /// Les groupes larges (peut-être deux caractères collés) dont les découpages aux
    /// colonnes fixes sont prévus, chacun avec la vignette du groupe entier et celles de ses
    /// deux moitiés coupées à la colonne la plus mince.
    pub fn larges(&mut self) -> Vec<(usize, Vignette, Vec<Vignette>)> {
        // Un groupe large a une variante coupée à sa colonne la plus mince, une seule.
        let larges: Vec<usize> = self.variantes.iter().filter_map(|v| if let Variante::Mince(i) = v { Some(*i) } else { None }).collect();
        larges
            .into_iter()
            .map(|i| {
                // Le groupe entier dans le découpage où il l'est (sa vignette dépend de ses
                // voisins) : l'ordinaire, ou celui qui le laisse entier.
                let v = if self.groupes[i].coupe_d_ordinaire() { Variante::Entier(i) } else { Variante::Ordinaire };
                let groupes = self.groupes_de(v, None);
                self.caracteres_de(&groupes);
                let groupes = self.groupes_de(Variante::Mince(i), None);
                self.caracteres_de(&groupes);
                let moities = couper(&self.plan, self.groupes[i].clone(), Some(2)).iter().map(|m| self.deja[&m.pixels].clone()).collect();
                (i, self.deja[&self.groupes[i].pixels].clone(), moities)
            })
            .collect()
    }

    /// Les découpages, sans ceux aux colonnes fixes des groupes pour lesquels `couper_fixe`
    /// dit non, chacun aussi sans chaque petite tache qu'il ne touche pas. Deux variantes
    /// qui partagent l'encre de la même façon ne comptent qu'une fois (un découpage pèse
    /// dans le mélange des lectures).
    pub fn decoupages(&mut self, couper_fixe: impl Fn(usize) -> bool) -> Vec<Vec<CaractereEncre>> {
        let variantes: Vec<Variante> = self.variantes.iter().copied().filter(|v| match v {
            Variante::Colonne(i, _) => couper_fixe(*i),
            _ => true,
        }).collect();
        let mut vus: HashSet<Vec<Vec<u32>>> = HashSet::new();
        let mut resultat = Vec::new();
        for v in variantes {
            let sans = self.petites.iter().filter(|&&i| !v.touche(i)).map(|&i| Some(i));
            for sans in std::iter::once(None).chain(sans).collect::<Vec<_>>() {
                let groupes = self.groupes_de(v, sans);
                if vus.insert(groupes.iter().map(|g| g.pixels.clone()).collect()) {
                    resultat.push(self.caracteres_de(&groupes));
                }
            }
        }
        resultat
    }

    /// Les caractères (groupes) du découpage `v`, sans le groupe `sans`.
    fn groupes_de(&self, v: Variante, sans: Option<usize>) -> Vec<Groupe> {
        let plan = &self.plan;
        let groupes = self.groupes.iter().enumerate().filter(|&(j, _)| Some(j) != sans);
        groupes
            .flat_map(|(j, g)| match v {
                Variante::Entier(i) if i == j => vec![g.clone()],
                Variante::Mince(i) if i == j => couper(plan, g.clone(), Some(2)),
                Variante::Colonne(i, f) if i == j => couper_a(plan, g.clone(), &[g.boite[0] + (f * g.taille().0) as usize]),
                Variante::Reunis(i) if i == j => {
                    let d = &self.groupes[i + 1];
                    let mut pixels = g.pixels.clone();
                    pixels.extend(&d.pixels);
                    let boite = [g.boite[0].min(d.boite[0]), g.boite[1].min(d.boite[1]), g.boite[2].max(d.boite[2]), g.boite[3].max(d.boite[3])];
                    vec![Groupe { pixels, boite, coupe: false }]
                }
                Variante::Reunis(i) if i + 1 == j => Vec::new(),
                _ => couper(plan, g.clone(), None),
            })
            .collect()
    }

    /// Les caractères (vignettes) d'un découpage. La vignette d'un caractère ne dépend que
    /// de ses pixels (l'encre élargie d'un pixel qui lui revient ne dépend que de quels
    /// pixels sont à lui ou à un autre) : elle est gardée pour les découpages suivants.
    fn caracteres_de(&mut self, groupes: &[Groupe]) -> Vec<CaractereEncre> {
        let (img, mm_vers_px, plan, deja) = (self.img, self.mm_vers_px, &self.plan, &mut self.deja);
        // Propriétaire de chaque pixel : numéro du caractère + 1, élargi d'un pixel (calculé
        // seulement si une vignette manque).
        let elargi: Vec<u16> = if groupes.iter().all(|g| deja.contains_key(&g.pixels)) {
            Vec::new()
        } else {
            let mut proprietaire = vec![0u16; plan.largeur * plan.hauteur];
            for (k, g) in groupes.iter().enumerate() {
                for &i in &g.pixels {
                    proprietaire[i as usize] = k as u16 + 1;
                }
            }
            crate::plan::elargir(&proprietaire, plan.largeur, plan.hauteur)
        };
        let hauteur_type = hauteur_max(groupes);
        let mut precedent: Option<usize> = None;
        groupes
            .iter()
            .enumerate()
            .map(|(k, g)| {
                let boite_mm = plan.boite_mm(g.boite);
                let espace_avant = precedent.is_some_and(|x1| (g.boite[0] as f64 - x1 as f64) > 0.5 * hauteur_type);
                precedent = Some(g.boite[2]);
                let vignette = match deja.get(&g.pixels) {
                    Some(v) => v.clone(),
                    None => {
                        let fenetre = Fenetre::autour(boite_mm, 3.0, 0.25);
                        let proprio = k as u16 + 1;
                        let v = echantillonner(img, mm_vers_px, fenetre, plan, |i| elargi[i] == proprio);
                        deja.insert(g.pixels.clone(), v.clone());
                        v
                    }
                };
                CaractereEncre { boite_mm, espace_avant, coupe: g.coupe, vignette }
            })
            .collect()
    }
}

/// Tous les découpages possibles du cadre `role` (voir [`Cadre`]).
pub fn decoupages(img: &GrayImage, f: &Formulaire, mm_vers_px: &Homographie, role: Role) -> Vec<Vec<CaractereEncre>> {
    Cadre::preparer(img, f, mm_vers_px, role).decoupages(|_| true)
}

/// Le découpage ordinaire du cadre `role`.
pub fn caracteres(img: &GrayImage, f: &Formulaire, mm_vers_px: &Homographie, role: Role) -> Vec<CaractereEncre> {
    Cadre::preparer(img, f, mm_vers_px, role).decoupages(|_| false).swap_remove(0)
}

/// Un caractère : ses pixels dans le plan et sa boîte.
#[derive(Clone)]
struct Groupe {
    pixels: Vec<u32>,
    boite: [usize; 4],
    coupe: bool,
}

impl Groupe {
    /// Largeur et hauteur, en pixels du plan.
    fn taille(&self) -> (f64, f64) {
        ((self.boite[2] - self.boite[0] + 1) as f64, (self.boite[3] - self.boite[1] + 1) as f64)
    }

    /// Assez haut pour être écrit (pas un trait) : au moins 2 mm.
    fn ecrit(&self) -> bool {
        self.taille().1 >= 2.0 * K
    }

    /// Plus large que haut de [`LARGEUR_MAX`] : porte plusieurs caractères collés, coupé
    /// d'ordinaire.
    fn coupe_d_ordinaire(&self) -> bool {
        let (l, h) = self.taille();
        l > LARGEUR_MAX * h && self.ecrit()
    }

    /// Plus large que 0,9 fois sa hauteur : porte peut-être deux caractères collés.
    fn large(&self) -> bool {
        let (l, h) = self.taille();
        l > 0.9 * h && self.ecrit()
    }
}

/// La hauteur du plus haut groupe (pixels du plan), 0 sans groupe : la taille d'un
/// caractère du cadre, à laquelle se mesurent les blancs et les petites taches.
fn hauteur_max(groupes: &[Groupe]) -> f64 {
    groupes.iter().map(|g| g.taille().1).fold(0.0, f64::max)
}

/// Réunit les taches qui se recouvrent en largeur (d'au moins la moitié de la plus étroite,
/// ou de si peu que ce soit pour un trait fin : la barre d'un 5, d'un 7 barré), de gauche
/// à droite.
fn reunir(taches: Vec<crate::plan::Composante>) -> Vec<Groupe> {
    let mut groupes: Vec<Groupe> = taches.into_iter().map(|t| Groupe { pixels: t.pixels, boite: t.boite, coupe: false }).collect();
    groupes.sort_by_key(|g| g.boite[0]);
    let haut = |b: &[usize; 4]| (b[3] + 1 - b[1]) as f64;
    let large = |b: &[usize; 4]| (b[2] + 1 - b[0]) as f64;
    let hauteur_type = hauteur_max(&groupes);
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

/// Deux groupes voisins qui peuvent être un seul caractère : presque sans blanc entre eux,
/// et réunis pas plus larges qu'un caractère.
fn reunissables(g: &Groupe, d: &Groupe) -> bool {
    let h = (g.boite[3].max(d.boite[3]) - g.boite[1].min(d.boite[1]) + 1) as f64;
    let blanc = d.boite[0] as f64 - g.boite[2] as f64 - 1.0;
    let largeur = (g.boite[2].max(d.boite[2]) - g.boite[0].min(d.boite[0]) + 1) as f64;
    blanc <= 0.25 * h && largeur <= 1.1 * h && !g.coupe_d_ordinaire() && !d.coupe_d_ordinaire()
}

/// Coupe un groupe plus large que haut (caractères collés) en autant de caractères que sa
/// largeur en contient (ou en `n`), aux colonnes où l'encre est la plus mince.
fn couper(plan: &Plan, g: Groupe, n: Option<usize>) -> Vec<Groupe> {
    let (l, h) = g.taille();
    let n = match n {
        Some(n) => n,
        None if !g.coupe_d_ordinaire() => return vec![g],
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
