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

use super::commun::{lire_partie, lire_texte, OptionsCorrection};
use anyhow::{bail, Context, Result};
use arbitre_engine::arbitrage::{corriger, ContexteCoup};
use arbitre_engine::lecture::Lecture;
use arbitre_engine::lexique_partie::{avertissement, LexiquePartie};
use arbitre_reports::archive::lire_archive;
use arbitre_reports::double_arbitrage::lire_premier_arbitre;
use arbitre_reports::dossier::PartieResumee;
use arbitre_reports::joueurs::lire_joueurs;
use arbitre_reports::accords::compte;
use arbitre_reports::dossier::CaseConfirmee;
use arbitre_reports::resultats::Resultats;
use arbitre_reports::{ecrire_rapports, generer_rapports, BulletinCorrige, Dossier, ErreurBulletin, GenreErreur, Reglages};
use super::lectures::lire_entree;
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
    /// Confirme la moyenne du 5.9 (mot non admis répété avant que le joueur en ait été
    /// averti) à la table et au coup donnés : elle remplace le zéro. Répétable.
    #[arg(long = "moyenne", value_name = "TABLE:COUP", value_parser = lire_case)]
    moyennes: Vec<CaseConfirmee>,
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

/// `--moyenne TABLE:COUP`.
fn lire_case(s: &str) -> std::result::Result<CaseConfirmee, String> {
    let mauvais = || format!("« {s} » : attendu TABLE:COUP (par exemple 12:7)");
    let (t, c) = s.split_once(':').ok_or_else(mauvais)?;
    let n = |x: &str| x.trim().parse::<u32>().ok().filter(|&n| n >= 1).ok_or_else(mauvais);
    Ok(CaseConfirmee { table: n(t)?, coup: n(c)? })
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
    let octets_partie = std::fs::read(&a.partie).with_context(|| format!("lecture de {} impossible", a.partie.display()))?;
    let texte_partie = arbitre_engine::texte::decoder(&octets_partie).texte;
    let joueurs = match &a.joueurs {
        Some(p) => lire_joueurs(&p.display().to_string(), &lire_texte(p)?)?,
        None => Vec::new(),
    };
    let premier = match &a.arbitrage {
        Some(p) => Some(lire_premier_arbitre(&p.display().to_string(), &lire_texte(p)?)?),
        None => None,
    };

    // Les lectures : chaque bulletin lu, ou une erreur qui nomme fichier et ligne ; dans
    // un répertoire, ce qui n'est pas un fichier de lectures est écarté et nommé.
    let lu = lire_entree(&a.bulletins)?;
    if let Some(t) = lu.ecartes_texte(&a.bulletins) {
        eprintln!("{t}");
    }
    let (mut lectures, mut erreurs) = (lu.lectures, lu.erreurs);
    // Un coup absent de la partie, un bulletin en double : signalés, non corrigés.
    let nb_coups = partie.coups.len() as u32;
    let mut vus: HashMap<(u32, u32), (String, usize)> = HashMap::new();
    lectures.retain(|l| {
        let (fichier, ligne) = lieu(l);
        let (message, genre) = if l.coup == 0 || l.coup > nb_coups {
            (format!("coup {} absent de la partie {} ({nb_coups} coups)", l.coup, a.partie.display()), GenreErreur::HorsPartie)
        } else if let Some((f, n)) = vus.get(&(l.table, l.coup)) {
            (format!("bulletin en double pour la table {} au coup {} (déjà lu en {f}:{n}) : non corrigé", l.table, l.coup), GenreErreur::Doublon)
        } else {
            vus.insert((l.table, l.coup), (fichier, ligne));
            return true;
        };
        erreurs.push(ErreurBulletin { fichier, ligne, table: Some(l.table), coup: Some(l.coup), message, genre });
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
                    Ok(decision) => Ok(BulletinCorrige { lecture: l, decision, verification: None }),
                    Err(_) => Err(("correction impossible (erreur interne d'arbitre) : à corriger à la main", GenreErreur::Interne)),
                },
                None => Err(("coup introuvable dans la partie", GenreErreur::HorsPartie)),
            };
            b.inc(1);
            r.map_err(|(m, genre)| ErreurBulletin { fichier, ligne, table: Some(table), coup: Some(coup), message: m.to_string(), genre })
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

    let titre = a.titre.clone().unwrap_or_else(|| titre_par_defaut(&a.partie));
    let mut dossier = Dossier {
        titre,
        arbitre: a.arbitre.clone(),
        partie: PartieResumee::depuis(&partie, &a.regles.formule, texte_partie),
        lexique: lx.identite().clone(),
        admis_par_la_partie: lexique_partie.admis().to_vec(),
        edition: a.regles.edition,
        reglages: Reglages { blitz: a.blitz, nombre_joueurs: a.nombre_joueurs, moyennes_confirmees: a.moyennes.clone() },
        joueurs,
        bulletins,
        erreurs,
        premier_arbitre: premier,
        rejets: Vec::new(),
    };
    dossier.normaliser();
    verifier_moyennes(&dossier)?;
    produire(&dossier, &a.sortie)
}

