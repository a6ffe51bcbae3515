//! Le dépouillement d'une manche scannée : chaque image lue, attribuée à un bulletin (table,
//! coup) ou rejetée avec sa raison ; chaque bulletin jugé (décision automatique, ou « à
//! vérifier » quand le doute de la machine compte) ; chaque table sans bulletin à un coup
//! déclarée absente (5.7), à vérifier si une image de ce coup peut être son bulletin ; les
//! corrections des personnes appliquées. Chaque image finit à exactement une place : le
//! [`Bilan`] le compte.

use crate::a_une_case_pres::{compte_de_travers, deux_lettres_d_une_solution, lecture_voisine, toute_autre_reference, LectureVoisine};
use crate::absences::absences;
use crate::extraits_montres::{extraits, extraits_a_montrer, noter_les_extraits};
use crate::autre_coup::{coup_du_bulletin, coup_voisin_sans_bulletin, Correcteur, RangeAilleurs};
use crate::coup_etranger::coups_etrangers;
use crate::attribution::{repartir, Attribution, TRAINEE};
use crate::bilan::{Bilan, Place};
use crate::correction::{Contextes, MESSAGE_PANNE};
use crate::corrections::Corrections;
use crate::doute::Seuils;
use crate::lecture_des_scans::{extraits_manquants, lire_les_scans};
use crate::lectures_gardees::Gardees;
use crate::doutes_montres::doutes;
use crate::jugement::{ecriture_negligee, juger, trous, DouteDecision};
use crate::prime_oubliee::prime_oubliee;
use crate::reference_mal_decoupee::reference_mal_decoupee;
use crate::suivi::Suivi;
use arbitre_engine::arbitrage::{Decision, Edition, Motif, Verdict};
use arbitre_engine::lecture::{EtatBulletin, Lecture};
use arbitre_engine::lexique_partie::LexiquePartie;
use arbitre_engine::partie::Partie;
use arbitre_formulaire::{Formulaire, Role};
use arbitre_pipeline::lecteur::Lecteur;
use arbitre_pipeline::lecture_scan::LectureScan;
use arbitre_pipeline::scans::{inventaire, ErreurScans};
use arbitre_reports::double_arbitrage::CorrectionPremier;
use arbitre_reports::verification::{AbsenceAVerifier, RejetImage, Verification};
use arbitre_reports::nombres::{decimal, pourcent, seuil};
use arbitre_reports::{BulletinCorrige, ErreurBulletin, Extrait, GenreErreur};
use rayon::prelude::*;
use std::collections::{BTreeMap, BTreeSet};
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
    /// Les corrections de personnes non appliquées à un bulletin qui a pourtant une
    /// décision (gardée, à vérifier) : à signaler.
    pub corrections_non_appliquees: Vec<ErreurBulletin>,
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
    d.bilan.scans_a_trainee = scans.iter().filter(|s| s.trainees.is_some()).count();
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
                Some(l) => {
                    let bulletin = corrige_par_une_personne(&contextes, l, Some(nom_image(s)));
                    let place = if bulletin.is_ok() { Place::Corrigee } else { Place::EnErreur };
                    ScanJuge { place, bulletin, doute: None, ailleurs: None }
                }
                None => juger_scan(&contextes, s, a, e.seuils, nb_coups, &e.lecteur.formulaire),
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
    // Le premier coup de chaque table de la manche : celles de `--joueurs`, sinon celles qui
    // ont un bulletin, dès le coup 1 (un numéro qu'aucun bulletin ne porte n'est pas une
    // table absente).
    let tables: BTreeMap<u32, u32> = match e.tables.as_ref() {
        Some(joueurs) => joueurs.clone(),
        None => presents.iter().map(|&(t, _)| (t, 1)).collect(),
    };
    d.bilan.numeros_non_confirmes = std::mem::take(&mut repartition.numeros_non_confirmes).into_iter().filter(|(t, _)| !tables.contains_key(t)).collect();
    let sans_bulletin = |t: u32, c: u32| (1..=nb_coups).contains(&c) && tables.get(&t).is_some_and(|&a| c >= a) && !presents.contains(&(t, c));
    juges.par_iter_mut().for_each(|j| voisin_sans_bulletin(j, &contextes, sans_bulletin));
    for (j, a) in juges.iter_mut().zip(&repartition.attribues) {
        numero_peut_etre_d_un_absent(j, &scans[a.scan], |t| sans_bulletin(t, a.coup));
    }
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
            let avec_scan = scan.is_some();
            // Une correction qui ne se corrige pas (coup hors de la partie) est un bulletin
            // non corrigé, pas une correction sans scan ; son image est en erreur.
            match (corrige_par_une_personne(&contextes, l, scan), avec_scan) {
                (Ok(b), true) => {
                    d.bilan.placer(Place::Corrigee);
                    d.bulletins.push(b);
                }
                (Ok(b), false) => {
                    match l.etat {
                        EtatBulletin::Absent => d.bilan.absents_confirmes += 1,
                        _ => d.bilan.corrections_sans_scan += 1,
                    }
                    d.bulletins.push(b);
                }
                (Err(er), _) => {
                    if avec_scan {
                        d.bilan.placer(Place::EnErreur);
                    }
                    d.erreurs.push(er);
                }
            }
        }
    }
    // Une correction non appliquée à un bulletin décidé le met à vérifier ; les autres
    // restent des bulletins non corrigés (zéro provisoire).
    let (restantes, non_appliquees) = crate::corrections_non_appliquees::rattacher(&mut d.bulletins, std::mem::take(&mut corrections.erreurs), &mut d.bilan);
    d.erreurs.extend(restantes);
    d.corrections_non_appliquees = non_appliquees;

    // 5.7 : une table sans bulletin à un coup a zéro ; douteux si son bulletin peut être
    // ailleurs.
    absences(&mut d, &tables, nb_coups, &repartition, &scans, e.seuils.table, &ranges_ailleurs);
    d.bulletins.sort_by_key(|b| (b.decision.coup, b.decision.table));

    let a_montrer = extraits_a_montrer(&d.bulletins, &d.rejets, e.premier);
    if let (true, Some(g), Some(sortie)) = (e.extraits && lus.reprises > 0, &gardees, e.sortie) {
        let pages = a_montrer.iter().map(|(page, _)| page.clone()).collect();
        extraits_manquants(e.lecteur, &inv.images, &scans, &pages, (g, sortie), &mut jpeg, suivi);
    }
    let montres = extraits(a_montrer, &mut jpeg);
    if let Some(lecteur) = e.empreinte_du_lecteur.as_deref() {
        let mut a_garder: Vec<_> = lus.a_garder.into_iter().map(|g| g.avec_ses_lectures(&scans)).collect();
        noter_les_extraits(&mut a_garder, &montres);
        d.lectures_gardees = Some(crate::lectures_gardees::ecrire(lecteur, &a_garder));
    }
    d.extraits = montres.into_iter().map(|(_, x)| x).collect();
    d.scans = scans;
    Ok(d)
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
    let Some(coup_probable) = coup_voisin_sans_bulletin(&b.lecture, &b.decision, |c| sans_bulletin(table, c), contextes) else { return };
    let r = RangeAilleurs { image: v.image.clone().unwrap_or_default(), table, coup_du_dossier: b.decision.coup, coup_probable };
    v.raisons.push(r.raison_du_bulletin_valide());
    v.a_verifier = true;
    j.place = Place::AVerifier;
    j.ailleurs = Some(r);
}

