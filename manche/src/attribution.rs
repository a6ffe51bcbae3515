//! Chaque image lue trouve une place : un bulletin d'une table à un coup, ou un rejet avec
//! sa raison. Un numéro de table mal lu fait passer un bulletin à un autre joueur : un
//! numéro incertain, inconnu de la manche ou partagé par deux bulletins d'un même coup n'est
//! jamais pris pour acquis — le bulletin est « à vérifier », jamais un zéro automatique.

use crate::table_deduite::{Confirmation, Manche, NumerosLus};
use arbitre_pipeline::lecture_scan::LectureScan;
use arbitre_reports::nombres::pourcent;
use arbitre_reports::verification::{
    RejetImage, AUTRE_FORMULAIRE, COUP_HORS_PARTIE, COUP_INCONNU, DOUBLON, IMAGE_ILLISIBLE, NOIR_ET_BLANC, PAGE_BLANCHE, PAS_UN_BULLETIN, RECALAGE_INSUFFISANT, TABLE_EN_DOUBLE, TABLE_ILLISIBLE, TABLE_INCONNUE,
};
use std::collections::{BTreeMap, BTreeSet, HashMap};


/// Un scan attribué à un bulletin de la manche.
#[derive(Debug, Clone)]
pub struct Attribution {
    /// L'indice du scan dans la liste lue.
    pub scan: usize,
    pub table: u32,
    pub coup: u32,
    /// Pourquoi une personne doit vérifier l'attribution (vide si sûre).
    pub raisons: Vec<String>,
    /// Le numéro, lu avec doute, est confirmé par les autres bulletins du coup : comment
    /// ([`crate::table_deduite`]).
    pub table_deduite: Option<String>,
    /// Un autre scan du coup porte peut-être ce numéro ([`numeros_partages`]).
    pub numero_partage: bool,
}

/// Le résultat : les scans attribués et les images rejetées.
#[derive(Debug, Default)]
pub struct Repartition {
    pub attribues: Vec<Attribution>,
    pub rejets: Vec<RejetImage>,
    /// Les tables qui ont reçu deux bulletins à un même coup : l'un d'eux est peut-être
    /// celui d'un autre coup ou d'une autre table.
    pub tables_en_double: BTreeSet<u32>,
    /// Sans liste des joueurs : les numéros qu'un scan porte le plus probablement sans
    /// qu'aucun bulletin de la manche ne les porte sûrement, quand ce scan est rangé à une
    /// table connue que ses autres lectures nomment (puis jugé, ou écarté comme second
    /// bulletin de cette table) ; et ces scans. Chacun est peut-être une table de plus, qui
    /// manquerait aux résultats sans qu'aucun rejet ne nomme son numéro (un numéro sans
    /// autre lecture connue est rejeté, « table inconnue », en le nommant).
    pub numeros_non_confirmes: BTreeMap<u32, Vec<String>>,
}

use crate::depouillement::nom_image as nom;

fn rejet(s: &LectureScan, raison: &str, message: String) -> RejetImage {
    // La lecture à compléter nomme son scan : corrigée, elle lui sera rendue.
    let lecture = s.lecture.as_ref().map(|l| arbitre_engine::lecture::Lecture { scan: Some(nom(s)), ..l.clone() }.vers_texte());
    RejetImage { image: nom(s), coup: s.coup, raison: raison.into(), message, lecture }
}

/// Les numéros de table possibles d'un scan (chaînes de chiffres), les plus probables
/// d'abord.
pub fn tables_possibles(s: &LectureScan) -> Vec<(u32, f64)> {
    s.table.alternatives.iter().filter_map(|a| a.lecture.trim().parse::<u32>().ok().filter(|&t| t > 0).map(|t| (t, a.p as f64))).collect()
}

/// Un numéro lu avec la probabilité `p` est sûr : la probabilité qu'il en soit un autre
/// reste sous `seuil` (`Seuils::table`).
pub fn numero_sur(p: f64, seuil: f64) -> bool {
    p >= 1.0 - seuil
}

