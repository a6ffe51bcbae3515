//! La feuille de suivi du double arbitrage (guide pratique d'arbitrage 2020, section 3) :
//! une ligne par bulletin rectifié (ou, sans correction du premier arbitre, par bulletin
//! sanctionné), les colonnes du guide, le panneau des tirages, mots retenus et places,
//! l'en-tête (nom, tournoi / partie, tables contrôlées). En CSV et en HTML imprimable
//! (A4 paysage).

use crate::double_arbitrage::{par_bulletin, Comparaison};
use crate::dossier::{plages, Dossier};
use crate::html::{e, page};
use crate::resultats::{Origine, Resultats};
use arbitre_engine::arbitrage::{Decision, Motif, Verdict};
use serde::{Deserialize, Serialize};

/// Les colonnes du CSV : les noms du guide, préfixés de leur groupe là où le guide les
/// répète (LOC, Autre, SUP).
pub const COLONNES: [&str; 17] = [
    "Table",
    "Coup",
    "Zéro MNA",
    "Zéro LOC",
    "Zéro EL",
    "Zéro Autre",
    "Zéro SUP",
    "Pénalité LOC",
    "Pénalité SUP",
    "Avertissement Score",
    "Avertissement LR",
    "Avertissement INV",
    "Avertissement Jok.",
    "Avertissement Autre",
    "Avertissement SUP",
    "Comm. arb.",
    "Score final",
];

/// Une ligne de la feuille.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LigneSuivi {
    pub table: u32,
    pub coup: u32,
    /// MNA, LOC, EL, Autre, SUP.
    pub zero: [bool; 5],
    /// LOC, SUP.
    pub penalite: [bool; 2],
    /// Score, LR, INV, Jok., Autre, SUP.
    pub avertissement: [bool; 6],
    pub commission: bool,
    pub score_final: u32,
}

/// Coche les colonnes de la sanction d'une décision (guide 3 : MNA mot non admis, LOC
/// erreur de localisation, EL erreur de lettre ; LR lettres de raccord, INV référence ou
/// sens inversé, Jok. joker).
fn cocher(l: &mut LigneSuivi, d: &Decision) {
    // 5.8 : l'avertissement disciplinaire s'ajoute à toute sanction (colonne Autre).
    if d.motifs.iter().any(|m| matches!(m, Motif::AutreAvertissement { .. })) {
        l.avertissement[4] = true;
    }
    match d.verdict {
        Verdict::Zero => {
            for m in d.motifs.iter().filter(|m| !matches!(m, Motif::AutreAvertissement { .. })) {
                let i = match m {
                    Motif::MotNonAdmis { .. } => 0,
                    Motif::LocalisationZero | Motif::RaccordementFallacieux | Motif::ReferenceEtSensInverses { .. } => 1,
                    Motif::ErreurLettre { .. } => 2,
                    _ => 3,
                };
                l.zero[i] = true;
            }
            if !l.zero[..4].contains(&true) {
                l.zero[3] = true;
            }
        }
        // La pénalité de 5 points sanctionne toujours la localisation (5.3.3).
        Verdict::Penalite => l.penalite[0] = true,
        Verdict::Avertissement => {
            for m in &d.motifs {
                let i = match m {
                    Motif::Score => 0,
                    Motif::LettresRaccord => 1,
                    Motif::Inversion => 2,
                    Motif::Joker { .. } => 3,
                    _ => 4,
                };
                l.avertissement[i] = true;
            }
            if !l.avertissement[..5].contains(&true) {
                l.avertissement[4] = true;
            }
        }
        Verdict::Valide => {}
    }
}

