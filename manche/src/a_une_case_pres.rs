//! Garde-fou des sanctions automatiques : un caractère lu sûrement, mais de travers, ou
//! une encre que la détection a manquée.
//!
//! Le doute de la machine ne voit que les lectures que le modèle juge possibles ; une
//! lettre mal formée qu'il lit *sûrement* de travers (le U ouvert d'un JOUR lu C à 98 %,
//! validation du 26/11/2026 : zéro automatique au lieu de 44 points) n'y figure pas, ni une
//! lettre ou un chiffre dont l'encre n'a pas été détectée (le F de BOEUF, le 1 d'une
//! référence 12L lue 2L : manche `hutte` aux écritures d'évaluation, même jour). Or le
//! joueur écrit aussi son score et sa référence : quand, à un caractère près, la lecture
//! désignerait exactement un coup valide *au score écrit* — la même place, les mêmes
//! points —, ce que le joueur a écrit ailleurs contredit la lecture de la machine, et une
//! personne doit regarder avant qu'une sanction soit décidée. De même pour un
//! avertissement pour le seul score (score erroné), que le score vrai rendrait valide : le
//! cadre du score est peut-être mal lu (un 0 lu 8), le mot et la place confirment le score
//! vrai. Deux lectures sûres de travers sur un même bulletin arrivent aussi (une lettre et
//! la référence) : la lecture à deux caractères près, une lettre et la référence, est
//! essayée après, sous la même confirmation par le score écrit.
//!
//! Rien n'est tiré vers un mot : la lecture et sa décision provisoire restent celles de la
//! machine ; le garde-fou dit seulement *quand* une personne regarde.

use arbitre_engine::arbitrage::{paie_moins, Decision, Motif, Verdict};
use arbitre_engine::lecture::{Cellule, Contenu, Lecture, Trace};
use arbitre_pipeline::lecture_scan::reference_bien_formee;
use crate::en_ligne::Ligne;

mod par_les_solutions;
pub use par_les_solutions::{deux_lettres_d_une_solution, toute_autre_reference};

/// Une lecture voisine de celle de la machine, que ce que le joueur a écrit confirmerait, et
/// ce qui les sépare.
#[derive(Debug, Clone)]
pub struct LectureVoisine {
    pub lecture: Lecture,
    /// Ce que la machine a peut-être mal lu (« une lettre », …), pour la raison.
    pub ecart: &'static str,
    /// Combien de caractères séparent les deux lectures : 1, 2 (une lettre et la référence,
    /// deux lettres), ou ceux d'une référence non lue.
    pub caracteres: usize,
    /// Ce que serait la lecture voisine, confirmée par le score écrit.
    pub serait: Confirmation,
}

impl LectureVoisine {
    /// La raison de regarder la sanction `verdict`, en français.
    pub fn raison(&self, verdict: Verdict) -> String {
        let (n, ces) = match self.caracteres {
            1 => ("un caractère", "ce caractère"),
            2 => ("deux caractères", "ces caractères"),
            3 => ("trois caractères", "ces caractères"),
            _ => ("quelques caractères", "ces caractères"),
        };
        format!(
            "sanction ({}) alors qu'à {n} près ({}), la lecture « {} » serait {} : la machine a peut-être mal lu ou manqué {ces}",
            arbitre_reports::double_arbitrage::nom_verdict(verdict),
            self.ecart,
            crate::jugement::texte_court(&self.lecture),
            self.serait.texte()
        )
    }
}

/// Comment le score écrit confirme une lecture voisine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Confirmation {
    /// Valide au score écrit.
    Valide,
    /// Avertie pour le seul score, compté de travers par le joueur ([`compte_de_travers`] : à un
    /// chiffre du score écrit, ou à deux points au plus).
    FauteDeCalcul,
    /// Avertie pour autre chose que le score (lettres de raccord…), payée au score écrit.
    AvertieAuScoreEcrit,
    /// Pénalisée (une localisation décalée…), mais sa solution vaut le score écrit.
    PenaliseeAuScoreEcrit,
}

impl Confirmation {
    /// Pour la raison d'un bulletin à vérifier : « la lecture … serait {texte} ».
    pub fn texte(self) -> &'static str {
        match self {
            Confirmation::Valide => "valide",
            Confirmation::FauteDeCalcul => "avertie pour le seul score, à un chiffre ou à deux points du score écrit",
            Confirmation::AvertieAuScoreEcrit => "avertie, mais payée au score écrit",
            Confirmation::PenaliseeAuScoreEcrit => "pénalisée, mais d'une solution qui vaut le score écrit",
        }
    }
}

