//! Une manche lue sur des scans (`arbitre run`) : les champs de vérification de
//! `decisions.jsonl`, `rejets.jsonl`, la marque « provisoire » des résultats et la page de
//! revue.

mod commun;

use arbitre_engine::arbitrage::{Motif, Verdict};
use arbitre_reports::generer_rapports;
use arbitre_reports::verification::{AbsenceAVerifier, Doute, LectureConcurrente, Loupe, RejetImage, Verification};
use arbitre_reports::Dossier;
use commun::*;
use serde_json::Value;

/// Ce que la lecture d'un scan ajoute à un bulletin décidé automatiquement.
fn automatique(image: &str, confiance: f64) -> Verification {
    Verification {
        a_verifier: false,
        raisons: vec![],
        image: Some(image.into()),
        confiance,
        alternatives: vec![],
        corrigee_par_une_personne: false,
        table_deduite: None,
        doutes: vec![],
        places: vec![],
    }
}

/// Trois tables, deux coups lus sur des scans : (2, 1) est à vérifier (deux lectures
/// mènent à deux décisions), la table 3 n'a pas de bulletin au coup 1 mais une image du
/// coup 1 a été rejetée (table illisible), (3, 2) a été corrigée par une personne, (1, 2)
/// part en commission.
fn manche_scannee() -> Dossier {
    let mut d = dossier(&[30, 40]);
    tous_au_top(&mut d, &[1, 2, 3]);
    d.bulletins.retain(|b| (b.decision.table, b.decision.coup) != (3, 1));
    remplacer(&mut d, decision(2, 1, Verdict::Avertissement, 30, vec![Motif::Score]));
    let mut commission = decision(1, 2, Verdict::Zero, 0, vec![Motif::RaccordementFallacieux]);
    commission.commission = true;
    remplacer(&mut d, commission);
    d.normaliser();
    for b in &mut d.bulletins {
        let (t, c) = (b.decision.table, b.decision.coup);
        let mut v = automatique(&format!("coup-{c:02}/scan-{t:03}.jpg"), 0.998);
        if (t, c) == (2, 1) {
            v.a_verifier = true;
            v.confiance = 0.62;
            v.raisons = vec!["case douteuse : une autre lecture donne une autre décision".into()];
            v.alternatives = vec![LectureConcurrente { texte: "bulletin table=2 coup=1\nref: 8 H\nscore: 30\n|RaCHNE\n".into(), p: 0.38, verdict: Verdict::Zero, score: 0 }];
            v.doutes = vec![Doute { element: "case".into(), position: Some([0, 3]), lectures: vec![("I".into(), 0.62), ("H".into(), 0.38)], loupe: Some(Loupe { x_mm: 19.3, y_mm: 19.3, largeur_mm: 9.9, hauteur_mm: 9.9, feuille_mm: [137.0, 127.0] }) }];
        }
        if (t, c) == (3, 2) {
            v.corrigee_par_une_personne = true;
            v.confiance = 1.0;
        }
        b.verification = Some(v);
    }
    d.rejets = vec![RejetImage {
        image: "coup-01/scan-009.jpg".into(),
        coup: Some(1),
        raison: "table_illisible".into(),
        message: "le numéro de table ne se lit pas".into(),
        lecture: None,
    }];
    // Le dépouillement (arbitre-manche) déclare douteux le zéro de la table 3 au coup 1.
    d.absences_a_verifier = vec![AbsenceAVerifier {
        table: 3,
        coup: 1,
        raisons: vec!["bulletin manquant alors que 1 image(s) du coup ont été rejetées (coup-01/scan-009.jpg) : il est peut-être parmi elles".into()],
    }];
    d
}

fn fichier(d: &Dossier, nom: &str) -> Option<String> {
    generer_rapports(d).fichiers.into_iter().find(|f| f.nom == nom).map(|f| f.contenu)
}

