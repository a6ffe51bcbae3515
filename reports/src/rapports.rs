//! L'ensemble des rapports d'un dossier, et leur écriture dans un répertoire.

use crate::archive::archive_json;
use crate::billets::{billets, billets_du_double_arbitre, billets_html, Billet};
use crate::classement::{resultats_csv, resultats_html};
use crate::double_arbitrage::{comparer, rectifications_csv, Comparaison};
use crate::dossier::Dossier;
use crate::index::{index_html, Lien};
use crate::resultats::Resultats;
use crate::suivi::{lignes, suivi_csv, suivi_html, tirages_csv};
use crate::synthese::Synthese;
use crate::Erreur;
use std::path::Path;

/// Un fichier de rapport : son nom dans le répertoire de sortie et son contenu.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rapport {
    pub nom: String,
    pub contenu: String,
}

/// Tout ce qui se calcule d'un dossier, et les fichiers.
pub struct Rapports {
    pub resultats: Resultats,
    pub comparaison: Option<Comparaison>,
    pub billets: Vec<Billet>,
    pub synthese: Synthese,
    pub fichiers: Vec<Rapport>,
}

/// Les remarques de la feuille de suivi : solos, commission, moyennes, bulletins à
/// corriger à la main, bulletins non pointés par le premier arbitre.
fn remarques(d: &Dossier, r: &Resultats, c: Option<&Comparaison>) -> Vec<String> {
    let mut v: Vec<String> = r.solos().iter().map(|(coup, table, score)| format!("Solo : table {table}, coup {coup} ({score} points)")).collect();
    for b in d.bulletins.iter().filter(|b| b.decision.commission) {
        v.push(format!("Commission : table {}, coup {}", b.decision.table, b.decision.coup));
    }
    for m in &r.moyennes {
        let etat = if m.appliquee { "appliquée" } else { "à confirmer" };
        v.push(format!("Moyenne 5.9 {etat} : table {}, coup {} ({} points)", m.table, m.coup, m.score_propose));
    }
    for e in &d.erreurs {
        v.push(format!("Bulletin illisible {} : à corriger à la main", e.lieu()));
    }
    if let Some(c) = c {
        if !c.non_pointes.is_empty() {
            v.push(format!("{} bulletins sans ligne du premier arbitre", c.non_pointes.len()));
        }
        for p in &c.hors_partie {
            v.push(format!("Premier arbitre ligne {} : table {} coup {} hors de la partie", p.ligne, p.table, p.coup));
        }
    }
    v
}

/// Calcule tous les rapports d'un dossier (fonction pure : même dossier, mêmes octets).
pub fn generer_rapports(d: &Dossier) -> Rapports {
    let resultats = Resultats::calculer(d);
    let comparaison = d.premier_arbitre.as_ref().map(|p| comparer(p, &resultats));
    let c = comparaison.as_ref();
    let billets = billets(d, &resultats, c);
    let synthese = Synthese::calculer(d, &resultats, c, &billets);
    let suivi = lignes(d, &resultats, c);
    let decisions: String = d
        .bulletins
        .iter()
        .map(|b| &b.decision)
        .chain(&resultats.absents)
        .map(|dec| serde_json::to_string(dec).expect("décision sérialisable") + "\n")
        .collect();

    let mut fichiers = vec![
        ("resultats.html", resultats_html(d, &resultats), "les résultats : score par coup, avertissements, solos, total, rang"),
        ("resultats.csv", resultats_csv(d, &resultats), "les résultats pour un tableur"),
        match c {
            // 5.9 : le double arbitre ne transmet que ses rectifications et ses envois en
            // commission ; les autres billets sont l'affaire du premier arbitre.
            Some(_) => ("billets.html", billets_html(&d.titre, &billets_du_double_arbitre(&billets)), "les billets du double arbitre à distribuer : rectifications et envois en commission (trois par page A4)"),
            None => ("billets.html", billets_html(&d.titre, &billets), "les billets de correction à imprimer (trois par page A4)"),
        },
        ("suivi.html", suivi_html(d, &resultats, &suivi, &remarques(d, &resultats, c)), "la feuille de suivi du double arbitrage (A4 paysage)"),
        ("suivi.csv", suivi_csv(&suivi), "la feuille de suivi pour un tableur"),
        ("suivi-tirages.csv", tirages_csv(d), "tirages, mots retenus et places par coup"),
        ("decisions.jsonl", decisions, "une décision JSON par bulletin (absents compris)"),
    ];
    if c.is_some() {
        fichiers.insert(3, ("billets-manche.html", billets_html(&d.titre, &billets), "tous les billets des bulletins relus, ceux que le premier arbitre a déjà envoyés compris (pour qui les veut)"));
    }
    if let Some(c) = c {
        fichiers.push(("rectifications.csv", rectifications_csv(c), "les rectifications du double arbitrage"));
    }
    fichiers.push(("archive.json", archive_json(d, &resultats, c), "l'archive de la partie (ARCHIVE.md), relue par « arbitre rapports »"));
    let liens: Vec<Lien> = fichiers.iter().map(|(f, _, desc)| Lien { fichier: f, description: desc }).collect();
    let index = index_html(d, &synthese, &liens);
    let mut sortie = vec![Rapport { nom: "index.html".into(), contenu: index }];
    sortie.extend(fichiers.into_iter().map(|(f, contenu, _)| Rapport { nom: f.to_string(), contenu }));
    Rapports { resultats, comparaison, billets, synthese, fichiers: sortie }
}

/// Écrit les rapports dans `repertoire` (créé au besoin).
pub fn ecrire_rapports(repertoire: &Path, rapports: &[Rapport]) -> Result<(), Erreur> {
    let io = |chemin: &Path, source| Erreur::Io { chemin: chemin.display().to_string(), source };
    std::fs::create_dir_all(repertoire).map_err(|e| io(repertoire, e))?;
    for r in rapports {
        let chemin = repertoire.join(&r.nom);
        std::fs::write(&chemin, &r.contenu).map_err(|e| io(&chemin, e))?;
    }
    Ok(())
}
