//! Les résultats mis en forme : `resultats.csv` (pour les tableurs) et `resultats.html`
//! (imprimable) — par table le score de chaque coup, les avertissements et leur
//! pénalité, les solos, le total, le pourcentage de la somme des tops et le rang.

use crate::dossier::Dossier;
use crate::html::{bandeau_provisoire, e, page, STYLE_ECRAN};
use crate::verification::cases_a_verifier;
use crate::resultats::{Case, Origine, Resultats};
use arbitre_engine::arbitrage::{Motif, Verdict};

/// Le rang écrit : « 2 » ou « 2 ex » pour les ex aequo.
fn rang(r: u32, ex: bool) -> String {
    if ex {
        format!("{r} ex")
    } else {
        r.to_string()
    }
}

/// Le pourcentage à une décimale, virgule française.
pub fn pourcentage(p: f64) -> String {
    crate::nombres::decimal(p, 1)
}

/// Les colonnes de `resultats.csv` après les coups (une seule signification par
/// colonne ; documentées dans `reports/README.md`).
pub const COLONNES_FIN: [&str; 10] = [
    "Avertissements",
    "Pénalité avertissements",
    "Pénalités",
    "Zéros",
    "Solos",
    "Coups des solos",
    "Bonification solos",
    "Total",
    "% des tops",
    "Non revus",
];

/// Les résultats en CSV : une ligne par table, une colonne par coup (les points
/// comptés), puis les comptes ; le rang et l'ex aequo en deux colonnes.
///
/// Une manche lue sur des scans a une dernière colonne, `À vérifier` : le nombre de
/// bulletins de la table à vérifier par une personne (son total est provisoire tant qu'il
/// n'est pas nul).
pub fn resultats_csv(dossier: &Dossier, r: &Resultats) -> String {
    let mut w = crate::tableur::ecrivain();
    let scans = dossier.lu_sur_scans();
    let a_verifier = cases_a_verifier(dossier, r);
    let mut entete: Vec<String> = ["Rang", "Ex aequo", "Table", "Nom"].map(String::from).to_vec();
    entete.extend(dossier.partie.coups.iter().map(|c| format!("Coup {}", c.numero)));
    entete.extend(COLONNES_FIN.map(String::from));
    if scans {
        entete.push(COLONNE_A_VERIFIER.into());
    }
    let _ = w.write_record(&entete);
    for l in &r.tables {
        let mut champs = vec![l.rang.to_string(), if l.ex_aequo { "oui" } else { "non" }.to_string(), l.table.to_string(), l.nom.clone().unwrap_or_default()];
        champs.extend(l.coups.iter().map(|c| c.score.to_string()));
        champs.extend([
            l.avertissements.to_string(),
            l.penalite_avertissements.to_string(),
            l.penalites.to_string(),
            l.zeros.to_string(),
            l.solos.len().to_string(),
            l.solos.iter().map(u32::to_string).collect::<Vec<_>>().join(" "),
            l.bonification.to_string(),
            l.total.to_string(),
            pourcentage(l.pourcentage),
            l.coups.iter().filter(|c| c.origine == Origine::NonRevu).count().to_string(),
        ]);
        if scans {
            champs.push(a_verifier.keys().filter(|&&(t, _)| t == l.table).count().to_string());
        }
        let _ = w.write_record(&champs);
    }
    crate::tableur::texte(w)
}

/// La colonne de `resultats.csv` d'une manche lue sur des scans : les bulletins de la
/// table à vérifier.
pub const COLONNE_A_VERIFIER: &str = "À vérifier";

