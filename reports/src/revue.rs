//! La page de revue (`revue.html`) d'une manche lue sur des scans : là où une personne — le
//! double arbitre, la commission d'arbitrage — regarde ce que la machine a décidé.
//!
//! Page statique, ouverte depuis le dossier de sortie, sans serveur ni ressource
//! extérieure (style et script dans la page). Les bulletins à regarder d'abord (en
//! commission, à vérifier, rectifiés, à zéro), chacun avec l'extrait de son scan
//! (`revue/coupCC-tableTTT.jpg`, écrit à côté par `arbitre run`), la lecture et ses cases
//! douteuses, la décision et ses motifs (case du billet, article), les places examinées, les
//! lectures concurrentes, et la lecture au format texte, modifiable, que la page enregistre
//! en fichier de corrections (`arbitre run --corrections`). Tout ce qui vient des entrées
//! est échappé.

use crate::billets::items_decision;
use crate::double_arbitrage::{nom_verdict, Comparaison, Rectification};
use crate::dossier::{BulletinCorrige, Dossier};
use crate::accords::compte;
use crate::html::{bandeau_provisoire_sans_lien, e};
use crate::resultats::Resultats;
use crate::synthese::nom_motif;
use crate::verification::{cases_a_verifier, extrait_du_scan, Loupe, Verification};
use arbitre_engine::arbitrage::{Decision, Motif, Verdict};
use arbitre_engine::lecture::{Cellule, Contenu, Lecture};
use std::collections::BTreeMap;
use std::fmt::Write as _;

const STYLE: &str = include_str!("revue.css");
const SCRIPT: &str = include_str!("revue.js");

/// La ligne de commentaire que la page écrit en tête du fichier de corrections, suivie de
/// l'empreinte de la partie ([`crate::dossier::PartieResumee::empreinte`]) ; `arbitre run`
/// la cherche pour refuser des corrections d'une autre partie. Donnée au script de la page
/// (`data-ligne-empreinte`) : le format n'est écrit qu'ici.
pub const LIGNE_EMPREINTE: &str = "# empreinte de la partie :";

/// Ce qui attire l'attention sur un bulletin, dans l'ordre de la page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Attention {
    Commission,
    AVerifier,
    Rectification,
    Zero,
}

impl Attention {
    const TOUTES: [Attention; 4] = [Attention::Commission, Attention::AVerifier, Attention::Rectification, Attention::Zero];

    /// La clé du filtre (`data-etats`).
    fn cle(self) -> &'static str {
        match self {
            Attention::Commission => "commission",
            Attention::AVerifier => "a-verifier",
            Attention::Rectification => "rectification",
            Attention::Zero => "zero",
        }
    }

    fn libelle(self) -> &'static str {
        match self {
            Attention::Commission => "En commission",
            Attention::AVerifier => "À vérifier",
            Attention::Rectification => "Rectifié",
            Attention::Zero => "Zéro",
        }
    }
}

/// Un bulletin de la page (ou une absence).
struct Entree<'a> {
    decision: &'a Decision,
    /// `None` pour une table sans bulletin.
    bulletin: Option<&'a BulletinCorrige>,
    raisons: Option<&'a Vec<String>>,
    rectification: Option<&'a Rectification>,
    attentions: Vec<Attention>,
}

impl Entree<'_> {
    fn verification(&self) -> Option<&Verification> {
        self.bulletin.and_then(|b| b.verification.as_ref())
    }

    /// L'identifiant HTML du bulletin.
    fn id(&self) -> String {
        format!("c{}-t{}", self.decision.coup, self.decision.table)
    }

    /// Le texte d'une lecture de ce bulletin, avec la ligne `scan:` qui nomme son scan
    /// (sous l'en-tête) : corrigée, la lecture lui sera rendue, même à une autre table.
    fn avec_scan(&self, texte: &str) -> String {
        let image = self.verification().and_then(|v| v.image.as_deref()).filter(|_| !texte.lines().any(|l| l.trim_start().to_lowercase().starts_with("scan:")));
        match (image, texte.split_once('\n')) {
            (Some(image), Some((en_tete, reste))) => format!("{en_tete}\nscan: {}\n{reste}", image.replace(['\n', '\r'], " ")),
            _ => texte.to_string(),
        }
    }

    /// La lecture au format texte des lectures, à coller dans un fichier de corrections.
    fn texte(&self) -> String {
        match self.bulletin {
            Some(b) => self.avec_scan(&b.lecture.vers_texte()),
            None => format!("bulletin table={} coup={}\nabsent\n", self.decision.table, self.decision.coup),
        }
    }
}

