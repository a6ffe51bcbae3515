//! La vérité terrain d'un bulletin généré (JSON à côté de l'image) : la lecture dessinée,
//! la géométrie exacte après le scan, les perturbations, et la réponse voulue du joueur.

use crate::rendu::{Annotation, LieuRature, Main};
use crate::scanner::{Homographie, Perturbations};
use arbitre_engine::arbitrage::{Motif, Verdict};
use arbitre_engine::lecture::Lecture;
use arbitre_formulaire::Role;
use serde::{Deserialize, Serialize};

/// Un quadrilatère en pixels de l'image : haut gauche, haut droit, bas droit, bas gauche.
pub type Quad = [[f32; 2]; 4];

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct VeriteTerrain {
    /// Le fichier image (à côté du JSON) ; `None` pour un bulletin absent.
    pub image: Option<String>,
    /// La graine de ce bulletin (tout le dessin et le scan en découlent).
    pub graine: u64,
    /// Le nom du formulaire dessiné.
    pub formulaire: String,
    /// Ce que montre le bulletin.
    pub lecture: Lecture,
    /// Ce que le joueur voulait jouer et la décision attendue (manches générées).
    pub intention: Option<Intention>,
    pub geometrie: Option<Geometrie>,
    pub perturbations: Option<Perturbations>,
    pub main: Option<Main>,
    /// Ce que l'arbitre a écrit dans la partie grisée.
    pub annotation: Option<Annotation>,
}

/// La géométrie exacte dans l'image scannée.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Geometrie {
    pub largeur_px: u32,
    pub hauteur_px: u32,
    /// Point de la feuille (mm, origine en haut à gauche) → pixel de l'image.
    pub mm_vers_px: Homographie,
    /// Rangée et colonne de l'aire de rédaction où commence la lecture (case 0, 0).
    pub origine: [u32; 2],
    /// Les intersections du quadrillage, rangée par rangée : (rangées + 1) × (colonnes + 1)
    /// points.
    pub quadrillage: Vec<[f32; 2]>,
    /// Les cases écrites de la lecture.
    pub cases: Vec<CaseVerite>,
    /// Les cadres du formulaire, avec l'encre écrite dedans.
    pub cadres: Vec<CadreVerite>,
    /// Les ratures (`lecture.rature`) : où elles sont et leur encre. Aucune n'est dans une
    /// case de la lecture.
    #[serde(default)]
    pub ratures: Vec<RatureVerite>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RatureVerite {
    pub lieu: LieuRature,
    pub encre: Quad,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CaseVerite {
    /// Position dans la lecture.
    pub rangee: u32,
    pub colonne: u32,
    /// Case de l'aire de rédaction.
    pub zone_rangee: u32,
    pub zone_colonne: u32,
    /// Les coins de la case dans l'image.
    pub coins: Quad,
    /// L'encre posée pour cette case (boîte dans la feuille, projetée), qui peut déborder.
    pub encre: Option<Quad>,
    /// Origine du tracé (`emnist:k`, `police:nom`, `marque`).
    pub trace: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CadreVerite {
    pub role: Role,
    pub coins: Quad,
    pub encre: Option<Quad>,
    /// L'encre de chaque caractère écrit, dans l'ordre de l'écriture (sans les espaces).
    #[serde(default)]
    pub caracteres: Vec<Quad>,
}

/// Ce que le joueur a voulu faire, et ce qu'un arbitre doit décider.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Intention {
    pub genre: Genre,
    /// Le mode de localisation employé.
    pub mode: Option<Mode>,
    /// La solution visée : mot (minuscule = joker), référence canonique, score réel.
    pub mot: Option<String>,
    #[serde(rename = "ref")]
    pub reference: Option<String>,
    pub score: Option<u32>,
    /// La décision attendue (guide pratique d'arbitrage 2020).
    pub attendu: Attendu,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Attendu {
    pub verdict: Verdict,
    pub score: u32,
    pub motifs: Vec<Motif>,
}

/// Les réponses et erreurs qu'une manche mélange (guide 2020, sections 4 et 5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Genre {
    /// Le top, bien rédigé.
    Top,
    /// Une solution inférieure, bien rédigée.
    Solution,
    /// Score erroné (billet, case 5).
    ScoreErrone,
    /// Deux lettres de raccord seulement (règlement 4.3.2 ; billet, case 6).
    DeuxLettresRaccord,
    /// Localisation décalée, score et sens exacts (5.3.3 ; billet, case 13).
    Decalage,
    /// Référence inversée (« 4H » pour « H4 ») ou sens du mot inversé (billet, case 7).
    ReferenceInversee,
    /// Joker non entouré (règlement 4.2 ; billet, case 9).
    JokerNonEntoure,
    /// Une lettre absente du tirage (guide 5.7.1 ; billet, case 26).
    LettreHorsTirage,
    /// Mot non admis (5.1 ; billet, case 17).
    MotNonAdmis,
    /// Deux solutions sur le bulletin (guide 5.6).
    PlusieursSolutions,
    /// Bulletin vierge (billet, case 21).
    Vierge,
    /// Bulletin non remis (billet, case 21).
    Absent,
}

impl Genre {
    pub const TOUS: [Genre; 12] = [
        Genre::Top,
        Genre::Solution,
        Genre::ScoreErrone,
        Genre::DeuxLettresRaccord,
        Genre::Decalage,
        Genre::ReferenceInversee,
        Genre::JokerNonEntoure,
        Genre::LettreHorsTirage,
        Genre::MotNonAdmis,
        Genre::PlusieursSolutions,
        Genre::Vierge,
        Genre::Absent,
    ];
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// Référence alphanumérique (4.3.1).
    Reference,
    /// Lettres de raccord (4.3.2).
    Raccord,
    /// Les deux.
    DeuxModes,
    /// Premier coup : aucune localisation demandée.
    Aucune,
}