/// Une case du tableau : le score et sa marque (A3 : 3e avertissement, P : pénalité,
/// Z : zéro, abs : absent, ret : retard, ? : bulletin illisible, nr : non revu, S : solo ;
/// vér : à vérifier par une personne, provisoire).
fn case_html(c: &Case, a_verifier: bool) -> String {
    let sanction = match c.verdict {
        Verdict::Avertissement => format!("A{}", c.avertissement.unwrap_or(0)),
        Verdict::Penalite => "P".to_string(),
        Verdict::Zero => "Z".to_string(),
        Verdict::Valide => String::new(),
    };
    let marque = match c.origine {
        Origine::Absent => "abs".to_string(),
        Origine::Retard => "ret".to_string(),
        Origine::ErreurLecture => "?".to_string(),
        Origine::NonRevu if sanction.is_empty() => "nr".to_string(),
        Origine::NonRevu => format!("{sanction} nr"),
        Origine::Bulletin if c.moyenne => "moy".to_string(),
        Origine::Bulletin => sanction,
    };
    let solo = if c.solo { " <b>S</b>" } else { "" };
    if a_verifier {
        return format!("<td class=\"alerte\">{} <sup>{}vér</sup>{solo}</td>", c.score, if marque.is_empty() { String::new() } else { marque + " " });
    }
    if marque.is_empty() {
        format!("<td>{}{solo}</td>", c.score)
    } else {
        format!("<td>{} <sup>{marque}</sup>{solo}</td>", c.score)
    }
}

