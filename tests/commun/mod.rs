//! Outils des tests de bout en bout : chromium sans tête (capture PNG, impression PDF),
//! le texte de chaque page d'un PDF (pdftotext, paquet Debian `poppler-utils`), une manche
//! générée jugée par `arbitre run` ([`manche_generee`]).
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

pub mod manche_generee;

/// Un programme du PATH.
pub fn which(nom: &str) -> Option<PathBuf> {
    std::env::var_os("PATH").and_then(|chemins| std::env::split_paths(&chemins).map(|d| d.join(nom)).find(|p| p.is_file()))
}

/// Un programme nécessaire au test : absent, le test le dit et s'arrête (`None`) — sauf
/// en CI (`CI` défini), où `.ci/run` l'installe et où son absence est une erreur.
pub fn outil(nom: &str, paquet: &str) -> Option<PathBuf> {
    let p = which(nom);
    if p.is_none() {
        assert!(std::env::var_os("CI").is_none(), "{nom} absent en CI : .ci/run doit installer {paquet}");
        eprintln!("{nom} absent : rendu non vérifié (apt-get install -y {paquet})");
    }
    p
}

/// Lance chromium sans tête sur une page, avec un profil neuf, et les options données.
pub fn chromium(chromium: &Path, page: &Path, options: &[String]) -> std::process::Output {
    let profil = tempfile::tempdir().unwrap();
    Command::new(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--hide-scrollbars",
        ])
        .arg(format!("--user-data-dir={}", profil.path().display()))
        .args(options)
        .arg(format!("file://{}", page.display()))
        .output()
        .unwrap()
}

/// Imprime une page en PDF (sans en-tête ni pied de chromium) ; les octets du PDF.
pub fn imprimer(chrome: &Path, page: &Path, pdf: &Path) -> Vec<u8> {
    let o = chromium(chrome, page, &[format!("--print-to-pdf={}", pdf.display()), "--no-pdf-header-footer".into()]);
    let octets = std::fs::read(pdf).unwrap_or_else(|_| panic!("{} : pas de PDF ; {}", page.display(), String::from_utf8_lossy(&o.stderr)));
    assert!(octets.starts_with(b"%PDF"), "{} : PDF invalide", page.display());
    octets
}

/// Le texte de chaque page d'un PDF (pdftotext, pages séparées par un saut de page).
pub fn pages_pdf(pdftotext: &Path, pdf: &Path) -> Vec<String> {
    let o = Command::new(pdftotext).arg("-layout").arg(pdf).arg("-").output().unwrap();
    assert!(o.status.success(), "pdftotext : {}", String::from_utf8_lossy(&o.stderr));
    let texte = String::from_utf8_lossy(&o.stdout).into_owned();
    let mut pages: Vec<String> = texte.split('\u{c}').map(String::from).collect();
    if pages.last().is_some_and(|p| p.trim().is_empty()) {
        pages.pop();
    }
    pages
}
