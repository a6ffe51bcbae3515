//! Un coup dont presque aucun bulletin n'est payé : ses scans ne sont sans doute pas ceux
//! de ce coup de la partie.
//!
//! Dans une salle, presque chaque joueur trouve un coup jouable : sur les manches générées
//! (où les fautes de joueurs sont bien plus nombreuses qu'en salle), au moins 80 % des
//! bulletins de chaque coup sont payés. Des scans corrigés avec une autre partie (le fichier
//! `.partie` d'une autre partie de la journée), ou un dossier qui porte le numéro d'un
//! autre coup, donnent au contraire des zéros partout — erreur de lettre, placement
//! impossible —, décidés seuls dès que les lectures sont sûres : des dizaines de zéros faux.
//! Quand moins d'un bulletin sur cinq jugés par la machine est payé (au moins cinq jugés),
//! chaque bulletin du coup est à vérifier, et le bilan le dit.

use std::collections::BTreeMap;

/// En dessous de ce nombre de bulletins jugés, un coup n'est pas regardé.
pub const BULLETINS_MIN: usize = 5;
/// Part des bulletins payés en dessous de laquelle les scans d'un coup sont suspects.
pub const PART_PAYEE_MIN: f64 = 0.2;

/// Les bulletins payés et jugés d'un coup suspect.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CoupEtranger {
    pub payes: usize,
    pub juges: usize,
}

impl CoupEtranger {
    /// La raison de chacun de ses bulletins.
    pub fn raison(&self, coup: u32) -> String {
        format!(
            "seuls {} des {} bulletins du coup {coup} lus par la machine sont payés : ses scans sont peut-être ceux d'une autre partie (fichier --partie) ou d'un autre coup (dossier mal nommé)",
            self.payes, self.juges
        )
    }
}

/// Les coups suspects, d'après chaque bulletin jugé par la machine : (coup, payé ?).
pub fn coups_etrangers(juges: impl IntoIterator<Item = (u32, bool)>) -> BTreeMap<u32, CoupEtranger> {
    let mut par_coup: BTreeMap<u32, CoupEtranger> = BTreeMap::new();
    for (coup, paye) in juges {
        let c = par_coup.entry(coup).or_insert(CoupEtranger { payes: 0, juges: 0 });
        c.juges += 1;
        c.payes += paye as usize;
    }
    par_coup.retain(|_, c| c.juges >= BULLETINS_MIN && (c.payes as f64) < PART_PAYEE_MIN * c.juges as f64);
    par_coup
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn un_coup_sans_bulletin_paye_est_suspect() {
        let juges = (0..10).map(|i| (1, i < 8)).chain((0..10).map(|i| (2, i < 1))).chain((0..4).map(|_| (3, false))).chain((0..5).map(|i| (4, i < 1)));
        let suspects = coups_etrangers(juges);
        // Coup 1 : 8 payés sur 10 ; coup 3 : trop peu de bulletins ; coup 4 : un sur cinq.
        assert_eq!(suspects.into_iter().collect::<Vec<_>>(), vec![(2, CoupEtranger { payes: 1, juges: 10 })]);
    }
}