/// Une traînée du scanner ([`arbitre_pipeline::trainee`]), pour les raisons.
pub const TRAINEE: &str = "traînée du scanner (trait droit d'un bord à l'autre de l'image : vitre ou capteur sale), effacée avant la lecture,";

/// Le cadre N° Table du scan a pu perdre un chiffre à la lecture (« 84 » lu « 8 », sûr) :
/// des traits trop pâles pour être lus ([`arbitre_pipeline::encre_pale`]), ou une traînée du
/// scanner effacée qui le traverse ([`arbitre_pipeline::trainee`]). Le numéro lu n'est alors
/// jamais sûr ni confirmé par les autres bulletins du coup — ses autres lectures ne
/// contiennent pas le chiffre manqué. `Some` : ce qui s'est passé, pour la raison.
pub fn table_incomplete(s: &LectureScan) -> Option<String> {
    use arbitre_formulaire::Role;
    if s.cadres_pales.contains(&Role::Table) {
        Some("encre trop pâle pour être lue dans le cadre N° Table".to_string())
    } else if s.trainees.as_ref().is_some_and(|t| t.cadres.contains(&Role::Table)) {
        Some(format!("{TRAINEE} à travers le cadre N° Table"))
    } else {
        None
    }
}

/// Le numéro de table du scan `s`, lu à `p`, est-il sûr : assez probable ([`numero_sur`]),
/// et son cadre lu en entier ([`table_incomplete`]) ?
pub fn numero_lu_sur(s: &LectureScan, p: f64, seuil: f64) -> bool {
    numero_sur(p, seuil) && table_incomplete(s).is_none()
}

/// `s` est une copie du bulletin `retenu` : le même bulletin scanné deux fois (fichier
/// copié, page repassée au scanner) — son numéro de table lu sûrement, et la même encre
/// lue, jusqu'aux probabilités de chaque case et de chaque cadre. La même lecture la plus
/// probable ne suffit pas : en Duplicate, bien des joueurs rendent au même coup le même mot,
/// à la même place, au même score, et le second bulletin peut être celui d'une table
/// absente au numéro mal lu.
pub fn copie_de(s: &LectureScan, retenu: &LectureScan, seuil: f64) -> bool {
    tables_possibles(s).first().is_some_and(|&(_, p)| numero_lu_sur(s, p, seuil))
        && (&s.lecture, &s.cases, &s.table, &s.reference, &s.score) == (&retenu.lecture, &retenu.cases, &retenu.table, &retenu.reference, &retenu.score)
}

/// La probabilité qu'un scan porte le numéro `table`, parmi ses numéros possibles
/// ([`tables_possibles`]) ; 0 si aucune lecture ne le dit.
pub fn probabilite_du_numero(possibles: &[(u32, f64)], table: u32) -> f64 {
    possibles.iter().find(|(t, _)| *t == table).map_or(0.0, |x| x.1)
}

