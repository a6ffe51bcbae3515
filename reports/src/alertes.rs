//! Ce qu'une personne doit vérifier avant de remettre les billets et les résultats : les
//! issues qu'arbitre applique sans pouvoir savoir si elles sont justes. Chacune est dite
//! par son nom (table, coup, fichier:ligne) dans le bilan, l'index et la feuille de suivi,
//! et la commande se termine avec le code 1.

use crate::dossier::{Dossier, GenreErreur};

/// Les alertes d'une manche, en phrases françaises, dans un ordre stable.
pub fn alertes(d: &Dossier) -> Vec<String> {
    // Le dépouillement des scans : un coup sans image, des scans d'une autre partie ?
    let mut v = d.alertes_des_scans.clone();
    // 6.2 : les coups d'avant l'arrivée sont nuls, même si un bulletin a été remis.
    for b in &d.bulletins {
        let (table, coup) = (b.decision.table, b.decision.coup);
        if let Some(a) = d.joueur(table).and_then(|j| j.arrivee).filter(|&a| coup < a) {
            let lieu = b.lecture.source.as_ref().map(|s| format!(" ({}:{})", s.fichier, s.ligne)).unwrap_or_default();
            v.push(format!(
                "Table {table}, coup {coup} : bulletin remis{lieu} avant l'arrivée déclarée au coup {a} ; compté nul (6.2) : vérifiez l'arrivée"
            ));
        }
    }
    // Une table que le fichier des joueurs ne connaît pas : un numéro mal écrit ou mal lu ?
    if !d.joueurs.is_empty() {
        for t in d.tables().into_iter().filter(|&t| d.joueur(t).is_none()) {
            v.push(format!(
                "Table {t} : absente du fichier des joueurs ; ses bulletins sont comptés à part et ses coups sans bulletin notés absents : vérifiez le numéro"
            ));
        }
    }
    for e in &d.erreurs {
        match e.genre {
            GenreErreur::SansTable => v.push(format!(
                "{} : bulletin sans table ni coup lisibles ; une table notée absente peut être la sienne : vérifiez avant de remettre les billets d'absence",
                e.lieu()
            )),
            GenreErreur::Doublon => v.push(format!(
                "{} : {} pour la table {}, coup {} ; seul le premier lu est corrigé : vérifiez lequel est le bon",
                e.lieu(),
                e.genre.libelle().to_lowercase(),
                e.table.map_or("?".into(), |t| t.to_string()),
                e.coup.map_or("?".into(), |c| c.to_string())
            )),
            _ => {}
        }
    }
    v
}
