//! `arbitre tournoi ARCHIVE… --sortie DIR` : le classement général d'un tournoi à partir
//! des archives de ses parties (`archive.json` écrits par `arbitre corriger`), en HTML et
//! en CSV.

use super::commun::lire_texte;
use anyhow::Result;
use arbitre_reports::archive::lire_archive;
use arbitre_reports::tournoi::{tournoi_csv, tournoi_html, Tournoi};
use arbitre_reports::rapports::NOMS_TOURNOI;
use arbitre_reports::{ecrire_rapports, Rapport};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Les archives des parties (archive.json de chaque partie), dans l'ordre où elles
    /// ont été jouées.
    #[arg(value_name = "ARCHIVE", required = true)]
    archives: Vec<PathBuf>,
    /// Le nom du tournoi, pour les en-têtes.
    #[arg(long, default_value = "Tournoi")]
    titre: String,
    /// Le répertoire où écrire classement.html et classement.csv (créé au besoin).
    #[arg(long, value_name = "RÉPERTOIRE")]
    sortie: PathBuf,
}

pub fn executer(a: Args) -> Result<ExitCode> {
    let mut parties = Vec::new();
    for p in &a.archives {
        let nom = p.display().to_string();
        parties.push((nom.clone(), lire_archive(&nom, &lire_texte(p)?)?));
    }
    let t = Tournoi::classer(&a.titre, &parties)?;
    let [html, csv] = NOMS_TOURNOI;
    let fichiers = vec![Rapport { nom: html.into(), contenu: tournoi_html(&t) }, Rapport { nom: csv.into(), contenu: tournoi_csv(&t) }];
    ecrire_rapports(&a.sortie, &fichiers)?;
    println!("{} : {} parties, {} joueurs, somme des tops {}", t.titre, t.parties.len(), t.lignes.len(), t.total_tops);
    for p in t.parties.iter().filter(|p| !p.a_reprendre.is_empty()) {
        eprintln!("classement provisoire : {} ({}) : {}", p.titre, p.archive, p.a_reprendre.join(", "));
    }
    println!("classement écrit dans {} : {}", a.sortie.display(), NOMS_TOURNOI.join(", "));
    Ok(ExitCode::SUCCESS)
}
