//! `arbitre lire` : lit des bulletins scannés et écrit, par image, la lecture la plus
//! probable et le doute de la machine (JSON Lines), ou les lectures au format texte.

use super::commun::{barre_de_progression, sortie_possible, OptionsLecteur};
use anyhow::{Context, Result};
use arbitre_engine::nombres::decimal;
use arbitre_pipeline::lecture_scan::{LectureScan, RaisonRejet};
use arbitre_pipeline::scans::inventaire;
use rayon::prelude::*;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum Format {
    /// Un objet JSON par image : lecture, alternatives, recalage, rejet.
    Json,
    /// Le format texte des lectures (arbitre grade), `{UV}` où la deuxième lecture est proche.
    Texte,
}

#[derive(clap::Args)]
pub struct Args {
    /// Les scans : fichiers ou dossiers, sous-dossiers compris (dans un dossier coup-05, coup5
    /// ou 05, et ses sous-dossiers, le coup 5 ; hors d'un tel dossier, un fichier nommé
    /// coup-05.pdf aussi).
    #[arg(required = true, value_name = "SCANS")]
    scans: Vec<PathBuf>,
    /// Le fichier à écrire.
    #[arg(long, value_name = "FICHIER")]
    sortie: PathBuf,
    /// Le coup de tous les scans (sinon d'après le nom de leur dossier).
    #[arg(long, value_name = "N")]
    coup: Option<u32>,
    #[command(flatten)]
    lecteur: OptionsLecteur,
    /// Format de sortie.
    #[arg(long, value_enum, default_value = "json")]
    format: Format,
    /// Mesure la vitesse : images par seconde de bout en bout (décodage → lecture), temps
    /// de chaque étape et part du seul décodage.
    #[arg(long)]
    temps: bool,
}

/// Sous cette probabilité, la deuxième lecture d'une case n'est pas écrite `{UV}`.
const SEUIL_TEXTE: f32 = 0.1;

pub fn executer(a: Args) -> Result<ExitCode> {
    sortie_possible(&a.sortie)?;
    let lecteur = a.lecteur.lecteur()?;
    let inv = inventaire(&a.scans, a.coup, &[])?;
    if !inv.ignores.is_empty() {
        eprintln!("{} fichier(s) qui ne sont pas des images laissés de côté ({}{})", inv.ignores.len(), inv.ignores.iter().take(3).cloned().collect::<Vec<_>>().join(", "), if inv.ignores.len() > 3 { ", …" } else { "" });
    }
    let debut = std::time::Instant::now();
    let b = barre_de_progression(inv.images.len(), "images");
    let lectures: Vec<Vec<LectureScan>> = inv
        .images
        .par_iter()
        .map(|s| {
            let r = lecteur.lire_fichier(&s.chemin, &s.nom, s.coup);
            b.inc(1);
            r
        })
        .collect();
    b.finish_and_clear();
    let ecoule = debut.elapsed().as_secs_f64();
    let mut f = std::io::BufWriter::new(std::fs::File::create(&a.sortie).with_context(|| format!("{} : écriture impossible", a.sortie.display()))?);
    let (mut lues, mut rejetees, mut blanches) = (0, 0, 0);
    for l in lectures.iter().flatten() {
        match a.format {
            Format::Json => writeln!(f, "{}", serde_json::to_string(l)?)?,
            Format::Texte => writeln!(f, "{}", l.vers_texte(SEUIL_TEXTE))?,
        }
        match &l.rejet {
            // Les pages blanches (un verso par bulletin, en recto verso) : comptées, pas
            // nommées une à une.
            Some(r) if r.raison == RaisonRejet::PageBlanche => blanches += 1,
            Some(r) => {
                rejetees += 1;
                eprintln!("{} : rejetée : {}", l.image, r.message);
            }
            None => lues += 1,
        }
    }
    f.flush()?;
    let blanches = if blanches > 0 { format!(", {blanches} page(s) blanche(s)") } else { String::new() };
    println!("{} fichier(s) d'image : {lues} bulletin(s) lu(s), {rejetees} rejeté(s){blanches} ; lectures écrites dans {}", lectures.len(), a.sortie.display());
    if a.temps {
        let n = lectures.iter().flatten().count();
        let c = &lecteur.chronos;
        let decodage = c.duree(arbitre_pipeline::chronos::Etape::Decodage).as_secs_f64();
        println!(
            "vitesse : {} images/s ({} images en {} s, {} fils) ; par étape (temps de fil) : {} ; le décodage seul plafonnerait à {} images/s",
            decimal(n as f64 / ecoule.max(f64::MIN_POSITIVE), 1),
            n,
            decimal(ecoule, 2),
            rayon::current_num_threads(),
            c.texte(n),
            decimal(n as f64 * rayon::current_num_threads() as f64 / decodage.max(f64::MIN_POSITIVE), 1)
        );
    }
    Ok(ExitCode::SUCCESS)
}
