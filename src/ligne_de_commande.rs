//! La ligne de commande en français : l'aide (« Utilisation : », « Commandes : »,
//! « -h, --help  Affiche l'aide »), et les erreurs de clap récrites en français à partir
//! de leur genre et de leur contexte (argument inattendu, valeur invalide, argument
//! obligatoire absent…), avec l'utilisation de la commande en cause.

use clap::builder::StyledStr;
use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{Arg, ArgAction, Command};

/// Le modèle de l'aide de chaque commande.
const MODELE: &str = "{about-with-newline}\nUtilisation : {usage}\n\n{all-args}{after-help}";

/// Met en français une commande et toutes ses sous-commandes : modèle d'aide, titres,
/// options d'aide et de version.
pub fn franciser(cmd: Command) -> Command {
    let racine = cmd.get_version().is_some();
    let mut cmd = cmd
        .help_template(MODELE)
        // clap écrit « {titre}: » ; l'espace du titre donne la ponctuation française.
        .subcommand_help_heading("Commandes ")
        .subcommand_value_name("COMMANDE")
        .disable_help_subcommand(true)
        .disable_help_flag(true)
        .arg(Arg::new("aide").short('h').long("help").action(ArgAction::Help).help("Affiche l'aide"));
    if racine {
        cmd = cmd.disable_version_flag(true).arg(Arg::new("version").short('V').long("version").action(ArgAction::Version).help("Affiche la version"));
    }
    // « [default: standard] » : la valeur par défaut écrite en français dans l'aide.
    let ids: Vec<clap::Id> = cmd.get_arguments().filter(|a| !a.get_default_values().is_empty()).map(|a| a.get_id().clone()).collect();
    for id in ids {
        cmd = cmd.mut_arg(id, |a| {
            let defaut: Vec<String> = a.get_default_values().iter().map(|v| v.to_string_lossy().into_owned()).collect();
            let suffixe = format!(" (par défaut : {})", defaut.join(", "));
            let court = a.get_help().map(|h| h.to_string() + &suffixe);
            let long = a.get_long_help().map(|h| h.to_string() + &suffixe);
            let mut a = a.hide_default_value(true);
            if let Some(h) = court {
                a = a.help(h);
            }
            if let Some(h) = long {
                a = a.long_help(h);
            }
            a
        });
    }
    let ids: Vec<(clap::Id, bool)> = cmd.get_arguments().filter(|a| a.get_help_heading().is_none()).map(|a| (a.get_id().clone(), a.is_positional())).collect();
    for (id, positionnel) in ids {
        cmd = cmd.mut_arg(id, |a| a.help_heading(if positionnel { "Arguments " } else { "Options " }));
    }
    let noms: Vec<String> = cmd.get_subcommands().map(|s| s.get_name().to_string()).collect();
    for nom in noms {
        cmd = cmd.mut_subcommand(nom, franciser);
    }
    cmd
}

fn texte(v: Option<&ContextValue>) -> Option<String> {
    match v? {
        ContextValue::String(s) => Some(s.clone()),
        ContextValue::StyledStr(s) => Some(s.to_string()),
        ContextValue::Strings(v) => Some(v.join(", ")),
        ContextValue::StyledStrs(v) => Some(v.iter().map(StyledStr::to_string).collect::<Vec<_>>().join(", ")),
        ContextValue::Number(n) => Some(n.to_string()),
        ContextValue::Bool(_) | ContextValue::None => None,
        _ => None,
    }
}

fn liste(v: Option<&ContextValue>) -> Vec<String> {
    match v {
        Some(ContextValue::Strings(v)) => v.clone(),
        Some(ContextValue::StyledStrs(v)) => v.iter().map(StyledStr::to_string).collect(),
        Some(autre) => texte(Some(autre)).into_iter().collect(),
        None => Vec::new(),
    }
}

fn cite(v: &[String]) -> String {
    v.iter().map(|s| format!("« {s} »")).collect::<Vec<_>>().join(", ")
}

/// La raison d'une valeur refusée par l'analyseur de valeur (nombre, chemin…).
fn raison(e: &clap::Error) -> Option<String> {
    let source = std::error::Error::source(e)?;
    if let Some(p) = source.downcast_ref::<std::num::ParseIntError>() {
        use std::num::IntErrorKind::*;
        return Some(
            match p.kind() {
                Empty => "valeur vide",
                InvalidDigit => "un nombre entier est attendu",
                PosOverflow => "nombre trop grand",
                NegOverflow => "nombre trop petit",
                Zero => "zéro n'est pas permis",
                _ => "nombre invalide",
            }
            .to_string(),
        );
    }
    Some(source.to_string())
}

