//! L'ensemble des rapports d'un dossier, et leur écriture dans un répertoire.

use crate::archive::archive_json;
use crate::billets::{billets, billets_du_double_arbitre, billets_html, Billet};
use crate::classement::{resultats_csv, resultats_html};
use crate::decisions::{decisions_jsonl, rejets_jsonl};
use crate::double_arbitrage::{comparer, rectifications_csv, Comparaison};
use crate::dossier::Dossier;
use crate::index::{index_html, Lien};
use crate::resultats::Resultats;
use crate::revue::revue_html;
use crate::suivi::{lignes, suivi_csv, suivi_html, tirages_csv};
use crate::synthese::Synthese;
use crate::Erreur;
use arbitre_engine::texte::extrait;
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
    // La feuille imprimée dit elle-même qu'elle est provisoire (la marque des résultats).
    let mut v: Vec<String> = crate::verification::marque_provisoire(crate::verification::cases_a_verifier(d, r).len()).into_iter().collect();
    v.extend(r.solos().iter().map(|(coup, table, score)| format!("Solo : table {table}, coup {coup} ({score} points)")));
    for b in d.bulletins.iter().filter(|b| b.decision.commission) {
        v.push(format!("Commission : table {}, coup {}", b.decision.table, b.decision.coup));
    }
    for m in &r.moyennes {
        let etat = if m.appliquee { "appliquée" } else { "à confirmer" };
        v.push(format!("Moyenne 5.9 {etat} : table {}, coup {} ({} points)", m.table, m.coup, m.score_propose));
    }
    for e in &d.erreurs {
        let suite = match e.genre {
            crate::dossier::GenreErreur::Encodage => "à réenregistrer en UTF-8",
            _ => "à corriger à la main",
        };
        v.push(format!("{} {} : {suite}", e.genre.libelle(), e.lieu()));
    }
    v.extend(crate::alertes::alertes(d).into_iter().map(|a| format!("À vérifier : {a}")));
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
    let decisions = decisions_jsonl(d, &resultats);

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
    if d.lu_sur_scans() {
        fichiers.insert(0, ("revue.html", revue_html(d, &resultats, c), "la page de revue : bulletins à regarder d'abord, extraits des scans, lectures à corriger et fichier de corrections"));
        fichiers.push(("rejets.jsonl", rejets_jsonl(d), "les images rejetées, chacune avec sa raison (JSON, une par ligne)"));
    }
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

/// Les noms de tous les fichiers que `corriger`, `run` et `rapports` écrivent dans un
/// dossier de sortie (avec `--arbitrage`, `billets-manche.html` et `rectifications.csv` ;
/// pour une manche lue sur des scans, `rejets.jsonl`, `revue.html` et `lectures.jsonl`) : les seuls qu'ils y
/// acceptent, avec ceux de [`NOMS_TOURNOI`] et le sous-dossier [`DOSSIER_REVUE`], et qu'ils
/// remplacent d'une exécution à l'autre.
pub const NOMS_RAPPORTS: [&str; 14] = [
    "index.html",
    "resultats.html",
    "resultats.csv",
    "billets.html",
    "billets-manche.html",
    "suivi.html",
    "suivi.csv",
    "suivi-tirages.csv",
    "decisions.jsonl",
    "rejets.jsonl",
    LECTURES_MACHINE,
    "revue.html",
    "rectifications.csv",
    "archive.json",
];

/// Les fichiers de [`NOMS_RAPPORTS`] qu'écrit seulement une manche lue sur des scans
/// ([`Dossier::lu_sur_scans`]).
pub const NOMS_LUS_SUR_SCANS: [&str; 3] = ["rejets.jsonl", "revue.html", LECTURES_MACHINE];

/// Les lectures de la machine, scan par scan, qu'`arbitre run` reprend à l'exécution
/// suivante sur des scans inchangés : un fichier de travail écrit par `run` seul, ni un
/// rapport (l'index ne le liste pas) ni dans l'archive.
pub const LECTURES_MACHINE: &str = "lectures.jsonl";

/// Les fichiers que `tournoi` écrit : le classement général.
pub const NOMS_TOURNOI: [&str; 2] = ["classement.html", "classement.csv"];

