//! Le dossier d'une manche : tout ce dont les rapports ont besoin, et rien d'autre (la
//! partie résumée coup par coup, le lexique par son identité, les lectures et les
//! décisions, les joueurs, la correction du premier arbitre). C'est aussi le cœur de
//! l'archive (`ARCHIVE.md`).

use crate::double_arbitrage::CorrectionPremier;
use arbitre_engine::arbitrage::{Decision, Edition};
use arbitre_engine::lecture::Lecture;
use arbitre_engine::partie::MotHorsLexique;
use arbitre_engine::{Identite, Partie};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// Une manche corrigée.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Dossier {
    /// Tournoi / partie (en-tête de la feuille de suivi).
    pub titre: String,
    /// Le nom de l'arbitre ou du double arbitre (en-tête de la feuille de suivi).
    pub arbitre: Option<String>,
    pub partie: PartieResumee,
    /// Le lexique en usage (celui que l'arbitre a donné).
    pub lexique: Identite,
    /// Les mots formés par les tops qui manquent à ce lexique, admis pour la partie (la
    /// partie fait foi, `arbitre_engine::LexiquePartie`).
    #[serde(default)]
    pub admis_par_la_partie: Vec<MotHorsLexique>,
    pub edition: Edition,
    pub reglages: Reglages,
    /// Les joueurs déclarés (`--joueurs`), triés par table ; vide si non fourni.
    pub joueurs: Vec<Joueur>,
    /// Chaque bulletin lu et sa décision, triés par (coup, table).
    pub bulletins: Vec<BulletinCorrige>,
    /// Les bulletins qui n'ont pas pu être lus ou corrigés (fichier:ligne).
    pub erreurs: Vec<ErreurBulletin>,
    /// La correction du premier arbitre (`--arbitrage`), si double arbitrage.
    pub premier_arbitre: Option<Vec<CorrectionPremier>>,
    /// Les images de scans qui n'ont donné aucun bulletin (`arbitre run`), chacune avec sa
    /// raison.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rejets: Vec<crate::verification::RejetImage>,
    /// Les tables sans bulletin à un coup dont le zéro (5.7) doit être confirmé par une
    /// personne (`arbitre run`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub absences_a_verifier: Vec<crate::verification::AbsenceAVerifier>,
    /// Ce que le dépouillement des scans a vu de toute la manche (`arbitre run`) : un coup
    /// sans aucune image, un coup dont presque aucun bulletin n'est payé (scans d'une autre
    /// partie ?). Dit sur l'index et la feuille de suivi, comme les autres alertes.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub alertes_des_scans: Vec<String>,
}

/// La partie : le fichier tel quel et le résumé coup par coup.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PartieResumee {
    pub fichier: String,
    /// standard, 7sur8, 7et8, 789.
    pub formule: String,
    /// Le texte du fichier `.partie`, tel que lu.
    pub texte: String,
    pub coups: Vec<CoupPartie>,
    /// Une partie en cours, corrigée jusqu'au coup `coups.len()` (`arbitre run
    /// --jusqu-au-coup`) : le nombre de coups de son fichier. Absent d'une partie corrigée
    /// en entier.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub coups_du_fichier: Option<u32>,
}

/// Un coup de la partie : tirage, mot retenu (le top), place, score.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CoupPartie {
    pub numero: u32,
    /// Le tirage tel qu'annoncé : `EIN+ABR?` avec le reliquat.
    pub tirage: String,
    /// Le mot retenu (minuscule = joker).
    pub mot: String,
    /// Sa place (« H4 », « 4H »).
    #[serde(rename = "ref")]
    pub reference: String,
    pub score: u32,
}

/// Les réglages de la partie.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reglages {
    /// Blitz ou partie originale : les avertissements coûtent 5 points à partir du 6e
    /// au lieu du 4e (5.9).
    pub blitz: bool,
    /// Le nombre de joueurs de la salle pour la bonification de solo (3.5) ; sinon le
    /// nombre de tables du dossier.
    pub nombre_joueurs: Option<u32>,
    /// Les moyennes du 5.9 que l'arbitre confirme (`--moyenne TABLE:COUP`) : appliquées
    /// au score au lieu du zéro.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moyennes_confirmees: Vec<CaseConfirmee>,
}

/// Une case (table, coup) confirmée par l'arbitre.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct CaseConfirmee {
    pub table: u32,
    pub coup: u32,
}

