//! Le dépouillement d'une manche scannée : chaque image lue, attribuée à un bulletin (table,
//! coup) ou rejetée avec sa raison ; chaque bulletin jugé (décision automatique, ou « à
//! vérifier » quand le doute de la machine compte) ; chaque table sans bulletin à un coup
//! déclarée absente (5.7), à vérifier si une image de ce coup peut être son bulletin ; les
//! corrections des personnes appliquées. Chaque image finit à exactement une place : le
//! [`Bilan`] le compte.

use crate::a_une_case_pres::lecture_voisine;
use crate::autre_coup::{coup_du_bulletin, coup_voisin_sans_bulletin, RangeAilleurs};
use crate::coup_etranger::coups_etrangers;
use crate::attribution::{numero_sur, probabilite_du_numero, repartir, tables_possibles, Attribution, Repartition};
use crate::bilan::{Bilan, Place};
use crate::correction::{Contextes, MESSAGE_PANNE};
use crate::corrections::Corrections;
use crate::doute::Seuils;
use crate::lecture_des_scans::{extraits_manquants, lire_les_scans};
use crate::lectures_gardees::Gardees;
use crate::jugement::{doutes, ecriture_a_part_negligee, juger, texte_court, trous, DouteDecision};
use crate::suivi::Suivi;
use crate::table_deduite::P_TABLE_POSSIBLE;
use arbitre_engine::arbitrage::{Decision, Edition, Verdict};
use arbitre_engine::lecture::{EtatBulletin, Lecture};
use arbitre_engine::lexique_partie::LexiquePartie;
use arbitre_engine::partie::Partie;
use arbitre_pipeline::lecteur::Lecteur;
use arbitre_pipeline::lecture_scan::{LectureScan, RaisonRejet};
use arbitre_pipeline::scans::{inventaire, ErreurScans};
use arbitre_reports::double_arbitrage::CorrectionPremier;
use arbitre_reports::verification::{extrait_du_rejet, extrait_du_scan, AbsenceAVerifier, RejetImage, Verification, DOUBLON, PAGE_BLANCHE};
use arbitre_reports::{BulletinCorrige, ErreurBulletin, Extrait, GenreErreur};
use rayon::prelude::*;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::Path;

/// Ce qu'il faut pour dépouiller une manche.
pub struct Entree<'a> {
    pub partie: &'a Partie,
    pub lexique: &'a LexiquePartie<'a>,
    pub edition: Edition,
    pub lecteur: &'a Lecteur,
    /// Le dossier des scans (un sous-dossier par coup), ou un dossier plat avec `coup`.
    pub scans: &'a Path,
    /// Le dossier des rapports (`arbitre run`), qui peut être rangé dans celui des scans :
    /// il n'est pas parcouru (ses extraits de scans ne sont pas des bulletins).
    pub sortie: Option<&'a Path>,
    pub coup: Option<u32>,
    /// Une partie en cours, corrigée jusqu'à ce coup (`partie` s'y arrête) : les images des
    /// coups suivants sont laissées de côté, sans être lues.
    pub jusqu_au_coup: Option<u32>,
    /// Les tables de la manche (`--joueurs`), chacune avec le premier coup qu'elle joue
    /// (1, sauf un retardataire : colonne `arrivee`, 6.2 — avant, ni bulletin attendu ni
    /// absence) ; sinon, celles dont le numéro est lu sans doute.
    pub tables: Option<BTreeMap<u32, u32>>,
    pub corrections: Corrections,
    /// La correction du premier arbitre : un écart est montré sur la page de revue.
    pub premier: Option<&'a [CorrectionPremier]>,
    pub seuils: Seuils,
    /// Tirer les extraits de scans de la page de revue (`arbitre run`) ; pas pour une
    /// mesure qui n'écrit pas de revue (`arbitre evaluer`).
    pub extraits: bool,
    /// Garder les lectures dans le dossier des rapports et reprendre celles d'une exécution
    /// précédente sur des scans inchangés (`arbitre run`) : l'empreinte du lecteur (voir
    /// [`crate::lectures_gardees`]). `None` : tout lire, rien garder.
    pub empreinte_du_lecteur: Option<String>,
}

/// Les bulletins décidés, les images rejetées, les extraits pour la page de revue et le
/// bilan.
#[derive(Debug, Default)]
pub struct Depouillement {
    pub bulletins: Vec<BulletinCorrige>,
    pub erreurs: Vec<ErreurBulletin>,
    pub rejets: Vec<RejetImage>,
    /// Les tables sans bulletin dont le zéro (5.7) n'est pas sûr.
    pub absences_a_verifier: Vec<AbsenceAVerifier>,
    /// `revue/coupCC-tableTTT.jpg` (JPEG).
    pub extraits: Vec<Extrait>,
    pub bilan: Bilan,
    /// Les lectures de chaque page d'image (pour l'évaluation et `arbitre lire`).
    pub scans: Vec<LectureScan>,
    /// Le contenu de [`crate::lectures_gardees::NOM`], à écrire dans le dossier des
    /// rapports (avec [`Entree::empreinte_du_lecteur`]).
    pub lectures_gardees: Option<String>,
    /// Le doute de la machine sur la décision de chaque bulletin qu'elle a jugé, par
    /// (table, coup) : pour mesurer sa calibration (`arbitre evaluer`).
    pub doutes_des_decisions: BTreeMap<(u32, u32), DouteDecision>,
}