/// Répartit les scans lus. `nb_coups` : coups de la partie ; `tables` : les tables de la
/// manche (`--joueurs`), ou `None` pour les déduire des numéros lus sans doute.
/// Un numéro de table est sûr quand la probabilité qu'il soit un autre reste sous `seuil`
/// (`Seuils::table`).
pub fn repartir(scans: &[LectureScan], nb_coups: u32, tables: Option<&BTreeSet<u32>>, seuil: f64) -> Repartition {
    let mut r = Repartition::default();
    let sures: BTreeSet<u32> = scans.iter().filter(|s| s.rejet.is_none()).filter_map(|s| tables_possibles(s).first().copied().filter(|&(_, p)| numero_lu_sur(s, p, seuil))).map(|(t, _)| t).collect();
    let connues = tables.cloned().unwrap_or(sures);
    let lus = scans.iter().enumerate().filter(|(_, s)| s.rejet.is_none()).map(|(i, s)| (i, s, s.coup));
    let numeros = NumerosLus::new(lus, &Manche { connues: &connues, liste: tables.is_some(), seuil });
    let mut candidats: Vec<Attribution> = Vec::new();
    for (i, s) in scans.iter().enumerate() {
        if let Some(rj) = &s.rejet {
            r.rejets.push(rejet(s, raison_du_lecteur(rj.raison), rj.message.clone()));
            continue;
        }
        let Some(coup) = s.coup else {
            r.rejets.push(rejet(s, COUP_INCONNU, "coup inconnu : rangez les scans dans des dossiers coup-NN (un seul coup nommé dans le chemin d'un scan), nommez le fichier coup-NN.pdf, ou donnez --coup".into()));
            continue;
        };
        if coup == 0 || coup > nb_coups {
            r.rejets.push(rejet(s, COUP_HORS_PARTIE, format!("coup {coup} absent de la partie ({nb_coups} coups)")));
            continue;
        }
        let possibles = tables_possibles(s);
        let Some(&(table, p)) = possibles.iter().find(|(t, _)| connues.contains(t)) else {
            let lu = s.table.valeur.clone().unwrap_or_default();
            r.rejets.push(rejet(s, TABLE_INCONNUE, format!("table lue « {lu} », inconnue de la manche")));
            continue;
        };
        if let Some(&(t, _)) = possibles.first().filter(|(t, _)| tables.is_none() && *t != table) {
            r.numeros_non_confirmes.entry(t).or_default().push(nom(s));
        }
        let mut raisons = Vec::new();
        // Un numéro lu avec doute peut être confirmé par les autres bulletins du coup.
        let incomplete = table_incomplete(s);
        let lu_sur = numero_lu_sur(s, p, seuil);
        let table_deduite = if lu_sur || incomplete.is_some() { None } else { numeros.confirme(i).map(|c| deduction(table, p, c, scans)) };
        if let Some(pourquoi) = incomplete {
            raisons.push(format!("{pourquoi} (lu « {} ») : un chiffre a peut-être échappé à la machine", s.table.valeur.as_deref().unwrap_or("")));
        } else if !lu_sur && table_deduite.is_none() {
            let lectures: Vec<String> = possibles.iter().take(3).map(|(t, p)| format!("{t} ({})", pourcent(*p, 0))).collect();
            raisons.push(format!("numéro de table incertain : {}", lectures.join(", ")));
        }
        if possibles.first().is_some_and(|&(t, _)| t != table) {
            raisons.push(format!("table lue {} (inconnue de la manche), attribuée à la table {table}", possibles[0].0));
        }
        candidats.push(Attribution { scan: i, table, coup, raisons, table_deduite, numero_partage: false });
    }
    // Deux bulletins pour une même table au même coup : le plus sûr de son numéro est
    // gardé ; les autres sont rejetés en le nommant. Une copie du retenu (le même bulletin
    // scanné deux fois) ne met pas sa décision en doute ; un autre bulletin, si : le
    // retenu est à vérifier (5.7 : la remise de plusieurs bulletins non vierges est un
    // zéro, mais le second est peut-être celui d'une autre table au numéro mal lu).
    let mut par_case: BTreeMap<(u32, u32), Vec<Attribution>> = BTreeMap::new();
    // Les scans écartés comme second bulletin d'une table (copies exclues), et cette table.
    let mut ecartes: HashMap<usize, u32> = HashMap::new();
    for a in candidats {
        par_case.entry((a.coup, a.table)).or_default().push(a);
    }
    for ((coup, table), mut v) in par_case {
        if v.len() > 1 {
            let confiance = |a: &Attribution| tables_possibles(&scans[a.scan]).iter().find(|x| x.0 == table).map_or(0.0, |x| x.1);
            v.sort_by(|a, b| confiance(b).total_cmp(&confiance(a)).then(a.scan.cmp(&b.scan)));
            let retenu = &scans[v[0].scan];
            let garde = nom(retenu);
            let (copies, autres): (Vec<usize>, Vec<usize>) = v[1..].iter().map(|a| a.scan).partition(|&i| copie_de(&scans[i], retenu, seuil));
            for i in copies {
                r.rejets.push(rejet(&scans[i], DOUBLON, format!("copie de {garde} (table {table}, coup {coup}) : même numéro de table, lu sûrement, et même encre lue — le même bulletin scanné deux fois")));
            }
            if !autres.is_empty() {
                let noms: Vec<String> = autres.iter().map(|&i| nom(&scans[i])).collect();
                r.tables_en_double.insert(table);
                v[0].raisons.push(format!("{} bulletins pour la table {table} au coup {coup} : {garde} retenu, {} écarté(s)", noms.len() + 1, noms.join(", ")));
                for i in autres {
                    ecartes.insert(i, table);
                    let lu_d_abord = match tables_possibles(&scans[i]).first() {
                        Some(&(t, p)) if t != table => format!(" ; son numéro se lit d'abord {t} ({}), une table inconnue de la manche", pourcent(p, 1)),
                        _ => String::new(),
                    };
                    r.rejets.push(rejet(&scans[i], TABLE_EN_DOUBLE, format!("deuxième bulletin pour la table {table} au coup {coup} (retenu : {garde}) : le bulletin d'une autre table au numéro mal lu, ou un second bulletin du joueur{lu_d_abord}")));
                }
            }
        }
        r.attribues.push(v.swap_remove(0));
    }
    numeros_partages(&mut r.attribues, scans, &ecartes);
    // Sans liste de joueurs, une table vue à un seul coup d'une manche de plusieurs coups
    // est peut-être un numéro mal lu.
    if tables.is_none() {
        let coups: BTreeSet<u32> = r.attribues.iter().map(|a| a.coup).collect();
        if coups.len() >= 3 {
            let mut vue: BTreeMap<u32, usize> = BTreeMap::new();
            for a in &r.attribues {
                *vue.entry(a.table).or_default() += 1;
            }
            for a in r.attribues.iter_mut().filter(|a| vue[&a.table] == 1) {
                a.raisons.push(format!("table {} vue à un seul coup sur {} : numéro peut-être mal lu", a.table, coups.len()));
            }
        }
    }
    r.attribues.sort_by_key(|a| (a.coup, a.table));
    r
}

