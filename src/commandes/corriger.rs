//! `arbitre corriger` : corrige toute une manche (chaque bulletin de chaque coup) et écrit
//! tous les rapports dans un répertoire : résultats, billets de correction, feuille de
//! suivi, rectifications du double arbitrage, archive, page d'index.
//! `arbitre rapports` : refait les rapports à partir d'une archive.
//!
//! Un bulletin illisible (ligne malformée), d'un coup absent de la partie ou en double
//! est signalé (fichier:ligne) et compté dans les rapports (zéro provisoire, à corriger à
//! la main) ; les autres sont corrigés. Code de sortie 1 s'il y en a.

use super::commun::{lire_partie, OptionsCorrection};
use anyhow::{bail, Context, Result};
use arbitre_engine::arbitrage::{corriger, ContexteCoup};
use arbitre_engine::lecture::{lire_bulletins, ErreurLecture, Lecture};
use arbitre_engine::lexique_partie::{avertissement, LexiquePartie};
use arbitre_reports::archive::lire_archive;
use arbitre_reports::double_arbitrage::lire_premier_arbitre;
use arbitre_reports::dossier::PartieResumee;
use arbitre_reports::joueurs::lire_joueurs;
use arbitre_reports::{ecrire_rapports, generer_rapports, BulletinCorrige, Dossier, ErreurBulletin, Reglages};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use std::collections::{BTreeSet, HashMap};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// La partie (fichier .partie) : grilles, tirages et tops.
    #[arg(long, value_name = "FICHIER")]
    partie: PathBuf,
    /// Les bulletins lus : un fichier, ou un répertoire dont chaque fichier .txt (format
    /// texte des lectures), .json (tableau de lectures) ou .jsonl (une lecture par ligne)
    /// est lu.
    #[arg(long, value_name = "FICHIER|RÉPERTOIRE")]
    bulletins: PathBuf,
    /// La correction du premier arbitre (double arbitrage) : CSV table,coup,score[,sanction].
    #[arg(long, value_name = "CSV")]
    arbitrage: Option<PathBuf>,
    /// Les joueurs : CSV table,nom[,arrivee] (arrivee : premier coup joué d'un retardataire).
    #[arg(long, value_name = "CSV")]
    joueurs: Option<PathBuf>,
    #[command(flatten)]
    regles: OptionsCorrection,
    /// Blitz ou partie originale : les avertissements coûtent 5 points dès le 6e (5.9).
    #[arg(long)]
    blitz: bool,
    /// Nombre de joueurs de la salle, pour la bonification de solo (3.5 : 16 ou plus) ;
    /// par défaut le nombre de tables corrigées.
    #[arg(long, value_name = "N")]
    nombre_joueurs: Option<u32>,
    /// Tournoi / partie, pour les en-têtes (par défaut le nom du fichier de partie).
    #[arg(long)]
    titre: Option<String>,
    /// Le nom de l'arbitre (en-tête de la feuille de suivi).
    #[arg(long)]
    arbitre: Option<String>,
    /// Le répertoire où écrire les rapports (créé au besoin).
    #[arg(long, value_name = "RÉPERTOIRE")]
    sortie: PathBuf,
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

/// Une barre de progression sur la sortie d'erreur, cachée hors d'un terminal.
fn barre(n: usize, message: &'static str) -> ProgressBar {
    let b = ProgressBar::with_draw_target(Some(n as u64), ProgressDrawTarget::stderr());
    if !std::io::stderr().is_terminal() {
        b.set_draw_target(ProgressDrawTarget::hidden());
    }
    b.set_style(ProgressStyle::with_template("{msg:>12} [{bar:40}] {pos}/{len} {elapsed}").expect("gabarit valide").progress_chars("=> "));
    b.set_message(message);
    b
}