/// La lecture, à un caractère près, que ce que le joueur a écrit ailleurs confirmerait, si
/// la décision est une sanction et que le score écrit se lit. Essayées dans l'ordre :
/// - chaque case écrite avec chacune des 26 lettres (cercle inchangé), puis avec l'autre
///   état de son cercle (un joker que le modèle n'a pas vu, ou vu à tort) ;
/// - un mot écrit sur une seule ligne avec une lettre de plus, à l'un de ses bouts ou à
///   côté de l'une de ses lettres (au milieu, c'est la règle des trous, `jugement::trous`) ;
///   un mot dessiné avec ses lettres de raccord, avec une lettre de plus dans une case vide
///   voisine d'une lettre écrite ;
/// - un mot écrit sur une seule ligne avec une lettre de moins (une case lue en trop) ;
/// - la référence avec sa lettre (A–O) ou son nombre (1–15) changé, et, lue mal formée,
///   un ou deux de ses caractères lus à la place d'une lettre ;
/// - à deux caractères près, quand la décision met la place en cause (placement
///   impossible, localisation, référence et sens inversés, deux modes de localisation dont
///   un correct : [`met_la_place_en_cause`]), chaque case écrite changée
///   comme plus haut *et* la référence changée comme plus haut ; puis chaque référence bien
///   formée à deux opérations de la référence lue (deux caractères changés, ou l'un manqué
///   ou lu en trop : [`references_a_deux_operations`]) ;
///
/// toutes valides **au score écrit** (ou averties pour le seul score, à un score que le
/// joueur a pu compter de travers, [`compte_de_travers`] : règlement 5.3.2 ; ou averties pour autre chose que le score, payées
/// au score écrit, plus que la décision de la machine : deux lettres de raccord seulement,
/// billet case (6), règlement 4.3.2 et 5.5, au lieu de la pénalité d'une localisation que
/// la lettre mal lue rend impossible ; ou pénalisées, d'une solution qui vaut le score
/// écrit, plus que la décision de la machine : une localisation erronée, payée du score
/// moins 5 points, règlement 5.3.3, au lieu du zéro d'un mot que la lettre mal lue rend
/// injouable) ;
/// et, pour un avertissement de score seul, le score vrai, quel que soit son écart au score
/// lu (un chiffre changé, manqué ou lu en trop, ou plus).
pub fn lecture_voisine(l: &Lecture, decision: &Decision, corriger: impl Fn(&Lecture) -> Option<Decision>) -> Option<LectureVoisine> {
    let ecrit = decision.score_revendique?;
    if decision.verdict == Verdict::Valide {
        return None;
    }
    let ecrit_texte = ecrit.to_string();
    let confirmee_par_l_ecrit = |v: &Lecture| confirmation(v, decision, ecrit, &corriger);
    // Les lectures voisines sont faites une à une, jusqu'à la première que l'écrit confirme.
    let trouve = |mut lectures: Box<dyn Iterator<Item = Lecture> + '_>, ecart, caracteres| {
        lectures.find_map(|lecture| confirmee_par_l_ecrit(&lecture).map(|serait| LectureVoisine { lecture, ecart, caracteres, serait }))
    };
    trouve(Box::new(autres_cases(l)), "une lettre, ou le cercle d'un joker", 1)
        .or_else(|| trouve(Box::new(une_lettre_de_plus(l)), "une lettre non détectée, au bout du mot ou à côté", 1))
        .or_else(|| trouve(Box::new(une_lettre_dans_le_dessin(l)), "une lettre non détectée, à côté des lettres écrites", 1))
        .or_else(|| trouve(Box::new(une_lettre_de_moins(l)), "une case lue en trop : une lettre coupée en deux par le bord d'une case, ou un trait lu comme une lettre", 1))
        .or_else(|| trouve(Box::new(autres_references(l)), "un caractère de la référence", 1))
        // Deux lectures sûres de travers sur un même bulletin, une lettre et la référence
        // (RELU écrit en 2H, 13 points : le H lu N à 99,8 %, le U lu L à 97,9 % ; RELL en
        // 2N, zéro automatique au lieu d'un avertissement payé 14 — manche neuve `2_ai`
        // graine 741, 28/11/2026). Le score écrit les confirme encore toutes deux. Essayée
        // seulement quand la décision met la place en cause (une référence mal lue ne
        // place plus le mot) : ailleurs, des milliers de corrections pour rien.
        .or_else(|| {
            if !met_la_place_en_cause(decision) {
                return None;
            }
            let lectures = autres_cases(l).flat_map(|a| autres_references(&a).collect::<Vec<_>>());
            trouve(Box::new(lectures), "une lettre et un caractère de la référence", 2)
        })
        // Deux caractères de la référence lus sûrement de travers, chacun pris pour un autre
        // (ET écrit en I13, 18 points : le I lu 1 et le 3 lu B, « 11B » à 99,8 % ; ET en
        // 11B pénalisé, 13 points au lieu de 18 — manche neuve `fumee` graine 1291,
        // 28/11/2026), ou l'un manqué et l'autre de travers (HUE en 10O, 20 points, lu « 1D »
        // à 98,9 % : pénalité au lieu d'un avertissement payé 20 — `hutte` graine 1141, au
        // seuil de lecture sûre essayé de 80 %). Essayée seulement quand la décision met la
        // place en cause.
        .or_else(|| {
            if !met_la_place_en_cause(decision) {
                return None;
            }
            let lectures = l.reference.as_deref().map(references_a_deux_operations).unwrap_or_default().into_iter().map(|r| {
                let mut a = l.clone();
                a.reference = Some(r);
                a
            });
            trouve(Box::new(lectures), "deux caractères de la référence", 2)
        })
        // Un avertissement pour le seul score (règlement 5.3.2) : le score vrai le rendrait
        // valide, et le cadre du score est le champ que le lecteur lit le moins bien. Un
        // chiffre lu de travers (un 0 lu 8) ; ou deux, un chiffre manqué ou lu en trop (32 lu
        // 8, 54 lu 774, 36 lu 45 : manches neuves du 28/11/2026, au seuil de lecture sûre
        // essayé de 80 %) — la vraie faute de calcul d'un joueur y passe aussi, une personne
        // regarde le cadre.
        .or_else(|| {
            let vrai = decision.score.to_string();
            if decision.verdict != Verdict::Avertissement || decision.motifs != [Motif::Score] {
                return None;
            }
            let (ecart, caracteres) = if a_un_chiffre_pres(&ecrit_texte, &vrai) { ("un chiffre du score", 1) } else { ("le score", strsim::levenshtein(&ecrit_texte, &vrai)) };
            let mut v = l.clone();
            v.score = Some(vrai);
            corriger(&v).is_some_and(|d| d.verdict == Verdict::Valide).then_some(LectureVoisine { lecture: v, ecart, caracteres, serait: Confirmation::Valide })
        })
}

/// Ce que le score écrit dit d'une lecture voisine `v` de celle de la machine, dont la
/// décision est la sanction `decision` : rien, ou comment il la confirme. Ce que le joueur a
/// écrit ailleurs confirme la lecture voisine : valide au score écrit ; ou, faute de calcul
/// du joueur (HAUTE, 31 points, écrit 30 ; [`compte_de_travers`]), avertie pour le seul
/// score (règlement 5.3.2), et payant plus que la décision de la machine ; ou avertie pour
/// autre chose, payée au score écrit, plus que la machine (JALES dessiné sous ses raccords E
/// et F, le E lu F à 99,9 % : pénalité au lieu d'un avertissement) ; ou pénalisée d'une
/// solution qui vaut le score écrit, plus que la machine (AH, 30 points en I8, écrit en H 8 :
/// le H lu W à 99,99 %, zéro au lieu d'une pénalité ; manche neuve `rosace` graine 631,
/// 28/11/2026).
fn confirmation(v: &Lecture, decision: &Decision, ecrit: u32, corriger: &impl Fn(&Lecture) -> Option<Decision>) -> Option<Confirmation> {
    let d = corriger(v)?;
    let valide = d.verdict == Verdict::Valide && d.score == ecrit;
    let paie_plus = paie_moins((decision.verdict, decision.score), (d.verdict, d.score));
    let faute_de_calcul = d.verdict == Verdict::Avertissement && d.motifs == [Motif::Score] && compte_de_travers(ecrit, d.score) && paie_plus;
    let averti_au_score_ecrit = d.verdict == Verdict::Avertissement && d.score == ecrit && paie_plus;
    // Une pénalité paie sa solution moins 5 points (localisation erronée, règlement
    // 5.3.3) : c'est la solution qui vaut le score écrit (AH, 30 points en I8, écrit en
    // H 8 : pénalité, 25).
    let penalise_au_score_ecrit = d.verdict == Verdict::Penalite && d.solution.as_ref().is_some_and(|s| s.score == ecrit) && paie_plus;
    if valide {
        Some(Confirmation::Valide)
    } else if faute_de_calcul {
        Some(Confirmation::FauteDeCalcul)
    } else if averti_au_score_ecrit {
        Some(Confirmation::AvertieAuScoreEcrit)
    } else {
        penalise_au_score_ecrit.then_some(Confirmation::PenaliseeAuScoreEcrit)
    }
}

