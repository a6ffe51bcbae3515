//! `arbitre run` : le travail principal en une commande. Les scans d'une manche (un dossier
//! par coup) sont lus, chaque image est attribuée à un bulletin ou rejetée avec sa raison,
//! chaque bulletin est corrigé ; quand le doute de la machine compte pour la décision, le
//! bulletin est « à vérifier » par une personne (page `revue.html`), et les résultats sont
//! provisoires tant qu'il en reste. Écrit tout ce qu'écrit `corriger`, plus la page de
//! revue et ses extraits de scans.
//!
//! Code de sortie : 0 quand les rapports sont écrits — définitifs, ou provisoires tant que
//! des bulletins sont à vérifier (le bilan et toutes les pages le disent ; `decisions.jsonl`
//! porte `a_verifier`) ; 1 quand des bulletins n'ont pas pu être corrigés du tout (panne de
//! la correction, correction de personne illisible) ou qu'une correction de personne n'a pas
//! pu être appliquée (le bulletin garde sa décision, à vérifier) ; 2 en cas d'échec.

use super::commun::OptionFormulaire;
use super::manche::{produire, Barres, OptionsManche, Preparation, Scans};
use arbitre_engine::nombres::decimal;
use anyhow::{bail, Result};
use arbitre_engine::lexique_partie::LexiquePartie;
use arbitre_manche::corrections::{verifier_partie, Corrections};
use arbitre_reports::dossier::PartieResumee;
use arbitre_manche::depouillement::{depouiller, Entree};
use arbitre_pipeline::lecteur::Lecteur;
use arbitre_reports::rapports::{verifier_sortie, Rapport, LECTURES_MACHINE};
use arbitre_reports::verification::PAGE_BLANCHE;
use arbitre_reports::joueurs::premier_coup_par_table;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Le dossier des scans : un sous-dossier par coup (coup-05, coup5, « Coup n°5 » ou 05 :
    /// le coup 5 ; ses propres sous-dossiers, les lots du scanner, en sont), ou un fichier par
    /// coup nommé ainsi (coup-05.pdf), fichiers JPEG, PNG, WebP, BMP, TIFF ou PDF (plusieurs
    /// pages : une page par bulletin).
    #[arg(long, value_name = "RÉPERTOIRE")]
    scans: PathBuf,
    /// Le coup de tous les scans, quand ils sont dans un seul dossier.
    #[arg(long, value_name = "N")]
    coup: Option<u32>,
    /// Une partie en cours : ne corrige que ses coups 1 à N (le double arbitre suit la
    /// partie à quelques coups de distance) ; les scans, les corrections et la correction
    /// du premier arbitre des coups suivants sont laissés de côté, les résultats sont ceux
    /// des N premiers coups.
    #[arg(long = "jusqu-au-coup", value_name = "N")]
    jusqu_au_coup: Option<u32>,
    /// Les lectures corrigées par des personnes (format texte des lectures, un bulletin par
    /// table et coup ; la page de revue les prépare) : elles remplacent ce que la machine a
    /// lu.
    #[arg(long, value_name = "FICHIER")]
    corrections: Option<PathBuf>,
    #[command(flatten)]
    formulaire: OptionFormulaire,
    #[command(flatten)]
    manche: OptionsManche,
    /// Affiche la durée de chaque étape (lecture des scans, extraits de la revue compris ;
    /// contextes des coups ; jugement des bulletins ; extraits des scans dont la lecture
    /// est reprise d'une exécution précédente) et le temps total.
    #[arg(long)]
    temps: bool,
}

/// Le fichier de corrections, s'il est bien de cette partie : préparé quand elle (en
/// cours) en était à n'importe lequel de ses coups.
fn lire_corrections(f: &Path, p: &Preparation, formule: &str) -> Result<Corrections> {
    let octets = arbitre_engine::fichier::lire(f)?;
    let partie = PartieResumee::depuis(&p.partie, formule, String::new());
    let empreintes: Vec<String> = (1..=partie.coups.len()).map(|n| partie.empreinte_jusqu_au_coup(n)).collect();
    verifier_partie(&f.display().to_string(), &octets, &empreintes).map_err(anyhow::Error::msg)?;
    Ok(Corrections::lire(&arbitre_engine::fichier::nom_seul(f), &octets))
}

/// `--jusqu-au-coup N` : la partie, ses corrections et la correction du premier arbitre
/// arrêtées au coup N ; `Some(N)` quand la partie va plus loin (partie en cours).
fn partie_en_cours(jusqu_au_coup: Option<u32>, p: &mut Preparation, corrections: &mut Corrections, m: &OptionsManche) -> Result<Option<u32>> {
    let coups = p.partie.coups.len() as u32;
    let n = match jusqu_au_coup {
        Some(n) if n == 0 || n > coups => bail!("--jusqu-au-coup {n} : la partie {} a {coups} coup(s)", m.partie.display()),
        Some(n) if n < coups => n,
        _ => return Ok(None),
    };
    p.partie.jusqu_au_coup(n as usize);
    corrections.garder_jusqu_au_coup(n);
    if let Some(premier) = p.premier.as_mut() {
        premier.retain(|c| c.coup <= n);
    }
    Ok(Some(n))
}