/// Le nom d'une page d'image dans les rapports : le chemin relatif au dossier des scans,
/// suivi de `#page=N` pour une page d'un TIFF ou d'un PDF, de `#bulletin=K` pour le K-ième
/// bulletin d'une planche (`#page=N&bulletin=K` pour les deux).
pub fn nom_image(s: &LectureScan) -> String {
    match (s.page, s.bulletin) {
        (Some(p), Some(b)) => format!("{}#page={p}&bulletin={b}", s.image),
        (Some(p), None) => format!("{}#page={p}", s.image),
        (None, Some(b)) => format!("{}#bulletin={b}", s.image),
        (None, None) => s.image.clone(),
    }
}

/// Dépouille une manche.
pub fn depouiller(e: Entree<'_>, suivi: &dyn Suivi) -> Result<Depouillement, ErreurScans> {
    let mut inv = inventaire(&[e.scans.to_path_buf()], e.coup, e.sortie.as_slice())?;
    let mut d = Depouillement::default();
    if let Some(n) = e.jusqu_au_coup {
        let avant = inv.images.len();
        inv.images.retain(|f| f.coup.is_none_or(|c| c <= n));
        d.bilan.apres_le_coup = Some((n, avant - inv.images.len()));
    }
    let gardees = match (e.sortie, &e.empreinte_du_lecteur) {
        (Some(sortie), Some(lecteur)) => Some(Gardees::charger(&sortie.join(crate::lectures_gardees::NOM), lecteur)),
        _ => None,
    };
    let lus = lire_les_scans(e.lecteur, &inv.images, e.extraits, gardees.as_ref(), suivi);
    let (scans, mut jpeg) = (lus.scans, lus.jpeg);
    d.bilan.reprises = lus.reprises;
    d.bilan.lectures_ecartees = gardees.as_ref().and_then(|g| g.ecartees.clone());
    d.bilan.fichiers = inv.images.len();
    d.bilan.ignores = inv.ignores;
    let nb_coups = e.partie.coups.len() as u32;
    d.bilan.coups_de_la_partie = nb_coups;
    let tables_de_la_manche: Option<BTreeSet<u32>> = e.tables.as_ref().map(|t| t.keys().copied().collect());
    let mut repartition = repartir(&scans, nb_coups, tables_de_la_manche.as_ref(), e.seuils.table);
    // Les scans que nomment les corrections (`scan:`) passent à leur bulletin.
    let mut corrections = e.corrections;
    let scans_nommes = crate::scans_corriges::appliquer(&mut corrections, &mut repartition, &scans);
    for r in &repartition.rejets {
        d.bilan.placer(Place::Rejetee(r.raison.clone()));
    }
    d.rejets = std::mem::take(&mut repartition.rejets);

    let coups = (1..=nb_coups).collect::<Vec<_>>();
    let contextes = Contextes::preparer(e.partie, e.lexique, coups, e.edition, suivi);

    // Chaque scan attribué : corrigé par une personne, ou jugé par la machine.
    suivi.etape("bulletins", repartition.attribues.len());
    let mut juges: Vec<ScanJuge> = repartition
        .attribues
        .par_iter()
        .map(|a| {
            let s = &scans[a.scan];
            let r = match corrections.lectures.get(&(a.table, a.coup)) {
                Some(l) => ScanJuge { place: Place::Corrigee, bulletin: corrige_par_une_personne(&contextes, l, Some(nom_image(s))), doute: None, ailleurs: None },
                None => juger_scan(&contextes, s, a, e.seuils, nb_coups),
            };
            suivi.avance(1);
            r
        })
        .collect();
    suivi.fin();
    // Un bulletin valide aussi au coup voisin où sa table n'a rien rendu : peut-être rangé
    // dans le mauvais dossier, et son coup compterait une absence (5.7 : absence de remise
    // de bulletin, un zéro). Une sanction rangée ailleurs est déjà vue (`coup_du_bulletin`).
    let presents: BTreeSet<(u32, u32)> = repartition.attribues.iter().map(|a| (a.table, a.coup)).chain(corrections.lectures.keys().copied()).collect();
    let arrivee = |t: u32| e.tables.as_ref().map_or(Some(1), |tables| tables.get(&t).copied());
    let sans_bulletin = |t: u32, c: u32| (1..=nb_coups).contains(&c) && arrivee(t).is_some_and(|a| c >= a) && !presents.contains(&(t, c));
    juges.par_iter_mut().for_each(|j| voisin_sans_bulletin(j, &contextes, sans_bulletin));
    // Un coup dont presque aucun bulletin lu par la machine n'est payé : ses scans sont
    // peut-être d'une autre partie ou d'un autre coup ; chacun de ses bulletins est à vérifier.
    let par_la_machine = |j: &ScanJuge| matches!(j.place, Place::Automatique | Place::AVerifier);
    let etrangers = coups_etrangers(juges.iter().filter(|j| par_la_machine(j)).filter_map(|j| j.bulletin.as_ref().ok()).map(|b| (b.decision.coup, b.decision.verdict != Verdict::Zero)));
    d.bilan.coups_etrangers = etrangers.keys().copied().collect();
    let mut ranges_ailleurs = Vec::new();
    for mut j in juges {
        if let (true, Ok(b)) = (par_la_machine(&j), j.bulletin.as_mut()) {
            if let (Some(e), Some(v)) = (etrangers.get(&b.decision.coup), b.verification.as_mut()) {
                v.raisons.push(e.raison(b.decision.coup));
                v.a_verifier = true;
                j.place = Place::AVerifier;
            }
        }
        let ScanJuge { place, bulletin: r, doute, ailleurs } = j;
        d.bilan.placer(place);
        ranges_ailleurs.extend(ailleurs);
        if let Some(doute) = doute {
            d.doutes_des_decisions.insert((doute.table, doute.coup), doute);
        }
        d.bilan.tables_deduites += r.as_ref().is_ok_and(|b| b.verification.as_ref().is_some_and(|v| v.table_deduite.is_some())) as usize;
        match r {
            Ok(b) => d.bulletins.push(b),
            Err(er) => d.erreurs.push(er),
        }
    }

    // Les corrections sans scan rangé par la machine : lues sur une image rejetée ou sur
    // le scan d'une autre table (`scan:`), ou sans scan (bulletin retrouvé, absent
    // confirmé).
    let attribues: BTreeSet<(u32, u32)> = repartition.attribues.iter().map(|a| (a.table, a.coup)).collect();
    for (cle, l) in &corrections.lectures {
        if !attribues.contains(cle) {
            let scan = scans_nommes.get(cle).cloned();
            match scan {
                Some(_) => d.bilan.placer(Place::Corrigee),
                None if l.etat == EtatBulletin::Absent => d.bilan.absents_confirmes += 1,
                None => d.bilan.corrections_sans_scan += 1,
            }
            match corrige_par_une_personne(&contextes, l, scan) {
                Ok(b) => d.bulletins.push(b),
                Err(er) => d.erreurs.push(er),
            }
        }
    }
    d.erreurs.extend(corrections.erreurs.iter().cloned());

    // 5.7 : une table sans bulletin à un coup a zéro ; douteux si son bulletin peut être
    // ailleurs.
    absences(&mut d, e.tables.as_ref(), nb_coups, &repartition, &scans, e.seuils.table, &ranges_ailleurs);
    d.bulletins.sort_by_key(|b| (b.decision.coup, b.decision.table));

    if let (true, Some(g), Some(sortie)) = (e.extraits && lus.reprises > 0, &gardees, e.sortie) {
        extraits_manquants(e.lecteur, &inv.images, &scans, &images_montrees(&d, e.premier), (g, sortie), &mut jpeg, suivi);
    }
    let mut montres = extraits(&d.bulletins, &mut jpeg, e.premier);
    montres.extend(extraits_des_rejets(&d.rejets, &mut jpeg));
    if let Some(lecteur) = e.empreinte_du_lecteur.as_deref() {
        let mut a_garder = lus.a_garder;
        noter_les_extraits(&mut a_garder, &montres);
        d.lectures_gardees = Some(crate::lectures_gardees::ecrire(lecteur, &a_garder));
    }
    d.extraits = montres.into_iter().map(|(_, x)| x).collect();
    d.scans = scans;
    Ok(d)
}

