//! Le recalage d'un scan sur le formulaire, sans repère imprimé (les bulletins FISF n'en ont
//! pas) : on retrouve le quadrillage de l'aire de rédaction par ses lignes, puis le sens de
//! la feuille par ses cadres, et l'on estime l'homographie feuille (mm) → image (pixels) —
//! rotation, échelle, décalage et légère perspective — avec son résidu en mm.
//!
//! 1. [`quadrillage`] : dans l'image réduite (minimum par blocs, qui garde les traits
//!    fins), l'angle, le pas et la position des `colonnes + 1` et `rangees + 1` lignes ;
//! 2. [`ajustement`] : à pleine résolution, chaque ligne suivie et ajustée par une droite,
//!    l'homographie par les intersections ;
//! 3. [`orientation`] : les cadres du formulaire disent le sens (tête en bas, de côté) ;
//! 4. [`perspective`] : quand rien n'a tenu, une feuille vue de biais (photographiée) —
//!    les traits redressés, puis les étapes 1 à 3 de nouveau.
//!
//! Une image sans quadrillage (page blanche, photo, page de texte) ou dont les cadres ne sont
//! pas ceux du formulaire est rejetée avec sa raison.

mod ajustement;
mod orientation;
mod perspective;
mod quadrillage;

use arbitre_formulaire::{Formulaire, Homographie};
use image::GrayImage;
use serde::{Deserialize, Serialize};

pub use orientation::{presence_des_cadres, quart_de_tour};

/// Côté visé de l'image réduite pour chercher le quadrillage (pixels).
const COTE_REDUIT: f64 = 650.0;

/// Un scan recalé.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Recalage {
    /// Point de la feuille (mm, formulaire à l'endroit) → pixel de l'image.
    pub mm_vers_px: Homographie,
    /// Écart quadratique moyen entre les intersections des lignes trouvées et
    /// l'homographie, en mm.
    pub residu_mm: f64,
    /// Quarts de tour de la feuille dans l'image (0 : à l'endroit ; 2 : tête en bas).
    pub quarts_de_tour: u8,
    /// Angle du quadrillage dans l'image, en degrés (hors quarts de tour).
    pub rotation_deg: f64,
    /// Résolution mesurée sur le quadrillage (points par pouce).
    pub dpi: f64,
    /// Part des traits des cadres retrouvés là où le formulaire les place (0..1).
    pub cadres: f64,
    /// Lignes du quadrillage suivies (verticales, horizontales, dans l'image).
    pub lignes: [usize; 2],
}

impl Recalage {
    pub fn tete_en_bas(&self) -> bool {
        self.quarts_de_tour == 2
    }

    /// Les cadres retrouvés presque entiers ([`CADRES_SURS`]) et le quadrillage suivi
    /// sans écart ([`RESIDU_SUR_MM`]).
    pub fn sur(&self) -> bool {
        self.cadres >= CADRES_SURS && self.residu_mm <= RESIDU_SUR_MM
    }
}

/// Pourquoi une image ne se recale pas.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "raison", content = "detail")]
pub enum Rejet {
    /// Page blanche, photo, page de texte, autre formulaire…
    #[error("ce n'est pas un bulletin : aucun quadrillage d'aire de rédaction ({0})")]
    AucunQuadrillage(String),
    /// Le quadrillage est là, mais pas les cadres du formulaire.
    #[error("ce n'est pas un bulletin de ce formulaire : quadrillage trouvé, mais pas les cadres N° Table, Réf. et Score ({0})")]
    CadresIntrouvables(String),
}

/// Recale une image sur le formulaire.
pub fn recaler(img: &GrayImage, f: &Formulaire) -> Result<Recalage, Rejet> {
    let cote = img.width().max(img.height()) as f64;
    let facteur = ((cote / COTE_REDUIT).round() as u32).max(1);
    let r = recaler_par(img, f, facteur);
    // Un bulletin seul sur une grande page (scanner à plat) : à la réduction ordinaire, son
    // quadrillage n'y fait que quelques pixels de pas, et le peigne peut s'y tromper. Une
    // réduction deux fois plus fine, alors seulement.
    if r.is_err() && facteur > 1 {
        if let Ok(fin) = recaler_par(img, f, facteur / 2) {
            return Ok(fin);
        }
    }
    r
}