/// Les articles du règlement (et du guide) d'un motif (`engine/src/arbitrage/MOTIFS.md`).
pub fn articles(m: &Motif) -> &'static str {
    match m {
        Motif::Score => "5.3.2, 5.5",
        Motif::LettresRaccord => "4.3.2, 5.5",
        Motif::Inversion | Motif::DeuxModes => "5.3, 5.5",
        Motif::Joker { .. } => "5.3.1, 5.5",
        Motif::LocalisationPenalite => "5.3.3, 5.6",
        Motif::MotNonAdmis { .. } => "5.4.1, 5.7",
        Motif::MotIncomplet => "5.7, guide 5.4",
        Motif::LocalisationZero => "5.4.1.a, 5.7",
        Motif::RaccordementFallacieux => "5.3.3, 5.7",
        Motif::Vierge | Motif::Absent | Motif::BulletinEchange | Motif::TempsDepasse => "5.7",
        Motif::PlacementImpossible => "5.4.1.a, guide 1.1.6",
        Motif::Illisible => "5.8, guide 20.3",
        Motif::ErreurLettre { .. } => "5.4.1.d",
        Motif::ReferenceEtSensInverses { .. } => "5.3, guide 5.1.2",
        Motif::PlusieursSolutions => "5.4.2.b",
        Motif::ErreurGrille => "5.4.1.c",
        Motif::AutreZero { .. } => "billet (28)",
        Motif::AutreAvertissement { .. } => "5.8",
    }
}

/// La clé d'un motif dans `decisions.jsonl` (`score`, `mot_non_admis`…), pour le filtre.
fn cle_motif(m: &Motif) -> String {
    match serde_json::to_value(m) {
        Ok(serde_json::Value::String(s)) => s,
        Ok(serde_json::Value::Object(o)) => o.keys().next().cloned().unwrap_or_default(),
        _ => String::new(),
    }
}

/// Un motif en clair : son nom, ses données, la case du billet et les articles.
fn motif_html(d: &Decision, m: &Motif) -> String {
    let donnees = match m {
        Motif::Joker { lettre } => format!(" ({lettre})"),
        Motif::MotNonAdmis { mots } => format!(" : {}", mots.join(", ")),
        Motif::ErreurLettre { lettres } => format!(" : pas de {lettres}"),
        Motif::ReferenceEtSensInverses { reference } => format!(" ({reference})"),
        Motif::AutreZero { texte } | Motif::AutreAvertissement { texte } => format!(" : {texte}"),
        _ => String::new(),
    };
    let seul = Decision { motifs: vec![m.clone()], commission: false, verifier_grille: false, ..d.clone() };
    let case = items_decision(&seul).first().map(|i| format!("billet ({}) · ", i.numero())).unwrap_or_default();
    format!("<li>{}{} <span class=\"article\">{}art. {}</span></li>", e(nom_motif(m)), e(&donnees), case, e(articles(m)))
}

/// Une probabilité en pourcentage, une décimale, virgule française.
fn pourcent(p: f64) -> String {
    crate::nombres::pourcent(p, 1)
}

/// La décision en une ligne : sanction, points, solution.
fn decision_courte(verdict: Verdict, score: u32) -> String {
    format!("{} · {score} point{}", nom_verdict(verdict), if score > 1 { "s" } else { "" })
}

/// Les bulletins de la page, à regarder d'abord.
fn entrees<'a>(d: &'a Dossier, r: &'a Resultats, c: Option<&'a Comparaison>, a_verifier: &'a BTreeMap<(u32, u32), Vec<String>>) -> Vec<Entree<'a>> {
    let rectification = |t: u32, k: u32| c.and_then(|c| c.rectifications.iter().find(|x| (x.table, x.coup) == (t, k)));
    let bulletins = d.bulletins.iter().map(|b| (&b.decision, Some(b)));
    let absents = r.absents.iter().map(|dec| (dec, None));
    let mut v: Vec<Entree> = bulletins
        .chain(absents)
        .map(|(decision, bulletin)| {
            let cle = (decision.table, decision.coup);
            let mut x = Entree { decision, bulletin, raisons: a_verifier.get(&cle), rectification: rectification(cle.0, cle.1), attentions: vec![] };
            x.attentions = Attention::TOUTES
                .into_iter()
                .filter(|a| match a {
                    Attention::Commission => decision.commission,
                    Attention::AVerifier => x.raisons.is_some(),
                    Attention::Rectification => x.rectification.is_some(),
                    Attention::Zero => decision.verdict == Verdict::Zero,
                })
                .collect();
            x
        })
        .collect();
    v.sort_by_key(|x| (x.attentions.first().copied().map_or(1, |_| 0), x.attentions.first().copied(), x.decision.coup, x.decision.table));
    v
}

