//! Les billets de correction (guide pratique d'arbitrage 2020, section 2 ; règlement
//! 5.9) : un billet par bulletin qui en demande un, avec les cases du formulaire FISF
//! numérotées comme au guide (5) à (29), et « votre bulletin » qui reproduit l'écriture
//! du joueur. Rendu HTML imprimable, trois billets par page A4.

use crate::double_arbitrage::{par_bulletin, Comparaison};
use crate::dossier::Dossier;
use crate::html::{carre, e, page, rond};
use crate::resultats::{Origine, Resultats};
use arbitre_engine::arbitrage::{Decision, Motif, Verdict};
use arbitre_engine::lecture::{Contenu, Lecture, Trace};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// Une case cochée du billet (numéros du guide, section 2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Item {
    /// (5) Score erroné, manquant ou illisible (case cochée : avertissement), ou rétabli
    /// par le double arbitre : le score du joueur était juste (« rétabli » souligné, case
    /// vide).
    Score { retabli: bool },
    /// (6) Nombre de lettres de raccord insuffisant (y compris le mot prolongé de moins de
    /// 7 lettres non écrit en entier).
    LettresRaccord,
    /// (7) Référence ou sens du mot inversé.
    Inversion,
    /// (8) Deux modes de localisation dont un correct.
    DeuxModes,
    /// (9) Joker non encerclé ou encerclement erroné, lettre encerclée.
    Joker { lettre: char },
    /// (10) Autre avertissement.
    AutreAvertissement { texte: String },
    /// (11) Avertissement n° (dès le 3e).
    NumeroAvertissement { numero: u32 },
    /// (12) Avertissement enlevé.
    AvertissementEnleve,
    /// (13) −5 pts : localisation absente ou erronée (score et sens exacts).
    LocalisationPenalite,
    /// (15) Vérifiez votre grille !
    VerifiezGrille,
    /// (16) Bulletin en commission.
    Commission,
    /// (17) Mot(s) non admis : tous les mots.
    MotsNonAdmis { mots: Vec<String> },
    /// (18) Mot non écrit en entier.
    MotIncomplet,
    /// (19) Localisation absente ou erronée, avec score inexact / absent ou prolongement
    /// fallacieux.
    LocalisationZero { score_inexact: bool, fallacieux: bool },
    /// (21) Bulletin vierge / manquant.
    ViergeManquant,
    /// (22) Bulletin échangé.
    BulletinEchange,
    /// (23) Temps dépassé.
    TempsDepasse,
    /// (24) Placement impossible.
    PlacementImpossible,
    /// (25) Mot illisible.
    Illisible,
    /// (26) Erreur de lettre. Pas de …
    ErreurLettre { lettres: String },
    /// (27) Référence et sens du mot inversés, avec (29) votre référence.
    ReferenceEtSens { reference: String },
    /// (28) Autre zéro.
    AutreZero { texte: String },
}

/// Un billet de correction.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Billet {
    /// (1)
    pub table: u32,
    /// (4)
    pub coup: u32,
    /// (3) Le billet émane du double arbitrage.
    pub double_arbitrage: bool,
    pub verdict: Verdict,
    pub items: Vec<Item>,
    /// (14) Score attribué.
    pub score_attribue: u32,
    /// (20) Votre bulletin : la lecture du bulletin du joueur.
    pub bulletin: Option<Lecture>,
}

impl Item {
    /// Le numéro de la case au guide.
    pub fn numero(&self) -> u32 {
        match self {
            Item::Score { .. } => 5,
            Item::LettresRaccord => 6,
            Item::Inversion => 7,
            Item::DeuxModes => 8,
            Item::Joker { .. } => 9,
            Item::AutreAvertissement { .. } => 10,
            Item::NumeroAvertissement { .. } => 11,
            Item::AvertissementEnleve => 12,
            Item::LocalisationPenalite => 13,
            Item::VerifiezGrille => 15,
            Item::Commission => 16,
            Item::MotsNonAdmis { .. } => 17,
            Item::MotIncomplet => 18,
            Item::LocalisationZero { .. } => 19,
            Item::ViergeManquant => 21,
            Item::BulletinEchange => 22,
            Item::TempsDepasse => 23,
            Item::PlacementImpossible => 24,
            Item::Illisible => 25,
            Item::ErreurLettre { .. } => 26,
            Item::ReferenceEtSens { .. } => 27,
            Item::AutreZero { .. } => 28,
        }
    }
}