/// Compte les tables sans bulletin à chaque coup (zéro, 5.7) et note celles dont le zéro
/// n'est pas sûr. Les tables de la manche sont celles de `--joueurs` (à partir de leur
/// premier coup : un retardataire n'est pas absent avant, 6.2), sinon celles qui ont au
/// moins un bulletin.
fn absences(d: &mut Depouillement, tables: Option<&BTreeMap<u32, u32>>, nb_coups: u32, repartition: &Repartition, scans: &[LectureScan], seuil_table: f64, ranges_ailleurs: &[RangeAilleurs]) {
    let tables: BTreeMap<u32, u32> = match tables {
        Some(t) => t.clone(),
        None => d.bulletins.iter().map(|b| (b.lecture.table, 1)).collect(),
    };
    let presents: BTreeSet<(u32, u32)> = d.bulletins.iter().map(|b| (b.lecture.table, b.lecture.coup)).chain(d.erreurs.iter().filter_map(|er| Some((er.table?, er.coup?)))).collect();
    let mut rejetes_par_coup: BTreeMap<Option<u32>, Vec<&RejetImage>> = BTreeMap::new();
    for r in &d.rejets {
        rejetes_par_coup.entry(r.coup).or_default().push(r);
    }
    let par_nom: HashMap<String, usize> = scans.iter().enumerate().map(|(i, s)| (nom_image(s), i)).collect();
    let mut douteuses = Vec::new();
    for coup in 1..=nb_coups {
        let rejetees: Vec<&RejetImage> = rejetes_par_coup.get(&Some(coup)).into_iter().chain(rejetes_par_coup.get(&None)).flatten().copied().collect();
        let pistes = Pistes::du_coup(coup, &rejetees, repartition, scans, &par_nom, seuil_table);
        // 5.7 vaut pour un joueur qui n'a pas rendu de bulletin, pas pour un coup dont les
        // scans manquent (dossier oublié, vide, fichiers d'un autre format, ou rien que des
        // pages blanches : le côté vide des feuilles scanné).
        let du_coup = || scans.iter().filter(|s| s.coup == Some(coup));
        let sans_image = du_coup().all(|s| s.rejet.as_ref().is_some_and(|r| r.raison == RaisonRejet::PageBlanche));
        if sans_image {
            d.bilan.coups_sans_image.push(coup);
        }
        let pourquoi_sans_image = match du_coup().count() {
            0 => format!("aucune image pour le coup {coup} (dossier du coup absent ou vide) : ses scans manquent peut-être"),
            n => format!("les {n} image(s) du coup {coup} sont des pages blanches (le côté vide des feuilles scanné ?) : ses scans manquent peut-être"),
        };
        for (&table, _) in tables.iter().filter(|&(&t, &arrivee)| coup >= arrivee && !presents.contains(&(t, coup))) {
            d.bilan.absents += 1;
            let mut raisons = doutes_sur_l_absence(table, &pistes, &repartition.tables_en_double);
            // Son bulletin est peut-être rangé dans le dossier d'un autre coup.
            raisons.extend(ranges_ailleurs.iter().filter(|r| (r.table, r.coup_probable) == (table, coup)).map(RangeAilleurs::raison_de_l_absence));
            if sans_image {
                raisons.push(pourquoi_sans_image.clone());
            }
            if !raisons.is_empty() {
                douteuses.push(AbsenceAVerifier { table, coup, raisons });
            }
        }
    }
    d.bilan.absents_a_verifier = douteuses.len();
    d.absences_a_verifier = douteuses;
}

