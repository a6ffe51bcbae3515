//! Mesurer la lecture contre la vérité terrain d'une manche générée : caractères (lettres
//! des cases, chiffres des cadres), jokers entourés et cases barrées (précision, rappel),
//! champs (table, score, référence), recalage, lectures exactes par bulletin, calibration
//! (erreur de calibration attendue), et les mêmes chiffres pour les bulletins dont la
//! machine est la plus sûre et la moins sûre.

use crate::lecture_scan::LectureScan;
use arbitre_engine::nombres::pourcent;
use arbitre_engine::lecture::{Contenu, Lecture};
use arbitre_formulaire::Homographie;
use serde::Serialize;

/// Ce que la vérité terrain dit d'un bulletin, pour la mesure.
pub struct Verite {
    pub lecture: Lecture,
    pub mm_vers_px: Homographie,
    pub tete_en_bas: bool,
    /// Case de l'aire (rangée, colonne) de la case (0, 0) de la lecture.
    pub origine: [u32; 2],
    /// Les cases de l'aire couvertes d'une rature.
    pub ratures: Vec<[u32; 2]>,
    /// Le joueur a écrit ses lettres en minuscules (le modèle n'a appris que des capitales).
    pub minuscules: bool,
}

/// Un compte de réussites.
#[derive(Debug, Default, Clone, Copy, Serialize)]
pub struct Taux {
    pub justes: usize,
    pub total: usize,
}

impl Taux {
    fn compter(&mut self, juste: bool) {
        self.justes += juste as usize;
        self.total += 1;
    }
    pub fn taux(&self) -> f64 {
        if self.total == 0 {
            f64::NAN
        } else {
            self.justes as f64 / self.total as f64
        }
    }
}

/// Précision et rappel d'une détection (joker entouré, case barrée).
#[derive(Debug, Default, Clone, Copy, Serialize)]
pub struct Detection {
    pub vrais_positifs: usize,
    pub faux_positifs: usize,
    pub faux_negatifs: usize,
}

impl Detection {
    fn compter(&mut self, vrai: bool, predit: bool) {
        match (vrai, predit) {
            (true, true) => self.vrais_positifs += 1,
            (false, true) => self.faux_positifs += 1,
            (true, false) => self.faux_negatifs += 1,
            _ => {}
        }
    }
    pub fn precision(&self) -> f64 {
        self.vrais_positifs as f64 / (self.vrais_positifs + self.faux_positifs).max(1) as f64
    }
    pub fn rappel(&self) -> f64 {
        self.vrais_positifs as f64 / (self.vrais_positifs + self.faux_negatifs).max(1) as f64
    }
}

/// Calibration : (confiance, juste) de chaque prédiction, résumées en erreur attendue
/// (écrite en JSON : `{"ece": …, "n": …}`).
#[derive(Debug, Default, Clone)]
pub struct Calibration {
    points: Vec<(f32, bool)>,
}

impl Serialize for Calibration {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut r = s.serialize_struct("Calibration", 2)?;
        r.serialize_field("ece", &self.ece())?;
        r.serialize_field("n", &self.len())?;
        r.end()
    }
}

impl Calibration {
    /// Erreur de calibration attendue (15 intervalles de confiance égaux).
    pub fn ece(&self) -> f64 {
        let n = self.points.len().max(1) as f64;
        let mut bacs = vec![(0.0f64, 0.0f64, 0usize); 15];
        for &(c, j) in &self.points {
            let b = ((c * 15.0) as usize).min(14);
            bacs[b].0 += c as f64;
            bacs[b].1 += j as u8 as f64;
            bacs[b].2 += 1;
        }
        bacs.iter().filter(|b| b.2 > 0).map(|b| (b.0 - b.1).abs() / n).sum()
    }
    pub fn len(&self) -> usize {
        self.points.len()
    }
    pub fn is_empty(&self) -> bool {
        self.points.is_empty()
    }
}