fn lignes_json(texte: &str) -> Vec<Value> {
    texte.lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

fn ligne(v: &[Value], table: u64, coup: u64) -> &Value {
    v.iter().find(|l| l["table"] == table && l["coup"] == coup).unwrap_or_else(|| panic!("pas de ligne table {table} coup {coup}"))
}

#[test]
fn decisions_jsonl_dit_pour_chaque_table_et_chaque_coup_ce_que_la_machine_en_sait() {
    let v = lignes_json(&fichier(&manche_scannee(), "decisions.jsonl").unwrap());
    assert_eq!(v.len(), 6, "trois tables, deux coups, l'absence comprise");
    for l in &v {
        for champ in ["a_verifier", "raisons", "image", "confiance", "alternatives", "corrigee_par_une_personne"] {
            assert!(l.get(champ).is_some(), "{champ} manque : {l}");
        }
    }
    let auto = ligne(&v, 1, 1);
    assert_eq!((auto["a_verifier"].as_bool(), auto["image"].as_str(), auto["confiance"].as_f64()), (Some(false), Some("coup-01/scan-001.jpg"), Some(0.998)));
    assert_eq!(auto["raisons"], serde_json::json!([]));
    let douteux = ligne(&v, 2, 1);
    assert_eq!(douteux["a_verifier"], true);
    assert_eq!(douteux["verdict"], "avertissement", "la décision provisoire est celle de la lecture la plus probable");
    assert!(douteux["raisons"][0].as_str().unwrap().contains("autre décision"));
    assert_eq!((douteux["alternatives"][0]["verdict"].as_str(), douteux["alternatives"][0]["score"].as_u64()), (Some("zero"), Some(0)));
    // La table 3 n'a pas de bulletin au coup 1, mais une image du coup a été rejetée :
    // son zéro « absent » (5.7) n'est pas automatique.
    let absent = ligne(&v, 3, 1);
    assert_eq!((absent["verdict"].as_str(), absent["motifs"][0].as_str()), (Some("zero"), Some("absent")));
    assert_eq!(absent["a_verifier"], true);
    assert!(absent["raisons"][0].as_str().unwrap().contains("coup-01/scan-009.jpg"), "{absent}");
    assert!(absent["image"].is_null() && absent["confiance"].is_null());
    assert_eq!(ligne(&v, 3, 2)["corrigee_par_une_personne"], true);
    assert_eq!(ligne(&v, 3, 2)["a_verifier"], false);
}

#[test]
fn un_numero_de_table_confirme_par_les_autres_bulletins_du_coup_est_dit_dans_decisions_jsonl() {
    let mut d = manche_scannee();
    let comment = "numéro de table lu 1 à 97.0 %, sûr à 99.8 % sachant les autres bulletins du coup : ses autres lectures nomment des tables qui ont déjà rendu leur bulletin à ce coup, lu sans doute (7 : coup-01/scan-002.jpg)";
    let b = d.bulletins.iter_mut().find(|b| (b.decision.table, b.decision.coup) == (1, 1)).expect("(1, 1)");
    b.verification.as_mut().expect("lu sur un scan").table_deduite = Some(comment.into());
    let v = lignes_json(&fichier(&d, "decisions.jsonl").unwrap());
    assert_eq!(ligne(&v, 1, 1)["table_deduite"], comment);
    assert_eq!(ligne(&v, 1, 1)["a_verifier"], false);
    assert!(ligne(&v, 2, 1).get("table_deduite").is_none(), "absent quand rien n'est déduit");
}

#[test]
fn une_absence_que_le_depouillement_n_a_pas_declaree_douteuse_est_un_zero_automatique() {
    let mut d = manche_scannee();
    d.absences_a_verifier.clear();
    let v = lignes_json(&fichier(&d, "decisions.jsonl").unwrap());
    assert_eq!(ligne(&v, 3, 1)["a_verifier"], false);
    assert_eq!(ligne(&v, 3, 1)["motifs"][0], "absent");
}

#[test]
fn rejets_jsonl_liste_chaque_image_rejetee_avec_sa_raison() {
    let d = manche_scannee();
    let v = lignes_json(&fichier(&d, "rejets.jsonl").unwrap());
    assert_eq!(v, vec![serde_json::json!({"image": "coup-01/scan-009.jpg", "coup": 1, "raison": "table_illisible", "message": "le numéro de table ne se lit pas"})]);
    // Une manche lue sur des scans sans rejet a quand même son rejets.jsonl (vide).
    let mut sans = d.clone();
    sans.rejets.clear();
    assert_eq!(fichier(&sans, "rejets.jsonl").as_deref(), Some(""));
}

#[test]
fn des_lectures_tapees_gardent_leurs_decisions_sans_champs_de_verification() {
    let mut d = manche_scannee();
    d.rejets.clear();
    d.absences_a_verifier.clear();
    for b in &mut d.bulletins {
        b.verification = None;
    }
    assert!(fichier(&d, "rejets.jsonl").is_none());
    assert!(fichier(&d, "revue.html").is_none());
    let texte = fichier(&d, "decisions.jsonl").unwrap();
    let v = lignes_json(&texte);
    assert_eq!(v.len(), 6);
    assert!(v.iter().all(|l| l.get("a_verifier").is_none() && l.get("image").is_none()), "{texte}");
    // Exactement la décision du moteur, comme `arbitre grade`.
    let premiere = serde_json::to_string(&d.bulletins[0].decision).unwrap();
    assert_eq!(texte.lines().next(), Some(premiere.as_str()));
}

#[test]
fn tant_que_des_bulletins_sont_a_verifier_les_resultats_sont_provisoires() {
    let d = manche_scannee();
    let r = generer_rapports(&d);
    let marque = "RÉSULTATS PROVISOIRES : 2 bulletins à vérifier par une personne (revue.html)";
    assert!(r.synthese.texte().starts_with(marque), "le bilan du terminal commence par la marque : {}", r.synthese.texte());
    for page in ["resultats.html", "index.html"] {
        let h = fichier(&d, page).unwrap();
        assert!(h.contains(marque) && h.contains("<a href=\"revue.html\">"), "{page} : {h}");
    }
    // Les cases à vérifier sont marquées dans le tableau des résultats.
    let h = fichier(&d, "resultats.html").unwrap();
    assert_eq!(h.matches("vér</sup>").count(), 2, "{h}");
    // resultats.csv : la dernière colonne compte les bulletins à vérifier de chaque table.
    let csv = fichier(&d, "resultats.csv").unwrap();
    let mut lignes = csv.lines();
    assert!(lignes.next().unwrap().ends_with(";Non revus;À vérifier"));
    let par_table: Vec<(String, String)> = lignes
        .map(|l| {
            let c: Vec<&str> = l.split(';').collect();
            (c[2].to_string(), c[c.len() - 1].to_string())
        })
        .collect();
    for (table, n) in [("1", "0"), ("2", "1"), ("3", "1")] {
        assert!(par_table.contains(&(table.to_string(), n.to_string())), "table {table} : {n} à vérifier attendu ; {csv}");
    }
}

/// Une image du coup 1 rejetée qui s'est lue.
fn rejet_lu(image: &str, raison: &str, message: &str, lecture: &str) -> RejetImage {
    RejetImage { image: image.into(), coup: Some(1), raison: raison.into(), message: message.into(), lecture: Some(lecture.into()) }
}

#[test]
fn une_image_rejetee_qui_s_est_lue_est_montree_avec_sa_lecture_a_attribuer() {
    let mut d = manche_scannee();
    d.rejets.push(rejet_lu("coup-01/scan<87>.jpg", "table_inconnue", "table lue « 87 », inconnue de la manche", "bulletin table=87 coup=1\nscore: 30\n|RACHINE\n"));
    d.normaliser();
    let k = d.rejets.iter().position(|r| r.lecture.is_some()).unwrap();
    assert_eq!(arbitre_reports::verification::extrait_du_rejet(k), "revue/rejet002.jpg", "rangée par chemin, après scan-009");
    let h = fichier(&d, "revue.html").unwrap();
    // Le tableau renvoie à l'article ; l'article montre l'extrait, la raison et la lecture
    // modifiable, sans table (la personne la lira), et un filtre le retrouve.
    assert!(h.contains("<a href=\"#rejet002\">coup-01/scan&lt;87&gt;.jpg</a>"), "{h}");
    let article = &h[h.find("<article class=\"bulletin rejet attention\" id=\"rejet002\"").expect("l'article de l'image rejetée")..];
    let article = &article[..article.find("</article>").unwrap()];
    assert!(article.contains("data-coup=\"1\" data-table=\"\"") && article.contains("<img src=\"revue/rejet002.jpg\""), "{article}");
    assert!(article.contains("table lue « 87 », inconnue de la manche") && article.contains(">bulletin table=87 coup=1\nscore: 30\n|RACHINE\n</textarea>"), "{article}");
    assert!(h.contains("<option value=\"rejet\">images rejetées lues, à attribuer</option>"));
    // La lecture est aussi dans rejets.jsonl ; une image qui ne s'est pas lue n'en a pas.
    let rejets = lignes_json(&fichier(&d, "rejets.jsonl").unwrap());
    assert_eq!(rejets[1]["lecture"], "bulletin table=87 coup=1\nscore: 30\n|RACHINE\n");
    assert!(rejets[0].get("lecture").is_none());
}

#[test]
fn une_copie_d_un_bulletin_retenu_n_a_rien_a_corriger() {
    let mut d = manche_scannee();
    d.rejets.push(rejet_lu("coup-01/scan-001-bis.jpg", arbitre_reports::verification::DOUBLON, "copie de coup-01/scan-001.jpg (table 1, coup 1)", "bulletin table=1 coup=1\nscore: 30\n|RACINE\n"));
    d.rejets.push(rejet_lu("coup-01/scan-002-bis.jpg", arbitre_reports::verification::TABLE_EN_DOUBLE, "deuxième bulletin pour la table 2 au coup 1", "bulletin table=2 coup=1\nscore: 12\n|RACE\n"));
    d.normaliser();
    let h = fichier(&d, "revue.html").unwrap();
    let article = |image: &str| {
        let k = d.rejets.iter().position(|r| r.image == image).unwrap();
        let debut = h.find(&format!("id=\"rejet{:03}\"", k + 1)).unwrap();
        let debut = h[..debut].rfind("<article").unwrap();
        h[debut..debut + h[debut..].find("</article>").unwrap()].to_string()
    };
    // La copie : ni bordure d'attention, ni numéro à corriger ; sa raison en français.
    let copie = article("coup-01/scan-001-bis.jpg");
    assert!(copie.starts_with("<article class=\"bulletin rejet\" ") && copie.contains("copie d'un bulletin retenu : rien à corriger"), "{copie}");
    assert!(copie.contains("<span class=\"etiquette rejet\">doublon</span>"), "{copie}");
    // Un second bulletin qui n'est pas une copie : à attribuer.
    let second = article("coup-01/scan-002-bis.jpg");
    assert!(second.starts_with("<article class=\"bulletin rejet attention\" ") && second.contains("(corrigez le numéro de table)"), "{second}");
    assert!(second.contains("<span class=\"etiquette rejet\">second bulletin d&#39;une table</span>"), "{second}");
}

#[test]
fn un_billet_dont_la_decision_est_a_verifier_est_marque_provisoire() {
    let d = manche_scannee();
    let r = generer_rapports(&d);
    // (2, 1) à vérifier (avertissement) et l'absence douteuse de la table 3 au coup 1 ont un
    // billet provisoire ; le zéro en commission de (1, 2), décidé, un billet ordinaire.
    let provisoires: Vec<(u32, u32)> = r.billets.iter().filter(|b| b.provisoire).map(|b| (b.table, b.coup)).collect();
    assert_eq!(provisoires, vec![(2, 1), (3, 1)]);
    assert!(r.billets.iter().any(|b| (b.table, b.coup) == (1, 2) && !b.provisoire));
    let h = fichier(&d, "billets.html").unwrap();
    // Le tampon est imprimé sur chaque billet provisoire, le bandeau n'est qu'à l'écran.
    let billet = |t: u32, c: u32| {
        let debut = h.find(&format!("data-table=\"{t}\" data-coup=\"{c}\"")).unwrap();
        &h[debut..debut + h[debut..].find("</section>").unwrap()]
    };
    assert!(billet(2, 1).contains("class=\"tampon\">PROVISOIRE") && billet(3, 1).contains("class=\"tampon\""));
    assert!(!billet(1, 2).contains("tampon"));
    assert!(h.contains("<p class=\"provisoire ecran\">BILLETS PROVISOIRES : 2 billets reposent sur une décision à vérifier") && h.contains("@media print { .ecran { display: none; } }"), "{h}");
    assert!(r.synthese.texte().contains("billets de correction dont 2 provisoires (décision à vérifier)"), "{}", r.synthese.texte());
    // La feuille de suivi imprimée le dit dans ses remarques.
    assert!(fichier(&d, "suivi.html").unwrap().contains("<li>RÉSULTATS PROVISOIRES : 2 bulletins à vérifier"));
}

#[test]
fn sans_bulletin_a_verifier_les_resultats_ne_sont_pas_provisoires() {
    let mut d = manche_scannee();
    d.rejets.clear();
    d.absences_a_verifier.clear();
    for b in &mut d.bulletins {
        b.verification.as_mut().unwrap().a_verifier = false;
    }
    let r = generer_rapports(&d);
    assert!(r.synthese.provisoire().is_none());
    for page in ["resultats.html", "index.html"] {
        assert!(!fichier(&d, page).unwrap().contains("PROVISOIRES"), "{page}");
    }
    assert!(fichier(&d, "resultats.csv").unwrap().lines().skip(1).all(|l| l.ends_with(";0")));
    assert!(r.billets.iter().all(|b| !b.provisoire));
    for page in ["billets.html", "suivi.html"] {
        assert!(!fichier(&d, page).unwrap().contains("PROVISOIRE"), "{page}");
    }
    // Des lectures tapées : ni marque ni colonne.
    for b in &mut d.bulletins {
        b.verification = None;
    }
    assert!(fichier(&d, "resultats.csv").unwrap().lines().next().unwrap().ends_with(";Non revus"));
}

/// Les identifiants des bulletins de la page, dans l'ordre.
fn ordre(html: &str) -> Vec<String> {
    html.split("<article class=\"bulletin").skip(1).map(|a| a.split("id=\"").nth(1).unwrap().split('"').next().unwrap().to_string()).collect()
}

/// Le bloc d'un bulletin dans la page.
fn article<'a>(html: &'a str, id: &str) -> &'a str {
    let debut = html.find(&format!("id=\"{id}\"")).unwrap_or_else(|| panic!("{id} absent"));
    &html[debut..debut + html[debut..].find("</article>").unwrap()]
}

