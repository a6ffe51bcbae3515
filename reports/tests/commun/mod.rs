//! Un dossier de manche construit à la main : des décisions posées directement, sans
//! passer par la correction (les rapports ne dépendent que des décisions).
#![allow(dead_code)]

use arbitre_engine::arbitrage::{Decision, Edition, Motif, SolutionRetenue, Verdict};
use arbitre_engine::lecture::{Cellule, Lecture};
use arbitre_engine::Identite;
use arbitre_reports::dossier::{CoupPartie, PartieResumee};
use arbitre_reports::{BulletinCorrige, Dossier, Reglages};

/// Un dossier de `tops.len()` coups : le top du coup `i` s'appelle `MOTi`, en `H{i}`.
pub fn dossier(tops: &[u32]) -> Dossier {
    let coups = tops
        .iter()
        .enumerate()
        .map(|(i, &score)| CoupPartie {
            numero: i as u32 + 1,
            tirage: "AEINRST".into(),
            mot: format!("MOT{}", i + 1),
            reference: format!("H{}", i + 1),
            score,
        })
        .collect();
    Dossier {
        titre: "Essai".into(),
        arbitre: Some("A. Arbitre".into()),
        partie: PartieResumee { fichier: "essai.partie".into(), formule: "standard".into(), texte: String::new(), coups, coups_du_fichier: None },
        lexique: Identite { nom: "essai".into(), mots: 3, empreinte: "0123456789abcdef".into(), defaut: false },
        admis_par_la_partie: Vec::new(),
        edition: Edition::E2020,
        reglages: Reglages::default(),
        joueurs: Vec::new(),
        bulletins: Vec::new(),
        erreurs: Vec::new(),
        premier_arbitre: None,
        rejets: Vec::new(),
        absences_a_verifier: Vec::new(),
        alertes_des_scans: Vec::new(),
    }
}

/// Une décision ; la solution est le top du coup quand `sur_le_top`, une autre sinon.
pub fn decision(table: u32, coup: u32, verdict: Verdict, score: u32, motifs: Vec<Motif>) -> Decision {
    Decision {
        table,
        coup,
        verdict,
        score,
        score_revendique: Some(score),
        motifs,
        commission: false,
        verifier_grille: false,
        solution: Some(SolutionRetenue { mot: format!("AUTRE{coup}"), reference: "A1".into(), score }),
    }
}

/// Valide au score donné.
pub fn valide(table: u32, coup: u32, score: u32) -> Decision {
    decision(table, coup, Verdict::Valide, score, vec![])
}

/// Avertissement (motif score) au score donné.
pub fn avert(table: u32, coup: u32, score: u32) -> Decision {
    decision(table, coup, Verdict::Avertissement, score, vec![Motif::LettresRaccord])
}

/// La lecture qui va avec : un mot écrit sur une rangée, une référence et un score.
pub fn lecture(d: &Decision) -> Lecture {
    let mut l = Lecture::nouvelle(d.table, d.coup);
    l.reference = Some("8 H".into());
    l.score = d.score_revendique.map(|s| s.to_string());
    l.rangees = vec!["RaCINE".chars().map(Cellule::lettre).collect()];
    l
}

pub fn ajouter(dossier: &mut Dossier, d: Decision) {
    dossier.bulletins.push(BulletinCorrige { lecture: lecture(&d), decision: d, verification: None });
}

/// Toutes les tables valides au top à tous les coups.
pub fn tous_au_top(dossier: &mut Dossier, tables: &[u32]) {
    let tops: Vec<(u32, u32)> = dossier.partie.coups.iter().map(|c| (c.numero, c.score)).collect();
    for &t in tables {
        for &(coup, score) in &tops {
            ajouter(dossier, valide(t, coup, score));
        }
    }
}

/// Remplace la décision d'une table à un coup.
pub fn remplacer(dossier: &mut Dossier, d: Decision) {
    dossier.bulletins.retain(|b| !(b.decision.table == d.table && b.decision.coup == d.coup));
    ajouter(dossier, d);
}
