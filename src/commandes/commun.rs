//! Options partagées : le lexique et la partie.

use anyhow::{Context, Result};
use arbitre_engine::{Formule, Lexique, Partie};
use std::path::{Path, PathBuf};

/// `--lexique FICHIER` : liste de mots ou `.fst` ; le lexique libre par défaut sinon.
#[derive(clap::Args, Debug, Clone)]
pub struct OptionLexique {
    /// Lexique : liste de mots (un par ligne, UTF-8) ou fichier .fst compilé.
    #[arg(long = "lexique", value_name = "FICHIER")]
    pub lexique: Option<PathBuf>,
}

impl OptionLexique {
    /// Charge le lexique et l'annonce sur la sortie d'erreur (avec l'avertissement du
    /// lexique par défaut).
    pub fn charger(&self) -> Result<Lexique> {
        let lx = match &self.lexique {
            Some(p) => Lexique::charger(p)?,
            None => Lexique::defaut(),
        };
        annoncer(&lx);
        Ok(lx)
    }
}

/// Nomme le lexique utilisé et avertit s'il s'agit du lexique libre par défaut.
pub fn annoncer(lx: &Lexique) {
    eprintln!("lexique : {}", lx.identite().resume());
    if lx.identite().defaut {
        eprintln!("{}", arbitre_engine::lexique::AVERTISSEMENT_DEFAUT);
    }
}

/// `--formule`, vérifiée par clap comme `--edition` : une formule inconnue est refusée
/// avec l'utilisation de la commande (code 2) avant tout travail.
pub fn valider_formule(nom: &str) -> std::result::Result<String, String> {
    Formule::par_nom(nom).map(|_| nom.to_string()).ok_or_else(|| format!("formule « {nom} » inconnue : standard, 7sur8, 7et8 ou 789"))
}

/// `--formule` : standard, 7sur8, 7et8, 789.
pub fn formule(nom: &str) -> Result<Formule> {
    Formule::par_nom(nom).with_context(|| format!("formule « {nom} » inconnue : standard, 7sur8, 7et8 ou 789"))
}

pub fn lire_partie(chemin: &Path, formule: Formule) -> Result<Partie> {
    Ok(Partie::lire(chemin, formule)?)
}

/// Les options de toute correction de bulletins : lexique, édition des règles, formule.
#[derive(clap::Args, Debug, Clone)]
pub struct OptionsCorrection {
    #[command(flatten)]
    pub lexique: OptionLexique,
    /// Édition des règles : 2020 (guide pratique d'arbitrage) ou 2023 (règlement).
    #[arg(long, default_value = "2020", value_parser = |s: &str| s.parse::<arbitre_engine::arbitrage::Edition>())]
    pub edition: arbitre_engine::arbitrage::Edition,
    /// Formule : standard, 7sur8, 7et8, 789.
    #[arg(long, default_value = "standard", value_parser = super::commun::valider_formule)]
    pub formule: String,
}

impl OptionsCorrection {
    pub fn formule(&self) -> Result<Formule> {
        formule(&self.formule)
    }
}

/// Le texte d'un fichier UTF-8 (CSV, archive) : une ligne qui n'en est pas est une erreur
/// `fichier:ligne` (le fichier décide de toute la manche : on ne devine pas).
pub use arbitre_engine::fichier::lire_texte;

/// Le fichier `chemin` pourra-t-il être écrit à la fin d'un long travail (la lecture d'une
/// manche) ? Vérifié avant de commencer : son dossier existe, et ce n'est pas lui-même un
/// dossier. Une faute de frappe dans `--sortie` est dite tout de suite, pas après des
/// minutes de lecture perdues. Rien n'est créé ni effacé.
pub fn sortie_possible(chemin: &Path) -> Result<()> {
    if chemin.is_dir() {
        anyhow::bail!("{} : écriture impossible : c'est un dossier ; donnez le nom d'un fichier", chemin.display());
    }
    let dossier = chemin.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    if !dossier.is_dir() {
        anyhow::bail!("{} : écriture impossible : le dossier {} n'existe pas", chemin.display(), dossier.display());
    }
    Ok(())
}

/// Une barre de progression sur la sortie d'erreur, cachée hors d'un terminal.
pub fn barre_de_progression(n: usize, message: &'static str) -> indicatif::ProgressBar {
    use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
    use std::io::IsTerminal;
    let b = ProgressBar::with_draw_target(Some(n as u64), ProgressDrawTarget::stderr());
    if !std::io::stderr().is_terminal() {
        b.set_draw_target(ProgressDrawTarget::hidden());
    }
    b.set_style(ProgressStyle::with_template("{msg:>12} [{bar:40}] {pos}/{len} {elapsed}").expect("gabarit valide").progress_chars("=> "));
    b.set_message(message);
    b
}

/// `--formulaire F` : le bulletin décrit dans un fichier TOML ; le bulletin FISF sinon.
#[derive(clap::Args, Debug, Clone)]
pub struct OptionFormulaire {
    /// Le bulletin de jeu, décrit en TOML (voir formulaire/formulaires/fisf.toml) ; le
    /// bulletin FISF par défaut.
    #[arg(long, value_name = "FICHIER")]
    pub formulaire: Option<PathBuf>,
}

impl OptionFormulaire {
    pub fn charger(&self) -> Result<arbitre_formulaire::Formulaire> {
        Ok(match &self.formulaire {
            Some(p) => arbitre_formulaire::Formulaire::charger(p)?,
            None => arbitre_formulaire::Formulaire::fisf(),
        })
    }
}

/// Le formulaire et, pour comparer des modèles, un autre modèle que le modèle livré.
#[derive(clap::Args)]
pub struct OptionsLecteur {
    #[command(flatten)]
    pub formulaire: OptionFormulaire,
    /// Pour comparer : un autre modèle de lecture (ONNX, mêmes têtes que
    /// models/lecteur.onnx, entraîné par models/entrainer.py) que le modèle livré.
    #[arg(long, value_name = "FICHIER")]
    pub modele: Option<PathBuf>,
}

impl OptionsLecteur {
    /// Le lecteur du formulaire, avec le modèle livré ou celui de `--modele`.
    pub fn lecteur(&self) -> Result<arbitre_pipeline::lecteur::Lecteur> {
        let f = self.formulaire.charger()?;
        Ok(match &self.modele {
            None => arbitre_pipeline::lecteur::Lecteur::new(f)?,
            Some(p) => {
                let octets = std::fs::read(p).with_context(|| format!("{} : modèle illisible", p.display()))?;
                let m = arbitre_pipeline::modele::Modele::depuis_octets(&octets).with_context(|| format!("{}", p.display()))?;
                arbitre_pipeline::lecteur::Lecteur::avec_modele(f, m)
            }
        })
    }
}