/// La grille lue, cases douteuses en évidence (avec leurs lectures possibles en titre).
fn grille_html(l: &Lecture, ver: Option<&Verification>) -> String {
    let doutes: BTreeMap<[u32; 2], String> = ver
        .into_iter()
        .flat_map(|v| &v.doutes)
        .filter_map(|d| Some((d.position?, lectures_html(&d.lectures))))
        .collect();
    let mut h = String::from("<table class=\"grille\"><caption>Grille lue</caption>\n");
    for (i, rangee) in l.rangees.iter().enumerate() {
        h.push_str("<tr>");
        for (j, c) in rangee.iter().enumerate() {
            let mut classes = vec![classe_cellule(c)];
            if c.barree {
                classes.push("barree");
            }
            let titre = match doutes.get(&[i as u32, j as u32]) {
                Some(t) => {
                    classes.push("douteuse");
                    format!(" title=\"rangée {}, colonne {} : {}\"", i + 1, j + 1, e(t))
                }
                None => String::new(),
            };
            let texte = e(&texte_cellule(c));
            let texte = if matches!(&c.contenu, Contenu::Lettre(t) if t.entouree) { format!("<span class=\"cercle\">{texte}</span>") } else { texte };
            let _ = write!(h, "<td class=\"{}\"{titre}>{texte}</td>", classes.join(" "));
        }
        h.push_str("</tr>\n");
    }
    h.push_str("</table>\n");
    h
}

fn classe_cellule(c: &Cellule) -> &'static str {
    match &c.contenu {
        Contenu::Vide => "vide",
        Contenu::Lettre(t) if t.entouree => "lettre entouree",
        Contenu::Lettre(_) => "lettre",
        Contenu::Illisible => "illisible",
        Contenu::Alternatives(_) => "alternatives",
    }
}

fn texte_cellule(c: &Cellule) -> String {
    match &c.contenu {
        Contenu::Vide => String::new(),
        Contenu::Lettre(t) => t.lettre.to_string(),
        Contenu::Illisible => "#".into(),
        Contenu::Alternatives(v) => v.iter().map(|t| t.lettre.to_string()).collect::<Vec<_>>().join("/"),
    }
}

/// « « A » 62,0 %, « H » 38,0 % ».
fn lectures_html(lectures: &[(String, f64)]) -> String {
    lectures.iter().map(|(l, p)| format!("« {l} » {}", pourcent(*p))).collect::<Vec<_>>().join(", ")
}

/// La lecture : grille, référence, score, et les doutes de la machine.
fn lecture_html(x: &Entree) -> String {
    let Some(b) = x.bulletin else {
        return "<p>Aucun bulletin lu pour cette table à ce coup (zéro « absent », 5.7).</p>\n".into();
    };
    let l = &b.lecture;
    let ver = x.verification();
    let douteux = |element: &str| ver.into_iter().flat_map(|v| &v.doutes).find(|d| d.element == element);
    let mut h = String::new();
    for (nom, element, valeur) in [("Table", "table", Some(l.table.to_string())), ("Référence", "reference", l.reference.clone()), ("Score", "score", l.score.clone())] {
        let classe = if douteux(element).is_some() { " class=\"douteuse\"" } else { "" };
        let _ = writeln!(h, "<p{classe}>{nom} : <b>{}</b></p>", e(valeur.as_deref().unwrap_or("(rien d'écrit)")));
    }
    match l.etat {
        arbitre_engine::lecture::EtatBulletin::Vierge => h.push_str("<p>Bulletin vierge.</p>\n"),
        _ => h.push_str(&grille_html(l, ver)),
    }
    // L'encre de chaque doute, agrandie depuis l'extrait du scan, quand il y en a un.
    let extrait = ver.and_then(|v| v.image.as_ref()).map(|_| extrait_du_scan(x.decision.coup, x.decision.table));
    let doutes: Vec<String> = ver
        .into_iter()
        .flat_map(|v| &v.doutes)
        .map(|d| {
            let lieu = match (d.element.as_str(), d.position) {
                ("case", Some([i, j])) => format!("case rangée {}, colonne {}", i + 1, j + 1),
                ("reference", _) => "référence".into(),
                (autre, _) => autre.to_string(),
            };
            let agrandie = match (&d.loupe, &extrait) {
                (Some(loupe), Some(extrait)) => loupe_html(loupe, extrait, &lieu),
                _ => String::new(),
            };
            format!("<li>{agrandie}<span>{} : {}</span></li>", e(&lieu), e(&lectures_html(&d.lectures)))
        })
        .collect();
    if !doutes.is_empty() {
        let _ = writeln!(h, "<p>Doutes de la machine :</p>\n<ul class=\"doutes\">{}</ul>", doutes.concat());
    }
    h
}

