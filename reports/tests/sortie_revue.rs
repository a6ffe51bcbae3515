//! Le sous-dossier `revue/` du dossier de sortie : les extraits de scans de la page de
//! revue, écrits par `arbitre run`, remplacés d'une exécution à l'autre, jamais hors du
//! dossier, jamais mêlés à des fichiers étrangers.

use arbitre_reports::{ecrire_rapports, ecrire_rapports_et_extraits, ecrire_sortie, Erreur, Extrait, Rapport};
use std::path::Path;

fn rapports() -> Vec<Rapport> {
    vec![Rapport { nom: "index.html".into(), contenu: "<p>index</p>".into() }, Rapport { nom: "revue.html".into(), contenu: "<p>revue</p>".into() }]
}

fn extrait(nom: &str, octets: &[u8]) -> Extrait {
    Extrait { nom: nom.into(), octets: octets.to_vec() }
}

fn noms(dossier: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dossier).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    v.sort();
    v
}

#[test]
fn les_extraits_vont_dans_revue_et_remplacent_ceux_d_une_execution_precedente() {
    let d = tempfile::tempdir().unwrap();
    let sortie = d.path().join("sortie");
    let premiers = [extrait("revue/coup01-table001.jpg", b"jpeg 1"), extrait("revue/coup01-table002.jpg", b"jpeg 2")];
    ecrire_rapports_et_extraits(&sortie, &rapports(), &premiers).unwrap();
    assert_eq!(noms(&sortie), ["index.html", "revue", "revue.html"]);
    assert_eq!(noms(&sortie.join("revue")), ["coup01-table001.jpg", "coup01-table002.jpg"]);
    assert_eq!(std::fs::read(sortie.join("revue/coup01-table002.jpg")).unwrap(), b"jpeg 2");
    // Une nouvelle exécution : les extraits de l'ancienne ne survivent pas.
    ecrire_rapports_et_extraits(&sortie, &rapports(), &[extrait("revue/coup02-table003.jpg", b"jpeg 3")]).unwrap();
    assert_eq!(noms(&sortie.join("revue")), ["coup02-table003.jpg"]);
    // Sans extraits (`rapports` refait d'une archive, `corriger`) : plus de revue/.
    ecrire_rapports(&sortie, &rapports()).unwrap();
    assert_eq!(noms(&sortie), ["index.html", "revue.html"]);
}

#[test]
fn un_classement_de_tournoi_laisse_la_revue_d_une_partie() {
    let d = tempfile::tempdir().unwrap();
    ecrire_rapports_et_extraits(d.path(), &rapports(), &[extrait("revue/coup01-table001.jpg", b"x")]).unwrap();
    ecrire_rapports(d.path(), &[Rapport { nom: "classement.csv".into(), contenu: String::new() }]).unwrap();
    assert_eq!(noms(&d.path().join("revue")), ["coup01-table001.jpg"]);
}

#[test]
fn aucun_nom_d_extrait_ne_sort_du_dossier() {
    for nom in [
        "revue/../index.jpg",
        "revue/..",
        "revue/a/b.jpg",
        "revue\\b.jpg",
        "revue/a\\b.jpg",
        "/tmp/x.jpg",
        "x.jpg",
        "revue/",
        "revue/.cache.jpg",
        "revue/notes.txt",
        "revue//x.jpg",
        "../revue/x.jpg",
    ] {
        let d = tempfile::tempdir().unwrap();
        let e = ecrire_rapports_et_extraits(d.path(), &rapports(), &[extrait(nom, b"x")]).unwrap_err();
        assert!(matches!(e, Erreur::Sortie { .. }), "{nom} : {e}");
        assert!(e.to_string().contains("rien n'a été écrit"), "{e}");
        assert!(noms(d.path()).is_empty(), "{nom} : rien n'est écrit quand un nom est refusé");
    }
    let d = tempfile::tempdir().unwrap();
    let deux = [extrait("revue/a.jpg", b"1"), extrait("revue/a.jpg", b"2")];
    assert!(ecrire_rapports_et_extraits(d.path(), &rapports(), &deux).unwrap_err().to_string().contains("deux fois"));
}