#[test]
fn la_revue_montre_d_abord_les_bulletins_a_regarder() {
    let h = fichier(&manche_scannee(), "revue.html").expect("revue.html pour une manche lue sur des scans");
    // En commission, puis à vérifier (bulletin douteux, absence d'un coup à image
    // rejetée), puis les autres, par coup et par table.
    assert_eq!(ordre(&h), ["c2-t1", "c1-t2", "c1-t3", "c1-t1", "c2-t2", "c2-t3"]);
    assert!(h.contains("<h2>À regarder (3)</h2>") && h.contains("<h2>Les autres bulletins (3)</h2>"));
    assert!(h.contains("RÉSULTATS PROVISOIRES : 2 bulletins à vérifier"));
    let commission = article(&h, "c2-t1");
    assert!(commission.contains("data-etats=\"commission zero\"") && commission.contains("data-motifs=\"raccordement_fallacieux\""), "{commission}");
    // Le motif, sa case du billet et ses articles.
    assert!(commission.contains("raccordement fallacieux <span class=\"article\">billet (19) · art. 5.3.3, 5.7</span>"), "{commission}");
}

#[test]
fn chaque_bulletin_a_regarder_montre_son_scan_ses_doutes_sa_decision_et_sa_lecture_a_corriger() {
    let h = fichier(&manche_scannee(), "revue.html").unwrap();
    let douteux = article(&h, "c1-t2");
    assert!(douteux.contains("<img src=\"revue/coup01-table002.jpg\""), "l'extrait du scan écrit à côté de la page");
    assert!(douteux.contains("<figcaption>coup-01/scan-002.jpg</figcaption>"));
    // La case douteuse (rangée 1, colonne 4 : le I de RaCINE, ou un H) et ses lectures.
    assert!(douteux.contains("<td class=\"lettre douteuse\" title=\"rangée 1, colonne 4 : « I » 62,0 %, « H » 38,0 %\">I</td>"), "{douteux}");
    assert!(douteux.contains("case rangée 1, colonne 4 : « I » 62,0 %, « H » 38,0 %"), "{douteux}");
    // Son encre agrandie : l'extrait du scan (la feuille redressée, 137 × 127 mm) en fond d'un
    // cadre de 9,9 mm à 8 pixels par mm, décalé de 19,3 mm pour que la case y tombe.
    assert!(
        douteux.contains("<li><span class=\"loupe\" role=\"img\" aria-label=\"case rangée 1, colonne 4 : l'encre agrandie\" style=\"width:79px;height:79px;background-image:url('revue/coup01-table002.jpg');background-size:1096.0px 1016.0px;background-position:-154.4px -154.4px\"></span><span>case rangée 1, colonne 4 :"),
        "{douteux}"
    );
    // La décision provisoire, pourquoi, la lecture concurrente et sa décision.
    assert!(douteux.contains("À vérifier, décision provisoire") && douteux.contains("une autre lecture donne une autre décision"));
    assert!(douteux.contains("<td>38,0 %</td><td>zéro · 0 point</td>"), "{douteux}");
    assert!(douteux.contains("data-texte=\"bulletin table=2 coup=1\nscan: coup-01/scan-002.jpg\nref: 8 H\nscore: 30\n|RaCHNE\n\">Prendre cette lecture <kbd>1</kbd></button>"), "{douteux}");
    // La lecture au format des corrections, dans un champ modifiable ; elle nomme son scan,
    // qui la suivra si la personne la donne à une autre table.
    assert!(douteux.contains("<textarea id=\"texte-c1-t2\" class=\"texte-lecture\" rows=\"6\" spellcheck=\"false\">bulletin table=2 coup=1\nscan: coup-01/scan-002.jpg\nref: 8 H\nscore: 30\n|RaCINE\n</textarea>"), "{douteux}");
    assert!(douteux.contains("<label for=\"texte-c1-t2\">"), "le champ a son étiquette");
    // L'absence : pas de scan, la raison (l'image rejetée), la lecture « absent » à corriger.
    let absent = article(&h, "c1-t3");
    assert!(!absent.contains("<img") && absent.contains("coup-01/scan-009.jpg"), "{absent}");
    assert!(absent.contains(">bulletin table=3 coup=1\nabsent\n</textarea>"), "{absent}");
    // Une lecture corrigée par une personne reste dans le fichier de corrections.
    let corrigee = article(&h, "c2-t3");
    assert!(corrigee.contains("Corrigé par une personne") && corrigee.contains("id=\"inclure-c2-t3\" checked"), "{corrigee}");
    assert!(!article(&h, "c1-t1").contains(" checked"));
    // Les images rejetées, leur raison dite en français.
    assert!(h.contains("<td class=\"g\">coup-01/scan-009.jpg</td><td>1</td><td>numéro de table illisible</td>"));
}