impl Billet {
    /// La case de numéro `n`, si cochée.
    pub fn item(&self, n: u32) -> Option<&Item> {
        self.items.iter().find(|i| i.numero() == n)
    }
}

/// Les cases d'une décision (le motif → la case du billet).
pub fn items_decision(d: &Decision) -> Vec<Item> {
    let mut items: Vec<Item> = Vec::new();
    let ajouter = |i: Item, items: &mut Vec<Item>| {
        if !items.contains(&i) {
            items.push(i);
        }
    };
    let fallacieux = d.motifs.contains(&Motif::RaccordementFallacieux);
    let mut non_admis: Vec<String> = Vec::new();
    for m in &d.motifs {
        let item = match m {
            Motif::Score => Item::Score { retabli: false },
            Motif::LettresRaccord => Item::LettresRaccord,
            Motif::Inversion => Item::Inversion,
            Motif::DeuxModes => Item::DeuxModes,
            Motif::Joker { lettre } => Item::Joker { lettre: *lettre },
            Motif::LocalisationPenalite => Item::LocalisationPenalite,
            Motif::MotNonAdmis { mots } => {
                non_admis.extend(mots.iter().filter(|m| !non_admis.contains(m)).cloned().collect::<Vec<_>>());
                continue;
            }
            // Guide (6) : le mot prolongé non écrit en entier sanctionné d'un avertissement
            // se coche « lettres de raccord » ; le zéro, (18).
            Motif::MotIncomplet if d.verdict == Verdict::Avertissement => Item::LettresRaccord,
            Motif::MotIncomplet => Item::MotIncomplet,
            // Guide (19) : zéro si en outre le score est inexact / absent ou le
            // raccordement fallacieux.
            Motif::LocalisationZero | Motif::RaccordementFallacieux => {
                Item::LocalisationZero { score_inexact: !fallacieux, fallacieux }
            }
            Motif::Vierge | Motif::Absent => Item::ViergeManquant,
            Motif::PlacementImpossible => Item::PlacementImpossible,
            Motif::Illisible => Item::Illisible,
            Motif::ErreurLettre { lettres } => Item::ErreurLettre { lettres: lettres.clone() },
            Motif::ReferenceEtSensInverses { reference } => Item::ReferenceEtSens { reference: reference.clone() },
            // Guide 1.c : erreur de grille, « cocher la case idoine » (15).
            Motif::ErreurGrille => Item::VerifiezGrille,
            Motif::PlusieursSolutions => match d.verdict {
                Verdict::Zero => Item::AutreZero { texte: "plusieurs solutions".into() },
                _ => Item::AutreAvertissement { texte: "plusieurs solutions".into() },
            },
            Motif::BulletinEchange => Item::BulletinEchange,
            Motif::TempsDepasse => Item::TempsDepasse,
            Motif::AutreZero { texte } => Item::AutreZero { texte: texte.clone() },
            Motif::AutreAvertissement { texte } => Item::AutreAvertissement { texte: texte.clone() },
        };
        // Les cases (10) et (28) n'ont qu'une ligne : plusieurs motifs s'y écrivent à la suite.
        match (items.iter_mut().find(|i| i.numero() == item.numero()), &item) {
            (Some(Item::AutreAvertissement { texte: t }), Item::AutreAvertissement { texte }) | (Some(Item::AutreZero { texte: t }), Item::AutreZero { texte }) => {
                if t != texte {
                    t.push_str(" ; ");
                    t.push_str(texte);
                }
            }
            _ => ajouter(item, &mut items),
        }
    }
    if !non_admis.is_empty() {
        ajouter(Item::MotsNonAdmis { mots: non_admis }, &mut items);
    }
    if d.verifier_grille {
        ajouter(Item::VerifiezGrille, &mut items);
    }
    if d.commission {
        ajouter(Item::Commission, &mut items);
    }
    items
}

