//! Le lexique d'une partie : le lexique en usage, plus les mots formés par les tops de la
//! partie qui lui manquent. La partie fait foi : son top a été validé par l'arbitrage de
//! la partie (avec la liste officielle du tournoi), et un joueur qui le joue, à sa
//! référence et pour son score, est payé, quel que soit le lexique donné à arbitre. Les
//! mots ainsi admis sont nommés ([`LexiquePartie::admis`], [`avertissement`]) : un lexique
//! qui ne connaît pas les tops n'est sans doute pas le bon (autre liste, édition ancienne).

use crate::francais::compte;
use crate::lexique::Lexique;
use crate::partie::{MotHorsLexique, Partie};

/// Le lexique avec lequel se corrige une partie.
pub struct LexiquePartie<'l> {
    lexique: Complet<'l>,
    admis: Vec<MotHorsLexique>,
}

enum Complet<'l> {
    /// Le lexique en usage connaît tous les mots des tops.
    Tel(&'l Lexique),
    /// Le lexique en usage augmenté des mots des tops qui lui manquent.
    Augmente(Lexique),
}

impl<'l> LexiquePartie<'l> {
    /// Le lexique de la partie `partie` avec le lexique en usage `lexique`.
    pub fn new(partie: &Partie, lexique: &'l Lexique) -> LexiquePartie<'l> {
        let admis = partie.hors_lexique(lexique);
        if admis.is_empty() {
            return LexiquePartie { lexique: Complet::Tel(lexique), admis };
        }
        let mots: Vec<&String> = admis.iter().flat_map(|h| &h.mots).collect();
        let nom = format!("{} + {} des tops de la partie", lexique.identite().nom, compte(mots.len(), "mot", "mots"));
        LexiquePartie { lexique: Complet::Augmente(lexique.avec_mots(&nom, &mots)), admis }
    }

    /// Le lexique à utiliser pour corriger la partie.
    pub fn lexique(&self) -> &Lexique {
        match &self.lexique {
            Complet::Tel(l) => l,
            Complet::Augmente(l) => l,
        }
    }

    /// Les mots formés par les tops qui manquent au lexique en usage, coup par coup : ils
    /// sont admis pour cette partie.
    pub fn admis(&self) -> &[MotHorsLexique] {
        &self.admis
    }
}

/// L'avertissement à afficher quand des mots des tops manquent au lexique en usage (nommé
/// `nom_lexique`) : lesquels, pourquoi ils sont admis, ce qu'il faut vérifier. `None`
/// quand le lexique connaît tous les tops.
pub fn avertissement(admis: &[MotHorsLexique], nom_lexique: &str) -> Option<String> {
    if admis.is_empty() {
        return None;
    }
    let n: usize = admis.iter().map(|h| h.mots.len()).sum();
    let liste: Vec<String> = admis.iter().map(|h| format!("coup {} : {}", h.coup, h.mots.join(", "))).collect();
    Some(format!(
        "ATTENTION : {} par les tops de la partie {} au lexique {nom_lexique} ({}). \
La partie fait foi : {} pour cette partie, et le top est payé à qui le joue. \
Un lexique qui ne connaît pas les tops n'est sans doute pas celui du tournoi, ou pas à jour : vérifiez-le.",
        compte(n, "mot formé", "mots formés"),
        if n > 1 { "manquent" } else { "manque" },
        liste.join(" ; "),
        if n > 1 { "ces mots sont admis" } else { "ce mot est admis" }
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::regles::Formule;
    use std::path::Path;

    /// MANGER H4 au premier coup, TALES 10G au deuxième (il forme aussi MANGERA).
    fn partie() -> Partie {
        Partie::depuis_texte(Path::new("p.partie"), "1 AEGMNRT MANGER H4 20\n2 AELSTTU TALES 10G 16\n", Formule::STANDARD).unwrap()
    }

    #[test]
    fn les_mots_des_tops_absents_du_lexique_sont_admis_et_nommes() {
        let p = partie();
        let lx = Lexique::depuis_mots("tournoi", &["MANGER", "MANGERA"]);
        let lp = LexiquePartie::new(&p, &lx);
        assert_eq!(lp.admis(), [MotHorsLexique { coup: 2, ligne: 2, mots: vec!["TALES".into()] }]);
        assert!(lp.lexique().contient_texte("TALES") && lp.lexique().contient_texte("MANGER"));
        assert!(!lx.contient_texte("TALES"));
        let m = avertissement(lp.admis(), &lx.identite().nom).unwrap();
        assert!(m.starts_with("ATTENTION : 1 mot formé par les tops de la partie manque au lexique tournoi (coup 2 : TALES)"), "{m}");
    }

    #[test]
    fn un_lexique_qui_connait_les_tops_sert_tel_quel() {
        let p = partie();
        let lx = Lexique::depuis_mots("tournoi", &["MANGER", "MANGERA", "TALES"]);
        let lp = LexiquePartie::new(&p, &lx);
        assert!(lp.admis().is_empty() && avertissement(lp.admis(), "tournoi").is_none());
        assert!(std::ptr::eq(lp.lexique(), &lx));
    }
}
