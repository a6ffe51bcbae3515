//! `--bulletins FICHIER|RÉPERTOIRE` : les lectures des bulletins. Un fichier est lu tel
//! quel ; dans un répertoire, chaque fichier de lectures (`.txt`/`.bulletins` au format
//! texte, `.json` tableau de lectures, `.jsonl` une lecture par ligne) est lu dans l'ordre
//! des noms, et ce qui n'en est pas un (images, vérité terrain du générateur, notes…) est
//! écarté et nommé, sans faire d'erreur. Un octet qui n'est pas de l'UTF-8 ne coûte que
//! sa ligne, une lecture plus grande que le bulletin n'est une erreur que pour elle.

use anyhow::{bail, Context, Result};
use arbitre_engine::fichier::nom_seul;
use arbitre_engine::francais;
use arbitre_engine::lecture::{lire_bulletins_octets, Defaut, ErreurLecture, Lecture};
use arbitre_engine::texte::{self, MESSAGE_ENCODAGE};
use arbitre_reports::accords::compte;
use arbitre_reports::{ErreurBulletin, GenreErreur};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Ce qui a été lu : les lectures, les bulletins illisibles, les fichiers écartés.
#[derive(Default)]
pub struct Entree {
    pub lectures: Vec<Lecture>,
    pub erreurs: Vec<ErreurBulletin>,
    /// Les fichiers écartés d'un répertoire, par raison.
    pub ecartes: BTreeMap<&'static str, Vec<PathBuf>>,
}

impl Entree {
    /// Ce qui a été écarté, en une ligne par raison ; `None` si rien.
    pub fn ecartes_texte(&self, repertoire: &Path) -> Option<String> {
        if self.ecartes.is_empty() {
            return None;
        }
        let mut t = format!("{} : fichiers écartés (pas des lectures de bulletins)", repertoire.display());
        for (raison, fichiers) in &self.ecartes {
            let noms: Vec<String> = fichiers.iter().take(3).map(|f| f.file_name().unwrap_or_default().to_string_lossy().into_owned()).collect();
            let suite = if fichiers.len() > 3 { ", …" } else { "" };
            t.push_str(&format!("\n  {} {raison} ({}{suite})", compte(fichiers.len(), "fichier", "fichiers"), noms.join(", ")));
        }
        Some(t)
    }
}

/// Une erreur du format texte : « illisible » quand la table et le coup se lisent, sinon
/// un bulletin de la manche peut manquer sans qu'on sache lequel.
fn erreur_lecture(e: &ErreurLecture) -> ErreurBulletin {
    let genre = match (e.table, &e.defaut) {
        (Some(_), _) => GenreErreur::Illisible,
        (None, Defaut::Encodage) => GenreErreur::Encodage,
        (None, _) => GenreErreur::SansTable,
    };
    ErreurBulletin { fichier: e.fichier.clone(), ligne: e.ligne, table: e.table, coup: e.coup, message: e.defaut.to_string(), genre }
}

