//! Les corrections des personnes : un fichier au format texte des lectures, un bulletin par
//! (table, coup). Une correction remplace ce que la machine a lu pour ce bulletin (même si
//! le scan avait été rejeté ou le bulletin déclaré absent) ; la décision qui en sort est
//! marquée « corrigée par une personne ». Pour retirer un scan attribué à la mauvaise table,
//! on écrit `absent` sous son en-tête.

use arbitre_engine::lecture::{lire_bulletins_octets, Lecture};
use arbitre_reports::{ErreurBulletin, GenreErreur};
use std::collections::BTreeMap;

/// Les corrections lues, par (table, coup), et les entrées qui n'ont pu l'être.
#[derive(Debug, Default)]
pub struct Corrections {
    pub lectures: BTreeMap<(u32, u32), Lecture>,
    pub erreurs: Vec<ErreurBulletin>,
}

impl Corrections {
    /// Lit le fichier `nom` (ses octets). Une entrée malformée est une erreur qui nomme le
    /// fichier et la ligne ; une deuxième correction pour un même bulletin aussi (la
    /// première compte).
    pub fn lire(nom: &str, octets: &[u8]) -> Corrections {
        let mut c = Corrections::default();
        for r in lire_bulletins_octets(nom, octets) {
            match r {
                Err(e) => c.erreurs.push(ErreurBulletin {
                    fichier: e.fichier.clone(),
                    ligne: e.ligne,
                    table: e.table,
                    coup: e.coup,
                    message: format!("correction illisible : {e}"),
                    genre: if e.table.is_some() && e.coup.is_some() { GenreErreur::Illisible } else { GenreErreur::SansTable },
                }),
                Ok(l) => {
                    let cle = (l.table, l.coup);
                    if let Some(premiere) = c.lectures.get(&cle) {
                        let (f, n) = crate::correction::lieu(premiere);
                        let (fichier, ligne) = crate::correction::lieu(&l);
                        c.erreurs.push(ErreurBulletin {
                            fichier,
                            ligne,
                            table: Some(l.table),
                            coup: Some(l.coup),
                            message: format!("deuxième correction pour la table {} au coup {} (la première, {f}:{n}, compte)", l.table, l.coup),
                            genre: GenreErreur::Doublon,
                        });
                    } else {
                        c.lectures.insert(cle, l);
                    }
                }
            }
        }
        c
    }
}
