//! La page de revue (`revue.html`) dans un vrai navigateur : chromium sans tête la charge
//! depuis le dossier de sortie, sans erreur de script ; ses scripts ont tourné (filtres,
//! compte, aperçu du fichier de corrections) et les bulletins à regarder sont en tête.
//!
//! La manche : celle de l'exemple (`samples/manche-exemple`), corrigée par `arbitre
//! corriger`, puis habillée à la main de ce que la lecture des scans y ajoute (l'image de
//! chaque bulletin, deux bulletins à vérifier avec leurs doutes et leurs lectures
//! concurrentes, une lecture corrigée par une personne, une image rejetée qui rend une
//! absence douteuse) ; les extraits sont les scans de l'exemple. Et `arbitre rapports` la
//! refait de son archive.

mod commun;

use arbitre_reports::archive::lire_archive;
use arbitre_formulaire::{Formulaire, Role};
use arbitre_reports::verification::{AbsenceAVerifier, Doute, LectureConcurrente, Loupe, RejetImage, Verification};
use arbitre_reports::{ecrire_rapports_et_extraits, generer_rapports, Dossier, Extrait};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;

fn exemple() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/manche-exemple")
}

/// L'image de chaque (coup, table) de l'exemple, d'après la vérité terrain à côté des scans.
fn images() -> HashMap<(u32, u32), String> {
    let mut v = HashMap::new();
    for coup in 1..=3u32 {
        let dossier = exemple().join(format!("coup-{coup:02}"));
        for f in std::fs::read_dir(&dossier).unwrap() {
            let p = f.unwrap().path();
            if p.extension().is_some_and(|x| x == "json") {
                let j: serde_json::Value = serde_json::from_slice(&std::fs::read(&p).unwrap()).unwrap();
                // Une image sans lecture (pas un bulletin) n'a pas de table.
                if let (Some(table), Some(image)) = (j["lecture"]["table"].as_u64(), j["image"].as_str()) {
                    v.insert((coup, table as u32), format!("coup-{coup:02}/{image}"));
                }
            }
        }
    }
    v
}

/// La manche de l'exemple, corrigée, comme si elle avait été lue sur ses scans.
fn manche_lue(d: &Path) -> Dossier {
    let sortie = d.join("corrige");
    let o = Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .arg("corriger")
        .arg("--partie")
        .arg(exemple().join("partie.partie"))
        .arg("--bulletins")
        .arg(exemple().join("bulletins.txt"))
        .arg("--joueurs")
        .arg(exemple().join("joueurs.csv"))
        .arg("--titre")
        .arg("Manche d'exemple <lue sur scans>")
        .arg("--sortie")
        .arg(&sortie)
        .output()
        .unwrap();
    assert!(sortie.join("archive.json").is_file(), "{}", String::from_utf8_lossy(&o.stderr));
    let mut dossier = lire_archive("archive.json", &std::fs::read_to_string(sortie.join("archive.json")).unwrap()).unwrap();
    // La table 7 n'a pas de bulletin au coup 2 : son image a été rejetée.
    dossier.bulletins.retain(|b| (b.decision.table, b.decision.coup) != (7, 2));
    let images = images();
    for b in &mut dossier.bulletins {
        let (table, coup) = (b.decision.table, b.decision.coup);
        let mut v = Verification {
            a_verifier: false,
            raisons: vec![],
            image: images.get(&(coup, table)).cloned(),
            confiance: 0.997,
            alternatives: vec![],
            corrigee_par_une_personne: false,
            table_deduite: None,
            doutes: vec![],
            places: vec![],
        };
        if [(1, 3), (3, 12)].contains(&(coup, table)) {
            v.a_verifier = true;
            v.confiance = 0.71;
            v.raisons = vec!["une case douteuse : l'autre lecture donne une autre décision".into()];
            let mut autre = b.lecture.clone();
            autre.score = Some("99".into());
            v.alternatives = vec![LectureConcurrente { texte: autre.vers_texte(), p: 0.29, verdict: arbitre_engine::arbitrage::Verdict::Avertissement, score: b.decision.score }];
            v.doutes = vec![
                Doute { element: "case".into(), position: Some([0, 0]), lectures: vec![(premiere_lettre(&b.lecture), 0.71), ((if premiere_lettre(&b.lecture) == "O" { "D" } else { "O" }).into(), 0.29)], loupe: None },
                Doute { element: "score".into(), position: None, lectures: vec![(b.lecture.score.clone().unwrap_or_default(), 0.8), ("99".into(), 0.2)], loupe: Some(loupe_du_score()) },
            ];
        }
        if (coup, table) == (2, 5) {
            v.corrigee_par_une_personne = true;
            v.confiance = 1.0;
        }
        b.verification = Some(v);
    }
    dossier.rejets = vec![RejetImage {
        image: images[&(2, 7)].clone(),
        coup: Some(2),
        raison: "table_illisible".into(),
        message: "le numéro de table ne se lit pas <encre pâle>".into(),
        lecture: None,
    }];
    // Le dépouillement (arbitre-manche) déclare donc douteux le zéro de la table 7.
    dossier.absences_a_verifier = vec![AbsenceAVerifier {
        table: 7,
        coup: 2,
        raisons: vec![format!("bulletin manquant alors que 1 image(s) du coup ont été rejetées ({}) : il est peut-être parmi elles", images[&(2, 7)])],
    }];
    dossier
}