/// Les mesures d'un ensemble de bulletins.
#[derive(Debug, Default, Clone, Serialize)]
pub struct Mesures {
    pub bulletins: usize,
    /// Recalés, dans le bon sens, à moins de 0,3 mm partout.
    pub recalage: Taux,
    pub lettres: Taux,
    /// Les lettres lues sûres à [`SURE`] ou plus : justes parmi elles (une probabilité qui
    /// dit ce qu'elle vaut en laisse fausses moins de 1 %).
    pub lettres_sures: Taux,
    /// Une case de la vérité manquée ou une case lue en trop (lettre ou `#`).
    pub cases_manquees: usize,
    pub cases_en_trop: usize,
    pub chiffres: Taux,
    pub entourees: Detection,
    pub barrees: Detection,
    pub table: Taux,
    pub score: Taux,
    pub reference: Taux,
    pub lectures_exactes: Taux,
    pub calibration_cases: Calibration,
    /// Chaque chiffre du découpage retenu, quand il a le bon nombre de caractères : la
    /// probabilité de sa lecture la plus probable, telle que rapportée (une part peut aller
    /// à `vide`, « ce morceau n'est pas un caractère », affaire du découpage).
    pub calibration_cadres: Calibration,
    /// Les mêmes chiffres, leur probabilité sachant que le morceau est un caractère (la part
    /// de `vide` ôtée) : c'est ainsi que le champ les compte (`lecture_scan::chaines`).
    pub calibration_cadres_un_caractere: Calibration,
    /// La lecture la plus probable de chaque champ (table, score, référence), découpages
    /// mêlés : ce que regardent les décisions.
    pub calibration_champs: Calibration,
}

/// Le seuil d'une lettre lue sûre ([`Mesures::lettres_sures`]).
pub const SURE: f32 = 0.99;

/// La confiance de la machine dans un bulletin : la plus faible des probabilités retenues
/// (cases, table, référence, score).
pub fn confiance(l: &LectureScan) -> f32 {
    let cases = l.cases.iter().map(|c| c.alternatives[0].p);
    let champs = [&l.table, &l.reference, &l.score].into_iter().map(|c| c.confiance());
    cases.chain(champs).fold(1.0, f32::min)
}

/// L'écart maximal (mm) entre deux homographies sur les coins de l'aire.
fn ecart_mm(a: &Homographie, b: &Homographie) -> f64 {
    [(5.0, 5.0), (98.5, 5.0), (5.0, 98.5), (98.5, 98.5), (132.0, 5.0), (132.0, 98.5)]
        .iter()
        .map(|&(x, y)| {
            let (p, q) = (a.appliquer(x, y), b.appliquer(x, y));
            (p.0 - q.0).hypot(p.1 - q.1) / b.echelle_locale(x, y)
        })
        .fold(0.0, f64::max)
}

/// La vérité d'une case de l'aire : lettre ou `#`, entourée, barrée ; `rature` ; ou rien.
fn case_vraie(v: &Verite, zone: [u32; 2]) -> Option<(String, bool, bool)> {
    if v.ratures.contains(&zone) {
        return Some(("rature".into(), false, false));
    }
    let (i, j) = (zone[0].checked_sub(v.origine[0])?, zone[1].checked_sub(v.origine[1])?);
    let c = v.lecture.rangees.get(i as usize)?.get(j as usize)?;
    match &c.contenu {
        Contenu::Lettre(t) => Some((t.lettre.to_string(), t.entouree, c.barree)),
        Contenu::Illisible => Some(("#".into(), false, c.barree)),
        _ => None,
    }
}

fn sans_espaces(s: Option<&str>) -> String {
    s.unwrap_or("").chars().filter(|c| !c.is_whitespace()).collect()
}

