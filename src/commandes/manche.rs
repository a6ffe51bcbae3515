//! Ce que `corriger` et `run` partagent : les options d'une manche (partie, joueurs,
//! premier arbitre, règles, sortie), leur lecture, l'assemblage du dossier de la manche,
//! l'écriture des rapports et les barres de progression.

use super::commun::{barre_de_progression, lire_partie, lire_texte, OptionsCorrection};
use anyhow::{bail, Result};
use arbitre_engine::nombres::decimal;
use arbitre_engine::lexique::Lexique;
use arbitre_engine::lexique_partie::{avertissement, LexiquePartie};
use arbitre_engine::partie::Partie;
use arbitre_manche::suivi::Suivi;
use arbitre_reports::accords::compte;
use arbitre_reports::double_arbitrage::{lire_premier_arbitre, CorrectionPremier};
use arbitre_reports::dossier::{CaseConfirmee, PartieResumee};
use arbitre_reports::joueurs::lire_joueurs;
use arbitre_reports::Joueur;
use arbitre_reports::resultats::Resultats;
use arbitre_reports::verification::{AbsenceAVerifier, RejetImage};
use arbitre_reports::rapports::Rapport;
use arbitre_reports::{ecrire_sortie, generer_rapports, Extrait, BulletinCorrige, Dossier, ErreurBulletin, Reglages};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Mutex;

/// Les options d'une manche, communes à `corriger` et `run`.
#[derive(clap::Args)]
pub struct OptionsManche {
    /// La partie (fichier .partie) : grilles, tirages et tops.
    #[arg(long, value_name = "FICHIER")]
    pub partie: PathBuf,
    /// La correction du premier arbitre (double arbitrage) : CSV table,coup,score[,sanction].
    #[arg(long, value_name = "CSV")]
    pub arbitrage: Option<PathBuf>,
    /// Les joueurs : CSV table,nom[,arrivee] (arrivee : premier coup joué d'un retardataire).
    #[arg(long, value_name = "CSV")]
    pub joueurs: Option<PathBuf>,
    #[command(flatten)]
    pub regles: OptionsCorrection,
    /// Blitz ou partie originale : les avertissements coûtent 5 points dès le 6e (5.9).
    #[arg(long)]
    pub blitz: bool,
    /// Nombre de joueurs de la salle, pour la bonification de solo (3.5 : 16 ou plus) ;
    /// par défaut le nombre de tables corrigées.
    #[arg(long, value_name = "N")]
    pub nombre_joueurs: Option<u32>,
    /// Tournoi / partie, pour les en-têtes (par défaut le nom du fichier de partie).
    #[arg(long)]
    pub titre: Option<String>,
    /// Le nom de l'arbitre (en-tête de la feuille de suivi).
    #[arg(long)]
    pub arbitre: Option<String>,
    /// Confirme la moyenne du 5.9 (mot non admis répété avant que le joueur en ait été
    /// averti) à la table et au coup donnés : elle remplace le zéro. Répétable.
    #[arg(long = "moyenne", value_name = "TABLE:COUP", value_parser = lire_case)]
    pub moyennes: Vec<CaseConfirmee>,
    /// Le répertoire où écrire les rapports (créé au besoin).
    #[arg(long, value_name = "RÉPERTOIRE")]
    pub sortie: PathBuf,
}

/// `--moyenne TABLE:COUP`.
fn lire_case(s: &str) -> std::result::Result<CaseConfirmee, String> {
    let mauvais = || format!("« {s} » : attendu TABLE:COUP (par exemple 12:7)");
    let (t, c) = s.split_once(':').ok_or_else(mauvais)?;
    let n = |x: &str| x.trim().parse::<u32>().ok().filter(|&n| n >= 1).ok_or_else(mauvais);
    Ok(CaseConfirmee { table: n(t)?, coup: n(c)? })
}

/// Ce que le dépouillement des scans ajoute au dossier (rien pour des lectures tapées).
#[derive(Default)]
pub struct Scans {
    pub rejets: Vec<RejetImage>,
    pub absences_a_verifier: Vec<AbsenceAVerifier>,
    /// Les alertes du bilan du dépouillement sur toute la manche (`Bilan::alertes`).
    pub alertes: Vec<String>,
}

/// Les fichiers d'une manche, lus.
pub struct Preparation {
    pub lexique: Lexique,
    pub partie: Partie,
    pub texte_partie: String,
    pub joueurs: Vec<Joueur>,
    pub premier: Option<Vec<CorrectionPremier>>,
}

impl OptionsManche {
    /// Lit le lexique, la partie, les joueurs et la correction du premier arbitre.
    pub fn preparer(&self) -> Result<Preparation> {
        let lexique = self.regles.lexique.charger()?;
        let partie = lire_partie(&self.partie, self.regles.formule()?)?;
        let octets = arbitre_engine::fichier::lire(&self.partie)?;
        let texte_partie = arbitre_engine::texte::decoder(&octets).texte;
        let joueurs = match &self.joueurs {
            Some(p) => lire_joueurs(&p.display().to_string(), &lire_texte(p)?)?,
            None => Vec::new(),
        };
        let premier = match &self.arbitrage {
            Some(p) => Some(lire_premier_arbitre(&p.display().to_string(), &lire_texte(p)?)?),
            None => None,
        };
        Ok(Preparation { lexique, partie, texte_partie, joueurs, premier })
    }