/// La lettre de la première case de la lecture (la case douteuse de l'essai).
/// Le cadre du score du bulletin FISF, sur sa feuille : où la page de revue agrandit l'encre
/// d'un score douteux.
fn loupe_du_score() -> Loupe {
    let f = Formulaire::fisf();
    let r = f.cadre(Role::Score).rect();
    Loupe { x_mm: r.x_mm, y_mm: r.y_mm, largeur_mm: r.largeur_mm, hauteur_mm: r.hauteur_mm, feuille_mm: [f.largeur_mm, f.hauteur_mm] }
}

fn premiere_lettre(l: &arbitre_engine::lecture::Lecture) -> String {
    match &l.rangees[0][0].contenu {
        arbitre_engine::lecture::Contenu::Lettre(t) => t.lettre.to_string(),
        _ => "#".into(),
    }
}

/// Écrit les rapports et les extraits (les scans de l'exemple) dans `sortie`.
fn ecrire(dossier: &Dossier, sortie: &Path) {
    let r = generer_rapports(dossier);
    let extraits: Vec<Extrait> = dossier
        .bulletins
        .iter()
        .filter_map(|b| {
            let image = b.verification.as_ref()?.image.as_ref()?;
            let nom = arbitre_reports::verification::extrait_du_scan(b.decision.coup, b.decision.table);
            Some(Extrait { nom, octets: std::fs::read(exemple().join(image)).unwrap() })
        })
        .collect();
    ecrire_rapports_et_extraits(sortie, &r.fichiers, &extraits).unwrap();
}

/// Le DOM après les scripts, et ce que chromium a écrit sur sa sortie d'erreur.
fn charger(chrome: &Path, page: &Path, ancre: &str) -> (String, String) {
    let profil = tempfile::tempdir().unwrap();
    let o = Command::new(chrome)
        .args(["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"])
        .args(["--enable-logging=stderr", "--v=0", "--dump-dom"])
        .arg(format!("--user-data-dir={}", profil.path().display()))
        .arg(format!("file://{}{ancre}", page.display()))
        .output()
        .unwrap();
    (String::from_utf8_lossy(&o.stdout).into_owned(), String::from_utf8_lossy(&o.stderr).into_owned())
}

/// Les messages de la console de la page (erreurs de script comprises) sur la sortie
/// d'erreur de chromium.
fn erreurs_de_console(stderr: &str) -> Vec<&str> {
    stderr.lines().filter(|l| l.contains("CONSOLE") || l.contains("Uncaught") || l.contains("SyntaxError") || l.contains("TypeError")).collect()
}