/// Un scan attribué, corrigé par une personne ou jugé par la machine.
struct ScanJuge {
    place: Place,
    bulletin: Result<BulletinCorrige, ErreurBulletin>,
    /// Le doute de la machine sur sa décision (jugé par la machine).
    doute: Option<DouteDecision>,
    /// Sa lecture serait la solution d'un autre coup ([`crate::autre_coup`]).
    ailleurs: Option<RangeAilleurs>,
}

/// Un bulletin jugé par la machine, valide, dont la lecture serait aussi une solution du coup
/// voisin où sa table n'a rien rendu (`sans_bulletin(table, coup)`) : à vérifier, et
/// l'absence de la table à ce coup le nommera ([`coup_voisin_sans_bulletin`]).
fn voisin_sans_bulletin(j: &mut ScanJuge, contextes: &Contextes<'_>, sans_bulletin: impl Fn(u32, u32) -> bool) {
    if !matches!(j.place, Place::Automatique | Place::AVerifier) {
        return;
    }
    let Ok(b) = j.bulletin.as_mut() else { return };
    let Some(v) = b.verification.as_mut() else { return };
    let table = b.decision.table;
    let corriger = |l: &Lecture| contextes.corriger(l).and_then(Result::ok);
    let Some(coup_probable) = coup_voisin_sans_bulletin(&b.lecture, &b.decision, |c| sans_bulletin(table, c), corriger) else { return };
    let r = RangeAilleurs { image: v.image.clone().unwrap_or_default(), table, coup_du_dossier: b.decision.coup, coup_probable };
    v.raisons.push(r.raison_du_bulletin_valide());
    v.a_verifier = true;
    j.place = Place::AVerifier;
    j.ailleurs = Some(r);
}

