//! `arbitre` : vérification de la correction des parties de Scrabble duplicate.

mod commandes;
mod ligne_de_commande;

use clap::{CommandFactory, FromArgMatches, Subcommand};
use std::process::ExitCode;

#[derive(clap::Parser)]
#[command(name = "arbitre", version, about = "Vérifie la correction des parties de Scrabble duplicate")]
struct Cli {
    #[command(subcommand)]
    commande: Commande,
}

#[derive(Subcommand)]
enum Commande {
    /// Liste toutes les solutions d'un coup, la meilleure d'abord.
    Solutions(commandes::solutions::Args),
    /// Rejoue une partie et vérifie chaque ligne (tirage, placement, score).
    Verifier(commandes::verifier::Args),
    /// Corrige des bulletins lus et écrit une décision JSON par bulletin (JSON Lines).
    Grade(commandes::grade::Args),
    /// Le travail principal : des scans d'une manche aux rapports vérifiés (doute → revue).
    Run(commandes::run::Args),
    /// Lit des bulletins scannés : lecture, doute de la machine, recalage, rejets.
    Lire(commandes::lire::Args),
    /// Mesure la lecture des scans sur une manche générée (vérité terrain à côté).
    Evaluer(commandes::evaluer::Args),
    /// Génère une manche de bulletins scannés synthétiques avec leur vérité terrain.
    Echantillons(commandes::echantillons::Args),
    /// Corrige toute une manche et écrit les rapports (résultats, billets, suivi, archive).
    Corriger(commandes::corriger::Args),
    /// Refait les rapports d'une partie à partir de son archive.
    Rapports(commandes::corriger::ArgsRapports),
    /// Classement général d'un tournoi à partir des archives de ses parties.
    Tournoi(commandes::tournoi::Args),
    /// Compile une liste de mots en lexique `.fst`.
    #[command(subcommand)]
    Lexique(commandes::lexique::Commande),
    /// Tournois classiques : appariements et classements.
    #[command(subcommand)]
    Classique(commandes::classique::Commande),
}

/// L'erreur vient d'une écriture dans un tube que le lecteur a fermé.
fn sortie_fermee(e: &anyhow::Error) -> bool {
    e.chain().any(|c| c.downcast_ref::<std::io::Error>().is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe))
}

fn main() -> ExitCode {
    let cli = match ligne_de_commande::franciser(Cli::command()).try_get_matches().and_then(|m| Cli::from_arg_matches(&m)) {
        Ok(cli) => cli,
        Err(e) if matches!(e.kind(), clap::error::ErrorKind::DisplayHelp | clap::error::ErrorKind::DisplayVersion) => {
            let aide = e.to_string();
            println!("{}", aide.trim_end());
            return ExitCode::SUCCESS;
        }
        Err(e) if e.kind() == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            eprintln!("{}", e.to_string().trim_end());
            return ExitCode::from(2);
        }
        Err(e) => {
            eprint!("{}", ligne_de_commande::erreur(&e));
            return ExitCode::from(2);
        }
    };
    let resultat = match cli.commande {
        Commande::Solutions(a) => commandes::solutions::executer(a),
        Commande::Verifier(a) => commandes::verifier::executer(a),
        Commande::Grade(a) => commandes::grade::executer(a),
        Commande::Run(a) => commandes::run::executer(a),
        Commande::Lire(a) => commandes::lire::executer(a),
        Commande::Evaluer(a) => commandes::evaluer::executer(a),
        Commande::Echantillons(a) => commandes::echantillons::executer(a),
        Commande::Corriger(a) => commandes::corriger::executer(a),
        Commande::Rapports(a) => commandes::corriger::executer_rapports(a),
        Commande::Tournoi(a) => commandes::tournoi::executer(a),
        Commande::Lexique(c) => commandes::lexique::executer(c),
        Commande::Classique(c) => commandes::classique::executer(c),
    };
    match resultat {
        Ok(code) => code,
        // La sortie a été fermée (`arbitre solutions … | head`) : on s'arrête sans bruit,
        // comme les outils de la ligne de commande.
        Err(e) if sortie_fermee(&e) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("erreur : {}", ligne_de_commande::chaine(&e));
            ExitCode::from(2)
        }
    }
}
