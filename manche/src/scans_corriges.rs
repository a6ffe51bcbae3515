//! Les scans que nomment les corrections des personnes (`scan:` dans le fichier de
//! corrections). Une personne qui lit sur la page de revue une image rejetée (numéro de
//! table illisible, doublon…) ou un scan rangé à la mauvaise table donne sa lecture au bon
//! bulletin ; la ligne `scan:` dit de quelle image elle l'a lue. Ce scan passe alors à ce
//! bulletin — il quitte les rejets, ou la table où la machine l'avait rangé — et chaque
//! image reste à une seule place : `decisions.jsonl` nomme l'image du bulletin corrigé.
//!
//! Un scan que la machine avait rangé à un bulletin dont la correction décrit une autre
//! image, et que nulle autre correction ne nomme, n'a plus de place : il est rejeté
//! (« écartée par une personne ») en le disant, jamais perdu. Une correction qui nomme une
//! image inconnue de la manche, ou déjà nommée par une autre correction, est refusée en
//! nommant sa ligne (la machine décide alors comme sans elle).

use crate::attribution::Repartition;
use crate::correction::lieu;
use crate::corrections::Corrections;
use crate::depouillement::nom_image;
use arbitre_pipeline::lecture_scan::LectureScan;
use arbitre_reports::verification::RejetImage;
use arbitre_reports::{ErreurBulletin, GenreErreur};
use std::collections::{BTreeMap, HashMap};

pub use arbitre_reports::verification::ECARTEE;

/// Pour chaque correction (table, coup) qui nomme un scan de la manche : ce scan.
pub type ScansNommes = BTreeMap<(u32, u32), String>;

