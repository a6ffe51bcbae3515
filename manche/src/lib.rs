//! La manche : des scans (ou des lectures tapées) aux décisions vérifiées. Les scans sont
//! lus (`arbitre-pipeline`), chaque image trouve sa place — attribuée à une table et un
//! coup, ou rejetée avec sa raison —, chaque bulletin est corrigé (`arbitre-engine`) et,
//! quand le doute de la machine compte pour la décision, envoyé à une personne (« à
//! vérifier »). Le flux, module par module :
//!
//! - [`correction`] : corriger des lectures (la même fonction pour `grade`, `corriger` et
//!   `run`) : contextes des coups, correction parallèle, panne rattrapée ;
//! - [`doute`] : les lectures plausibles d'un scan, de la plus probable à la moins probable ;
//! - [`jugement`] : la décision et la probabilité qu'une autre soit la bonne ;
//! - [`attribution`] : chaque scan à une table et un coup, ou rejeté ;
//! - [`table_deduite`] : un numéro lu avec doute, confirmé par les autres bulletins du coup ;
//! - `en_ligne` : une lecture écrite sur une seule ligne (une rangée, ou une colonne) ;
//! - [`a_une_case_pres`] : garde-fou d'une sanction qu'un caractère lu de travers ou manqué (case, cercle, référence, score) expliquerait ;
//! - [`autre_coup`] : garde-fou d'un bulletin rangé dans le dossier d'un autre coup ;
//! - `numero_d_un_absent` : garde-fou d'un numéro de table lu sûrement qui est peut-être
//!   celui d'une table sans bulletin au même coup ;
//! - [`prime_oubliee`] : garde-fou d'un scrabble payé au score écrit alors qu'une lecture du
//!   score est ce score sans la prime (une faute de score classique d'un scrabble) ;
//! - [`coup_etranger`] : un coup dont presque aucun bulletin n'est payé (scans d'une autre partie ?) ;
//! - [`corrections`] : les lectures données par des personnes ;
//! - `corrections_non_appliquees` : une correction illisible (ou en double) d'un bulletin
//!   décidé le met à vérifier, sans le compter deux fois ;
//! - [`scans_corriges`] : le scan que nomme une correction passe à son bulletin ;
//! - [`depouillement`] : la manche entière, des scans aux bulletins décidés ;
//! - [`extraits`] : les extraits de scans pour la page de revue ;
//! - [`bilan`] : où chaque image a fini ;
//! - [`evaluation`] : les décisions mesurées contre la vérité d'une manche générée.

mod absences;
pub mod a_une_case_pres;
pub mod autre_coup;
pub mod attribution;
pub mod bilan;
pub mod correction;
mod en_ligne;
pub mod coup_etranger;
pub mod corrections;
mod corrections_non_appliquees;
pub mod depouillement;
pub mod doute;
mod doutes_montres;
pub mod evaluation;
pub mod extraits;
mod extraits_montres;
pub mod jugement;
mod lecture_des_scans;
pub mod lectures_gardees;
mod numero_d_un_absent;
pub mod prime_oubliee;
pub mod reference_mal_decoupee;
pub mod scans_corriges;
pub mod suivi;
pub mod table_deduite;