impl Reglages {
    /// Le nombre d'avertissements sans pénalité : 3, ou 5 en blitz et partie originale (5.9).
    pub fn avertissements_gratuits(&self) -> u32 {
        if self.blitz {
            5
        } else {
            3
        }
    }
}

/// Un joueur : sa table, son nom, le coup de son arrivée s'il est arrivé en retard (6.2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Joueur {
    pub table: u32,
    pub nom: Option<String>,
    /// Premier coup joué ; les coups d'avant comptent zéro (6.2).
    pub arrivee: Option<u32>,
}

/// Un bulletin lu et sa décision. Dans l'archive, la lecture garde ses rangées dans la
/// syntaxe des lignes `|` du format texte (`ARCHIVE.md`) : une case, un caractère.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BulletinCorrige {
    #[serde(with = "crate::lecture_archivee")]
    pub lecture: Lecture,
    pub decision: Decision,
    /// Lu sur un scan : l'image, le doute de la machine, la correction d'une personne.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verification: Option<crate::verification::Verification>,
}

/// Un bulletin qui n'a pas pu être lu ou corrigé : il reste compté dans les rapports.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ErreurBulletin {
    pub fichier: String,
    pub ligne: usize,
    pub table: Option<u32>,
    pub coup: Option<u32>,
    pub message: String,
    /// Ce qui est arrivé, pour le nommer dans les rapports.
    #[serde(default)]
    pub genre: GenreErreur,
}

/// Les genres d'erreur de bulletin, chacun nommé tel quel dans les rapports.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GenreErreur {
    /// Une ligne malformée dans un bulletin dont la table et le coup se lisent.
    #[default]
    Illisible,
    /// Ni table ni coup lisibles (en-tête illisible, ligne hors bulletin, JSON illisible) :
    /// un bulletin de la manche peut manquer sans qu'on sache lequel.
    SansTable,
    /// Un deuxième bulletin pour la même table au même coup.
    Doublon,
    /// Un bulletin d'un coup que la partie n'a pas.
    HorsPartie,
    /// Une ligne de commentaire qui n'est pas de l'UTF-8 (aucun bulletin perdu).
    Encodage,
    /// La correction a échoué (erreur interne d'arbitre).
    Interne,
}

impl GenreErreur {
    /// Le nom du genre dans les rapports.
    pub fn libelle(self) -> &'static str {
        match self {
            GenreErreur::Illisible => "Bulletin illisible",
            GenreErreur::SansTable => "Bulletin sans table ni coup lisibles",
            GenreErreur::Doublon => "Bulletin en double",
            GenreErreur::HorsPartie => "Bulletin d'un coup hors de la partie",
            GenreErreur::Encodage => "Ligne non UTF-8",
            GenreErreur::Interne => "Correction impossible (erreur interne)",
        }
    }
}

impl ErreurBulletin {
    /// `fichier:ligne: message` (le message ne répète pas le lieu).
    pub fn lieu(&self) -> String {
        format!("{}:{}", self.fichier, self.ligne)
    }
}

impl CoupPartie {
    /// La décision d'un bulletin payé au top, sans sanction (démonstrations, essais).
    pub fn au_top(&self, table: u32) -> arbitre_engine::arbitrage::Decision {
        arbitre_engine::arbitrage::Decision {
            table,
            coup: self.numero,
            verdict: arbitre_engine::arbitrage::Verdict::Valide,
            score: self.score,
            score_revendique: Some(self.score),
            motifs: vec![],
            commission: false,
            verifier_grille: false,
            solution: Some(arbitre_engine::arbitrage::SolutionRetenue { mot: self.mot.clone(), reference: self.reference.clone(), score: self.score }),
        }
    }
}

impl PartieResumee {
    /// Le résumé d'une partie lue : le tirage annoncé avec son reliquat.
    pub fn depuis(partie: &Partie, formule: &str, texte: String) -> PartieResumee {
        let coups = partie
            .coups
            .iter()
            .map(|c| {
                let tirage = match c.reliquat {
                    Some(r) if !r.is_empty() => {
                        let nouvelles = c.tirage.moins(&r).unwrap_or_default();
                        format!("{r}+{nouvelles}")
                    }
                    _ => c.tirage.to_string(),
                };
                CoupPartie {
                    numero: c.numero,
                    tirage,
                    mot: arbitre_engine::tuiles::mot_vers_texte(&c.top),
                    reference: c.reference.to_string(),
                    score: c.score,
                }
            })
            .collect();
        // Ni l'archive ni l'index ne portent le dossier où la partie est rangée.
        let fichier = arbitre_engine::fichier::nom_seul(&partie.fichier);
        PartieResumee { fichier, formule: formule.to_string(), texte, coups, coups_du_fichier: None }
    }

