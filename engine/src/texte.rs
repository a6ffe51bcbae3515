//! Les fichiers texte des utilisateurs : les décoder sans perdre tout le fichier pour un
//! octet (un commentaire enregistré en Latin-1), et citer une entrée dans un message
//! d'erreur sans noyer le terminal (une ligne de 10 Mo se cite par son début et sa longueur).

/// Un fichier décodé : le texte, octets invalides remplacés par « � », et les lignes (à
/// partir de 1) qui en contenaient.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decode {
    pub texte: String,
    pub lignes_invalides: Vec<usize>,
}

/// Décode des octets UTF-8 ; chaque séquence invalide devient « � » et sa ligne est notée.
pub fn decoder(octets: &[u8]) -> Decode {
    let mut texte = String::with_capacity(octets.len());
    let mut lignes_invalides = Vec::new();
    let mut ligne = 1;
    for morceau in octets.utf8_chunks() {
        let valide = morceau.valid();
        texte.push_str(valide);
        ligne += valide.bytes().filter(|&b| b == b'\n').count();
        if !morceau.invalid().is_empty() {
            texte.push(char::REPLACEMENT_CHARACTER);
            if lignes_invalides.last() != Some(&ligne) {
                lignes_invalides.push(ligne);
            }
        }
    }
    Decode { texte, lignes_invalides }
}

/// Le message d'une ligne qui n'est pas de l'UTF-8.
pub const MESSAGE_ENCODAGE: &str = "octets qui ne sont pas de l'UTF-8 (lus « � ») : enregistrez le fichier en UTF-8";

/// Au-delà de ce nombre de caractères, une citation est coupée.
pub const CITATION_MAX: usize = 60;

/// `texte` tel quel s'il est court ; sinon ses [`CITATION_MAX`] premiers caractères,
/// « … » et sa longueur (« ABCD… (10 000 000 caractères) »).
pub fn extrait(texte: &str) -> String {
    let mut cars = texte.char_indices();
    match cars.nth(CITATION_MAX) {
        None => texte.to_string(),
        Some((coupure, _)) => format!("{}… ({} caractères)", &texte[..coupure], texte.chars().count()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn un_octet_invalide_est_remplace_et_sa_ligne_notee() {
        let d = decoder(b"coup 1\n# caf\xE9 \xE9\nbulletin\n\xFF");
        assert_eq!(d.texte, "coup 1\n# caf\u{FFFD} \u{FFFD}\nbulletin\n\u{FFFD}");
        assert_eq!(d.lignes_invalides, vec![2, 4]);
        assert_eq!(decoder("élève\n".as_bytes()).lignes_invalides, Vec::<usize>::new());
    }

    #[test]
    fn une_ligne_courte_est_citee_entiere_une_longue_par_son_debut() {
        assert_eq!(extrait("1 AEGMNRT MANGER H4 20"), "1 AEGMNRT MANGER H4 20");
        let long = "é".repeat(10_000_000);
        let e = extrait(&long);
        assert!(e.starts_with(&"é".repeat(CITATION_MAX)) && e.ends_with("… (10000000 caractères)"), "{e}");
        assert_eq!(extrait(&"x".repeat(CITATION_MAX)), "x".repeat(CITATION_MAX));
    }
}