/// La décision tient à la place du mot, qu'une référence mal lue changerait : placement
/// impossible (guide 1.1.6), localisation absente ou erronée (règlement 5.3.3, 5.4.1.a),
/// référence ou sens inversés (règlement 5.3, guide 5.1.2), deux modes de localisation dont
/// un seul correct (guide 5.1.3 : la référence contredit le dessin ; HOU dessiné avec ses
/// raccords en 12K, la référence lue « 1L » à 98 % : averti au lieu d'un coup valide — manche
/// neuve `rosace` graine 1001, 28/11/2026, au seuil de lecture sûre essayé de 80 %).
fn met_la_place_en_cause(decision: &Decision) -> bool {
    decision
        .motifs
        .iter()
        .any(|m| matches!(m, Motif::PlacementImpossible | Motif::LocalisationZero | Motif::LocalisationPenalite | Motif::ReferenceEtSensInverses { .. } | Motif::Inversion | Motif::DeuxModes))
}

/// Chaque case écrite remplacée par ce qu'elle aurait pu être.
fn autres_cases(l: &Lecture) -> impl Iterator<Item = Lecture> + '_ {
    l.rangees.iter().enumerate().flat_map(move |(i, rangee)| {
        rangee.iter().enumerate().flat_map(move |(j, cellule)| {
            autres_cellules(cellule).into_iter().map(move |autre| {
                let mut a = l.clone();
                a.rangees[i][j] = autre;
                a
            })
        })
    })
}

/// Ce qu'une case écrite aurait pu être, à une erreur de lecture près : une autre lettre
/// (même cercle), ou la même lettre avec l'autre état du cercle. Une case vide n'a pas
/// d'autre lecture ici (l'encre manquée est l'affaire des trous et des bouts du mot).
fn autres_cellules(c: &Cellule) -> Vec<Cellule> {
    let (lettre, entouree) = match c.contenu {
        Contenu::Lettre(t) => (Some(t.lettre), t.entouree),
        Contenu::Illisible => (None, false),
        Contenu::Vide | Contenu::Alternatives(_) => return Vec::new(),
    };
    let avec = |lettre: char, entouree: bool| Cellule { contenu: Contenu::Lettre(Trace { lettre, entouree }), barree: c.barree };
    let mut v: Vec<Cellule> = ('A'..='Z').filter(|&x| Some(x) != lettre).map(|x| avec(x, entouree)).collect();
    if let Some(x) = lettre {
        v.push(avec(x, !entouree));
    }
    v
}

/// Un mot écrit sur une seule ligne (une rangée, ou une colonne) avec une lettre de plus
/// que la détection de l'encre a pu manquer : à l'un de ses bouts, ou à côté de l'une de
/// ses lettres (une lettre de raccord dessinée au-dessus, au-dessous ou sur le côté ; au
/// milieu du mot, c'est la règle des trous). Un mot déjà dessiné sur plusieurs rangées et
/// colonnes n'est pas regardé.
fn une_lettre_de_plus(l: &Lecture) -> impl Iterator<Item = Lecture> + '_ {
    Ligne::de(l).into_iter().flat_map(move |ligne| {
        let cases: Vec<Option<Cellule>> = ligne.cases(l).into_iter().map(|c| c.cloned()).collect();
        ('A'..='Z').flat_map(move |x| avec_la_lettre_de_plus(l, ligne, &cases, x))
    })
}

/// Pour [`une_lettre_de_plus`] : les lectures d'un mot écrit sur une ligne (ses `cases`) avec
/// la lettre `x` de plus, à un bout puis à côté de chacune de ses lettres.
fn avec_la_lettre_de_plus(l: &Lecture, ligne: Ligne, cases: &[Option<Cellule>], x: char) -> Vec<Lecture> {
    let lettre = Cellule::lettre;
    let vide = Cellule::vide();
    let en_rangee = ligne == Ligne::Rangee;
    let long = cases.len();
    let au_debut = std::iter::once(Some(lettre(x))).chain(cases.iter().cloned()).collect();
    let a_la_fin = cases.iter().cloned().chain([Some(lettre(x))]).collect();
    let mut v = vec![ligne.refaite(l, au_debut), ligne.refaite(l, a_la_fin)];
    for k in 0..long {
        let mut dessus = l.clone();
        let mut dessous = l.clone();
        if en_rangee {
            let rangee: Vec<Cellule> = std::iter::repeat_n(vide.clone(), k).chain([lettre(x)]).collect();
            dessus.rangees.insert(0, rangee.clone());
            dessous.rangees.push(rangee);
        } else {
            for (i, r) in dessus.rangees.iter_mut().enumerate() {
                r.resize(1, vide.clone());
                r.insert(0, if i == k { lettre(x) } else { vide.clone() });
            }
            dessous.rangees[k].resize(1, vide.clone());
            dessous.rangees[k].push(lettre(x));
        }
        v.extend([dessus, dessous]);
    }
    v
}

/// Un mot écrit sur une seule ligne (une rangée, ou une colonne) avec l'une de ses lettres
/// en moins, les suivantes rapprochées : une case lue en trop. Le découpage peut couper une
/// grande lettre en deux au bord d'une case (le T de TYPES, sa barre dans la case du dessus,
/// lu « T » puis « I » à 99,4 % : TIYPES, zéro automatique au lieu d'un avertissement payé
/// 22 — manche neuve `rosace` graine 1231, 28/11/2026), ou lire un trait comme une lettre.
fn une_lettre_de_moins(l: &Lecture) -> impl Iterator<Item = Lecture> + '_ {
    Ligne::de(l).into_iter().flat_map(move |ligne| {
        let cases: Vec<Option<Cellule>> = ligne.cases(l).into_iter().map(|c| c.cloned()).collect();
        let ecrite = |c: &Option<Cellule>| c.as_ref().is_some_and(|c| !c.barree && matches!(c.contenu, Contenu::Lettre(_) | Contenu::Illisible));
        // Un mot de deux lettres au moins doit rester.
        let nb = cases.iter().filter(|c| ecrite(c)).count();
        (0..cases.len())
            .filter(|&k| nb >= 3 && ecrite(&cases[k]))
            .map(|k| {
                let mut sans = cases.clone();
                sans.remove(k);
                ligne.refaite(l, sans)
            })
            .collect::<Vec<_>>()
    })
}