/// Au-delà de cette probabilité, le numéro d'une table que porte peut-être un autre scan du
/// coup est partagé : à vérifier.
pub const SEUIL_NUMERO_PARTAGE: f64 = 0.2;

/// Un numéro de table partagé par deux bulletins d'un coup n'est jamais pris pour acquis,
/// même lu sûrement sur l'un : quand un autre scan du même coup, attribué ailleurs ou
/// rejeté, porte peut-être ce numéro (une de ses lectures le dit à [`SEUIL_NUMERO_PARTAGE`]
/// ou plus), l'un des deux est mal lu — le numéro sûr aussi bien que l'autre. Manche neuve
/// `2_ai` graine 211, coup 20 : le bulletin de la table 21 lu « 24 » à 99,8 %, celui de la
/// 24 lu 14, 24 ou 74 (24 à 30 %) ; la table 24 était payée pour le bulletin de la 21, et
/// l'absence de la 21, à vérifier, ne montrait pas où chercher.
///
/// Un scan écarté comme second bulletin d'une table T (`ecartes`) n'est sans doute pas de
/// T, qui a rendu le sien : ses autres numéros possibles sont pesés sachant cela
/// ([`probabilite_sachant_ecarte`]). Manche neuve `rosace` graine 1621, coup 12 : le
/// bulletin de la table 29 (TELETYPE, 57 points) lu « 39 » à 95,3 %, « 29 » à 2,7 %, écarté
/// (la 39 avait le sien, lu sûrement) ; la table 29 n'avait que son bulletin du coup 11,
/// rangé par erreur au coup 12, un zéro — que seule la règle de la lecture sûre pour
/// sanctionner envoyait à une personne.
fn numeros_partages(attribues: &mut [Attribution], scans: &[LectureScan], ecartes: &HashMap<usize, u32>) {
    // Les numéros possibles de chaque scan lu, une fois pour toutes, rangés par coup.
    let mut par_coup: HashMap<u32, Vec<_>> = HashMap::new();
    for (j, s) in scans.iter().enumerate().filter(|(_, s)| s.rejet.is_none()) {
        if let Some(coup) = s.coup {
            par_coup.entry(coup).or_default().push((j, tables_possibles(s)));
        }
    }
    for a in attribues.iter_mut() {
        let autres: Vec<String> = par_coup
            .get(&a.coup)
            .into_iter()
            .flatten()
            .filter(|(j, _)| *j != a.scan)
            .filter_map(|(j, possibles)| {
                let s = &scans[*j];
                // Lu d'abord comme ce numéro, c'est un doublon : réglé plus haut.
                let p = match ecartes.get(j) {
                    Some(&servie) => probabilite_sachant_ecarte(possibles, a.table, servie),
                    None => probabilite_du_numero(possibles, a.table),
                };
                (p >= SEUIL_NUMERO_PARTAGE && possibles.first().is_some_and(|&(t, _)| t != a.table)).then(|| format!("{} ({})", nom(s), pourcent(p, 0)))
            })
            .collect();
        if !autres.is_empty() {
            a.numero_partage = true;
            a.raisons.push(format!("un autre scan du coup porte peut-être le numéro {} : {} ; l'un des deux numéros est mal lu", a.table, autres.join(", ")));
        }
    }
}

