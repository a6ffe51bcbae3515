//! Les parties : lecture, rejeu et vérification de chaque ligne.

use arbitre_engine::{Formule, Partie};
use std::path::{Path, PathBuf};

fn eliot(nom: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/validation/eliot-games").join(nom)
}

const PARTIES: [(&str, usize, u32); 4] =
    [("2_ai.partie", 20, 929), ("fumee.partie", 21, 1023), ("hutte.partie", 22, 975), ("rosace.partie", 22, 1038)];

#[test]
fn les_85_coups_des_parties_eliot_se_rejouent_au_point_pres() {
    let mut coups = 0;
    for (nom, n, total) in PARTIES {
        let p = Partie::lire(&eliot(nom), Formule::STANDARD).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(p.coups.len(), n, "{nom}");
        // Le total annoncé en commentaire de chaque fichier.
        assert_eq!(p.total_tops(), total, "{nom}");
        for (c, e) in p.coups.iter().zip(&p.tops) {
            assert_eq!(e.score, c.score, "{nom} coup {}", c.numero);
        }
        coups += n;
    }
    assert_eq!(coups, 85);
}

fn modifier(nom: &str, ligne: usize, avant: &str, apres: &str) -> Result<Partie, String> {
    let texte = std::fs::read_to_string(eliot(nom)).unwrap();
    let mut lignes: Vec<String> = texte.lines().map(String::from).collect();
    assert!(lignes[ligne - 1].contains(avant), "{}", lignes[ligne - 1]);
    lignes[ligne - 1] = lignes[ligne - 1].replacen(avant, apres, 1);
    Partie::depuis_texte(Path::new(nom), &lignes.join("\n"), Formule::STANDARD).map_err(|e| e.to_string())
}

#[test]
fn un_score_faux_est_signale_avec_sa_ligne() {
    // fumee.partie ligne 7 : « 4 A+EAVSLS LAVASSE 10H 86 ».
    let e = modifier("fumee.partie", 7, "\t86", "\t68").unwrap_err();
    assert_eq!(e, "fumee.partie:7: top LAVASSE en 10H : score écrit 68, calculé 86");
}

#[test]
fn un_reliquat_faux_est_signale() {
    let e = modifier("fumee.partie", 5, "IO+EOKAN", "IA+EOKON").unwrap_err();
    assert!(e.starts_with("fumee.partie:5: reliquat AI annoncé, mais il restait IO"), "{e}");
}

#[test]
fn une_lettre_qui_n_est_plus_dans_le_sac() {
    // Le seul Z du sac est tiré au coup 7 de fumee ; en tirer un autre au coup 8 est impossible.
    let e = modifier("fumee.partie", 11, "GO+AETPI", "GO+AEZPI").unwrap_err();
    assert!(e.starts_with("fumee.partie:11: tirage AEGIOPZ : lettres qui ne sont plus dans le sac : Z"), "{e}");
}

#[test]
fn un_top_hors_tirage_ou_mal_place() {
    let e = modifier("rosace.partie", 4, "ROSACE\tH8", "ROSACE\tH9").unwrap_err();
    assert!(e.starts_with("rosace.partie:4: top ROSACE en H9 impossible : au premier coup"), "{e}");
    let e = modifier("rosace.partie", 5, "WESTERN\t13G", "WESTERN\t13F").unwrap_err();
    assert!(e.starts_with("rosace.partie:5: top WESTERN en 13F impossible"), "{e}");
    let e = modifier("rosace.partie", 4, "WAEROSC", "WAEROSS").unwrap_err();
    assert_eq!(e, "rosace.partie:4: top ROSACE : lettres absentes du tirage AEORSSW : C");
}

#[test]
fn lignes_malformees() {
    let p = Path::new("x.partie");
    let e = |t: &str| Partie::depuis_texte(p, t, Formule::STANDARD).unwrap_err().to_string();
    assert_eq!(e("# rien\n"), "x.partie : aucun coup : attendu « coup tirage top ref score » par ligne");
    assert!(e("1 AB CD\n").starts_with("x.partie:1: 3 colonnes, attendu 5"));
    // Un fichier d'une colonne (une liste de joueurs donnée pour une partie) : au singulier.
    assert!(e("table,nom,arrivee\n").starts_with("x.partie:1: 1 colonne, attendu 5"), "{}", e("table,nom,arrivee\n"));
    assert!(e("coup tirage top ref score\n2 ROSACEW ROSACE H8 22\n").starts_with("x.partie:2: coup numéro 2, attendu 1"));
    assert!(e("1 ROS4CEW ROSACE H8 22\n").contains("caractère « 4 »"));
    assert!(e("1 ROSACEW ROSACE Z8 22\n").contains("hors grille"));
    assert!(e("1 ROSACEW ROSACE H8 vingt\n").contains("score « vingt » illisible"));
    // Une référence écrite avec une espace occupe deux colonnes : acceptée.
    let ok = Partie::depuis_texte(p, "1 ROSACEW ROSACE H 8 22\n", Formule::STANDARD).unwrap();
    assert_eq!(ok.coups[0].reference.to_string(), "H8");
}