/// Recale en cherchant le quadrillage dans l'image réduite d'un `facteur`.
fn recaler_par(img: &GrayImage, f: &Formulaire, facteur: u32) -> Result<Recalage, Rejet> {
    let reduite = crate::echantillonnage::reduire_par_minimum(img, facteur);
    let t = quadrillage::traits(&reduite);
    if t.verticaux.len() + t.horizontaux.len() < 400 {
        return Err(Rejet::AucunQuadrillage("presque aucun trait fin dans l'image".into()));
    }
    let p = quadrillage::meilleur_angle(&t, reduite.width(), reduite.height());
    let commun = recaler_selon(img, f, facteur, &p, None);
    if commun.as_ref().is_ok_and(Recalage::sur) {
        return commun;
    }
    // Sous une perspective marquée, horizontales et verticales ne penchent pas autant :
    // l'angle commun peut faire prendre au peigne une ligne pour sa voisine (le quadrillage
    // trouvé, décalé d'une rangée, n'a plus les cadres à leur place : rejeté, ou recalé à
    // côté avec une partie seulement des traits des cadres, ou un résidu fort). Seulement
    // alors, un angle par famille ; les mêmes contrôles décident, et le recalage sûr, sinon
    // celui qui retrouve le mieux les cadres, l'emporte.
    let q = quadrillage::angles_par_famille(&t, reduite.width(), reduite.height());
    let r = if (q.angle - q.angle_y).abs() < ECART_DES_FAMILLES { commun } else { meilleur(commun, recaler_selon(img, f, facteur, &q, None)) };
    if r.as_ref().is_ok_and(Recalage::sur) {
        return r;
    }
    // Une feuille vue de biais : les lignes d'une famille fuient vers un point, et le
    // quadrillage n'a pas été trouvé, ou l'a été de travers (une ligne à côté : recalage
    // douteux). Les traits redressés d'abord, puis le même recalage (les contrôles jugent de
    // même) ; le recalage sûr l'emporte.
    match perspective::redressement(&t, reduite.width(), reduite.height()) {
        Some(red) => {
            let tr = red.traits(&t);
            let p = quadrillage::angles_par_famille(&tr, reduite.width(), reduite.height());
            meilleur(r, recaler_selon(img, f, facteur, &p, Some(&red)))
        }
        None => r,
    }
}

/// De deux recalages, le sûr, sinon celui qui retrouve le mieux les cadres ; à égalité, le
/// premier. Deux échecs : la raison du premier.
fn meilleur(a: Result<Recalage, Rejet>, b: Result<Recalage, Rejet>) -> Result<Recalage, Rejet> {
    match (a, b) {
        (Ok(a), Ok(b)) => Ok(if (b.sur(), b.cadres) > (a.sur(), a.cadres) { b } else { a }),
        (Ok(a), Err(_)) => Ok(a),
        (Err(_), Ok(b)) => Ok(b),
        (Err(e), Err(_)) => Err(e),
    }
}

/// Part des traits des cadres retrouvés au-delà de laquelle un recalage est sûr : les
/// scans des manches de validation et d'évaluation en retrouvent 98 % ou plus ; un
/// quadrillage pris une rangée à côté, 70 à 93 % (bulletins générés puis cisaillés,
/// `tests/recalage.rs`). En dessous, le bulletin est lu, mais une personne le voit.
pub const CADRES_SURS: f64 = 0.9;
/// Résidu (mm) au-delà duquel un recalage n'est pas sûr : au plus 0,031 mm sur les scans
/// des manches de validation et d'évaluation ; 0,04 à 0,17 mm pour un quadrillage pris
/// une ligne à côté.
pub const RESIDU_SUR_MM: f64 = 0.1;

