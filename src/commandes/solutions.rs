//! `arbitre solutions --partie FICHIER --coup N` : toutes les solutions d'un coup.

use super::commun::{formule, lire_partie, OptionLexique};
use anyhow::{bail, Result};
use arbitre_engine::{evaluer, solutions};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// La partie (fichier .partie).
    #[arg(long)]
    partie: PathBuf,
    /// Le numéro du coup (à partir de 1).
    #[arg(long)]
    coup: u32,
    #[command(flatten)]
    lexique: OptionLexique,
    /// Formule : standard, 7sur8, 7et8, 789.
    #[arg(long, default_value = "standard", value_parser = super::commun::valider_formule)]
    formule: String,
    /// Ajoute deux colonnes : les mots formés et les lettres posées (`?` = joker).
    #[arg(long)]
    detail: bool,
}

pub fn executer(a: Args) -> Result<ExitCode> {
    let lx = a.lexique.charger()?;
    let partie = lire_partie(&a.partie, formule(&a.formule)?)?;
    let (Some(grille), Some(coup)) = (partie.grille_avant(a.coup), partie.coup(a.coup)) else {
        bail!("{} : pas de coup {} (la partie en a {})", a.partie.display(), a.coup, partie.coups.len());
    };
    let liste = solutions(grille, &partie.formule, lx.dawg(), &coup.tirage);
    eprintln!("coup {} — tirage {} — {} solutions", a.coup, coup.tirage, liste.len());
    let mut sortie = std::io::BufWriter::new(std::io::stdout().lock());
    for s in &liste {
        write!(sortie, "{}\t{}\t{}", s.score, s.mot_texte(), s.reference)?;
        if a.detail {
            let e = evaluer(grille, &partie.formule, s.mot(), s.reference)
                .map_err(|raison| anyhow::anyhow!("solution {s:?} non rejouable : {raison}"))?;
            write!(sortie, "\t{}\t{}", e.mots_formes_texte().join(","), e.tuiles())?;
        }
        writeln!(sortie)?;
    }
    sortie.flush()?;
    Ok(ExitCode::SUCCESS)
}