    /// « partie en cours, corrigée jusqu'au coup 8 sur 20 » pour une partie en cours, rien
    /// sinon.
    pub fn en_cours(&self) -> Option<String> {
        self.coups_du_fichier.map(|m| format!("partie en cours, corrigée jusqu'au coup {} sur {m}", self.coups.len()))
    }

    /// L'empreinte de la partie jouée : ses coups (numéro, tirage, mot retenu, place,
    /// score), pas le texte de son fichier (un commentaire ajouté ne la change pas). Le
    /// fichier de corrections préparé par la page de revue la porte : des corrections d'une
    /// autre partie sont refusées au lieu d'être appliquées à ses tables.
    pub fn empreinte(&self) -> String {
        self.empreinte_jusqu_au_coup(self.coups.len())
    }

    /// L'empreinte de ses `n` premiers coups : celle que porte un fichier de corrections
    /// préparé quand la partie en était là (partie en cours, `--jusqu-au-coup`).
    pub fn empreinte_jusqu_au_coup(&self, n: usize) -> String {
        let coups: String = self.coups.iter().take(n).map(|c| format!("{} {} {} {} {}\n", c.numero, c.tirage, c.mot, c.reference, c.score)).collect();
        arbitre_engine::fichier::empreinte(coups.as_bytes())
    }

    /// La somme des tops.
    pub fn total_tops(&self) -> u32 {
        self.coups.iter().map(|c| c.score).sum()
    }
}

impl Dossier {
    /// Toutes les tables de la manche : joueurs déclarés, bulletins lus, bulletins en
    /// erreur, correction du premier arbitre.
    pub fn tables(&self) -> Vec<u32> {
        let mut t: BTreeSet<u32> = self.joueurs.iter().map(|j| j.table).collect();
        t.extend(self.bulletins.iter().map(|b| b.decision.table));
        t.extend(self.erreurs.iter().filter_map(|e| e.table));
        if let Some(p) = &self.premier_arbitre {
            t.extend(p.iter().map(|c| c.table));
        }
        t.into_iter().collect()
    }

    /// Un bulletin en erreur dont la table et le coup ont pourtant une décision (un
    /// bulletin en double écarté, le premier lu étant corrigé) : il n'ôte rien aux
    /// résultats, qui comptent la décision ; les autres erreurs y sont des zéros provisoires.
    pub fn erreur_ecartee(&self, er: &ErreurBulletin) -> bool {
        let (Some(t), Some(c)) = (er.table, er.coup) else { return false };
        self.bulletins.iter().any(|b| (b.decision.table, b.decision.coup) == (t, c))
    }

    /// La manche a été lue sur des scans (`arbitre run`) : un bulletin porte sa
    /// vérification, ou une image a été rejetée. Ses rapports ont alors `rejets.jsonl`,
    /// `revue.html` et les champs de vérification de `decisions.jsonl`.
    pub fn lu_sur_scans(&self) -> bool {
        !self.rejets.is_empty() || self.bulletins.iter().any(|b| b.verification.is_some())
    }

    pub fn joueur(&self, table: u32) -> Option<&Joueur> {
        self.joueurs.iter().find(|j| j.table == table)
    }

    /// Trie les bulletins par (coup, table), les erreurs par lieu et les images rejetées
    /// par chemin : l'ordre des rapports ne dépend pas de l'ordre de lecture des fichiers.
    pub fn normaliser(&mut self) {
        self.bulletins.sort_by_key(|b| (b.decision.coup, b.decision.table));
        self.erreurs.sort_by(|a, b| (&a.fichier, a.ligne).cmp(&(&b.fichier, b.ligne)));
        self.rejets.sort_by(|a, b| a.image.cmp(&b.image));
        self.joueurs.sort_by_key(|j| j.table);
    }
}

/// Les tables en plages compactes : « 1–4, 7, 9–10 ».
pub fn plages(tables: &[u32]) -> String {
    let mut morceaux = Vec::new();
    let mut i = 0;
    while i < tables.len() {
        let debut = tables[i];
        let mut fin = debut;
        while i + 1 < tables.len() && tables[i + 1] == fin + 1 {
            i += 1;
            fin = tables[i];
        }
        morceaux.push(if fin > debut { format!("{debut}–{fin}") } else { debut.to_string() });
        i += 1;
    }
    morceaux.join(", ")
}