/// Le titre quand `--titre` manque : le nom du fichier de partie, ou celui de son
/// répertoire quand le fichier s'appelle simplement « partie » (`manche-exemple/partie.partie`).
fn titre_par_defaut(partie: &Path) -> String {
    let nom = |p: Option<&std::ffi::OsStr>| p.map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let fichier = nom(partie.file_stem());
    if fichier.eq_ignore_ascii_case("partie") {
        let dossier = nom(partie.canonicalize().ok().as_deref().and_then(Path::parent).and_then(Path::file_name));
        if !dossier.is_empty() {
            return dossier;
        }
    }
    fichier
}

/// Chaque `--moyenne TABLE:COUP` doit désigner une moyenne du 5.9 possible.
fn verifier_moyennes(dossier: &Dossier) -> Result<()> {
    let confirmees = &dossier.reglages.moyennes_confirmees;
    if confirmees.is_empty() {
        return Ok(());
    }
    let possibles = Resultats::calculer(dossier).moyennes;
    for c in confirmees {
        if !possibles.iter().any(|m| (m.table, m.coup) == (c.table, c.coup)) {
            let liste: Vec<String> = possibles.iter().map(|m| format!("{}:{}", m.table, m.coup)).collect();
            bail!(
                "--moyenne {}:{} : pas de moyenne du 5.9 possible à la table {} au coup {} (mot non admis répété) ; possibles : {}",
                c.table,
                c.coup,
                c.table,
                c.coup,
                if liste.is_empty() { "aucune".to_string() } else { liste.join(", ") }
            );
        }
    }
    Ok(())
}

/// Écrit les rapports d'un dossier et affiche le bilan. Code de sortie 1 s'il reste des
/// bulletins en erreur, des issues à vérifier par une personne (`alertes`) ou, pour une
/// manche lue sur des scans, des bulletins à vérifier (résultats provisoires), comme
/// l'archive les a enregistrés : `corriger` et `rapports` répondent pareil.
fn produire(dossier: &Dossier, sortie: &Path) -> Result<ExitCode> {
    let r = generer_rapports(dossier);
    ecrire_rapports(sortie, &r.fichiers)?;
    println!("{} : {}, {}", dossier.titre, compte(dossier.tables().len(), "table", "tables"), compte(dossier.partie.coups.len(), "coup", "coups"));
    if let Some(m) = avertissement(&dossier.admis_par_la_partie, &dossier.lexique.nom) {
        println!("{m}");
    }
    print!("{}", r.synthese.texte());
    let noms: Vec<&str> = r.fichiers.iter().map(|f| f.nom.as_str()).collect();
    println!("rapports écrits dans {} : {}", sortie.display(), noms.join(", "));
    let a_verifier = !dossier.erreurs.is_empty() || !r.synthese.alertes.is_empty() || r.synthese.a_verifier > 0;
    Ok(if a_verifier { ExitCode::from(1) } else { ExitCode::SUCCESS })
}

/// `arbitre rapports --archive FICHIER --sortie RÉPERTOIRE`.
pub fn executer_rapports(a: ArgsRapports) -> Result<ExitCode> {
    let nom = a.archive.display().to_string();
    let dossier = lire_archive(&nom, &lire_texte(&a.archive)?)?;
    produire(&dossier, &a.sortie)
}
