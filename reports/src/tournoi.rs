//! Le classement général d'un tournoi : plusieurs parties, chacune lue de son archive
//! (`archive.json`), et pour chaque joueur le total de ses parties, le pourcentage de la
//! somme des tops, le rang (ex aequo : même rang), le score et le rang de chaque partie,
//! les avertissements et les solos. En HTML imprimable et en CSV.
//!
//! Un joueur est reconnu d'une partie à l'autre par son nom (fichier `--joueurs` de
//! chaque partie, sans égard à la casse ni aux espaces en trop), à défaut par son numéro
//! de table. Un joueur absent d'une partie y compte 0 point et la case le dit.

use crate::accords::compte;
use crate::classement::pourcentage;
use crate::dossier::Dossier;
use crate::html::{e, page, STYLE_ECRAN};
use crate::resultats::Resultats;
use crate::Erreur;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Une partie du tournoi.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PartieTournoi {
    pub titre: String,
    /// D'où vient la partie (le chemin de l'archive).
    pub archive: String,
    pub total_tops: u32,
    pub joueurs: usize,
    /// Bulletins non corrigés ou à vérifier, partie en cours, moyennes du 5.9 à confirmer :
    /// le classement de cette partie, donc le classement général, est provisoire.
    pub a_reprendre: Vec<String>,
}

/// Un joueur dans une partie.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ScorePartie {
    pub table: u32,
    pub total: i64,
    pub rang: u32,
    pub ex_aequo: bool,
    pub avertissements: u32,
    pub solos: usize,
    /// Ses bulletins encore à vérifier dans cette partie (lue par `arbitre run`) : son total
    /// n'y est que provisoire.
    #[serde(default)]
    pub a_verifier: usize,
}

/// Un joueur sur tout le tournoi.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LigneTournoi {
    /// Le nom, ou « table N » sans nom.
    pub joueur: String,
    /// Une case par partie, dans l'ordre des parties ; `None` : absent de la partie.
    pub parties: Vec<Option<ScorePartie>>,
    pub total: i64,
    /// Total en pourcentage de la somme des tops de toutes les parties.
    pub pourcentage: f64,
    pub rang: u32,
    pub ex_aequo: bool,
    pub avertissements: u32,
    pub solos: usize,
    /// Ses bulletins encore à vérifier, toutes parties : son total n'est que provisoire.
    #[serde(default)]
    pub a_verifier: usize,
}

/// Le classement général.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Tournoi {
    pub titre: String,
    pub parties: Vec<PartieTournoi>,
    pub total_tops: u32,
    /// Par rang, puis par nom.
    pub lignes: Vec<LigneTournoi>,
}

/// La clé d'un joueur : son nom sans casse ni espaces en trop, sinon sa table.
fn cle(nom: Option<&str>, table: u32) -> (String, String) {
    match nom.map(str::trim).filter(|n| !n.is_empty()) {
        Some(n) => (n.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase(), n.split_whitespace().collect::<Vec<_>>().join(" ")),
        None => (format!("\u{0}table {table:06}"), format!("table {table}")),
    }
}

