//! Les billets de correction (guide pratique d'arbitrage 2020, section 2 ; règlement
//! 5.9) : un billet par bulletin qui en demande un, avec les cases du formulaire FISF
//! numérotées comme au guide (5) à (29), et « votre bulletin » qui reproduit l'écriture
//! du joueur. Rendu HTML imprimable, trois billets par page A4 ; le billet lui-même, case
//! par case, est dans `billet_imprime.rs`.

use crate::billet_imprime::{billet_html, STYLE};
use crate::double_arbitrage::{par_bulletin, Comparaison};
use crate::dossier::Dossier;
use crate::html::page;
use crate::resultats::{Origine, Resultats};
use arbitre_engine::arbitrage::{Decision, Motif, Verdict};
use arbitre_engine::lecture::Lecture;
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
    /// La décision est à vérifier par une personne (`arbitre run` : lecture douteuse,
    /// absence peut-être due à une image rejetée…) : le billet est provisoire, marqué comme
    /// tel, et ne se distribue qu'après la revue.
    pub provisoire: bool,
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
    let a_verifier = crate::verification::cases_a_verifier(dossier, resultats);

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
                provisoire: a_verifier.contains_key(&(l.table, coup.numero)),
            });
        }
    }
    v
}

/// Les billets en une page HTML imprimable (trois par page A4).
pub fn billets_html(titre: &str, billets: &[Billet]) -> String {
    let mut corps = bandeau_billets_provisoires(billets);
    corps.push_str("<div class=\"feuille\">\n");
    if billets.is_empty() {
        corps.push_str("<p>Aucun billet de correction pour cette partie.</p>\n");
    }
    for b in billets {
        corps.push_str(&billet_html(b));
    }
    corps.push_str("</div>\n");
    page(&format!("Billets de correction — {titre}"), STYLE, &corps)
}

/// À l'écran seulement (l'impression garde trois billets par page) : combien de billets
/// sont provisoires. Chacun porte aussi, imprimé, le tampon « PROVISOIRE ».
fn bandeau_billets_provisoires(billets: &[Billet]) -> String {
    let n = billets.iter().filter(|b| b.provisoire).count();
    if n == 0 {
        return String::new();
    }
    format!(
        "<p class=\"provisoire ecran\">BILLETS PROVISOIRES : {} sur une décision à vérifier par une personne (revue.html), {} « PROVISOIRE » : à ne distribuer qu'après la revue et une nouvelle correction avec le fichier de corrections</p>\n",
        crate::accords::compte(n, "billet repose", "billets reposent"),
        if n == 1 { "marqué" } else { "marqués" }
    )
}
