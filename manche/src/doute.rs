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
/// comptée dans la masse non énumérée).
pub const P_ELEMENT_MIN: f64 = 1e-3;
/// Les combinaisons énumérées au plus, et la probabilité sous laquelle on s'arrête.
pub const COMBINAISONS_MAX: usize = 256;
pub const P_COMBINAISON_MIN: f64 = 1e-4;

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

/// Les lectures plausibles d'un scan, la plus probable d'abord, et la masse de probabilité
/// qu'elles couvrent (le reste : lectures négligées).
pub fn lectures_possibles(scan: &LectureScan, table: u32, coup: u32) -> (Vec<LecturePossible>, f64) {
    let cases: Vec<Vec<(Option_, f64)>> = scan.cases.iter().map(options_case).collect();
    let champ = |c: &arbitre_pipeline::lecture_scan::ChampLu| -> Vec<(Option<String>, f64)> {
        let v: Vec<(Option<String>, f64)> = c.alternatives.iter().filter(|a| a.p as f64 >= P_ELEMENT_MIN).map(|a| ((!a.lecture.is_empty()).then(|| a.lecture.clone()), a.p as f64)).collect();
        if v.is_empty() {
            vec![(None, 1.0)]
        } else {
            v
        }
    };
    let reference = champ(&scan.reference);
    let score = champ(&scan.score);
    let rature_cadre = scan.score.caracteres.iter().any(|c| c.alternatives.first().is_some_and(|a| a.lecture == "rature"));
    // Éléments : chaque case, puis la référence et le score.
    let tailles: Vec<usize> = cases.iter().map(Vec::len).chain([reference.len(), score.len()]).collect();
    if tailles.contains(&0) {
        return (Vec::new(), 0.0);
    }
    let proba = |idx: &[usize]| -> f64 {
        let mut p = 1.0;
        for (k, &i) in idx.iter().enumerate() {
            p *= if k < cases.len() { cases[k][i].1 } else if k == cases.len() { reference[i].1 } else { score[i].1 };
        }
        p
    };
    let mut sortie = Vec::new();
    let mut couverte = 0.0;
    for idx in meilleures_combinaisons(&tailles, proba) {
        let p = proba(&idx);
        couverte += p;
        let mut l = Lecture::nouvelle(table, coup);
        l.reference = reference[idx[cases.len()]].0.clone();
        l.score = score[idx[cases.len() + 1]].0.clone();
        let mut rature = rature_cadre;
        let mut presentes: Vec<([u32; 2], Cellule)> = Vec::new();
        for (k, c) in scan.cases.iter().enumerate() {
            match &cases[k][idx[k]].0 {
                Option_::Absente { rature: r } => rature |= *r,
                Option_::Presente(cel) => presentes.push((c.zone, cel.clone())),
            }
        }
        l.rature = rature;
        l.rangees = rangees(&presentes);
        if presentes.is_empty() && l.reference.is_none() && l.score.is_none() {
            l.etat = EtatBulletin::Vierge;
        }
        sortie.push(LecturePossible { lecture: l, p });
    }
    (sortie, couverte)
}

/// Les rangées du rectangle qui contient les cases présentes.
fn rangees(presentes: &[([u32; 2], Cellule)]) -> Vec<Vec<Cellule>> {
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
/// décroissante) dans l'ordre de probabilité décroissante, jusqu'aux bornes.
fn meilleures_combinaisons(tailles: &[usize], proba: impl Fn(&[usize]) -> f64) -> Vec<Vec<usize>> {
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
    let depart = vec![0; tailles.len()];
    let mut tas = BinaryHeap::from([Candidat(proba(&depart), depart.clone())]);
    let mut vus: HashSet<Vec<usize>> = HashSet::from([depart]);
    let mut sortie = Vec::new();
    while let Some(Candidat(p, idx)) = tas.pop() {
        if p < P_COMBINAISON_MIN && !sortie.is_empty() {
            break;
        }
        for k in 0..idx.len() {
            if idx[k] + 1 < tailles[k] {
                let mut suivant = idx.clone();
                suivant[k] += 1;
                if vus.insert(suivant.clone()) {
                    tas.push(Candidat(proba(&suivant), suivant));
                }
            }
        }
        sortie.push(idx);
        if sortie.len() >= COMBINAISONS_MAX {
            break;
        }
    }
    sortie
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn les_combinaisons_viennent_de_la_plus_probable_a_la_moins_probable() {
        let p = [[0.9, 0.1, 0.0], [0.6, 0.4, 0.0]];
        let c = meilleures_combinaisons(&[2, 2], |i| p[0][i[0]] * p[1][i[1]]);
        let probas: Vec<f64> = c.iter().map(|i| p[0][i[0]] * p[1][i[1]]).collect();
        assert_eq!(c.len(), 4);
        assert!(probas.windows(2).all(|w| w[0] >= w[1]), "{probas:?}");
        assert_eq!(c[0], vec![0, 0]);
        assert_eq!(c[1], vec![0, 1]);
    }
}
