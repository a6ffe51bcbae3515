//! `arbitre lexique build LISTE -o FICHIER.fst`

use anyhow::Result;
use arbitre_engine::Lexique;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Subcommand)]
pub enum Commande {
    /// Compile une liste de mots (un par ligne, UTF-8) en fichier .fst.
    Build {
        /// La liste de mots.
        liste: PathBuf,
        /// Le fichier .fst à écrire.
        #[arg(short = 'o', long = "sortie")]
        sortie: PathBuf,
    },
    /// Affiche l'identité d'un lexique (nom, nombre de mots, empreinte).
    Info {
        #[command(flatten)]
        lexique: super::commun::OptionLexique,
    },
}

pub fn executer(c: Commande) -> Result<ExitCode> {
    match c {
        Commande::Build { liste, sortie } => {
            let b = Lexique::construire(&liste, &sortie)?;
            let lx = Lexique::charger(&sortie)?;
            println!(
                "{} : {} entrées lues, {} mots retenus ({} composées ou élidées, {} avec d'autres caractères, {} hors 2–15 lettres, {} doublons après repli)",
                sortie.display(), b.lignes, b.mots, b.composes, b.caracteres, b.longueur, b.doublons
            );
            println!("lexique : {}", lx.identite().resume());
        }
        Commande::Info { lexique } => {
            let lx = lexique.charger()?;
            println!("{}", lx.identite().resume());
        }
    }
    Ok(ExitCode::SUCCESS)
}
