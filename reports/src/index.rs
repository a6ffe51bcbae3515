//! La page d'index du dossier de sortie : la partie, le lexique, l'édition, le bilan et
//! un lien vers chaque rapport.

use crate::dossier::{plages, Dossier};
use crate::html::{bandeau_provisoire, e, page, STYLE_ECRAN};
use crate::synthese::Synthese;

/// Un lien de l'index : fichier et description.
pub struct Lien<'a> {
    pub fichier: &'a str,
    pub description: &'a str,
}

/// La page d'index.
pub fn index_html(dossier: &Dossier, synthese: &Synthese, liens: &[Lien]) -> String {
    let mut h = format!("<h1>Correction — {}</h1>\n{}<table class=\"donnees\">\n", e(&dossier.titre), bandeau_provisoire(synthese.a_verifier));
    let mut ligne = |k: &str, v: String| h.push_str(&format!("<tr><th class=\"g\">{}</th><td class=\"g\">{}</td></tr>\n", e(k), v));
    let en_cours = dossier.partie.en_cours().map(|t| format!(", {t}")).unwrap_or_default();
    ligne("Partie", format!("{} ({} coups{}, formule {}, somme des tops {})", e(&dossier.partie.fichier), dossier.partie.coups.len(), e(&en_cours), e(&dossier.partie.formule), dossier.partie.total_tops()));
    ligne(
        "Lexique",
        format!(
            "{}{}",
            e(&dossier.lexique.resume()),
            if dossier.lexique.defaut { " <span class=\"alerte\">— lexique libre par défaut, non officiel</span>" } else { "" }
        ),
    );
    if let Some(m) = arbitre_engine::lexique_partie::avertissement(&dossier.admis_par_la_partie, &dossier.lexique.nom) {
        ligne("Mots admis par la partie", format!("<span class=\"alerte\">{}</span>", e(&m)));
    }
    ligne("Règles", match dossier.edition {
        arbitre_engine::arbitrage::Edition::E2020 => "guide pratique d'arbitrage 2020".into(),
        arbitre_engine::arbitrage::Edition::E2023 => "règlement 2023".into(),
    });
    ligne("Tables", e(&plages(&dossier.tables())));
    if dossier.reglages.blitz {
        ligne("Réglage", "blitz ou partie originale : pénalité dès le 6e avertissement (5.9)".into());
    }
    h.push_str("</table>\n<h2>Bilan</h2>\n<ul>\n");
    for l in synthese.texte().lines() {
        h.push_str(&format!("<li>{}</li>\n", e(l)));
    }
    h.push_str("</ul>\n<h2>Rapports</h2>\n<ul>\n");
    for l in liens {
        h.push_str(&format!("<li><a href=\"{0}\">{0}</a> — {1}</li>\n", e(l.fichier), e(l.description)));
    }
    h.push_str("</ul>\n");
    if !dossier.erreurs.is_empty() {
        h.push_str("<h2 class=\"alerte\">Bulletins non corrigés</h2>\n<ul>\n");
        for er in &dossier.erreurs {
            h.push_str(&format!("<li>{} : {}</li>\n", e(&er.lieu()), e(&er.message)));
        }
        h.push_str("</ul>\n");
    }
    page(&format!("Correction — {}", dossier.titre), STYLE_ECRAN, &h)
}
