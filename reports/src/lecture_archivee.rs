//! Une lecture dans l'archive (`ARCHIVE.md`, version 2) : les champs de
//! [`Lecture`], ses rangées écrites comme les lignes `|` du format texte des bulletins
//! (« ....W », « .HARFIST », « {UV}~A ») au lieu d'un objet JSON par case, soit un
//! caractère par case au lieu de soixante. Relue, une rangée passe les mêmes bornes que le
//! format texte ([`Lecture::valider`]).

use arbitre_engine::lecture::{lire_rangee, rangee_vers_texte, EtatBulletin, Lecture, SanctionNotee, Source};
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
    /// Les sanctions notées par l'arbitre (issue 13), absentes quand il n'y en a pas.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    sanctions: Vec<SanctionNotee>,
    source: Option<Source>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    scan: Option<String>,
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
        sanctions: l.sanctions.clone(),
        source: l.source.clone(),
        scan: l.scan.clone(),
    }
    .serialize(s)
}

pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Lecture, D::Error> {
    use serde::de::Error;
    let a = Archivee::deserialize(d)?;
    let (table, coup) = (a.table, a.coup);
    let bulletin = |m: String| D::Error::custom(format!("bulletin table {table} coup {coup} : {m}"));
    let mut rangees = Vec::with_capacity(a.rangees.len());
    for r in &a.rangees {
        rangees.push(lire_rangee(r).map_err(|e| bulletin(e.to_string()))?);
    }
    let l = Lecture {
        table,
        coup,
        etat: a.etat,
        reference: a.reference,
        score: a.score,
        rangees,
        rature: a.rature,
        sanctions: a.sanctions,
        source: a.source,
        scan: a.scan,
    };
    l.valider().map_err(|e| bulletin(e.to_string()))?;
    Ok(l)
}
