//! Les tables sans bulletin à un coup : zéro (5.7), à vérifier quand une image du coup peut
//! être ce bulletin (image rejetée, copie, numéro de table incertain ou peut-être partagé,
//! bulletin rangé dans le dossier d'un autre coup, table présente avant et après ce coup).

use crate::attribution::{numero_lu_sur, probabilite_du_numero, tables_possibles, Repartition};
use crate::autre_coup::RangeAilleurs;
use crate::depouillement::{nom_image, Depouillement};
use crate::table_deduite::P_TABLE_POSSIBLE;
use arbitre_pipeline::lecture_scan::{LectureScan, RaisonRejet};
use arbitre_reports::nombres::pourcent;
use arbitre_reports::verification::{AbsenceAVerifier, RejetImage, DOUBLON, PAGE_BLANCHE};
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// Compte les tables sans bulletin à chaque coup (zéro, 5.7) et note celles dont le zéro
/// n'est pas sûr. `tables` : les tables de la manche et leur premier coup (un retardataire
/// n'est pas absent avant, 6.2) ; celles de `--joueurs`, sinon celles qui ont au moins un
/// bulletin, dès le coup 1.
pub(crate) fn absences(d: &mut Depouillement, tables: &BTreeMap<u32, u32>, nb_coups: u32, repartition: &Repartition, scans: &[LectureScan], seuil_table: f64, ranges_ailleurs: &[RangeAilleurs]) {
    let presents: BTreeSet<(u32, u32)> = d.bulletins.iter().map(|b| (b.lecture.table, b.lecture.coup)).chain(d.erreurs.iter().filter_map(|er| Some((er.table?, er.coup?)))).collect();
    let mut rejetes_par_coup: BTreeMap<Option<u32>, Vec<&RejetImage>> = BTreeMap::new();
    for r in &d.rejets {
        rejetes_par_coup.entry(r.coup).or_default().push(r);
    }
    let par_nom: HashMap<String, usize> = scans.iter().enumerate().map(|(i, s)| (nom_image(s), i)).collect();
    let mut douteuses = Vec::new();
    // Les coups sans image : on n'y sait pas qui a rendu son bulletin.
    let coups_sans_image: BTreeSet<u32> = (1..=nb_coups).filter(|&c| scans.iter().filter(|s| s.coup == Some(c)).all(|s| s.rejet.as_ref().is_some_and(|r| r.raison == RaisonRejet::PageBlanche))).collect();
    for coup in 1..=nb_coups {
        let rejetees: Vec<&RejetImage> = rejetes_par_coup.get(&Some(coup)).into_iter().chain(rejetes_par_coup.get(&None)).flatten().copied().collect();
        let pistes = Pistes::du_coup(coup, &rejetees, repartition, scans, &par_nom, seuil_table);
        // 5.7 vaut pour un joueur qui n'a pas rendu de bulletin, pas pour un coup dont les
        // scans manquent (dossier oublié, vide, fichiers d'un autre format, ou rien que des
        // pages blanches : le côté vide des feuilles scanné).
        let du_coup = || scans.iter().filter(|s| s.coup == Some(coup));
        let sans_image = coups_sans_image.contains(&coup);
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
            raisons.extend(absence_isolee(table, coup, nb_coups, |c| presents.contains(&(table, c)) || coups_sans_image.contains(&c)));
            if !raisons.is_empty() {
                douteuses.push(AbsenceAVerifier { table, coup, raisons });
            }
        }
    }
    d.bilan.absents_a_verifier = douteuses.len();
    d.absences_a_verifier = douteuses;
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
            let incertain = !numero_lu_sur(&scans[a.scan], probabilite_du_numero(&possibles, a.table), seuil_table);
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
            raisons.push(format!("l'image {image} (écartée : copie du bulletin d'une autre table) porte peut-être le numéro {table} ({})", pourcent(p, 1)));
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
            raisons.push(format!("le scan {} (attribué à la table {}) porte peut-être le numéro {table} ({})", a.image, a.table, pourcent(p, 1)));
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

/// Pourquoi le zéro d'absence (règlement 5.7) d'une table qui a rendu ses bulletins avant et après ce coup
/// (`present(c)` : un bulletin au coup `c`, ou un coup sans image, où l'on n'en sait rien)
/// n'est pas un zéro sûr, s'il y a lieu. Un joueur qui manque un seul coup au
/// milieu de la partie est rare ; un bulletin mal rangé, ou dont le numéro est lu sûrement
/// mais de travers, l'est moins (40 numéros sûrs et faux sur 24 261 scans, manches 601 à
/// 891, dont 21 au plus sans le vrai numéro parmi leurs lectures à 0,1 % ou plus) : si la table lue
/// n'a rien rendu à ce coup, rien d'autre ne trahit l'erreur, et la machine paierait
/// l'une et mettrait un zéro à l'autre, seule. Une personne regarde donc les scans du coup.
/// Un joueur parti (plus rien après) ou arrivé en retard (rien avant) n'est pas regardé ici.
fn absence_isolee(table: u32, coup: u32, nb_coups: u32, present: impl Fn(u32) -> bool) -> Option<String> {
    let milieu = (1..coup).any(&present) && (coup + 1..=nb_coups).any(&present);
    milieu.then(|| {
        format!("bulletin manquant au milieu de la partie (la table {table} en a rendu avant et après ce coup) : il est peut-être rangé ailleurs, ou parmi les scans du coup {coup}, son numéro lu de travers (une autre table, absente, en serait alors payée)")
    })
}

/// Les cinq premiers noms d'une liste, « … » s'il y en a d'autres.
fn premiers(noms: &[String]) -> String {
    let mut t = noms.iter().take(5).cloned().collect::<Vec<_>>().join(", ");
    if noms.len() > 5 {
        t.push_str(", …");
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::attribution::Attribution;
    use arbitre_pipeline::lecture_scan::{Alternative, ChampLu};
    use arbitre_reports::verification::TABLE_EN_DOUBLE;

    /// Un scan du coup 1 dont le numéro de table se lit ainsi.
    fn scan(image: &str, tables: &[(&str, f32)]) -> LectureScan {
        let table = ChampLu { valeur: tables.first().map(|t| t.0.to_string()), alternatives: tables.iter().map(|&(l, p)| Alternative { lecture: l.into(), p }).collect(), caracteres: Vec::new() };
        LectureScan { image: image.into(), page: None, bulletin: None, coup: Some(1), lecture: None, cases: Vec::new(), table, reference: ChampLu::default(), score: ChampLu::default(), cases_pales: Vec::new(), cadres_pales: Vec::new(), trainees: None, recalage: None, rejet: None }
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
    fn une_absence_au_milieu_de_la_partie_n_est_pas_un_zero_sur() {
        // Présente aux coups 1, 2 et 5 : absente aux coups 3 et 4, au milieu.
        let present = |c: u32| [1, 2, 5].contains(&c);
        let raison = absence_isolee(7, 3, 6, present).expect("à vérifier");
        assert!(raison.contains("la table 7 en a rendu avant et après") && raison.contains("scans du coup 3"), "{raison}");
        assert!(absence_isolee(7, 4, 6, present).is_some());
        // Absente au coup 6, le dernier, sans rien après (partie quittée) ; une table qui
        // n'a rien rendu avant (arrivée en retard) : pas regardées ici.
        assert!(absence_isolee(7, 6, 6, present).is_none());
        assert!(absence_isolee(7, 1, 6, |c| c >= 2).is_none());
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
        assert!(raisons[0].contains("coup-01/scan-002.jpg") && raisons[0].contains("1,0 %"), "{raisons:?}");
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