/// Juge un scan attribué : la décision de la lecture la plus probable, à vérifier si le
/// doute compte, si l'attribution est incertaine ou si le recalage est douteux.
fn juger_scan(contextes: &Contextes<'_>, s: &LectureScan, a: &Attribution, seuils: Seuils, nb_coups: u32) -> ScanJuge {
    let image = nom_image(s);
    let corriger = |l: &Lecture| contextes.corriger(l).and_then(Result::ok);
    let Some(j) = juger(s, a.table, a.coup, seuils, corriger) else {
        let er = ErreurBulletin { fichier: image, ligne: 0, table: Some(a.table), coup: Some(a.coup), message: MESSAGE_PANNE.into(), genre: GenreErreur::Interne };
        return ScanJuge { place: Place::EnErreur, bulletin: Err(er), doute: None, ailleurs: None };
    };
    let mut raisons = a.raisons.clone();
    // Une sanction dont la lecture serait la solution d'un autre coup : le bulletin est
    // peut-être rangé dans le mauvais dossier.
    let ailleurs = coup_du_bulletin(&j.lecture, &j.decision, nb_coups, corriger)
        .map(|coup_probable| RangeAilleurs { image: image.clone(), table: a.table, coup_du_dossier: a.coup, coup_probable });
    if let Some(r) = &ailleurs {
        raisons.push(r.raison_du_bulletin(j.decision.verdict));
    }
    if j.sanction_incertaine() {
        raisons.push(format!(
            "sanction ({}) sur une lecture dont la machine n'est sûre qu'à {:.0} % (au moins {:.0} % pour sanctionner sans personne)",
            arbitre_reports::double_arbitrage::nom_verdict(j.decision.verdict),
            j.p_lecture * 100.0,
            seuils.sanction * 100.0
        ));
    }
    if j.p_plus >= seuils.favorable || j.p_moins >= seuils.doute {
        raisons.push(format!(
            "lecture incertaine : les lectures plausibles qui paieraient davantage le joueur pèsent {:.1} % (seuil {} %), celles qui le paieraient moins {:.1} % (seuil {} %)",
            j.p_plus * 100.0,
            seuils.favorable * 100.0,
            j.p_moins * 100.0,
            seuils.doute * 100.0
        ));
    }
    if let Some(&(i, j)) = trous(&j.lecture).first() {
        raisons.push(format!("case vide entre deux lettres (rangée {}, case {} du mot lu) : une lettre a peut-être échappé à la machine", i + 1, j + 1));
    }
    raisons.extend(ecriture_a_part_negligee(&j.lecture, &j.decision));
    if let Some(r) = s.recalage.as_ref().filter(|r| r.douteux) {
        raisons.push(format!("recalage douteux (résidu {:.2} mm, {:.0} % des traits des cadres retrouvés) : cases peut-être mal lues", r.residu_mm, r.cadres * 100.0));
    }
    if raisons.is_empty() {
        if let Some(v) = lecture_voisine(&j.lecture, &j.decision, corriger) {
            raisons.push(format!(
                "sanction ({}) alors qu'à un caractère près ({}), la lecture « {} » serait {} : la machine a peut-être mal lu ou manqué ce caractère",
                arbitre_reports::double_arbitrage::nom_verdict(j.decision.verdict),
                v.ecart,
                texte_court(&v.lecture),
                v.serait.texte()
            ));
        }
    }
    let a_verifier = !raisons.is_empty();
    let verification = Verification {
        a_verifier,
        raisons,
        image: Some(image),
        confiance: 1.0 - j.p_autre,
        alternatives: j.concurrentes,
        corrigee_par_une_personne: false,
        table_deduite: a.table_deduite.clone(),
        doutes: doutes(s),
        places: contextes.places(&j.lecture),
    };
    let place = if a_verifier { Place::AVerifier } else { Place::Automatique };
    let doute = DouteDecision { table: a.table, coup: a.coup, p_plus: j.p_plus, p_moins: j.p_moins };
    ScanJuge { place, bulletin: Ok(BulletinCorrige { lecture: j.lecture, decision: j.decision, verification: Some(verification) }), doute: Some(doute), ailleurs }
}

/// Un bulletin dont une personne a donné la lecture.
fn corrige_par_une_personne(contextes: &Contextes<'_>, l: &Lecture, image: Option<String>) -> Result<BulletinCorrige, ErreurBulletin> {
    let (fichier, ligne) = crate::correction::lieu(l);
    let err = |message: String, genre| ErreurBulletin { fichier: fichier.clone(), ligne, table: Some(l.table), coup: Some(l.coup), message, genre };
    let decision: Decision = match contextes.corriger(l) {
        Some(Ok(d)) => d,
        Some(Err(())) => return Err(err(MESSAGE_PANNE.into(), GenreErreur::Interne)),
        None => return Err(err(format!("correction pour le coup {}, absent de la partie", l.coup), GenreErreur::HorsPartie)),
    };
    let verification = Verification { a_verifier: false, raisons: Vec::new(), image, confiance: 1.0, alternatives: Vec::new(), corrigee_par_une_personne: true, table_deduite: None, doutes: Vec::new(), places: contextes.places(l) };
    Ok(BulletinCorrige { lecture: l.clone(), decision, verification: Some(verification) })
}

/// Les images d'un coup qui peuvent être le bulletin d'une table absente, préparées une
/// fois pour toutes les absences du coup.
struct Pistes {
    /// Les images rejetées qui peuvent porter n'importe quel numéro.
    rejetees: Vec<String>,
    /// Les copies sûres d'un bulletin retenu, et les numéros qu'elles portent peut-être.
    copies: Vec<(String, Vec<(u32, f64)>)>,
    /// Les scans attribués à une table.
    attribues: Vec<ScanAttribue>,
}

/// Un scan du coup attribué à une table.
struct ScanAttribue {
    image: String,
    table: u32,
    /// Les numéros qu'il porte peut-être.
    possibles: Vec<(u32, f64)>,
    /// Le numéro de sa table est incertain.
    incertain: bool,
    /// Lu sûrement, son numéro est peut-être celui d'un autre scan du coup.
    partage: bool,
}

