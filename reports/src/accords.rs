//! Les accords du français dans les textes des rapports : « 1 bulletin corrigé »,
//! « 2 bulletins corrigés », « 0 rectification » ; « zéro ajouté », « pénalité ajoutée ».

use arbitre_engine::arbitrage::Verdict;

/// `n` suivi du nom au singulier (0 et 1) ou au pluriel (partagé avec le moteur).
pub use arbitre_engine::francais::compte;

/// Le participe accordé au genre de la sanction : « zéro ajouté », « pénalité ajoutée ».
/// `participe` est donné au masculin (« ajouté », « supprimé »).
pub fn accorde(v: Verdict, participe: &str) -> String {
    match v {
        Verdict::Penalite => format!("{participe}e"),
        _ => participe.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn singulier_jusqu_a_un_pluriel_ensuite() {
        assert_eq!(compte(0, "solo", "solos"), "0 solo");
        assert_eq!(compte(1, "sanction supprimée", "sanctions supprimées"), "1 sanction supprimée");
        assert_eq!(compte(2, "bulletin manquant", "bulletins manquants"), "2 bulletins manquants");
        assert_eq!(accorde(Verdict::Zero, "ajouté"), "ajouté");
        assert_eq!(accorde(Verdict::Penalite, "supprimé"), "supprimée");
    }
}