/// Les résultats en HTML.
pub fn resultats_html(dossier: &Dossier, r: &Resultats) -> String {
    let a_verifier = cases_a_verifier(dossier, r);
    let mut h = format!("<h1>Résultats — {}</h1>\n{}", e(&dossier.titre), bandeau_provisoire(a_verifier.len()));
    h.push_str(&format!(
        "<p>{} coups{}, somme des tops {} ; {} joueurs{} ; avertissements : {} gratuits puis 5 points chacun (5.9).</p>\n",
        dossier.partie.coups.len(),
        dossier.partie.en_cours().map(|t| format!(" ({})", e(&t))).unwrap_or_default(),
        r.total_tops,
        r.nombre_joueurs,
        if r.bonification_solo > 0 { ", solo bonifié de 10 points (3.5)" } else { ", solo non bonifié (moins de 16 joueurs, 3.5)" },
        r.avertissements_gratuits
    ));
    h.push_str("<table class=\"donnees\">\n<tr><th>Rang</th><th>Table</th><th class=\"g\">Nom</th>");
    for c in &dossier.partie.coups {
        h.push_str(&format!("<th>{}</th>", c.numero));
    }
    h.push_str("<th>Av.</th><th>Pén. av.</th><th>Solos</th><th>Total</th><th>% tops</th></tr>\n<tr><td></td><td></td><td class=\"g\">Top</td>");
    for c in &dossier.partie.coups {
        h.push_str(&format!("<td>{}</td>", c.score));
    }
    h.push_str(&format!("<td></td><td></td><td></td><td>{}</td><td>100,0</td></tr>\n", r.total_tops));
    for l in &r.tables {
        h.push_str(&format!(
            "<tr><td>{}</td><td>{}</td><td class=\"g\">{}</td>",
            rang(l.rang, l.ex_aequo),
            l.table,
            e(l.nom.as_deref().unwrap_or(""))
        ));
        for c in &l.coups {
            h.push_str(&case_html(c, a_verifier.contains_key(&(l.table, c.coup))));
        }
        h.push_str(&format!(
            "<td>{}</td><td>{}</td><td>{}</td><td><b>{}</b></td><td>{}</td></tr>\n",
            l.avertissements,
            if l.penalite_avertissements > 0 { format!("−{}", l.penalite_avertissements) } else { String::new() },
            if l.bonification > 0 { format!("{} (+{})", l.solos.len(), l.bonification) } else { l.solos.len().to_string() },
            l.total,
            pourcentage(l.pourcentage)
        ));
    }
    h.push_str(&format!("</table>\n<p class=\"note\">A<i>n</i> : <i>n</i>-ième avertissement ; P : pénalité de 5 points (déjà déduite) ; Z : zéro ; abs : aucun bulletin ; ret : arrivée en retard (6.2) ; ? : bulletin illisible, à corriger à la main ; nr : non revu par le double arbitre (décision du premier arbitre conservée) ; moy : moyenne du 5.9 confirmée ; S : solo (3.5){}.</p>\n", if a_verifier.is_empty() { "" } else { " ; vér : à vérifier par une personne, décision provisoire (revue.html)" }));
    let solos = r.solos();
    if !solos.is_empty() {
        h.push_str("<h2>Solos (3.5)</h2>\n<ul>\n");
        for (coup, table, score) in solos {
            h.push_str(&format!("<li>Coup {coup} : table {table}, {score} points</li>\n"));
        }
        h.push_str("</ul>\n");
    }
    let notees = sanctions_notees(dossier);
    if !notees.is_empty() {
        h.push_str("<h2>Sanctions notées par l'arbitre (hors écriture du bulletin)</h2>\n<ul>\n");
        for (table, coup, texte) in notees {
            h.push_str(&format!("<li>Table {table}, coup {coup} : {}</li>\n", e(&texte)));
        }
        h.push_str("</ul>\n");
    }
    if !r.moyennes.is_empty() {
        h.push_str("<h2>Moyennes du 5.9 (mot non admis répété avant notification)</h2>\n<ul>\n");
        for m in &r.moyennes {
            h.push_str(&format!(
                "<li>Table {}, coup {} : {} déjà sanctionné{} au coup {} ; moyenne des autres joueurs {}{} → {} points {}</li>\n",
                m.table,
                m.coup,
                e(&m.mots.join(", ")),
                if m.mots.len() > 1 { "s" } else { "" },
                m.coup_initial,
                m.moyenne,
                m.plafond.map(|p| format!(", plafonnée à la solution proposée ({p})")).unwrap_or_default(),
                m.score_propose,
                if m.appliquee {
                    "<b>appliquée</b> au total (confirmée par l'arbitre).".to_string()
                } else {
                    format!("si le joueur n'avait pas été averti : <b>à confirmer</b>, non appliquée au total (<code>--moyenne {}:{}</code> pour l'appliquer).", m.table, m.coup)
                }
            ));
        }
        h.push_str("</ul>\n");
    }
    let (ecartees, illisibles): (Vec<_>, Vec<_>) = dossier.erreurs.iter().partition(|er| dossier.erreur_ecartee(er));
    for (titre, erreurs) in [("Bulletins illisibles (zéro provisoire, à corriger à la main)", illisibles), ("Bulletins écartés (un autre bulletin de la même table au même coup est corrigé : vérifiez lequel est le bon)", ecartees)] {
        if erreurs.is_empty() {
            continue;
        }
        h.push_str(&format!("<h2 class=\"alerte\">{titre}</h2>\n<ul>\n"));
        for er in erreurs {
            h.push_str(&format!("<li>{} : {}</li>\n", e(&er.lieu()), e(&er.message)));
        }
        h.push_str("</ul>\n");
    }
    page(&format!("Résultats — {}", dossier.titre), STYLE_ECRAN, &h)
}

/// Les sanctions notées par l'arbitre (`sanction:` des lectures) : (table, coup, texte),
/// par coup puis par table.
pub fn sanctions_notees(dossier: &Dossier) -> Vec<(u32, u32, String)> {
    let mut v = Vec::new();
    for b in &dossier.bulletins {
        for m in &b.decision.motifs {
            let texte = match m {
                Motif::BulletinEchange => "zéro, bulletin échangé (billet (22))".to_string(),
                Motif::TempsDepasse => "zéro, temps dépassé (billet (23))".to_string(),
                Motif::AutreZero { texte } => format!("zéro : {texte} (billet (28))"),
                Motif::AutreAvertissement { texte } => format!("avertissement : {texte} (billet (10), s'ajoute à la sanction du bulletin, 5.8)"),
                _ => continue,
            };
            v.push((b.decision.table, b.decision.coup, texte));
        }
    }
    v.sort_by_key(|&(t, c, _)| (c, t));
    v
}