/// Les noms qu'écrit la même commande que `nom` ([`NOMS_RAPPORTS`] ou [`NOMS_TOURNOI`]) ;
/// `None` si arbitre n'écrit jamais ce nom.
fn famille(nom: &str) -> Option<&'static [&'static str]> {
    [&NOMS_RAPPORTS[..], &NOMS_TOURNOI[..]].into_iter().find(|f| f.contains(&nom))
}

/// Le sous-dossier des extraits de scans de la page de revue (`revue.html`), écrit par
/// `arbitre run` et à lui seul ([`ecrire_rapports_et_extraits`]).
pub const DOSSIER_REVUE: &str = "revue";

/// Un fichier binaire du sous-dossier [`DOSSIER_REVUE`] : son nom avec le préfixe
/// (`revue/coup05-table012.jpg`, [`crate::verification::extrait_du_scan`]) et ses octets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Extrait {
    pub nom: String,
    pub octets: Vec<u8>,
}

/// Le nom d'un fichier de [`DOSSIER_REVUE`] est-il un de ceux qu'arbitre y écrit ? Des
/// lettres ASCII, chiffres, `-`, `_` et `.`, sans point en tête, une extension d'image :
/// aucun séparateur, aucun `..`, rien qui sorte du dossier.
fn nom_d_extrait(nom: &str) -> bool {
    let image = [".jpg", ".jpeg", ".png"].iter().any(|x| nom.len() > x.len() && nom.to_ascii_lowercase().ends_with(x));
    image && !nom.starts_with('.') && nom.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b))
}

/// Écrit les rapports dans `repertoire` (créé au besoin), sans extraits de scans : un
/// dossier `revue/` d'une exécution précédente est effacé (voir
/// [`ecrire_rapports_et_extraits`]).
pub fn ecrire_rapports(repertoire: &Path, rapports: &[Rapport]) -> Result<(), Erreur> {
    ecrire_rapports_et_extraits(repertoire, rapports, &[])
}

/// Écrit les rapports dans `repertoire` (créé au besoin), et les extraits de scans dans
/// son sous-dossier [`DOSSIER_REVUE`]. Le dossier appartient à arbitre : il ne doit
/// contenir que des fichiers ordinaires aux noms de [`NOMS_RAPPORTS`] ou de
/// [`NOMS_TOURNOI`], et le sous-dossier `revue/` de fichiers d'images. Ceux qu'écrit la
/// même commande (une exécution précédente) sont d'abord effacés (un `rectifications.csv`
/// d'une correction avec `--arbitrage` ne survit pas à une correction sans ; `revue/` est
/// vidé, et supprimé s'il n'y a pas d'extraits) ; ceux de l'autre commande restent (le
/// classement d'un tournoi écrit à côté des rapports d'une partie ne les efface pas). Tout
/// autre fichier, sous-dossier ou lien symbolique, ou un dossier qui est lui-même un lien,
/// est refusé avant toute écriture ; un extrait dont le nom n'est pas `revue/NOM` (NOM sans
/// séparateur ni `..`, extension d'image) ou qui est en double aussi. Chaque fichier est
/// créé neuf, jamais à travers un lien.
pub fn ecrire_rapports_et_extraits(repertoire: &Path, rapports: &[Rapport], extraits: &[Extrait]) -> Result<(), Erreur> {
    ecrire_sortie(repertoire, rapports, extraits, &[])
}

