//! Le nettoyage d'une liste libre à sa construction : les abréviations, symboles et sigles
//! qu'elle donne pour des mots (KM, TR, CM, QQN…) ne sont pas des mots du jeu. Sans eux,
//! un raccord comme TR ne passe pas pour valide (un mot non admis payé est la pire erreur
//! d'un correcteur).
//!
//! Règle : un mot replié sans aucune voyelle (A E I O U Y) est écarté, sauf les
//! interjections sans voyelle que les listes officielles admettent
//! ([`INTERJECTIONS_SANS_VOYELLE`]). Elle ne sert qu'à construire le lexique libre par
//! défaut (`arbitre lexique build --sans-abreviations`, `engine/lexique/construire.sh`) :
//! la liste officielle d'un tournoi fait foi telle quelle.

/// Les interjections sans voyelle admises au Scrabble francophone, gardées par le
/// nettoyage (seules celles que la liste source contient y restent).
pub const INTERJECTIONS_SANS_VOYELLE: [&str; 6] = ["BRR", "BRRR", "PFF", "PFFT", "PSST", "PST"];

/// Le mot (replié, `A..=Z`) est-il une abréviation, un symbole ou un sigle à écarter ?
pub fn est_abreviation(mot: &str) -> bool {
    !mot.bytes().any(|o| matches!(o, b'A' | b'E' | b'I' | b'O' | b'U' | b'Y')) && !INTERJECTIONS_SANS_VOYELLE.contains(&mot)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sans_voyelle_ecarte_sauf_interjections() {
        for m in ["TR", "KM", "BD", "MM", "ST", "QQN", "CPT", "PH"] {
            assert!(est_abreviation(m), "{m}");
        }
        for m in ["BRRR", "PFFT", "PST", "LA", "YS", "KY", "RYTHME", "TRUC"] {
            assert!(!est_abreviation(m), "{m}");
        }
    }
}
