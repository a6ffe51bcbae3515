//! L'archive d'une partie : un document JSON versionné (schéma dans `ARCHIVE.md`) qui
//! contient la partie, l'identité du lexique, l'édition des règles, chaque lecture avec
//! sa source, chaque décision avec ses motifs, la correction du premier arbitre et les
//! résultats. Relire l'archive redonne les rapports octet pour octet : ils ne dépendent
//! que du [`Dossier`].

use crate::double_arbitrage::Comparaison;
use crate::dossier::Dossier;
use crate::resultats::Resultats;
use crate::Erreur;
use arbitre_engine::francais;
use arbitre_engine::texte::extrait;
use serde::{Deserialize, Serialize};

/// L'identifiant du format.
pub const FORMAT: &str = "arbitre-archive";
/// La version du schéma (à incrémenter à chaque changement incompatible). Version 2 :
/// JSON compact, rangées des lectures en texte (`ARCHIVE.md`).
pub const VERSION: u32 = 2;

/// Le document archivé.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Archive {
    pub format: String,
    pub version: u32,
    pub dossier: Dossier,
    /// Calculés à partir du dossier ; recalculés à la relecture.
    pub resultats: Resultats,
    pub double_arbitrage: Option<Comparaison>,
}

/// L'archive d'un dossier, en JSON compact (une ligne) : 100 000 bulletins tiennent en
/// quelques dizaines de Mo et se relisent sans tout charger en `serde_json::Value`.
pub fn archive_json(dossier: &Dossier, resultats: &Resultats, comparaison: Option<&Comparaison>) -> String {
    let a = Archive {
        format: FORMAT.into(),
        version: VERSION,
        dossier: dossier.clone(),
        resultats: resultats.clone(),
        double_arbitrage: comparaison.cloned(),
    };
    let mut s = serde_json::to_string(&a).expect("un dossier se sérialise toujours");
    s.push('\n');
    s
}

/// Les champs d'identification, lus d'abord : une archive d'une autre version est refusée
/// clairement avant d'en lire le dossier.
#[derive(Deserialize)]
struct EnTete {
    format: Option<serde_json::Value>,
    version: Option<serde_json::Value>,
}

/// Ce qui est relu : le dossier (`resultats` et `double_arbitrage` sont recalculés).
#[derive(Deserialize)]
struct Relue {
    dossier: Option<Dossier>,
}

/// Relit une archive : le dossier, après vérification du format et de la version. Le
/// texte est lu directement dans les types (sans arbre `serde_json::Value` intermédiaire).
pub fn lire_archive(chemin: &str, texte: &str) -> Result<Dossier, Erreur> {
    let err = |message: String| Erreur::Archive(arbitre_engine::fichier::ErreurFichier::contenu(std::path::Path::new(chemin), message));
    let en_tete: EnTete = serde_json::from_str(texte).map_err(|e| err(format!("JSON invalide, {}", francais::json(&e))))?;
    match en_tete.format.as_ref().and_then(|f| f.as_str()) {
        Some(FORMAT) => {}
        autre => return Err(err(format!("format « {} » : attendu « {FORMAT} »", extrait(autre.unwrap_or("absent"))))),
    }
    match en_tete.version.as_ref().and_then(|v| v.as_u64()) {
        Some(v) if v == VERSION as u64 => {}
        autre => {
            return Err(err(format!(
                "version {} non prise en charge : cette version d'arbitre lit la version {VERSION}",
                autre.map_or("absente".to_string(), |v| v.to_string())
            )))
        }
    }
    let relue: Relue = serde_json::from_str(texte).map_err(|e| err(format!("dossier invalide, {}", francais::json(&e))))?;
    relue.dossier.ok_or_else(|| err("champ « dossier » absent".into()))
}
