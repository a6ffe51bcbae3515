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
    /// Le dossier de la manche générée : images et vérités terrain (JSON) côte à côte, à
    /// plat ou dans des dossiers coup-NN.
    #[arg(long, value_name = "DOSSIER")]
    manche: PathBuf,
    /// Écrit aussi les mesures en JSON.
    #[arg(long, value_name = "FICHIER")]
    sortie: Option<PathBuf>,
    #[command(flatten)]
    formulaire: OptionFormulaire,
}

/// Les vérités terrain d'un dossier (et de ses sous-dossiers d'un niveau) qui ont une image.
fn verites(dossier: &Path) -> Result<Vec<(PathBuf, VeriteTerrain)>> {
    let mut v = Vec::new();
    let mut dossiers = vec![dossier.to_path_buf()];
    for e in std::fs::read_dir(dossier).with_context(|| format!("{} : lecture du dossier impossible", dossier.display()))? {
        let p = e?.path();
        if p.is_dir() {
            dossiers.push(p);
        }
    }
    for d in dossiers {
        for e in std::fs::read_dir(&d)? {
            let p = e?.path();
            if p.extension().is_none_or(|x| x != "json") || p.file_name().is_some_and(|n| n == "manche.json") {
                continue;
            }
            let texte = std::fs::read_to_string(&p).with_context(|| format!("{} : lecture impossible", p.display()))?;
            let Ok(vt) = serde_json::from_str::<VeriteTerrain>(&texte) else { continue };
            if let Some(image) = &vt.image {
                v.push((d.join(image), vt));
            }
        }
    }
    v.sort_by(|a, b| a.0.cmp(&b.0));
    if v.is_empty() {
        bail!("{} : aucune vérité terrain de bulletin scanné (JSON d'arbitre echantillons)", dossier.display());
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
