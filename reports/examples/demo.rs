//! Une manche de démonstration construite à la main sur la partie `samples/rosace.partie`
//! (six tables, des décisions posées directement : mot non admis, joker, pénalité,
//! erreur de lettre, référence et sens inversés, avertissements cumulés, absence, double
//! arbitrage) ; écrit tous les rapports dans le répertoire donné, et le classement d'un
//! tournoi de deux parties dans `tournoi/`. Sert aux captures de `docs/` :
//!
//! ```text
//! cargo run -p arbitre-reports --example demo -- /tmp/demo
//! ```

use arbitre_engine::arbitrage::{Decision, Edition, Motif, Verdict};
use arbitre_engine::lecture::{lire_bulletin, Lecture};
use arbitre_engine::{Formule, Identite, Partie};
use arbitre_reports::billets::billets_html;
use arbitre_reports::double_arbitrage::lire_premier_arbitre;
use arbitre_reports::dossier::PartieResumee;
use arbitre_reports::tournoi::{tournoi_csv, tournoi_html, Tournoi};
use arbitre_reports::{ecrire_rapports, generer_rapports, BulletinCorrige, Dossier, Joueur, Rapport, Reglages};
use std::path::Path;

/// Une décision et le bulletin lu (format texte des lectures, sans l'en-tête).
struct Cas {
    table: u32,
    coup: u32,
    verdict: Verdict,
    score: u32,
    revendique: Option<u32>,
    motifs: Vec<Motif>,
    bulletin: &'static str,
}