/// Les fichiers de bulletins : le fichier donné, ou ceux du répertoire (triés).
fn fichiers_bulletins(chemin: &Path) -> Result<Vec<PathBuf>> {
    if !chemin.is_dir() {
        return Ok(vec![chemin.to_path_buf()]);
    }
    let mut v = Vec::new();
    for entree in std::fs::read_dir(chemin).with_context(|| format!("lecture du répertoire {} impossible", chemin.display()))? {
        let p = entree?.path();
        let ext = p.extension().and_then(|e| e.to_str()).unwrap_or("");
        let cache = p.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.starts_with('.'));
        if p.is_file() && !cache && matches!(ext, "txt" | "bulletins" | "json" | "jsonl") {
            v.push(p);
        }
    }
    v.sort();
    if v.is_empty() {
        bail!("aucun fichier de bulletins (.txt, .json, .jsonl) dans {}", chemin.display());
    }
    Ok(v)
}

/// Les lectures d'un fichier, chacune lue ou en erreur (fichier:ligne).
fn lire_fichier(p: &Path) -> Result<Vec<std::result::Result<Lecture, ErreurBulletin>>> {
    let nom = p.display().to_string();
    let texte = std::fs::read_to_string(p).with_context(|| format!("lecture de {nom} impossible"))?;
    let erreur = |ligne: usize, message: String| ErreurBulletin { fichier: nom.clone(), ligne, table: None, coup: None, message };
    Ok(match p.extension().and_then(|e| e.to_str()) {
        Some("json") => match serde_json::from_str::<Vec<Lecture>>(&texte) {
            Ok(v) => v.into_iter().map(Ok).collect(),
            Err(e) => vec![Err(erreur(e.line(), format!("JSON invalide : {e}")))],
        },
        Some("jsonl") => texte
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
            .map(|(i, l)| serde_json::from_str::<Lecture>(l).map_err(|e| erreur(i + 1, format!("JSON invalide : {e}"))))
            .collect(),
        _ => lire_bulletins(&nom, &texte).into_iter().map(|r| r.map_err(|e| erreur_lecture(&e))).collect(),
    })
}

fn erreur_lecture(e: &ErreurLecture) -> ErreurBulletin {
    ErreurBulletin { fichier: e.fichier.clone(), ligne: e.ligne, table: e.table, coup: e.coup, message: e.defaut.to_string() }
}

/// Le lieu d'une lecture (fichier:ligne), pour les messages.
fn lieu(l: &Lecture) -> (String, usize) {
    l.source.as_ref().map(|s| (s.fichier.clone(), s.ligne)).unwrap_or_default()
}