/// L'empreinte de tout ce qui fait une lecture, hors du scan : cet exécutable (le lecteur
/// et son modèle embarqué ; une autre version, recompilée, ne reprend rien), le formulaire
/// et le jeu d'instructions sur lequel le modèle calcule (le même exécutable sur un autre
/// processeur peut différer au dernier chiffre d'une probabilité : un dossier de sortie
/// déplacé sur un autre ordinateur fait tout relire). Les lectures d'une exécution
/// précédente ne sont reprises que de la même empreinte (`arbitre_manche::lectures_gardees`).
fn empreinte_du_lecteur(lecteur: &Lecteur) -> Result<String> {
    let exe = std::env::current_exe().map_err(|e| anyhow::anyhow!("chemin de l'exécutable introuvable : {e}"))?;
    let executable = arbitre_engine::fichier::empreinte_du_fichier(&exe)?;
    let processeur = arbitre_pipeline::modele::Modele::jeu_d_instructions();
    Ok(arbitre_engine::fichier::empreinte(format!("{executable}\n{:?}\n{processeur}", lecteur.formulaire).as_bytes()))
}

pub fn executer(a: Args) -> Result<ExitCode> {
    let debut = std::time::Instant::now();
    let m = &a.manche;
    // Le fichier de corrections rangé à côté de la page de revue qui l'a préparé y reste.
    let mut entrees = m.entrees();
    entrees.extend(a.corrections.as_deref());
    entrees.extend(a.formulaire.formulaire.as_deref());
    // Un dossier de sortie refusé l'est avant la lecture des scans, pas des minutes après.
    verifier_sortie(&m.sortie, &entrees)?;
    let mut p = m.preparer()?;
    let lecteur = Lecteur::new(a.formulaire.charger()?)?;
    let mut corrections = match &a.corrections {
        Some(f) => lire_corrections(f, &p, &m.regles.formule)?,
        None => Corrections::default(),
    };
    let coups_du_fichier = p.partie.coups.len() as u32;
    let en_cours = partie_en_cours(a.jusqu_au_coup, &mut p, &mut corrections, m)?;
    let lexique = LexiquePartie::new(&p.partie, &p.lexique);
    let tables = premier_coup_par_table(&p.joueurs);
    let entree = Entree {
        partie: &p.partie,
        lexique: &lexique,
        edition: m.regles.edition,
        lecteur: &lecteur,
        scans: &a.scans,
        sortie: Some(m.sortie.as_path()),
        coup: a.coup,
        jusqu_au_coup: en_cours,
        tables: (!tables.is_empty()).then_some(tables),
        corrections,
        premier: p.premier.as_deref(),
        seuils: Default::default(),
        extraits: true,
        empreinte_du_lecteur: match empreinte_du_lecteur(&lecteur) {
            Ok(e) => Some(e),
            Err(e) => {
                // Sans empreinte, rien n'est gardé ni repris : tout est lu, comme sans ce raccourci.
                eprintln!("lectures non gardées pour la prochaine exécution : {e:#}");
                None
            }
        },
    };
    let barres = Barres::default();
    let d = depouiller(entree, &barres)?;
    for e in &d.erreurs {
        eprintln!("bulletin non corrigé : {}: {}", e.lieu(), e.message);
    }
    for e in &d.corrections_non_appliquees {
        eprintln!("correction non appliquée, bulletin à vérifier : {}: {}", e.lieu(), e.message);
    }
    let corrections_non_appliquees = !d.corrections_non_appliquees.is_empty();
    // Les pages blanches (un verso par bulletin, scannées en recto verso) sont comptées dans
    // le bilan et listées dans rejets.jsonl, pas une à une ici.
    for r in d.rejets.iter().filter(|r| r.raison != PAGE_BLANCHE) {
        eprintln!("image rejetée : {} : {}", r.image, r.message);
    }
    // Les bulletins à vérifier, comptés sur les décisions comme le disent les rapports (une
    // correction sans scan non appliquée en est un, sans être une image).
    let a_verifier = d.bulletins.iter().filter(|b| b.verification.as_ref().is_some_and(|v| v.a_verifier)).count() + d.bilan.absents_a_verifier;
    let mut dossier = m.dossier(&p, &lexique, d.bulletins, d.erreurs, Scans { rejets: d.rejets, absences_a_verifier: d.absences_a_verifier, alertes: d.bilan.alertes() })?;
    dossier.partie.coups_du_fichier = en_cours.map(|_| coups_du_fichier);
    let lectures = d.lectures_gardees.map(|contenu| Rapport { nom: LECTURES_MACHINE.into(), contenu });
    produire(&dossier, &m.sortie, &d.extraits, &entrees, lectures.into_iter().collect())?;
    print!("{}", d.bilan.texte());
    if a.temps {
        println!("durées : {} ; total {} s", barres.durees(), decimal(debut.elapsed().as_secs_f64(), 2));
    }
    if a_verifier > 0 {
        println!(
            "Ouvrez {} : vérifiez les {a_verifier} bulletin(s), corrigez les lectures, enregistrez le fichier de corrections et relancez avec --corrections, vers ce même dossier de sortie (les scans inchangés n'y sont pas relus).",
            m.sortie.join("revue.html").display()
        );
    }
    Ok(if dossier.erreurs.is_empty() && !corrections_non_appliquees { ExitCode::SUCCESS } else { ExitCode::from(1) })
}