fn main() {
    let sortie = std::env::args().nth(1).unwrap_or_else(|| "demo".into());
    let chemin = Path::new(env!("CARGO_MANIFEST_DIR")).join("../samples/rosace.partie");
    let partie = Partie::lire(&chemin, Formule::STANDARD).expect("partie d'exemple");
    let texte = std::fs::read_to_string(&chemin).unwrap();
    let resume = PartieResumee::depuis(&partie, "standard", texte);
    let mna = |m: &str| vec![Motif::MotNonAdmis { mots: vec![m.to_string()] }];
    let cas = vec![
        Cas { table: 2, coup: 3, verdict: Verdict::Avertissement, score: 83, revendique: Some(83), motifs: vec![Motif::Joker { lettre: 'R' }], bulletin: "ref: 8A\nscore: 83\n|DIVERTIr\n" },
        Cas { table: 3, coup: 5, verdict: Verdict::Zero, score: 0, revendique: Some(80), motifs: mna("PILOMEE"), bulletin: "ref: A8\nscore: 80\n|PILOMEE\n" },
        Cas { table: 4, coup: 8, verdict: Verdict::Penalite, score: 52, revendique: Some(57), motifs: vec![Motif::LocalisationPenalite], bulletin: "score: 57\n|SAMBA\n" },
        Cas { table: 5, coup: 10, verdict: Verdict::Zero, score: 0, revendique: Some(82), motifs: vec![Motif::ErreurLettre { lettres: "K".into() }], bulletin: "ref: E4\nscore: 82\n|SaUKRENU\n" },
        Cas { table: 1, coup: 12, verdict: Verdict::Zero, score: 0, revendique: Some(57), motifs: vec![Motif::ReferenceEtSensInverses { reference: "O 8".into() }], bulletin: "ref: O 8\nscore: 57\n|TELETYPE\n" },
        Cas { table: 6, coup: 2, verdict: Verdict::Avertissement, score: 54, revendique: None, motifs: vec![Motif::Score], bulletin: "ref: 13G\n|W\n|E\n|S\n|T\n|E\n|R\n|N\n" },
        Cas { table: 3, coup: 14, verdict: Verdict::Zero, score: 0, revendique: Some(33), motifs: vec![Motif::RaccordementFallacieux], bulletin: "score: 33\n|.L~O{OQ}K\n|#\n" },
    ];
    let mut bulletins = Vec::new();
    let mut decisions: Vec<Decision> = Vec::new();
    for c in &cas {
        decisions.push(Decision {
            table: c.table,
            coup: c.coup,
            verdict: c.verdict,
            score: c.score,
            score_revendique: c.revendique,
            motifs: c.motifs.clone(),
            commission: c.table == 3 && c.coup == 14,
            verifier_grille: false,
            solution: None,
        });
    }
    // Quatre avertissements (lettres de raccord) pour la table 4 : le 4e coûte 5 points.
    for coup in [1, 4, 6, 9] {
        let mut d = resume.coups[coup as usize - 1].au_top(4);
        d.verdict = Verdict::Avertissement;
        d.motifs = vec![Motif::LettresRaccord];
        decisions.push(d);
    }
    let textes: Vec<(u32, u32, &str)> = cas.iter().map(|c| (c.table, c.coup, c.bulletin)).collect();
    for table in 1..=6 {
        for coup in &resume.coups {
            if table == 6 && coup.numero == 22 {
                continue; // table 6 : pas de bulletin au dernier coup
            }
            let d = match decisions.iter().find(|d| d.table == table && d.coup == coup.numero) {
                Some(d) => d.clone(),
                None => coup.au_top(table),
            };
            let corps = textes
                .iter()
                .find(|t| t.0 == table && t.1 == coup.numero)
                .map(|t| t.2.to_string())
                .unwrap_or_else(|| format!("ref: {}\nscore: {}\n|{}\n", coup.reference, coup.score, coup.mot));
            let lecture: Lecture = lire_bulletin("demo.txt", &format!("bulletin table={table} coup={}\n{corps}", coup.numero)).expect("bulletin de démonstration");
            bulletins.push(BulletinCorrige { lecture, decision: d, verification: None });
        }
    }
    // Le premier arbitre : tout comme arbitre, sauf la table 2 au coup 3 (joker non vu)
    // et un avertissement donné à tort à la table 5 au coup 7.
    let mut premier = String::new();
    for b in &bulletins {
        let d = &b.decision;
        let (score, sanction) = match (d.table, d.coup) {
            (2, 3) => (83, ""),
            (5, 7) => (34, "avertissement"),
            _ => (d.score, match d.verdict {
                Verdict::Valide => "",
                Verdict::Avertissement => "A",
                Verdict::Penalite => "P",
                Verdict::Zero => "Z",
            }),
        };
        premier.push_str(&format!("{},{},{score},{sanction}\n", d.table, d.coup));
    }
    premier.push_str("6,22,0,zero\n");
    let mut dossier = Dossier {
        titre: "Démonstration — partie Rosace".into(),
        arbitre: Some("C. Correcteur".into()),
        partie: resume,
        lexique: Identite { nom: "démonstration".into(), mots: 0, empreinte: "0000000000000000".into(), defaut: false },
        admis_par_la_partie: Vec::new(),
        edition: Edition::E2020,
        reglages: Reglages::default(),
        joueurs: (1..=6).map(|t| Joueur { table: t, nom: Some(format!("Joueur {t}")), arrivee: None }).collect(),
        bulletins,
        erreurs: Vec::new(),
        premier_arbitre: Some(lire_premier_arbitre("premier.csv", &premier).unwrap()),
        rejets: Vec::new(),
        absences_a_verifier: Vec::new(),
        alertes_des_scans: Vec::new(),
    };
    dossier.normaliser();
    let r = generer_rapports(&dossier);
    ecrire_rapports(Path::new(&sortie), &r.fichiers).unwrap();
    // Pour la capture de docs/ : trois billets parlants sur une page.
    let choisis: Vec<_> = r.billets.iter().filter(|b| [(2, 3), (3, 14), (1, 12)].contains(&(b.table, b.coup))).cloned().collect();
    std::fs::write(Path::new(&sortie).join("billets-choisis.html"), billets_html(&dossier.titre, &choisis)).unwrap();
    print!("{}", r.synthese.texte());

    // Un tournoi de deux parties : la démonstration, puis une seconde partie sur la même
    // grille où la table 6 arrive au 3e coup (6.2), la table 1 est sanctionnée d'un zéro
    // libre (billet (28)) au coup 9 et la table 2 d'un temps dépassé au coup 20.
    let mut seconde = dossier.clone();
    seconde.titre = "Démonstration — partie Rosace bis".into();
    seconde.premier_arbitre = None;
    seconde.joueurs.iter_mut().find(|j| j.table == 6).unwrap().arrivee = Some(3);
    for b in &mut seconde.bulletins {
        let (table, coup) = (b.decision.table, b.decision.coup);
        if (table, coup) == (1, 9) || (table, coup) == (2, 20) {
            b.decision.verdict = Verdict::Zero;
            b.decision.score = 0;
            b.decision.motifs = vec![if table == 1 { Motif::AutreZero { texte: "collusion".into() } } else { Motif::TempsDepasse }];
        }
    }
    let t = Tournoi::classer("Tournoi de démonstration", &[("partie-1/archive.json".into(), dossier), ("partie-2/archive.json".into(), seconde)]).unwrap();
    let dir = Path::new(&sortie).join("tournoi");
    ecrire_rapports(&dir, &[Rapport { nom: "classement.html".into(), contenu: tournoi_html(&t) }, Rapport { nom: "classement.csv".into(), contenu: tournoi_csv(&t) }]).unwrap();
}