/// La loupe la plus haute, en pixels de la page (une case et ses abords, un cadre).
const LOUPE_HAUTEUR_PX: f64 = 110.0;
/// L'agrandissement le plus fort, en pixels de la page par millimètre : deux fois l'extrait
/// (4 pixels par mm), au-delà le flou n'apprend plus rien.
const LOUPE_PX_PAR_MM_MAX: f64 = 8.0;

/// Une région de l'extrait du scan agrandie : l'extrait en fond d'un cadre à la taille de
/// la région, décalé pour qu'elle y tombe. Rien à télécharger de plus que l'extrait.
fn loupe_html(l: &Loupe, extrait: &str, lieu: &str) -> String {
    let valide = |v: f64| v.is_finite() && v > 0.0;
    if !(valide(l.largeur_mm) && valide(l.hauteur_mm) && valide(l.feuille_mm[0]) && valide(l.feuille_mm[1]) && l.x_mm.is_finite() && l.y_mm.is_finite()) {
        return String::new();
    }
    let px = (LOUPE_HAUTEUR_PX / l.hauteur_mm).min(LOUPE_PX_PAR_MM_MAX);
    format!(
        "<span class=\"loupe\" role=\"img\" aria-label=\"{} : l'encre agrandie\" style=\"width:{:.0}px;height:{:.0}px;background-image:url('{}');background-size:{:.1}px {:.1}px;background-position:{:.1}px {:.1}px\"></span>",
        e(lieu),
        l.largeur_mm * px,
        l.hauteur_mm * px,
        e(extrait),
        l.feuille_mm[0] * px,
        l.feuille_mm[1] * px,
        -l.x_mm * px,
        -l.y_mm * px
    )
}