    /// Les fichiers que la manche lit (partie, joueurs, premier arbitre, lexique) : ils
    /// peuvent être rangés dans le dossier de sortie ([`produire`]).
    pub fn entrees(&self) -> Vec<&Path> {
        std::iter::once(self.partie.as_path()).chain(self.joueurs.as_deref()).chain(self.arbitrage.as_deref()).chain(self.regles.lexique.lexique.as_deref()).collect()
    }

    /// Le dossier de la manche, prêt pour les rapports.
    pub fn dossier(&self, p: &Preparation, lexique: &LexiquePartie<'_>, bulletins: Vec<BulletinCorrige>, erreurs: Vec<ErreurBulletin>, scans: Scans) -> Result<Dossier> {
        let mut dossier = Dossier {
            titre: self.titre.clone().unwrap_or_else(|| titre_par_defaut(&self.partie)),
            arbitre: self.arbitre.clone(),
            partie: PartieResumee::depuis(&p.partie, &self.regles.formule, p.texte_partie.clone()),
            lexique: p.lexique.identite().clone(),
            admis_par_la_partie: lexique.admis().to_vec(),
            edition: self.regles.edition,
            reglages: Reglages { blitz: self.blitz, nombre_joueurs: self.nombre_joueurs, moyennes_confirmees: self.moyennes.clone() },
            joueurs: p.joueurs.clone(),
            bulletins,
            erreurs,
            premier_arbitre: p.premier.clone(),
            rejets: scans.rejets,
            absences_a_verifier: scans.absences_a_verifier,
            alertes_des_scans: scans.alertes,
        };
        dossier.normaliser();
        verifier_moyennes(&dossier)?;
        Ok(dossier)
    }
}

/// Les barres de progression d'une manche (sur la sortie d'erreur, cachées hors d'un
/// terminal), une par étape, et la durée de chaque étape.
#[derive(Default)]
pub struct Barres {
    courante: Mutex<Option<(indicatif::ProgressBar, &'static str, std::time::Instant)>>,
    durees: Mutex<Vec<(&'static str, std::time::Duration)>>,
}

impl Barres {
    /// La durée de chaque étape, en français (`arbitre run --temps`).
    pub fn durees(&self) -> String {
        let d = self.durees.lock().expect("durées");
        d.iter().map(|(nom, t)| format!("{nom} {} s", decimal(t.as_secs_f64(), 2))).collect::<Vec<_>>().join(", ")
    }
}

impl Suivi for Barres {
    fn etape(&self, nom: &'static str, total: usize) {
        *self.courante.lock().expect("barre") = Some((barre_de_progression(total, nom), nom, std::time::Instant::now()));
    }
    fn avance(&self, n: usize) {
        if let Some((b, _, _)) = &*self.courante.lock().expect("barre") {
            b.inc(n as u64);
        }
    }
    fn fin(&self) {
        if let Some((b, nom, debut)) = self.courante.lock().expect("barre").take() {
            b.finish_and_clear();
            self.durees.lock().expect("durées").push((nom, debut.elapsed()));
        }
    }
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
///
/// Les fichiers d'`entrees` (ce que la commande a lu) rangés dans le dossier de sortie y
/// restent ([`ecrire_sortie`]). Les fichiers `en_plus` (les lectures gardées d'`arbitre
/// run`) sont écrits avec les rapports.
pub fn produire(dossier: &Dossier, sortie: &Path, extraits: &[Extrait], entrees: &[&Path], en_plus: Vec<Rapport>) -> Result<ExitCode> {
    let mut r = generer_rapports(dossier);
    r.fichiers.extend(en_plus);
    ecrire_sortie(sortie, &r.fichiers, extraits, entrees)?;
    let en_cours = dossier.partie.en_cours().map(|t| format!(", {t}")).unwrap_or_default();
    println!("{} : {}, {}{en_cours}", dossier.titre, compte(dossier.tables().len(), "table", "tables"), compte(dossier.partie.coups.len(), "coup", "coups"));
    if let Some(m) = avertissement(&dossier.admis_par_la_partie, &dossier.lexique.nom) {
        println!("{m}");
    }
    print!("{}", r.synthese.texte());
    let noms: Vec<&str> = r.fichiers.iter().map(|f| f.nom.as_str()).collect();
    println!("rapports écrits dans {} : {}", sortie.display(), noms.join(", "));
    let a_verifier = !dossier.erreurs.is_empty() || !r.synthese.alertes.is_empty() || r.synthese.a_verifier > 0;
    Ok(if a_verifier { ExitCode::from(1) } else { ExitCode::SUCCESS })
}