/// La probabilité qu'un scan écarté comme second bulletin de la table `servie` porte le
/// numéro `table`, sachant que `servie` a déjà rendu son bulletin : sa lecture `servie`
/// ne reste possible qu'à [`crate::table_deduite::P_SECOND_BULLETIN`] près (un vrai second
/// bulletin du joueur), ses autres lectures gardent leur poids, et la masse de ses numéros
/// non listés compte avec elles. Lu « 39 » à 95,3 % et « 29 » à 2,7 %, la 39 servie : le
/// numéro 29 pèse 28 %.
fn probabilite_sachant_ecarte(possibles: &[(u32, f64)], table: u32, servie: u32) -> f64 {
    let p_servie = probabilite_du_numero(possibles, servie);
    // Toutes les autres lectures, listées ou non : 1 − p_servie.
    let poids = 1.0 - p_servie * (1.0 - crate::table_deduite::P_SECOND_BULLETIN);
    (probabilite_du_numero(possibles, table) / poids).min(1.0)
}

/// Comment un numéro lu avec doute est confirmé, pour la personne qui relit la décision.
fn deduction(table: u32, p: f64, c: &Confirmation, scans: &[LectureScan]) -> String {
    let servies: Vec<String> = c.ecartees.iter().filter_map(|e| Some(format!("{} : {}", e.table, nom(&scans[e.par?])))).collect();
    let hors: Vec<String> = c.ecartees.iter().filter(|e| e.par.is_none()).map(|e| e.table.to_string()).collect();
    let mut pourquoi = Vec::new();
    if !servies.is_empty() {
        pourquoi.push(format!("des tables qui ont déjà rendu leur bulletin à ce coup, lu sans doute ({})", servies.join(", ")));
    }
    if !hors.is_empty() {
        pourquoi.push(format!("des tables hors de la liste des joueurs ({})", hors.join(", ")));
    }
    let autres = if pourquoi.is_empty() { "ses autres lectures disent le même numéro autrement écrit".to_string() } else { format!("ses autres lectures nomment {}", pourquoi.join(", ou ")) };
    format!("numéro de table lu {table} à {}, sûr à {} sachant les autres bulletins du coup : {autres}", pourcent(p, 1), pourcent(c.p, 1))
}