impl Pistes {
    /// `par_nom` : l'indice de chaque scan par son nom ([`nom_image`]) ; `seuil_table` :
    /// voir `Seuils::table`.
    fn du_coup(coup: u32, rejetees: &[&RejetImage], r: &Repartition, scans: &[LectureScan], par_nom: &HashMap<String, usize>, seuil_table: f64) -> Pistes {
        // Une copie du bulletin retenu (`attribution::copie_de` : le même scan rangé deux
        // fois) n'est le bulletin d'une table absente que si ce numéro est l'une de ses
        // lectures. Toute autre image rejetée peut porter n'importe quel numéro : un second
        // bulletin qui n'est pas une copie est celui d'une autre table, et les lectures d'un
        // numéro mal lu n'en contiennent pas toujours le vrai.
        let copie = |rj: &RejetImage| -> Option<Vec<(u32, f64)>> {
            let s = &scans[*par_nom.get(&rj.image).filter(|_| rj.raison == DOUBLON)?];
            Some(tables_possibles(s))
        };
        let mut p = Pistes { rejetees: Vec::new(), copies: Vec::new(), attribues: Vec::new() };
        // Une page blanche ne porte le bulletin d'aucune table.
        for rj in rejetees.iter().filter(|rj| rj.raison != PAGE_BLANCHE) {
            match copie(rj) {
                Some(possibles) => p.copies.push((rj.image.clone(), possibles)),
                None => p.rejetees.push(rj.image.clone()),
            }
        }
        for a in r.attribues.iter().filter(|a| a.coup == coup) {
            let possibles = tables_possibles(&scans[a.scan]);
            let incertain = !numero_sur(probabilite_du_numero(&possibles, a.table), seuil_table);
            p.attribues.push(ScanAttribue { image: nom_image(&scans[a.scan]), table: a.table, possibles, incertain, partage: a.numero_partage });
        }
        p
    }
}

/// La probabilité, si elle compte, qu'une image porte le numéro `table`.
fn porte(possibles: &[(u32, f64)], table: u32) -> Option<f64> {
    Some(probabilite_du_numero(possibles, table)).filter(|&p| p >= P_TABLE_POSSIBLE)
}

/// Pourquoi le zéro d'une table sans bulletin (5.7) n'est pas sûr : une image du coup a
/// été rejetée et peut être ce bulletin (tout rejet, sauf la copie sûre d'un bulletin
/// retenu qui ne porte pas ce numéro), la table a reçu deux bulletins à un coup (l'un est
/// peut-être celui-ci, rangé ailleurs), ou un scan du coup attribué à une autre table a
/// peut-être ce numéro ou a un numéro incertain.
fn doutes_sur_l_absence(table: u32, pistes: &Pistes, tables_en_double: &BTreeSet<u32>) -> Vec<String> {
    let mut raisons = Vec::new();
    for (image, possibles) in &pistes.copies {
        if let Some(p) = porte(possibles, table) {
            raisons.push(format!("l'image {image} (écartée : copie du bulletin d'une autre table) porte peut-être le numéro {table} ({:.1} %)", p * 100.0));
        }
    }
    if !pistes.rejetees.is_empty() {
        raisons.push(format!("bulletin manquant alors que {} image(s) du coup ont été rejetées ({}) : il est peut-être parmi elles", pistes.rejetees.len(), premiers(&pistes.rejetees)));
    }
    if tables_en_double.contains(&table) {
        raisons.push(format!("la table {table} a rendu deux bulletins à un autre coup : l'un d'eux est peut-être celui-ci"));
    }
    // Un scan du coup dont le numéro est incertain peut être ce bulletin, même quand aucune
    // de ses lectures ne dit ce numéro : celles d'un numéro mal lu ne contiennent pas
    // toujours le vrai (12 lu 62 ou 2).
    let mut incertains = Vec::new();
    for a in pistes.attribues.iter().filter(|a| a.table != table) {
        if let Some(p) = porte(&a.possibles, table) {
            raisons.push(format!("le scan {} (attribué à la table {}) porte peut-être le numéro {table} ({:.1} %)", a.image, a.table, p * 100.0));
        } else if a.incertain {
            incertains.push(a.image.clone());
        }
    }
    if !incertains.is_empty() {
        raisons.push(format!("bulletin manquant alors que {} scan(s) du coup ont un numéro de table incertain ({}) : il est peut-être l'un d'eux, mal lu", incertains.len(), premiers(&incertains)));
    }
    // Un scan lu sûrement à un numéro que porte peut-être un autre scan du coup, et qui ne
    // diffère de celui-ci que d'un chiffre : l'un des deux numéros est mal lu, et c'est
    // peut-être ce bulletin-ci (le bulletin de la 21 lu « 24 » à 99,8 %, celui de la 24 lu
    // 14 ou 24 : manche neuve 2_ai graine 211). Dit seulement pour une absence déjà à
    // vérifier : la piste montre où chercher, elle ne décide rien.
    if !raisons.is_empty() {
        let texte = table.to_string();
        let voisins: Vec<String> = pistes.attribues.iter().filter(|a| a.partage && a.table != table && crate::a_une_case_pres::a_un_chiffre_pres(&a.table.to_string(), &texte)).map(|a| format!("{} (rangé à la table {})", a.image, a.table)).collect();
        if !voisins.is_empty() {
            raisons.push(format!("à regarder d'abord : {}, lu à un chiffre de {table} sur un numéro qu'un autre scan du coup porte peut-être", premiers(&voisins)));
        }
    }
    raisons
}

