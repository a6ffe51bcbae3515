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
    assert_eq!(e("# rien\n"), "x.partie:0: aucun coup : attendu « coup tirage top ref score » par ligne");
    assert!(e("1 AB CD\n").starts_with("x.partie:1: 3 colonnes, attendu 5"));
    assert!(e("coup tirage top ref score\n2 ROSACEW ROSACE H8 22\n").starts_with("x.partie:2: coup numéro 2, attendu 1"));
    assert!(e("1 ROS4CEW ROSACE H8 22\n").contains("caractère « 4 »"));
    assert!(e("1 ROSACEW ROSACE Z8 22\n").contains("hors grille"));
    assert!(e("1 ROSACEW ROSACE H8 vingt\n").contains("score « vingt » illisible"));
    // Une référence écrite avec une espace occupe deux colonnes : acceptée.
    let ok = Partie::depuis_texte(p, "1 ROSACEW ROSACE H 8 22\n", Formule::STANDARD).unwrap();
    assert_eq!(ok.coups[0].reference.to_string(), "H8");
}
