//! `arbitre grade --partie FICHIER --bulletins FICHIER` : corrige chaque bulletin lu et
//! écrit une décision JSON par ligne (JSON Lines), dans l'ordre du fichier de bulletins.
//!
//! Le contexte d'un coup (grille, tirage, liste des solutions) est calculé une seule fois
//! par coup, quel que soit le nombre de bulletins de ce coup dans le fichier. Un bulletin
//! illisible ou d'un coup absent de la partie donne une ligne `{"table":…,"coup":…,
//! "erreur":"fichier:ligne: …"}` (sans table ni coup si l'en-tête est illisible) et un
//! message sur la sortie d'erreur ; les autres bulletins sont corrigés quand même, et le
//! code de sortie est alors 1.

use super::commun::{lire_partie, OptionsCorrection};
use anyhow::Result;
use arbitre_engine::lecture::{lire_bulletins_octets, Lecture};
use arbitre_engine::lexique_partie::{avertissement, LexiquePartie};
use serde_json::json;
use arbitre_manche::correction::{Contextes, MESSAGE_PANNE};
use arbitre_manche::suivi::Silence;
use rayon::prelude::*;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// La partie (fichier .partie) : grilles, tirages et tops.
    #[arg(long, value_name = "FICHIER")]
    partie: PathBuf,
    /// Les bulletins lus, au format texte des lectures (voir README).
    #[arg(long, value_name = "FICHIER")]
    bulletins: PathBuf,
    #[command(flatten)]
    regles: OptionsCorrection,
}

pub fn executer(a: Args) -> Result<ExitCode> {
    let lx = a.regles.lexique.charger()?;
    let partie = lire_partie(&a.partie, a.regles.formule()?)?;
    // La partie fait foi : les mots de ses tops sont admis, et annoncés.
    let lexique_partie = LexiquePartie::new(&partie, &lx);
    if let Some(m) = avertissement(lexique_partie.admis(), &lx.identite().nom) {
        eprintln!("{m}");
    }
    let nom = a.bulletins.display().to_string();
    let octets = arbitre_engine::fichier::lire(&a.bulletins)?;
    let lectures = lire_bulletins_octets(&nom, &octets);

    // Un contexte par coup (en parallèle), puis chaque bulletin, dans l'ordre du fichier ;
    // une panne de la correction d'un bulletin n'emporte pas les autres.
    let coups = lectures.iter().filter_map(|l| l.as_ref().ok().map(|l| l.coup));
    let contextes = Contextes::preparer(&partie, &lexique_partie, coups, a.regles.edition, &Silence);
    let lignes: Vec<(serde_json::Value, Option<String>)> = lectures
        .par_iter()
        .map(|lecture| match lecture {
            Err(e) => {
                let ligne = match (e.table, e.coup) {
                    (Some(table), Some(coup)) => json!({ "table": table, "coup": coup, "erreur": e.to_string() }),
                    _ => json!({ "erreur": e.to_string() }),
                };
                (ligne, Some(format!("bulletin illisible : {e}")))
            }
            Ok(l) => match contextes.corriger(l) {
                Some(Ok(d)) => (serde_json::to_value(d).expect("décision sérialisable"), None),
                r => {
                    let message = match r {
                        None => format!("{}: coup {} absent de la partie {} ({} coups)", lieu(l, &nom), l.coup, a.partie.display(), partie.coups.len()),
                        _ => format!("{}: {MESSAGE_PANNE}", lieu(l, &nom)),
                    };
                    (json!({ "table": l.table, "coup": l.coup, "erreur": message }), Some(format!("bulletin non corrigé : {message}")))
                }
            },
        })
        .collect();
    let mut sortie = std::io::BufWriter::new(std::io::stdout().lock());
    let mut erreurs = 0usize;
    for (ligne, erreur) in lignes {
        if let Some(e) = erreur {
            erreurs += 1;
            eprintln!("{e}");
        }
        writeln!(sortie, "{ligne}")?;
    }
    sortie.flush()?;
    eprintln!("{} bulletins, {} corrigés, {} en erreur", lectures.len(), lectures.len() - erreurs, erreurs);
    Ok(if erreurs == 0 { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

/// `fichier:ligne` de l'en-tête du bulletin.
fn lieu(l: &Lecture, nom: &str) -> String {
    match &l.source {
        Some(s) => format!("{}:{}", s.fichier, s.ligne),
        None => nom.to_string(),
    }
}