/// Les lignes de la feuille : avec le premier arbitre, une par rectification (sanction
/// ajoutée cochée dans son groupe, sanction supprimée en SUP) et par bulletin en
/// commission ; sans, une par bulletin sanctionné ou en commission.
pub fn lignes(dossier: &Dossier, resultats: &Resultats, comparaison: Option<&Comparaison>) -> Vec<LigneSuivi> {
    let (decisions, rectifs) = par_bulletin(dossier, resultats, comparaison);
    let mut v = Vec::new();
    for coup in &dossier.partie.coups {
        let mut tables: Vec<_> = resultats.tables.iter().collect();
        tables.sort_by_key(|l| l.table);
        for t in tables {
            let Some(case) = t.coups.iter().find(|c| c.coup == coup.numero) else { continue };
            let Some(d) = decisions.get(&(t.table, coup.numero)) else { continue };
            let mut l = LigneSuivi { table: t.table, coup: coup.numero, commission: d.commission, score_final: case.score, ..Default::default() };
            match (comparaison, rectifs.get(&(t.table, coup.numero))) {
                (Some(_), Some(r)) => {
                    if r.ajout.is_some() {
                        cocher(&mut l, d);
                    }
                    match r.suppression {
                        Some(Verdict::Zero) => l.zero[4] = true,
                        Some(Verdict::Penalite) => l.penalite[1] = true,
                        Some(Verdict::Avertissement) => l.avertissement[5] = true,
                        _ => {}
                    }
                }
                (Some(_), None) if d.commission => {}
                (None, _) if case.origine == Origine::Bulletin && (d.verdict != Verdict::Valide || d.commission) => cocher(&mut l, d),
                _ => continue,
            }
            v.push(l);
        }
    }
    v
}

fn x(b: bool) -> &'static str {
    if b {
        "X"
    } else {
        ""
    }
}

impl LigneSuivi {
    fn champs(&self) -> Vec<String> {
        let mut c = vec![self.table.to_string(), self.coup.to_string()];
        c.extend(self.zero.iter().chain(&self.penalite).chain(&self.avertissement).map(|&b| x(b).to_string()));
        c.push(x(self.commission).to_string());
        c.push(self.score_final.to_string());
        c
    }
}

/// La feuille en CSV (`suivi.csv`).
pub fn suivi_csv(lignes: &[LigneSuivi]) -> String {
    let mut w = crate::tableur::ecrivain();
    let _ = w.write_record(COLONNES);
    for l in lignes {
        let _ = w.write_record(l.champs());
    }
    crate::tableur::texte(w)
}

/// Le panneau des tirages en CSV (`suivi-tirages.csv`) : Coup, Tirages, Mots retenus, Places.
pub fn tirages_csv(dossier: &Dossier) -> String {
    let mut w = crate::tableur::ecrivain();
    let _ = w.write_record(["Coup", "Tirages", "Mots retenus", "Places"]);
    for c in &dossier.partie.coups {
        let _ = w.write_record([c.numero.to_string(), c.tirage.clone(), c.mot.clone(), c.reference.clone()]);
    }
    crate::tableur::texte(w)
}

