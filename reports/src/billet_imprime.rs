//! Le billet de correction imprimé (guide pratique d'arbitrage 2020, section 2) : le
//! formulaire FISF case par case, numérotées comme au guide (1) à (29), dans l'ordre où
//! elles s'écrivent, et sa feuille de style (trois billets par page A4).

use crate::billets::{Billet, Item};
use crate::html::{carre, e, rond};
use arbitre_engine::lecture::{Contenu, Lecture, Trace};

/// La feuille de style des billets (A4, trois billets par page).
pub const STYLE: &str = r#"
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
.tampon { position: absolute; left: 52mm; top: 34mm; transform: rotate(-14deg); border: 0.8mm solid #b00; color: #b00; padding: 1mm 3mm;
  font-size: 15pt; font-weight: bold; letter-spacing: 0.5mm; background: rgba(255, 255, 255, 0.5); pointer-events: none; }
.tampon small { display: block; font-size: 6.5pt; letter-spacing: 0; font-weight: normal; }
p.provisoire { width: 190mm; border: 0.6mm solid #b00; color: #b00; padding: 2mm 3mm; font-weight: bold; background: #fff; }
@media print { .ecran { display: none; } }
@media screen { body { padding: 6mm; background: #ddd; } .billet { background: #fff; } }
"#;

/// Un billet : l'en-tête, les trois bandes (avertissement, −5 points, zéro), la ligne de
/// la grille entre les deux dernières, et le pied.
pub fn billet_html(b: &Billet) -> String {
    let mut h = ouverture(b);
    h.push_str(&en_tete(b));
    h.push_str(&bande_avertissement(b));
    h.push_str(&bande_penalite(b));
    h.push_str(&ligne_grille(b));
    h.push_str(&bande_zero(b));
    h.push_str(&tampon_provisoire(b));
    h.push_str(PIED);
    h
}

/// Le tampon d'un billet provisoire (décision à vérifier par une personne), imprimé en
/// travers du billet pour qu'il ne soit pas distribué par mégarde.
fn tampon_provisoire(b: &Billet) -> String {
    if !b.provisoire {
        return String::new();
    }
    "<div class=\"tampon\">PROVISOIRE<small>décision à vérifier (revue.html) : ne pas distribuer</small></div>\n".to_string()
}

/// L'ouverture du billet, avec sa table et son coup ; « da » quand il émane du double
/// arbitrage (guide (3)).
fn ouverture(b: &Billet) -> String {
    format!(
        "<section class=\"billet{}\" data-table=\"{}\" data-coup=\"{}\">\n",
        if b.double_arbitrage { " da" } else { "" },
        b.table,
        b.coup
    )
}

/// En-tête : (3) double arbitrage, (1) table.
fn en_tete(b: &Billet) -> String {
    format!("<div class=\"logo\">fisf</div>\n{}{}", case_double_arbitrage(b), case_table(b))
}

/// (3) Double arbitrage (case carrée), avec (2) la limite de pliage.
fn case_double_arbitrage(b: &Billet) -> String {
    // (2) La limite de pliage : le billet se plie le long des pointillés (sous l'en-tête,
    // puis à gauche du cadre de la table) pour que seul le numéro de table soit visible.
    format!(
        "<div class=\"da-case\">{}{}DOUBLE ARBITRAGE<span class=\"pli\">{}limite de pliage</span></div>\n",
        numero(3),
        carre(b.double_arbitrage),
        numero(2)
    )
}

/// (1) Le numéro de table, seul visible une fois le billet plié.
fn case_table(b: &Billet) -> String {
    format!("<div class=\"table-no\"><span>Table N° {}</span><span class=\"ecrit\">{}</span></div>\n", numero(1), b.table)
}

/// Avertissement : (5) à (12), coup (4).
fn bande_avertissement(b: &Billet) -> String {
    let mut h = String::from("<div class=\"bande av\"><span>AVERTISSEMENT</span></div>\n<div class=\"items av\">\n");
    h.push_str(&case_score(b));
    h.push_str(&ligne(b, 6, "Nombre de lettres de raccord insuffisant"));
    h.push_str(&ligne(b, 7, "Référence <b>ou</b> Sens du mot inversé"));
    h.push_str(&ligne(b, 8, "Deux modes de localisation dont un correct"));
    h.push_str(&case_joker(b));
    h.push_str(&format!("{}{}{}\n", case_autre_avertissement(b), case_numero_avertissement(b), case_avertissement_enleve(b)));
    h.push_str("</div>\n");
    h.push_str(&case_coup(b));
    h
}

/// (5) Score erroné, manquant, illisible ou rétabli.
fn case_score(b: &Billet) -> String {
    let retabli = matches!(b.item(5), Some(Item::Score { retabli: true }));
    // Guide (5) : un score rétabli n'est pas un avertissement : le mot « rétabli » est
    // souligné, la case reste vide.
    format!(
        "{}{}Score erroné, manquant, illisible ou {}<br>\n",
        numero(5),
        rond(coche(b, 5) && !retabli),
        if retabli { "<span class=\"souligne\">rétabli</span>" } else { "rétabli" }
    )
}

/// (9) Joker non encerclé ou encerclement erroné, avec la lettre encerclée.
fn case_joker(b: &Billet) -> String {
    let lettre = match b.item(9) {
        Some(Item::Joker { lettre }) => ecrit(&e(&lettre.to_string())),
        _ => BLANC.into(),
    };
    ligne(b, 9, &format!("Joker non encerclé ou encerclement erroné, lettre encerclée : {lettre}"))
}

/// (10) Autre avertissement : son texte, ou la ligne en blanc.
fn case_autre_avertissement(b: &Billet) -> String {
    let texte = match b.item(10) {
        Some(Item::AutreAvertissement { texte }) => ecrit(&e(texte)),
        _ => BLANC.into(),
    };
    case(b, 10, &texte)
}

/// (11) Avertissement n° (dès le 3e), à la suite de (10).
fn case_numero_avertissement(b: &Billet) -> String {
    let quantieme = match b.item(11) {
        Some(Item::NumeroAvertissement { numero }) => ecrit(&numero.to_string()),
        _ => "<span class=\"blanc\" style=\"min-width:6mm\"></span>".into(),
    };
    a_cote(&case(b, 11, &format!("Avertissement n° {quantieme}")))
}

/// (12) Avertissement enlevé (case carrée), à la suite de (11).
fn case_avertissement_enleve(b: &Billet) -> String {
    a_cote(&format!("{}{}Avertissement enlevé", numero(12), carre(coche(b, 12))))
}

/// (4) Le coup, en grand à droite de la bande « avertissement ».
fn case_coup(b: &Billet) -> String {
    format!("<div class=\"droite\"><div class=\"titre-droite\">Coup N° {}</div><div class=\"grand\">{}</div></div>\n", numero(4), b.coup)
}

/// −5 points : (13), score attribué (14).
fn bande_penalite(b: &Billet) -> String {
    format!(
        "<div class=\"bande pen\"><span>- 5<br>Pts</span></div>\n<div class=\"pen-items\">{}</div>{}\n",
        case(b, 13, "Localisation absente ou erronée (score et sens exacts)"),
        case_score_attribue(b)
    )
}

/// (14) Le score attribué, en grand à droite de la bande « −5 points ».
fn case_score_attribue(b: &Billet) -> String {
    format!(
        "<div class=\"pen-droite\"><span class=\"titre-droite\">Score attribué {}</span><span class=\"grand\">{}</span></div>",
        numero(14),
        b.score_attribue
    )
}

/// (15), (16) : « Vérifiez votre grille ! » et, à la suite, le bulletin en commission
/// (case carrée), sur toute la largeur du billet.
fn ligne_grille(b: &Billet) -> String {
    format!(
        "<div class=\"ligne-grille\">{}{}</div>\n",
        case(b, 15, "Vérifiez votre grille !"),
        a_cote(&format!("{}{}Bulletin en commission", numero(16), carre(coche(b, 16))))
    )
}

/// Zéro : (17) à (29), votre bulletin (20).
fn bande_zero(b: &Billet) -> String {
    let mut h = String::from("<div class=\"bande zero-items\"><span>ZÉRO</span></div>\n<div class=\"items zero-items\">\n");
    h.push_str(&case_mots_non_admis(b));
    h.push_str(&ligne(b, 18, "Mot non écrit en entier"));
    h.push_str(&case_localisation_zero(b));
    h.push_str(&ligne_vierge_echange_temps(b));
    h.push_str(&ligne_placement_illisible(b));
    h.push_str(&case_erreur_lettre(b));
    h.push_str(&case_reference_et_sens(b));
    h.push_str(&format!("{}\n", case_autre_zero(b)));
    h.push_str("</div>\n");
    h.push_str(&case_votre_bulletin(b));
    h
}

/// (17) Mot(s) non admis : tous les mots, à la suite.
fn case_mots_non_admis(b: &Billet) -> String {
    let mots = match b.item(17) {
        Some(Item::MotsNonAdmis { mots }) => ecrit(&e(&mots.join(", "))),
        _ => BLANC_LONG.into(),
    };
    ligne(b, 17, &format!("Mot(s) non admis : {mots}"))
}

/// (19) Localisation absente ou erronée, avec ses deux ronds : score inexact / absent,
/// prolongement fallacieux.
fn case_localisation_zero(b: &Billet) -> String {
    let (inexact, fallacieux) = match b.item(19) {
        Some(Item::LocalisationZero { score_inexact, fallacieux }) => (*score_inexact, *fallacieux),
        _ => (false, false),
    };
    ligne(
        b,
        19,
        &format!(
            "Localisation absente ou erronée{}{}",
            a_cote(&format!("{}score inexact / absent", rond(inexact))),
            a_cote(&format!("{}prolongement fallacieux", rond(fallacieux)))
        ),
    )
}

/// (21) Bulletin vierge / manquant, (22) bulletin échangé, (23) temps dépassé, sur une
/// ligne.
fn ligne_vierge_echange_temps(b: &Billet) -> String {
    ligne(b, 21, &format!("Bulletin vierge / manquant{}{}", a_cote(&case(b, 22, "Bulletin échangé")), a_cote(&case(b, 23, "Temps dépassé"))))
}

/// (24) Placement impossible, (25) mot illisible, sur une ligne.
fn ligne_placement_illisible(b: &Billet) -> String {
    ligne(b, 24, &format!("Placement impossible{}", a_cote(&case(b, 25, "Mot illisible"))))
}

/// (26) Erreur de lettre : « Pas de » et les lettres.
fn case_erreur_lettre(b: &Billet) -> String {
    let lettres = match b.item(26) {
        Some(Item::ErreurLettre { lettres }) => ecrit(&e(lettres)),
        _ => BLANC.into(),
    };
    ligne(b, 26, &format!("Erreur de lettre. Pas de {lettres}"))
}

/// (27) Référence et sens du mot inversés, avec (29) votre référence.
fn case_reference_et_sens(b: &Billet) -> String {
    let reference = match b.item(27) {
        Some(Item::ReferenceEtSens { reference }) => ecrit(&e(reference)),
        _ => BLANC.into(),
    };
    ligne(b, 27, &format!("Référence <b>et</b> Sens du mot inversés{}", a_cote(&format!("Votre référence {} {reference}", numero(29)))))
}

/// (28) Autre zéro : son texte, ou la ligne en blanc.
fn case_autre_zero(b: &Billet) -> String {
    let texte = match b.item(28) {
        Some(Item::AutreZero { texte }) => ecrit(&e(texte)),
        _ => BLANC_LONG.into(),
    };
    case(b, 28, &texte)
}

/// (20) Votre bulletin, à droite de la bande « zéro ».
fn case_votre_bulletin(b: &Billet) -> String {
    format!("<div class=\"droite votre\"><div class=\"titre-droite\">VOTRE BULLETIN {}</div>{}</div>\n", numero(20), votre_bulletin(b.bulletin.as_ref()))
}

/// Le pied du billet (la date du formulaire) et sa fin.
const PIED: &str = "<div class=\"pied\">2019 – 01 – 01</div>\n</section>\n";

/// Une ligne laissée en blanc, que l'arbitre remplirait à la main.
const BLANC: &str = "<span class=\"blanc\"></span>";

/// La longue ligne en blanc de (17) et (28).
const BLANC_LONG: &str = "<span class=\"blanc\" style=\"min-width:40mm\"></span>";

/// Le numéro d'une case au guide, en petit devant elle : « (k) ».
fn numero(k: u32) -> String {
    format!("<span class=\"n\">({k})</span>")
}

/// La case `k` est-elle cochée sur ce billet ?
fn coche(b: &Billet, k: u32) -> bool {
    b.item(k).is_some()
}

/// Une case ronde du guide : son numéro, son rond (coché ou non) et son libellé.
fn case(b: &Billet, k: u32, libelle: &str) -> String {
    format!("{}{}{libelle}", numero(k), rond(coche(b, k)))
}

/// Une case ronde seule en tête de sa ligne (ce qui suit est écrit `a_cote`).
fn ligne(b: &Billet, k: u32, libelle: &str) -> String {
    format!("{}<br>\n", case(b, k, libelle))
}

/// Une case écrite à la suite d'une autre, sur la même ligne.
fn a_cote(contenu: &str) -> String {
    format!("<span class=\"cote\">{contenu}</span>")
}

/// Ce que l'arbitre écrit sur le billet, à l'encre (texte déjà échappé).
fn ecrit(texte: &str) -> String {
    format!("<span class=\"ecrit\">{texte}</span>")
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
