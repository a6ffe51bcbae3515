//! `arbitre corriger` de bout en bout : une petite manche (partie, lexique, bulletins en
//! deux fichiers dont un avec une ligne malformée, joueurs, correction du premier
//! arbitre) écrite dans un dossier temporaire ; tous les rapports sont écrits, l'archive
//! relue par `arbitre rapports` les redonne octet pour octet, et les pages HTML se
//! rendent dans chromium quand il est installé.

use std::path::{Path, PathBuf};
mod commun;

use std::process::{Command, Output};

/// MANGER H4 (20) au premier coup, puis le top TALES 10G (16) au deuxième.
const PARTIE: &str = "coup tirage top ref score\n1 AEGMNRT MANGER H4 20\n2 AELSTTU TALES 10G 16\n";
const LEXIQUE: &str = "MANGER\nMANGERA\nAMENER\nTALES\nSALE\nSALER\nLAS\nRASE\nELAN\nTEL\nLES\nSEL\nTALE\nETALA\nETAL\n";

/// Coup 1 : trois tables (la 3 avec un bulletin vierge).
const COUP1: &str = "bulletin table=1 coup=1\nref: H4\nscore: 20\n|MANGER\n\
bulletin table=2 coup=1\nref: H4\nscore: 20\n|MANGER\n\
bulletin table=3 coup=1\nvierge\n";
/// Coup 2 : la table 1 au top, la table 2 avec une ligne malformée, la table 3 absente,
/// et un bulletin d'un coup qui n'existe pas.
const COUP2: &str = "bulletin table=1 coup=2\nref: 10G\nscore: 16\n|T\n|A\n|L\n|E\n|S\n\
bulletin table=2 coup=2\nref: 10G\nscore: 16\nceci n'est pas une ligne de bulletin\n\
bulletin table=1 coup=7\nvierge\n";
const JOUEURS: &str = "table,nom,arrivee\n1,Marie Dupont,\n2,Jean Martin,\n3,Léa Petit,\n";
/// Le premier arbitre a payé le bulletin vierge : le double arbitrage ajoute le zéro.
const PREMIER: &str = "table,coup,score,sanction\n1,1,20\n2,1,20\n3,1,20\n1,2,16\n";

/// Tous les fichiers écrits (avec `--arbitrage`, `billets-manche.html` et `rectifications.csv`
/// compris ; sans ceux d'une manche lue sur des scans).
fn rapports() -> impl Iterator<Item = &'static str> {
    use arbitre_reports::rapports::{NOMS_LUS_SUR_SCANS, NOMS_RAPPORTS};
    NOMS_RAPPORTS.into_iter().filter(|f| !NOMS_LUS_SUR_SCANS.contains(f))
}