/// Les identifiants des bulletins dans le DOM, dans l'ordre, et s'ils sont cachés.
fn bulletins(dom: &str) -> Vec<(String, bool)> {
    dom.split("<article class=\"bulletin").skip(1).map(|a| {
        let ouverture = &a[..a.find('>').unwrap()];
        let id = ouverture.split("id=\"").nth(1).unwrap().split('"').next().unwrap().to_string();
        (id, ouverture.contains(" hidden"))
    }).collect()
}

/// Chromium, un dossier temporaire et la manche lue ; sans chromium, le test le dit et
/// s'arrête (`None`), sauf en CI où c'est une erreur ([`commun::outil`]).
fn preparer() -> Option<(PathBuf, tempfile::TempDir, Dossier)> {
    let Some(chrome) = commun::outil("chromium", "chromium") else {
        println!("chromium absent : la page de revue n'est pas chargée dans un navigateur (apt-get install -y chromium)");
        return None;
    };
    let d = tempfile::tempdir().unwrap();
    let dossier = manche_lue(d.path());
    Some((chrome, d, dossier))
}

#[test]
fn la_revue_se_charge_dans_chromium_sans_erreur_et_montre_les_bulletins_a_regarder() {
    let Some((chrome, d, dossier)) = preparer() else { return };
    let sortie = d.path().join("sortie");
    ecrire(&dossier, &sortie);
    let page = sortie.join("revue.html");
    assert!(sortie.join("revue/coup01-table003.jpg").is_file());

    let (dom, stderr) = charger(&chrome, &page, "");
    assert!(erreurs_de_console(&stderr).is_empty(), "messages de la console : {:?}", erreurs_de_console(&stderr));
    assert!(dom.contains("data-pret=\"oui\""), "le script de la page est allé au bout ; DOM : {}", &dom[..dom.len().min(2000)]);
    // Les bulletins à regarder d'abord : les deux à vérifier et l'absence douteuse de la
    // table 7 (les à-vérifier d'abord, puis les zéros), tous affichés.
    let v = bulletins(&dom);
    let total = dossier.bulletins.len() + 1;
    assert_eq!(v.len(), total, "chaque bulletin et l'absence");
    let tete: Vec<&str> = v.iter().take(3).map(|(id, _)| id.as_str()).collect();
    assert_eq!(tete, ["c1-t3", "c2-t7", "c3-t12"], "à vérifier d'abord");
    assert!(v.iter().all(|(_, cache)| !cache));
    assert!(dom.contains(&format!("{total} bulletins affichés sur {total}")), "le compte écrit par le script");
    // L'aperçu du fichier de corrections : la lecture corrigée par une personne y est.
    let apercu = apercu_de(&dom);
    assert!(apercu.contains("# Corrections de lecture relues par une personne — Manche d'exemple &lt;lue sur scans&gt;"), "{apercu}");
    assert!(apercu.contains("bulletin table=5 coup=2\n") && !apercu.contains("table=3 coup=1"), "{apercu}");
    // Il nomme la partie relue : des corrections données par mégarde à une autre partie
    // seront refusées par arbitre run.
    assert!(apercu.contains(&format!("\n# empreinte de la partie : {}\n", dossier.partie.empreinte())), "{apercu}");
    // Les extraits de scans se chargent (aucune image remplacée par la note « absent »).
    assert!(!dom.contains("<p class=\"note\">Extrait du scan absent"), "extrait manquant");
    // Le score douteux de la table 3 au coup 1 : son encre agrandie, l'extrait du scan en
    // fond, montrée puisque l'extrait s'est chargé.
    let (ouverture, article) = dom.split_once("id=\"c1-t3\"").map(|(avant, apres)| (&avant[avant.rfind('<').unwrap()..], apres.split("</article>").next().unwrap())).unwrap();
    let loupe = article.split("<span class=\"loupe\"").nth(1).unwrap_or_else(|| panic!("pas de loupe : {article}"));
    assert!(loupe.contains("aria-label=\"score : l'encre agrandie\""), "{loupe}");
    assert!(loupe.contains("revue/coup01-table003.jpg"), "{loupe}");
    assert!(!ouverture.contains("sans-extrait"), "{ouverture}");

    // Les filtres lus dans l'adresse : seulement les bulletins à vérifier du coup 3.
    let (dom, stderr) = charger(&chrome, &page, "#coup=3&etat=a-verifier");
    assert!(erreurs_de_console(&stderr).is_empty(), "{:?}", erreurs_de_console(&stderr));
    let visibles: Vec<String> = bulletins(&dom).into_iter().filter(|(_, cache)| !cache).map(|(id, _)| id).collect();
    assert_eq!(visibles, ["c3-t12"]);
    assert!(dom.contains(&format!("1 bulletin affiché sur {total}")));
}

