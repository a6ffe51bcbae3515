//! Les nombres tels qu'un lecteur français les lit : virgule décimale, espace avant « % ».
//! Pour tout ce qu'une personne lit : raisons d'un bulletin à vérifier, page de revue,
//! rejets, mesures et durées affichées par les commandes.

/// `x` à `decimales` chiffres après la virgule : `decimal(0.071, 2)` donne « 0,07 ».
pub fn decimal(x: f64, decimales: usize) -> String {
    format!("{x:.decimales$}").replace('.', ",")
}

/// Une probabilité `p` (de 0 à 1) en pourcentage, `decimales` chiffres après la virgule :
/// `pourcent(0.4037, 1)` donne « 40,4 % ». Une probabilité qui n'est pas nulle ne s'écrit
/// jamais « 0,0 % » (une lecture du numéro de table à 0,02 % envoie un bulletin à une
/// personne : la raison doit le montrer) : jusqu'à deux décimales, puis « moins de 0,01 % ».
pub fn pourcent(p: f64, decimales: usize) -> String {
    for d in decimales..=decimales.max(2) {
        let texte = decimal(p * 100.0, d);
        if p <= 0.0 || texte.bytes().any(|c| (b'1'..=b'9').contains(&c)) {
            return format!("{texte} %");
        }
    }
    "moins de 0,01 %".to_string()
}

/// Un seuil `p` (de 0 à 1) en pourcentage, sans zéro inutile : `seuil(0.002)` donne
/// « 0,2 % », `seuil(0.4)` « 40 % ».
pub fn seuil(p: f64) -> String {
    let texte = decimal(p * 100.0, 4);
    format!("{} %", texte.trim_end_matches('0').trim_end_matches(','))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn virgule_francaise() {
        assert_eq!(pourcent(0.4037, 1), "40,4 %");
        assert_eq!(pourcent(0.97, 0), "97 %");
        assert_eq!(pourcent(0.000_95, 1), "0,1 %");
        assert_eq!(pourcent(0.0, 1), "0,0 %");
        assert_eq!(pourcent(0.000_23, 1), "0,02 %");
        assert_eq!(pourcent(0.000_23, 0), "0,02 %");
        assert_eq!(pourcent(0.000_000_4, 1), "moins de 0,01 %");
        assert_eq!(seuil(0.002), "0,2 %");
        assert_eq!(seuil(0.4), "40 %");
        assert_eq!(seuil(0.0001), "0,01 %");
        assert_eq!(seuil(1.0), "100 %");
        assert_eq!(decimal(0.071, 2), "0,07");
    }
}
