//! `arbitre echantillons --partie F --tables N --graine S --sortie DIR [--ecritures DIR]` :
//! génère une manche de bulletins scannés synthétiques avec leur vérité terrain (voir
//! `samples/README.md`).

use super::commun::{formule, lire_partie, OptionLexique};
use anyhow::{bail, Context, Result};
use arbitre_echantillons::ecritures::{Ecritures, Partage};
use arbitre_echantillons::generateur::{polices, tables_en_minuscules, Generateur};
use arbitre_echantillons::scanner::Bornes;
use arbitre_echantillons::sortie::{ecrire_manche, prevoir_manche};
use arbitre_formulaire::Formulaire;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// La partie (fichier .partie) dont on génère les bulletins.
    #[arg(long, value_name = "FICHIER")]
    partie: PathBuf,
    /// Nombre de tables (bulletins par coup).
    #[arg(long, default_value_t = 20)]
    tables: u32,
    /// Graine : même graine, mêmes fichiers, octet pour octet.
    #[arg(long, default_value_t = 1)]
    graine: u64,
    /// Dossier de sortie (créé au besoin).
    #[arg(long, value_name = "DOSSIER")]
    sortie: PathBuf,
    /// Un dossier d'écritures au format des planches EMNIST (test.json + planches WebP) :
    /// chaque caractère manuscrit en est tiré, et de lui seul. Par défaut : la partie
    /// « évaluation » des planches EMNIST de ../shared/data, plus une police manuscrite.
    #[arg(long, value_name = "DOSSIER")]
    ecritures: Option<PathBuf>,
    /// Coups à générer : « 1-5 », « 3 » ; tous par défaut.
    #[arg(long)]
    coups: Option<String>,
    /// Résolution minimale du scan (150 à 600 dpi).
    #[arg(long, default_value_t = 150)]
    dpi_min: u32,
    /// Résolution maximale du scan (150 à 600 dpi ; moins pour des fichiers plus légers).
    #[arg(long, default_value_t = 400)]
    dpi_max: u32,
    /// Qualité JPEG maximale (45 à 95).
    #[arg(long, default_value_t = 95)]
    jpeg_max: u8,
    /// Le bulletin dessiné (fichier TOML) ; le bulletin FISF par défaut.
    #[arg(long, value_name = "FICHIER")]
    formulaire: Option<PathBuf>,
    /// Une manche de validation : les écritures des planches EMNIST d'entraînement données
    /// (« 3 » : la planche de validation du modèle, pour calibrer le seuil de doute) au lieu
    /// des planches d'évaluation.
    #[arg(long, value_name = "A-B")]
    planches: Option<String>,
    /// Part des joueurs (0 à 1) qui écrivent leurs mots et la lettre de leur référence en
    /// minuscules, à chaque coup (le règlement ne demande des capitales que « de
    /// préférence », 4.2) ; les tables sont tirées de la graine.
    #[arg(long, value_name = "PART", default_value_t = 0.0)]
    minuscules: f64,
    #[command(flatten)]
    lexique: OptionLexique,
    /// Formule : standard, 7sur8, 7et8, 789.
    #[arg(long, default_value = "standard", value_parser = super::commun::valider_formule)]
    formule: String,
}

fn lire_coups(s: &str, max: u32) -> Result<Vec<u32>> {
    let (a, b) = match s.split_once('-') {
        Some((a, b)) => (a.trim().parse::<u32>()?, b.trim().parse::<u32>()?),
        None => {
            let n = s.trim().parse::<u32>()?;
            (n, n)
        }
    };
    if a == 0 || a > b || b > max {
        bail!("--coups {s} : attendu un intervalle dans 1-{max}");
    }
    Ok((a..=b).collect())
}

/// `--planches A-B` (ou `A`), dans 0–3.
fn lire_planches(s: &str) -> Result<(usize, usize)> {
    let (a, b) = s.split_once('-').unwrap_or((s, s));
    let (a, b) = (a.trim().parse::<usize>()?, b.trim().parse::<usize>()?);
    if a > b || b > 3 {
        bail!("intervalle hors de 0-3");
    }
    Ok((a, b))
}

pub fn executer(a: Args) -> Result<ExitCode> {
    if a.tables == 0 {
        bail!("--tables doit valoir au moins 1");
    }
    if !(150..=600).contains(&a.dpi_min) || !(150..=600).contains(&a.dpi_max) || a.dpi_min > a.dpi_max || !(45..=95).contains(&a.jpeg_max) {
        bail!("--dpi-min et --dpi-max dans 150–600 (--dpi-min au plus --dpi-max), --jpeg-max dans 45–95");
    }
    if !(0.0..=1.0).contains(&a.minuscules) {
        bail!("--minuscules {} : attendu une part entre 0 et 1", a.minuscules);
    }
    let lx = a.lexique.charger()?;
    let partie = lire_partie(&a.partie, formule(&a.formule)?)?;
    let texte = arbitre_engine::fichier::lire_texte(&a.partie)?;
    let coups = match &a.coups {
        Some(s) => lire_coups(s, partie.coups.len() as u32).with_context(|| format!("--coups « {s} »"))?,
        None => (1..=partie.coups.len() as u32).collect(),
    };
    let form = match &a.formulaire {
        Some(f) => Formulaire::charger(f)?,
        None => Formulaire::fisf(),
    };
    let (dossier, partage) = match &a.ecritures {
        Some(d) => (d.clone(), Partage::Tout),
        None => (Ecritures::dossier_emnist(), Partage::Evaluation),
    };
    let (ecritures, pol) = match &a.planches {
        Some(p) => {
            let (p0, p1) = lire_planches(p).with_context(|| format!("--planches « {p} » : attendu A-B dans 0-3 (les planches 4 et 5 sont celles de l'évaluation)"))?;
            let mut e = Ecritures::charger(&dossier, Partage::Entrainement)?;
            e.garder_planches(p0, p1);
            (e, polices(Partage::Entrainement))
        }
        None => (Ecritures::charger(&dossier, partage)?, polices(partage)),
    };
    let mut g = Generateur::new(&form, &ecritures, &pol);
    g.bornes = Bornes { dpi: (a.dpi_min as f32, a.dpi_max as f32), jpeg: (45.min(a.jpeg_max), a.jpeg_max) };
    g.minuscules = tables_en_minuscules(a.graine, a.tables, a.minuscules);
    if !g.minuscules.is_empty() && ecritures.minuscules.is_empty() {
        bail!("--minuscules : le dossier d'écritures {} n'a aucun tracé de minuscule", dossier.display());
    }
    let prevus = prevoir_manche(&partie, &lx, &coups, a.tables, a.graine).map_err(anyhow::Error::msg)?;
    let bilan = ecrire_manche(&g, &prevus, &texte, a.graine, a.tables, &a.sortie).with_context(|| format!("écriture dans {}", a.sortie.display()))?;
    eprintln!(
        "{} bulletins ({} images) pour {} coup(s) × {} tables dans {} ; lectures : {}",
        bilan.bulletins,
        bilan.images,
        bilan.coups.len(),
        bilan.tables,
        a.sortie.display(),
        a.sortie.join("bulletins.txt").display()
    );
    Ok(ExitCode::SUCCESS)
}
