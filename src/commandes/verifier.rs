//! `arbitre verifier --partie FICHIER` : rejoue et vérifie une partie.

use super::commun::{formule, lire_partie, OptionLexique};
use anyhow::Result;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// La partie (fichier .partie).
    #[arg(long)]
    partie: PathBuf,
    #[command(flatten)]
    lexique: OptionLexique,
    /// Formule : standard, 7sur8, 7et8, 789.
    #[arg(long, default_value = "standard", value_parser = super::commun::valider_formule)]
    formule: String,
}

pub fn executer(a: Args) -> Result<ExitCode> {
    let lx = a.lexique.charger()?;
    let partie = lire_partie(&a.partie, formule(&a.formule)?)?;
    println!(
        "{} : {} coups vérifiés (tirages, placements, scores), total des tops {}",
        a.partie.display(),
        partie.coups.len(),
        partie.total_tops()
    );
    for h in partie.hors_lexique(&lx) {
        println!(
            "{}:{}: coup {} : mot(s) absent(s) du lexique {} : {}",
            a.partie.display(),
            h.ligne,
            h.coup,
            lx.identite().nom,
            h.mots.join(", ")
        );
    }
    Ok(ExitCode::SUCCESS)
}
