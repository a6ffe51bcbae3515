//! Le doute de la machine et la décision : un bulletin n'est décidé automatiquement que si
//! toutes les lectures que le lecteur laisse plausibles mènent à la même décision.
//!
//! Le guide (5.8) retient la lecture la moins favorable quand une *personne* juge une
//! écriture ambiguë ; il ne s'applique jamais au doute de la machine. Ici, chaque case
//! encrée, la référence et le score ont leurs lectures possibles avec leur probabilité
//! calibrée ; on énumère les combinaisons les plus probables (la meilleure d'abord), on
//! corrige chacune, et l'on additionne la probabilité des lectures qui mènent à une autre
//! décision (verdict et score) que la plus probable, plus la masse des lectures qu'on n'a
//! pas énumérées. Au-delà du seuil, le bulletin est « à vérifier » : sa décision provisoire
//! est celle de la lecture la plus probable, les autres sont listées avec leur décision.

use arbitre_engine::lecture::{Cellule, Contenu, EtatBulletin, Lecture, Trace};
use arbitre_pipeline::lecture_scan::{CaseLue, LectureScan};
use std::collections::{BinaryHeap, HashSet};

/// Une lecture d'un élément (case ou champ) plus rare que ceci est négligée (elle reste
/// comptée dans la masse non énumérée, donc contre la décision automatique).
pub const P_ELEMENT_MIN: f64 = 1e-5;
/// Les lectures corrigées au plus pour un bulletin.
pub const COMBINAISONS_MAX: usize = 256;
/// Une lecture du bulletin entier (combinaison) moins probable que ceci est négligeable :
/// on ne la corrige pas et sa masse ne compte ni pour ni contre la décision automatique.
/// Calibré avec [`SEUIL_DOUTE`].
pub const P_NEGLIGEABLE: f64 = 1e-4;

/// Le seuil de doute des lectures qui paieraient *moins* le joueur que la lecture la plus
/// probable : au-delà, le bulletin est à vérifier. Les probabilités par case sont
/// calibrées, mais leur produit (cases supposées indépendantes) surestime de beaucoup ces
/// lectures voisines, des erreurs de lecture le plus souvent : mesuré sur une manche de
/// validation (écritures de la planche 3, jamais vues à l'entraînement ni à l'évaluation ;
/// `arbitre evaluer --doute-complet`), des 170 bulletins dont elles pesaient de 20 à 50 %,
/// **aucun** n'avait une vérité qui paie moins ; le premier cas observé pèse 50,1 %. Le
/// seuil s'arrête une tranche avant (`models/README.md`).
pub const SEUIL_DOUTE: f64 = 0.4;

/// Le seuil, plus strict que [`SEUIL_DOUTE`], des lectures qui paieraient moins le joueur
/// *par une faute courante* : une pénalité (la référence lue autrement : localisation
/// erronée, règlement 5.3.3), une autre référence écrite, seule changée (inversée :
/// avertissement, guide 5.1.2), ou un autre score écrit, seul changé (un score mal compté :
/// avertissement, règlement 5.3.2 et 5.5). [`SEUIL_DOUTE`] vaut pour des lectures voisines presque
/// toujours fausses (une lettre de travers fait d'un mot valide un non-mot, un zéro ;
/// produits de cases supposées indépendantes) ; une référence décalée d'une lettre ou d'un
/// chiffre, un score mal compté, sont au contraire des erreurs courantes du joueur, que le
/// mot écrit ne contredit pas : la probabilité du modèle, celle d'un seul cadre, y dit ce
/// qu'elle vaut. ETUDIA écrit en 13 I, 14 points, le I lu J (13J, valide) à 74 %, 13I
/// (pénalité, 9) à 20 % : payé 14 sans personne (manche neuve `fumee` graine 761,
/// 28/11/2026). LISE écrit 18 pour 19 points, le 8 lu 9 à 71 %, « 18 » (avertissement) à
/// 26 % : décidé valide sans personne (manche neuve `2_ai` graine 961, 28/11/2026). DEMIS
/// écrit en « 1 I » pour I1, lu « I 1 » à 72 %, « 1 I » (inversion) à 15 %, « 1 1 »
/// (pénalité) à 13 % : décidé valide sans personne (`2_ai` graine 1631, 28/11/2026). Le
/// seuil d'avant la mesure de [`SEUIL_DOUTE`] ; mesuré ensuite (`arbitre evaluer
/// --doute-complet`), il surestime le risque (`models/README.md`).
pub const SEUIL_DOUTE_FAUTE_COURANTE: f64 = 0.2;