/// La page de revue de la manche, et ce que fait une personne au clavier : la main sur le
/// bulletin `id`, puis chaque touche. Le DOM après, où `data-focusN` nomme le bulletin qui a
/// la main après la N-ième touche ; aucune erreur de console. `None` sans chromium.
fn au_clavier(id: &str, touches: &[&str]) -> Option<String> {
    let (chrome, d, dossier) = preparer()?;
    let sortie = d.path().join("sortie");
    ecrire(&dossier, &sortie);
    let html = std::fs::read_to_string(sortie.join("revue.html")).unwrap();
    let mut personne = format!("<script>\nvar b = document.getElementById('{id}');\nb.focus();\n");
    for (i, k) in touches.iter().enumerate() {
        personne += &format!(
            "b.dispatchEvent(new KeyboardEvent('keydown', {{ key: '{k}', bubbles: true, cancelable: true }}));\ndocument.body.dataset.focus{} = document.activeElement.id;\n",
            i + 1
        );
    }
    personne += "</script>\n</body>";
    let page = sortie.join("revue-au-clavier.html");
    std::fs::write(&page, html.replacen("</body>", &personne, 1)).unwrap();
    let (dom, stderr) = charger(&chrome, &page, "");
    assert!(erreurs_de_console(&stderr).is_empty(), "messages de la console : {:?}", erreurs_de_console(&stderr));
    Some(dom)
}

/// L'aperçu du fichier de corrections, tel que la page l'écrit.
fn apercu_de(dom: &str) -> &str {
    dom.split("<pre id=\"apercu\">").nth(1).unwrap().split("</pre>").next().unwrap()
}

/// Au clavier, « v » sur un bulletin relu (le premier de la page) : sa lecture va telle
/// quelle au fichier de corrections, et la page passe au bulletin suivant.
#[test]
fn la_touche_v_inclut_la_lecture_relue_et_passe_au_bulletin_suivant() {
    let Some(dom) = au_clavier("c1-t3", &["v"]) else { return };
    assert!(dom.contains("data-focus1=\"c2-t7\""), "le bulletin suivant a la main ; DOM : {}", &dom[..dom.len().min(2000)]);
    let ouverture = dom.split("<article ").find(|a| a.contains("id=\"c1-t3\"")).map(|a| &a[..a.find('>').unwrap()]).unwrap();
    assert!(ouverture.contains("relue"), "{ouverture}");
    // La lecture relue est dans l'aperçu du fichier de corrections, à côté de celle qu'une
    // personne avait déjà corrigée.
    let apercu = apercu_de(&dom);
    assert!(apercu.contains("bulletin table=3 coup=1\n") && apercu.contains("bulletin table=5 coup=2\n"), "{apercu}");
    assert!(dom.contains("2 lectures à enregistrer"), "le compte des lectures à enregistrer");
}

/// Au clavier, « 1 » sur un bulletin à vérifier : la personne a lu sur le scan sa première
/// lecture concurrente ; elle remplace la lecture de la machine dans le fichier de
/// corrections, et la page passe au bulletin suivant. « 2 », sans seconde lecture
/// concurrente, ne fait rien.
#[test]
fn la_touche_1_prend_la_premiere_lecture_concurrente_et_passe_au_bulletin_suivant() {
    let Some(dom) = au_clavier("c1-t3", &["2", "1"]) else { return };
    assert!(dom.contains("data-focus1=\"c1-t3\""), "« 2 » sans seconde lecture concurrente : rien ne bouge");
    assert!(dom.contains("data-focus2=\"c2-t7\""), "le bulletin suivant a la main");
    assert!(dom.contains("Prendre cette lecture <kbd>1</kbd>"), "le rang est sur le bouton");
    // La lecture concurrente (le score lu 99) remplace celle de la machine dans l'aperçu.
    let apercu = apercu_de(&dom);
    let lue = apercu.split("bulletin table=3 coup=1\n").nth(1).unwrap_or_else(|| panic!("{apercu}"));
    assert!(lue.split("\n\n").next().unwrap().contains("score: 99\n"), "{apercu}");
    assert!(dom.contains("2 lectures à enregistrer"), "le compte des lectures à enregistrer");
}