const STYLE: &str = r#"
@page { size: A4 landscape; margin: 8mm; }
* { box-sizing: border-box; }
body { margin: 0; font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; font-size: 8pt; color: #000; }
.feuille { width: 279mm; display: flex; gap: 4mm; --encre: #0a7a2a; }
.gauche { flex: 1; }
.droite { width: 80mm; }
h1 { font-size: 12pt; margin: 0 0 2mm 0; text-align: center; border: 0.35mm solid #000; padding: 1mm; }
.entete div { margin: 1.2mm 0; }
.entete .valeur { color: var(--encre); font-weight: bold; border-bottom: 0.2mm dotted #000; display: inline-block; min-width: 70mm; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 0.25mm solid #000; text-align: center; padding: 0; height: 4.9mm; }
thead { display: table-header-group; }
tr { break-inside: avoid; page-break-inside: avoid; }
th { font-weight: bold; font-size: 7pt; background: #f1f1f1; }
td { color: var(--encre); font-weight: bold; }
td.coche { font-size: 8.5pt; }
th.groupe { font-size: 7.5pt; }
td.num { color: #000; font-weight: normal; width: 6mm; }
.panneau td { font-family: "DejaVu Sans Mono", monospace; font-size: 7pt; font-weight: normal; color: #000; }
.panneau td.mot { font-weight: bold; }
.bas { margin-top: 2mm; display: flex; gap: 6mm; }
.bas div { flex: 1; border: 0.25mm solid #000; min-height: 14mm; padding: 1mm; }
.remarques ul { margin: 0.5mm 0 0 4mm; padding: 0; color: var(--encre); }
.legende { font-size: 6.5pt; margin-top: 1.5mm; }
@media screen { body { padding: 6mm; } }
"#;

/// La feuille en HTML imprimable (A4 paysage).
pub fn suivi_html(dossier: &Dossier, resultats: &Resultats, lignes: &[LigneSuivi], remarques: &[String]) -> String {
    let mut h = String::from("<div class=\"feuille\">\n<div class=\"gauche\">\n<h1>Feuille de suivi de double-arbitrage</h1>\n");
    // Les tables contrôlées : celles dont au moins un bulletin a été relu.
    let mut triees: Vec<u32> = resultats.tables.iter().filter(|l| l.coups.iter().any(|c| c.origine == Origine::Bulletin)).map(|l| l.table).collect();
    triees.sort();
    h.push_str(&format!(
        "<div class=\"entete\"><div>Nom : <span class=\"valeur\">{}</span></div><div>Tournoi / Partie : <span class=\"valeur\">{}</span></div><div>N° des tables contrôlées : <span class=\"valeur\">{}</span></div></div>\n",
        e(dossier.arbitre.as_deref().unwrap_or("")),
        e(&dossier.titre),
        e(&plages(&triees))
    ));
    // L'en-tête des colonnes dans <thead> : répété en haut de chaque page imprimée.
    h.push_str("<table class=\"principal\">\n<thead>\n<tr><th colspan=\"2\" class=\"groupe\">Pointage</th><th colspan=\"5\" class=\"groupe\">Zéro</th><th colspan=\"2\" class=\"groupe\">Pénalité</th><th colspan=\"6\" class=\"groupe\">Avertissement</th><th rowspan=\"2\" class=\"groupe\">Comm.<br>arb.</th><th rowspan=\"2\" class=\"groupe\">Score<br>final</th></tr>\n");
    h.push_str("<tr><th>Table</th><th>Coup</th><th>MNA</th><th>LOC</th><th>EL</th><th>Autre</th><th>SUP</th><th>LOC</th><th>SUP</th><th>Score</th><th>LR</th><th>INV</th><th>Jok.</th><th>Autre</th><th>SUP</th></tr>\n</thead>\n<tbody>\n");
    // Des lignes vides pour écrire à la main, comme sur la feuille du guide.
    let nb = lignes.len().max(dossier.partie.coups.len()).max(20);
    for i in 0..nb {
        h.push_str("<tr>");
        match lignes.get(i) {
            Some(l) => {
                for (k, c) in l.champs().iter().enumerate() {
                    let classe = if (2..16).contains(&k) { " class=\"coche\"" } else { "" };
                    h.push_str(&format!("<td{classe}>{}</td>", if c == "X" { "✕" } else { c.as_str() }));
                }
            }
            None => h.push_str(&"<td></td>".repeat(COLONNES.len())),
        }
        h.push_str("</tr>\n");
    }
    h.push_str("</tbody>\n</table>\n<div class=\"bas\"><div>Signature (après pointage)</div><div class=\"remarques\">Remarques : (organisation, solo, commission arbitrage...)");
    if !remarques.is_empty() {
        h.push_str("<ul>");
        for r in remarques {
            h.push_str(&format!("<li>{}</li>", e(r)));
        }
        h.push_str("</ul>");
    }
    h.push_str("</div></div>\n<div class=\"legende\">MNA = Mot Non Admis &nbsp; LOC = l'erreur de localisation implique soit un zéro, soit une pénalité &nbsp; EL = Erreur de Lettre<br>LR = nombre de Lettres de Raccord insuffisant &nbsp; INV = Réf Alpha ou sens inversé &nbsp; SUP = Supprimé &nbsp; Comm. arbitrage = bulletin soumis à la commission d'arbitrage</div>\n</div>\n");
    // Le panneau des tirages, mots retenus et places.
    // Une ligne par coup de la partie, numérotée comme la partie (rien au-delà).
    h.push_str("<div class=\"droite\">\n<table class=\"panneau\">\n<thead><tr><th></th><th>Tirages</th><th>Mots retenus</th><th>Places</th></tr></thead>\n<tbody>\n");
    for c in &dossier.partie.coups {
        h.push_str(&format!(
            "<tr><td class=\"num\">{}</td><td>{}</td><td class=\"mot\">{}</td><td>{}</td></tr>\n",
            c.numero,
            e(&c.tirage),
            e(&c.mot),
            e(&c.reference)
        ));
    }
    h.push_str("</tbody>\n");
    h.push_str("</table>\n</div>\n</div>\n");
    page(&format!("Feuille de suivi — {}", dossier.titre), STYLE, &h)
}
