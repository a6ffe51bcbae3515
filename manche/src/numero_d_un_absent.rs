//! Garde-fou d'un numéro de table lu sûrement, mais qui est peut-être celui d'une table sans
//! bulletin au même coup. L'absence de cette table est déjà à vérifier : ce scan est
//! peut-être son bulletin (`absences`). Le même doute porte sur le bulletin lui-même : s'il
//! est celui de l'absente, sa table à lui n'a rien rendu (5.7), et le payer est payer un
//! autre joueur. Manche neuve `rosace` graine 1071 (300–600 dpi), coup 15 : le bulletin de
//! la table 32, dont le 2 (un tracé EMNIST) a la forme d'un 1 à pied, lu « 31 » à 99,7 %,
//! « 32 » à 0,3 % ; la table 31 était absente à ce coup, payée 29 points sans personne.
//! La probabilité seule ne départage pas : une absence de plus ou de moins à ce coup est
//! aussi vraisemblable d'un côté que de l'autre. Une personne regarde le numéro écrit.

use crate::attribution::{probabilite_du_numero, tables_possibles};
use crate::table_deduite::P_TABLE_POSSIBLE;
use arbitre_pipeline::lecture_scan::LectureScan;
use arbitre_reports::nombres::pourcent;

/// La table sans bulletin à ce coup (`sans_bulletin(table)`) dont le scan, attribué à la
/// table `table`, porte peut-être le numéro (au moins [`P_TABLE_POSSIBLE`]), la plus
/// probable, avec sa probabilité ; la raison à donner.
pub(crate) fn numero_d_un_absent(s: &LectureScan, table: u32, sans_bulletin: impl Fn(u32) -> bool) -> Option<String> {
    let possibles = tables_possibles(s);
    let (absente, p) = possibles.iter().copied().filter(|&(t, p)| t != table && p >= P_TABLE_POSSIBLE && sans_bulletin(t)).max_by(|a, b| a.1.total_cmp(&b.1))?;
    let lu = probabilite_du_numero(&possibles, table);
    Some(format!(
        "numéro de table lu {table} ({}), peut-être {absente} ({}), une table sans bulletin à ce coup : si c'est le sien, ce bulletin est celui de la table {absente}, et la table {table} n'a rien rendu (5.7)",
        pourcent(lu, 1),
        pourcent(p, 1)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbitre_pipeline::lecture_scan::{Alternative, ChampLu};

    /// Un scan du coup 15 dont le numéro de table se lit ainsi.
    fn scan(tables: &[(&str, f32)]) -> LectureScan {
        let table = ChampLu { valeur: Some(tables[0].0.into()), alternatives: tables.iter().map(|&(l, p)| Alternative { lecture: l.into(), p }).collect(), caracteres: Vec::new() };
        LectureScan { image: "coup-15/scan-010.jpg".into(), page: None, bulletin: None, coup: Some(15), lecture: None, cases: Vec::new(), table, reference: ChampLu::default(), score: ChampLu::default(), cases_pales: Vec::new(), cadres_pales: Vec::new(), trainees: None, recalage: None, rejet: None }
    }

    #[test]
    fn un_numero_sur_qui_peut_etre_celui_d_une_table_absente_est_a_verifier() {
        // Le cas de la manche 1071 : 31 à 99,7 %, 32 à 0,3 %, la table 32 sans bulletin.
        let s = scan(&[("31", 0.99674), ("32", 0.00254), ("81", 0.00048)]);
        let raison = numero_d_un_absent(&s, 31, |t| t == 32).expect("à vérifier");
        assert!(raison.starts_with("numéro de table lu 31 (99,7 %), peut-être 32 (0,3 %), une table sans bulletin à ce coup"), "{raison}");
        assert!(raison.contains("la table 31 n'a rien rendu (5.7)"), "{raison}");
    }

    #[test]
    fn une_lecture_rare_mais_pas_negligeable_compte() {
        // Manche neuve `2_ai` graine 1211, coup 11 : le bulletin de la table 4 lu « 9 » à
        // 93,6 %, « 7 » à 6,3 % (la 7 servie), « 4 » à 0,095 % ; la table 9 était absente,
        // payée 26 points sans personne quand le seuil était de 0,1 %.
        let s = scan(&[("9", 0.9357), ("7", 0.0633), ("4", 0.00095)]);
        let raison = numero_d_un_absent(&s, 9, |t| t == 4).expect("à vérifier");
        assert!(raison.contains("peut-être 4 (0,1 %)"), "{raison}");
    }

    #[test]
    fn rien_quand_les_autres_lectures_sont_servies_ou_negligeables() {
        let s = scan(&[("31", 0.9990), ("32", 0.0009), ("81", 0.00005)]);
        // La table 32 a son bulletin : rien à craindre de ce côté.
        assert_eq!(numero_d_un_absent(&s, 31, |t| t == 81), None, "la 81 n'est lue qu'à 0,005 % : négligeable");
        // Le numéro lu lui-même n'est jamais une autre table.
        assert_eq!(numero_d_un_absent(&s, 31, |t| t == 31), None);
    }
}