/// La personne lit sur le scan rangé à la table 3 le numéro 4 et le corrige dans la lecture :
/// sa ligne `scan:` fait passer le scan à la table 4 (la table 3 n'a plus de bulletin lu ;
/// son absence sera jugée comme toute autre) ; la ligne effacée, le fichier de corrections
/// dit la table 3 sans bulletin lu (« absent »). Deux lectures pour un même bulletin sont
/// signalées.
#[test]
fn un_numero_de_table_corrige_fait_passer_le_scan_a_l_autre_table() {
    let Some((chrome, d, dossier)) = preparer() else { return };
    let sortie = d.path().join("sortie");
    ecrire(&dossier, &sortie);
    let html = std::fs::read_to_string(sortie.join("revue.html")).unwrap();
    let corriger = |id: &str, de: &str, vers: &str| {
        format!("var t = document.querySelector('#{id} textarea.texte-lecture');\nt.value = t.value.replace('{de}', '{vers}');\nt.dispatchEvent(new Event('input', {{ bubbles: true }}));\n")
    };
    let personne = format!("<script>\n{}</script>\n</body>", corriger("c1-t3", "table=3 coup=1", "table=4 coup=1"));
    let page = sortie.join("revue-numero.html");
    std::fs::write(&page, html.replacen("</body>", &personne, 1)).unwrap();
    let (dom, stderr) = charger(&chrome, &page, "");
    assert!(erreurs_de_console(&stderr).is_empty(), "messages de la console : {:?}", erreurs_de_console(&stderr));
    let apercu = apercu_de(&dom);
    let scan = &images()[&(1, 3)];
    assert!(apercu.contains(&format!("bulletin table=4 coup=1\nscan: {scan}\n")), "{apercu}");
    assert!(!apercu.contains("absent"), "{apercu}");
    // Celle-ci et celle qu'une personne avait déjà corrigée (table 5, coup 2).
    assert_eq!(a_enregistrer(&dom), "2 lectures à enregistrer");
    // La ligne « scan: » effacée : rien n'emmène le scan, la table 3 est dite sans bulletin.
    let sans_scan = "t = document.querySelector('#c1-t3 textarea.texte-lecture');\nt.value = t.value.replace(/scan: .*\\n/, '');\nt.dispatchEvent(new Event('input', { bubbles: true }));\n";
    let personne = format!("<script>\n{}{sans_scan}</script>\n</body>", corriger("c1-t3", "table=3 coup=1", "table=4 coup=1"));
    std::fs::write(&page, html.replacen("</body>", &personne, 1)).unwrap();
    let (dom, stderr) = charger(&chrome, &page, "");
    assert!(erreurs_de_console(&stderr).is_empty(), "messages de la console : {:?}", erreurs_de_console(&stderr));
    let apercu = apercu_de(&dom);
    assert!(apercu.contains("bulletin table=4 coup=1\n") && !apercu.contains(&format!("scan: {scan}")), "{apercu}");
    assert!(apercu.contains("est le bulletin de la table 4 au coup 1 : la table 3 n'a plus de bulletin lu à ce coup.\nbulletin table=3 coup=1\nabsent\n"), "{apercu}");
    assert_eq!(a_enregistrer(&dom), "2 lectures à enregistrer");

    // La table 4 a déjà son bulletin, que la personne inclut aussi : deux lectures pour
    // (4, 1), signalées ; et la table 3 reçoit la lecture de l'autre scan (échange des
    // numéros) : pas de « absent ».
    let personne = format!(
        "<script>\n{}{}</script>\n</body>",
        corriger("c1-t3", "table=3 coup=1", "table=4 coup=1"),
        corriger("c1-t4", "table=4 coup=1", "table=3 coup=1")
    );
    std::fs::write(&page, html.replacen("</body>", &personne, 1)).unwrap();
    let (dom, _) = charger(&chrome, &page, "");
    let apercu = apercu_de(&dom);
    assert!(apercu.contains("bulletin table=4 coup=1\n") && apercu.contains("bulletin table=3 coup=1\n") && !apercu.contains("absent"), "{apercu}");
    let personne = format!("<script>\n{}document.querySelector('#c1-t4 .inclure input').click();\n</script>\n</body>", corriger("c1-t3", "table=3 coup=1", "table=4 coup=1"));
    std::fs::write(&page, html.replacen("</body>", &personne, 1)).unwrap();
    let (dom, _) = charger(&chrome, &page, "");
    assert_eq!(a_enregistrer(&dom), "3 lectures à enregistrer — attention : deux lectures pour la table 4 au coup 1 (seule la première comptera)");
}