/// Une lecture dessinée sur plusieurs rangées et colonnes (un mot et ses lettres de raccord,
/// que [`une_lettre_de_plus`] ne regarde pas) avec une lettre de plus dans une case vide qui
/// touche une case écrite, dans le dessin ou juste autour (le P de PET non détecté, à côté
/// du NOS de raccord : la lecture sans lui pose ET pour 2 points, avertissement, au lieu
/// de 18 — manche `fumee` aux écritures d'évaluation, 26/11/2026).
fn une_lettre_dans_le_dessin(l: &Lecture) -> impl Iterator<Item = Lecture> + '_ {
    let (h, w) = (l.rangees.len() as u32, l.rangees.iter().map(Vec::len).max().unwrap_or(0) as u32);
    // Les cases écrites, décalées d'une rangée et d'une colonne pour loger une lettre autour
    // (aucune pour une lecture sur une seule ligne : rien à essayer).
    let ecrites: Vec<([u32; 2], Cellule)> = if h <= 1 || w <= 1 {
        Vec::new()
    } else {
        l.rangees
            .iter()
            .enumerate()
            .flat_map(|(i, r)| r.iter().enumerate().filter(|(_, c)| **c != Cellule::vide()).map(move |(j, c)| ([i as u32 + 1, j as u32 + 1], c.clone())))
            .collect()
    };
    // Les cases vides qui touchent une case écrite.
    let places: Vec<[u32; 2]> = {
        let ecrite = |p: [u32; 2]| ecrites.iter().any(|(q, _)| *q == p);
        (0..h + 2)
            .flat_map(|i| (0..w + 2).map(move |j| [i, j]))
            .filter(|&[i, j]| !ecrite([i, j]) && [[i.wrapping_sub(1), j], [i + 1, j], [i, j.wrapping_sub(1)], [i, j + 1]].into_iter().any(ecrite))
            .collect()
    };
    places.into_iter().flat_map(|p| ('A'..='Z').map(move |x| (p, x))).map(move |(p, x)| {
        let mut presentes = ecrites.clone();
        presentes.push((p, Cellule::lettre(x)));
        let mut a = l.clone();
        a.rangees = crate::doute::rangees(&presentes);
        a
    })
}

/// La référence écrite avec sa lettre remplacée par une autre de A à O, ou son nombre par
/// un autre de 1 à 15 (un chiffre mal lu ou manqué : 12L lu 2L), le reste tel qu'écrit.
/// Une référence lue mal formée (sans lettre A–O et nombre 1–15, règlement 4.3.1) a sans
/// doute une lettre lue comme un chiffre ou deux : chacun de ses caractères, et chaque
/// paire de caractères voisins, y est aussi remplacé par une lettre de A à O (G lu 6 :
/// « 6 5 » pour « G 5 » ; un K en deux traits lu « 14 »).
fn autres_references(l: &Lecture) -> impl Iterator<Item = Lecture> + '_ {
    l.reference.as_deref().map(references_voisines).unwrap_or_default().into_iter().map(move |r| {
        let mut a = l.clone();
        a.reference = Some(r);
        a
    })
}

/// Pour [`autres_references`] : les références voisines de la référence écrite `r`.
fn references_voisines(r: &str) -> Vec<String> {
    let c: Vec<char> = r.chars().collect();
    let mut refs: Vec<String> = Vec::new();
    if let Some(i) = c.iter().position(|x| x.is_ascii_alphabetic()) {
        refs.extend(('A'..='O').filter(|&y| y != c[i]).map(|y| c[..i].iter().chain([&y]).chain(&c[i + 1..]).collect()));
    }
    if let Some(d) = c.iter().position(|x| x.is_ascii_digit()) {
        let f = c[d..].iter().position(|x| !x.is_ascii_digit()).map_or(c.len(), |k| d + k);
        let (avant, apres): (String, String) = (c[..d].iter().collect(), c[f..].iter().collect());
        refs.extend((1..=15).map(|n| format!("{avant}{n}{apres}")).filter(|s| s != r));
    }
    if !reference_bien_formee(r) {
        let ecrits: Vec<usize> = (0..c.len()).filter(|&i| !c[i].is_whitespace()).collect();
        for (k, &i) in ecrits.iter().enumerate() {
            // Le caractère i seul, puis i et le suivant écrit (sans blanc entre eux).
            let fins = [Some(i), ecrits.get(k + 1).copied().filter(|&j| j == i + 1)];
            for fin in fins.into_iter().flatten() {
                refs.extend(('A'..='O').map(|y| c[..i].iter().chain([&y]).chain(&c[fin + 1..]).collect::<String>()).filter(|s| s != r));
            }
        }
    }
    refs
}

/// Les références bien formées (une lettre A–O et un nombre 1–15, règlement 4.3.1), dans un
/// sens puis dans l'autre : « A1 », « 1A », …, « O15 », « 15O ».
fn references_bien_formees() -> impl Iterator<Item = String> {
    ('A'..='O').flat_map(|x| (1..=15).flat_map(move |n| [format!("{x}{n}"), format!("{n}{x}")]))
}

/// Les références bien formées à deux opérations au plus de la référence lue `r` : un
/// caractère lu à la place d'un autre, manqué ou lu en trop (distance d'édition, blancs
/// ignorés). « 11B » pour « I13 » (le I lu 1, le 3 lu B) ; « 1D » pour « 10O » (le 0 manqué,
/// le O lu D). Sans l'inversion du joueur ([`inversion_du_joueur`]).
fn references_a_deux_operations(r: &str) -> Vec<String> {
    let lue = sans_blancs(r);
    references_bien_formees().filter(|t| (1..=2).contains(&strsim::levenshtein(&lue, t)) && !inversion_du_joueur(r, t)).collect()
}

/// La référence `r` sans ses blancs (« 13 G » : « 13G »).
fn sans_blancs(r: &str) -> String {
    r.chars().filter(|c| !c.is_whitespace()).collect()
}