impl Mesures {
    /// Ajoute un bulletin lu et sa vérité.
    pub fn ajouter(&mut self, l: &LectureScan, v: &Verite) {
        self.bulletins += 1;
        let recale = l.recalage.as_ref().is_some_and(|r| r.tete_en_bas == v.tete_en_bas && ecart_mm(&r.mm_vers_px, &v.mm_vers_px) < 0.3);
        self.recalage.compter(recale);
        let lue = |zone: [u32; 2]| l.cases.iter().find(|c| c.zone == zone);
        // Chaque case écrite de la vérité (et chaque rature).
        let mut zones: Vec<[u32; 2]> = v.ratures.clone();
        for (i, r) in v.lecture.rangees.iter().enumerate() {
            for (j, c) in r.iter().enumerate() {
                if c.contenu != Contenu::Vide {
                    zones.push([v.origine[0] + i as u32, v.origine[1] + j as u32]);
                }
            }
        }
        for &zone in &zones {
            let (vrai, entouree, barree) = case_vraie(v, zone).expect("case de la vérité");
            match lue(zone) {
                Some(c) => {
                    let juste = c.alternatives[0].lecture == vrai;
                    if vrai != "rature" {
                        self.lettres.compter(juste);
                        if c.alternatives[0].p >= SURE {
                            self.lettres_sures.compter(juste);
                        }
                        self.entourees.compter(entouree, c.entouree >= 0.5);
                        self.barrees.compter(barree, c.barree >= 0.5);
                    }
                    self.calibration_cases.points.push((c.alternatives[0].p, juste));
                }
                None => {
                    self.cases_manquees += 1;
                    if vrai != "rature" {
                        self.lettres.compter(false);
                        self.entourees.compter(entouree, false);
                        self.barrees.compter(barree, false);
                    }
                }
            }
        }
        for c in l.cases.iter().filter(|c| !zones.contains(&c.zone)) {
            let ecrite = !matches!(c.alternatives[0].lecture.as_str(), "vide" | "rature");
            self.cases_en_trop += ecrite as usize;
            self.calibration_cases.points.push((c.alternatives[0].p, c.alternatives[0].lecture == "vide"));
        }
        self.cadres(l, v);
        let exacte = l.lecture.as_ref().is_some_and(|lu| {
            let mut a = lu.clone();
            let mut b = v.lecture.clone();
            a.source = None;
            b.source = None;
            a.rangees = crate::lecture_scan::sans_cases_vides_finales(a.rangees);
            b.rangees = crate::lecture_scan::sans_cases_vides_finales(b.rangees);
            (a.reference, b.reference) = (Some(sans_espaces(a.reference.as_deref())), Some(sans_espaces(b.reference.as_deref())));
            a == b
        });
        self.lectures_exactes.compter(exacte);
    }

    fn cadres(&mut self, l: &LectureScan, v: &Verite) {
        let table = l.table.valeur.as_deref().and_then(|t| t.parse::<u32>().ok());
        let justes = [
            (&l.table, table == Some(v.lecture.table)),
            (&l.score, l.score.valeur.as_deref().unwrap_or("") == v.lecture.score.as_deref().unwrap_or("")),
            (&l.reference, sans_espaces(l.reference.valeur.as_deref()) == sans_espaces(v.lecture.reference.as_deref())),
        ];
        for ((champ, juste), taux) in justes.iter().zip([&mut self.table, &mut self.score, &mut self.reference]) {
            taux.compter(*juste);
            self.calibration_champs.points.push((champ.confiance(), *juste));
        }
        // Les chiffres : caractère par caractère quand le nombre de caractères lus est juste.
        for (lu, vrai) in [(&l.table, Some(v.lecture.table.to_string())), (&l.score, v.lecture.score.clone())] {
            let vrai: Vec<char> = vrai.unwrap_or_default().chars().filter(|c| c.is_ascii_digit()).collect();
            let lus: Vec<&str> = lu.caracteres.iter().map(|c| c.alternatives[0].lecture.as_str()).filter(|x| *x != "rature" && *x != "vide").collect();
            if lus.len() == vrai.len() {
                for (a, b) in lus.iter().zip(&vrai) {
                    self.chiffres.compter(a.starts_with(*b));
                }
                for (c, b) in lu.caracteres.iter().filter(|c| c.alternatives[0].lecture != "rature" && c.alternatives[0].lecture != "vide").zip(&vrai) {
                    let (p, juste) = (c.alternatives[0].p, c.alternatives[0].lecture.starts_with(*b));
                    let p_vide: f32 = c.alternatives.iter().filter(|a| a.lecture == "vide").map(|a| a.p).sum();
                    self.calibration_cadres.points.push((p, juste));
                    self.calibration_cadres_un_caractere.points.push(((p / (1.0 - p_vide).max(f32::MIN_POSITIVE)).min(1.0), juste));
                }
            } else {
                for _ in &vrai {
                    self.chiffres.compter(false);
                }
            }
        }
    }
}

/// Les mesures de toute la manche, et celles du dixième des bulletins dont la machine est
/// la plus sûre et la moins sûre.
#[derive(Debug, Default, Serialize)]
pub struct Evaluation {
    pub images: usize,
    pub rejetees: usize,
    pub tout: Mesures,
    pub plus_surs: Mesures,
    pub moins_surs: Mesures,
    /// Les bulletins écrits en minuscules (`arbitre echantillons --minuscules`), s'il y en a.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub en_minuscules: Option<Mesures>,
}

