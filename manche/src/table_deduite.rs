//! Un numéro de table lu avec doute, confirmé par les autres bulletins du coup, comme le
//! ferait l'arbitre : « 26, ou 76 ? La table 76 a déjà rendu son bulletin à ce coup, lu
//! sans doute : celui-ci est de la 26. » Chaque table rend un bulletin par coup ; une
//! lecture du numéro qui nommerait une table déjà servie (ou inconnue de la manche) ne
//! reste possible que si quelque chose de rare s'est produit : un second bulletin de cette
//! table, le bulletin d'un autre coup rangé là, une image d'une autre manche.
//!
//! Rien n'est tiré vers une lecture : le numéro lu reste la lecture la plus probable de
//! l'encre, et seul le doute sur l'attribution change. Jamais quand une table *sans*
//! bulletin à ce coup est une lecture possible du numéro (le scan est peut-être le sien) ;
//! la masse des lectures non listées compte toujours contre. Et l'absence d'une table (zéro,
//! 5.7) reste douteuse tant qu'un scan du coup a un numéro lu avec doute (`depouillement`) :
//! si ce scan était le sien, une personne le verra.

use crate::attribution::{numero_sur, tables_possibles};
use arbitre_pipeline::lecture_scan::LectureScan;
use std::collections::{BTreeSet, HashMap};

/// La probabilité, supposée, qu'une table dont le bulletin du coup est déjà lu sans doute
/// en rende un second à ce coup (doublon, bulletin d'un autre coup rangé là), ou qu'un scan
/// soit celui d'une table absente de la liste des joueurs : une sur vingt. Choisie, pas
/// ajustée, au-dessus de ce qu'on voit : la manche d'évaluation, où 60 fautes ont été
/// injectées, a 54 seconds bulletins d'une table (dont 8 copies) pour 1 935 bulletins lus
/// (2,8 %) ; un tournoi, bien moins.
pub const P_SECOND_BULLETIN: f64 = 0.05;

/// Une lecture du numéro plus probable que ceci qui nomme une table sans bulletin au coup
/// empêche toute déduction, et rend douteuse l'absence de cette table (`depouillement`) :
/// le seuil où une lecture cesse d'être négligeable, le même que pour les cases. Il était
/// de 0,1 % jusqu'au 28 novembre 2026 : sur une manche neuve (`2_ai` graine 1211, coup
/// 11), le bulletin de la table 4, lu « 9 » à 93,6 %, « 7 » à 6,3 % (la 7 servie) et
/// « 4 » à 0,095 %, a été confirmé à la table 9, absente, et payé sans personne.
pub const P_TABLE_POSSIBLE: f64 = crate::doute::P_NEGLIGEABLE;

/// Les passes de déduction au plus : un numéro confirmé sert à en confirmer d'autres
/// (« la 76 est servie, donc ce 16-ou-76 est la 16 ; la 16 est servie, donc… »).
const PASSES_MAX: usize = 4;

/// Ce que les scans lus disent des tables de chaque coup, et les numéros lus avec doute
/// que les autres bulletins du coup confirment.
#[derive(Debug, Default)]
pub struct NumerosLus {
    par_coup: HashMap<u32, DuCoup>,
    /// Les scans (indices) dont le numéro lu avec doute est confirmé, et pourquoi.
    confirmes: HashMap<usize, Confirmation>,
}

#[derive(Debug, Default)]
struct DuCoup {
    /// Les numéros lus (lecture la plus probable) d'un scan au moins.
    lus: BTreeSet<u32>,
    /// Pour chaque table lue sans doute (ou confirmée), les scans qui la portent.
    surs: HashMap<u32, Vec<usize>>,
    /// Les scans du coup dont le numéro le plus probable, connu de la manche, est lu avec
    /// doute — ceux qu'une déduction peut confirmer —, avec leurs numéros possibles
    /// ([`tables_possibles`], le plus probable d'abord).
    douteux: Vec<(usize, Vec<(u32, f64)>)>,
}

/// Une autre lecture du numéro, écartée : la table qu'elle nomme a déjà rendu son bulletin
/// à ce coup, lu sans doute (`par` : ce scan-là), ou ne joue pas (`par` : `None`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Ecartee {
    pub table: u32,
    pub par: Option<usize>,
}

/// Un numéro lu avec doute, confirmé : sa probabilité sachant les autres bulletins du coup,
/// et ses autres lectures écartées.
#[derive(Debug, Clone, PartialEq)]
pub struct Confirmation {
    pub p: f64,
    pub ecartees: Vec<Ecartee>,
}