/// La référence bien formée `t` est la référence lue `r` retournée (« 3G » pour « G 3 »),
/// et `r` a été lue en deux groupes d'encre séparés par un blanc : l'ordre de ses groupes est
/// celui de l'encre, c'est l'inversion du joueur, que la correction reconnaît elle-même
/// (avertissement, guide 5.1.2), pas une lecture voisine. Trois avertissements justes pour
/// inversion de l'évaluation (« 3 G », « B 6 »…) allaient à une personne. Lue d'un seul
/// groupe, des caractères qui se touchent, la référence retournée reste une lecture
/// voisine : M1 écrit d'un trait, le premier jambage du M pris pour un 1 et le 1 pour la fin
/// du M, lu « 1M » à 88 % (manche neuve `2_ai` graine 1601, 28/11/2026, au seuil de lecture
/// sûre essayé de 80 % : averti pour inversion au lieu d'un coup valide).
fn inversion_du_joueur(r: &str, t: &str) -> bool {
    let lue = sans_blancs(r);
    let trie = |r: &str| {
        let mut c: Vec<char> = r.chars().collect();
        c.sort_unstable();
        c
    };
    r.trim().contains(char::is_whitespace) && lue != t && trie(&lue) == trie(t)
}

/// Un score que le joueur a pu compter de travers (un avertissement pour le seul score,
/// règlement 5.3.2) et écrire ainsi : à un chiffre du vrai (HAUTE, 31 points, écrit 30), ou
/// à deux points au plus (un point d'une lettre, doublé par une case : DIPLOMEE, 89 points,
/// écrit 90 — le O lu W, un zéro que le score écrit ne contredisait pas, manche neuve
/// `rosace` 1411, 28/11/2026, au seuil de lecture sûre essayé de 80 %).
pub(crate) fn compte_de_travers(ecrit: u32, vrai: u32) -> bool {
    ecrit != vrai && (ecrit.abs_diff(vrai) <= 2 || a_un_chiffre_pres(&ecrit.to_string(), &vrai.to_string()))
}

