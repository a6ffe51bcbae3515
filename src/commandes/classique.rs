//! `arbitre classique appariement|classement` : tournois en formule classique.

use anyhow::Result;
use arbitre_classique::{appariements_csv, classement_csv, classement_final, lire_joueurs, prochaine_ronde, Tournoi};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Subcommand)]
pub enum Commande {
    /// Apparie la ronde suivante : `ronde,table,joueur_1,joueur_2` (joueur_1 le mieux placé).
    Appariement {
        /// Les joueurs : `nom,cote[,forfait]` (forfait : rondes non jouées, séparées par `;`).
        #[arg(long, value_name = "CSV")]
        joueurs: PathBuf,
        /// Les résultats des rondes jouées : `ronde,joueur_1,joueur_2,score_1,score_2`.
        /// Sans ce fichier : la première ronde.
        #[arg(long, value_name = "CSV")]
        resultats: Option<PathBuf>,
    },
    /// Classement après les rondes jouées : `rang,nom,pm,ppm,pdep` (ex æquo au même rang).
    Classement {
        /// Les joueurs : `nom,cote[,forfait]`.
        #[arg(long, value_name = "CSV")]
        joueurs: PathBuf,
        /// Les résultats : `ronde,joueur_1,joueur_2,score_1,score_2`.
        #[arg(long, value_name = "CSV")]
        resultats: PathBuf,
    },
}

pub fn executer(c: Commande) -> Result<ExitCode> {
    match c {
        Commande::Appariement { joueurs, resultats } => {
            let inscrits = lire_joueurs(&joueurs)?;
            let t = match resultats {
                Some(f) => Tournoi::lire(inscrits, &f)?,
                None => Tournoi::nouveau(inscrits)?,
            };
            let ronde = prochaine_ronde(&t)?;
            let ins = t.inscrits();
            for table in &ronde.tables {
                let [a, b] = table.joueurs;
                if table.rematch {
                    eprintln!(
                        "attention : table {} : {} et {} se sont déjà rencontrés, aucun autre adversaire n'était libre (§ 7)",
                        table.numero,
                        ins.nom(a),
                        ins.nom(b)
                    );
                } else if table.naturel != b {
                    eprintln!("table {} : {} a déjà rencontré {}, permutation avec {} (§ 7)", table.numero, ins.nom(a), ins.nom(table.naturel), ins.nom(b));
                }
            }
            eprintln!("ronde {} sur {} : {} tables", ronde.numero, t.rondes(), ronde.tables.len());
            std::io::stdout().write_all(appariements_csv(&ronde, ins).as_bytes())?;
        }
        Commande::Classement { joueurs, resultats } => {
            let t = Tournoi::lire(lire_joueurs(&joueurs)?, &resultats)?;
            eprintln!("classement après {} ronde(s) sur {}", t.jouees(), t.rondes());
            std::io::stdout().write_all(classement_csv(&classement_final(&t), t.inscrits()).as_bytes())?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