#[test]
fn une_partie_d_une_autre_formule_le_dit() {
    // Une partie en formule standard (tirages de 7) lue en « 7 sur 8 » : l'erreur nomme la
    // ligne du premier tirage et dit que la formule demandée en tire 8.
    let e = Partie::lire(&eliot("2_ai.partie"), Formule::SEPT_SUR_HUIT).unwrap_err().to_string();
    assert!(e.ends_with("2_ai.partie:4: tirage AABEEF? de 7 lettres, attendu 8 (la formule demandée tire 8 lettres : cette partie est-elle d'une autre formule ? voir --formule)"), "{e}");
    // Six lettres : aucune formule n'en tire six, c'est une lettre oubliée.
    let e = lire(&PETITE.replace("AELSTTU", "AELSTT")).unwrap_err();
    assert!(e.starts_with("p.partie:3: tirage AELSTT de 6 lettres, attendu 7") && !e.contains("formule"), "{e}");
}

/// MANGER H4 puis TALES 10G.
const PETITE: &str = "coup tirage top ref score\n1 AEGMNRT MANGER H4 20\n2 AELSTTU TALES 10G 16\n";

fn lire(texte: &str) -> Result<Partie, String> {
    Partie::depuis_texte(Path::new("p.partie"), texte, Formule::STANDARD).map_err(|e| e.to_string())
}

/// Issue 12, point 6 : un tirage de 263 lettres se repliait en 7 (débordement d'un u8) et la
/// partie était « vérifiée ».
#[test]
fn un_tirage_de_263_lettres_est_refuse_clairement() {
    let t = format!("{}AEGMNRT", "A".repeat(256));
    let e = lire(&PETITE.replace("AEGMNRT", &t)).unwrap_err();
    assert!(e.starts_with("p.partie:2: tirage « AAAA") && e.contains("257 fois « A », le sac n'en contient que 9"), "{e}");
    assert!(e.len() < 250, "{e}");
    let e = lire(&PETITE.replace("AEGMNRT", "AEGMNRT??? ")).unwrap_err();
    assert!(e.contains("3 fois « ? », le sac n'en contient que 2"), "{e}");
}

/// Issue 12, point 7 : une ligne de 10 Mo n'est citée que par son début.
#[test]
fn une_ligne_de_10_mo_est_citee_par_son_debut() {
    let long = "X".repeat(10_000_000);
    for texte in [
        format!("{PETITE}3 {long}\n"),
        format!("{PETITE}3 AEGMNRT {long} H4 20\n"),
        format!("{PETITE}{long} AEGMNRT MANGER H4 20\n"),
        format!("{PETITE}3 AEGMNRT MANGER {long} 20\n"),
        format!("{PETITE}3 AEGMNRT MANGER H4 {long}\n"),
        format!("{PETITE}3 {long}1 MANGER H4 20\n"),
    ] {
        let e = lire(&texte).unwrap_err();
        assert!(e.starts_with("p.partie:4: ") && e.len() < 300, "{} caractères : {}", e.len(), &e[..e.len().min(300)]);
    }
}

/// Issue 12, point 5 (parties) : un commentaire enregistré en Latin-1 ne fait pas perdre la
/// partie.
#[test]
fn un_commentaire_latin1_ne_fait_pas_perdre_la_partie() {
    let d = tempfile::tempdir().unwrap();
    let p = d.path().join("p.partie");
    let mut octets = b"# partie jou\xE9e au club\n".to_vec();
    octets.extend_from_slice(PETITE.as_bytes());
    std::fs::write(&p, &octets).unwrap();
    assert_eq!(Partie::lire(&p, Formule::STANDARD).unwrap().coups.len(), 2);
    let mut octets = PETITE.as_bytes().to_vec();
    let i = octets.windows(6).position(|w| w == b"MANGER").unwrap();
    octets[i + 4] = 0xE9;
    std::fs::write(&p, &octets).unwrap();
    let e = Partie::lire(&p, Formule::STANDARD).unwrap_err().to_string();
    assert!(e.contains("p.partie:2: top « MANG\u{FFFD}R »"), "{e}");
}