/// Mesure des lectures contre leurs vérités.
pub fn evaluer(paires: &[(LectureScan, Verite)]) -> Evaluation {
    let mut e = Evaluation { images: paires.len(), ..Default::default() };
    let mut lues: Vec<&(LectureScan, Verite)> = Vec::new();
    for p in paires {
        e.tout.ajouter(&p.0, &p.1);
        if p.1.minuscules {
            e.en_minuscules.get_or_insert_with(Mesures::default).ajouter(&p.0, &p.1);
        }
        if p.0.rejet.is_some() {
            e.rejetees += 1;
        } else {
            lues.push(p);
        }
    }
    lues.sort_by(|a, b| confiance(&b.0).total_cmp(&confiance(&a.0)));
    let dixieme = (lues.len() / 10).max(1).min(lues.len());
    for p in &lues[..dixieme] {
        e.plus_surs.ajouter(&p.0, &p.1);
    }
    for p in &lues[lues.len() - dixieme..] {
        e.moins_surs.ajouter(&p.0, &p.1);
    }
    e
}

impl Mesures {
    /// Le rapport en français, une mesure par ligne.
    pub fn texte(&self) -> String {
        let pc = |t: &Taux| format!("{} ({}/{})", pourcent(t.taux(), 2), t.justes, t.total);
        // Sans rien de vu (ou rien de vrai), la précision (le rappel) n'a pas d'objet : pas
        // « 0,00 % », qui dirait que tout est faux.
        let part = |n: usize, p: f64| if n == 0 { "sans objet".to_string() } else { pourcent(p, 2) };
        let det = |d: &Detection| {
            let (vus, vrais) = (d.vrais_positifs + d.faux_positifs, d.vrais_positifs + d.faux_negatifs);
            format!("précision {}, rappel {} ({} vrais, {} en trop, {} manqués)", part(vus, d.precision()), part(vrais, d.rappel()), d.vrais_positifs, d.faux_positifs, d.faux_negatifs)
        };
        [
            format!("bulletins : {}", self.bulletins),
            format!("recalage réussi (sens juste, < 0,3 mm) : {}", pc(&self.recalage)),
            format!("lettres des cases : {}", pc(&self.lettres)),
            format!("lettres lues sûres à {} ou plus, justes : {}", pourcent(SURE as f64, 0), pc(&self.lettres_sures)),
            format!("cases manquées : {}, cases lues en trop : {}", self.cases_manquees, self.cases_en_trop),
            format!("chiffres (table, score) : {}", pc(&self.chiffres)),
            format!("jokers entourés : {}", det(&self.entourees)),
            format!("cases barrées : {}", det(&self.barrees)),
            format!("numéro de table exact : {}", pc(&self.table)),
            format!("score exact : {}", pc(&self.score)),
            format!("référence exacte (espaces ignorés) : {}", pc(&self.reference)),
            format!("lecture exacte du bulletin : {}", pc(&self.lectures_exactes)),
            format!(
                "calibration (erreur attendue) : cases {} sur {}, cadres {} sur {} (sachant chaque morceau un caractère : {}), champs (table, score, référence) {} sur {}",
                pourcent(self.calibration_cases.ece(), 2),
                self.calibration_cases.len(),
                pourcent(self.calibration_cadres.ece(), 2),
                self.calibration_cadres.len(),
                pourcent(self.calibration_cadres_un_caractere.ece(), 2),
                pourcent(self.calibration_champs.ece(), 2),
                self.calibration_champs.len()
            ),
        ]
        .join("\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn le_rapport_ecrit_les_nombres_a_la_francaise_et_une_detection_sans_cas_sans_objet() {
        let m = Mesures {
            bulletins: 3,
            lettres: Taux { justes: 2, total: 3 },
            lettres_sures: Taux { justes: 2, total: 2 },
            entourees: Detection { vrais_positifs: 1, faux_positifs: 1, faux_negatifs: 0 },
            ..Default::default()
        };
        let t = m.texte();
        assert!(t.contains("lettres des cases : 66,67 % (2/3)"), "{t}");
        assert!(t.contains("lettres lues sûres à 99 % ou plus, justes : 100,00 % (2/2)"), "{t}");
        assert!(t.contains("jokers entourés : précision 50,00 %, rappel 100,00 % (1 vrais"), "{t}");
        // Aucune case barrée, ni vue ni vraie : ni « 0,00 % » ni « 100 % ».
        assert!(t.contains("cases barrées : précision sans objet, rappel sans objet (0 vrais"), "{t}");
        assert!(!t.contains('.'), "pas de point décimal : {t}");
    }
}
