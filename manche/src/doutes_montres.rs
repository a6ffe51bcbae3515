//! Les cases et champs dont la machine hésite, tels que la page de revue les montre : leurs
//! lectures possibles, et l'endroit de la feuille où regarder leur encre (la page l'agrandit
//! depuis l'extrait du scan, la feuille redressée). Une personne juge l'encre, pas la
//! lecture de la machine.

use arbitre_formulaire::{Formulaire, Rect, Role};
use arbitre_pipeline::lecture_scan::{Alternative, LectureScan};
use arbitre_reports::verification::{Doute, Loupe};

/// Une case ou un champ est douteux quand sa lecture la plus probable a moins de cette
/// probabilité (ou qu'un joker ou une croix est incertain).
const CERTAIN: f32 = 0.99;

/// Les abords d'une case montrés avec elle sur la page de revue, en fraction de la case de
/// chaque côté : une lettre qui déborde, la voisine qui la touche.
const ABORDS_DE_LA_CASE: f64 = 0.4;

/// La case (rangée, colonne de l'aire) et ses abords, ou le cadre d'un champ, sur la feuille.
/// (Au centième de mm : de quoi placer la loupe, sans les queues de l'arithmétique
/// flottante dans l'archive.)
fn loupe(formulaire: &Formulaire, r: Rect) -> Loupe {
    let mm = |v: f64| (v * 100.0).round() / 100.0;
    Loupe { x_mm: mm(r.x_mm), y_mm: mm(r.y_mm), largeur_mm: mm(r.largeur_mm), hauteur_mm: mm(r.hauteur_mm), feuille_mm: [mm(formulaire.largeur_mm), mm(formulaire.hauteur_mm)] }
}

/// Les cases et champs dont la machine hésite, pour la page de revue, chacun avec l'endroit
/// de la feuille où regarder son encre.
pub fn doutes(scan: &LectureScan, formulaire: &Formulaire) -> Vec<Doute> {
    let lectures = |alts: &[Alternative]| -> Vec<(String, f64)> {
        alts.iter().map(|a| (if a.lecture.is_empty() { "(rien)".to_string() } else { a.lecture.clone() }, a.p as f64)).collect()
    };
    let incertain = |p: f32| p > 1.0 - CERTAIN && p < CERTAIN;
    let mut v = Vec::new();
    for c in &scan.cases {
        let haut = c.alternatives.first().map_or(1.0, |a| a.p);
        if haut < CERTAIN || incertain(c.entouree) || incertain(c.barree) || c.decoupage_douteux {
            let mut l = lectures(&c.alternatives);
            if incertain(c.entouree) {
                l.push(("entourée".into(), c.entouree as f64));
            }
            if incertain(c.barree) {
                l.push(("barrée".into(), c.barree as f64));
            }
            if c.decoupage_douteux {
                l.push(("découpage incertain".into(), 1.0));
            }
            let case = formulaire.zone.case(c.zone[0], c.zone[1]);
            let marge = ABORDS_DE_LA_CASE * formulaire.zone.case_mm;
            let abords = Rect { x_mm: case.x_mm - marge, y_mm: case.y_mm - marge, largeur_mm: case.largeur_mm + 2.0 * marge, hauteur_mm: case.hauteur_mm + 2.0 * marge };
            v.push(Doute { element: "case".into(), position: c.position, lectures: l, loupe: Some(loupe(formulaire, abords)) });
        }
    }
    for (nom, champ, role) in [("table", &scan.table, Role::Table), ("reference", &scan.reference, Role::Reference), ("score", &scan.score, Role::Score)] {
        if champ.confiance() < CERTAIN {
            v.push(Doute { element: nom.into(), position: None, lectures: lectures(&champ.alternatives), loupe: Some(loupe(formulaire, formulaire.cadre(role).rect())) });
        }
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbitre_pipeline::lecture_scan::{CaseLue, ChampLu};

    fn alternatives(v: &[(&str, f32)]) -> Vec<Alternative> {
        v.iter().map(|&(l, p)| Alternative { lecture: l.into(), p }).collect()
    }

    #[test]
    fn chaque_doute_dit_ou_regarder_son_encre_sur_la_feuille() {
        let case = |zone: [u32; 2], alts: &[(&str, f32)]| CaseLue { zone, position: Some([0, zone[1] - 2]), alternatives: alternatives(alts), entouree: 0.0, barree: 0.0, decoupage_douteux: false };
        let score = ChampLu { valeur: Some("20".into()), alternatives: alternatives(&[("20", 0.7), ("28", 0.3)]), caracteres: Vec::new() };
        let scan = LectureScan {
            image: "coup-01/scan-001.jpg".into(),
            page: None,
            bulletin: None,
            coup: Some(1),
            lecture: None,
            // La case sûre n'est pas montrée ; la douteuse, rangée 3 et colonne 4 de l'aire.
            cases: vec![case([3, 2], &[("C", 0.999)]), case([3, 4], &[("G", 0.49), ("E", 0.45)])],
            table: ChampLu { valeur: Some("1".into()), alternatives: alternatives(&[("1", 0.999)]), caracteres: Vec::new() },
            reference: ChampLu::default(),
            score,
            cases_pales: Vec::new(),
            cadres_pales: Vec::new(),
            trainees: None,
            recalage: None,
            rejet: None,
        };
        let f = Formulaire::fisf();
        let d = doutes(&scan, &f);
        assert_eq!(d.iter().map(|d| d.element.as_str()).collect::<Vec<_>>(), ["case", "score"]);
        // La case de l'aire (5 mm du bord, cases de 5,5 mm) et 0,4 case de chaque côté.
        let l = d[0].loupe.expect("loupe de la case");
        let proche = |a: f64, b: f64| (a - b).abs() < 1e-9;
        assert!(proche(l.x_mm, 5.0 + 4.0 * 5.5 - 2.2) && proche(l.y_mm, 5.0 + 3.0 * 5.5 - 2.2), "{l:?}");
        assert!(proche(l.largeur_mm, 5.5 + 4.4) && proche(l.hauteur_mm, 5.5 + 4.4), "{l:?}");
        assert_eq!(l.feuille_mm, [137.0, 127.0]);
        // Le score : son cadre entier.
        let s = d[1].loupe.expect("loupe du score");
        assert_eq!((s.x_mm, s.y_mm, s.largeur_mm, s.hauteur_mm), (102.0, 69.5, 30.0, 29.0));
    }
}