/// La décision, ses motifs, pourquoi la regarder, les places examinées et les lectures
/// concurrentes.
fn decision_html(x: &Entree) -> String {
    let d = x.decision;
    let mut h = format!("<p class=\"verdict {}\"><b>{}</b>", classe_verdict(d.verdict), e(&decision_courte(d.verdict, d.score)));
    if let Some(s) = &d.solution {
        let _ = write!(h, " — {} en {} ({} points)", e(&s.mot), e(&s.reference), s.score);
    }
    h.push_str("</p>\n");
    if let Some(s) = d.score_revendique {
        let _ = writeln!(h, "<p>Score écrit : {s}</p>");
    }
    if !d.motifs.is_empty() {
        let _ = writeln!(h, "<ul class=\"motifs\">{}</ul>", d.motifs.iter().map(|m| motif_html(d, m)).collect::<String>());
    }
    if d.commission {
        h.push_str("<p class=\"alerte\">En commission d'arbitrage (billet (16)).</p>\n");
    }
    if d.verifier_grille {
        h.push_str("<p>« Vérifiez votre grille ! » (billet (15)).</p>\n");
    }
    if let Some(raisons) = x.raisons {
        let _ = writeln!(h, "<p class=\"alerte\">À vérifier, décision provisoire :</p>\n<ul>{}</ul>", raisons.iter().map(|r| format!("<li>{}</li>", e(r))).collect::<String>());
    }
    if let Some(r) = x.rectification {
        let _ = writeln!(h, "<p class=\"alerte\">Rectification : {} (premier arbitre : {}).</p>", e(&r.libelle()), e(&decision_courte(r.sanction_premier, r.score_premier)));
    }
    if let Some(v) = x.verification() {
        let qui = if v.corrigee_par_une_personne { " — lecture corrigée par une personne" } else { "" };
        // Décidé sans personne malgré des lectures concurrentes : elles le paieraient toutes
        // moins, et ces lectures-là, mesurées contre la vérité, sont presque toujours des
        // erreurs de lecture (le seuil de 40 % de `arbitre run`).
        let paient_moins = |c: &crate::verification::LectureConcurrente| arbitre_engine::arbitrage::paie_moins((c.verdict, c.score), (d.verdict, d.score));
        let pourquoi = if x.raisons.is_none() && !v.corrigee_par_une_personne && v.confiance < 0.99 && !v.alternatives.is_empty() && v.alternatives.iter().all(paient_moins) {
            " — décidé sans personne : les lectures concurrentes paieraient moins le joueur et sont, mesurées contre la vérité, presque toujours des erreurs de lecture"
        } else {
            ""
        };
        let _ = writeln!(h, "<p>Confiance dans la décision : {}{qui}{pourquoi}</p>", pourcent(v.confiance));
        if let Some(t) = &v.table_deduite {
            let _ = writeln!(h, "<p>Numéro de table confirmé par les autres bulletins du coup : {}.</p>", e(t));
        }
        if !v.places.is_empty() {
            h.push_str("<table class=\"donnees places\"><caption>Places examinées</caption>\n<tr><th>Mot</th><th>Place</th><th>Points</th><th>Sanction</th><th>Motifs</th></tr>\n");
            for p in &v.places {
                let retenue = d.solution.as_ref() == Some(&p.solution);
                let motifs: Vec<&str> = p.motifs.iter().map(nom_motif).collect();
                let _ = writeln!(
                    h,
                    "<tr{}><td>{}</td><td>{}</td><td>{}</td><td>{}{}</td><td>{}</td></tr>",
                    if retenue { " class=\"retenue\" title=\"solution retenue\"" } else { "" },
                    e(&p.solution.mot),
                    e(&p.solution.reference),
                    p.solution.score,
                    nom_verdict(p.verdict),
                    if retenue { " (retenue)" } else { "" },
                    e(&motifs.join(", "))
                );
            }
            h.push_str("</table>\n");
        }
        if !v.alternatives.is_empty() {
            h.push_str("<table class=\"donnees alternatives\"><caption>Lectures concurrentes</caption>\n<tr><th>Lecture</th><th>Probabilité</th><th>Décision</th><th></th></tr>\n");
            // Chacune se prend aussi au clavier, par son rang (touches 1 à 9).
            for (rang, a) in v.alternatives.iter().enumerate() {
                let touche = if rang < 9 { format!(" <kbd>{}</kbd>", rang + 1) } else { String::new() };
                let _ = writeln!(
                    h,
                    "<tr><td><pre>{}</pre></td><td>{}</td><td>{}</td><td><button type=\"button\" class=\"prendre\" data-texte=\"{}\">Prendre cette lecture{touche}</button></td></tr>",
                    e(&a.texte),
                    pourcent(a.p),
                    e(&decision_courte(a.verdict, a.score)),
                    e(&x.avec_scan(&a.texte))
                );
            }
            h.push_str("</table>\n");
        }
    }
    h
}