/// Un numéro de table n'est sûr que si la probabilité qu'il en soit un autre reste sous
/// ce seuil : un numéro mal lu fait passer un bulletin à un autre joueur. Calibré sur la
/// manche de validation : avec le modèle du 25/11/2026, 4 numéros faux parmi ceux lus sûrs
/// à 98 %, 1 parmi ceux sûrs à 99 % (le modèle précédent : 2 à 98 %).
pub const SEUIL_TABLE: f64 = 0.01;

/// Le seuil, plus strict, pour les lectures qui paieraient *davantage* le joueur que la
/// lecture la plus probable (un meilleur score, ou le même score avec une sanction moins
/// sévère) : le joueur n'est jamais noté sur une lecture défavorable de la machine sans
/// qu'une personne ait regardé. Calibré avec [`SEUIL_DOUTE`].
pub const SEUIL_DOUTE_FAVORABLE: f64 = 0.002;

/// Une sanction (avertissement, pénalité, zéro) n'est décidée automatiquement que si la
/// lecture la plus probable du bulletin entier a au moins cette probabilité : la machine
/// doit être sûre de ce qui est écrit avant de coûter des points au joueur (une erreur de
/// lecture très sûre d'elle se cache sinon parmi des lectures qui mènent toutes au même
/// zéro). Calibré avec [`SEUIL_DOUTE`].
pub const LECTURE_SURE_POUR_SANCTIONNER: f64 = 0.97;

/// Les seuils du doute, réglables pour les calibrer (`arbitre evaluer`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Seuils {
    /// Voir [`SEUIL_DOUTE`].
    pub doute: f64,
    /// Voir [`SEUIL_DOUTE_FAVORABLE`].
    pub favorable: f64,
    /// Voir [`SEUIL_DOUTE_FAUTE_COURANTE`].
    pub faute_courante: f64,
    /// Voir [`SEUIL_TABLE`].
    pub table: f64,
    /// Voir [`P_NEGLIGEABLE`].
    pub negligeable: f64,
    /// Voir [`LECTURE_SURE_POUR_SANCTIONNER`].
    pub sanction: f64,
    /// Pour mesurer la calibration du doute (`arbitre evaluer --doute-complet`) : corriger
    /// toutes les lectures non négligeables au lieu de s'arrêter dès que la réponse est
    /// acquise. Les décisions ne changent pas ; les probabilités sont complètes.
    pub complet: bool,
}

impl Default for Seuils {
    fn default() -> Self {
        Seuils { doute: SEUIL_DOUTE, favorable: SEUIL_DOUTE_FAVORABLE, faute_courante: SEUIL_DOUTE_FAUTE_COURANTE, table: SEUIL_TABLE, negligeable: P_NEGLIGEABLE, sanction: LECTURE_SURE_POUR_SANCTIONNER, complet: false }
    }
}

/// Ce qu'une case peut être dans la lecture.
#[derive(Debug, Clone, PartialEq)]
enum Option_ {
    /// Pas dans la lecture (vide, ou rature).
    Absente { rature: bool },
    Presente(Cellule),
}

/// Les options d'une case, avec leur probabilité.
fn options_case(c: &CaseLue) -> Vec<(Option_, f64)> {
    let mut v = Vec::new();
    let deux = |p: f32| -> Vec<(bool, f64)> {
        let p = p as f64;
        [(true, p), (false, 1.0 - p)].into_iter().filter(|&(_, q)| q >= P_ELEMENT_MIN).collect()
    };
    for a in &c.alternatives {
        let p = a.p as f64;
        if p < P_ELEMENT_MIN {
            continue;
        }
        match a.lecture.as_str() {
            "vide" => v.push((Option_::Absente { rature: false }, p)),
            "rature" => v.push((Option_::Absente { rature: true }, p)),
            lu => {
                for (barree, pb) in deux(c.barree) {
                    if lu == "#" {
                        v.push((Option_::Presente(Cellule { contenu: Contenu::Illisible, barree }), p * pb));
                        continue;
                    }
                    let lettre = lu.chars().next().expect("une lettre");
                    for (entouree, pe) in deux(c.entouree) {
                        v.push((Option_::Presente(Cellule { contenu: Contenu::Lettre(Trace { lettre, entouree }), barree }), p * pb * pe));
                    }
                }
            }
        }
    }
    v.sort_by(|a, b| b.1.total_cmp(&a.1));
    v
}