/// Une image rejetée qui s'est lue (numéro inconnu de la manche) : la personne y lit la
/// table 7 et l'écrit dans la lecture ; le fichier de corrections donne ce bulletin à la
/// table 7, sans rien retirer ailleurs (l'image n'était rangée nulle part).
#[test]
fn une_image_rejetee_lue_se_donne_a_sa_table_par_le_fichier_de_corrections() {
    let Some((chrome, d, mut dossier)) = preparer() else { return };
    dossier.rejets.push(RejetImage {
        image: "coup-02/scan-inconnu.jpg".into(),
        coup: Some(2),
        raison: "table_inconnue".into(),
        message: "table lue « 77 », inconnue de la manche".into(),
        lecture: Some("bulletin table=77 coup=2\nscore: 30\n|RACHINE\n".into()),
    });
    dossier.normaliser();
    let sortie = d.path().join("sortie");
    ecrire(&dossier, &sortie);
    let html = std::fs::read_to_string(sortie.join("revue.html")).unwrap();
    let personne = "<script>\nvar t = document.querySelector('#rejet002 textarea.texte-lecture');\nt.value = t.value.replace('table=77', 'table=7');\n\
t.dispatchEvent(new Event('input', { bubbles: true }));\n</script>\n</body>";
    let page = sortie.join("revue-rejet.html");
    std::fs::write(&page, html.replacen("</body>", personne, 1)).unwrap();
    let (dom, stderr) = charger(&chrome, &page, "#etat=rejet");
    assert!(erreurs_de_console(&stderr).is_empty(), "messages de la console : {:?}", erreurs_de_console(&stderr));
    let visibles: Vec<String> = bulletins(&dom).into_iter().filter(|(_, cache)| !cache).map(|(id, _)| id).collect();
    assert_eq!(visibles, ["rejet002"], "le filtre des images rejetées lues");
    let apercu = apercu_de(&dom);
    assert!(apercu.contains("bulletin table=7 coup=2\nscore: 30\n|RACHINE\n") && !apercu.contains("absent") && !apercu.contains("NaN"), "{apercu}");
    // La table 7 avait une absence douteuse au coup 2 : cette lecture-là, non incluse, ne
    // fait pas doublon.
    assert_eq!(a_enregistrer(&dom), "2 lectures à enregistrer");
}

