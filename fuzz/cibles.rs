//! Les cibles de fuzzing d'arbitre, partagées par `cargo fuzz` (`fuzz/fuzz_targets/*.rs`)
//! et par les tests de propriété de la suite (`tests/fuzz_analyseurs.rs`). Chaque cible
//! prend des octets quelconques, les passe à un analyseur et vérifie ce qu'un utilisateur
//! attend de toute entrée : pas de panne, une erreur courte (un message qui cite l'entrée
//! la cite par son début), des lectures bornées à l'aire du bulletin, sanctions notées
//! (`sanction:`) comprises.

#![allow(dead_code)]

use arbitre_engine::arbitrage::{corriger, ContexteCoup, Edition};
use arbitre_engine::lecture::{lire_bulletin, lire_bulletins_octets};
use arbitre_engine::lexique_partie::LexiquePartie;
use arbitre_engine::{Formule, Lexique, Partie};
use std::path::Path;
use std::sync::OnceLock;

/// Un message d'erreur ne dépasse jamais cette longueur (une citation est bornée à 60
/// caractères, un chemin et une explication s'y ajoutent).
pub const MESSAGE_MAX: usize = 600;

/// MANGER H4 puis TALES 10G : la partie des essais.
pub const PARTIE: &str = "coup tirage top ref score\n1 AEGMNRT MANGER H4 20\n2 AELSTTU TALES 10G 16\n";
pub const LEXIQUE: &[&str] = &["MANGER", "MANGERA", "AMENER", "TALES", "SALE", "SALER", "LAS", "RASE", "ELAN", "TEL", "LES", "SEL", "TALE", "ETAL"];

fn borne(message: &str) {
    assert!(message.chars().count() <= MESSAGE_MAX, "message de {} caractères", message.chars().count());
}

/// Un message qui nomme plusieurs lignes fautives (un CSV : vingt au plus, après une ligne
/// de tête, les autres comptées) : chaque ligne est courte, et leur nombre borné.
fn borne_par_ligne(message: &str) {
    assert!(message.lines().count() <= 22, "message de {} lignes", message.lines().count());
    message.lines().for_each(borne);
}

fn lexique() -> &'static Lexique {
    static L: OnceLock<Lexique> = OnceLock::new();
    L.get_or_init(|| Lexique::depuis_mots("essai", LEXIQUE))
}

/// Le lexique de la partie des essais (la partie fait foi : ses tops sont admis).
fn lexique_partie() -> &'static LexiquePartie<'static> {
    static L: OnceLock<LexiquePartie<'static>> = OnceLock::new();
    L.get_or_init(|| LexiquePartie::new(partie(), lexique()))
}

fn partie() -> &'static Partie {
    static P: OnceLock<Partie> = OnceLock::new();
    P.get_or_init(|| Partie::depuis_texte(Path::new("p.partie"), PARTIE, Formule::STANDARD).expect("partie des essais"))
}

/// Une partie `.partie` : lue et rejouée, ou une erreur courte.
pub fn partie_texte(octets: &[u8]) {
    let texte = arbitre_engine::texte::decoder(octets).texte;
    if let Err(e) = Partie::depuis_texte(Path::new("p.partie"), &texte, Formule::STANDARD) {
        borne(&e.to_string());
    }
}

/// Un fichier de bulletins : chaque lecture tient dans 17 × 17 cases (et ses sanctions
/// notées dans leurs bornes), se récrit en un texte qui se relit avec les mêmes sanctions
/// (fichier de corrections, archive) et se corrige ; chaque erreur est courte.
pub fn lectures(octets: &[u8]) {
    let p = partie();
    for r in lire_bulletins_octets("b.txt", octets) {
        match r {
            Err(e) => borne(&e.to_string()),
            Ok(l) => {
                l.valider().expect("une lecture du format texte est toujours valide");
                let relue = lire_bulletin("b.txt", &l.vers_texte()).expect("le texte récrit d'une lecture se relit");
                assert_eq!(relue.sanctions, l.sanctions);
                if let Some(ctx) = ContexteCoup::new(p, l.coup, lexique_partie()) {
                    let d = corriger(&ctx, &l, Edition::E2020);
                    assert_eq!((d.table, d.coup), (l.table, l.coup));
                }
            }
        }
    }
}

/// Les fichiers CSV de `corriger` : joueurs et correction du premier arbitre.
pub fn csv(octets: &[u8]) {
    let texte = arbitre_engine::texte::decoder(octets).texte;
    if let Err(e) = arbitre_reports::joueurs::lire_joueurs("j.csv", &texte) {
        borne_par_ligne(&e.to_string());
    }
    if let Err(e) = arbitre_reports::double_arbitrage::lire_premier_arbitre("pa.csv", &texte) {
        borne_par_ligne(&e.to_string());
    }
}

/// Une archive : relue, ses rapports se refont ; sinon une erreur courte.
pub fn archive(octets: &[u8]) {
    let texte = arbitre_engine::texte::decoder(octets).texte;
    match arbitre_reports::archive::lire_archive("archive.json", &texte) {
        Err(e) => borne(&e.to_string()),
        Ok(d) => {
            for b in &d.bulletins {
                b.lecture.valider().expect("lecture relue bornée");
            }
            let _ = arbitre_reports::generer_rapports(&d);
        }
    }
}

/// Un fichier `.fst` : chargé (mots de A–Z, 15 lettres au plus) ou refusé clairement.
pub fn lexique_fst(octets: &[u8]) {
    let d = tempfile_dir();
    let p = d.join(format!("l{}.fst", std::process::id()));
    std::fs::write(&p, octets).expect("écriture du fichier d'essai");
    match Lexique::charger(&p) {
        Err(e) => borne(&e.to_string()),
        Ok(lx) => {
            for m in lx.mots().take(1000) {
                assert!(m.len() <= 15 && m.bytes().all(|b| b.is_ascii_uppercase()), "{m:?}");
            }
        }
    }
}

fn tempfile_dir() -> std::path::PathBuf {
    let d = std::env::temp_dir().join("arbitre-fuzz");
    std::fs::create_dir_all(&d).expect("dossier d'essai");
    d
}