fn arbitre(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbitre")).args(args).output().unwrap()
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

struct Manche {
    dossier: tempfile::TempDir,
    sortie: PathBuf,
    sortie_stdout: String,
    sortie_stderr: String,
    code: Option<i32>,
}

fn corriger_manche() -> Manche {
    let d = tempfile::tempdir().unwrap();
    let ecrire = |nom: &str, texte: &str| -> PathBuf {
        let p = d.path().join(nom);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(&p, texte).unwrap();
        p
    };
    let partie = ecrire("p.partie", PARTIE);
    let lexique = ecrire("lex.txt", LEXIQUE);
    ecrire("bulletins/coup1.txt", COUP1);
    ecrire("bulletins/coup2.txt", COUP2);
    ecrire("bulletins/notes.md", "pas un fichier de bulletins");
    let joueurs = ecrire("joueurs.csv", JOUEURS);
    let premier = ecrire("premier.csv", PREMIER);
    let sortie = d.path().join("rapports");
    let bulletins = d.path().join("bulletins");
    let o = arbitre(&[
        "corriger",
        "--partie",
        s(&partie),
        "--bulletins",
        s(&bulletins),
        "--lexique",
        s(&lexique),
        "--joueurs",
        s(&joueurs),
        "--arbitrage",
        s(&premier),
        "--titre",
        "Essai de bout en bout",
        "--sortie",
        s(&sortie),
    ]);
    Manche {
        dossier: d,
        sortie,
        sortie_stdout: String::from_utf8_lossy(&o.stdout).into_owned(),
        sortie_stderr: String::from_utf8_lossy(&o.stderr).into_owned(),
        code: o.status.code(),
    }
}

fn lire(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{} : {e}", p.display()))
}

#[test]
fn corriger_ecrit_tous_les_rapports_et_signale_les_bulletins_malformes() {
    let m = corriger_manche();
    // Des bulletins non corrigés : code 1, chacun nommé par fichier et ligne.
    assert_eq!(m.code, Some(1), "stderr : {}", m.sortie_stderr);
    assert!(m.sortie_stderr.contains("coup2.txt:12"), "{}", m.sortie_stderr);
    assert!(m.sortie_stderr.contains("coup2.txt:13") && m.sortie_stderr.contains("coup 7 absent"), "{}", m.sortie_stderr);
    for f in rapports() {
        assert!(m.sortie.join(f).is_file(), "{f} manque ; stdout : {}", m.sortie_stdout);
    }
    // Le bilan en français.
    assert!(m.sortie_stdout.contains("4 bulletins corrigés"), "{}", m.sortie_stdout);
    assert!(m.sortie_stdout.contains("1 bulletin manquant (zéro"), "{}", m.sortie_stdout);
    assert!(m.sortie_stdout.contains("2 bulletins illisibles ou non corrigés"), "{}", m.sortie_stdout);
    // Les bulletins sont nommés par leur fichier (« coup2.txt:12 ») : l'archive ne porte pas
    // le dossier de cette machine où ils sont rangés.
    let archive = lire(&m.sortie.join("archive.json"));
    let ici = m.dossier.path().to_str().unwrap();
    let nomme = archive.find(ici).map(|i| &archive[i.saturating_sub(80)..(i + 80).min(archive.len())]);
    assert!(archive.contains("\"coup2.txt\"") && nomme.is_none(), "l'archive nomme {ici} : {nomme:?}");
    assert!(m.sortie_stdout.contains("double arbitrage : 4 bulletins relus sur 7 ; 1 rectification (1 sanction ajoutée, 0 supprimée, 1 score modifié)"), "{}", m.sortie_stdout);
    // Le titre donné, sans « Partie » ajouté devant.
    assert!(m.sortie_stdout.starts_with("Essai de bout en bout : 3 tables, 2 coups\n"), "{}", m.sortie_stdout);
    // Le fichier qui n'est pas des lectures est écarté et nommé, sans erreur.
    assert!(m.sortie_stderr.contains("fichiers écartés (pas des lectures de bulletins)") && m.sortie_stderr.contains("notes.md"), "{}", m.sortie_stderr);

    // L'index mène à chaque rapport.
    let index = lire(&m.sortie.join("index.html"));
    for f in rapports().filter(|&f| f != "index.html") {
        assert!(index.contains(&format!("href=\"{f}\"")), "lien vers {f}");
    }
    assert!(index.contains("coup2.txt:12"), "bulletin malformé signalé sur l'index");

    // Résultats : la table 2 a un zéro provisoire au coup 2, la table 3 vierge puis absente.
    let res = lire(&m.sortie.join("resultats.csv"));
    let lignes: Vec<&str> = res.lines().collect();
    // Pour un tableur réglé en français : marque d'ordre d'octets, points-virgules,
    // virgule décimale.
    assert_eq!(lignes[0], "\u{feff}Rang;Ex aequo;Table;Nom;Coup 1;Coup 2;Avertissements;Pénalité avertissements;Pénalités;Zéros;Solos;Coups des solos;Bonification solos;Total;% des tops;Non revus");
    assert!(lignes[1].starts_with("1;non;1;Marie Dupont;20;16;"), "{res}");
    assert!(lignes[1].ends_with(";36;100,0;0"), "{res}");
    assert!(lignes[2].starts_with("2;non;2;Jean Martin;20;0;"), "{res}");
    assert!(lignes[3].starts_with("3;non;3;Léa Petit;0;0;"), "{res}");

    // Le double arbitrage : le zéro ajouté au bulletin vierge payé par le premier arbitre.
    let rect = lire(&m.sortie.join("rectifications.csv"));
    assert!(rect.contains("3;1;20;valide;0;zéro;\"zéro ajouté ; score 20 → 0\""), "{rect}");
    let suivi = lire(&m.sortie.join("suivi.csv"));
    assert!(suivi.starts_with("\u{feff}Table;Coup;Zéro MNA;Zéro LOC;Zéro EL;Zéro Autre;Zéro SUP;Pénalité LOC"), "{suivi}");
    assert!(suivi.contains("\n3;1;;;;X;;;;;;;;;;;0\n"), "{suivi}");
    let tirages = lire(&m.sortie.join("suivi-tirages.csv"));
    assert_eq!(tirages, "\u{feff}Coup;Tirages;Mots retenus;Places\n1;AEGMNRT;MANGER;H4\n2;AELSTTU;TALES;10G\n");

    // Les billets à distribuer : celui du double arbitre pour le vierge ; tous les billets
    // (l'absence aussi) dans billets-manche.html.
    let billets = lire(&m.sortie.join("billets.html"));
    assert!(billets.contains("<section class=\"billet da\" data-table=\"3\" data-coup=\"1\">"), "billet DA du vierge");
    assert!(!billets.contains("data-coup=\"2\""), "billets.html : les billets du double arbitre seulement");
    let tous = lire(&m.sortie.join("billets-manche.html"));
    assert!(tous.contains("data-table=\"3\" data-coup=\"2\""), "billet de l'absence");
    assert!(!tous.contains("data-table=\"1\""), "pas de billet pour les bulletins justes");
}

#[test]
fn rapports_depuis_l_archive_octet_pour_octet() {
    let m = corriger_manche();
    let autre = m.dossier.path().join("relus");
    let o = arbitre(&["rapports", "--archive", s(&m.sortie.join("archive.json")), "--sortie", s(&autre)]);
    // L'archive garde les bulletins non corrigés : code 1, comme « corriger » (issue 12).
    assert_eq!(o.status.code(), Some(1), "{}", String::from_utf8_lossy(&o.stderr));
    for f in rapports() {
        assert!(std::fs::read(m.sortie.join(f)).unwrap() == std::fs::read(autre.join(f)).unwrap(), "{f} diffère après relecture de l'archive");
    }
    // Une archive abîmée : erreur claire, code 2.
    let abimee = m.dossier.path().join("abimee.json");
    std::fs::write(&abimee, "{\"format\":\"autre\"}").unwrap();
    let o = arbitre(&["rapports", "--archive", s(&abimee), "--sortie", s(&autre)]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("format « autre »"));
}

/// Largeur et hauteur d'un PNG (en-tête IHDR).
fn taille_png(p: &Path) -> (u32, u32) {
    let o = std::fs::read(p).unwrap();
    assert_eq!(&o[1..4], b"PNG", "{} n'est pas un PNG", p.display());
    let u = |i: usize| u32::from_be_bytes([o[i], o[i + 1], o[i + 2], o[i + 3]]);
    (u(16), u(20))
}

/// Les billets et la feuille de suivi s'affichent dans un vrai navigateur (chromium sans
/// tête) : une capture PNG et une impression PDF A4 chacun. Sans chromium (paquet Debian
/// `chromium`), le test le dit et s'arrête — sauf en CI (`CI` défini), où `.ci/run`
/// installe chromium et où son absence est une erreur.
#[test]
fn billets_et_suivi_se_rendent_dans_chromium() {
    let Some(chrome) = commun::outil("chromium", "chromium") else { return };
    let m = corriger_manche();
    for (page, largeur, hauteur) in [("billets.html", 820, 1150), ("suivi.html", 1150, 800)] {
        let png = m.dossier.path().join(format!("{page}.png"));
        let pdf = m.dossier.path().join(format!("{page}.pdf"));
        let o = commun::chromium(&chrome, &m.sortie.join(page), &[format!("--screenshot={}", png.display()), format!("--window-size={largeur},{hauteur}")]);
        assert!(png.is_file(), "{page} : pas de capture ; {}", String::from_utf8_lossy(&o.stderr));
        assert_eq!(taille_png(&png), (largeur, hauteur), "{page}");
        let octets = commun::imprimer(&chrome, &m.sortie.join(page), &pdf);
        // A4 : 595 × 842 points (portrait pour les billets, paysage pour la feuille).
        let texte = String::from_utf8_lossy(&octets);
        let a4 = if page == "billets.html" { "/MediaBox [0 0 594.95996 841.91998]" } else { "/MediaBox [0 0 841.91998 594.95996]" };
        // Une page : le billet du double arbitre, une feuille de suivi.
        assert_eq!(texte.matches(a4).count(), 1, "{page} : imprimé sur une page A4 ({a4})");
    }
}

/// La partie fait foi : un lexique qui ignore le top du coup 2 (TALES) ne fait pas payer
/// zéro au joueur qui le joue ; les mots admis par la partie sont annoncés dans le
/// terminal, sur l'index et dans l'archive (et relus avec elle).
#[test]
fn le_top_absent_du_lexique_est_admis_et_annonce() {
    let d = tempfile::tempdir().unwrap();
    let ecrire = |nom: &str, texte: &str| -> PathBuf {
        let p = d.path().join(nom);
        std::fs::write(&p, texte).unwrap();
        p
    };
    let partie = ecrire("p.partie", PARTIE);
    let lexique = ecrire("lex.txt", &LEXIQUE.replace("TALES\n", ""));
    let bulletins = ecrire("b.txt", &format!("{COUP1}bulletin table=1 coup=2\nref: 10G\nscore: 16\n|T\n|A\n|L\n|E\n|S\n"));
    let sortie = d.path().join("rapports");
    let o = arbitre(&["corriger", "--partie", s(&partie), "--bulletins", s(&bulletins), "--lexique", s(&lexique), "--sortie", s(&sortie)]);
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(stdout.contains("ATTENTION : 1 mot formé par les tops de la partie manque au lexique") && stdout.contains("coup 2 : TALES"), "{stdout}");
    let decisions = lire(&sortie.join("decisions.jsonl"));
    let paye = decisions.lines().find(|l| l.contains("\"table\":1") && l.contains("\"coup\":2")).expect("décision table 1 coup 2");
    assert!(paye.contains("\"verdict\":\"valide\"") && paye.contains("\"score\":16"), "{paye}");
    let index = lire(&sortie.join("index.html"));
    assert!(index.contains("Mots admis par la partie") && index.contains("coup 2 : TALES"), "{index}");
    let archive: serde_json::Value = serde_json::from_str(&lire(&sortie.join("archive.json"))).unwrap();
    assert_eq!(archive["dossier"]["admis_par_la_partie"][0]["mots"], serde_json::json!(["TALES"]));
    // Refaits depuis l'archive, les rapports le disent encore.
    let refaits = d.path().join("refaits");
    let o = arbitre(&["rapports", "--archive", s(&sortie.join("archive.json")), "--sortie", s(&refaits)]);
    assert!(String::from_utf8_lossy(&o.stdout).contains("coup 2 : TALES"));
    assert_eq!(lire(&refaits.join("index.html")), index);
}
