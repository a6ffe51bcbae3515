//! `arbitre classique appariement|classement` : tournois en formule classique.

use anyhow::Result;
use arbitre_classique::{appariements_csv, classement_csv, classement_final, lire_joueurs, prochaine_ronde_avec, Evitement, Tournoi};
use arbitre_engine::fichier::ErreurFichier;
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
        /// Choix hors document : quand le § 7 garderait une rencontre déjà jouée, revoit les
        /// derniers matchs pour l'éviter si c'est possible.
        #[arg(long)]
        sans_rematch: bool,
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
        Commande::Appariement { joueurs, resultats, sans_rematch } => {
            let inscrits = lire_joueurs(&joueurs)?;
            inscrits.nombre_de_rondes().map_err(|e| ErreurFichier::contenu(&joueurs, e.to_string()))?;
            let t = match resultats {
                Some(f) => Tournoi::lire(inscrits, &f)?,
                None => Tournoi::nouveau(inscrits)?,
            };
            let evitement = if sans_rematch { Evitement::SansRematch } else { Evitement::Paragraphe7 };
            let ronde = prochaine_ronde_avec(&t, evitement)?;
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
                } else if table.naturel != b && sans_rematch {
                    eprintln!("table {} : {} rencontre {} au lieu de {} (§ 7, ou --sans-rematch)", table.numero, ins.nom(a), ins.nom(b), ins.nom(table.naturel));
                } else if table.naturel != b {
                    eprintln!("table {} : {} a déjà rencontré {}, permutation avec {} (§ 7)", table.numero, ins.nom(a), ins.nom(table.naturel), ins.nom(b));
                }
            }
            eprintln!("ronde {} sur {} : {} tables", ronde.numero, t.rondes(), ronde.tables.len());
            std::io::stdout().write_all(appariements_csv(&ronde, ins).as_bytes())?;
        }
        Commande::Classement { joueurs, resultats } => {
            let inscrits = lire_joueurs(&joueurs)?;
            inscrits.nombre_de_rondes().map_err(|e| ErreurFichier::contenu(&joueurs, e.to_string()))?;
            let t = Tournoi::lire(inscrits, &resultats)?;
            eprintln!("classement après {} ronde(s) sur {}", t.jouees(), t.rondes());
            std::io::stdout().write_all(classement_csv(&classement_final(&t), t.inscrits()).as_bytes())?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