#[test]
fn ce_qu_arbitre_n_a_pas_ecrit_dans_revue_est_refuse_avant_toute_ecriture() {
    let d = tempfile::tempdir().unwrap();
    ecrire_rapports_et_extraits(d.path(), &rapports(), &[extrait("revue/coup01-table001.jpg", b"x")]).unwrap();
    let revue = d.path().join("revue");
    std::fs::write(revue.join("notes.txt"), "mes notes").unwrap();
    let e = ecrire_rapports_et_extraits(d.path(), &rapports(), &[extrait("revue/coup01-table001.jpg", b"y")]).unwrap_err().to_string();
    assert!(e.contains("revue/notes.txt") && e.contains("rien n'a été écrit"), "{e}");
    assert_eq!(std::fs::read(revue.join("coup01-table001.jpg")).unwrap(), b"x", "l'ancien extrait n'est pas touché");
    std::fs::remove_file(revue.join("notes.txt")).unwrap();
    // Un lien dans revue/ : refusé, et rien n'est écrit à travers.
    let dehors = d.path().join("dehors.jpg");
    std::fs::write(&dehors, "précieux").unwrap();
    std::os::unix::fs::symlink(&dehors, revue.join("coup01-table002.jpg")).unwrap();
    let e = ecrire_rapports_et_extraits(d.path(), &rapports(), &[extrait("revue/coup01-table002.jpg", b"y")]).unwrap_err().to_string();
    assert!(e.contains("revue/coup01-table002.jpg (lien symbolique)"), "{e}");
    assert_eq!(std::fs::read_to_string(&dehors).unwrap(), "précieux");
    // revue/ lui-même un lien : refusé.
    let d2 = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(d.path(), d2.path().join("revue")).unwrap();
    let e = ecrire_rapports_et_extraits(d2.path(), &rapports(), &[]).unwrap_err().to_string();
    assert!(e.contains("revue (lien symbolique)"), "{e}");
}

/// Le fichier de corrections enregistré à côté de la page de revue, relu par la commande
/// suivante : il reste, intact ; un autre fichier que la commande n'a pas lu est toujours
/// refusé, et un fichier d'entrée au nom d'un rapport reste un rapport (réécrit).
#[test]
fn un_fichier_lu_par_la_commande_reste_dans_le_dossier_de_sortie() {
    let d = tempfile::tempdir().unwrap();
    let sortie = d.path().join("rapport");
    ecrire_rapports_et_extraits(&sortie, &rapports(), &[extrait("revue/coup01-table001.jpg", b"x")]).unwrap();
    let corrections = sortie.join("corrections.txt");
    std::fs::write(&corrections, "bulletin table=1 coup=1\n|ROSACE\n").unwrap();
    let e = ecrire_rapports_et_extraits(&sortie, &rapports(), &[]).unwrap_err().to_string();
    assert!(e.contains("corrections.txt"), "{e}");
    // Nommé par un chemin relatif qui passe par « .. » : le même fichier.
    let detour = sortie.join("revue/../corrections.txt");
    ecrire_sortie(&sortie, &rapports(), &[extrait("revue/coup01-table002.jpg", b"y")], &[&detour]).unwrap();
    assert_eq!(noms(&sortie), ["corrections.txt", "index.html", "revue", "revue.html"]);
    assert_eq!(std::fs::read_to_string(&corrections).unwrap(), "bulletin table=1 coup=1\n|ROSACE\n");
    assert_eq!(noms(&sortie.join("revue")), ["coup01-table002.jpg"]);
    std::fs::write(sortie.join("notes.txt"), "à moi").unwrap();
    let e = ecrire_sortie(&sortie, &rapports(), &[], &[&corrections]).unwrap_err().to_string();
    assert!(e.contains("notes.txt") && !e.contains("corrections.txt"), "{e}");
    std::fs::remove_file(sortie.join("notes.txt")).unwrap();
    // Une entrée au nom d'un rapport (l'index d'une exécution précédente) : réécrite.
    ecrire_sortie(&sortie, &rapports(), &[], &[&sortie.join("index.html"), &corrections]).unwrap();
    assert_eq!(std::fs::read_to_string(sortie.join("index.html")).unwrap(), "<p>index</p>");
}
