//! Ce qui change entre le guide 2020 (édition par défaut) et le règlement 2023 ; la liste
//! raisonnée est dans `EDITIONS.md`.

use crate::arbitrage::{Edition, Motif, Verdict};

/// règlement 5.3.3, 5.6 : la pénalité de 5 points sur un score revendiqué `score`.
///
/// - 2020 (guide 5.3.2, 5.5) : « c'est la pénalité de 5 points qui est appliquée audit
///   score », sans exception ; un score de 4 points ou moins ne peut pas devenir négatif
///   sur un bulletin : il est payé 0 avec le motif de pénalité.
/// - 2023 (règlement 5.3.3, 5.6) : « si cette pénalité de 5 points doit être appliquée à une
///   solution rapportant au plus 4 points, le bulletin est sanctionné d'un zéro ».
pub fn penalite_cinq_points(edition: Edition, score: u32) -> (Verdict, u32, Vec<Motif>) {
    match edition {
        Edition::E2023 if score <= 4 => (Verdict::Zero, 0, vec![Motif::LocalisationZero]),
        _ => (Verdict::Penalite, score.saturating_sub(5), vec![Motif::LocalisationPenalite]),
    }
}

/// règlement 5.9 : le rang du premier avertissement qui coûte 5 points (puis chacun des suivants),
/// pour un joueur sur une partie.
///
/// - 2020 (règlement en vigueur avec le guide, comme les textes antérieurs) : le
///   quatrième, quelle que soit la formule.
/// - 2023 : le quatrième, le sixième en blitz ou en partie originale.
pub fn premier_avertissement_penalise(edition: Edition, blitz_ou_originale: bool) -> u32 {
    match edition {
        Edition::E2023 if blitz_ou_originale => 6,
        _ => 4,
    }
}

/// règlement 5.9 : les points retirés en fin de partie pour `avertissements` avertissements.
pub fn penalite_avertissements(edition: Edition, blitz_ou_originale: bool, avertissements: u32) -> u32 {
    let premier = premier_avertissement_penalise(edition, blitz_ou_originale);
    5 * avertissements.saturating_sub(premier - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn penalite_sur_petit_score_selon_l_edition() {
        assert_eq!(penalite_cinq_points(Edition::E2020, 12), (Verdict::Penalite, 7, vec![Motif::LocalisationPenalite]));
        assert_eq!(penalite_cinq_points(Edition::E2023, 12), (Verdict::Penalite, 7, vec![Motif::LocalisationPenalite]));
        assert_eq!(penalite_cinq_points(Edition::E2023, 4).0, Verdict::Zero);
        assert_eq!(penalite_cinq_points(Edition::E2023, 5), (Verdict::Penalite, 0, vec![Motif::LocalisationPenalite]));
        assert_eq!(penalite_cinq_points(Edition::E2020, 4).0, Verdict::Penalite);
    }

    #[test]
    fn avertissements_payants() {
        assert_eq!(penalite_avertissements(Edition::E2020, false, 3), 0);
        assert_eq!(penalite_avertissements(Edition::E2020, false, 5), 10);
        assert_eq!(penalite_avertissements(Edition::E2020, true, 4), 5);
        assert_eq!(penalite_avertissements(Edition::E2023, true, 5), 0);
        assert_eq!(penalite_avertissements(Edition::E2023, true, 7), 10);
        assert_eq!(penalite_avertissements(Edition::E2023, false, 4), 5);
    }
}
