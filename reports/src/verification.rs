//! Ce que la lecture des scans ajoute à un bulletin corrigé : d'où il vient (l'image), si la
//! machine l'a décidé seule ou s'il est « à vérifier » par une personne (et pourquoi), les
//! lectures concurrentes avec leur décision, et si une personne a corrigé sa lecture. Et les
//! images rejetées, chacune avec sa raison : chaque image de la manche finit à une place.

use crate::dossier::Dossier;
use crate::resultats::Resultats;
use arbitre_engine::arbitrage::{PlaceExaminee, Verdict};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// La vérification d'un bulletin lu sur un scan (absente pour une lecture tapée).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Verification {
    /// Une personne doit regarder ce bulletin avant que sa décision soit définitive.
    pub a_verifier: bool,
    /// Pourquoi (en français), vide si décidé automatiquement.
    pub raisons: Vec<String>,
    /// L'image (chemin relatif au dossier des scans, page d'un TIFF), `None` sans scan
    /// (bulletin absent, ou lecture tapée dans le fichier de corrections).
    pub image: Option<String>,
    /// Probabilité que la décision retenue soit celle de ce qui est écrit (1 pour une
    /// lecture corrigée par une personne).
    pub confiance: f64,
    /// Les lectures concurrentes plausibles et leur décision (la plus probable d'abord,
    /// sans la lecture retenue).
    pub alternatives: Vec<LectureConcurrente>,
    /// La lecture vient du fichier de corrections : une personne l'a corrigée.
    pub corrigee_par_une_personne: bool,
    /// Le numéro de table, lu avec doute, est confirmé par les autres bulletins du coup :
    /// comment (en français).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub table_deduite: Option<String>,
    /// Les cases et champs douteux, pour la page de revue.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub doutes: Vec<Doute>,
    /// Les solutions que la correction de la lecture retenue a examinées
    /// ([`arbitre_engine::arbitrage::places_examinees`]), pour la page de revue.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub places: Vec<PlaceExaminee>,
}

/// Une lecture plausible autre que la retenue, et la décision qu'elle donnerait.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LectureConcurrente {
    /// La lecture au format texte des lectures.
    pub texte: String,
    pub p: f64,
    pub verdict: Verdict,
    pub score: u32,
}

/// Une case, ou un champ (table, référence, score), dont la machine hésite.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Doute {
    /// `case` (avec sa position dans la lecture), `table`, `reference` ou `score`.
    pub element: String,
    /// Rangée et colonne dans la lecture, pour une case.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<[u32; 2]>,
    /// Les lectures possibles et leur probabilité (« A », « # », « vide », « 12 »…).
    pub lectures: Vec<(String, f64)>,
    /// Où regarder l'encre sur l'extrait du scan (la page de revue l'y agrandit).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub loupe: Option<Loupe>,
}

/// Une région de la feuille, en millimètres du formulaire (origine en haut à gauche) : la
/// case douteuse et ses abords (une lettre déborde de sa case), ou le cadre du champ. L'extrait
/// du scan de la page de revue est la feuille redressée, à l'endroit : la région y est à la
/// même place, à l'échelle près.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Loupe {
    pub x_mm: f64,
    pub y_mm: f64,
    pub largeur_mm: f64,
    pub hauteur_mm: f64,
    /// Largeur et hauteur de la feuille entière (de l'extrait), en millimètres.
    pub feuille_mm: [f64; 2],
}

/// Une table sans bulletin à un coup dont le zéro (5.7) n'est pas sûr : une personne doit
/// le confirmer (décidé par le dépouillement des scans, `arbitre-manche`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AbsenceAVerifier {
    pub table: u32,
    pub coup: u32,
    pub raisons: Vec<String>,
}

// Les raisons d'un rejet ([`RejetImage::raison`]) : un mot sans accent chacune, écrit ici
// seulement ; `rejets.jsonl` les donne telles quelles, [`libelle_du_rejet`] les dit en
// français.

/// Fichier vide, tronqué, corrompu, trop grand, pas une image.
pub const IMAGE_ILLISIBLE: &str = "image_illisible";

/// Une image en noir et blanc, sans gris (scanner réglé en « noir et blanc » ou en
/// « texte ») : elle n'est pas lue ; à rescanner en gris ou en couleur.
pub const NOIR_ET_BLANC: &str = "noir_et_blanc";

/// Ni quadrillage ni écriture (le verso d'un scan recto verso) : elle ne peut être le
/// bulletin d'aucune table.
pub const PAGE_BLANCHE: &str = "page_blanche";

/// Photo, page de texte, bulletin trop abîmé pour trouver son quadrillage.
pub const PAS_UN_BULLETIN: &str = "pas_un_bulletin";

/// Un quadrillage, mais pas les cadres de ce formulaire.
pub const AUTRE_FORMULAIRE: &str = "autre_formulaire";

/// Le quadrillage ne se recale pas assez bien pour lire les cases.
pub const RECALAGE_INSUFFISANT: &str = "recalage_insuffisant";

/// Aucun numéro de table lisible : une personne le lira.
pub const TABLE_ILLISIBLE: &str = "table_illisible";

/// Un numéro de table qui n'est pas une table de la manche.
pub const TABLE_INCONNUE: &str = "table_inconnue";