/// Deux nombres écrits qui ne diffèrent que d'un chiffre : changé (20 et 28), en plus ou en
/// moins (12 et 2).
pub(crate) fn a_un_chiffre_pres(a: &str, b: &str) -> bool {
    let sans_un = |long: &str, court: &str| (0..long.len()).any(|k| format!("{}{}", &long[..k], &long[k + 1..]) == court);
    match a.len() as isize - b.len() as isize {
        0 => a.chars().zip(b.chars()).filter(|(x, y)| x != y).count() == 1,
        1 => sans_un(a, b),
        -1 => sans_un(b, a),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::jugement::texte_court;

    pub(super) fn lecture(rangee: &str) -> Lecture {
        let mut l = Lecture::nouvelle(19, 11);
        l.rangees = vec![arbitre_engine::lecture::lire_rangee(rangee).unwrap()];
        l
    }

    /// Le moteur pour l'essai : JOUR vaut 44 points, tout autre mot zéro ; le score écrit
    /// est `ecrit`.
    fn moteur(ecrit: u32) -> impl Fn(&Lecture) -> Option<Decision> {
        move |l: &Lecture| {
            let mut d = arbitre_reports::resultats::decision_absent(l.table, l.coup);
            d.score_revendique = Some(ecrit);
            if texte_court(l) == "|JOUR" {
                (d.verdict, d.score) = (Verdict::Valide, 44);
            }
            Some(d)
        }
    }

    #[test]
    fn un_zero_qu_une_lettre_mal_lue_expliquerait_est_trouve() {
        // JOUR lu JOCR, sûrement : zéro ; mais JOUR vaut exactement les 44 points écrits.
        let l = lecture("JOCR");
        let d = moteur(44)(&l).unwrap();
        let v = lecture_voisine(&l, &d, moteur(44)).expect("la lecture à une case près");
        assert_eq!(texte_court(&v.lecture), "|JOUR");
    }

    #[test]
    fn sans_le_score_ecrit_pour_la_confirmer_la_sanction_reste() {
        // Le joueur a écrit 40 : JOUR (44) ne serait pas valide au score écrit, rien ne
        // contredit la lecture de la machine.
        let l = lecture("JOCR");
        assert!(lecture_voisine(&l, &moteur(40)(&l).unwrap(), moteur(40)).is_none());
        // À deux cases près, ce n'est plus une lettre mal lue.
        let l = lecture("JACR");
        assert!(lecture_voisine(&l, &moteur(44)(&l).unwrap(), moteur(44)).is_none());
    }

    #[test]
    fn une_decision_valide_n_est_pas_regardee() {
        let l = lecture("JOUR");
        let d = moteur(44)(&l).unwrap();
        assert_eq!(d.verdict, Verdict::Valide);
        assert!(lecture_voisine(&l, &d, |_| panic!("rien à essayer")).is_none());
    }

    #[test]
    fn un_cercle_manque_est_une_case_pres() {
        // Le moteur ne paie JOUR qu'avec un U entouré (joker) : le U lu sans cercle.
        let joker = |l: &Lecture| {
            let mut d = moteur(44)(l)?;
            if texte_court(l) == "|JOuR" {
                (d.verdict, d.score) = (Verdict::Valide, 44);
            } else {
                (d.verdict, d.score) = (Verdict::Zero, 0);
            }
            Some(d)
        };
        let l = lecture("JOUR");
        let v = lecture_voisine(&l, &joker(&l).unwrap(), joker).expect("le cercle");
        assert_eq!(texte_court(&v.lecture), "|JOuR");
    }

    /// Le moteur pour l'essai : la lecture dont le texte est `vrai` est avertie pour le seul
    /// score (elle vaut `points`, le joueur a écrit `ecrit`), toute autre est un zéro.
    pub(super) fn seul_averti_pour_le_score(vrai: &'static str, points: u32, ecrit: u32) -> impl Fn(&Lecture) -> Option<Decision> {
        move |l: &Lecture| {
            let mut d = arbitre_reports::resultats::decision_absent(l.table, l.coup);
            d.score_revendique = Some(ecrit);
            if texte_court(l) == vrai {
                (d.verdict, d.score, d.motifs) = (Verdict::Avertissement, points, vec![Motif::Score]);
            }
            Some(d)
        }
    }

    /// Le moteur pour l'essai : la lecture dont le texte est `vrai` vaut `points` au score
    /// écrit `ecrit`, toute autre est un zéro.
    pub(super) fn seul_valide(vrai: &'static str, points: u32, ecrit: u32) -> impl Fn(&Lecture) -> Option<Decision> {
        move |l: &Lecture| {
            let mut d = arbitre_reports::resultats::decision_absent(l.table, l.coup);
            d.score_revendique = Some(ecrit);
            if texte_court(l) == vrai {
                (d.verdict, d.score) = (Verdict::Valide, points);
            }
            Some(d)
        }
    }

    /// Le moteur pour l'essai : la référence `bonne` mène à la décision `juste` (verdict,
    /// points, motifs), toute autre à `sinon` ; le score écrit est `ecrit`.
    pub(super) fn selon_la_reference(ecrit: u32, bonne: &'static str, juste: (Verdict, u32, Vec<Motif>), sinon: (Verdict, u32, Vec<Motif>)) -> impl Fn(&Lecture) -> Option<Decision> {
        move |l: &Lecture| {
            let mut d = arbitre_reports::resultats::decision_absent(l.table, l.coup);
            d.score_revendique = Some(ecrit);
            (d.verdict, d.score, d.motifs) = if l.reference.as_deref() == Some(bonne) { juste.clone() } else { sinon.clone() };
            Some(d)
        }
    }

    #[test]
    fn une_lettre_que_la_detection_a_manquee_au_bout_ou_a_cote_du_mot_est_trouvee() {
        // BOEUF lu BOEU (le F non détecté) : mot incomplet, zéro.
        let l = lecture("BOEU");
        let moteur = seul_valide("|BOEUF", 33, 33);
        let v = lecture_voisine(&l, &moteur(&l).unwrap(), &moteur).expect("le F");
        assert_eq!(texte_court(&v.lecture), "|BOEUF");
        assert!(v.ecart.contains("non détectée"));
        // REVUE et, dessous, le I de raccord que la détection a manqué.
        let l = lecture("REVUE");
        let moteur = seul_valide("|REVUE ; |I", 30, 30);
        assert_eq!(texte_court(&lecture_voisine(&l, &moteur(&l).unwrap(), &moteur).expect("le I").lecture), "|REVUE ; |I");
        // Un mot vertical : la lettre de raccord à droite de sa deuxième lettre.
        let mut l = Lecture::nouvelle(19, 11);
        l.rangees = ["R", "E", "V"].iter().map(|r| arbitre_engine::lecture::lire_rangee(r).unwrap()).collect();
        let moteur = seul_valide("|R ; |EN ; |V", 12, 12);
        assert_eq!(texte_court(&lecture_voisine(&l, &moteur(&l).unwrap(), &moteur).expect("le N").lecture), "|R ; |EN ; |V");
    }

    #[test]
    fn un_score_compte_de_travers_de_deux_points_confirme_la_lecture_voisine() {
        // DIPLOMEE, 89 points, écrit 90 (averti) ; le O lu W : DIPLWMEE, zéro.
        let l = lecture("DIPLWMEE");
        let moteur = seul_averti_pour_le_score("|DIPLOMEE", 89, 90);
        let v = lecture_voisine(&l, &moteur(&l).unwrap(), moteur).expect("le O");
        assert_eq!((texte_court(&v.lecture).as_str(), v.serait), ("|DIPLOMEE", Confirmation::FauteDeCalcul));
        // Compté de travers : un chiffre, ou deux points au plus ; pas le même score, pas trois points.
        assert!(compte_de_travers(90, 89) && compte_de_travers(30, 31) && compte_de_travers(20, 28) && compte_de_travers(12, 2));
        assert!(!compte_de_travers(90, 90) && !compte_de_travers(90, 87) && !compte_de_travers(12, 21));
    }

    #[test]
    fn une_case_lue_en_trop_est_trouvee() {
        // TYPES, le T coupé en deux au bord d'une case : TIYPES, zéro ; TYPES serait averti
        // pour le seul score (22 points, 20 écrits : à un chiffre du score écrit).
        let moteur = seul_averti_pour_le_score("|TYPES", 22, 20);
        let l = lecture("TIYPES");
        let v = lecture_voisine(&l, &moteur(&l).unwrap(), &moteur).expect("la case en trop");
        assert_eq!((texte_court(&v.lecture).as_str(), v.serait), ("|TYPES", Confirmation::FauteDeCalcul));
        assert!(v.ecart.contains("case lue en trop"), "{}", v.ecart);
        // Écrit en colonne : de même.
        let mut colonne = Lecture::nouvelle(19, 11);
        colonne.rangees = "TIYPES".chars().map(|c| vec![Cellule::lettre(c)]).collect();
        let v = lecture_voisine(&colonne, &moteur(&colonne).unwrap(), |l: &Lecture| {
            let mut d = moteur(l)?;
            if texte_court(l) == "|T ; |Y ; |P ; |E ; |S" {
                (d.verdict, d.score, d.motifs) = (Verdict::Avertissement, 22, vec![Motif::Score]);
            }
            Some(d)
        });
        assert_eq!(v.map(|v| texte_court(&v.lecture)).as_deref(), Some("|T ; |Y ; |P ; |E ; |S"));
        // Un mot de deux lettres n'en perd pas une.
        assert!(une_lettre_de_moins(&lecture("AH")).next().is_none());
    }

    #[test]
    fn deux_caracteres_de_la_reference_lus_de_travers_sont_trouves() {
        // ET écrit en I13, 18 points, lu « 11B » : pénalisé en 11B (localisation), 13 points.
        let mut l = lecture("ET");
        l.reference = Some("11B".into());
        let moteur = selon_la_reference(18, "I13", (Verdict::Valide, 18, vec![]), (Verdict::Penalite, 13, vec![Motif::LocalisationPenalite]));
        let v = lecture_voisine(&l, &moteur(&l).unwrap(), &moteur).expect("la référence à deux caractères près");
        assert_eq!((v.lecture.reference.as_deref(), v.caracteres), (Some("I13"), 2));
        // Seules des références bien formées sont essayées, chacune une fois.
        let refs = references_a_deux_operations("11B");
        assert!(refs.iter().all(|r| reference_bien_formee(r)) && refs.contains(&"I13".to_string()) && !refs.contains(&"11B".to_string()));
        assert_eq!(refs.len(), refs.iter().collect::<std::collections::BTreeSet<_>>().len());
        // Trois opérations : trop loin (« A7 » pour « 11B »).
        assert!(!refs.contains(&"A7".to_string()));
        // La référence lue en deux groupes, retournée, n'est pas une lecture voisine : c'est
        // l'inversion du joueur (SAX écrit en « 12 B » au lieu de B12 : averti, guide 5.1.2).
        let refs = references_a_deux_operations("12 B");
        assert!(!refs.contains(&"B12".to_string()) && refs.contains(&"B2".to_string()) && refs.contains(&"12C".to_string()));
        // Lue d'un seul groupe (M1 écrit d'un trait, lu « 1M »), elle en est une.
        assert!(references_a_deux_operations("1M").contains(&"M1".to_string()));
    }

    #[test]
    fn une_reference_qui_contredit_le_dessin_est_essayee_a_deux_caracteres_pres() {
        // HOU dessiné avec ses raccords, en 12K, 23 points ; la référence lue « 1L » contredit
        // le dessin : averti (deux modes de localisation dont un correct, guide 5.1.3).
        let mut l = Lecture::nouvelle(12, 6);
        l.rangees = ["HE", "OR", "UN"].iter().map(|r| arbitre_engine::lecture::lire_rangee(r).unwrap()).collect();
        l.reference = Some("1L".into());
        let moteur = selon_la_reference(23, "12K", (Verdict::Valide, 23, vec![]), (Verdict::Avertissement, 23, vec![Motif::DeuxModes]));
        let v = lecture_voisine(&l, &moteur(&l).unwrap(), &moteur).expect("la référence du dessin");
        assert_eq!((v.lecture.reference.as_deref(), v.caracteres, v.serait), (Some("12K"), 2, Confirmation::Valide));
    }

    #[test]
    fn un_caractere_de_la_reference_manque_et_un_autre_lu_de_travers() {
        // HUE écrit en 10O, 20 points (averti : des lettres de raccord) ; lu « 1D » : le 0
        // manqué, le O lu D. Pénalisé en 1D, 15 points.
        let mut l = lecture("HUE");
        l.reference = Some("1 D".into());
        let moteur = selon_la_reference(20, "10O", (Verdict::Avertissement, 20, vec![Motif::LettresRaccord]), (Verdict::Penalite, 15, vec![Motif::LocalisationPenalite]));
        let v = lecture_voisine(&l, &moteur(&l).unwrap(), &moteur).expect("la référence à deux opérations près");
        assert_eq!((v.lecture.reference.as_deref(), v.caracteres, v.serait), (Some("10O"), 2, Confirmation::AvertieAuScoreEcrit));
        assert!(references_a_deux_operations("1 D").contains(&"10O".to_string()));
    }

    #[test]
    fn un_chiffre_de_la_reference_manque_est_trouve() {
        // 12L lu 2L : le mot se pose ailleurs, zéro ; 12L le paie aux 28 points écrits.
        let mut l = lecture("AVEC");
        l.reference = Some("2L".into());
        let moteur = seul_valide("ref: 12L ; |AVEC", 28, 28);
        let v = lecture_voisine(&l, &moteur(&l).unwrap(), &moteur).expect("le 1");
        assert_eq!(v.lecture.reference.as_deref(), Some("12L"));
        assert_eq!(v.ecart, "un caractère de la référence");
    }

    #[test]
    fn une_lettre_manquee_dans_un_dessin_avec_raccords_est_trouvee() {
        // PET et, à côté, NOS de raccord ; le P non détecté : la lecture sans lui vaut 2
        // points (ET), avertissement au lieu des 18 écrits.
        let mut l = lecture(".N");
        l.rangees = [".N", ".O", "ES", "T"].iter().map(|r| arbitre_engine::lecture::lire_rangee(r).unwrap()).collect();
        let moteur = seul_valide("|.N ; |PO ; |ES ; |T", 18, 18);
        let v = lecture_voisine(&l, &moteur(&l).unwrap(), &moteur).expect("le P");
        assert_eq!(texte_court(&v.lecture), "|.N ; |PO ; |ES ; |T");
        assert!(v.ecart.contains("à côté des lettres écrites"));
        // Une lettre de plus loin des lettres écrites n'est pas essayée.
        let moteur = seul_valide("|.N ; |.O ; |ES ; |T ; | ; |..A", 18, 18);
        assert!(lecture_voisine(&l, &moteur(&l).unwrap(), &moteur).is_none());
    }

    #[test]
    fn une_lettre_mal_lue_d_un_mot_averti_pour_son_score_est_trouvee() {
        // HAUTE (31 points) écrit 30 : avertissement ; lu HAUIE (le T lu I) : zéro.
        let l = lecture("HAUIE");
        let moteur = seul_averti_pour_le_score("|HAUTE", 31, 30);
        let v = lecture_voisine(&l, &moteur(&l).unwrap(), &moteur).expect("le T");
        assert_eq!(texte_court(&v.lecture), "|HAUTE");
        // Un score écrit loin du vrai (52 pour 31) ne confirme rien : le zéro reste.
        let loin = |v: &Lecture| moteur(v).map(|mut d| {
            d.score_revendique = Some(52);
            d
        });
        assert!(lecture_voisine(&l, &loin(&l).unwrap(), loin).is_none());
    }

    #[test]
    fn une_lettre_de_raccord_mal_lue_qui_fait_une_penalite_est_trouvee() {
        // JALES (49 points, écrit 49) dessiné avec deux lettres de raccord seulement, E et F :
        // avertissement (billet case (6), règlement 4.3.2 et 5.5), payé 49 ; le E lu F : la
        // localisation ne se fait plus, pénalité, 44.
        let mut l = lecture("....F");
        l.rangees = ["....F", "....F", "JALES"].iter().map(|r| arbitre_engine::lecture::lire_rangee(r).unwrap()).collect();
        let moteur = |v: &Lecture| {
            let mut d = arbitre_reports::resultats::decision_absent(v.table, v.coup);
            d.score_revendique = Some(49);
            match texte_court(v).as_str() {
                "|....E ; |....F ; |JALES" => (d.verdict, d.score, d.motifs) = (Verdict::Avertissement, 49, vec![Motif::LettresRaccord]),
                "|....F ; |....F ; |JALES" => (d.verdict, d.score, d.motifs) = (Verdict::Penalite, 44, vec![Motif::LocalisationPenalite]),
                _ => {}
            }
            Some(d)
        };
        let v = lecture_voisine(&l, &moteur(&l).unwrap(), moteur).expect("le E");
        assert_eq!((texte_court(&v.lecture).as_str(), v.serait), ("|....E ; |....F ; |JALES", Confirmation::AvertieAuScoreEcrit));
        // Un avertissement qui ne paierait pas le score écrit ne confirme rien.
        let ailleurs = |v: &Lecture| moteur(v).map(|mut d| {
            d.score_revendique = Some(52);
            d
        });
        assert!(lecture_voisine(&l, &ailleurs(&l).unwrap(), ailleurs).is_none());
    }

    #[test]
    fn un_zero_qu_une_lettre_mal_lue_changerait_en_penalite_au_score_ecrit_est_trouve() {
        // AH (30 points en I8) écrit en H 8, 30 : pénalité (localisation décalée), 25 ; le
        // H lu W, sûrement : AW ne se place pas, zéro.
        let l = lecture("AW");
        let moteur = |ecrit: u32| {
            move |v: &Lecture| {
                let mut d = arbitre_reports::resultats::decision_absent(v.table, v.coup);
                d.score_revendique = Some(ecrit);
                if texte_court(v) == "|AH" {
                    (d.verdict, d.score, d.motifs) = (Verdict::Penalite, 25, vec![Motif::LocalisationPenalite]);
                    d.solution = Some(arbitre_engine::arbitrage::SolutionRetenue { mot: "AH".into(), reference: "I8".into(), score: 30 });
                }
                Some(d)
            }
        };
        let v = lecture_voisine(&l, &moteur(30)(&l).unwrap(), moteur(30)).expect("le H");
        assert_eq!((texte_court(&v.lecture).as_str(), v.serait), ("|AH", Confirmation::PenaliseeAuScoreEcrit));
        // Écrit 40 : la solution de la pénalité ne vaut pas le score écrit, rien ne contredit
        // la lecture de la machine.
        assert!(lecture_voisine(&l, &moteur(40)(&l).unwrap(), moteur(40)).is_none());
    }

    #[test]
    fn une_lettre_de_la_reference_lue_comme_un_chiffre_est_trouvee() {
        // G 5 lu « 6 5 » (référence mal formée) : pénalité ; G 5 le paie aux 31 points écrits.
        let mut l = lecture("YET");
        l.reference = Some("6 5".into());
        let moteur = seul_valide("ref: G 5 ; |YET", 31, 31);
        let v = lecture_voisine(&l, &moteur(&l).unwrap(), &moteur).expect("le G");
        assert_eq!(v.lecture.reference.as_deref(), Some("G 5"));
        // Un K en deux traits lu « 14 » : deux caractères voisins pour une lettre.
        l.reference = Some("14 10".into());
        let moteur = seul_valide("ref: K 10 ; |YET", 31, 31);
        assert_eq!(lecture_voisine(&l, &moteur(&l).unwrap(), &moteur).expect("le K").lecture.reference.as_deref(), Some("K 10"));
        // Bien formée, la référence ne change que d'une lettre ou d'un nombre : une vraie
        // erreur de place (G 5 écrit pour 6 G) reste sanctionnée sans personne.
        l.reference = Some("G 5".into());
        let moteur = seul_valide("ref: 6 G ; |YET", 31, 31);
        assert!(lecture_voisine(&l, &moteur(&l).unwrap(), &moteur).is_none());
    }

    #[test]
    fn une_lettre_et_la_reference_lues_de_travers_sont_trouvees_ensemble() {
        // RELU écrit en 2H, 13 points : le H lu N, le U lu L, chacun sûrement. RELL en 2N
        // est un zéro (placement impossible) ; une seule des deux corrections ne suffit pas.
        let mut l = lecture("RELL");
        l.reference = Some("2N".into());
        let zero = |moteur: &dyn Fn(&Lecture) -> Option<Decision>, motif: Motif| {
            let mut d = moteur(&l).unwrap();
            d.motifs = vec![motif];
            d
        };
        let moteur = seul_valide("ref: 2H ; |RELU", 13, 13);
        let v = lecture_voisine(&l, &zero(&moteur, Motif::PlacementImpossible), &moteur).expect("le H et le U");
        assert_eq!((texte_court(&v.lecture).as_str(), v.caracteres), ("ref: 2H ; |RELU", 2));
        // Un zéro qui ne met pas la place en cause (RELL placé, mais non admis) : une
        // référence mal lue ne l'expliquerait pas, rien n'est cherché à deux caractères.
        let non_admis = Motif::MotNonAdmis { mots: vec!["RELL".into()] };
        assert!(lecture_voisine(&l, &zero(&moteur, non_admis), &moteur).is_none());
        // Sans le score écrit pour la confirmer, la sanction reste automatique.
        let moteur = seul_valide("ref: 2H ; |RELU", 13, 40);
        assert!(lecture_voisine(&l, &zero(&moteur, Motif::PlacementImpossible), &moteur).is_none());
        // Deux lettres du mot : trop loin de ce que la machine a lu.
        let moteur = seul_valide("ref: 2N ; |RULU", 13, 13);
        assert!(lecture_voisine(&l, &zero(&moteur, Motif::PlacementImpossible), &moteur).is_none());
        // Une seule suffit : la lecture voisine est à un caractère.
        let moteur = seul_valide("ref: 2N ; |RELU", 13, 13);
        assert_eq!(lecture_voisine(&l, &zero(&moteur, Motif::PlacementImpossible), &moteur).expect("le U").caracteres, 1);
    }

    #[test]
    fn un_avertissement_sur_un_score_lu_a_un_chiffre_pres_est_trouve() {
        // 20 lu 28 : avertissement (score erroné) ; 20 est le score vrai du mot.
        let l = lecture("GERA");
        let mut d = arbitre_reports::resultats::decision_absent(l.table, l.coup);
        (d.verdict, d.score, d.score_revendique, d.motifs) = (Verdict::Avertissement, 20, Some(28), vec![Motif::Score]);
        let avertissement = d.clone();
        let moteur = move |v: &Lecture| {
            let mut e = avertissement.clone();
            if v.score.as_deref() == Some("20") {
                (e.verdict, e.score_revendique) = (Verdict::Valide, Some(20));
            }
            Some(e)
        };
        let v = lecture_voisine(&l, &d, &moteur).expect("le 0 lu 8");
        assert_eq!((v.lecture.score.as_deref(), v.ecart), (Some("20"), "un chiffre du score"));
        // Le score lu à deux chiffres du vrai (8 pour 20 : le 2 et le 0 collés, lus 8 ; ou une
        // vraie faute de calcul du joueur) : une personne regarde aussi le cadre du score.
        d.score_revendique = Some(8);
        let v = lecture_voisine(&l, &d, &moteur).expect("32 lu 8");
        assert_eq!((v.lecture.score.as_deref(), v.ecart, v.caracteres), (Some("20"), "le score", 2));
        assert!(v.raison(Verdict::Avertissement).starts_with("sanction (avertissement) alors qu'à deux caractères près (le score), la lecture « score: 20 ;"), "{}", v.raison(Verdict::Avertissement));
        // Un bulletin que le score vrai ne rendrait pas valide (un autre motif) : rien.
        d.motifs = vec![Motif::Score, Motif::LettresRaccord];
        assert!(lecture_voisine(&l, &d, &moteur).is_none());
        assert!(a_un_chiffre_pres("12", "2") && a_un_chiffre_pres("7", "17") && !a_un_chiffre_pres("12", "21"));
    }
}
