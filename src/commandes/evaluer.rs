//! `arbitre evaluer` : mesure la lecture des scans sur une manche générée dont la vérité
//! terrain est à côté des images (`arbitre echantillons`) et, quand la manche a sa partie
//! (`partie.partie`, écrite par le générateur), les décisions d'`arbitre run` : décidées
//! automatiquement et justes, à vérifier, erreurs nuisibles dans les deux sens.

use super::commun::{barre_de_progression, lire_partie, lire_texte, sortie_possible, OptionsLecteur, OptionsCorrection};
use super::manche::Barres;
use arbitre_engine::nombres::seuil;
use arbitre_engine::lecture::Lecture;
use arbitre_engine::lexique_partie::LexiquePartie;
use arbitre_manche::correction::Contextes;
use arbitre_manche::depouillement::{depouiller, Entree};
use arbitre_manche::doute::Seuils;
use arbitre_manche::evaluation::{mesurer, MesuresDecisions};
use arbitre_pipeline::lecture_scan::LectureScan;
use arbitre_reports::joueurs::{lire_joueurs, premier_coup_par_table};
use std::collections::{BTreeMap, HashMap};
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
    lecteur: OptionsLecteur,
    /// La partie de la manche (par défaut MANCHE/partie.partie, si elle existe) : mesure
    /// aussi les décisions.
    #[arg(long, value_name = "FICHIER")]
    partie: Option<PathBuf>,
    #[command(flatten)]
    regles: OptionsCorrection,
    /// Pour calibrer : le seuil de doute (probabilité d'une autre décision au-delà de
    /// laquelle un bulletin est à vérifier) ; par défaut celui d'arbitre run.
    #[arg(long, value_name = "P")]
    seuil_doute: Option<f64>,
    /// Pour calibrer : le seuil de doute des lectures qui paieraient davantage le joueur.
    #[arg(long, value_name = "P")]
    seuil_favorable: Option<f64>,
    /// Pour calibrer : le seuil de doute des lectures qui paieraient moins le joueur par une
    /// faute courante (une pénalité, localisation erronée ; une autre référence écrite ; un
    /// autre score écrit).
    #[arg(long, value_name = "P")]
    seuil_faute_courante: Option<f64>,
    /// Pour calibrer : la probabilité minimale de la lecture pour une sanction automatique.
    #[arg(long, value_name = "P")]
    lecture_sure: Option<f64>,
    /// Pour calibrer : le seuil de doute sur le numéro de table (probabilité qu'il en soit un autre).
    #[arg(long, value_name = "P")]
    seuil_table: Option<f64>,
    /// Pour calibrer : la probabilité sous laquelle une lecture est négligeable.
    #[arg(long, value_name = "P")]
    negligeable: Option<f64>,
    /// Mesure la calibration du doute sur la décision : chaque bulletin est jugé sur toutes
    /// ses lectures non négligeables (plus lent ; mêmes décisions).
    #[arg(long)]
    doute_complet: bool,
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
        minuscules: vt.main.as_ref().is_some_and(|m| m.minuscules),
    }
}