/// Le billet est-il dispensé (5.9) ? Un avertissement pour erreur de score sur le mot
/// retenu (tant que le quantième n'est pas à signifier, guide (5) et (11)), un zéro pour
/// une solution supérieure au top (mot non admis seul, guide (17)).
fn dispense(d: &Decision, numero_avert: Option<u32>, top: Option<(&str, &str, u32)>) -> bool {
    if d.commission || d.verifier_grille {
        return false;
    }
    match d.verdict {
        Verdict::Avertissement => {
            let sur_le_top = match (&d.solution, top) {
                (Some(s), Some((mot, reference, _))) => s.mot == mot && s.reference == reference,
                _ => false,
            };
            // Guide (5) : un score absent ou illisible demande toujours un billet.
            d.motifs == [Motif::Score] && d.score_revendique.is_some() && sur_le_top && numero_avert.unwrap_or(0) < 3
        }
        Verdict::Zero => {
            let seul_non_admis = !d.motifs.is_empty() && d.motifs.iter().all(|m| matches!(m, Motif::MotNonAdmis { .. }));
            let au_dessus = match (d.score_revendique, top) {
                (Some(s), Some((_, _, t))) => s > t,
                _ => false,
            };
            seul_non_admis && au_dessus
        }
        _ => false,
    }
}

/// Les billets du double arbitre, à imprimer et distribuer : ceux qui changent quelque
/// chose (rectification) ou envoient le bulletin en commission.
pub fn billets_du_double_arbitre(billets: &[Billet]) -> Vec<Billet> {
    billets.iter().filter(|b| b.double_arbitrage).cloned().collect()
}

/// Les billets de la manche, par coup puis par table (l'ordre de distribution).
pub fn billets(dossier: &Dossier, resultats: &Resultats, comparaison: Option<&Comparaison>) -> Vec<Billet> {
    let lectures: HashMap<(u32, u32), &Lecture> =
        dossier.bulletins.iter().rev().map(|b| ((b.decision.table, b.decision.coup), &b.lecture)).collect();
    let (decisions, rectifs) = par_bulletin(dossier, resultats, comparaison);

    let mut v = Vec::new();
    for coup in &dossier.partie.coups {
        let top = Some((coup.mot.as_str(), coup.reference.as_str(), coup.score));
        let mut lignes: Vec<_> = resultats.tables.iter().collect();
        lignes.sort_by_key(|l| l.table);
        for l in lignes {
            let Some(case) = l.coups.iter().find(|c| c.coup == coup.numero) else { continue };
            if !matches!(case.origine, Origine::Bulletin | Origine::Absent) {
                continue;
            }
            let Some(d) = decisions.get(&(l.table, coup.numero)) else { continue };
            let rectif = rectifs.get(&(l.table, coup.numero)).copied();
            let besoin = rectif.is_some() || (d.verdict != Verdict::Valide && !dispense(d, case.avertissement, top)) || d.commission || d.verifier_grille;
            if !besoin {
                continue;
            }
            let mut items = items_decision(d);
            if let Some(n) = case.avertissement.filter(|&n| n >= 3) {
                // Guide (11) : dès le 3e avertissement, le quantième est signifié.
                items.push(Item::NumeroAvertissement { numero: n });
            }
            if let Some(r) = rectif {
                if r.suppression == Some(Verdict::Avertissement) {
                    items.push(Item::AvertissementEnleve);
                }
                // Guide (5) : le score du premier arbitre rectifié. Quand le joueur avait le
                // bon score, c'est le sien qui est rétabli : « rétabli » souligné, sans
                // avertissement ; sinon (sanction inchangée) le score est erroné.
                let retabli = d.verdict != Verdict::Zero && d.score_revendique == Some(r.score);
                let sanction_inchangee = r.ajout.is_none() && r.suppression.is_none();
                if r.score_modifie && (retabli || sanction_inchangee) && !items.iter().any(|i| matches!(i, Item::Score { .. })) {
                    items.push(Item::Score { retabli });
                }
            }
            items.sort_by_key(Item::numero);
            v.push(Billet {
                table: l.table,
                coup: coup.numero,
                // Avec le premier arbitre, le billet d'une rectification ou d'un bulletin que
                // le double arbitre envoie en commission émane du double arbitrage (guide (3)).
                double_arbitrage: rectif.is_some() || (comparaison.is_some() && d.commission),
                verdict: d.verdict,
                items,
                score_attribue: case.score,
                bulletin: lectures.get(&(l.table, coup.numero)).map(|&l| l.clone()),
            });
        }
    }
    v
}

