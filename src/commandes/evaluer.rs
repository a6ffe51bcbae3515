//! `arbitre evaluer` : mesure la lecture des scans sur une manche générée dont la vérité
//! terrain est à côté des images (`arbitre echantillons`).

use super::commun::{barre_de_progression, OptionFormulaire};
use anyhow::{bail, Context, Result};
use arbitre_echantillons::rendu::LieuRature;
use arbitre_echantillons::verite::VeriteTerrain;
use arbitre_pipeline::evaluation::{evaluer, Verite};
use arbitre_pipeline::lecteur::Lecteur;
use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Le dossier de la manche générée (arbitre echantillons) : dossiers coup-NN, images
    /// et vérités terrain (JSON) côte à côte.
    #[arg(long, value_name = "DOSSIER")]
    manche: PathBuf,
    /// Écrit aussi les mesures en JSON.
    #[arg(long, value_name = "FICHIER")]
    sortie: Option<PathBuf>,
    #[command(flatten)]
    formulaire: OptionFormulaire,
}

/// Les vérités terrain de la manche qui ont une image : (image, vérité).
fn verites(dossier: &Path) -> Result<Vec<(PathBuf, VeriteTerrain)>> {
    let v: Vec<(PathBuf, VeriteTerrain)> = arbitre_echantillons::sortie::verites(dossier)
        .with_context(|| format!("{} : lecture de la manche impossible", dossier.display()))?
        .into_iter()
        .filter_map(|(json, vt)| Some((json.parent()?.join(vt.image.as_ref()?), vt)))
        .collect();
    if v.is_empty() {
        bail!("{} : aucune vérité terrain de bulletin scanné (dossiers coup-NN d'arbitre echantillons)", dossier.display());
    }
    Ok(v)
}

fn verite(vt: &VeriteTerrain) -> Verite {
    let geo = vt.geometrie.as_ref().expect("une image a sa géométrie");
    Verite {
        lecture: vt.lecture.clone(),
        mm_vers_px: geo.mm_vers_px,
        tete_en_bas: vt.perturbations.as_ref().is_some_and(|p| p.retourne),
        origine: geo.origine,
        ratures: geo
            .ratures
            .iter()
            .filter_map(|r| match r.lieu {
                LieuRature::Case { zone_rangee, zone_colonne } => Some([zone_rangee, zone_colonne]),
                LieuRature::Score => None,
            })
            .collect(),
    }
}

pub fn executer(a: Args) -> Result<ExitCode> {
    let lecteur = Lecteur::new(a.formulaire.charger()?)?;
    let v = verites(&a.manche)?;
    let b = barre_de_progression(v.len(), "images");
    let paires: Vec<_> = v
        .par_iter()
        .flat_map_iter(|(image, vt)| {
            let nom = image.strip_prefix(&a.manche).unwrap_or(image).display().to_string();
            let l = lecteur.lire_fichier(image, &nom, Some(vt.lecture.coup));
            b.inc(1);
            l.into_iter().map(move |l| (l, verite(vt)))
        })
        .collect();
    b.finish_and_clear();
    let e = evaluer(&paires);
    println!("Lecture de {} images ({} rejetées)\n", e.images, e.rejetees);
    println!("{}\n", e.tout.texte());
    println!("Le dixième des bulletins dont la machine est la plus sûre :\n{}\n", e.plus_surs.texte());
    println!("Le dixième des bulletins dont la machine est la moins sûre :\n{}", e.moins_surs.texte());
    if let Some(s) = &a.sortie {
        std::fs::write(s, serde_json::to_string_pretty(&e)? + "\n").with_context(|| format!("{} : écriture impossible", s.display()))?;
    }
    Ok(ExitCode::SUCCESS)
}