/// Comme [`ecrire_rapports_et_extraits`], mais les fichiers d'`entrees` (ceux que la
/// commande a lus : le fichier de corrections d'`arbitre run`, la liste des joueurs…) qui
/// sont rangés dans le dossier de sortie y restent, intacts : un arbitre garde volontiers
/// `rapport/corrections.txt` à côté de la page de revue qui l'a préparé. Un fichier
/// d'entrée qui porte le nom d'un rapport reste un fichier d'arbitre (l'archive qu'`arbitre
/// rapports` relit et réécrit à l'identique).
pub fn ecrire_sortie(repertoire: &Path, rapports: &[Rapport], extraits: &[Extrait], entrees: &[&Path]) -> Result<(), Erreur> {
    let io = |chemin: &Path, source| Erreur::Io { chemin: chemin.display().to_string(), source };
    let refus = |message: String| Erreur::Sortie { chemin: repertoire.display().to_string(), message };
    let ecrite = rapports.first().and_then(|r| famille(&r.nom));
    assert!(rapports.iter().all(|r| famille(&r.nom) == ecrite && ecrite.is_some()), "rapport hors de NOMS_RAPPORTS et NOMS_TOURNOI");
    let revue = ecrite == Some(&NOMS_RAPPORTS[..]);
    assert!(revue || extraits.is_empty(), "extraits de scans hors des rapports d'une partie");
    let prefixe = format!("{DOSSIER_REVUE}/");
    let mut noms = std::collections::BTreeSet::new();
    for x in extraits {
        let nom = x.nom.strip_prefix(&prefixe).filter(|n| nom_d_extrait(n));
        let Some(nom) = nom else {
            return Err(refus(format!("extrait de scan « {} » : attendu {prefixe}NOM.jpg, sans séparateur ni « .. » : rien n'a été écrit", extrait(&x.nom))));
        };
        if !noms.insert(nom) {
            return Err(refus(format!("extrait de scan « {} » donné deux fois : rien n'a été écrit", extrait(&x.nom))));
        }
    }
    let anciens = match inventaire(repertoire, ecrite, entrees)? {
        Some(anciens) => anciens,
        None => {
            std::fs::create_dir_all(repertoire).map_err(|e| io(repertoire, e))?;
            Anciens::default()
        }
    };
    for p in anciens.fichiers {
        std::fs::remove_file(&p).map_err(|e| io(&p, e))?;
    }
    if let Some((dossier, fichiers)) = anciens.revue {
        for p in fichiers {
            std::fs::remove_file(&p).map_err(|e| io(&p, e))?;
        }
        std::fs::remove_dir(&dossier).map_err(|e| io(&dossier, e))?;
    }
    let creer = |chemin: &Path, octets: &[u8]| -> Result<(), Erreur> {
        // `create_new` : échoue plutôt que de suivre un lien posé entre-temps.
        let mut f = std::fs::OpenOptions::new().write(true).create_new(true).open(chemin).map_err(|e| io(chemin, e))?;
        std::io::Write::write_all(&mut f, octets).map_err(|e| io(chemin, e))
    };
    for r in rapports {
        creer(&repertoire.join(&r.nom), r.contenu.as_bytes())?;
    }
    if !extraits.is_empty() {
        let dossier = repertoire.join(DOSSIER_REVUE);
        // `create_dir` : échoue sur un dossier ou un lien posé entre-temps.
        std::fs::create_dir(&dossier).map_err(|e| io(&dossier, e))?;
        for x in extraits {
            creer(&dossier.join(&x.nom[prefixe.len()..]), &x.octets)?;
        }
    }
    Ok(())
}

/// Ce qu'un dossier de sortie garde d'une exécution précédente de la même commande, effacé
/// avant d'écrire : ses rapports, et le sous-dossier [`DOSSIER_REVUE`] avec ses extraits.
#[derive(Default)]
struct Anciens {
    fichiers: Vec<std::path::PathBuf>,
    revue: Option<(std::path::PathBuf, Vec<std::path::PathBuf>)>,
}

/// Vérifie, sans rien écrire ni créer, que `repertoire` pourra recevoir les rapports d'une
/// partie ([`NOMS_RAPPORTS`], ceux de `corriger`, `run` et `rapports`) : les mêmes refus
/// que [`ecrire_sortie`] (un lien, un fichier, ce qu'arbitre n'y a pas écrit). À appeler
/// avant un long travail — la lecture des scans d'une manche — pour qu'un dossier refusé
/// le soit tout de suite, pas après des minutes de lecture ; `ecrire_sortie` vérifie de
/// nouveau au moment d'écrire. Un dossier qui n'existe pas encore convient.
pub fn verifier_sortie(repertoire: &Path, entrees: &[&Path]) -> Result<(), Erreur> {
    inventaire(repertoire, Some(&NOMS_RAPPORTS), entrees).map(|_| ())
}

