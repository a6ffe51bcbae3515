//! Une manche générée sur disque, comme un scanner la laisse : un dossier par coup
//! (`coup-05/`), les bulletins du coup dans l'ordre où ils ont été scannés (`scan-001.jpg`…),
//! chacun avec sa vérité terrain JSON à côté ; la partie, toutes les lectures dans un
//! fichier `bulletins.txt` (format texte des lectures, que `arbitre grade` corrige) et un
//! résumé `manche.json`.

use crate::generateur::{graine_bulletin, Generateur};
use crate::manche::{ajouter_ratures, prevoir_coup, Coup, Prevu};
use crate::rendu::Annotation;
use crate::verite::{Genre, VeriteTerrain};
use arbitre_engine::arbitrage::Verdict;
use arbitre_engine::lecture::EtatBulletin;
use arbitre_engine::lexique::Lexique;
use arbitre_engine::partie::Partie;
use arbitre_engine::LexiquePartie;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::Path;

/// Prévoit tous les bulletins d'une manche (sans dessin) : déterministe pour une graine.
pub fn prevoir_manche(partie: &Partie, lexique: &Lexique, coups: &[u32], tables: u32, graine: u64) -> Result<Vec<Prevu>, String> {
    let mut tout = Vec::new();
    let lexique = LexiquePartie::new(partie, lexique);
    for &n in coups {
        let coup = Coup::new(partie, n, &lexique).ok_or_else(|| format!("coup {n} absent de la partie ({} coups)", partie.coups.len()))?;
        let mut rng = ChaCha8Rng::seed_from_u64(graine_bulletin(graine, n, 0));
        let mut v = prevoir_coup(&coup, tables, &mut rng);
        ajouter_ratures(&mut v, &mut rng);
        tout.extend(v);
    }
    Ok(tout)
}

/// Le dossier des scans d'un coup, comme un arbitre le range : `coup-05`.
pub fn dossier_du_coup(coup: u32) -> String {
    format!("coup-{coup:02}")
}

/// Les noms des fichiers de chaque bulletin (sans extension), relatifs au dossier de la
/// manche : `coup-CC/scan-NNN` dans l'ordre où le scanner les a pris (les bulletins d'un
/// coup ramassés dans le désordre : l'ordre est tiré de la graine), `coup-CC/absent-tableTTT`
/// pour la vérité d'un bulletin non remis (aucune image).
pub fn noms_des_bulletins(prevus: &[Prevu], graine: u64) -> Vec<String> {
    let mut noms = vec![String::new(); prevus.len()];
    let mut coups: Vec<u32> = prevus.iter().map(|p| p.lecture.coup).collect();
    coups.sort_unstable();
    coups.dedup();
    for coup in coups {
        let mut ici: Vec<usize> = (0..prevus.len()).filter(|&i| prevus[i].lecture.coup == coup && prevus[i].lecture.etat != EtatBulletin::Absent).collect();
        let mut rng = ChaCha8Rng::seed_from_u64(graine_bulletin(graine, coup, u32::MAX));
        ici.shuffle(&mut rng);
        for (k, &i) in ici.iter().enumerate() {
            noms[i] = format!("{}/scan-{:03}", dossier_du_coup(coup), k + 1);
        }
    }
    for (i, p) in prevus.iter().enumerate() {
        if p.lecture.etat == EtatBulletin::Absent {
            noms[i] = format!("{}/absent-table{:03}", dossier_du_coup(p.lecture.coup), p.lecture.table);
        }
    }
    noms
}

/// Toutes les vérités terrain d'une manche écrite (dossiers `coup-CC`) : le chemin du
/// JSON et son contenu, dans l'ordre des chemins.
pub fn verites(dossier: &Path) -> std::io::Result<Vec<(std::path::PathBuf, VeriteTerrain)>> {
    let mut v = Vec::new();
    for e in std::fs::read_dir(dossier)? {
        let d = e?.path();
        if !d.is_dir() {
            continue;
        }
        for f in std::fs::read_dir(&d)? {
            let p = f?.path();
            if p.extension().is_some_and(|x| x == "json") {
                let vt: VeriteTerrain = serde_json::from_str(&std::fs::read_to_string(&p)?).map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, format!("{} : {e}", p.display())))?;
                v.push((p, vt));
            }
        }
    }
    v.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(v)
}

