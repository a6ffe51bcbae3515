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
                // Une lecture dont le numéro de table n'a pas été lu (image rejetée « numéro de
                // table illisible ») ne peut aller à aucun joueur.
                Ok(l) if l.table == 0 => {
                    let (fichier, ligne) = crate::correction::lieu(&l);
                    c.erreurs.push(ErreurBulletin {
                        fichier,
                        ligne,
                        table: None,
                        coup: Some(l.coup),
                        message: "correction sans numéro de table (table=0) : écrivez dans l'en-tête le numéro lu sur le scan".into(),
                        genre: GenreErreur::SansTable,
                    });
                }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn une_correction_sans_numero_de_table_est_une_erreur_qui_nomme_sa_ligne() {
        let texte = "bulletin table=0 coup=2\nscore: 20\n|SERAC\n\nbulletin table=4 coup=2\nscore: 20\n|SERAC\n";
        let c = Corrections::lire("corrections.txt", texte.as_bytes());
        // La lecture de la table 4 compte ; celle sans numéro n'est donnée à personne.
        assert_eq!(c.lectures.keys().copied().collect::<Vec<_>>(), vec![(4, 2)]);
        assert_eq!(c.erreurs.len(), 1);
        let e = &c.erreurs[0];
        assert_eq!((e.fichier.as_str(), e.ligne, e.table, e.coup, e.genre), ("corrections.txt", 1, None, Some(2), GenreErreur::SansTable));
        assert!(e.message.contains("table=0"), "{}", e.message);
    }
}