/// Un bulletin de la page.
fn entree_html(x: &Entree, d: &Dossier) -> String {
    let (table, coup) = (x.decision.table, x.decision.coup);
    let id = x.id();
    let motifs: Vec<String> = x.decision.motifs.iter().map(cle_motif).collect();
    let etats: Vec<&str> = x.attentions.iter().map(|a| a.cle()).collect();
    let nom = d.joueur(table).and_then(|j| j.nom.as_deref()).map(|n| format!(" <span class=\"nom\">{}</span>", e(n))).unwrap_or_default();
    let etiquettes: String = x
        .attentions
        .iter()
        .map(|a| format!("<span class=\"etiquette {}\">{}</span>", a.cle(), a.libelle()))
        .chain(x.verification().filter(|v| v.corrigee_par_une_personne).map(|_| "<span class=\"etiquette corrigee\">Corrigé par une personne</span>".to_string()))
        .collect();
    let mut h = format!(
        "<article class=\"bulletin{}\" id=\"{id}\" tabindex=\"0\" data-coup=\"{coup}\" data-table=\"{table}\" data-motifs=\"{}\" data-etats=\"{}\" aria-labelledby=\"titre-{id}\">\n<h3 id=\"titre-{id}\">Coup {coup} · table {table}{nom} {etiquettes}</h3>\n<div class=\"colonnes\">\n",
        if x.attentions.is_empty() { "" } else { " attention" },
        e(&motifs.join(" ")),
        etats.join(" ")
    );
    h.push_str("<figure class=\"scan\">");
    match x.verification().and_then(|v| v.image.as_deref()) {
        Some(image) => {
            let _ = write!(
                h,
                "<img src=\"{}\" alt=\"Scan du bulletin de la table {table}, coup {coup}\" loading=\"lazy\" onerror=\"this.hidden=true;this.nextElementSibling.hidden=false;this.closest('article').classList.add('sans-extrait')\"><p class=\"note\" hidden>Extrait du scan absent ({})</p><figcaption>{}</figcaption>",
                e(&extrait_du_scan(coup, table)),
                e(&extrait_du_scan(coup, table)),
                e(image)
            );
        }
        None => h.push_str("<p class=\"note\">Pas de scan.</p>"),
    }
    h.push_str("</figure>\n");
    let _ = write!(h, "<section class=\"lecture\"><h4>Lecture</h4>\n{}</section>\n", lecture_html(x));
    let _ = write!(h, "<section class=\"decision\"><h4>Décision</h4>\n{}</section>\n</div>\n", decision_html(x));
    let texte = x.texte();
    let inclure = x.verification().is_some_and(|v| v.corrigee_par_une_personne);
    let _ = write!(
        h,
        "<div class=\"correction\"><label for=\"texte-{id}\">Lecture au format des corrections (modifiable)</label>\n<textarea id=\"texte-{id}\" class=\"texte-lecture\" rows=\"{}\" spellcheck=\"false\">{}</textarea>\n<label class=\"inclure\"><input type=\"checkbox\" id=\"inclure-{id}\"{}> Inclure dans le fichier de corrections (lecture relue par une personne)</label></div>\n</article>\n",
        texte.lines().count() + 1,
        e(&texte),
        if inclure { " checked" } else { "" }
    );
    h
}

/// Les options d'un filtre : valeur et libellé.
fn options(v: impl IntoIterator<Item = (String, String)>) -> String {
    v.into_iter().map(|(valeur, libelle)| format!("<option value=\"{}\">{}</option>", e(&valeur), e(&libelle))).collect()
}

/// Les filtres (coup, table, motif, ce qui attire l'attention) et l'enregistrement.
fn filtres_html(d: &Dossier, entrees: &[Entree]) -> String {
    let coups = options(d.partie.coups.iter().map(|c| (c.numero.to_string(), format!("coup {}", c.numero))));
    let mut motifs: BTreeMap<String, &Motif> = BTreeMap::new();
    for m in entrees.iter().flat_map(|x| &x.decision.motifs) {
        motifs.entry(cle_motif(m)).or_insert(m);
    }
    let motifs = options(motifs.into_iter().map(|(cle, m)| (cle, format!("{} ({})", nom_motif(m), articles(m)))));
    let etats = options(
        std::iter::once(("attention".to_string(), "à regarder (tous)".to_string()))
            .chain(Attention::TOUTES.iter().map(|a| (a.cle().to_string(), a.libelle().to_lowercase())))
            .chain(std::iter::once(("corrigee".to_string(), "inclus dans les corrections".to_string())))
            .chain(d.rejets.iter().any(|rj| rj.lecture.is_some()).then(|| ("rejet".to_string(), "images rejetées lues, à attribuer".to_string()))),
    );
    format!(
        "<form id=\"filtres\" role=\"search\" aria-label=\"Filtres\">\n\
<label for=\"filtre-coup\">Coup</label> <select id=\"filtre-coup\"><option value=\"\">tous</option>{coups}</select>\n\
<label for=\"filtre-table\">Table</label> <input id=\"filtre-table\" type=\"text\" inputmode=\"numeric\" size=\"5\" autocomplete=\"off\">\n\
<label for=\"filtre-motif\">Motif</label> <select id=\"filtre-motif\"><option value=\"\">tous</option>{motifs}</select>\n\
<label for=\"filtre-etat\">Bulletins</label> <select id=\"filtre-etat\"><option value=\"\">tous</option>{etats}</select>\n\
<output id=\"compte\" for=\"filtre-coup filtre-table filtre-motif filtre-etat\" aria-live=\"polite\"></output>\n\
</form>\n\
<p><button type=\"button\" id=\"enregistrer\">Enregistrer le fichier de corrections</button> <span id=\"nb-corrections\" aria-live=\"polite\"></span></p>\n\
<details><summary>Aperçu du fichier de corrections</summary><pre id=\"apercu\"></pre></details>\n"
    )
}