/// Une image rejetée sans numéro de table lisible : sa lecture porte la table 0. Une
/// personne qui la corrige sans écrire le numéro est avertie à côté du bouton (le fichier
/// de corrections la refuserait en nommant sa ligne).
#[test]
fn une_lecture_incluse_sans_numero_de_table_est_signalee() {
    let Some((chrome, d, mut dossier)) = preparer() else { return };
    dossier.rejets.push(RejetImage {
        image: "coup-02/sans-numero.jpg".into(),
        coup: Some(2),
        raison: "table_illisible".into(),
        message: "aucun numéro de table lisible dans le cadre N° Table".into(),
        lecture: Some("bulletin table=0 coup=2\nscore: 30\n|RACHINE\n".into()),
    });
    dossier.normaliser();
    let sortie = d.path().join("sortie");
    ecrire(&dossier, &sortie);
    let html = std::fs::read_to_string(sortie.join("revue.html")).unwrap();
    let personne = "<script>\nvar t = document.querySelector('article.rejet textarea.texte-lecture');\nt.value = t.value.replace('RACHINE', 'MACHINE');\n\
t.dispatchEvent(new Event('input', { bubbles: true }));\n</script>\n</body>";
    let page = sortie.join("revue-sans-numero.html");
    std::fs::write(&page, html.replacen("</body>", personne, 1)).unwrap();
    let (dom, stderr) = charger(&chrome, &page, "#etat=rejet");
    assert!(erreurs_de_console(&stderr).is_empty(), "messages de la console : {:?}", erreurs_de_console(&stderr));
    assert_eq!(a_enregistrer(&dom), "2 lectures à enregistrer — attention : 1 lecture sans numéro de table (table=0) : écrivez dans l'en-tête le numéro lu sur le scan");
}

/// Ce que la page dit des lectures à enregistrer (à côté du bouton).
fn a_enregistrer(dom: &str) -> &str {
    dom.split("<span id=\"nb-corrections\" aria-live=\"polite\">").nth(1).unwrap().split("</span>").next().unwrap()
}

/// Un extrait de scan absent (des rapports refaits d'une archive, sans `revue/`) : la page
/// le dit à sa place, sans image cassée ni erreur de script.
#[test]
fn sans_ses_extraits_la_revue_le_dit_sans_image_cassee() {
    let Some((chrome, d, dossier)) = preparer() else { return };
    let sortie = d.path().join("sortie");
    arbitre_reports::ecrire_rapports(&sortie, &generer_rapports(&dossier).fichiers).unwrap();
    let (dom, stderr) = charger(&chrome, &sortie.join("revue.html"), "");
    let scripts: Vec<&str> = erreurs_de_console(&stderr).into_iter().filter(|l| !l.contains("ERR_FILE_NOT_FOUND")).collect();
    assert!(scripts.is_empty(), "{scripts:?}");
    assert!(dom.contains("data-pret=\"oui\""));
    let article = dom.split("id=\"c1-t3\"").nth(1).unwrap().split("</article>").next().unwrap();
    assert!(article.contains("hidden=\"\"") || article.contains(" hidden"), "l'image manquante est cachée : {article}");
    assert!(article.contains("<p class=\"note\">Extrait du scan absent (revue/coup01-table003.jpg)</p>"), "la note remplace l'image : {article}");
    // Et l'encre agrandie, qui viendrait de cet extrait, est cachée avec lui.
    let ouverture = dom.split("id=\"c1-t3\"").next().unwrap();
    assert!(ouverture[ouverture.rfind('<').unwrap()..].contains("sans-extrait"), "{}", &ouverture[ouverture.rfind('<').unwrap()..]);
}

/// `arbitre rapports` sur l'archive d'une manche lue sur des scans : la page de revue et
/// `rejets.jsonl` refaits à l'identique, l'ancien `revue/` effacé (ses extraits ne sont
/// pas dans l'archive), et le code 1 tant que des bulletins sont à vérifier.
#[test]
fn rapports_refait_la_revue_d_une_archive_et_sort_en_1_tant_que_c_est_provisoire() {
    let d = tempfile::tempdir().unwrap();
    let dossier = manche_lue(d.path());
    let sortie = d.path().join("sortie");
    ecrire(&dossier, &sortie);
    let avant = std::fs::read(sortie.join("revue.html")).unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .arg("rapports")
        .arg("--archive")
        .arg(sortie.join("archive.json"))
        .arg("--sortie")
        .arg(&sortie)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{stdout}{}", String::from_utf8_lossy(&o.stderr));
    assert!(stdout.contains("RÉSULTATS PROVISOIRES : 3 bulletins à vérifier par une personne (revue.html)"), "{stdout}");
    assert_eq!(std::fs::read(sortie.join("revue.html")).unwrap(), avant);
    assert!(sortie.join("rejets.jsonl").is_file() && !sortie.join("revue").exists());
}
