//! La lecture d'un bulletin : ce que le bulletin montre, case par case, sans interprétation.
//!
//! Une [`Lecture`] se sérialise en JSON (serde) et s'écrit à la main dans le format texte
//! suivant (issue 4, « Readings ») :
//!
//! ```text
//! # un commentaire (ligne commençant par #, hors des rangées)
//! bulletin table=12 coup=5
//! ref: 13 B
//! score: 49
//! |....W
//! |.HARFIST
//! rature: oui
//! ```
//!
//! - `bulletin table=N coup=N` ouvre un bulletin (les deux clés, dans n'importe quel ordre) ;
//!   tout ce qui suit jusqu'au bulletin suivant lui appartient.
//! - `absent` : aucun bulletin remis ; `vierge` : bulletin remis sans rien d'écrit. Ni
//!   référence, ni score, ni rangée avec l'un ou l'autre (`rature: oui` reste permis pour
//!   un bulletin vierge).
//! - `ref:` et `score:` (facultatifs, une fois chacun) : la valeur telle qu'écrite,
//!   espaces de bord retirés, non vide ; elle peut être malformée (`13 B`, `H`, `4#`).
//! - `|` : une rangée de la zone quadrillée ; chaque caractère après `|` est une case :
//!   `.` ou espace vide, `A`–`Z` une lettre, `a`–`z` une lettre entourée (joker revendiqué),
//!   `#` une marque illisible, `{UV}` une case lisible U ou V (au moins deux lectures,
//!   minuscules permises = entourées), `~` devant une case (lettre, `#` ou `{..}`) la barre.
//!   Les espaces en fin de rangée sont des cases vides.
//! - `rature: oui|non` : ratures visibles.
//! - `sanction: …` (autant de lignes que de sanctions, une fois chacune) : ce que
//!   l'arbitre a constaté hors de l'écriture du bulletin (billet de correction, guide
//!   section 2), quel que soit l'état du bulletin :
//!   - `sanction: échange` (ou `echange`, `bulletin échangé`) : bulletin échangé après la
//!     deuxième sonnerie, zéro (billet (22)) ;
//!   - `sanction: temps` (ou `temps dépassé`) : bulletin rédigé après la deuxième
//!     sonnerie, zéro (billet (23)) ;
//!   - `sanction: avertissement MOTIF` : autre avertissement, disciplinaire (bavardage,
//!     couleur non permise…), qui s'ajoute à la sanction du bulletin (règlement 5.8 ;
//!     billet (10), le motif y est écrit) ;
//!   - `sanction: zéro MOTIF` (ou `zero`) : autre zéro (tricherie, collusion… ; billet
//!     (28), le motif y est écrit).
//!
//!   Un fichier de corrections, dans ce même format, les porte donc avec le bulletin
//!   qu'il corrige, repérées par sa table et son coup.
//! - `scan: coup-03/scan-012.jpg` (facultatif, une fois) : le scan qu'une personne a lu,
//!   chemin relatif au dossier des scans (tel que le nomment `decisions.jsonl` et
//!   `rejets.jsonl`). Sans effet sur la correction : `arbitre run --corrections` donne ce
//!   scan au bulletin, même s'il avait été rejeté ou rangé à une autre table.
//! - Lignes vides et commentaires `#` (premier caractère non blanc) ignorés hors rangée.
//! - Mots-clés et clés sans égard à la casse (`Ref:`, `RATURE: Oui`) ; `réf:` vaut `ref:`.
//!
//! Une ligne malformée est une erreur qui nomme le fichier et la ligne ; le reste de ce
//! bulletin est sauté, les autres bulletins sont lus normalement.
//!
//! Une lecture ne peut pas montrer plus que le bulletin : l'aire de rédaction a
//! [`RANGEES_MAX`] × [`COLONNES_MAX`] cases (bulletin FISF, `pipeline/formulaires/fisf.toml`),
//! une case se lit d'au plus [`LECTURES_MAX`] façons, une référence ou un score écrit tient
//! en [`VALEUR_MAX`] caractères ; un bulletin porte au plus [`SANCTIONS_MAX`] sanctions
//! notées, de motif d'au plus [`MOTIF_MAX`] caractères. Au-delà, l'entrée est malformée : une erreur pour ce
//! bulletin ([`Lecture::valider`]), qui ne ralentit ni n'enfle la correction des autres.

use crate::texte::extrait;
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;