#[test]
fn la_revue_a_ses_filtres_et_son_script_dans_la_page() {
    let h = fichier(&manche_scannee(), "revue.html").unwrap();
    for (id, libelle) in [("filtre-coup", "Coup"), ("filtre-table", "Table"), ("filtre-motif", "Motif"), ("filtre-etat", "Bulletins")] {
        assert!(h.contains(&format!("<label for=\"{id}\">{libelle}</label>")), "{id}");
    }
    assert!(h.contains("<option value=\"2\">coup 2</option>"));
    for motif in ["absent", "raccordement_fallacieux", "score"] {
        assert!(h.contains(&format!("<option value=\"{motif}\">")), "{motif}");
    }
    assert!(h.contains("<option value=\"a-verifier\">à vérifier</option>"));
    assert!(h.contains("id=\"enregistrer\"") && h.contains("a.download = \"corrections.txt\""));
    // Rien d'extérieur : ni feuille de style, ni script, ni image hors de revue/.
    assert!(!h.contains("<link") && !h.contains("<script src") && !h.contains("http://") && !h.contains("https://"));
    assert!(h.split("<img src=\"").skip(1).all(|s| s.starts_with("revue/")));
}

#[test]
fn la_revue_echappe_tout_ce_qui_vient_des_entrees() {
    let mut d = manche_scannee();
    d.titre = "Open \"<b>\" & cie".into();
    d.joueurs = vec![arbitre_reports::Joueur { table: 1, nom: Some("<script>alert(1)</script>".into()), arrivee: None }];
    let b = d.bulletins.iter_mut().find(|b| (b.decision.table, b.decision.coup) == (2, 1)).unwrap();
    b.lecture.reference = Some("</textarea><img src=x onerror=alert(2)>".into());
    let v = b.verification.as_mut().unwrap();
    v.raisons.push("<i>raison</i>".into());
    v.image = Some("coup-01/\"><script>alert(3)</script>.jpg".into());
    v.alternatives[0].texte = "\"><script>alert(4)</script>".into();
    d.rejets[0].message = "<script>alert(5)</script>".into();
    let h = fichier(&d, "revue.html").unwrap();
    assert!(!h.contains("<script>alert") && !h.contains("<img src=x") && !h.contains("<i>raison") && !h.contains("<b>\""), "{h}");
    assert!(h.contains("&lt;script&gt;alert(1)&lt;/script&gt;") && h.contains("&lt;/textarea&gt;&lt;img src=x onerror=alert(2)&gt;"));
    assert!(h.contains("data-titre=\"Open &quot;&lt;b&gt;&quot; &amp; cie\""));
    assert_eq!(h.matches("<script>").count(), 1, "le seul script est celui de la page");
}