pub fn executer(a: Args) -> Result<ExitCode> {
    let lx = a.regles.lexique.charger()?;
    let partie = lire_partie(&a.partie, a.regles.formule()?)?;
    // La partie fait foi : les mots de ses tops sont admis (annoncés dans le bilan).
    let lexique_partie = LexiquePartie::new(&partie, &lx);
    let texte_partie = std::fs::read_to_string(&a.partie).with_context(|| format!("lecture de {} impossible", a.partie.display()))?;
    let lire_csv = |p: &Path| std::fs::read_to_string(p).with_context(|| format!("lecture de {} impossible", p.display()));
    let joueurs = match &a.joueurs {
        Some(p) => lire_joueurs(&p.display().to_string(), &lire_csv(p)?)?,
        None => Vec::new(),
    };
    let premier = match &a.arbitrage {
        Some(p) => Some(lire_premier_arbitre(&p.display().to_string(), &lire_csv(p)?)?),
        None => None,
    };

    // Les lectures : chaque bulletin lu, ou une erreur qui nomme fichier et ligne.
    let mut lectures = Vec::new();
    let mut erreurs = Vec::new();
    for f in fichiers_bulletins(&a.bulletins)? {
        for r in lire_fichier(&f)? {
            match r {
                Ok(l) => lectures.push(l),
                Err(e) => erreurs.push(e),
            }
        }
    }
    // Un coup absent de la partie, un bulletin en double : signalés, non corrigés.
    let nb_coups = partie.coups.len() as u32;
    let mut vus: HashMap<(u32, u32), (String, usize)> = HashMap::new();
    lectures.retain(|l| {
        let (fichier, ligne) = lieu(l);
        let message = if l.coup == 0 || l.coup > nb_coups {
            format!("coup {} absent de la partie {} ({nb_coups} coups)", l.coup, a.partie.display())
        } else if let Some((f, n)) = vus.get(&(l.table, l.coup)) {
            format!("bulletin en double pour la table {} au coup {} (déjà lu en {f}:{n}) : non corrigé", l.table, l.coup)
        } else {
            vus.insert((l.table, l.coup), (fichier, ligne));
            return true;
        };
        erreurs.push(ErreurBulletin { fichier, ligne, table: Some(l.table), coup: Some(l.coup), message });
        false
    });

    // Un contexte par coup (grille, tirage, toutes les solutions), en parallèle.
    let coups: Vec<u32> = lectures.iter().map(|l| l.coup).collect::<BTreeSet<_>>().into_iter().collect();
    let b = barre(coups.len(), "coups");
    let contextes: HashMap<u32, ContexteCoup> = coups
        .par_iter()
        .filter_map(|&n| {
            let c = ContexteCoup::new(&partie, n, &lexique_partie).map(|c| (n, c));
            b.inc(1);
            c
        })
        .collect();
    b.finish_and_clear();

    // Chaque bulletin, en parallèle ; une panne de la correction n'emporte pas les autres.
    let b = barre(lectures.len(), "bulletins");
    let corriges: Vec<std::result::Result<BulletinCorrige, ErreurBulletin>> = lectures
        .into_par_iter()
        .map(|l| {
            let (fichier, ligne) = lieu(&l);
            let (table, coup) = (l.table, l.coup);
            let r = match contextes.get(&l.coup) {
                Some(ctx) => match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| corriger(ctx, &l, a.regles.edition))) {
                    Ok(decision) => Ok(BulletinCorrige { lecture: l, decision }),
                    Err(_) => Err("correction impossible (erreur interne d'arbitre) : à corriger à la main"),
                },
                None => Err("coup introuvable dans la partie"),
            };
            b.inc(1);
            r.map_err(|m| ErreurBulletin { fichier, ligne, table: Some(table), coup: Some(coup), message: m.to_string() })
        })
        .collect();
    b.finish_and_clear();
    let mut bulletins = Vec::new();
    for r in corriges {
        match r {
            Ok(bc) => bulletins.push(bc),
            Err(e) => erreurs.push(e),
        }
    }
    for e in &erreurs {
        eprintln!("bulletin non corrigé : {}: {}", e.lieu(), e.message);
    }

    let titre = a.titre.clone().unwrap_or_else(|| a.partie.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default());
    let mut dossier = Dossier {
        titre,
        arbitre: a.arbitre.clone(),
        partie: PartieResumee::depuis(&partie, &a.regles.formule, texte_partie),
        lexique: lx.identite().clone(),
        admis_par_la_partie: lexique_partie.admis().to_vec(),
        edition: a.regles.edition,
        reglages: Reglages { blitz: a.blitz, nombre_joueurs: a.nombre_joueurs },
        joueurs,
        bulletins,
        erreurs,
        premier_arbitre: premier,
    };
    dossier.normaliser();
    let nb_erreurs = dossier.erreurs.len();
    produire(&dossier, &a.sortie)?;
    Ok(if nb_erreurs == 0 { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

/// Écrit les rapports d'un dossier et affiche le bilan.
fn produire(dossier: &Dossier, sortie: &Path) -> Result<()> {
    let r = generer_rapports(dossier);
    ecrire_rapports(sortie, &r.fichiers)?;
    println!("Partie {} : {} tables, {} coups", dossier.titre, dossier.tables().len(), dossier.partie.coups.len());
    if let Some(m) = avertissement(&dossier.admis_par_la_partie, &dossier.lexique.nom) {
        println!("{m}");
    }
    print!("{}", r.synthese.texte());
    let noms: Vec<&str> = r.fichiers.iter().map(|f| f.nom.as_str()).collect();
    println!("rapports écrits dans {} : {}", sortie.display(), noms.join(", "));
    Ok(())
}

/// `arbitre rapports --archive FICHIER --sortie RÉPERTOIRE`.
pub fn executer_rapports(a: ArgsRapports) -> Result<ExitCode> {
    let nom = a.archive.display().to_string();
    let texte = std::fs::read_to_string(&a.archive).with_context(|| format!("lecture de {nom} impossible"))?;
    let dossier = lire_archive(&nom, &texte)?;
    produire(&dossier, &a.sortie)?;
    Ok(ExitCode::SUCCESS)
}