/// Rangées de l'aire de rédaction du bulletin FISF.
pub const RANGEES_MAX: usize = 17;
/// Cases par rangée de l'aire de rédaction du bulletin FISF.
pub const COLONNES_MAX: usize = 17;
/// Lectures possibles d'une case ambiguë (`{UV}`) : une par lettre, entourée ou non.
pub const LECTURES_MAX: usize = 52;
/// Longueur d'une référence ou d'un score écrit (« 13 B », « 4# »).
pub const VALEUR_MAX: usize = 20;
/// Sanctions notées (`sanction:`) pour un bulletin : une ligne par case du billet
/// ((10), (22), (23), (28)), avec de la marge pour plusieurs motifs.
pub const SANCTIONS_MAX: usize = 8;
/// Longueur du motif d'un avertissement ou d'un zéro libres, écrit sur le billet.
pub const MOTIF_MAX: usize = 80;

/// Au plus autant de caractères dans le nom d'un scan (`scan:`).
pub const SCAN_MAX: usize = 1000;

/// Ce que montre un bulletin.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lecture {
    pub table: u32,
    pub coup: u32,
    pub etat: EtatBulletin,
    /// La référence telle qu'écrite, éventuellement malformée ; `None` si non écrite.
    pub reference: Option<String>,
    /// Le score tel qu'écrit (« 49 », « 4# ») ; `None` si non écrit. Voir [`Lecture::score_lu`].
    pub score: Option<String>,
    /// La zone quadrillée, rangée par rangée, telle qu'écrite.
    pub rangees: Vec<Vec<Cellule>>,
    /// Ratures visibles.
    pub rature: bool,
    /// Les sanctions notées par l'arbitre hors de l'écriture (échange, temps dépassé,
    /// avertissement ou zéro libres), dans l'ordre du fichier.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sanctions: Vec<SanctionNotee>,
    /// D'où vient la lecture (fichier et ligne de l'en-tête, ou image).
    pub source: Option<Source>,
    /// Le scan que décrit la lecture (`scan: coup-03/scan-012.jpg`, chemin relatif au
    /// dossier des scans, avec la page d'un PDF ou le rang d'un bulletin sur une planche),
    /// quand une personne l'a lue sur un scan : `arbitre run --corrections` donne ce scan
    /// au bulletin corrigé, même s'il avait été rejeté ou rangé à une autre table. Sans
    /// effet sur la correction.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scan: Option<String>,
}

/// Une sanction que l'arbitre a notée au sujet d'un bulletin, hors de la correction de
/// ce qui y est écrit (billet de correction, guide section 2).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SanctionNotee {
    /// (22) Bulletin échangé après la deuxième sonnerie : zéro.
    BulletinEchange,
    /// (23) Temps dépassé, bulletin rédigé après la deuxième sonnerie : zéro.
    TempsDepasse,
    /// (10) Autre avertissement (disciplinaire : il s'ajoute à la sanction du bulletin,
    /// règlement 5.8), avec son motif.
    Avertissement { motif: String },
    /// (28) Autre zéro (tricherie, collusion…), avec son motif.
    Zero { motif: String },
}

impl SanctionNotee {
    /// La valeur écrite après `sanction:` (relue par [`lire_bulletins`]).
    pub fn vers_texte(&self) -> String {
        match self {
            SanctionNotee::BulletinEchange => "échange".into(),
            SanctionNotee::TempsDepasse => "temps dépassé".into(),
            SanctionNotee::Avertissement { motif } => format!("avertissement {motif}"),
            SanctionNotee::Zero { motif } => format!("zéro {motif}"),
        }
    }

    /// Lit la valeur écrite après `sanction:`.
    pub fn lire(valeur: &str) -> Result<SanctionNotee, Defaut> {
        let v = valeur.trim();
        let (premier, reste) = v.split_once(char::is_whitespace).map_or((v, ""), |(a, b)| (a, b.trim()));
        let mot = premier.to_lowercase().replace(['é', 'è'], "e");
        let sans_motif = |genre: &'static str| Defaut::SanctionSansMotif(genre);
        match (mot.as_str(), reste.to_lowercase().replace(['é', 'è'], "e").as_str()) {
            ("echange" | "echangee", "") | ("bulletin", "echange" | "echangee") => Ok(SanctionNotee::BulletinEchange),
            ("temps", "" | "depasse") => Ok(SanctionNotee::TempsDepasse),
            ("avertissement", "") => Err(sans_motif("avertissement")),
            ("avertissement" | "zero", _) if reste.chars().count() > MOTIF_MAX => {
                Err(Defaut::MotifTropLong(reste.chars().count()))
            }
            // Un retour chariot seul dans la ligne (fin de ligne d'un vieux Mac) est une
            // espace : c'est ce que le texte récrit en fait (`vers_texte`).
            ("avertissement", _) => Ok(SanctionNotee::Avertissement { motif: reste.replace('\r', " ") }),
            ("zero", "") => Err(sans_motif("zéro")),
            ("zero", _) => Ok(SanctionNotee::Zero { motif: reste.replace('\r', " ") }),
            _ => Err(Defaut::Sanction(extrait(v))),
        }
    }
}