/// La page de revue d'une manche lue sur des scans.
pub fn revue_html(d: &Dossier, r: &Resultats, c: Option<&Comparaison>) -> String {
    let a_verifier = cases_a_verifier(d, r);
    let entrees = entrees(d, r, c, &a_verifier);
    let mut h = format!("<h1>Revue — {}</h1>\n{}", e(&d.titre), bandeau_provisoire_sans_lien(a_verifier.len()));
    let n = |a: Attention| entrees.iter().filter(|x| x.attentions.contains(&a)).count();
    let _ = writeln!(
        h,
        "<p>{} (absences comprises) : {} en commission, {} à vérifier, {}, {} ; {}.</p>",
        compte(entrees.len(), "bulletin", "bulletins"),
        n(Attention::Commission),
        n(Attention::AVerifier),
        compte(n(Attention::Rectification), "rectifié", "rectifiés"),
        compte(n(Attention::Zero), "zéro", "zéros"),
        compte(d.rejets.len(), "image rejetée", "images rejetées")
    );
    h.push_str(
        "<p class=\"note\">Les bulletins à regarder viennent d'abord. Clavier : <kbd>j</kbd> ou <kbd>↓</kbd> bulletin suivant, \
<kbd>k</kbd> ou <kbd>↑</kbd> précédent, <kbd>e</kbd> modifier sa lecture, <kbd>v</kbd> lecture juste (relue sur le scan : \
incluse telle quelle, puis le bulletin suivant), <kbd>1</kbd> à <kbd>9</kbd> prendre la lecture concurrente de ce rang \
(puis le bulletin suivant), <kbd>Échap</kbd> revenir au bulletin. \
Corrigez une lecture dans son champ (ou prenez une lecture concurrente), cochez « Inclure » pour une lecture relue \
telle quelle ; un numéro de table changé dans l'en-tête d'une lecture fait passer le scan à cette table, et la table \
où la machine l'avait rangé est dite « absent » dans le fichier (sauf si vous lui donnez une autre lecture). Puis enregistrez le fichier de corrections et relancez <code>arbitre run … --corrections corrections.txt</code>.</p>\n",
    );
    h.push_str(&filtres_html(d, &entrees));
    let _ = writeln!(h, "<main id=\"bulletins\" data-titre=\"{}\" data-empreinte-partie=\"{}\" data-ligne-empreinte=\"{}\">", e(&d.titre), d.partie.empreinte(), e(LIGNE_EMPREINTE));
    let n_attention = entrees.iter().filter(|x| !x.attentions.is_empty()).count();
    let _ = writeln!(h, "<h2>À regarder ({n_attention})</h2>");
    for (i, x) in entrees.iter().enumerate() {
        if i == n_attention {
            let _ = writeln!(h, "<h2>Les autres bulletins ({})</h2>", entrees.len() - n_attention);
        }
        h.push_str(&entree_html(x, d));
    }
    h.push_str("</main>\n");
    h.push_str(&crate::revue_rejets::rejets_html(d));
    format!(
        "<!DOCTYPE html>\n<html lang=\"fr\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>Revue — {}</title>\n<style>\n{}\n</style>\n</head>\n<body>\n{h}<script>\n{}\n</script>\n</body>\n</html>\n",
        e(&d.titre),
        STYLE.trim(),
        SCRIPT.trim()
    )
}

/// La classe CSS d'un verdict.
fn classe_verdict(v: Verdict) -> &'static str {
    match v {
        Verdict::Valide => "valide",
        Verdict::Avertissement => "avertissement",
        Verdict::Penalite => "penalite",
        Verdict::Zero => "zero",
    }
}
