//! `arbitre lexique build LISTE -o FICHIER.fst`, `arbitre lexique info`, `arbitre lexique mots`

use anyhow::Result;
use arbitre_engine::Lexique;
use std::io::Write;
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
        /// Écarte les abréviations, symboles et sigles (mots sans voyelle A E I O U Y,
        /// sauf BRR, BRRR, PFF, PFFT, PSST, PST) : construction du lexique libre par défaut.
        #[arg(long)]
        sans_abreviations: bool,
    },
    /// Affiche l'identité d'un lexique (nom, nombre de mots, empreinte).
    Info {
        #[command(flatten)]
        lexique: super::commun::OptionLexique,
    },
    /// Affiche tous les mots du lexique, un par ligne (en majuscules, ordre alphabétique).
    Mots {
        #[command(flatten)]
        lexique: super::commun::OptionLexique,
    },
}

pub fn executer(c: Commande) -> Result<ExitCode> {
    match c {
        Commande::Build { liste, sortie, sans_abreviations } => {
            let b = Lexique::construire(&liste, &sortie, sans_abreviations)?;
            let lx = Lexique::charger(&sortie)?;
            println!(
                "{} : {} entrées lues, {} mots retenus ({} composées ou élidées, {} avec d'autres caractères, {} hors 2–15 lettres, {} doublons après repli)",
                sortie.display(), b.lignes, b.mots, b.composes, b.caracteres, b.longueur, b.doublons
            );
            if sans_abreviations {
                println!("{} abréviations, symboles ou sigles écartés : {}", b.abreviations.len(), b.abreviations.join(" "));
            }
            println!("lexique : {}", lx.identite().resume());
        }
        Commande::Info { lexique } => {
            let lx = lexique.charger()?;
            println!("{}", lx.identite().resume());
        }
        Commande::Mots { lexique } => {
            let lx = lexique.charger()?;
            let mut sortie = std::io::BufWriter::new(std::io::stdout().lock());
            for mot in lx.mots() {
                if let Err(e) = writeln!(sortie, "{mot}") {
                    // Sortie fermée (`| head`) : on s'arrête sans erreur.
                    if e.kind() == std::io::ErrorKind::BrokenPipe {
                        return Ok(ExitCode::SUCCESS);
                    }
                    return Err(e.into());
                }
            }
            if let Err(e) = sortie.flush() {
                if e.kind() != std::io::ErrorKind::BrokenPipe {
                    return Err(e.into());
                }
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
