//! Normalisation d'une liste de mots : accents repliés, casse ignorée, entrées composées
//! écartées, 2 à 15 lettres.

use unicode_normalization::UnicodeNormalization;

/// Longueurs admises (la grille a 15 cases).
pub const LONGUEUR_MIN: usize = 2;
pub const LONGUEUR_MAX: usize = 15;

/// Pourquoi une entrée de la liste est écartée.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ecart {
    /// Espace, trait d'union ou apostrophe : mot composé ou élidé.
    Compose,
    /// Un caractère qui n'est pas une lettre latine après repli.
    Caractere(char),
    /// Moins de 2 ou plus de 15 lettres.
    Longueur,
}

/// Replie une entrée : `élève` → `ELEVE`, `cœur` → `COEUR`.
pub fn plier(entree: &str) -> Result<String, Ecart> {
    let entree = entree.trim();
    if entree.chars().any(|c| c.is_whitespace() || matches!(c, '-' | '\'' | '’' | '‐' | '‑')) {
        return Err(Ecart::Compose);
    }
    let mut mot = String::with_capacity(entree.len());
    for c in entree.nfd() {
        match c {
            'a'..='z' => mot.push(c.to_ascii_uppercase()),
            'A'..='Z' => mot.push(c),
            'œ' | 'Œ' => mot.push_str("OE"),
            'æ' | 'Æ' => mot.push_str("AE"),
            c if is_marque_combinante(c) => {}
            c => return Err(Ecart::Caractere(c)),
        }
    }
    if !(LONGUEUR_MIN..=LONGUEUR_MAX).contains(&mot.len()) {
        return Err(Ecart::Longueur);
    }
    Ok(mot)
}

fn is_marque_combinante(c: char) -> bool {
    matches!(c as u32, 0x0300..=0x036F | 0x1AB0..=0x1AFF | 0x1DC0..=0x1DFF | 0x20D0..=0x20FF | 0xFE20..=0xFE2F)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accents_et_ligatures() {
        assert_eq!(plier("élève").unwrap(), "ELEVE");
        assert_eq!(plier("Noël").unwrap(), "NOEL");
        assert_eq!(plier("cœur").unwrap(), "COEUR");
        assert_eq!(plier("curriculum").unwrap(), "CURRICULUM");
        assert_eq!(plier("ÇA").unwrap(), "CA");
        assert_eq!(plier("  abaca \r").unwrap(), "ABACA");
    }

    #[test]
    fn entrees_ecartees() {
        assert_eq!(plier("arc-en-ciel"), Err(Ecart::Compose));
        assert_eq!(plier("aujourd'hui"), Err(Ecart::Compose));
        assert_eq!(plier("pomme de terre"), Err(Ecart::Compose));
        assert_eq!(plier("a"), Err(Ecart::Longueur));
        assert_eq!(plier("anticonstitutionnellement"), Err(Ecart::Longueur));
        assert_eq!(plier("x2"), Err(Ecart::Caractere('2')));
    }
}
