//! `arbitre corriger` : corrige toute une manche (chaque bulletin de chaque coup) et écrit
//! tous les rapports dans un répertoire : résultats, billets de correction, feuille de
//! suivi, rectifications du double arbitrage, archive, page d'index.
//! `arbitre rapports` : refait les rapports à partir d'une archive.
//!
//! Un bulletin illisible (ligne malformée), d'un coup absent de la partie ou en double
//! est signalé (fichier:ligne) et compté dans les rapports (zéro provisoire, à corriger à
//! la main) ; les autres sont corrigés. Code de sortie 1 s'il y en a, ou s'il reste une
//! issue à vérifier par une personne (`arbitre_reports::alertes`), pour `corriger` comme
//! pour `rapports`.

use super::commun::lire_texte;
use super::lectures::lire_entree;
use super::manche::{produire, Barres, OptionsManche};
use anyhow::Result;
use arbitre_engine::lexique_partie::LexiquePartie;
use arbitre_manche::correction::corriger_lectures;
use arbitre_reports::archive::lire_archive;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    manche: OptionsManche,
    /// Les bulletins lus : un fichier, ou un répertoire dont chaque fichier .txt (format
    /// texte des lectures), .json (tableau de lectures) ou .jsonl (une lecture par ligne)
    /// est lu.
    #[arg(long, value_name = "FICHIER|RÉPERTOIRE")]
    bulletins: PathBuf,
}

#[derive(clap::Args)]
pub struct ArgsRapports {
    /// L'archive d'une partie (archive.json écrit par « arbitre corriger »).
    #[arg(long, value_name = "FICHIER")]
    archive: PathBuf,
    /// Le répertoire où écrire les rapports (créé au besoin).
    #[arg(long, value_name = "RÉPERTOIRE")]
    sortie: PathBuf,
}




pub fn executer(a: Args) -> Result<ExitCode> {
    let m = &a.manche;
    let p = m.preparer()?;
    // La partie fait foi : les mots de ses tops sont admis (annoncés dans le bilan).
    let lexique_partie = LexiquePartie::new(&p.partie, &p.lexique);
    // Les lectures : chaque bulletin lu, ou une erreur qui nomme fichier et ligne ; dans
    // un répertoire, ce qui n'est pas un fichier de lectures est écarté et nommé.
    let lu = lire_entree(&a.bulletins)?;
    if let Some(t) = lu.ecartes_texte(&a.bulletins) {
        eprintln!("{t}");
    }
    let barres = Barres::default();
    let c = corriger_lectures(&p.partie, &lexique_partie, lu.lectures, m.regles.edition, &arbitre_engine::fichier::nom_seul(&m.partie), &barres);
    let mut erreurs = lu.erreurs;
    erreurs.extend(c.erreurs);
    for e in &erreurs {
        eprintln!("bulletin non corrigé : {}: {}", e.lieu(), e.message);
    }
    let dossier = m.dossier(&p, &lexique_partie, c.bulletins, erreurs, Default::default())?;
    let mut entrees = m.entrees();
    entrees.push(&a.bulletins);
    produire(&dossier, &m.sortie, &[], &entrees, Vec::new())
}

/// `arbitre rapports --archive FICHIER --sortie RÉPERTOIRE`.
pub fn executer_rapports(a: ArgsRapports) -> Result<ExitCode> {
    let nom = a.archive.display().to_string();
    let dossier = lire_archive(&nom, &lire_texte(&a.archive)?)?;
    produire(&dossier, &a.sortie, &[], &[&a.archive], Vec::new())
}
