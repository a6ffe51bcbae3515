//! Les corrections des personnes : un fichier au format texte des lectures, un bulletin par
//! (table, coup). Une correction remplace ce que la machine a lu pour ce bulletin (même si
//! le scan avait été rejeté ou le bulletin déclaré absent) ; la décision qui en sort est
//! marquée « corrigée par une personne ». Pour retirer un scan attribué à la mauvaise table,
//! on écrit `absent` sous son en-tête.

use arbitre_engine::lecture::{lire_bulletins_octets, Lecture};
use arbitre_reports::revue::LIGNE_EMPREINTE;
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
                    message: format!("correction illisible : {}", e.defaut),
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

    /// Oublie les corrections des coups après le coup `n` (partie en cours corrigée jusqu'au
    /// coup `n`) : elles serviront quand la correction ira jusqu'à eux.
    pub fn garder_jusqu_au_coup(&mut self, n: u32) {
        self.lectures.retain(|&(_, coup), _| coup <= n);
        self.erreurs.retain(|e| e.coup.is_none_or(|c| c <= n));
    }
}

/// Ces corrections sont-elles celles de cette partie (l'une de ses `empreintes`) ? Deux parties d'un
/// même tournoi ont les mêmes tables et souvent les mêmes noms de scans : des corrections
/// de l'une, données par mégarde à l'autre, remplaceraient en silence des lectures de ses
/// bulletins, marquées « corrigées par une personne », sans que personne les revoie. Le
/// fichier préparé par la page de revue porte l'empreinte de sa partie ([`LIGNE_EMPREINTE`]) : une autre
/// empreinte fait refuser le fichier entier, en nommant sa ligne. Un fichier écrit à la
/// main, sans cette ligne, est lu tel quel.
///
/// `empreintes` : celles des débuts de la partie, du premier coup à la partie entière (la
/// dernière) — une partie en cours grandit, et des corrections préparées quand elle en
/// était au coup 8 valent encore au coup 12 ([`PartieResumee::empreinte_jusqu_au_coup`]).
///
/// [`PartieResumee::empreinte_jusqu_au_coup`]: arbitre_reports::dossier::PartieResumee::empreinte_jusqu_au_coup
pub fn verifier_partie(nom: &str, octets: &[u8], empreintes: &[String]) -> Result<(), String> {
    let attendue = empreintes.last().map_or("", String::as_str);
    let texte = String::from_utf8_lossy(octets);
    for (i, ligne) in texte.lines().enumerate() {
        let Some(empreinte) = ligne.trim_start_matches('\u{feff}').trim().strip_prefix(LIGNE_EMPREINTE) else { continue };
        let empreinte = empreinte.trim();
        if !empreintes.iter().any(|a| a == empreinte) {
            return Err(format!(
                "{nom}:{}: ces corrections ont été préparées sur la page de revue d'une autre partie (empreinte {}, celle-ci : {attendue}) : rien n'a été écrit ; donnez à --corrections le fichier enregistré depuis la page de revue de cette partie",
                i + 1,
                arbitre_engine::texte::extrait(empreinte)
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn des_corrections_d_une_autre_partie_sont_refusees() {
        let texte = "# Corrections de lecture relues par une personne — Open, partie 1\n# empreinte de la partie : 0123456789abcdef\n\nbulletin table=4 coup=2\nscore: 20\n|SERAC\n";
        let une = |e: &str| vec![e.to_string()];
        assert_eq!(verifier_partie("c.txt", texte.as_bytes(), &une("0123456789abcdef")), Ok(()));
        // Préparées quand la partie en cours en était à un coup précédent : acceptées.
        assert_eq!(verifier_partie("c.txt", texte.as_bytes(), &["aaaa".into(), "0123456789abcdef".into(), "fedcba9876543210".into()]), Ok(()));
        let e = verifier_partie("c.txt", texte.as_bytes(), &une("fedcba9876543210")).unwrap_err();
        assert!(e.starts_with("c.txt:2: ces corrections ont été préparées sur la page de revue d'une autre partie (empreinte 0123456789abcdef, celle-ci : fedcba9876543210)"), "{e}");
        // Deux fichiers mis bout à bout : chaque empreinte compte.
        let deux = format!("{texte}\n# empreinte de la partie : fedcba9876543210\n");
        assert!(verifier_partie("c.txt", deux.as_bytes(), &une("0123456789abcdef")).unwrap_err().starts_with("c.txt:8:"));
        // Écrit à la main, sans empreinte : lu tel quel.
        assert_eq!(verifier_partie("c.txt", b"bulletin table=4 coup=2\n|SERAC\n", &une("fedcba9876543210")), Ok(()));
    }

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

    #[test]
    fn une_correction_malformee_nomme_sa_ligne_une_seule_fois_et_n_arrete_pas_les_autres() {
        let texte = "bulletin table=5 coup=1\nscore: 16\n|AC?RE\n\nbulletin table=4 coup=1\nscore: 20\n|SERAC\n";
        let c = Corrections::lire("corrections.txt", texte.as_bytes());
        assert_eq!(c.lectures.keys().copied().collect::<Vec<_>>(), vec![(4, 1)]);
        let e = &c.erreurs[0];
        assert_eq!((e.lieu(), e.table, e.coup, e.genre), ("corrections.txt:3".to_string(), Some(5), Some(1), GenreErreur::Illisible));
        // Le lieu est dit par `lieu()` : le message ne le répète pas (« corrections.txt:3:
        // correction illisible : corrections.txt:3: … » jusqu'ici).
        assert!(e.message.starts_with("correction illisible : colonne 3 : caractère « ? »"), "{}", e.message);
    }
}