/// Écart d'angle (radians) entre les deux familles de lignes en dessous duquel l'angle
/// commun a déjà tout essayé : un dixième de degré.
const ECART_DES_FAMILLES: f64 = 0.1 * std::f64::consts::PI / 180.0;

/// Recale l'image d'après les projections `p` de ses traits (image réduite d'un
/// `facteur`, traits redressés par `redresse` s'il y en a un) : pas des lignes, peignes,
/// lignes suivies à pleine résolution, cadres.
fn recaler_selon(img: &GrayImage, f: &Formulaire, facteur: u32, p: &quadrillage::Projections, redresse: Option<&perspective::Redressement>) -> Result<Recalage, Rejet> {
    let z = &f.zone;
    let (nx, ny) = (z.colonnes as usize + 1, z.rangees as usize + 1);
    let peigne = |h: &[f32], n: usize, axe: &str, pas: f64| -> Result<quadrillage::Peigne, Rejet> {
        let pg = quadrillage::peigne(h, n, pas).ok_or_else(|| Rejet::AucunQuadrillage(format!("pas de {n} lignes {axe}")))?;
        // Le peigne ne fait que proposer : le suivi des lignes à pleine résolution et les
        // cadres décident ensuite.
        if pg.dents_marquees + 2 < n {
            return Err(Rejet::AucunQuadrillage(format!("{} lignes {axe} nettes sur {n} attendues", pg.dents_marquees)));
        }
        if pg.contraste < 1.6 {
            return Err(Rejet::AucunQuadrillage(format!("lignes {axe} noyées dans le fond (contraste {})", arbitre_engine::nombres::decimal(pg.contraste, 1))));
        }
        Ok(pg)
    };
    // Les deux peignes au pas donné, aux cases carrées.
    let peignes = |pas: f64| -> Result<(quadrillage::Peigne, quadrillage::Peigne), Rejet> {
        let px = peigne(&p.x, nx, "verticales", pas)?;
        let py = peigne(&p.y, ny, "horizontales", pas)?;
        if (px.pas - py.pas).abs() > 0.04 * pas {
            return Err(Rejet::AucunQuadrillage("cases non carrées".into()));
        }
        Ok((px, py))
    };
    // Le quadrillage à un pas : les peignes, puis les lignes suivies à pleine résolution.
    let au_pas = |pas: f64| -> Result<ajustement::Ajustement, Rejet> {
        let (px, py) = peignes(pas)?;
        // Intersections prévues (repère tourné → image réduite → pleine résolution).
        let k = facteur as f64;
        let mut de = Vec::with_capacity(nx * ny);
        let mut vers = Vec::with_capacity(nx * ny);
        for i in 0..nx {
            for j in 0..ny {
                let u = px.debut + i as f64 * px.pas - p.decalage;
                let v = py.debut + j as f64 * py.pas - p.decalage;
                let (x, y) = p.croisement(u, v);
                let (x, y) = redresse.map_or((x, y), |r| r.inverse(x, y));
                de.push((z.x_mm + i as f64 * z.case_mm, z.y_mm + j as f64 * z.case_mm));
                // Centre du pixel réduit (x, y) : ((x + ½)·k, (y + ½)·k) à pleine résolution.
                vers.push(((x + 0.5) * k, (y + 0.5) * k));
            }
        }
        let h0 = Homographie::par_moindres_carres(&de, &vers).ok_or_else(|| Rejet::AucunQuadrillage("lignes dégénérées".into()))?;
        // Deux passes : la première part du peigne, la seconde de l'homographie ajustée (plus
        // juste aux bords de l'aire quand l'angle ou le pas du peigne sont un peu faux).
        let perdu = || Rejet::AucunQuadrillage("les lignes ne se suivent pas à pleine résolution".into());
        // Seule la seconde passe cherche une ligne de trop autour du quadrillage.
        let a = ajustement::ajuster(img, z, &h0, 0.3, false).ok_or_else(perdu)?;
        let a = ajustement::ajuster(img, z, &a.homographie, 0.12, true).ok_or_else(perdu)?;
        let trop_grand = || Rejet::AucunQuadrillage(format!("le quadrillage a plus de {} × {} cases", z.colonnes, z.rangees));
        if a.debords.is_empty() {
            return Ok(a);
        }
        // Une ligne de trop d'un seul côté (dans chaque sens) : le quadrillage a peut-être
        // été pris une ligne à côté (sur un scanner à plat, l'ombre du bord de la feuille, à
        // 0,91 case de la première ligne, prise pour elle). Décalé d'une ligne vers elle, il
        // doit tenir sans ligne de trop ; les cadres jugent ensuite. Des lignes de trop des
        // deux côtés d'un même sens : un quadrillage plus grand, un autre formulaire.
        let (dx, dy) = a.debords.iter().fold((0.0, 0.0), |s, d| (s.0 + d.0, s.1 + d.1));
        let un_par_sens = a.debords.iter().filter(|d| d.0 != 0.0).count() <= 1 && a.debords.iter().filter(|d| d.1 != 0.0).count() <= 1;
        if !un_par_sens {
            return Err(trop_grand());
        }
        let decale = Homographie::similitude(0.0, 1.0, dx, dy).puis(&a.homographie);
        ajustement::ajuster(img, z, &decale, 0.12, true).filter(|b| b.debords.is_empty()).ok_or_else(trop_grand)
    };
    // Le premier pas plausible où le quadrillage se retrouve (à basse résolution, le tiers
    // ou la moitié du pas peut sortir en premier de l'autocorrélation, et même y donner des
    // peignes qui tiennent, sur un tiers de l'aire : les lignes ne s'y suivent pas) ;
    // sinon, la raison du premier.
    let mut essais = quadrillage::pas_des_lignes(p, quadrillage::PAS_MIN, quadrillage::PAS_MAX).into_iter().map(au_pas);
    let premier = essais.next().ok_or_else(|| Rejet::AucunQuadrillage("aucun espacement régulier de lignes".into()))?;
    let a = match premier {
        Ok(a) => a,
        Err(e) => essais.find_map(Result::ok).ok_or(e)?,
    };
    orienter(img, f, &a, p.angle)
}