/// Ce que l'arbitre écrit dans la partie grisée : parfois le numéro du coup, et pour un
/// bulletin sanctionné, parfois le motif et le score attribué (rouge, ou vert pour le
/// double arbitrage).
fn annotation(p: &Prevu, rng: &mut ChaCha8Rng) -> Option<Annotation> {
    if p.lecture.etat == EtatBulletin::Absent || !rng.gen_bool(0.3) {
        return None;
    }
    let encre = if rng.gen_bool(0.7) { [200, 30, 35] } else { [25, 130, 60] };
    let a = &p.intention.attendu;
    let (motif, score) = if a.verdict != Verdict::Valide && rng.gen_bool(0.6) {
        let motif = match p.intention.genre {
            Genre::ScoreErrone => "SCORE",
            Genre::DeuxLettresRaccord => "LR",
            Genre::Decalage => "LOC P 5",
            Genre::ReferenceInversee => "INV",
            Genre::JokerNonEntoure => "JOK",
            Genre::LettreHorsTirage => "EL",
            Genre::MotNonAdmis => "MNA",
            Genre::PlusieursSolutions => "2 SOL MIN",
            _ => "",
        };
        ((!motif.is_empty()).then(|| motif.to_string()), Some(a.score.to_string()))
    } else {
        (None, None)
    };
    Some(Annotation { coup: Some(p.lecture.coup.to_string()), motif, score, encre })
}

/// Le résumé d'une manche écrite.
#[derive(Debug, Serialize)]
pub struct Bilan {
    pub graine: u64,
    pub tables: u32,
    pub coups: Vec<u32>,
    pub bulletins: usize,
    pub images: usize,
    pub genres: BTreeMap<String, usize>,
    pub ecritures: String,
}

/// La partie limitée aux coups joués dans la manche (1 à `dernier`) : la correction de la
/// manche ne compte pas d'absents pour les coups qui n'ont pas été générés.
fn partie_jusqu_a(texte: &str, dernier: Option<u32>) -> String {
    let Some(dernier) = dernier else { return texte.to_string() };
    let mut sortie = String::new();
    for ligne in texte.lines() {
        let numero = ligne.split_whitespace().next().and_then(|c| c.parse::<u32>().ok());
        if numero.is_none_or(|n| n <= dernier) {
            sortie.push_str(ligne);
            sortie.push('\n');
        }
    }
    sortie.push_str(&format!("# (coups 1 à {dernier} : ceux de la manche générée)\n"));
    sortie
}

/// Dessine et écrit une manche dans `dossier` (créé au besoin).
pub fn ecrire_manche(g: &Generateur, prevus: &[Prevu], partie_texte: &str, graine: u64, tables: u32, dossier: &Path) -> std::io::Result<Bilan> {
    std::fs::create_dir_all(dossier)?;
    std::fs::write(dossier.join("partie.partie"), partie_jusqu_a(partie_texte, prevus.iter().map(|p| p.lecture.coup).max()))?;
    let noms = noms_des_bulletins(prevus, graine);
    for n in &noms {
        if let Some((d, _)) = n.split_once('/') {
            std::fs::create_dir_all(dossier.join(d))?;
        }
    }
    let resultats: Vec<std::io::Result<bool>> = prevus
        .par_iter()
        .zip(&noms)
        .map(|(p, nom)| {
            let (coup, table) = (p.lecture.coup, p.lecture.table);
            let gb = graine_bulletin(graine, coup, table);
            let mut rng = ChaCha8Rng::seed_from_u64(gb ^ 0xA11_07A7E);
            let ann = annotation(p, &mut rng);
            // L'image est nommée dans la vérité relativement au dossier du JSON.
            let court = nom.rsplit('/').next().unwrap_or(nom);
            let b = g.generer(&p.lecture, ann.as_ref(), gb, &format!("{court}.jpg")).map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e.to_string()))?;
            let mut verite = b.verite;
            verite.intention = Some(p.intention.clone());
            if let Some(j) = &b.jpeg {
                std::fs::write(dossier.join(format!("{nom}.jpg")), j)?;
            }
            // Compact : une ligne (les points du quadrillage rendraient le JSON indenté énorme).
            let json = serde_json::to_string(&verite).map_err(std::io::Error::other)?;
            std::fs::write(dossier.join(format!("{nom}.json")), json + "\n")?;
            Ok(b.jpeg.is_some())
        })
        .collect();
    let mut images = 0;
    for r in resultats {
        images += r? as usize;
    }
    let mut texte = format!("# Lectures de la manche générée (graine {graine}, {tables} tables) : format texte des bulletins.\n");
    for p in prevus {
        texte.push('\n');
        texte.push_str(&p.lecture.vers_texte());
    }
    std::fs::write(dossier.join("bulletins.txt"), texte)?;
    let mut genres = BTreeMap::new();
    for p in prevus {
        let nom = serde_json::to_value(p.intention.genre).ok().and_then(|v| v.as_str().map(String::from)).unwrap_or_default();
        *genres.entry(nom).or_insert(0) += 1;
    }
    let mut coups: Vec<u32> = prevus.iter().map(|p| p.lecture.coup).collect();
    coups.dedup();
    let bilan = Bilan {
        graine,
        tables,
        coups,
        bulletins: prevus.len(),
        images,
        genres,
        ecritures: {
            let e = g.plumier.ecritures;
            let nom = e.dossier.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            format!("{nom} ({})", e.partage.map(|p| format!("{p:?}").to_lowercase()).unwrap_or_default())
        },
    };
    std::fs::write(dossier.join("manche.json"), serde_json::to_string_pretty(&bilan).map_err(std::io::Error::other)? + "\n")?;
    Ok(bilan)
}