/// Les cinq premiers noms d'une liste, « … » s'il y en a d'autres.
fn premiers(noms: &[String]) -> String {
    let mut t = noms.iter().take(5).cloned().collect::<Vec<_>>().join(", ");
    if noms.len() > 5 {
        t.push_str(", …");
    }
    t
}

/// Les bulletins qu'une personne regardera sur la page de revue : à vérifier, pas
/// valides, en commission, ou en écart avec le premier arbitre.
fn a_montrer(b: &BulletinCorrige, premier: Option<&[CorrectionPremier]>) -> bool {
    let d = &b.decision;
    let ecart = premier.is_some_and(|p| p.iter().any(|c| c.table == d.table && c.coup == d.coup && (c.score != d.score || c.sanction != d.verdict)));
    b.verification.as_ref().is_some_and(|v| v.a_verifier) || d.verdict != Verdict::Valide || d.commission || ecart
}

/// Les images dont la page de revue montre l'extrait : celles des bulletins à montrer
/// ([`extraits`]) et des images rejetées qui se sont lues ([`extraits_des_rejets`]).
fn images_montrees(d: &Depouillement, premier: Option<&[CorrectionPremier]>) -> BTreeSet<String> {
    let bulletins = d.bulletins.iter().filter(|b| a_montrer(b, premier)).filter_map(|b| b.verification.as_ref()?.image.clone());
    bulletins.chain(d.rejets.iter().filter(|rj| rj.lecture.is_some()).map(|rj| rj.image.clone())).collect()
}

/// Les extraits de scans des bulletins à montrer (tirés à la lecture), chacun avec le nom
/// de sa page d'image.
fn extraits(bulletins: &[BulletinCorrige], jpeg: &mut HashMap<String, Vec<u8>>, premier: Option<&[CorrectionPremier]>) -> Vec<(String, Extrait)> {
    bulletins
        .iter()
        .filter(|b| a_montrer(b, premier))
        .filter_map(|b| {
            let image = b.verification.as_ref()?.image.clone()?;
            let octets = jpeg.remove(&image)?;
            Some((image, Extrait { nom: extrait_du_scan(b.decision.coup, b.decision.table), octets }))
        })
        .collect()
}

/// Note, pour chaque page des fichiers gardés, l'extrait que la page de revue en montre
/// (repris à la prochaine exécution : [`crate::lectures_gardees::Gardees::extrait`]).
fn noter_les_extraits(fichiers: &mut [crate::lectures_gardees::FichierLu], montres: &[(String, Extrait)]) {
    let par_page: HashMap<&str, &Extrait> = montres.iter().map(|(page, x)| (page.as_str(), x)).collect();
    for f in fichiers {
        f.extraits = f
            .lectures
            .iter()
            .filter_map(|l| {
                let page = nom_image(l);
                let x = par_page.get(page.as_str())?;
                Some(crate::lectures_gardees::ExtraitGarde { page, fichier: x.nom.clone(), empreinte: arbitre_engine::fichier::empreinte(&x.octets) })
            })
            .collect();
    }
}