#[test]
fn l_archive_d_une_manche_lue_sur_des_scans_redonne_ses_rapports_octet_pour_octet() {
    let mut d = manche_scannee();
    d.bulletins[0].verification.as_mut().unwrap().places = vec![arbitre_engine::arbitrage::PlaceExaminee {
        solution: arbitre_engine::arbitrage::SolutionRetenue { mot: "RACINE".into(), reference: "8H".into(), score: 30 },
        verdict: Verdict::Valide,
        motifs: vec![],
        commission: false,
    }];
    let r = generer_rapports(&d);
    let archive = &r.fichiers.iter().find(|f| f.nom == "archive.json").unwrap().contenu;
    let relu = arbitre_reports::archive::lire_archive("archive.json", archive).unwrap();
    assert_eq!(relu, d);
    assert_eq!(generer_rapports(&relu).fichiers, r.fichiers);
    let noms: Vec<&str> = r.fichiers.iter().map(|f| f.nom.as_str()).collect();
    // Les lectures de la machine ne sont écrites que par `arbitre run`, pas d'après l'archive.
    for nom in arbitre_reports::rapports::NOMS_LUS_SUR_SCANS.into_iter().filter(|&n| n != arbitre_reports::rapports::LECTURES_MACHINE) {
        assert!(noms.contains(&nom), "{nom}");
    }
    // La page de revue est liée depuis l'index.
    assert!(r.fichiers[0].contenu.contains("<a href=\"revue.html\">revue.html</a>"));
}