/// Où trouver les tables de la manche et ce qu'elles disent.
pub struct Manche<'a> {
    /// Les tables de la manche.
    pub connues: &'a BTreeSet<u32>,
    /// Elles viennent de `--joueurs` : une table hors liste ne joue pas.
    pub liste: bool,
    /// `Seuils::table`.
    pub seuil: f64,
}

impl NumerosLus {
    /// `scans` : les scans lus, avec leur indice et leur coup (`None` : coup inconnu).
    pub fn new<'a>(scans: impl Iterator<Item = (usize, &'a LectureScan, Option<u32>)>, m: &Manche<'_>) -> NumerosLus {
        let mut n = NumerosLus::default();
        for (i, s, coup) in scans {
            let possibles = tables_possibles(s);
            let (Some(coup), Some(&(t, p))) = (coup, possibles.first()) else { continue };
            let c = n.par_coup.entry(coup).or_default();
            c.lus.insert(t);
            // Un numéro au cadre lu en partie n'est ni sûr ni déductible (`table_incomplete`).
            if m.connues.contains(&t) && crate::attribution::table_incomplete(s).is_none() {
                if numero_sur(p, m.seuil) {
                    c.surs.entry(t).or_default().push(i);
                } else {
                    c.douteux.push((i, possibles));
                }
            }
        }
        for _ in 0..PASSES_MAX {
            let mut nouveaux: Vec<(u32, usize, u32, Confirmation)> = Vec::new();
            for (&coup, c) in &n.par_coup {
                for (i, possibles) in c.douteux.iter().filter(|(i, _)| !n.confirmes.contains_key(i)) {
                    let (p, ecartees) = c.probabilite(*i, possibles, m);
                    if numero_sur(p, m.seuil) {
                        nouveaux.push((coup, *i, possibles[0].0, Confirmation { p, ecartees }));
                    }
                }
            }
            if nouveaux.is_empty() {
                break;
            }
            for (coup, i, t, confirmation) in nouveaux {
                n.confirmes.insert(i, confirmation);
                n.par_coup.get_mut(&coup).expect("coup vu").surs.entry(t).or_default().push(i);
            }
        }
        n
    }

    /// Le numéro le plus probable du scan `i`, lu avec doute, est confirmé par les autres
    /// bulletins de son coup : comment.
    pub fn confirme(&self, i: usize) -> Option<&Confirmation> {
        self.confirmes.get(&i)
    }
}

