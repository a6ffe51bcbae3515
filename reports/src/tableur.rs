//! Les CSV des rapports (`resultats.csv`, `suivi.csv`, `suivi-tirages.csv`,
//! `rectifications.csv`, `classement.csv`) sont faits pour un tableur réglé en français,
//! celui des arbitres : champs séparés par des points-virgules (le séparateur de liste du
//! système en France ; des virgules mettraient chaque ligne dans une seule colonne
//! d'Excel), nombres décimaux à virgule (`83,0`), UTF-8 précédé de sa marque d'ordre
//! d'octets (sans elle, Excel lit les accents en Windows-1252 : « ZÃ©ro »). Les données
//! pour les programmes sont dans `archive.json` et `decisions.jsonl`.

/// La marque d'ordre d'octets UTF-8, en tête de chaque CSV.
pub const MARQUE_UTF8: &str = "\u{feff}";

/// Le séparateur des champs.
pub const SEPARATEUR: u8 = b';';

/// Un CSV à écrire, sa marque déjà posée.
pub(crate) fn ecrivain() -> csv::Writer<Vec<u8>> {
    csv::WriterBuilder::new().delimiter(SEPARATEUR).from_writer(MARQUE_UTF8.as_bytes().to_vec())
}

/// Le texte du CSV écrit (l'écriture dans un `Vec` ne peut pas échouer).
pub(crate) fn texte(w: csv::Writer<Vec<u8>>) -> String {
    String::from_utf8(w.into_inner().unwrap_or_default()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn un_csv_s_ouvre_dans_un_tableur_francais() {
        let mut w = ecrivain();
        w.write_record(["Table", "Zéro", "% des tops"]).unwrap();
        w.write_record(["1", "X", "83,0"]).unwrap();
        w.write_record(["2", "Dupont; Marie", ""]).unwrap();
        // Le point-virgule d'un nom est protégé par des guillemets ; la virgule décimale, non.
        assert_eq!(texte(w), "\u{feff}Table;Zéro;% des tops\n1;X;83,0\n2;\"Dupont; Marie\";\n");
    }
}