impl Tournoi {
    /// Classe un tournoi : les parties (archive, dossier) dans l'ordre où elles ont été
    /// jouées. Erreur : aucune partie, la même partie deux fois, un nom porté par deux
    /// tables d'une même partie.
    pub fn classer(titre: &str, parties: &[(String, Dossier)]) -> Result<Tournoi, Erreur> {
        let err = |chemin: &str, message: String| Erreur::Archive(arbitre_engine::fichier::ErreurFichier::contenu(std::path::Path::new(chemin), message));
        if parties.is_empty() {
            return Err(err("tournoi", "aucune partie".into()));
        }
        let mut entetes = Vec::new();
        let mut joueurs: BTreeMap<String, (String, Vec<Option<ScorePartie>>)> = BTreeMap::new();
        for (i, (archive, d)) in parties.iter().enumerate() {
            if let Some((autre, _)) = parties[..i].iter().find(|(_, p)| p.partie.texte == d.partie.texte && p.titre == d.titre && p.bulletins == d.bulletins) {
                return Err(err(archive, format!("même partie que {autre} (« {} ») : donnée deux fois", d.titre)));
            }
            let r = Resultats::calculer(d);
            let mut a_reprendre = Vec::new();
            if !d.erreurs.is_empty() {
                a_reprendre.push(compte(d.erreurs.len(), "bulletin non corrigé", "bulletins non corrigés"));
            }
            // Des bulletins à vérifier (`arbitre run`) : les décisions de la machine n'y sont
            // que provisoires, et les totaux avec elles.
            let a_verifier = crate::verification::cases_a_verifier(d, &r);
            if !a_verifier.is_empty() {
                a_reprendre.push(compte(a_verifier.len(), "bulletin à vérifier", "bulletins à vérifier"));
            }
            // Une partie en cours (`run --jusqu-au-coup`) ne compte que ses premiers coups.
            a_reprendre.extend(d.partie.en_cours());
            let moyennes = r.moyennes.iter().filter(|m| !m.appliquee).count();
            if moyennes > 0 {
                a_reprendre.push(compte(moyennes, "moyenne du 5.9 à confirmer", "moyennes du 5.9 à confirmer"));
            }
            entetes.push(PartieTournoi { titre: d.titre.clone(), archive: archive.clone(), total_tops: r.total_tops, joueurs: r.tables.len(), a_reprendre });
            // Les parties déjà données qui ont les mêmes tirages : un joueur ne joue pas deux
            // fois la même partie ; son nom dans les deux, c'est la même partie dépouillée deux
            // fois (l'archive d'avant la revue et celle d'après, par exemple).
            let memes_tirages: Vec<usize> = (0..i).filter(|&j| parties[j].1.partie.texte == d.partie.texte).collect();
            let mut vus: BTreeMap<String, u32> = BTreeMap::new();
            for l in &r.tables {
                let (k, affiche) = cle(l.nom.as_deref(), l.table);
                if let Some(t) = vus.insert(k.clone(), l.table) {
                    let (a, b) = (t.min(l.table), t.max(l.table));
                    return Err(err(archive, format!("« {affiche} » à deux tables ({a} et {b}) : les joueurs ne se reconnaissent plus d'une partie à l'autre")));
                }
                let entree = joueurs.entry(k).or_insert_with(|| (affiche, vec![None; parties.len()]));
                if let Some(&j) = memes_tirages.iter().find(|&&j| l.nom.is_some() && entree.1[j].is_some()) {
                    let autre = &parties[j].0;
                    return Err(err(archive, format!("même partie (mêmes tirages) que {autre}, jouée aussi par « {} » : la même partie donnée deux fois ? (deux dépouillements d'une partie, avant et après la revue : ne donnez que le dernier)", entree.0)));
                }
                entree.1[i] = Some(ScorePartie {
                    table: l.table,
                    total: l.total,
                    rang: l.rang,
                    ex_aequo: l.ex_aequo,
                    avertissements: l.avertissements,
                    solos: l.solos.len(),
                    a_verifier: a_verifier.keys().filter(|&&(t, _)| t == l.table).count(),
                });
            }
        }
        let total_tops: u32 = entetes.iter().map(|p| p.total_tops).sum();
        let mut lignes: Vec<LigneTournoi> = joueurs
            .into_values()
            .map(|(joueur, parties)| {
                let jouees = || parties.iter().flatten();
                let total: i64 = jouees().map(|p| p.total).sum();
                LigneTournoi {
                    joueur,
                    total,
                    pourcentage: if total_tops == 0 { 0.0 } else { total as f64 * 100.0 / total_tops as f64 },
                    rang: 0,
                    ex_aequo: false,
                    avertissements: jouees().map(|p| p.avertissements).sum(),
                    a_verifier: jouees().map(|p| p.a_verifier).sum(),
                    solos: jouees().map(|p| p.solos).sum(),
                    parties,
                }
            })
            .collect();
        // Rang : total décroissant, les ex aequo au même rang (1, 2, 2, 4).
        let totaux: Vec<i64> = lignes.iter().map(|l| l.total).collect();
        for l in &mut lignes {
            l.rang = 1 + totaux.iter().filter(|&&t| t > l.total).count() as u32;
            l.ex_aequo = totaux.iter().filter(|&&t| t == l.total).count() > 1;
        }
        lignes.sort_by_key(|l| (l.rang, l.joueur.to_lowercase()));
        Ok(Tournoi { titre: titre.to_string(), parties: entetes, total_tops, lignes })
    }

    /// Des joueurs ont-ils des bulletins encore à vérifier ? Le classement a alors une
    /// colonne « À vérifier » (CSV et HTML).
    pub fn a_verifier(&self) -> bool {
        self.lignes.iter().any(|l| l.a_verifier > 0)
    }

    /// Le classement est-il provisoire (une partie a des bulletins à reprendre) ?
    pub fn provisoire(&self) -> bool {
        self.parties.iter().any(|p| !p.a_reprendre.is_empty())
    }
}

fn rang(r: u32, ex: bool) -> String {
    if ex {
        format!("{r} ex")
    } else {
        r.to_string()
    }
}