/// Ce que contient un fichier.
enum Contenu {
    Lectures(Vec<std::result::Result<Lecture, ErreurBulletin>>),
    /// Pas un fichier de lectures, et pourquoi.
    Autre(&'static str),
}

/// Lit un fichier. `explicite` : donné lui-même par `--bulletins` (jamais écarté).
///
/// Un octet qui n'est pas de l'UTF-8 ne coûte que sa ligne (fichier:ligne) ; une lecture
/// JSON plus grande que le bulletin (17 × 17 cases, [`Lecture::valider`]) est une erreur
/// pour elle seule ; les autres lectures du fichier sont gardées.
fn lire_fichier(p: &Path, explicite: bool) -> Result<Contenu> {
    let nom = nom_seul(p);
    let ext = p.extension().and_then(|e| e.to_str()).unwrap_or("").to_ascii_lowercase();
    if !explicite && !matches!(ext.as_str(), "txt" | "bulletins" | "json" | "jsonl") {
        return Ok(Contenu::Autre(if ext.is_empty() { "sans extension" } else { "d'une autre sorte (ni .txt, ni .bulletins, ni .json, ni .jsonl)" }));
    }
    let octets = arbitre_engine::fichier::lire(p)?;
    let erreur = |ligne: usize, table: Option<u32>, coup: Option<u32>, message: String| {
        let genre = if table.is_some() { GenreErreur::Illisible } else { GenreErreur::SansTable };
        ErreurBulletin { fichier: nom.clone(), ligne, table, coup, message, genre }
    };
    let json = |e: &serde_json::Error| format!("JSON invalide, {}", francais::json(e));
    // Une lecture JSON passe les bornes du bulletin, comme une lecture du format texte.
    let bornee = |l: Lecture, ligne: usize| match l.valider() {
        Ok(()) => Ok(l),
        Err(d) => Err(erreur(ligne, Some(l.table), Some(l.coup), d.to_string())),
    };
    if !matches!(ext.as_str(), "json" | "jsonl") {
        let lus = lire_bulletins_octets(&nom, &octets);
        // Un texte sans aucun en-tête « bulletin table=N coup=N » n'est pas un fichier de lectures.
        let sans_en_tete = || !String::from_utf8_lossy(&octets).lines().any(|l| l.trim_start().to_lowercase().starts_with("bulletin "));
        if !explicite && lus.iter().all(|r| r.as_ref().is_err_and(|e| e.table.is_none())) && sans_en_tete() {
            return Ok(Contenu::Autre("texte sans aucun bulletin (« bulletin table=N coup=N »)"));
        }
        return Ok(Contenu::Lectures(lus.into_iter().map(|r| r.map_err(|e| erreur_lecture(&e))).collect()));
    }
    let d = texte::decoder(&octets);
    let invalide = |n: usize| d.lignes_invalides.binary_search(&n).is_ok();
    let encodage = |n: usize| ErreurBulletin { genre: GenreErreur::Encodage, ..erreur(n, None, None, MESSAGE_ENCODAGE.to_string()) };
    if ext == "jsonl" {
        let lus = d.texte.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()).map(|(i, l)| {
            if invalide(i + 1) {
                // La lecture de cette ligne n'est pas sûre : elle n'est pas corrigée.
                return Err(erreur(i + 1, None, None, MESSAGE_ENCODAGE.to_string()));
            }
            serde_json::from_str::<Lecture>(l).map_err(|e| erreur(i + 1, None, None, json(&e))).and_then(|l| bornee(l, i + 1))
        });
        return Ok(Contenu::Lectures(lus.collect()));
    }
    // `.json` : les lignes qui n'étaient pas de l'UTF-8 sont signalées, le reste est lu.
    let mut lus: Vec<_> = d.lignes_invalides.iter().map(|&n| Err(encodage(n))).collect();
    let valeur: serde_json::Value = match serde_json::from_str(&d.texte) {
        Ok(v) => v,
        Err(e) => {
            lus.push(Err(erreur(e.line(), None, None, json(&e))));
            return Ok(Contenu::Lectures(lus));
        }
    };
    match valeur {
        // Un tableau de lectures : chacune lue ou en erreur, les autres gardées. La
        // première en erreur est située (ligne) par la lecture du tableau entier.
        serde_json::Value::Array(v) => {
            let mut ligne = serde_json::from_str::<Vec<Lecture>>(&d.texte).err().map(|e| e.line());
            lus.extend(v.into_iter().enumerate().map(|(i, x)| {
                let (table, coup) = (cle(&x, "table"), cle(&x, "coup"));
                serde_json::from_value::<Lecture>(x)
                    .map_err(|e| {
                        let message = format!("lecture n° {} du tableau : {}", i + 1, francais::message_serde(&e.to_string()));
                        erreur(ligne.take().unwrap_or(0), table, coup, message)
                    })
                    .and_then(|l| bornee(l, 0))
            }));
        }
        // Une seule lecture.
        serde_json::Value::Object(o) if o.contains_key("table") && o.contains_key("coup") => {
            let l = serde_json::from_value::<Lecture>(serde_json::Value::Object(o)).map_err(|e| erreur(0, None, None, francais::message_serde(&e.to_string())));
            lus.push(l.and_then(|l| bornee(l, 0)));
        }
        _ if !explicite => return Ok(Contenu::Autre("JSON qui ne sont pas des lectures (vérité terrain du générateur, description de la manche…)")),
        _ => lus.push(Err(erreur(1, None, None, "ce JSON n'est ni un tableau de lectures ni une lecture (table, coup, etat…)".into()))),
    }
    Ok(Contenu::Lectures(lus))
}

fn cle(v: &serde_json::Value, nom: &str) -> Option<u32> {
    v.get(nom)?.as_u64().and_then(|n| u32::try_from(n).ok())
}

/// Lit `--bulletins` : un fichier, ou les fichiers d'un répertoire (triés), chacun nommé
/// dans les lectures par son nom seul ([`nom_seul`] ; ceux d'un répertoire en sont les
/// enfants directs : leurs noms sont distincts).
pub fn lire_entree(chemin: &Path) -> Result<Entree> {
    let mut entree = Entree::default();
    let ajouter = |c: Contenu, p: &Path, entree: &mut Entree| match c {
        Contenu::Lectures(v) => {
            for r in v {
                match r {
                    Ok(l) => entree.lectures.push(l),
                    Err(e) => entree.erreurs.push(e),
                }
            }
        }
        Contenu::Autre(raison) => entree.ecartes.entry(raison).or_default().push(p.to_path_buf()),
    };
    if !chemin.is_dir() {
        let c = lire_fichier(chemin, true)?;
        ajouter(c, chemin, &mut entree);
        return Ok(entree);
    }
    let mut fichiers = Vec::new();
    for e in std::fs::read_dir(chemin).with_context(|| format!("lecture du répertoire {} impossible", chemin.display()))? {
        let p = e.with_context(|| format!("lecture du répertoire {} impossible", chemin.display()))?.path();
        let cache = p.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.starts_with('.'));
        if p.is_file() && !cache {
            fichiers.push(p);
        }
    }
    fichiers.sort();
    for p in &fichiers {
        let c = lire_fichier(p, false)?;
        ajouter(c, p, &mut entree);
    }
    if entree.lectures.is_empty() && entree.erreurs.is_empty() {
        bail!(
            "aucun fichier de lectures de bulletins dans {} (.txt ou .bulletins au format texte, .json, .jsonl){}",
            chemin.display(),
            entree.ecartes_texte(chemin).map(|t| format!("\n{t}")).unwrap_or_default()
        );
    }
    Ok(entree)
}
