//! Les extraits de scans que montre la page de revue : lesquels (les bulletins qu'une
//! personne regardera, les images rejetées qui se sont lues), tirés des scans, et notés
//! dans les lectures gardées pour la prochaine exécution.

use crate::depouillement::nom_image;
use arbitre_engine::arbitrage::Verdict;
use arbitre_reports::double_arbitrage::CorrectionPremier;
use arbitre_reports::verification::{extrait_du_rejet, extrait_du_scan, RejetImage};
use arbitre_reports::{BulletinCorrige, Extrait};
use std::collections::HashMap;

/// Les bulletins qu'une personne regardera sur la page de revue : à vérifier, pas
/// valides, en commission, ou en écart avec le premier arbitre.
fn a_montrer(b: &BulletinCorrige, premier: Option<&[CorrectionPremier]>) -> bool {
    let d = &b.decision;
    let ecart = premier.is_some_and(|p| p.iter().any(|c| c.table == d.table && c.coup == d.coup && (c.score != d.score || c.sanction != d.verdict)));
    b.verification.as_ref().is_some_and(|v| v.a_verifier) || d.verdict != Verdict::Valide || d.commission || ecart
}

/// Les pages d'images dont la page de revue montre l'extrait, chacune avec le nom de son
/// extrait (la page nommée par [`nom_image`]) : celles des bulletins à montrer
/// ([`a_montrer`]), puis celles des images rejetées qui se sont lues (numéro inconnu,
/// doublon… : la page les montre à côté de leur lecture, à compléter), nommées par le rang
/// de leur image dans l'ordre où le dossier range les rejets (par chemin).
pub(crate) fn extraits_a_montrer(bulletins: &[BulletinCorrige], rejets: &[RejetImage], premier: Option<&[CorrectionPremier]>) -> Vec<(String, String)> {
    let des_bulletins = bulletins.iter().filter(|b| a_montrer(b, premier)).filter_map(|b| Some((b.verification.as_ref()?.image.clone()?, extrait_du_scan(b.decision.coup, b.decision.table))));
    let mut par_chemin: Vec<&RejetImage> = rejets.iter().collect();
    par_chemin.sort_by(|a, b| a.image.cmp(&b.image));
    let des_rejets = par_chemin.into_iter().enumerate().filter(|(_, rj)| rj.lecture.is_some()).map(|(k, rj)| (rj.image.clone(), extrait_du_rejet(k)));
    des_bulletins.chain(des_rejets).collect()
}

/// Les extraits des `pages` à montrer ([`extraits_a_montrer`]) tirés des scans (à la
/// lecture ou depuis : `jpeg`), chacun avec le nom de sa page d'image.
pub(crate) fn extraits(pages: Vec<(String, String)>, jpeg: &mut HashMap<String, Vec<u8>>) -> Vec<(String, Extrait)> {
    pages.into_iter().filter_map(|(image, nom)| Some((image.clone(), Extrait { nom, octets: jpeg.remove(&image)? }))).collect()
}

/// Note, pour chaque page des fichiers gardés, l'extrait que la page de revue en montre
/// (repris à la prochaine exécution : [`crate::lectures_gardees::Gardees::extrait`]).
pub(crate) fn noter_les_extraits(fichiers: &mut [crate::lectures_gardees::FichierLu<'_>], montres: &[(String, Extrait)]) {
    let par_page: HashMap<&str, &Extrait> = montres.iter().map(|(page, x)| (page.as_str(), x)).collect();
    for f in fichiers {
        f.extraits = f
            .lectures
            .iter()
            .filter_map(|l| {
                let page = nom_image(l);
                let x = par_page.get(page.as_str())?;
                Some(crate::lectures_gardees::ExtraitGarde { page, fichier: x.nom.clone(), empreinte: arbitre_engine::fichier::empreinte(&x.octets) })
            })
            .collect();
    }
}