/// Applique les lignes `scan:` des corrections à la répartition de la machine : retire des
/// attributions et des rejets les scans que nomme une correction, rejette ceux qu'une
/// correction a remplacés, refuse les corrections dont le scan est inconnu ou pris (elles
/// quittent `corrections.lectures` pour `corrections.erreurs`).
pub fn appliquer(corrections: &mut Corrections, r: &mut Repartition, scans: &[LectureScan]) -> ScansNommes {
    let attribue: HashMap<String, (u32, u32)> = r.attribues.iter().map(|a| (nom_image(&scans[a.scan]), (a.table, a.coup))).collect();
    let rejete: HashMap<String, usize> = r.rejets.iter().enumerate().map(|(k, rj)| (rj.image.clone(), k)).collect();
    let mut nommes = ScansNommes::new();
    let mut par_scan: HashMap<String, (u32, u32)> = HashMap::new();
    let mut refusees = Vec::new();
    for (&cle, l) in &corrections.lectures {
        let Some(scan) = l.scan.as_deref() else { continue };
        let refus = if let Some(&autre) = par_scan.get(scan) {
            Some(format!("le scan {scan} est déjà celui de la correction de la table {} au coup {} : une image est le bulletin d'une seule table", autre.0, autre.1))
        } else if !attribue.contains_key(scan) && !rejete.contains_key(scan) {
            Some(format!("scan inconnu de la manche : {scan} (chemin relatif au dossier des scans, tel que le nomment decisions.jsonl et rejets.jsonl)"))
        } else {
            None
        };
        match refus {
            Some(message) => refusees.push((cle, message)),
            None => {
                par_scan.insert(scan.to_string(), cle);
                nommes.insert(cle, scan.to_string());
            }
        }
    }
    for (cle, message) in refusees {
        let l = corrections.lectures.remove(&cle).expect("une correction lue");
        let (fichier, ligne) = lieu(&l);
        corrections.erreurs.push(ErreurBulletin { fichier, ligne, table: Some(cle.0), coup: Some(cle.1), message, genre: GenreErreur::Illisible });
    }

    // Les scans rangés par la machine : nommés par une correction d'un autre bulletin, ils
    // y passent ; remplacés par une autre image dans la correction de leur bulletin, ils
    // sont écartés.
    let mut ecartes = Vec::new();
    r.attribues.retain(|a| {
        let (image, cle) = (nom_image(&scans[a.scan]), (a.table, a.coup));
        if let Some(&vers) = par_scan.get(&image) {
            return vers == cle;
        }
        match nommes.get(&cle) {
            Some(autre) => {
                let (fichier, ligne) = lieu(&corrections.lectures[&cle]);
                let message = format!("rangé par la machine à la table {} au coup {} ; la correction de ce bulletin ({fichier}:{ligne}) a été lue sur un autre scan ({autre})", cle.0, cle.1);
                ecartes.push(RejetImage { image, coup: scans[a.scan].coup, raison: ECARTEE.into(), message, lecture: None });
                false
            }
            None => true,
        }
    });
    // Les images rejetées qu'une correction nomme sont ce bulletin.
    r.rejets.retain(|rj| !par_scan.contains_key(&rj.image));
    r.rejets.extend(ecartes);
    nommes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::attribution::Attribution;
    use arbitre_pipeline::lecture_scan::ChampLu;

    fn scan(image: &str) -> LectureScan {
        LectureScan { image: image.into(), page: None, bulletin: None, coup: Some(1), lecture: None, cases: Vec::new(), table: ChampLu::default(), reference: ChampLu::default(), score: ChampLu::default(), cases_pales: Vec::new(), cadres_pales: Vec::new(), trainees: None, recalage: None, rejet: None }
    }

    fn correction(table: u32, scan: &str) -> String {
        format!("bulletin table={table} coup=1\nscan: {scan}\nscore: 20\n|SERAC\n")
    }

    #[test]
    fn chaque_scan_nomme_passe_a_sa_correction_et_chaque_image_garde_une_place() {
        let scans = [scan("coup-01/a.jpg"), scan("coup-01/b.jpg")];
        let attribution = |i: usize, table: u32| Attribution { scan: i, table, coup: 1, raisons: Vec::new(), table_deduite: None, numero_partage: false };
        let rejet = RejetImage { image: "coup-01/c.jpg".into(), coup: Some(1), raison: "table_illisible".into(), message: String::new(), lecture: None };
        let mut r = Repartition { attribues: vec![attribution(0, 3), attribution(1, 4)], rejets: vec![rejet], ..Default::default() };
        let texte = [
            // La table 3 : lue sur l'image rejetée, pas sur le scan que la machine y a rangé.
            correction(3, "coup-01/c.jpg"),
            // Le scan rangé à la table 4 est le bulletin de la table 5.
            correction(5, "coup-01/b.jpg"),
            // Le même scan pour la table 6 : refusé ; un scan inconnu : refusé.
            correction(6, "coup-01/b.jpg"),
            correction(7, "coup-01/z.jpg"),
        ]
        .join("\n");
        let mut c = Corrections::lire("corrections.txt", texte.as_bytes());
        let nommes = appliquer(&mut c, &mut r, &scans);
        assert_eq!(nommes, ScansNommes::from([((3, 1), "coup-01/c.jpg".to_string()), ((5, 1), "coup-01/b.jpg".to_string())]));
        // Plus rien de rangé par la machine : a.jpg est écarté, b.jpg a quitté la table 4.
        assert!(r.attribues.is_empty(), "{:?}", r.attribues);
        let rejets: Vec<(&str, &str)> = r.rejets.iter().map(|rj| (rj.image.as_str(), rj.raison.as_str())).collect();
        assert_eq!(rejets, [("coup-01/a.jpg", ECARTEE)]);
        assert!(r.rejets[0].message.contains("table 3 au coup 1") && r.rejets[0].message.contains("corrections.txt:1"), "{}", r.rejets[0].message);
        // Les deux corrections refusées, chacune sa ligne.
        assert_eq!(c.lectures.keys().copied().collect::<Vec<_>>(), [(3, 1), (5, 1)]);
        let refus: Vec<(usize, Option<u32>)> = c.erreurs.iter().map(|e| (e.ligne, e.table)).collect();
        assert_eq!(refus, [(11, Some(6)), (16, Some(7))]);
        assert!(c.erreurs[0].message.contains("déjà celui de la correction de la table 5") && c.erreurs[1].message.contains("scan inconnu"));
    }
}