/// Les extraits des images rejetées qui se sont lues (numéro inconnu, doublon…) : la page de
/// revue les montre à côté de leur lecture, à compléter. Chacun est nommé par le rang de son
/// image dans l'ordre où le dossier range les rejets (par chemin).
fn extraits_des_rejets(rejets: &[RejetImage], jpeg: &mut HashMap<String, Vec<u8>>) -> Vec<(String, Extrait)> {
    let mut par_chemin: Vec<&RejetImage> = rejets.iter().collect();
    par_chemin.sort_by(|a, b| a.image.cmp(&b.image));
    par_chemin
        .into_iter()
        .enumerate()
        .filter(|(_, rj)| rj.lecture.is_some())
        .filter_map(|(k, rj)| Some((rj.image.clone(), Extrait { nom: extrait_du_rejet(k), octets: jpeg.remove(&rj.image)? })))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbitre_pipeline::lecture_scan::{Alternative, ChampLu};
    use arbitre_reports::verification::TABLE_EN_DOUBLE;

    /// Un scan du coup 1 dont le numéro de table se lit ainsi.
    fn scan(image: &str, tables: &[(&str, f32)]) -> LectureScan {
        let table = ChampLu { valeur: tables.first().map(|t| t.0.to_string()), alternatives: tables.iter().map(|&(l, p)| Alternative { lecture: l.into(), p }).collect(), caracteres: Vec::new() };
        LectureScan { image: image.into(), page: None, bulletin: None, coup: Some(1), lecture: None, cases: Vec::new(), table, reference: ChampLu::default(), score: ChampLu::default(), recalage: None, rejet: None }
    }

    /// Les doutes sur l'absence de `table` au coup `coup`, comme les voit le dépouillement.
    fn doutes(table: u32, coup: u32, rejetees: &[&RejetImage], r: &Repartition, scans: &[LectureScan], seuil_table: f64) -> Vec<String> {
        let par_nom: HashMap<String, usize> = scans.iter().enumerate().map(|(i, s)| (nom_image(s), i)).collect();
        doutes_sur_l_absence(table, &Pistes::du_coup(coup, rejetees, r, scans, &par_nom, seuil_table), &r.tables_en_double)
    }

    fn rejet(image: &str, raison: &str) -> RejetImage {
        RejetImage { image: image.into(), coup: Some(1), raison: raison.into(), message: String::new(), lecture: None }
    }

    #[test]
    fn seule_la_copie_d_un_bulletin_retenu_laisse_sur_le_zero_d_un_absent() {
        // scan-002, copie de scan-001 (`attribution::copie_de`), est lu 37 (sûr à 99 %) ou
        // 32 : écarté comme doublon.
        let scans = [scan("coup-01/scan-001.jpg", &[("37", 1.0)]), scan("coup-01/scan-002.jpg", &[("37", 0.99), ("32", 0.01)])];
        let r = Repartition { attribues: vec![Attribution { scan: 0, table: 37, coup: 1, raisons: Vec::new(), table_deduite: None, numero_partage: false }], ..Repartition::default() };
        let doublon = rejet("coup-01/scan-002.jpg", DOUBLON);
        // La table 32 manque : son bulletin est peut-être la copie.
        let raisons = doutes(32, 1, &[&doublon], &r, &scans, 0.02);
        assert_eq!(raisons.len(), 1, "{raisons:?}");
        assert!(raisons[0].contains("coup-01/scan-002.jpg") && raisons[0].contains("1.0 %"), "{raisons:?}");
        // La table 12 manque aussi : aucune lecture de la copie ne la nomme, son zéro est sûr.
        assert!(doutes(12, 1, &[&doublon], &r, &scans, 0.02).is_empty());
        // Un second bulletin de la 37 qui n'en est pas une copie : c'est le bulletin d'une
        // autre table, qui peut être n'importe laquelle (les lectures d'un numéro mal lu ne
        // contiennent pas toujours le vrai : 12 lu 62 ou 2).
        let second = rejet("coup-01/scan-002.jpg", TABLE_EN_DOUBLE);
        assert_eq!(doutes(12, 1, &[&second], &r, &scans, 0.02).len(), 1);
        // Une image rejetée sans numéro lu peut être le bulletin de n'importe quelle table.
        let illisible = rejet("coup-01/tache.jpg", "table_illisible");
        assert_eq!(doutes(12, 1, &[&illisible], &r, &scans, 0.02).len(), 1);
    }

    #[test]
    fn un_scan_au_numero_incertain_rend_douteuse_toute_absence_de_son_coup() {
        // Le bulletin de la table 12, lu 62 (inconnue) ou 2 : attribué à la table 2, à
        // vérifier. Aucune de ses lectures ne dit 12, mais le zéro « absent » de la table 12
        // n'est pas sûr pour autant.
        let scans = [scan("coup-01/scan-001.jpg", &[("62", 0.88), ("2", 0.1), ("02", 0.02)])];
        let r = Repartition { attribues: vec![Attribution { scan: 0, table: 2, coup: 1, raisons: Vec::new(), table_deduite: None, numero_partage: false }], ..Repartition::default() };
        let raisons = doutes(12, 1, &[], &r, &scans, 0.02);
        assert_eq!(raisons.len(), 1, "{raisons:?}");
        assert!(raisons[0].contains("coup-01/scan-001.jpg") && raisons[0].contains("incertain"), "{raisons:?}");
        // Lu 2 sûrement : l'absence de la table 12 est un zéro sûr.
        let scans = [scan("coup-01/scan-001.jpg", &[("2", 0.999)])];
        assert!(doutes(12, 1, &[], &r, &scans, 0.02).is_empty());
    }

    #[test]
    fn une_absence_a_verifier_montre_le_scan_lu_a_un_chiffre_sur_un_numero_partage() {
        // Le bulletin de la 21 lu « 24 » sûrement, celui de la 24 lu 14 ou 24 : la 24 a un
        // numéro partagé, et l'absence de la 21, déjà à vérifier (un scan au numéro
        // incertain), montre d'abord le scan rangé à la 24.
        let scans = [scan("coup-01/scan-014.jpg", &[("24", 0.998)]), scan("coup-01/scan-023.jpg", &[("14", 0.48), ("24", 0.30), ("74", 0.22)])];
        let attribution = |scan: usize, table: u32, numero_partage: bool| Attribution { scan, table, coup: 1, raisons: Vec::new(), table_deduite: None, numero_partage };
        let r = Repartition { attribues: vec![attribution(0, 24, true), attribution(1, 14, false)], ..Repartition::default() };
        let raisons = doutes(21, 1, &[], &r, &scans, 0.01);
        assert_eq!(raisons.last().map(String::as_str), Some("à regarder d'abord : coup-01/scan-014.jpg (rangé à la table 24), lu à un chiffre de 21 sur un numéro qu'un autre scan du coup porte peut-être"), "{raisons:?}");
        // La piste ne rend pas une absence douteuse à elle seule : lu sûrement, le 14 ne
        // laisse aucun doute sur l'absence de la 21.
        let scans = [scan("coup-01/scan-014.jpg", &[("24", 0.998)]), scan("coup-01/scan-023.jpg", &[("14", 0.999)])];
        assert!(doutes(21, 1, &[], &r, &scans, 0.01).is_empty());
    }
}