/// Une lecture plausible du bulletin et sa probabilité.
#[derive(Debug, Clone)]
pub struct LecturePossible {
    pub lecture: Lecture,
    pub p: f64,
}

type OptionChamp = (Option<String>, f64);

/// Les lectures plausibles d'un scan, de la plus probable à la moins probable, tirées une à
/// une (on s'arrête dès que la décision est acquise) : chaque case, la référence et le
/// score prennent l'une de leurs lectures possibles, indépendamment.
pub struct Enumeration<'a> {
    scan: &'a LectureScan,
    table: u32,
    coup: u32,
    cases: Vec<Vec<(Option_, f64)>>,
    reference: Vec<OptionChamp>,
    score: Vec<OptionChamp>,
    rature_cadre: bool,
    combinaisons: Combinaisons,
}

impl<'a> Enumeration<'a> {
    pub fn new(scan: &'a LectureScan, table: u32, coup: u32) -> Self {
        let cases: Vec<Vec<(Option_, f64)>> = scan.cases.iter().map(options_case).collect();
        let champ = |c: &arbitre_pipeline::lecture_scan::ChampLu| -> Vec<OptionChamp> {
            let v: Vec<OptionChamp> = c.alternatives.iter().filter(|a| a.p as f64 >= P_ELEMENT_MIN).map(|a| ((!a.lecture.is_empty()).then(|| a.lecture.clone()), a.p as f64)).collect();
            if v.is_empty() {
                vec![(None, 1.0)]
            } else {
                v
            }
        };
        let reference = champ(&scan.reference);
        let score = champ(&scan.score);
        let rature_cadre = scan.score.caracteres.iter().any(|c| c.alternatives.first().is_some_and(|a| a.lecture == "rature"));
        // Les probabilités de chaque élément : chaque case, puis la référence et le score.
        let probas: Vec<Vec<f64>> = cases.iter().map(|o| o.iter().map(|x| x.1).collect()).chain([&reference, &score].map(|c| c.iter().map(|x| x.1).collect())).collect();
        Enumeration { scan, table, coup, cases, reference, score, rature_cadre, combinaisons: Combinaisons::new(probas) }
    }

    fn lecture(&self, idx: &[usize]) -> Lecture {
        let n = self.cases.len();
        let mut l = Lecture::nouvelle(self.table, self.coup);
        l.reference = self.reference[idx[n]].0.clone();
        l.score = self.score[idx[n + 1]].0.clone();
        let mut rature = self.rature_cadre;
        let mut presentes: Vec<([u32; 2], Cellule)> = Vec::new();
        for (k, c) in self.scan.cases.iter().enumerate() {
            match &self.cases[k][idx[k]].0 {
                Option_::Absente { rature: r } => rature |= *r,
                Option_::Presente(cel) => presentes.push((c.zone, cel.clone())),
            }
        }
        l.rature = rature;
        l.rangees = rangees(&presentes);
        if presentes.is_empty() && l.reference.is_none() && l.score.is_none() {
            l.etat = EtatBulletin::Vierge;
        }
        l
    }
}

impl Iterator for Enumeration<'_> {
    type Item = LecturePossible;
    fn next(&mut self) -> Option<LecturePossible> {
        let (p, idx) = self.combinaisons.next()?;
        Some(LecturePossible { lecture: self.lecture(&idx), p })
    }
}

/// Les rangées du rectangle qui contient les cases présentes (position `[rangée, colonne]`).
pub(crate) fn rangees(presentes: &[([u32; 2], Cellule)]) -> Vec<Vec<Cellule>> {
    if presentes.is_empty() {
        return Vec::new();
    }
    let r0 = presentes.iter().map(|p| p.0[0]).min().expect("non vide");
    let r1 = presentes.iter().map(|p| p.0[0]).max().expect("non vide");
    let c0 = presentes.iter().map(|p| p.0[1]).min().expect("non vide");
    let c1 = presentes.iter().map(|p| p.0[1]).max().expect("non vide");
    let mut r = vec![vec![Cellule { contenu: Contenu::Vide, barree: false }; (c1 - c0 + 1) as usize]; (r1 - r0 + 1) as usize];
    for (z, c) in presentes {
        r[(z[0] - r0) as usize][(z[1] - c0) as usize] = c.clone();
    }
    arbitre_pipeline::lecture_scan::sans_cases_vides_finales(r)
}

