//! Les images rejetées sur la page de revue : toutes, avec leur raison ; et celles qui se
//! sont lues sans pouvoir être attribuées (numéro de table illisible ou inconnu de la
//! manche, second bulletin d'une table au même coup, coup inconnu) avec l'extrait de leur scan
//! (`revue/rejetNNN.jpg`) et la lecture de la machine, modifiable : une personne y corrige
//! le numéro de table (ou le coup) et l'inclut dans le fichier de corrections, qui donne ce
//! bulletin à sa table (`arbitre run --corrections`). Tout ce qui vient des entrées est
//! échappé.

use crate::dossier::Dossier;
use crate::html::e;
use crate::verification::{extrait_du_rejet, libelle_du_rejet, RejetImage, DOUBLON, PAGE_BLANCHE};
use std::fmt::Write as _;

/// La section des images rejetées (vide quand il n'y en a pas).
pub fn rejets_html(d: &Dossier) -> String {
    if d.rejets.is_empty() {
        return String::new();
    }
    let mut h = String::from("<h2 id=\"rejets\">Images rejetées</h2>\n");
    // Les pages blanches (les versos d'un scan recto verso : autant que de bulletins) à part,
    // repliées : aucune ne peut être un bulletin, elles noieraient les autres.
    let (blanches, autres): (Vec<_>, Vec<_>) = d.rejets.iter().enumerate().partition(|(_, rj)| rj.raison == PAGE_BLANCHE);
    if !autres.is_empty() {
        h.push_str(&table_des_rejets(&autres));
    }
    if !blanches.is_empty() {
        let _ = writeln!(
            h,
            "<details><summary>{} page(s) blanche(s) : ni quadrillage ni écriture (versos d'un scan recto verso, pages intercalaires) ; aucune ne peut être le bulletin d'une table</summary>",
            blanches.len()
        );
        h.push_str(&table_des_rejets(&blanches));
        h.push_str("</details>\n");
    }
    let lues: Vec<(usize, &RejetImage, &str)> = d.rejets.iter().enumerate().filter_map(|(k, rj)| Some((k, rj, rj.lecture.as_deref()?))).collect();
    if !lues.is_empty() {
        h.push_str(
            "<p class=\"note\">Ces images se sont lues, mais la machine n'a pas pu les donner à une table. Sur l'extrait, lisez le \
numéro de table (ou le coup), corrigez-le dans l'en-tête de la lecture et incluez-la : le fichier de corrections donnera ce \
bulletin à sa table. Un numéro que la machine n'a pas lu y est écrit <code>table=0</code> : remplacez-le.</p>\n",
        );
        for (k, rj, lecture) in lues {
            h.push_str(&rejet_lu_html(k, rj, lecture));
        }
    }
    h
}

/// Le tableau des images rejetées `(rang, rejet)` : image, coup, raison, explication.
fn table_des_rejets(rejets: &[(usize, &RejetImage)]) -> String {
    let mut h = String::from("<table class=\"donnees\"><tr><th>Image</th><th>Coup</th><th>Raison</th><th class=\"g\">Explication</th></tr>\n");
    for &(k, rj) in rejets {
        // Une image lue renvoie à son extrait et à sa lecture, plus bas.
        let image = match rj.lecture {
            Some(_) => format!("<a href=\"#{}\">{}</a>", id_rejet(k), e(&rj.image)),
            None => e(&rj.image),
        };
        let _ = writeln!(h, "<tr><td class=\"g\">{image}</td><td>{}</td><td>{}</td><td class=\"g\">{}</td></tr>", coup(rj), e(&libelle_du_rejet(&rj.raison)), e(&rj.message));
    }
    h.push_str("</table>\n");
    h
}

/// L'identifiant HTML de l'article de la `k`-ième image rejetée.
fn id_rejet(k: usize) -> String {
    format!("rejet{:03}", k + 1)
}

fn coup(rj: &RejetImage) -> String {
    rj.coup.map(|c| c.to_string()).unwrap_or_else(|| "?".into())
}

/// Une image rejetée qui s'est lue : extrait, raison, lecture à corriger. Un article de la
/// page comme un bulletin (filtres, clavier, fichier de corrections), sans table : la
/// table est ce que la personne lira.
///
/// Une copie du bulletin retenu (`doublon` : le même bulletin scanné deux fois) n'attire pas
/// l'attention : il n'y a rien à corriger, sauf si ce bulletin est celui d'une autre table
/// (une absence douteuse le nomme alors).
fn rejet_lu_html(k: usize, rj: &RejetImage, lecture: &str) -> String {
    let id = id_rejet(k);
    let extrait = extrait_du_rejet(k);
    let (attention, consigne) = match rj.raison.as_str() {
        DOUBLON => ("", "copie d'un bulletin retenu : rien à corriger, sauf si ce bulletin est celui d'une autre table"),
        _ => (" attention", "corrigez le numéro de table"),
    };
    format!(
        "<article class=\"bulletin rejet{attention}\" id=\"{id}\" tabindex=\"0\" data-coup=\"{}\" data-table=\"\" data-motifs=\"\" data-etats=\"rejet\" aria-labelledby=\"titre-{id}\">\n\
<h3 id=\"titre-{id}\">Image rejetée · coup {} <span class=\"etiquette rejet\">{}</span></h3>\n<div class=\"colonnes\">\n\
<figure class=\"scan\"><img src=\"{}\" alt=\"Scan rejeté {}\" loading=\"lazy\" onerror=\"this.hidden=true;this.nextElementSibling.hidden=false\"><p class=\"note\" hidden>Extrait du scan absent ({})</p><figcaption>{}</figcaption></figure>\n\
<section class=\"decision\"><h4>Raison</h4>\n<p>{}</p></section>\n</div>\n\
<div class=\"correction\"><label for=\"texte-{id}\">Lecture de la machine au format des corrections ({consigne})</label>\n\
<textarea id=\"texte-{id}\" class=\"texte-lecture\" rows=\"{}\" spellcheck=\"false\">{}</textarea>\n\
<label class=\"inclure\"><input type=\"checkbox\" id=\"inclure-{id}\"> Inclure dans le fichier de corrections (lecture relue par une personne)</label></div>\n</article>\n",
        rj.coup.map(|c| c.to_string()).unwrap_or_default(),
        coup(rj),
        e(&libelle_du_rejet(&rj.raison)),
        e(&extrait),
        e(&rj.image),
        e(&extrait),
        e(&rj.image),
        e(&rj.message),
        lecture.lines().count() + 1,
        e(lecture),
    )
}