/// Ce que contient le dossier de sortie `repertoire`, pour une commande qui écrit la
/// famille de rapports `ecrite` (`None` : aucun rapport) : `None` s'il n'existe pas ; une
/// erreur s'il ne peut pas les recevoir (lien, fichier, ou ce qu'arbitre n'y a pas écrit,
/// hors des `entrees` lues par la commande).
fn inventaire(repertoire: &Path, ecrite: Option<&'static [&'static str]>, entrees: &[&Path]) -> Result<Option<Anciens>, Erreur> {
    let io = |chemin: &Path, source| Erreur::Io { chemin: chemin.display().to_string(), source };
    let refus = |message: String| Erreur::Sortie { chemin: repertoire.display().to_string(), message };
    let revue = ecrite == Some(&NOMS_RAPPORTS[..]);
    match std::fs::symlink_metadata(repertoire) {
        Ok(m) if m.file_type().is_symlink() => return Err(refus("c'est un lien symbolique : donnez le dossier lui-même".into())),
        Ok(m) if !m.is_dir() => return Err(refus("ce n'est pas un dossier".into())),
        Ok(_) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(io(repertoire, e)),
    }
    let entrees: Vec<std::path::PathBuf> = entrees.iter().filter_map(|p| p.canonicalize().ok()).collect();
    let est_une_entree = |chemin: &Path| !entrees.is_empty() && chemin.canonicalize().is_ok_and(|c| entrees.contains(&c));
    let mut anciens = Anciens::default();
    let mut etrangers = Vec::new();
    for entree in std::fs::read_dir(repertoire).map_err(|e| io(repertoire, e))? {
        let entree = entree.map_err(|e| io(repertoire, e))?;
        let genre = entree.file_type().map_err(|e| io(&entree.path(), e))?;
        let nom = entree.file_name().to_string_lossy().into_owned();
        let sienne = famille(&nom);
        if genre.is_file() && sienne.is_some() {
            if sienne == ecrite {
                anciens.fichiers.push(entree.path());
            }
        } else if genre.is_dir() && nom == DOSSIER_REVUE {
            let extraits = extraits_anciens(&entree.path(), &mut etrangers)?;
            if revue {
                anciens.revue = Some((entree.path(), extraits));
            }
        } else if genre.is_file() && est_une_entree(&entree.path()) {
            // Lu par cette commande : ni effacé, ni étranger.
        } else if genre.is_symlink() {
            etrangers.push(format!("{nom} (lien symbolique)"));
        } else if genre.is_dir() {
            etrangers.push(format!("{nom}/"));
        } else {
            etrangers.push(nom);
        }
    }
    if !etrangers.is_empty() {
        etrangers.sort();
        let n = etrangers.len();
        let mut liste = etrangers.into_iter().take(5).collect::<Vec<_>>().join(", ");
        if n > 5 {
            liste.push_str(&format!(" et {} autres", n - 5));
        }
        return Err(refus(format!(
            "il contient ce qu'arbitre n'y a pas écrit ({liste}) : rien n'a été écrit ; choisissez un dossier neuf ou vide"
        )));
    }
    Ok(Some(anciens))
}

/// Les fichiers d'un `revue/` d'une exécution précédente ; ce qu'arbitre n'y a pas pu
/// écrire (sous-dossier, lien, autre fichier) va dans `etrangers`.
fn extraits_anciens(dossier: &Path, etrangers: &mut Vec<String>) -> Result<Vec<std::path::PathBuf>, Erreur> {
    let io = |chemin: &Path, source| Erreur::Io { chemin: chemin.display().to_string(), source };
    let mut v = Vec::new();
    for entree in std::fs::read_dir(dossier).map_err(|e| io(dossier, e))? {
        let entree = entree.map_err(|e| io(dossier, e))?;
        let genre = entree.file_type().map_err(|e| io(&entree.path(), e))?;
        let nom = entree.file_name().to_string_lossy().into_owned();
        if genre.is_file() && nom_d_extrait(&nom) {
            v.push(entree.path());
        } else {
            let suffixe = if genre.is_symlink() { " (lien symbolique)" } else if genre.is_dir() { "/" } else { "" };
            etrangers.push(format!("{DOSSIER_REVUE}/{nom}{suffixe}"));
        }
    }
    Ok(v)
}