const STYLE: &str = r#"
@page { size: A4 portrait; margin: 8mm 10mm; }
* { box-sizing: border-box; }
body { margin: 0; font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; font-size: 7.2pt; color: #000; }
.feuille { width: 190mm; }
.billet { --encre: #1a3fa0; position: relative; width: 190mm; height: 91mm; border: 0.35mm solid #000; margin: 0 0 2.5mm 0;
  display: grid; grid-template-columns: 9mm 1fr 53mm; grid-template-rows: 9mm auto auto auto 1fr 4mm; break-inside: avoid; page-break-inside: avoid; }
.billet.da { --encre: #0a7a2a; }
.billet:nth-of-type(3n) { break-after: page; page-break-after: always; margin-bottom: 0; }
.billet > div { border-bottom: 0.25mm solid #000; }
.billet > .logo, .billet > .da-case, .billet > .table-no { border-bottom: 0.45mm dashed #000; }
.pli { margin-left: auto; margin-right: 2mm; font-size: 5.5pt; font-weight: normal; color: #555; }
.logo { grid-column: 1; display: flex; align-items: center; justify-content: center; font-weight: bold; font-style: italic; font-size: 8pt; border-right: 0.25mm solid #000; }
.da-case { grid-column: 2; display: flex; align-items: center; gap: 2mm; padding-left: 3mm; font-weight: bold; font-size: 8.5pt; }
.table-no { grid-column: 3; border-left: 0.45mm dashed #000; display: flex; align-items: center; justify-content: space-between; padding: 0 3mm; font-size: 9pt; font-weight: bold; }
.bande { grid-column: 1; border-right: 0.25mm solid #000; display: flex; align-items: center; justify-content: center; font-weight: bold; }
.bande span { writing-mode: vertical-rl; transform: rotate(180deg); font-size: 6.6pt; white-space: nowrap; }
.bande.av span { font-size: 6pt; }
.bande.pen span { writing-mode: horizontal-tb; transform: none; text-align: center; line-height: 2.8mm; }
.items { grid-column: 2; padding: 0.8mm 2mm; line-height: 3.5mm; }
.items.av { line-height: 3.9mm; }
.droite { grid-column: 3; border-left: 0.35mm solid #000; padding: 1mm 2mm; }
.n { color: #444; font-size: 6pt; margin: 0 0.6mm 0 0.3mm; }
.rond, .carre { display: inline-block; width: 2.5mm; height: 2.5mm; border: 0.25mm solid #000; vertical-align: -0.4mm; margin-right: 0.8mm; position: relative; }
.rond { border-radius: 50%; }
.rond.coche::after { content: ""; position: absolute; left: 0.35mm; top: 0.35mm; width: 1.3mm; height: 1.3mm; border-radius: 50%; background: var(--encre); }
.carre.coche::before, .carre.coche::after { content: ""; position: absolute; left: -0.35mm; top: 0.95mm; width: 2.7mm; height: 0.4mm; background: var(--encre); transform: rotate(45deg); }
.carre.coche::after { transform: rotate(-45deg); }
.ecrit { color: var(--encre); font-weight: bold; font-family: "DejaVu Sans Mono", monospace; }
.blanc { display: inline-block; min-width: 18mm; border-bottom: 0.2mm dotted #000; }
.souligne { text-decoration: underline; text-decoration-color: var(--encre); text-decoration-thickness: 0.4mm; }
.cote { display: inline-block; margin-left: 2mm; }
.grand { font-size: 14pt; color: var(--encre); font-weight: bold; text-align: center; margin-top: 1mm; }
.titre-droite { font-weight: bold; font-size: 7pt; }
.pen-items { grid-column: 2; padding: 1.2mm 2mm; line-height: 3.5mm; }
.pen-droite { grid-column: 3; border-left: 0.35mm solid #000; padding: 1mm 2mm; display: flex; align-items: center; gap: 4mm; }
.ligne-grille { grid-column: 1 / 4; padding: 0.8mm 2mm 0.8mm 11mm; }
.ligne-grille .cote { margin-left: 12mm; }
.zero-items { grid-row: 5; }
.votre { grid-row: 5; }
.pied { grid-column: 1 / 4; border-bottom: none !important; font-size: 5.5pt; text-align: right; padding-right: 2mm; color: #333; }
.bulletin-joueur { margin-top: 0.6mm; }
.bulletin-joueur .refscore { font-size: 6.5pt; margin-bottom: 0.6mm; }
.bulletin-joueur .refscore b { font-family: "DejaVu Sans Mono", monospace; font-size: 8pt; }
table.cases { border-collapse: collapse; }
table.cases { --c: 4.2mm; }
table.cases td { width: var(--c); height: var(--c); line-height: 1; border: 0.15mm solid #8aa; text-align: center; vertical-align: middle; padding: 0;
  font-family: "DejaVu Sans Mono", monospace; font-size: calc(var(--c) * 0.68); font-weight: bold; }
table.cases td .entouree { display: inline-block; width: calc(var(--c) * 0.88); height: calc(var(--c) * 0.88); line-height: calc(var(--c) * 0.84); border: 0.25mm solid #000; border-radius: 50%; }
table.cases td.barree { text-decoration: line-through; text-decoration-thickness: 0.35mm; color: #666; }
table.cases td .alt { font-size: calc(var(--c) * 0.45); }
.decoupe { font-size: 6pt; color: #777; }
@media screen { body { padding: 6mm; background: #ddd; } .billet { background: #fff; } }
"#;

/// Les billets en une page HTML imprimable (trois par page A4).
pub fn billets_html(titre: &str, billets: &[Billet]) -> String {
    let mut corps = String::from("<div class=\"feuille\">\n");
    if billets.is_empty() {
        corps.push_str("<p>Aucun billet de correction pour cette partie.</p>\n");
    }
    for b in billets {
        corps.push_str(&billet_html(b));
    }
    corps.push_str("</div>\n");
    page(&format!("Billets de correction — {titre}"), STYLE, &corps)
}

fn billet_html(b: &Billet) -> String {
    let coche = |n: u32| b.item(n).is_some();
    let o = |n: u32| rond(coche(n));
    let n = |k: u32| format!("<span class=\"n\">({k})</span>");
    let mut h = String::new();
    h.push_str(&format!(
        "<section class=\"billet{}\" data-table=\"{}\" data-coup=\"{}\">\n",
        if b.double_arbitrage { " da" } else { "" },
        b.table,
        b.coup
    ));
    // En-tête : (3) double arbitrage, (1) table.
    h.push_str("<div class=\"logo\">fisf</div>\n");
    // (2) La limite de pliage : le billet se plie le long des pointillés (sous l'en-tête,
    // puis à gauche du cadre de la table) pour que seul le numéro de table soit visible.
    h.push_str(&format!(
        "<div class=\"da-case\">{}{}DOUBLE ARBITRAGE<span class=\"pli\">{}limite de pliage</span></div>\n",
        n(3),
        carre(b.double_arbitrage),
        n(2)
    ));
    h.push_str(&format!("<div class=\"table-no\"><span>Table N° {}</span><span class=\"ecrit\">{}</span></div>\n", n(1), b.table));

    // Avertissement : (5) à (12), coup (4).
    let joker = match b.item(9) {
        Some(Item::Joker { lettre }) => format!("<span class=\"ecrit\">{}</span>", e(&lettre.to_string())),
        _ => "<span class=\"blanc\"></span>".into(),
    };
    let retabli = matches!(b.item(5), Some(Item::Score { retabli: true }));
    let autre_av = match b.item(10) {
        Some(Item::AutreAvertissement { texte }) => format!("<span class=\"ecrit\">{}</span>", e(texte)),
        _ => "<span class=\"blanc\"></span>".into(),
    };
    let numero = match b.item(11) {
        Some(Item::NumeroAvertissement { numero }) => format!("<span class=\"ecrit\">{numero}</span>"),
        _ => "<span class=\"blanc\" style=\"min-width:6mm\"></span>".into(),
    };
    h.push_str("<div class=\"bande av\"><span>AVERTISSEMENT</span></div>\n<div class=\"items av\">\n");
    // Guide (5) : un score rétabli n'est pas un avertissement : le mot « rétabli » est
    // souligné, la case reste vide.
    h.push_str(&format!(
        "{}{}Score erroné, manquant, illisible ou {}<br>\n",
        n(5),
        rond(coche(5) && !retabli),
        if retabli { "<span class=\"souligne\">rétabli</span>" } else { "rétabli" }
    ));
    h.push_str(&format!("{}{}Nombre de lettres de raccord insuffisant<br>\n", n(6), o(6)));
    h.push_str(&format!("{}{}Référence <b>ou</b> Sens du mot inversé<br>\n", n(7), o(7)));
    h.push_str(&format!("{}{}Deux modes de localisation dont un correct<br>\n", n(8), o(8)));
    h.push_str(&format!("{}{}Joker non encerclé ou encerclement erroné, lettre encerclée : {joker}<br>\n", n(9), o(9)));
    h.push_str(&format!(
        "{}{}{autre_av}<span class=\"cote\">{}{}Avertissement n° {numero}</span><span class=\"cote\">{}{}Avertissement enlevé</span>\n",
        n(10),
        o(10),
        n(11),
        o(11),
        n(12),
        carre(coche(12))
    ));
    h.push_str("</div>\n");
    h.push_str(&format!("<div class=\"droite\"><div class=\"titre-droite\">Coup N° {}</div><div class=\"grand\">{}</div></div>\n", n(4), b.coup));

    // −5 points : (13), score attribué (14).
    h.push_str("<div class=\"bande pen\"><span>- 5<br>Pts</span></div>\n");
    h.push_str(&format!(
        "<div class=\"pen-items\">{}{}Localisation absente ou erronée (score et sens exacts)</div><div class=\"pen-droite\"><span class=\"titre-droite\">Score attribué {}</span><span class=\"grand\">{}</span></div>\n",
        n(13),
        o(13),
        n(14),
        b.score_attribue
    ));

    // (15), (16).
    h.push_str(&format!(
        "<div class=\"ligne-grille\">{}{}Vérifiez votre grille !<span class=\"cote\">{}{}Bulletin en commission</span></div>\n",
        n(15),
        o(15),
        n(16),
        carre(coche(16))
    ));

    // Zéro : (17) à (29), votre bulletin (20).
    let mots = match b.item(17) {
        Some(Item::MotsNonAdmis { mots }) => format!("<span class=\"ecrit\">{}</span>", e(&mots.join(", "))),
        _ => "<span class=\"blanc\" style=\"min-width:40mm\"></span>".into(),
    };
    let (inexact, fallacieux) = match b.item(19) {
        Some(Item::LocalisationZero { score_inexact, fallacieux }) => (*score_inexact, *fallacieux),
        _ => (false, false),
    };
    let lettres = match b.item(26) {
        Some(Item::ErreurLettre { lettres }) => format!("<span class=\"ecrit\">{}</span>", e(lettres)),
        _ => "<span class=\"blanc\"></span>".into(),
    };
    let votre_ref = match b.item(27) {
        Some(Item::ReferenceEtSens { reference }) => format!("<span class=\"ecrit\">{}</span>", e(reference)),
        _ => "<span class=\"blanc\"></span>".into(),
    };
    let autre_zero = match b.item(28) {
        Some(Item::AutreZero { texte }) => format!("<span class=\"ecrit\">{}</span>", e(texte)),
        _ => "<span class=\"blanc\" style=\"min-width:40mm\"></span>".into(),
    };
    h.push_str("<div class=\"bande zero-items\"><span>ZÉRO</span></div>\n<div class=\"items zero-items\">\n");
    h.push_str(&format!("{}{}Mot(s) non admis : {mots}<br>\n", n(17), o(17)));
    h.push_str(&format!("{}{}Mot non écrit en entier<br>\n", n(18), o(18)));
    h.push_str(&format!(
        "{}{}Localisation absente ou erronée<span class=\"cote\">{}score inexact / absent</span><span class=\"cote\">{}prolongement fallacieux</span><br>\n",
        n(19),
        o(19),
        rond(inexact),
        rond(fallacieux)
    ));
    h.push_str(&format!(
        "{}{}Bulletin vierge / manquant<span class=\"cote\">{}{}Bulletin échangé</span><span class=\"cote\">{}{}Temps dépassé</span><br>\n",
        n(21),
        o(21),
        n(22),
        o(22),
        n(23),
        o(23)
    ));
    h.push_str(&format!("{}{}Placement impossible<span class=\"cote\">{}{}Mot illisible</span><br>\n", n(24), o(24), n(25), o(25)));
    h.push_str(&format!("{}{}Erreur de lettre. Pas de {lettres}<br>\n", n(26), o(26)));
    h.push_str(&format!(
        "{}{}Référence <b>et</b> Sens du mot inversés<span class=\"cote\">Votre référence {} {votre_ref}</span><br>\n",
        n(27),
        o(27),
        n(29)
    ));
    h.push_str(&format!("{}{}{autre_zero}\n", n(28), o(28)));
    h.push_str("</div>\n");
    h.push_str(&format!(
        "<div class=\"droite votre\"><div class=\"titre-droite\">VOTRE BULLETIN {}</div>{}</div>\n",
        n(20),
        votre_bulletin(b.bulletin.as_ref())
    ));
    h.push_str("<div class=\"pied\">2019 – 01 – 01</div>\n</section>\n");
    h
}

/// (20) Votre bulletin : la référence, le score et la zone quadrillée tels qu'écrits
/// (lettres entourées, cases barrées, marques illisibles, lectures possibles).
fn votre_bulletin(l: Option<&Lecture>) -> String {
    const COLONNES: usize = 11;
    const RANGEES: usize = 5;
    // Rien à reproduire (bulletin non remis ou vierge) : la zone reste celle du formulaire,
    // sans mention ajoutée ; la case (21) dit déjà pourquoi.
    let Some(l) = l.filter(|l| l.etat == arbitre_engine::lecture::EtatBulletin::Rempli) else {
        return format!("<div class=\"bulletin-joueur\">{}</div>", grille_vide(COLONNES, RANGEES));
    };
    let mut h = String::from("<div class=\"bulletin-joueur\">");
    // Ce que le joueur a écrit, tel quel ; rien quand il n'a rien écrit.
    h.push_str(&format!(
        "<div class=\"refscore\">Réf. <b>{}</b> &nbsp; Score <b>{}</b></div>",
        e(l.reference.as_deref().unwrap_or("")),
        e(l.score.as_deref().unwrap_or(""))
    ));
    let largeur = l.rangees.iter().map(Vec::len).max().unwrap_or(0).max(COLONNES);
    let hauteur = l.rangees.len().max(RANGEES);
    // Les cases rétrécissent pour que tout le bulletin tienne dans le cadre (49 × 28 mm).
    let cote = (4.2f64).min(49.0 / largeur as f64).min(28.0 / hauteur as f64);
    h.push_str(&format!("<table class=\"cases\" style=\"--c: {cote:.2}mm\">"));
    for r in 0..hauteur {
        h.push_str("<tr>");
        for c in 0..largeur {
            match l.rangees.get(r).and_then(|rg| rg.get(c)) {
                None => h.push_str("<td></td>"),
                Some(cel) => {
                    let contenu = match &cel.contenu {
                        Contenu::Vide => String::new(),
                        Contenu::Lettre(t) => trace(t),
                        Contenu::Illisible => "<span title=\"illisible\">#</span>".into(),
                        Contenu::Alternatives(v) => {
                            format!("<span class=\"alt\">{}</span>", v.iter().map(trace).collect::<Vec<_>>().join("/"))
                        }
                    };
                    h.push_str(&format!("<td{}>{contenu}</td>", if cel.barree { " class=\"barree\"" } else { "" }));
                }
            }
        }
        h.push_str("</tr>");
    }
    h.push_str("</table></div>");
    h
}

fn trace(t: &Trace) -> String {
    let c = e(&t.lettre.to_string());
    if t.entouree {
        format!("<span class=\"entouree\">{c}</span>")
    } else {
        c
    }
}

fn grille_vide(colonnes: usize, rangees: usize) -> String {
    let ligne = format!("<tr>{}</tr>", "<td></td>".repeat(colonnes));
    format!("<div class=\"refscore\">&nbsp;</div><table class=\"cases\">{}</table>", ligne.repeat(rangees))
}