/// Le sens de la feuille d'après ses cadres, et le recalage qui en sort.
fn orienter(img: &GrayImage, f: &Formulaire, a: &ajustement::Ajustement, angle: f64) -> Result<Recalage, Rejet> {
    let z = &f.zone;
    // Le sens de la feuille : les cadres.
    let quarts: &[u8] = if z.colonnes == z.rangees { &[0, 1, 2, 3] } else { &[0, 2] };
    let mut scores: Vec<(u8, f64)> = quarts.iter().map(|&q| (q, presence_des_cadres(img, f, &quart_de_tour(f, q).puis(&a.homographie)))).collect();
    scores.sort_by(|x, y| y.1.total_cmp(&x.1));
    let (q, presence) = scores[0];
    let second = scores.get(1).map_or(0.0, |s| s.1);
    if presence < 0.5 || presence - second < 0.2 {
        return Err(Rejet::CadresIntrouvables(format!("{:.0} % des traits de cadres retrouvés", presence * 100.0)));
    }
    let mm_vers_px = quart_de_tour(f, q).puis(&a.homographie);
    let centre = (z.x_mm + z.colonnes as f64 * z.case_mm / 2.0, z.y_mm + z.rangees as f64 * z.case_mm / 2.0);
    Ok(Recalage {
        mm_vers_px,
        residu_mm: a.residu_mm,
        quarts_de_tour: q,
        rotation_deg: angle.to_degrees(),
        dpi: mm_vers_px.echelle_locale(centre.0, centre.1) * 25.4,
        cadres: presence,
        lignes: [a.lignes.0, a.lignes.1],
    })
}