impl DuCoup {
    /// La probabilité que le scan `i`, de numéros possibles `possibles` (non vide, le plus
    /// probable d'abord), soit le bulletin de la table de son numéro le plus probable à ce
    /// coup, sachant les autres scans du coup ; la probabilité lue elle-même quand rien ne
    /// permet de déduire. Avec elle, les autres lectures écartées.
    fn probabilite(&self, i: usize, possibles: &[(u32, f64)], m: &Manche<'_>) -> (f64, Vec<Ecartee>) {
        let table = possibles[0].0;
        let lue: f64 = possibles.iter().filter(|x| x.0 == table).map(|x| x.1).sum();
        let servie = |t: u32| self.surs.get(&t).and_then(|v| v.iter().copied().find(|&j| j != i));
        if servie(table).is_some() {
            return (lue, Vec::new());
        }
        let (mut autres, mut ecartees) = (0.0, Vec::new());
        for &(t, p) in possibles.iter().filter(|x| x.0 != table) {
            // Une table sans bulletin à ce coup : ce scan est peut-être le sien.
            if m.connues.contains(&t) && !self.lus.contains(&t) && p >= P_TABLE_POSSIBLE {
                return (lue, Vec::new());
            }
            let ecartee = match servie(t) {
                Some(j) => Some(Ecartee { table: t, par: Some(j) }),
                None if m.liste && !m.connues.contains(&t) => Some(Ecartee { table: t, par: None }),
                None => None,
            };
            autres += if ecartee.is_some() { P_SECOND_BULLETIN * p } else { p };
            ecartees.extend(ecartee);
        }
        // Les lectures non listées (ou qui ne sont pas un numéro) comptent entières contre.
        let non_listees = (1.0 - possibles.iter().map(|x| x.1).sum::<f64>()).max(0.0);
        (lue / (lue + autres + non_listees), ecartees)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbitre_pipeline::lecture_scan::{Alternative, ChampLu};

    fn scan(tables: &[(&str, f32)]) -> LectureScan {
        let table = ChampLu { valeur: tables.first().map(|t| t.0.to_string()), alternatives: tables.iter().map(|&(l, p)| Alternative { lecture: l.into(), p }).collect(), caracteres: Vec::new() };
        LectureScan { image: String::new(), page: None, bulletin: None, coup: Some(1), lecture: None, cases: Vec::new(), table, reference: ChampLu::default(), score: ChampLu::default(), cases_pales: Vec::new(), cadres_pales: Vec::new(), trainees: None, recalage: None, rejet: None }
    }

    /// Le numéro du premier scan est-il confirmé (tables 1 à 100, au coup 1) ?
    fn confirme(scans: &[LectureScan], liste: bool) -> bool {
        let connues: BTreeSet<u32> = (1..=100).collect();
        let m = Manche { connues: &connues, liste, seuil: 0.01 };
        NumerosLus::new(scans.iter().enumerate().map(|(i, s)| (i, s, Some(1))), &m).confirme(0).is_some()
    }

    #[test]
    fn une_table_deja_servie_sans_doute_confirme_le_numero() {
        // 26 ou 76 ; la 76 a rendu son bulletin, lu sans doute.
        let scans = [scan(&[("26", 0.97), ("76", 0.029)]), scan(&[("76", 0.999)])];
        assert!(confirme(&scans, true));
        // Sans le bulletin de la 76, le doute reste entier.
        assert!(!confirme(&scans[..1], true));
        // Un bulletin de la 76 lu lui-même avec doute ne confirme rien.
        assert!(!confirme(&[scans[0].clone(), scan(&[("76", 0.95), ("16", 0.05)])], true));
        // … sauf si les autres bulletins du coup le confirment à son tour : la 16 est servie.
        let chaine = [scans[0].clone(), scan(&[("76", 0.95), ("16", 0.05)]), scan(&[("16", 0.999)])];
        assert!(confirme(&chaine, true));
    }

    #[test]
    fn la_confirmation_dit_quelles_lectures_sont_ecartees_et_par_quel_scan() {
        let connues: BTreeSet<u32> = (1..=100).collect();
        let m = Manche { connues: &connues, liste: true, seuil: 0.01 };
        let scans = [scan(&[("26", 0.96), ("76", 0.03), ("126", 0.01)]), scan(&[("76", 0.999)])];
        let n = NumerosLus::new(scans.iter().enumerate().map(|(i, s)| (i, s, Some(1))), &m);
        let c = n.confirme(0).expect("confirmé");
        assert_eq!(c.ecartees, [Ecartee { table: 76, par: Some(1) }, Ecartee { table: 126, par: None }]);
        assert!((c.p - 0.96 / (0.96 + 0.05 * 0.04)).abs() < 1e-6, "{}", c.p);
        assert_eq!(n.confirme(1), None, "lu sans doute : rien à confirmer");
    }

    #[test]
    fn un_numero_ecrit_de_deux_facons_est_un_seul_numero() {
        // « 2 » ou « 02 » : la même table ; rien d'écarté, le numéro est sûr.
        assert!(confirme(&[scan(&[("2", 0.98), ("02", 0.02)])], true));
        assert!(!confirme(&[scan(&[("2", 0.98), ("02", 0.005), ("7", 0.015)])], true), "la 7 n'a pas de bulletin");
    }

    #[test]
    fn une_table_sans_bulletin_parmi_les_lectures_interdit_la_deduction() {
        // 25, 85 ou 35 : la 85 est servie, mais la 35 n'a pas de bulletin à ce coup — ce
        // scan est peut-être le sien (évaluation, coup 3 : c'était le cas).
        let scans = [scan(&[("25", 0.9826), ("85", 0.0142), ("35", 0.0024)]), scan(&[("85", 0.999)])];
        assert!(!confirme(&scans, true));
    }

    #[test]
    fn une_table_sans_bulletin_lue_rarement_mais_pas_negligeable_interdit_la_deduction() {
        // 9, 7 ou 4 : la 7 est servie, la 4 n'a pas de bulletin et n'est lue qu'à 0,095 %
        // (manche neuve `2_ai` graine 1211, coup 11 : c'était le bulletin de la 4).
        let scans = [scan(&[("9", 0.9357), ("7", 0.0633), ("4", 0.00095)]), scan(&[("7", 0.999)])];
        assert!(!confirme(&scans, true));
    }

    #[test]
    fn une_table_inconnue_de_la_liste_est_rare_et_la_masse_non_listee_compte_contre() {
        let scans = [scan(&[("12", 0.985), ("122", 0.015)])];
        assert!(confirme(&scans, true));
        // Sans liste de joueurs, une table jamais lue n'est pas impossible pour autant.
        assert!(!confirme(&scans, false));
        // Des lectures qui ne disent pas toutes les possibilités : le reste compte contre.
        assert!(!confirme(&[scan(&[("12", 0.985), ("122", 0.005)])], true));
    }

    #[test]
    fn un_numero_qu_un_autre_scan_porte_sans_doute_n_est_pas_confirme() {
        // Deux bulletins pour la 26 : le doublon se règle ailleurs, rien n'est déduit.
        let scans = [scan(&[("26", 0.97), ("76", 0.03)]), scan(&[("26", 0.999)]), scan(&[("76", 0.999)])];
        assert!(!confirme(&scans, true));
    }

    #[test]
    fn un_numero_sur_qu_un_autre_scan_porte_peut_etre_est_a_verifier() {
        // Le bulletin de la 21 lu 24 à 99,8 % ; celui de la 24 lu 14, 24 ou 74 : l'un des deux
        // numéros est mal lu, la 24 ne reçoit rien sans qu'une personne regarde.
        let connues: BTreeSet<u32> = (1..=50).collect();
        let mut scans = vec![scan(&[("24", 0.998), ("22", 0.002)]), scan(&[("14", 0.48), ("24", 0.30), ("74", 0.22)])];
        for (i, s) in scans.iter_mut().enumerate() {
            s.image = format!("coup-01/scan-{i}.jpg");
        }
        let r = crate::attribution::repartir(&scans, 20, Some(&connues), 0.01);
        let a = r.attribues.iter().find(|a| a.table == 24).expect("attribué à la 24");
        assert!(a.raisons.iter().any(|r| r == "un autre scan du coup porte peut-être le numéro 24 : coup-01/scan-1.jpg (30 %) ; l'un des deux numéros est mal lu"), "{:?}", a.raisons);
        // Une lecture faible (sous 20 %) ne partage pas le numéro.
        scans[1] = scan(&[("14", 0.85), ("24", 0.15)]);
        scans[1].image = "coup-01/scan-1.jpg".into();
        let r = crate::attribution::repartir(&scans, 20, Some(&connues), 0.01);
        assert!(r.attribues.iter().find(|a| a.table == 24).unwrap().raisons.is_empty());
    }

    #[test]
    fn la_repartition_ne_demande_plus_de_verifier_un_numero_confirme() {
        let connues: BTreeSet<u32> = (1..=3).collect();
        let mut scans = vec![scan(&[("2", 0.97), ("3", 0.029)]), scan(&[("3", 0.999)]), scan(&[("1", 0.999)])];
        for (i, s) in scans.iter_mut().enumerate() {
            s.image = format!("coup-01/scan-{i}.jpg");
        }
        let r = crate::attribution::repartir(&scans, 1, Some(&connues), 0.01);
        assert_eq!(r.attribues.len(), 3);
        assert!(r.attribues.iter().all(|a| a.raisons.is_empty()), "{:?}", r.attribues);
        // La table 1 n'a pas rendu de bulletin, et aucune lecture ne dit 1 : le numéro est
        // confirmé. L'absence de la 1, elle, reste à vérifier (`depouillement` : un scan du
        // coup a un numéro lu avec doute, le vrai n'est pas toujours parmi ses lectures).
        scans.truncate(2);
        let r = crate::attribution::repartir(&scans, 1, Some(&connues), 0.01);
        let a = r.attribues.iter().find(|a| a.table == 2).expect("attribué à la 2");
        assert!(a.raisons.is_empty(), "{:?}", a.raisons);
        // Une lecture du numéro nomme la 1, sans bulletin : pas de déduction.
        let scans = vec![scan(&[("2", 0.97), ("3", 0.025), ("1", 0.005)]), scan(&[("3", 0.999)])];
        let r = crate::attribution::repartir(&scans, 1, Some(&connues), 0.01);
        let a = r.attribues.iter().find(|a| a.table == 2).expect("attribué à la 2");
        assert!(a.raisons.iter().any(|r| r.starts_with("numéro de table incertain")), "{:?}", a.raisons);
    }
}