pub fn executer(a: Args) -> Result<ExitCode> {
    if let Some(s) = &a.sortie {
        sortie_possible(s)?;
    }
    let lecteur = a.lecteur.lecteur()?;
    let v = verites(&a.manche)?;
    let partie = a.partie.clone().or_else(|| Some(a.manche.join("partie.partie")).filter(|p| p.exists()));
    let (lectures, decisions) = match &partie {
        Some(p) => {
            let (l, d) = avec_decisions(&a, &lecteur, p)?;
            (l, Some(d))
        }
        None => (lire_seulement(&a, &lecteur, &v), None),
    };
    let par_nom: HashMap<String, &VeriteTerrain> = v.iter().map(|(image, vt)| (nom(&a.manche, image), vt)).collect();
    let paires: Vec<(LectureScan, Verite)> = lectures.into_iter().filter_map(|l| Some((verite(par_nom.get(&l.image)?), l))).map(|(vt, l)| (l, vt)).collect();
    let e = evaluer(&paires);
    println!("Lecture de {} images ({} rejetées)\n", e.images, e.rejetees);
    println!("{}\n", e.tout.texte());
    println!("Le dixième des bulletins dont la machine est la plus sûre :\n{}\n", e.plus_surs.texte());
    println!("Le dixième des bulletins dont la machine est la moins sûre :\n{}", e.moins_surs.texte());
    if let Some(m) = &e.en_minuscules {
        println!("\nLes bulletins écrits en minuscules (le modèle n'a appris que des capitales) :\n{}", m.texte());
    }
    if let Some(d) = &decisions {
        println!("\n{}", d.texte());
        for (table, coup, vraie, machine) in d.exemples.iter().take(20) {
            println!("  table {table}, coup {coup} : vérité {vraie}, décision automatique {machine}");
        }
        if let Some(c) = &d.calibration_du_doute {
            print!("\n{}", c.texte());
        }
    }
    if let Some(s) = &a.sortie {
        let json = serde_json::json!({ "lecture": e, "decisions": decisions });
        std::fs::write(s, serde_json::to_string_pretty(&json)? + "\n").with_context(|| format!("{} : écriture impossible", s.display()))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Le nom d'une image tel que la lecture le rapporte (relatif au dossier de la manche).
fn nom(manche: &Path, image: &Path) -> String {
    image.strip_prefix(manche).unwrap_or(image).to_string_lossy().replace('\\', "/")
}

/// La lecture seule des images (sans partie).
fn lire_seulement(a: &Args, lecteur: &Lecteur, v: &[(PathBuf, VeriteTerrain)]) -> Vec<LectureScan> {
    let b = barre_de_progression(v.len(), "images");
    let l = v
        .par_iter()
        .flat_map_iter(|(image, vt)| {
            let l = lecteur.lire_fichier(image, &nom(&a.manche, image), Some(vt.lecture.coup));
            b.inc(1);
            l
        })
        .collect();
    b.finish_and_clear();
    l
}

/// Le dépouillement de la manche comme `arbitre run` le fait, et ses décisions mesurées
/// contre celles des lectures vraies.
fn avec_decisions(a: &Args, lecteur: &Lecteur, partie: &Path) -> Result<(Vec<LectureScan>, MesuresDecisions)> {
    let lx = a.regles.lexique.charger()?;
    let partie = lire_partie(partie, a.regles.formule()?)?;
    let lexique = LexiquePartie::new(&partie, &lx);
    let joueurs = a.manche.join("joueurs.csv");
    let tables: Option<BTreeMap<u32, u32>> = if joueurs.exists() {
        Some(premier_coup_par_table(&lire_joueurs(&joueurs.display().to_string(), &lire_texte(&joueurs)?)?))
    } else {
        None
    };
    let defaut = Seuils::default();
    let seuils = Seuils { doute: a.seuil_doute.unwrap_or(defaut.doute), favorable: a.seuil_favorable.unwrap_or(defaut.favorable), faute_courante: a.seuil_faute_courante.unwrap_or(defaut.faute_courante), table: a.seuil_table.unwrap_or(defaut.table), negligeable: a.negligeable.unwrap_or(defaut.negligeable), sanction: a.lecture_sure.unwrap_or(defaut.sanction), complet: a.doute_complet };
    println!(
        "seuils de doute : {} (lectures qui paieraient moins), {} (qui paieraient moins par une faute courante du joueur : pénalité, référence écrite, score écrit), {} (qui paieraient plus), {} (numéro de table) ; lecture sûre pour sanctionner : {} ; lecture négligeable sous {} ; score d'un scrabble lu sans sa prime : {}",
        seuil(seuils.doute),
        seuil(seuils.faute_courante),
        seuil(seuils.favorable),
        seuil(seuils.table),
        seuil(seuils.sanction),
        seuil(seuils.negligeable),
        seuil(arbitre_manche::prime_oubliee::P_PRIME_OUBLIEE)
    );
    let entree = Entree { partie: &partie, lexique: &lexique, edition: a.regles.edition, lecteur, scans: &a.manche, sortie: None, coup: None, jusqu_au_coup: None, tables, corrections: Default::default(), premier: None, seuils, extraits: false, empreinte_du_lecteur: None };
    let barres = Barres::default();
    let d = depouiller(entree, &barres)?;
    let vraies: Vec<Lecture> = arbitre_echantillons::sortie::verites(&a.manche)?.into_iter().map(|(_, vt)| vt.lecture).collect();
    let contextes = Contextes::preparer(&partie, &lexique, 1..=partie.coups.len() as u32, a.regles.edition, &barres);
    let m = mesurer(&contextes, &vraies, &d.bulletins, &d.absences_a_verifier, a.doute_complet.then_some(&d.doutes_des_decisions));
    print!("{}", d.bilan.texte());
    for a in d.bilan.alertes() {
        println!("ATTENTION : {a}");
    }
    println!();
    Ok((d.scans, m))
}