/// Le chemin du scan ne nomme aucun coup, ou en nomme deux.
pub const COUP_INCONNU: &str = "coup_inconnu";

/// Le coup du dossier n'est pas un coup de la partie.
pub const COUP_HORS_PARTIE: &str = "coup_hors_partie";

/// Une copie du bulletin retenu : le même bulletin scanné deux fois (même numéro de table,
/// lu sûrement, et la même encre lue, jusqu'aux probabilités).
pub const DOUBLON: &str = "doublon";

/// Un second bulletin pour une table à un coup qui n'en est pas une copie : le bulletin
/// d'une autre table au numéro mal lu, ou un second bulletin rendu par le joueur (5.7 :
/// la remise de plusieurs bulletins non vierges est un zéro — une personne en juge).
pub const TABLE_EN_DOUBLE: &str = "table_en_double";

/// Un scan qu'une correction a remplacé par une autre image.
pub const ECARTEE: &str = "ecartee_par_une_personne";

/// La raison d'un rejet dite en français, pour le bilan et la page de revue.
pub fn libelle_du_rejet(raison: &str) -> String {
    let libelle = match raison {
        IMAGE_ILLISIBLE => "image illisible",
        NOIR_ET_BLANC => "image en noir et blanc",
        PAGE_BLANCHE => "page blanche",
        PAS_UN_BULLETIN => "pas un bulletin",
        AUTRE_FORMULAIRE => "autre formulaire",
        RECALAGE_INSUFFISANT => "recalage insuffisant",
        TABLE_ILLISIBLE => "numéro de table illisible",
        TABLE_INCONNUE => "table inconnue",
        COUP_INCONNU => "coup inconnu",
        COUP_HORS_PARTIE => "coup hors de la partie",
        DOUBLON => "doublon",
        TABLE_EN_DOUBLE => "second bulletin d'une table",
        ECARTEE => "écarté par une personne",
        autre => return autre.replace('_', " "),
    };
    libelle.to_string()
}

/// Une image qui n'a donné aucun bulletin de la manche.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RejetImage {
    /// Chemin relatif au dossier des scans (et page d'un TIFF).
    pub image: String,
    pub coup: Option<u32>,
    /// La raison, en un mot (`image_illisible`, `noir_et_blanc`, `pas_un_bulletin`, `autre_formulaire`,
    /// `recalage_insuffisant`, `table_illisible`, `table_inconnue`, `coup_inconnu`,
    /// `coup_hors_partie`, `doublon`, `table_en_double`, `ecartee_par_une_personne`) ; en
    /// français : [`libelle_du_rejet`].
    pub raison: String,
    /// L'explication en français.
    pub message: String,
    /// La lecture de la machine, au format texte des lectures, quand l'image s'est lue
    /// mais n'a pu être attribuée (numéro de table inconnu, second bulletin d'une table,
    /// coup inconnu) : la page de revue la montre avec l'extrait du scan, à compléter par
    /// une personne (le numéro de table lu y est tel quel).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lecture: Option<String>,
}

/// Le fichier de l'extrait de scan d'un bulletin, à côté de la page de revue (écrit par
/// `arbitre run`).
pub fn extrait_du_scan(coup: u32, table: u32) -> String {
    format!("revue/coup{coup:02}-table{table:03}.jpg")
}

/// Le fichier de l'extrait de scan de la `rang`-ième image rejetée (à partir de 0, dans
/// l'ordre de `rejets` d'un dossier normalisé : par chemin), quand elle s'est lue
/// ([`RejetImage::lecture`]).
pub fn extrait_du_rejet(rang: usize) -> String {
    format!("revue/rejet{:03}.jpg", rang + 1)
}

/// Les cases (table, coup) qu'une personne doit vérifier avant que les résultats soient
/// définitifs, avec leurs raisons : les bulletins « à vérifier » et les absences à vérifier
/// (le dépouillement des scans, `arbitre-manche`, déclare douteux le zéro d'une table sans
/// bulletin quand une image du coup a été rejetée, par exemple). Vide pour des lectures
/// tapées.
pub fn cases_a_verifier(d: &Dossier, r: &Resultats) -> BTreeMap<(u32, u32), Vec<String>> {
    let absentes: std::collections::BTreeSet<(u32, u32)> = r.absents.iter().map(|a| (a.table, a.coup)).collect();
    d.bulletins
        .iter()
        .filter_map(|b| b.verification.as_ref().filter(|v| v.a_verifier).map(|v| ((b.decision.table, b.decision.coup), v.raisons.clone())))
        .chain(d.absences_a_verifier.iter().filter(|a| absentes.contains(&(a.table, a.coup))).map(|a| ((a.table, a.coup), a.raisons.clone())))
        .collect()
}

/// La marque des résultats provisoires, tant que `n` bulletins sont à vérifier par une
/// personne ; `None` quand il n'y en a aucun.
pub fn marque_provisoire(n: usize) -> Option<String> {
    (n > 0).then(|| {
        format!(
            "RÉSULTATS PROVISOIRES : {} par une personne (revue.html) ; les décisions et les totaux peuvent changer",
            crate::accords::compte(n, "bulletin à vérifier", "bulletins à vérifier")
        )
    })
}