#[test]
fn la_revue_montre_les_places_examinees_et_celle_retenue() {
    use arbitre_engine::arbitrage::{PlaceExaminee, SolutionRetenue};
    let mut d = manche_scannee();
    let b = d.bulletins.iter_mut().find(|b| (b.decision.table, b.decision.coup) == (2, 1)).unwrap();
    let retenue = b.decision.solution.clone().unwrap();
    let autre = SolutionRetenue { mot: "RACINE".into(), reference: "8H".into(), score: 25 };
    b.verification.as_mut().unwrap().places = vec![
        PlaceExaminee { solution: autre, verdict: Verdict::Penalite, motifs: vec![Motif::LocalisationPenalite], commission: false },
        PlaceExaminee { solution: retenue.clone(), verdict: Verdict::Avertissement, motifs: vec![Motif::Score], commission: false },
    ];
    let h = fichier(&d, "revue.html").unwrap();
    let a = article(&h, "c1-t2");
    assert!(a.contains("<caption>Places examinées</caption>"));
    assert!(a.contains("<tr><td>RACINE</td><td>8H</td><td>25</td><td>pénalité</td><td>localisation (−5)</td></tr>"), "{a}");
    assert!(a.contains(&format!("<tr class=\"retenue\" title=\"solution retenue\"><td>{}</td><td>{}</td><td>30</td><td>avertissement (retenue)</td>", retenue.mot, retenue.reference)), "{a}");
}

