//! Les corrections de personnes qui n'ont pas pu être appliquées (entrée illisible,
//! deuxième correction d'un même bulletin, `scan:` inconnu ou déjà pris) alors que leur
//! bulletin a une décision : celle de la machine, ou celle d'une première correction.
//!
//! Compter une telle correction comme un bulletin de plus, « illisible, zéro provisoire »,
//! faussait le bilan (le bulletin était compté deux fois, et le zéro annoncé n'était pas
//! appliqué) ; la laisser en simple message laissait passer sans personne une décision
//! automatique qu'une personne avait voulu corriger. Elle devient une raison de vérifier
//! ce bulletin : sa décision reste celle qu'il avait, marquée à vérifier, et la raison
//! nomme la ligne du fichier de corrections à reprendre.

use crate::bilan::Bilan;
use arbitre_reports::{BulletinCorrige, ErreurBulletin};

/// Rattache chaque erreur de correction qui nomme un bulletin décidé (même table, même
/// coup) à ce bulletin ; rend celles qui n'en nomment aucun (elles restent des bulletins
/// non corrigés) et celles rattachées (à signaler).
pub(crate) fn rattacher(bulletins: &mut [BulletinCorrige], erreurs: Vec<ErreurBulletin>, bilan: &mut Bilan) -> (Vec<ErreurBulletin>, Vec<ErreurBulletin>) {
    let mut restantes = Vec::new();
    let mut rattachees = Vec::new();
    for e in erreurs {
        let bulletin = match (e.table, e.coup) {
            (Some(t), Some(c)) => bulletins.iter_mut().find(|b| (b.decision.table, b.decision.coup) == (t, c)),
            _ => None,
        };
        let Some(v) = bulletin.and_then(|b| b.verification.as_mut()) else {
            restantes.push(e);
            continue;
        };
        let gardee = if v.corrigee_par_une_personne { "la première correction de ce bulletin est appliquée" } else { "la décision est celle de la lecture de la machine" };
        v.raisons.push(format!("correction non appliquée ({} : {}) : {gardee} ; reprenez cette ligne du fichier de corrections", e.lieu(), e.message));
        if !v.a_verifier {
            v.a_verifier = true;
            // L'image change de place : décidée seule, ou lue par une personne, elle est
            // maintenant à vérifier. Une correction sans scan n'a pas d'image à déplacer.
            match (v.corrigee_par_une_personne, v.image.is_some()) {
                (false, _) => {
                    bilan.automatiques -= 1;
                    bilan.a_verifier += 1;
                }
                (true, true) => {
                    bilan.corrigees -= 1;
                    bilan.a_verifier += 1;
                }
                (true, false) => {}
            }
        }
        rattachees.push(e);
    }
    bilan.corrections_non_appliquees = rattachees.len();
    (restantes, rattachees)
}
