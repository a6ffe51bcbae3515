//! Écriture des CSV de sortie : `ronde,table,joueur_1,joueur_2` et `rang,nom,pm,ppm,pdep`.

use crate::appariement::Ronde;
use crate::classement::Ligne;
use crate::joueurs::Inscrits;

fn csv_en_texte(lignes: impl IntoIterator<Item = Vec<String>>) -> String {
    let mut w = csv::Writer::from_writer(Vec::new());
    for l in lignes {
        // L'écriture dans un Vec ne peut pas échouer.
        let _ = w.write_record(&l);
    }
    String::from_utf8(w.into_inner().unwrap_or_default()).unwrap_or_default()
}

/// Les appariements d'une ronde, ligne d'en-tête comprise.
pub fn appariements_csv(ronde: &Ronde, inscrits: &Inscrits) -> String {
    let entete = ["ronde", "table", "joueur_1", "joueur_2"].map(String::from).to_vec();
    csv_en_texte(std::iter::once(entete).chain(ronde.tables.iter().map(|t| {
        vec![ronde.numero.to_string(), t.numero.to_string(), inscrits.nom(t.joueurs[0]).to_owned(), inscrits.nom(t.joueurs[1]).to_owned()]
    })))
}

/// Le classement final (rangs partagés par les ex æquo), ligne d'en-tête comprise ; la case
/// PPM est vide quand les PPM ne s'appliquent pas.
pub fn classement_csv(rangs: &[(usize, Ligne)], inscrits: &Inscrits) -> String {
    let entete = ["rang", "nom", "pm", "ppm", "pdep"].map(String::from).to_vec();
    csv_en_texte(std::iter::once(entete).chain(rangs.iter().map(|(rang, l)| {
        vec![
            rang.to_string(),
            inscrits.joueurs()[l.joueur].nom.clone(),
            l.pm.to_string(),
            l.ppm.map(|p| p.to_string()).unwrap_or_default(),
            l.pdep.to_string(),
        ]
    })))
}