/// Le classement en CSV (`classement.csv`) : une colonne par donnée (documentées dans
/// `reports/README.md`).
pub fn tournoi_csv(t: &Tournoi) -> String {
    let mut w = crate::tableur::ecrivain();
    let mut entete: Vec<String> = ["Rang", "Ex aequo", "Joueur"].map(String::from).to_vec();
    for i in 1..=t.parties.len() {
        entete.extend([format!("Partie {i} points"), format!("Partie {i} rang"), format!("Partie {i} table")]);
    }
    entete.extend(["Total", "% des tops", "Avertissements", "Solos", "Parties jouées"].map(String::from));
    // Tant que des bulletins sont à vérifier, une dernière colonne les compte par joueur
    // (comme `resultats.csv` d'une manche lue sur des scans).
    let provisoire = t.a_verifier();
    if provisoire {
        entete.push(crate::classement::COLONNE_A_VERIFIER.to_string());
    }
    let _ = w.write_record(&entete);
    for l in &t.lignes {
        let mut champs = vec![l.rang.to_string(), if l.ex_aequo { "oui" } else { "non" }.to_string(), l.joueur.clone()];
        for p in &l.parties {
            match p {
                Some(p) => champs.extend([p.total.to_string(), p.rang.to_string(), p.table.to_string()]),
                None => champs.extend([String::new(), String::new(), String::new()]),
            }
        }
        champs.extend([
            l.total.to_string(),
            pourcentage(l.pourcentage),
            l.avertissements.to_string(),
            l.solos.to_string(),
            l.parties.iter().flatten().count().to_string(),
        ]);
        if provisoire {
            champs.push(l.a_verifier.to_string());
        }
        let _ = w.write_record(&champs);
    }
    crate::tableur::texte(w)
}

/// Le classement en HTML imprimable (`classement.html`).
pub fn tournoi_html(t: &Tournoi) -> String {
    let mut h = format!("<h1>Classement général — {}</h1>\n", e(&t.titre));
    h.push_str(&format!(
        "<p>{}, somme des tops {} ; {}.{}</p>\n",
        compte(t.parties.len(), "partie", "parties"),
        t.total_tops,
        compte(t.lignes.len(), "joueur", "joueurs"),
        if t.provisoire() { " <b class=\"alerte\">Classement provisoire : des parties ont des bulletins à reprendre (voir plus bas).</b>" } else { "" }
    ));
    h.push_str("<table class=\"donnees\">\n<tr><th>Rang</th><th class=\"g\">Joueur</th>");
    for (i, p) in t.parties.iter().enumerate() {
        h.push_str(&format!("<th title=\"{}\">Partie {}<br><span class=\"note\">{}</span></th>", e(&p.titre), i + 1, e(&p.titre)));
    }
    let provisoire = t.a_verifier();
    h.push_str(&format!("<th>Total</th><th>% tops</th><th>Av.</th><th>Solos</th>{}</tr>\n<tr><td></td><td class=\"g\">Top</td>", if provisoire { "<th>À vérifier</th>" } else { "" }));
    for p in &t.parties {
        h.push_str(&format!("<td>{}</td>", p.total_tops));
    }
    h.push_str(&format!("<td>{}</td><td>100,0</td><td></td><td></td>{}</tr>\n", t.total_tops, if provisoire { "<td></td>" } else { "" }));
    for l in &t.lignes {
        h.push_str(&format!("<tr><td>{}</td><td class=\"g\">{}</td>", rang(l.rang, l.ex_aequo), e(&l.joueur)));
        for p in &l.parties {
            match p {
                Some(p) => h.push_str(&format!("<td>{} <sup>{}</sup></td>", p.total, rang(p.rang, p.ex_aequo))),
                None => h.push_str("<td class=\"absent\">absent</td>"),
            }
        }
        let a_verifier = match (provisoire, l.a_verifier) {
            (false, _) => String::new(),
            (true, 0) => "<td></td>".to_string(),
            (true, n) => format!("<td class=\"alerte\">{n}</td>"),
        };
        h.push_str(&format!("<td><b>{}</b></td><td>{}</td><td>{}</td><td>{}</td>{a_verifier}</tr>\n", l.total, pourcentage(l.pourcentage), l.avertissements, l.solos));
    }
    h.push_str(&format!("</table>\n<p class=\"note\">Dans chaque partie : le total de la partie (avertissements au-delà des gratuits et bonifications de solo comprises) et, en exposant, le rang dans la partie (« ex » : ex aequo). Absent : 0 point. % tops : total sur la somme des tops de toutes les parties. Av. : avertissements de toutes les parties (5.9).{}</p>\n", if provisoire { " À vérifier : les bulletins du joueur qu'une personne doit encore relire (parties lues sur des scans) ; son total est provisoire." } else { "" }));
    h.push_str("<h2>Parties</h2>\n<ol>\n");
    for p in &t.parties {
        h.push_str(&format!(
            "<li>{} — somme des tops {}, {} ({}){}</li>\n",
            e(&p.titre),
            p.total_tops,
            compte(p.joueurs, "joueur", "joueurs"),
            e(&p.archive),
            if p.a_reprendre.is_empty() { String::new() } else { format!(" — <span class=\"alerte\">à reprendre : {}</span>", e(&p.a_reprendre.join(", "))) }
        ));
    }
    h.push_str("</ol>\n");
    let style = format!("{STYLE_ECRAN}\ntd.absent {{ color: #a00; font-style: italic; }}\n");
    page(&format!("Classement général — {}", t.titre), &style, &h)
}