/// Le message d'erreur en français d'une erreur de clap (sans l'aide).
pub fn message(e: &clap::Error) -> String {
    let arg = texte(e.get(ContextKind::InvalidArg)).unwrap_or_default();
    let valeur = texte(e.get(ContextKind::InvalidValue)).unwrap_or_default();
    let mut m = match e.kind() {
        ErrorKind::UnknownArgument => format!("argument inattendu « {arg} »"),
        ErrorKind::InvalidSubcommand => format!("commande inconnue « {} »", texte(e.get(ContextKind::InvalidSubcommand)).unwrap_or_default()),
        ErrorKind::InvalidValue if valeur.is_empty() => format!("« {arg} » demande une valeur"),
        ErrorKind::InvalidValue => {
            let possibles = liste(e.get(ContextKind::ValidValue));
            if possibles.is_empty() {
                format!("valeur invalide « {valeur} » pour « {arg} »")
            } else {
                format!("valeur invalide « {valeur} » pour « {arg} » ; valeurs possibles : {}", cite(&possibles))
            }
        }
        ErrorKind::ValueValidation => match raison(e) {
            Some(r) => format!("valeur invalide « {valeur} » pour « {arg} » : {r}"),
            None => format!("valeur invalide « {valeur} » pour « {arg} »"),
        },
        ErrorKind::MissingRequiredArgument => {
            let manquants = liste(e.get(ContextKind::InvalidArg));
            if manquants.len() > 1 {
                format!("arguments obligatoires absents : {}", cite(&manquants))
            } else {
                format!("argument obligatoire absent : {}", cite(&manquants))
            }
        }
        ErrorKind::MissingSubcommand => "une commande est attendue".to_string(),
        ErrorKind::ArgumentConflict => {
            let autre = texte(e.get(ContextKind::PriorArg)).unwrap_or_default();
            format!("« {arg} » ne peut pas être donné avec « {autre} »")
        }
        ErrorKind::NoEquals => format!("« {arg} » demande « = » avant sa valeur"),
        ErrorKind::TooManyValues => format!("valeur en trop « {valeur} » pour « {arg} »"),
        ErrorKind::TooFewValues | ErrorKind::WrongNumberOfValues => format!("nombre de valeurs incorrect pour « {arg} »"),
        ErrorKind::InvalidUtf8 => "argument qui n'est pas du texte UTF-8".to_string(),
        _ => format!("ligne de commande invalide ({:?})", e.kind()),
    };
    for (genre, debut) in [
        (ContextKind::SuggestedArg, "vouliez-vous dire"),
        (ContextKind::SuggestedSubcommand, "vouliez-vous dire la commande"),
        (ContextKind::SuggestedValue, "vouliez-vous dire"),
    ] {
        let v = liste(e.get(genre));
        if !v.is_empty() {
            m.push_str(&format!("\n  astuce : {debut} {} ?", cite(&v)));
        }
    }
    if matches!(e.get(ContextKind::TrailingArg), Some(ContextValue::Bool(true))) {
        m.push_str(&format!("\n  astuce : pour donner « {arg} » comme valeur, écrivez « -- {arg} »"));
    }
    m
}

/// Le texte complet d'une erreur de clap : le message, l'utilisation de la commande et
/// le renvoi vers l'aide.
pub fn erreur(e: &clap::Error) -> String {
    let mut t = format!("erreur : {}\n", message(e));
    if let Some(u) = texte(e.get(ContextKind::Usage)) {
        let u = u.trim();
        let u = u.strip_prefix("Usage:").map(str::trim).unwrap_or(u);
        t.push_str(&format!("\nUtilisation : {u}\n"));
        let commande: Vec<&str> = u.split_whitespace().take_while(|m| !m.starts_with(['-', '<', '['])).collect();
        t.push_str(&format!("\nPour en savoir plus : {} --help\n", commande.join(" ")));
    }
    t
}

/// Une chaîne d'erreurs (anyhow) en français, les causes séparées par « : » (espace avant
/// les deux-points, à la française ; anyhow n'en met pas) : les
/// erreurs d'entrée-sortie et de JSON traduites, y compris là où une erreur typée les
/// cite déjà (son `source`), et aucune cause répétée.
pub fn chaine(e: &anyhow::Error) -> String {
    let mut parties: Vec<String> = Vec::new();
    for cause in e.chain() {
        let anglais = cause.to_string();
        let francais = if let Some(io) = cause.downcast_ref::<std::io::Error>() {
            arbitre_engine::francais::io(io)
        } else if let Some(j) = cause.downcast_ref::<serde_json::Error>() {
            arbitre_engine::francais::json(j)
        } else {
            anglais.clone()
        };
        let mut deja = false;
        for p in parties.iter_mut().filter(|p| p.contains(&anglais)) {
            *p = p.replace(&anglais, &francais);
            deja = true;
        }
        if !deja && !parties.iter().any(|p| p.contains(&francais)) {
            parties.push(francais);
        }
    }
    parties.join(" : ")
}