/// Remis rempli, non remis, ou remis sans rien d'écrit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EtatBulletin {
    #[default]
    Rempli,
    Absent,
    Vierge,
}

/// Une case de la zone quadrillée.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Cellule {
    pub contenu: Contenu,
    /// Case barrée (`~`) : elle n'existe pas pour la correction (règlement 5.4).
    pub barree: bool,
}

/// Ce qu'on lit dans une case.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Contenu {
    Vide,
    Lettre(Trace),
    /// Une marque qu'on ne sait pas lire (`#`).
    Illisible,
    /// Plusieurs lectures possibles (`{UV}`), au moins deux.
    Alternatives(Vec<Trace>),
}

/// Une lettre tracée, entourée ou non.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Trace {
    /// `'A'..='Z'`.
    pub lettre: char,
    /// Lettre entourée : le joueur revendique un joker.
    pub entouree: bool,
}

/// Origine d'une lecture.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Source {
    pub fichier: String,
    pub ligne: usize,
}

/// Ce qui ne va pas dans une ligne d'un fichier de bulletins.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Defaut {
    #[error("en-tête de bulletin invalide « {0} » : attendu « bulletin table=N coup=N »")]
    EnTete(String),
    #[error("nombre invalide « {valeur} » pour {cle}")]
    Nombre { cle: &'static str, valeur: String },
    #[error("ligne hors de tout bulletin : « {0} » (un fichier commence par « bulletin table=N coup=N »)")]
    HorsBulletin(String),
    #[error("clé inconnue « {0} » : attendu ref, score, rature, sanction ou scan")]
    CleInconnue(String),
    #[error("« {0} » donné deux fois dans le même bulletin")]
    Doublon(String),
    #[error("valeur vide pour « {0} » : omettre la ligne quand rien n'est écrit")]
    ValeurVide(String),
    #[error("valeur de rature invalide « {0} » : attendu oui ou non")]
    Rature(String),
    #[error("sanction « {0} » inconnue : attendu échange, temps, avertissement MOTIF ou zéro MOTIF")]
    Sanction(String),
    #[error("« sanction: {0} » demande un motif (par exemple « sanction: {0} bavardage »)")]
    SanctionSansMotif(&'static str),
    #[error("ligne incomprise « {0} »")]
    Incomprise(String),
    #[error("colonne {0} : « {{ » sans « }} »")]
    AccoladeOuverte(usize),
    #[error("colonne {0} : « }} » sans « {{ »")]
    AccoladeFermee(usize),
    #[error("colonne {colonne} : « {caractere} » n'est pas une lettre dans {{…}}")]
    AlternativeInvalide { colonne: usize, caractere: char },
    #[error("colonne {0} : {{…}} demande au moins deux lectures")]
    AlternativesTropPeu(usize),
    #[error("colonne {0} : « ~ » en fin de rangée, sans case à barrer")]
    BarreFinale(usize),
    #[error("colonne {0} : « ~ » doit précéder une lettre, « # » ou {{…}}")]
    BarreSansCase(usize),
    #[error("colonne {colonne} : caractère « {caractere} » invalide dans une rangée")]
    Caractere { colonne: usize, caractere: char },
    #[error("bulletin {etat} : « {ligne} » contredit l'état")]
    Contradiction { etat: &'static str, ligne: String },
    #[error("plus de {RANGEES_MAX} rangées : l'aire de rédaction du bulletin en a {RANGEES_MAX}")]
    TropDeRangees,
    #[error("rangée de {0} cases : l'aire de rédaction du bulletin en a {COLONNES_MAX} par rangée")]
    TropDeCases(usize),
    #[error("colonne {colonne} : {lectures} lectures dans {{…}}, au plus {LECTURES_MAX}")]
    TropDeLectures { colonne: usize, lectures: usize },
    #[error("{cle} de {longueur} caractères : au plus {VALEUR_MAX} sur un bulletin")]
    ValeurTropLongue { cle: &'static str, longueur: usize },
    #[error("nom de scan de {0} caractères : au plus {SCAN_MAX}")]
    ScanTropLong(usize),
    #[error("plus de {SANCTIONS_MAX} sanctions notées pour un même bulletin")]
    TropDeSanctions,
    #[error("motif de {0} caractères : au plus {MOTIF_MAX} sur un billet")]
    MotifTropLong(usize),
    #[error("lettre « {0} » invalide : attendu A–Z")]
    LettreInvalide(char),
    #[error("{}", crate::texte::MESSAGE_ENCODAGE)]
    Encodage,
}

/// Une erreur de lecture : fichier, ligne, et le bulletin concerné quand son en-tête a pu
/// être lu.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{fichier}:{ligne}: {defaut}")]
pub struct ErreurLecture {
    pub fichier: String,
    pub ligne: usize,
    pub table: Option<u32>,
    pub coup: Option<u32>,
    pub defaut: Defaut,
}

impl Cellule {
    pub fn vide() -> Cellule {
        Cellule { contenu: Contenu::Vide, barree: false }
    }
    /// Une lettre ; minuscule = entourée.
    pub fn lettre(c: char) -> Cellule {
        Cellule { contenu: Contenu::Lettre(Trace::depuis(c)), barree: false }
    }
}

impl Trace {
    /// `A`–`Z` ou `a`–`z` (entourée). Le caractère doit être une lettre ASCII.
    pub fn depuis(c: char) -> Trace {
        debug_assert!(c.is_ascii_alphabetic());
        Trace { lettre: c.to_ascii_uppercase(), entouree: c.is_ascii_lowercase() }
    }
    /// Majuscule, ou minuscule si entourée (la convention des parties pour les jokers).
    pub fn caractere(&self) -> char {
        if self.entouree {
            self.lettre.to_ascii_lowercase()
        } else {
            self.lettre
        }
    }
}

/// Un nombre écrit (score, numéro de table) : chiffres seuls, espaces de bord ignorés ;
/// `None` s'il est vide ou illisible (« 4# »).
pub fn nombre_ecrit(texte: &str) -> Option<u32> {
    let s = texte.trim();
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

impl Lecture {
    /// Un bulletin rempli sans rien d'autre (à compléter).
    pub fn nouvelle(table: u32, coup: u32) -> Lecture {
        Lecture {
            table,
            coup,
            etat: EtatBulletin::Rempli,
            reference: None,
            score: None,
            rangees: Vec::new(),
            rature: false,
            sanctions: Vec::new(),
            source: None,
            scan: None,
        }
    }

    /// Une lecture venue d'ailleurs que du format texte (JSON, archive) montre-t-elle ce
    /// qu'un bulletin peut montrer ? Mêmes bornes que le format texte : au plus
    /// [`RANGEES_MAX`] rangées de [`COLONNES_MAX`] cases, [`LECTURES_MAX`] lectures par case
    /// ambiguë (deux au moins), des lettres A–Z, [`VALEUR_MAX`] caractères par référence ou
    /// score, [`SANCTIONS_MAX`] sanctions distinctes de motif non vide d'au plus
    /// [`MOTIF_MAX`] caractères ; rien d'écrit sur un bulletin absent ou vierge.
    pub fn valider(&self) -> Result<(), Defaut> {
        if self.rangees.len() > RANGEES_MAX {
            return Err(Defaut::TropDeRangees);
        }
        for (cle, valeur) in [("référence", &self.reference), ("score", &self.score)] {
            let longueur = valeur.as_deref().map_or(0, |v| v.chars().count());
            if longueur > VALEUR_MAX {
                return Err(Defaut::ValeurTropLongue { cle, longueur });
            }
        }
        if let Some(n) = self.scan.as_deref().map(|v| v.chars().count()).filter(|&n| n > SCAN_MAX || n == 0) {
            return Err(Defaut::ScanTropLong(n));
        }
        for rangee in &self.rangees {
            if rangee.len() > COLONNES_MAX {
                return Err(Defaut::TropDeCases(rangee.len()));
            }
            for (i, c) in rangee.iter().enumerate() {
                let traces = match &c.contenu {
                    Contenu::Vide if c.barree => return Err(Defaut::BarreSansCase(i + 1)),
                    Contenu::Lettre(t) => std::slice::from_ref(t),
                    Contenu::Alternatives(v) if v.len() < 2 => return Err(Defaut::AlternativesTropPeu(i + 1)),
                    Contenu::Alternatives(v) if v.len() > LECTURES_MAX => {
                        return Err(Defaut::TropDeLectures { colonne: i + 1, lectures: v.len() })
                    }
                    Contenu::Alternatives(v) => v,
                    Contenu::Vide | Contenu::Illisible => &[],
                };
                if let Some(t) = traces.iter().find(|t| !t.lettre.is_ascii_uppercase()) {
                    return Err(Defaut::LettreInvalide(t.lettre));
                }
            }
        }
        if self.sanctions.len() > SANCTIONS_MAX {
            return Err(Defaut::TropDeSanctions);
        }
        for (i, s) in self.sanctions.iter().enumerate() {
            let (genre, motif) = match s {
                SanctionNotee::Avertissement { motif } => ("avertissement", motif.as_str()),
                SanctionNotee::Zero { motif } => ("zéro", motif.as_str()),
                SanctionNotee::BulletinEchange | SanctionNotee::TempsDepasse => ("", ""),
            };
            if !genre.is_empty() && motif.trim().is_empty() {
                return Err(Defaut::SanctionSansMotif(genre));
            }
            if motif.chars().count() > MOTIF_MAX {
                return Err(Defaut::MotifTropLong(motif.chars().count()));
            }
            if self.sanctions[..i].contains(s) {
                return Err(Defaut::Doublon(format!("sanction: {}", extrait(&s.vers_texte()))));
            }
        }
        if self.etat != EtatBulletin::Rempli && (self.reference.is_some() || self.score.is_some() || self.rangees.iter().flatten().any(|c| c.contenu != Contenu::Vide)) {
            let etat = if self.etat == EtatBulletin::Absent { "absent" } else { "vierge" };
            return Err(Defaut::Contradiction { etat, ligne: "référence, score ou case écrite".into() });
        }
        Ok(())
    }

    /// Le score écrit s'il se lit comme un nombre (chiffres seuls, espaces de bord
    /// ignorés) ; `None` s'il manque ou est illisible (« 4# »).
    pub fn score_lu(&self) -> Option<u32> {
        nombre_ecrit(self.score.as_deref()?)
    }

    /// Le texte du format à la main ; relu par [`lire_bulletins`], il redonne la même
    /// lecture (hors `source`). Une référence ou un score est écrit sur une ligne, espaces
    /// de bord retirés ; vide, il n'est pas écrit (relu : `None`).
    pub fn vers_texte(&self) -> String {
        let mut t = String::new();
        let _ = writeln!(t, "bulletin table={} coup={}", self.table, self.coup);
        if let Some(scan) = self.scan.as_deref().map(|v| v.replace(['\n', '\r'], " ")).filter(|v| !v.trim().is_empty()) {
            let _ = writeln!(t, "scan: {}", scan.trim());
        }
        match self.etat {
            EtatBulletin::Rempli => {}
            EtatBulletin::Absent => t.push_str("absent\n"),
            EtatBulletin::Vierge => t.push_str("vierge\n"),
        }
        for (cle, valeur) in [("ref", &self.reference), ("score", &self.score)] {
            let v = valeur.as_deref().unwrap_or("").replace(['\n', '\r'], " ");
            if !v.trim().is_empty() {
                let _ = writeln!(t, "{cle}: {}", v.trim());
            }
        }
        for rangee in &self.rangees {
            t.push('|');
            t.push_str(&rangee_vers_texte(rangee));
            t.push('\n');
        }
        if self.rature {
            t.push_str("rature: oui\n");
        }
        for s in &self.sanctions {
            let _ = writeln!(t, "sanction: {}", s.vers_texte().replace(['\n', '\r'], " "));
        }
        t
    }
}

/// Une rangée dans la syntaxe des lignes `|` (sans le `|`) ; [`lire_rangee`] la relit à
/// l'identique pour toute lecture valide ([`Lecture::valider`]).
pub fn rangee_vers_texte(rangee: &[Cellule]) -> String {
    let mut t = String::with_capacity(rangee.len());
    for c in rangee {
        ecrire_cellule(&mut t, c);
    }
    t
}

fn ecrire_cellule(t: &mut String, c: &Cellule) {
    if c.barree {
        t.push('~');
    }
    match &c.contenu {
        Contenu::Vide => t.push('.'),
        Contenu::Lettre(tr) => t.push(tr.caractere()),
        Contenu::Illisible => t.push('#'),
        Contenu::Alternatives(v) => {
            t.push('{');
            t.extend(v.iter().map(Trace::caractere));
            t.push('}');
        }
    }
}

mod format_texte;
pub use format_texte::{lire_bulletin, lire_bulletins, lire_bulletins_octets, lire_rangee};

#[cfg(test)]
#[path = "lecture_tests.rs"]
mod tests;