#[test]
fn une_decision_automatique_malgre_des_lectures_qui_paieraient_moins_dit_pourquoi() {
    // La table 1 au coup 1, décidée seule (valide, 30 points), avec une lecture concurrente
    // à 30 % qui la mettrait à zéro : la page dit pourquoi personne n'a eu à la voir.
    let note = "décidé sans personne : les lectures concurrentes paieraient moins le joueur";
    let mut d = manche_scannee();
    let v = d.bulletins.iter_mut().find(|b| (b.decision.table, b.decision.coup) == (1, 1)).unwrap().verification.as_mut().unwrap();
    v.confiance = 0.7;
    v.alternatives = vec![LectureConcurrente { texte: "ref: 8 H ; score: 30 ; |RICHNE".into(), p: 0.3, verdict: Verdict::Zero, score: 0 }];
    let h = fichier(&d, "revue.html").unwrap();
    assert!(article(&h, "c1-t1").contains(note), "{}", article(&h, "c1-t1"));
    // Pas pour un bulletin à vérifier, ni quand une concurrente paierait davantage.
    assert!(!article(&h, "c1-t2").contains(note));
    let v = d.bulletins.iter_mut().find(|b| (b.decision.table, b.decision.coup) == (1, 1)).unwrap().verification.as_mut().unwrap();
    v.alternatives[0].verdict = Verdict::Valide;
    v.alternatives[0].score = 35;
    assert!(!article(&fichier(&d, "revue.html").unwrap(), "c1-t1").contains(note));
}