fn raison_du_lecteur(r: arbitre_pipeline::lecture_scan::RaisonRejet) -> &'static str {
    use arbitre_pipeline::lecture_scan::RaisonRejet as R;
    match r {
        R::ImageIllisible => IMAGE_ILLISIBLE,
        R::NoirEtBlanc => NOIR_ET_BLANC,
        R::PasUnBulletin => PAS_UN_BULLETIN,
        R::PageBlanche => PAGE_BLANCHE,
        R::AutreFormulaire => AUTRE_FORMULAIRE,
        R::RecalageInsuffisant => RECALAGE_INSUFFISANT,
        R::TableIllisible => TABLE_ILLISIBLE,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbitre_engine::lecture::Lecture;
    use arbitre_pipeline::lecture_scan::{Alternative, ChampLu};

    /// Un scan du coup 1 : numéro de table lu ainsi, un score lu « 12 » à `p_score`, et la
    /// lecture la plus probable.
    fn scan(image: &str, tables: &[(&str, f32)], p_score: f32, lecture: &Lecture) -> LectureScan {
        let champ = |alt: &[(&str, f32)]| ChampLu { valeur: alt.first().map(|t| t.0.to_string()), alternatives: alt.iter().map(|&(l, p)| Alternative { lecture: l.into(), p }).collect(), caracteres: Vec::new() };
        LectureScan { image: image.into(), page: None, bulletin: None, coup: Some(1), lecture: Some(lecture.clone()), cases: Vec::new(), table: champ(tables), reference: ChampLu::default(), score: champ(&[("12", p_score), ("17", 1.0 - p_score)]), cases_pales: Vec::new(), cadres_pales: Vec::new(), trainees: None, recalage: None, rejet: None }
    }

    /// Les rejets (image, raison) et le retenu de la table 24 avec ses raisons.
    fn repartis(scans: &[LectureScan]) -> (Vec<(String, String)>, Vec<String>) {
        let tables: BTreeSet<u32> = (1..=30).collect();
        let r = repartir(scans, 3, Some(&tables), 0.02);
        let retenu = r.attribues.iter().find(|a| a.table == 24).expect("la table 24 a un bulletin");
        (r.rejets.iter().map(|rj| (rj.image.clone(), rj.raison.clone())).collect(), retenu.raisons.clone())
    }

    #[test]
    fn seul_le_meme_bulletin_scanne_deux_fois_est_un_doublon() {
        let race = Lecture::nouvelle(24, 1);
        let a = scan("coup-01/scan-001.jpg", &[("24", 0.999)], 0.97, &race);
        // Le même fichier passé deux fois : un doublon, et le retenu n'est pas mis en doute.
        let copie = LectureScan { image: "coup-01/scan-001-bis.jpg".into(), ..a.clone() };
        let (rejets, raisons) = repartis(&[a.clone(), copie.clone()]);
        assert_eq!(rejets, [("coup-01/scan-001-bis.jpg".to_string(), DOUBLON.to_string())]);
        assert!(raisons.is_empty(), "{raisons:?}");
        // La même lecture la plus probable, mais pas la même encre (le score lu à 90 % au
        // lieu de 97 %) : le bulletin d'un autre joueur qui a joué le même coup, son numéro
        // mal lu. Second bulletin de la table, et le retenu est à vérifier.
        let autre_joueur = LectureScan { image: "coup-01/scan-002.jpg".into(), ..scan("", &[("24", 0.999)], 0.90, &race) };
        let (rejets, raisons) = repartis(&[a.clone(), autre_joueur]);
        assert_eq!(rejets, [("coup-01/scan-002.jpg".to_string(), TABLE_EN_DOUBLE.to_string())]);
        assert!(raisons.len() == 1 && raisons[0].starts_with("2 bulletins pour la table 24 au coup 1"), "{raisons:?}");
        // La même encre, mais le numéro d'une copie lu avec doute : pas une copie sûre.
        let douteux = |image: &str| LectureScan { image: image.into(), table: scan("", &[("24", 0.95), ("21", 0.05)], 0.97, &race).table, ..a.clone() };
        let (rejets, _) = repartis(&[douteux("coup-01/scan-003.jpg"), douteux("coup-01/scan-004.jpg")]);
        assert_eq!(rejets, [("coup-01/scan-004.jpg".to_string(), TABLE_EN_DOUBLE.to_string())]);
        // Trois bulletins : la copie est un doublon, l'autre un second bulletin.
        let tiers = LectureScan { image: "coup-01/scan-005.jpg".into(), lecture: Some(Lecture::nouvelle(24, 1)), ..scan("", &[("24", 0.99)], 0.5, &race) };
        let (rejets, raisons) = repartis(&[a, copie, tiers]);
        assert_eq!(rejets, [("coup-01/scan-001-bis.jpg".to_string(), DOUBLON.to_string()), ("coup-01/scan-005.jpg".to_string(), TABLE_EN_DOUBLE.to_string())]);
        assert!(raisons[0].contains("scan-001.jpg retenu, coup-01/scan-005.jpg écarté(s)"), "{raisons:?}");
    }

    /// Un numéro lu « 24 » à 99,9 % dans un cadre N° Table qui porte aussi de l'encre trop
    /// pâle pour être lue (un « 245 » ?), ou qu'une traînée du scanner effacée traverse :
    /// jamais sûr, jamais confirmé par les autres bulletins du coup (la table 24 n'a rendu
    /// que lui), à vérifier en disant pourquoi.
    #[test]
    fn un_numero_de_table_au_cadre_pale_ou_traverse_d_une_trainee_n_est_jamais_sur() {
        let race = Lecture::nouvelle(24, 1);
        let a = scan("coup-01/scan-001.jpg", &[("24", 0.999)], 0.97, &race);
        let (_, raisons) = repartis(std::slice::from_ref(&a));
        assert!(raisons.is_empty(), "{raisons:?}");
        let pale = LectureScan { cadres_pales: vec![arbitre_formulaire::Role::Table], ..a.clone() };
        let (rejets, raisons) = repartis(&[pale]);
        assert!(rejets.is_empty(), "{rejets:?}");
        assert!(raisons.len() == 1 && raisons[0].starts_with("encre trop pâle pour être lue dans le cadre N° Table (lu « 24 »)"), "{raisons:?}");
        // De même, une traînée du scanner effacée à travers le cadre (un « 1 » sous elle ?).
        let trainee = arbitre_pipeline::trainee::Trainees { cadres: vec![arbitre_formulaire::Role::Table], ..Default::default() };
        let (rejets, raisons) = repartis(&[LectureScan { trainees: Some(trainee), ..a.clone() }]);
        assert!(rejets.is_empty(), "{rejets:?}");
        assert!(raisons.len() == 1 && raisons[0].starts_with(&format!("{TRAINEE} à travers le cadre N° Table (lu « 24 »)")), "{raisons:?}");
        // Une traînée qui ne traverse pas le cadre ne change rien.
        let ailleurs = arbitre_pipeline::trainee::Trainees { cases: vec![[7, 3]], ..Default::default() };
        let (_, raisons) = repartis(&[LectureScan { trainees: Some(ailleurs), ..a }]);
        assert!(raisons.is_empty(), "{raisons:?}");
    }

    /// Le bulletin de la table 29 lu « 39 » à 95 %, « 29 » à 2,7 %, écarté : la 39 a rendu le
    /// sien, lu sûrement. Sachant cela, il est sans doute de la 29 (ou de la 9) : le
    /// bulletin que la 29 a rendu (ici, d'un autre coup rangé là) est à vérifier, pas décidé
    /// seul. Sans la 39 servie, 2,7 % ne met pas le numéro 29 en doute.
    #[test]
    fn le_second_bulletin_d_une_table_met_en_doute_les_tables_de_ses_autres_numeros() {
        let tables: BTreeSet<u32> = (1..=50).collect();
        let l = |t: u32| Lecture::nouvelle(t, 1);
        let trente_neuf = scan("coup-01/scan-037.jpg", &[("39", 0.9999)], 0.97, &l(39));
        let ecarte = scan("coup-01/scan-017.jpg", &[("39", 0.9525), ("29", 0.0268), ("9", 0.0204)], 0.97, &l(39));
        let vingt_neuf = scan("coup-01/scan-036.jpg", &[("29", 0.995)], 0.97, &l(29));
        let neuf = scan("coup-01/scan-002.jpg", &[("9", 0.9999)], 0.97, &l(9));
        let r = repartir(&[trente_neuf, ecarte.clone(), vingt_neuf.clone(), neuf.clone()], 3, Some(&tables), 0.01);
        assert_eq!(r.rejets.iter().map(|x| (x.image.as_str(), x.raison.as_str())).collect::<Vec<_>>(), [("coup-01/scan-017.jpg", TABLE_EN_DOUBLE)]);
        let raisons = |t: u32| r.attribues.iter().find(|a| a.table == t).unwrap().raisons.clone();
        let r29 = raisons(29);
        assert!(r29.iter().any(|x| x == "un autre scan du coup porte peut-être le numéro 29 : coup-01/scan-017.jpg (28 %) ; l'un des deux numéros est mal lu"), "{r29:?}");
        assert!(raisons(9).iter().any(|x| x.contains("numéro 9 : coup-01/scan-017.jpg (21 %)")), "{:?}", raisons(9));
        // Le même scan, seul à porter 39 : attribué à la 39 avec doute, il ne met pas la 29
        // en doute (2,7 %, sous le seuil du numéro partagé).
        let r = repartir(&[ecarte, vingt_neuf, neuf], 3, Some(&tables), 0.01);
        assert!(r.rejets.is_empty());
        assert!(r.attribues.iter().find(|a| a.table == 29).unwrap().raisons.is_empty());
    }

    /// Sans liste des joueurs, les tables sont celles qu'un bulletin porte sûrement. Le seul
    /// bulletin de la table 25 (manche d'évaluation, trois premiers coups : elle ne joue que
    /// le premier) lu « 25 » à 97 %, « 5 » à 3 % : rangé à la 5, qui a rendu le sien, il est
    /// écarté — et la table 25 manque aux résultats. Le rejet dit le numéro lu d'abord, et le
    /// bilan le signale ; avec la liste des joueurs, la 25 est une table : rien à signaler.
    #[test]
    fn sans_liste_des_joueurs_un_numero_jamais_sur_range_ailleurs_est_signale() {
        let l = |t: u32| Lecture::nouvelle(t, 1);
        let cinq = scan("coup-01/scan-048.jpg", &[("5", 0.9999)], 0.97, &l(5));
        let vingt_cinq = scan("coup-01/scan-045.jpg", &[("25", 0.97), ("5", 0.03)], 0.97, &l(25));
        let r = repartir(&[cinq.clone(), vingt_cinq.clone()], 3, None, 0.01);
        assert_eq!(r.rejets.len(), 1);
        assert_eq!((r.rejets[0].image.as_str(), r.rejets[0].raison.as_str()), ("coup-01/scan-045.jpg", TABLE_EN_DOUBLE));
        assert!(r.rejets[0].message.ends_with("son numéro se lit d'abord 25 (97,0 %), une table inconnue de la manche"), "{}", r.rejets[0].message);
        assert_eq!(r.numeros_non_confirmes, BTreeMap::from([(25, vec!["coup-01/scan-045.jpg".to_string()])]));
        let tables: BTreeSet<u32> = (1..=30).collect();
        let r = repartir(&[cinq, vingt_cinq], 3, Some(&tables), 0.01);
        assert!(r.rejets.is_empty() && r.numeros_non_confirmes.is_empty(), "{:?}", r.rejets);
        assert!(r.attribues.iter().any(|a| a.table == 25));
    }
}
