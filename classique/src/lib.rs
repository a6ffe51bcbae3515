//! Formule classique (tournois en face-à-face) : appariements et classements.
//! Voir `../shared/reference/formule-classique.txt` (les numéros de paragraphe cités dans le
//! code sont ceux de ce document).
//!
//! - [`joueurs`] : `joueurs.csv`, classement initial (§ 2), nombre de matchs (§ 1) ;
//! - [`resultats`] : `resultats.csv`, vérification de la cohérence des rondes ;
//! - [`points`] : PM (§ 3), Pdep (§ 4.2), et le choix fait pour les matchs contre X ;
//! - [`classement`](mod@classement) : classements intermédiaire (§ 5) et final (§ 9), PPM (§ 4.1) ;
//! - [`appariement`] : premier match (§ 6.1.1), groupes de PM (§ 6.1.2), tables fixes à
//!   8 et 9–16 joueurs (§ 6.2), permutations (§ 7), forfaits (§ 8) ; l'option hors document
//!   [`Evitement::SansRematch`] ;
//! - [`sortie`] : les CSV écrits par `arbitre classique`.
//!
//! Les choix faits là où le document ne dit rien (match contre X, 9–16 joueurs…) sont
//! décrits dans la section « Tournois classiques » du README et dans la documentation de
//! chaque module.

pub mod appariement;
pub mod classement;
pub mod erreur;
pub mod joueurs;
pub mod points;
pub mod resultats;
pub mod sortie;

pub use appariement::{prochaine_ronde, prochaine_ronde_avec, Evitement, Regle, Ronde, Table};
pub use classement::{classement, classement_final, Ligne};
pub use erreur::Erreur;
pub use joueurs::{joueurs_depuis_texte, lire_joueurs, Inscrits, Joueur, Participant, NOM_X};
pub use points::{Bilan, Match, Score};
pub use resultats::{Rencontres, Tournoi};
pub use sortie::{appariements_csv, classement_csv};