/// Les combinaisons d'options (un indice par élément, options triées par probabilité
/// décroissante), tirées dans l'ordre de probabilité décroissante : la meilleure, puis ses
/// voisines (un élément passé à l'option suivante) au fur et à mesure.
struct Combinaisons {
    probas: Vec<Vec<f64>>,
    tas: BinaryHeap<Candidat>,
    vus: HashSet<Vec<usize>>,
}

#[derive(PartialEq)]
struct Candidat(f64, Vec<usize>);
impl Eq for Candidat {}
impl PartialOrd for Candidat {
    fn partial_cmp(&self, o: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for Candidat {
    fn cmp(&self, o: &Self) -> std::cmp::Ordering {
        self.0.total_cmp(&o.0).then_with(|| o.1.cmp(&self.1))
    }
}

impl Combinaisons {
    fn new(probas: Vec<Vec<f64>>) -> Self {
        let mut c = Combinaisons { probas, tas: BinaryHeap::new(), vus: HashSet::new() };
        if c.probas.iter().all(|o| !o.is_empty()) {
            let depart = vec![0; c.probas.len()];
            c.tas.push(Candidat(c.proba(&depart), depart.clone()));
            c.vus.insert(depart);
        }
        c
    }

    fn proba(&self, idx: &[usize]) -> f64 {
        idx.iter().zip(&self.probas).map(|(&i, o)| o[i]).product()
    }
}

impl Iterator for Combinaisons {
    type Item = (f64, Vec<usize>);
    fn next(&mut self) -> Option<(f64, Vec<usize>)> {
        let Candidat(p, idx) = self.tas.pop()?;
        for k in 0..idx.len() {
            if idx[k] + 1 < self.probas[k].len() {
                let mut suivant = idx.clone();
                suivant[k] += 1;
                if self.vus.insert(suivant.clone()) {
                    self.tas.push(Candidat(self.proba(&suivant), suivant));
                }
            }
        }
        Some((p, idx))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn case(alternatives: &[(&str, f32)], barree: f32) -> CaseLue {
        let alternatives = alternatives.iter().map(|&(l, p)| arbitre_pipeline::lecture_scan::Alternative { lecture: l.into(), p }).collect();
        CaseLue { zone: [0, 0], position: Some([0, 0]), alternatives, entouree: 0.0, barree, decoupage_douteux: false }
    }

    #[test]
    fn la_lecture_la_plus_probable_garde_les_options_de_l_encre() {
        // Une case barrée à 45 % (lettre A 58 %, H 35 %) : la lecture la plus probable la
        // lit A non barrée (32 %), pas « barrée » (45 % toutes lettres réunies). Réunir les
        // lettres barrées pour choisir la lecture (essayé le 26/11/2026) fait passer le doute
        // du côté où le seuil est large (`SEUIL_DOUTE`) au lieu du côté strict : sur une
        // manche neuve, une case barrée à 45 % a ainsi payé un joueur plus que la vérité.
        let mut scan = LectureScan {
            image: "b.jpg".into(),
            page: None,
            bulletin: None,
            coup: Some(3),
            lecture: None,
            cases: vec![case(&[("A", 0.58), ("H", 0.35), ("M", 0.07)], 0.45)],
            table: Default::default(),
            reference: Default::default(),
            score: Default::default(),
            cases_pales: Vec::new(),
            cadres_pales: Vec::new(),
            trainees: None,
            recalage: None,
            rejet: None,
        };
        scan.cases[0].zone = [4, 4];
        let premiere = Enumeration::new(&scan, 7, 3).next().expect("une lecture");
        assert_eq!(premiere.lecture.rangees, vec![vec![Cellule { contenu: Contenu::Lettre(Trace { lettre: 'A', entouree: false }), barree: false }]]);
        assert!((premiere.p - 0.58 * 0.55).abs() < 1e-6, "{}", premiere.p);
    }

    #[test]
    fn les_combinaisons_viennent_de_la_plus_probable_a_la_moins_probable() {
        let c: Vec<(f64, Vec<usize>)> = Combinaisons::new(vec![vec![0.9, 0.1], vec![0.6, 0.4]]).collect();
        let probas: Vec<f64> = c.iter().map(|x| x.0).collect();
        assert_eq!(c.len(), 4);
        assert!(probas.windows(2).all(|w| w[0] >= w[1]), "{probas:?}");
        assert_eq!(c[0].1, vec![0, 0]);
        assert_eq!(c[1].1, vec![0, 1]);
        assert!((probas.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    }
}
