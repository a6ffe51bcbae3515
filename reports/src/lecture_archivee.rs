//! Une lecture dans l'archive (`ARCHIVE.md`, version 2) : les champs de
//! [`Lecture`], ses rangées écrites comme les lignes `|` du format texte des bulletins
//! (« ....W », « .HARFIST », « {UV}~A ») au lieu d'un objet JSON par case, soit un
//! caractère par case au lieu de soixante. Relue, une rangée passe les mêmes bornes que le
//! format texte ([`Lecture::valider`]).

use arbitre_engine::lecture::{lire_rangee, rangee_vers_texte, EtatBulletin, Lecture, Source};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

#[derive(Serialize, Deserialize)]
struct Archivee {
    table: u32,
    coup: u32,
    etat: EtatBulletin,
    reference: Option<String>,
    score: Option<String>,
    rangees: Vec<String>,
    rature: bool,
    source: Option<Source>,
}

pub fn serialize<S: Serializer>(l: &Lecture, s: S) -> Result<S::Ok, S::Error> {
    Archivee {
        table: l.table,
        coup: l.coup,
        etat: l.etat,
        reference: l.reference.clone(),
        score: l.score.clone(),
        rangees: l.rangees.iter().map(|r| rangee_vers_texte(r)).collect(),
        rature: l.rature,
        source: l.source.clone(),
    }
    .serialize(s)
}

pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Lecture, D::Error> {
    use serde::de::Error;
    let a = Archivee::deserialize(d)?;
    let bulletin = |m: String| D::Error::custom(format!("bulletin table {} coup {} : {m}", a.table, a.coup));
    let mut rangees = Vec::with_capacity(a.rangees.len());
    for r in &a.rangees {
        rangees.push(lire_rangee(r).map_err(|e| bulletin(e.to_string()))?);
    }
    let l = Lecture {
        table: a.table,
        coup: a.coup,
        etat: a.etat,
        reference: a.reference.clone(),
        score: a.score.clone(),
        rangees,
        rature: a.rature,
        source: a.source.clone(),
    };
    l.valider().map_err(|e| bulletin(e.to_string()))?;
    Ok(l)
}