/// Un bulletin jugé par la machine dont le numéro de table est peut-être celui d'une table
/// sans bulletin à ce coup (`sans_bulletin(table)`) : à vérifier
/// ([`crate::numero_d_un_absent`]).
fn numero_peut_etre_d_un_absent(j: &mut ScanJuge, s: &LectureScan, sans_bulletin: impl Fn(u32) -> bool) {
    if !matches!(j.place, Place::Automatique | Place::AVerifier) {
        return;
    }
    let Ok(b) = j.bulletin.as_mut() else { return };
    let Some(v) = b.verification.as_mut() else { return };
    let Some(raison) = crate::numero_d_un_absent::numero_d_un_absent(s, b.decision.table, sans_bulletin) else { return };
    v.raisons.push(raison);
    v.a_verifier = true;
    j.place = Place::AVerifier;
}

/// Juge un scan attribué : la décision de la lecture la plus probable, à vérifier si le
/// doute compte, si l'attribution est incertaine ou si le recalage est douteux.
fn juger_scan(contextes: &Contextes<'_>, s: &LectureScan, a: &Attribution, seuils: Seuils, nb_coups: u32, formulaire: &Formulaire) -> ScanJuge {
    let image = nom_image(s);
    let corriger = |l: &Lecture| contextes.decision(l);
    let Some(j) = juger(s, a.table, a.coup, seuils, corriger) else {
        let er = ErreurBulletin { fichier: image, ligne: 0, table: Some(a.table), coup: Some(a.coup), message: MESSAGE_PANNE.into(), genre: GenreErreur::Interne };
        return ScanJuge { place: Place::EnErreur, bulletin: Err(er), doute: None, ailleurs: None };
    };
    let mut raisons = a.raisons.clone();
    // Une sanction dont la lecture serait la solution d'un autre coup : le bulletin est
    // peut-être rangé dans le mauvais dossier.
    let ailleurs = coup_du_bulletin(&j.lecture, &j.decision, nb_coups, contextes)
        .map(|coup_probable| RangeAilleurs { image: image.clone(), table: a.table, coup_du_dossier: a.coup, coup_probable });
    if let Some(r) = &ailleurs {
        raisons.push(r.raison_du_bulletin(j.decision.verdict));
    }
    if j.sanction_incertaine() {
        raisons.push(format!(
            "sanction ({}) sur une lecture dont la machine n'est sûre qu'à {} (au moins {} pour sanctionner sans personne)",
            arbitre_reports::double_arbitrage::nom_verdict(j.decision.verdict),
            pourcent(j.p_lecture, 1),
            seuil(seuils.sanction)
        ));
    }
    if j.p_plus >= seuils.favorable || j.moins_que_la_decision() {
        raisons.push(format!(
            "lecture incertaine : les lectures plausibles qui paieraient davantage le joueur pèsent {} (seuil {}), celles qui le paieraient moins {} (seuil {}), dont par une faute courante du joueur (une pénalité, localisation erronée, 5.3.3 ; une autre référence écrite, inversée, guide 5.1.2 ; un autre score écrit, 5.3.2) {} (seuil {})",
            pourcent(j.p_plus, 1),
            seuil(seuils.favorable),
            pourcent(j.p_moins, 1),
            seuil(seuils.doute),
            pourcent(j.p_faute_courante, 1),
            seuil(seuils.faute_courante)
        ));
    }
    if let Some(&(i, j)) = trous(&j.lecture).first() {
        raisons.push(format!("case vide entre deux lettres (rangée {}, case {} du mot lu) : une lettre a peut-être échappé à la machine", i + 1, j + 1));
    }
    raisons.extend(ecriture_negligee(&j.lecture, &j.decision, || contextes.injouables(&j.lecture)));
    raisons.extend(prime_oubliee(s, &j.decision, || j.decision.solution.as_ref().map_or(0, |sol| contextes.prime(a.coup, sol))));
    raisons.extend(reference_mal_decoupee(s, &j));
    if let Some(r) = s.recalage.as_ref().filter(|r| r.douteux) {
        raisons.push(format!("recalage douteux (résidu {} mm, {} des traits des cadres retrouvés) : cases peut-être mal lues", decimal(r.residu_mm, 2), pourcent(r.cadres, 0)));
    }
    if !s.cases_pales.is_empty() {
        raisons.push(encre_pale(&s.cases_pales));
    } else if j.decision.motifs.contains(&Motif::Vierge) && (j.lecture.score.is_some() || j.lecture.reference.is_some()) {
        // Aucun mot lu, mais un score ou une référence écrits : un joueur qui n'a rien
        // joué n'écrit pas de score ; le mot a peut-être échappé à la machine.
        raisons.push("aucun mot lu, mais un score ou une référence écrits : le mot a peut-être échappé à la machine (encre trop pâle, trait trop fin)".to_string());
    }
    let (cases_traversees, cadres_traverses) = s.trainees.as_ref().map_or((&[][..], &[][..]), |t| (&t.cases[..], &t.cadres[..]));
    if !cases_traversees.is_empty() {
        raisons.push(trainee_dans_l_aire(cases_traversees));
    }
    for (role, nom) in [(Role::Score, "Score"), (Role::Reference, "Réf.")] {
        if s.cadres_pales.contains(&role) {
            raisons.push(format!("encre trop pâle pour être lue dans le cadre {nom} : un caractère a peut-être échappé à la machine"));
        } else if cadres_traverses.contains(&role) {
            raisons.push(format!("{TRAINEE} à travers le cadre {nom} : un trait d'encre a pu s'effacer avec elle"));
        }
    }
    if raisons.is_empty() {
        if let Some(v) = lecture_voisine_confirmee(contextes, s, &j.lecture, &j.decision) {
            raisons.push(v.raison(j.decision.verdict));
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
        doutes: doutes(s, formulaire),
        places: contextes.places(&j.lecture),
    };
    let place = if a_verifier { Place::AVerifier } else { Place::Automatique };
    let doute = DouteDecision { table: a.table, coup: a.coup, p_plus: j.p_plus, p_moins: j.p_moins, p_faute_courante: j.p_faute_courante };
    ScanJuge { place, bulletin: Ok(BulletinCorrige { lecture: j.lecture, decision: j.decision, verification: Some(verification) }), doute: Some(doute), ailleurs }
}

/// Une lecture voisine de celle de la machine que le score écrit confirmerait, pour une
/// sanction décidée sans autre raison de la regarder ([`crate::a_une_case_pres`]) : à un
/// caractère près, puis deux cases d'un même mot désignées par une solution du coup (au
/// score écrit, ou à un score compté de travers par le joueur : règlement 5.3.2), puis toute
/// autre référence, quand celle du cadre encré est lue absente ou tout autre.
fn lecture_voisine_confirmee(contextes: &Contextes<'_>, s: &LectureScan, l: &Lecture, decision: &Decision) -> Option<LectureVoisine> {
    let corriger = |l: &Lecture| contextes.decision(l);
    lecture_voisine(l, decision, corriger)
        .or_else(|| {
            let ecrit = decision.score_revendique.filter(|_| decision.verdict != Verdict::Valide)?;
            let mots = contextes.mots_aux_scores(l.coup, |score| score == ecrit || compte_de_travers(ecrit, score));
            deux_lettres_d_une_solution(l, decision, corriger, &mots)
        })
        .or_else(|| {
            let cadre_encre = s.reference.alternatives.iter().any(|a| !a.lecture.is_empty() && f64::from(a.p) >= crate::doute::P_NEGLIGEABLE);
            toute_autre_reference(l, decision, corriger, cadre_encre)
        })
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

/// La raison d'un bulletin dont une traînée du scanner traverse des cases écrites ou
/// voisines de l'écriture : un trait qui passait dessous a pu s'effacer avec elle.
fn trainee_dans_l_aire(cases: &[[u32; 2]]) -> String {
    format!("{TRAINEE} à travers {} de l'écriture ou voisines ({}) : un trait d'encre a pu s'effacer avec elle", nombre_de_cases(cases.len()), ou(cases))
}

/// « une case », « 3 cases ».
fn nombre_de_cases(n: usize) -> String {
    if n == 1 { "une case".to_string() } else { format!("{n} cases") }
}

/// « rangée 3, colonne 4 ; rangée 3, colonne 5 ».
fn ou(cases: &[[u32; 2]]) -> String {
    cases.iter().map(|[r, c]| format!("rangée {}, colonne {}", r + 1, c + 1)).collect::<Vec<_>>().join(" ; ")
}

/// La raison d'un bulletin dont des cases portent des traits trop pâles pour être lus
/// ([`arbitre_pipeline::encre_pale`]) : la lecture n'en dit rien, une personne les lira.
fn encre_pale(cases: &[[u32; 2]]) -> String {
    format!(
        "encre trop pâle pour être lue dans {} de l'aire ({}) : des lettres ont peut-être échappé à la machine (stylo qui passe mal, crayon, scanner réglé trop clair)",
        nombre_de_cases(cases.len()),
        ou(cases)
    )
}

