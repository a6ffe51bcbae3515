//! Des bulletins scannés aux lectures : chargement des images ([`chargement`]), recalage
//! sans repère ([`recalage`]), cases de l'aire et caractères des cadres ([`cases`],
//! [`partage`], [`collees`], [`cadres`], sur un [`plan`] redressé), vignettes ([`vignette`]), modèle ONNX
//! calibré ([`modele`]), pages blanches ([`page_blanche`]), encre trop pâle pour être lue ([`encre_pale`]), traînées du scanner ([`trainee`]), lecture et doute ([`lecture_scan`]) ; le tout préparé une fois et
//! appliqué à chaque image par le [`lecteur`].

pub use arbitre_formulaire::formulaire;

pub mod cadres;
pub mod cases;
pub mod chargement;
pub mod chronos;
pub mod collees;
pub mod echantillonnage;
pub mod encre_pale;
pub mod evaluation;
pub mod lecteur;
pub mod lecture_scan;
pub mod maximum_2x2;
pub mod modele;
pub mod page_blanche;
pub mod partage;
pub mod plan;
pub mod planche;
pub mod recalage;
pub mod scans;
pub mod trainee;
pub mod vignette;
