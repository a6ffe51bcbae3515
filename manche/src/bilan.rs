//! Le bilan d'un dépouillement : où chaque image a fini. Chaque page d'image lue est à
//! exactement une place — décidée automatiquement, à vérifier, remplacée par la lecture
//! d'une personne, rejetée (avec sa raison) ou en erreur (panne de la correction) — et les
//! comptes s'additionnent : c'est ce que [`Bilan::coherent`] vérifie.

use std::collections::BTreeMap;
use std::fmt::Write;

/// La place d'une page d'image.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Place {
    Automatique,
    AVerifier,
    /// Une personne a donné la lecture (fichier de corrections).
    Corrigee,
    /// Rejetée, avec la raison en un mot (`pas_un_bulletin`, `doublon`…).
    Rejetee(String),
    EnErreur,
}

#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Bilan {
    /// Fichiers d'images trouvés.
    pub fichiers: usize,
    /// Autres fichiers des dossiers de scans, laissés de côté.
    pub ignores: Vec<String>,
    /// Pages d'images (un TIFF peut en avoir plusieurs), par place.
    pub automatiques: usize,
    pub a_verifier: usize,
    pub corrigees: usize,
    pub rejetees: BTreeMap<String, usize>,
    pub en_erreur: usize,
    /// Corrections de personnes pour un bulletin sans scan attribué (lecture tapée, bulletin
    /// retrouvé sur papier), hors absences confirmées.
    pub corrections_sans_scan: usize,
    /// Corrections de personnes non appliquées (illisibles, en double, au scan inconnu)
    /// à un bulletin qui a une décision : ce bulletin est à vérifier
    /// ([`crate::corrections_non_appliquees`]).
    pub corrections_non_appliquees: usize,
    /// Absences confirmées par une personne (correction `absent`, sans scan) : des zéros
    /// « absent » (5.7) que plus rien ne met en doute.
    pub absents_confirmes: usize,
    /// (table, coup) sans bulletin (zéro, 5.7), dont à vérifier.
    pub absents: usize,
    pub absents_a_verifier: usize,
    /// Coups de la partie sans aucune image, ou rien que des pages blanches : leurs absences
    /// sont toutes à vérifier (scans manquants, côté vide des feuilles scanné, ou coup pas
    /// encore joué).
    pub coups_sans_image: Vec<u32>,
    /// Le nombre de coups de la partie corrigée.
    pub coups_de_la_partie: u32,
    /// Bulletins dont le numéro de table, lu avec doute, est confirmé par les autres
    /// bulletins du coup (`crate::table_deduite`).
    pub tables_deduites: usize,
    /// Coups dont presque aucun bulletin n'est payé (`crate::coup_etranger`) : leurs scans
    /// sont peut-être d'une autre partie ou d'un autre coup.
    pub coups_etrangers: Vec<u32>,
    /// Une partie en cours corrigée jusqu'au coup `n` : les fichiers d'images des coups
    /// suivants, laissés de côté sans être lus (`(n, fichiers)`).
    pub apres_le_coup: Option<(u32, usize)>,
    /// Les scans (pages, bulletins d'une planche) traversés d'une traînée du scanner,
    /// effacée avant la lecture ([`arbitre_pipeline::trainee`]).
    pub scans_a_trainee: usize,
    /// Sans liste des joueurs : les numéros lus d'abord sur des scans sans qu'aucun bulletin
    /// ne les porte sûrement, ni ne soit corrigé à leur table, et ces scans
    /// ([`crate::attribution::Repartition::numeros_non_confirmes`]).
    pub numeros_non_confirmes: BTreeMap<u32, Vec<String>>,
    /// Les fichiers dont la lecture a été reprise d'une exécution précédente (scans
    /// inchangés, même lecteur : [`crate::lectures_gardees`]).
    pub reprises: usize,
    /// Pourquoi les lectures d'une exécution précédente n'ont pas été reprises (autre
    /// lecteur, fichier abîmé).
    pub lectures_ecartees: Option<String>,
}

impl Bilan {
    pub fn placer(&mut self, p: Place) {
        match p {
            Place::Automatique => self.automatiques += 1,
            Place::AVerifier => self.a_verifier += 1,
            Place::Corrigee => self.corrigees += 1,
            Place::Rejetee(r) => *self.rejetees.entry(r).or_default() += 1,
            Place::EnErreur => self.en_erreur += 1,
        }
    }

    pub fn total_rejetees(&self) -> usize {
        self.rejetees.values().sum()
    }

    /// Les pages placées.
    pub fn pages(&self) -> usize {
        self.automatiques + self.a_verifier + self.corrigees + self.total_rejetees() + self.en_erreur
    }

    /// Ce que le dépouillement a vu de toute la manche, en phrases françaises : les coups
    /// sans image, les coups dont presque aucun bulletin n'est payé. Gardées dans le dossier
    /// (`alertes_des_scans`), elles sont dites avec les autres alertes de la manche : bilan
    /// des rapports (« À vérifier : … »), index, feuille de suivi.
    pub fn alertes(&self) -> Vec<String> {
        let liste = |coups: &[u32]| coups.iter().map(u32::to_string).collect::<Vec<_>>().join(", ");
        let mut v = Vec::new();
        if !self.coups_sans_image.is_empty() {
            v.push(format!("aucune image de bulletin pour le(s) coup(s) {} : scans manquants, pages blanches seules (côté vide des feuilles scanné ?), ou coup pas encore joué ; leurs absences sont à vérifier, jamais des zéros sûrs{}", liste(&self.coups_sans_image), self.conseil_partie_en_cours()));
        }
        if !self.coups_etrangers.is_empty() {
            v.push(format!("presque aucun bulletin payé au(x) coup(s) {} : leurs scans sont peut-être ceux d'une autre partie (vérifiez le fichier --partie) ou d'un autre coup (dossier mal nommé) ; tous leurs bulletins sont à vérifier", liste(&self.coups_etrangers)));
        }
        if !self.numeros_non_confirmes.is_empty() {
            let numeros: Vec<String> = self.numeros_non_confirmes.iter().map(|(t, scans)| format!("{t} ({})", scans.join(", "))).collect();
            v.push(format!(
                "sans liste des joueurs (--joueurs), les tables de la manche sont celles qu'un bulletin porte sûrement ; des scans qui portent d'abord un numéro qu'aucun bulletin ne porte sûrement sont rangés à une autre table, que leurs autres lectures nomment : {} — si c'est une table, elle manque aux résultats ; donnez --joueurs, ou corrigez ces lectures",
                numeros.join(", ")
            ));
        }
        if self.scans_a_trainee > 0 {
            v.push(format!("{} scan(s) traversé(s) d'une traînée (un trait droit d'un bord à l'autre de l'image) : la vitre ou le capteur du scanner est sans doute sale, nettoyez-le avant les coups suivants ; la traînée est effacée avant la lecture, et les bulletins dont elle traverse l'écriture ou un cadre sont à vérifier", self.scans_a_trainee));
        }
        v
    }

    /// Les derniers coups de la partie, et eux seuls, sans image : une partie en cours,
    /// sans doute ; le conseil de la corriger jusqu'au dernier coup scanné.
    fn conseil_partie_en_cours(&self) -> String {
        let n = self.coups_sans_image.len() as u32;
        let dernier_scanne = self.coups_de_la_partie.saturating_sub(n);
        if dernier_scanne > 0 && self.coups_sans_image.iter().copied().eq(dernier_scanne + 1..=self.coups_de_la_partie) {
            format!(" ; une partie en cours se corrige jusqu'au dernier coup scanné : --jusqu-au-coup {dernier_scanne}")
        } else {
            String::new()
        }
    }

    /// Le bilan en français, pour le terminal (sans [`Bilan::alertes`], que les rapports
    /// disent).
    pub fn texte(&self) -> String {
        let mut t = String::new();
        let pages = self.pages();
        let _ = write!(t, "{} fichier(s) d'image", self.fichiers);
        if pages != self.fichiers {
            // Les pages d'un TIFF ou d'un PDF, les bulletins d'une planche.
            let _ = write!(t, " ({pages} pages ou bulletins)");
        }
        let _ = writeln!(t, " :");
        let _ = writeln!(t, "  {} décidé(s) automatiquement", self.automatiques);
        let _ = writeln!(t, "  {} envoyé(s) à une personne (à vérifier, revue.html)", self.a_verifier);
        if self.corrigees > 0 {
            let _ = writeln!(t, "  {} lu(s) par une personne (fichier de corrections)", self.corrigees);
        }
        let _ = writeln!(t, "  {} rejeté(s){}", self.total_rejetees(), if self.rejetees.is_empty() { String::new() } else { format!(" : {}", self.rejetees.iter().map(|(r, n)| format!("{} {n}", arbitre_reports::verification::libelle_du_rejet(r))).collect::<Vec<_>>().join(", ")) });
        if self.en_erreur > 0 {
            let _ = writeln!(t, "  {} en erreur (correction impossible, à corriger à la main)", self.en_erreur);
        }
        if self.corrections_sans_scan > 0 {
            let _ = writeln!(t, "{} correction(s) de personnes pour un bulletin sans scan", self.corrections_sans_scan);
        }
        if self.corrections_non_appliquees > 0 {
            let _ = writeln!(t, "{} correction(s) de personnes non appliquée(s) (illisible, en double ou au scan inconnu) : leur bulletin garde sa décision et est à vérifier", self.corrections_non_appliquees);
        }
        let confirmes = match self.absents_confirmes {
            0 => String::new(),
            n => format!(", {n} confirmé(s) par une personne"),
        };
        let _ = writeln!(t, "{} bulletin(s) manquant(s) (zéro, 5.7), dont {} à vérifier (le bulletin est peut-être ailleurs : image rejetée, second bulletin d'une table, numéro douteux){confirmes}", self.absents + self.absents_confirmes, self.absents_a_verifier);
        if self.tables_deduites > 0 {
            let _ = writeln!(t, "{} numéro(s) de table lu(s) avec doute, confirmé(s) par les autres bulletins du coup (champ table_deduite de decisions.jsonl)", self.tables_deduites);
        }
        if let Some((n, fichiers)) = self.apres_le_coup.filter(|&(_, f)| f > 0) {
            let _ = writeln!(t, "{fichiers} fichier(s) d'image des coups après le coup {n} laissé(s) de côté (partie en cours, --jusqu-au-coup {n})");
        }
        if self.reprises > 0 {
            let _ = writeln!(t, "{} fichier(s) inchangé(s) depuis l'exécution précédente, non relu(s) : leur lecture est reprise de {} (même contenu, même coup, même lecteur)", self.reprises, crate::lectures_gardees::NOM);
        }
        if let Some(pourquoi) = &self.lectures_ecartees {
            let _ = writeln!(t, "lectures précédentes non reprises : {pourquoi}");
        }
        // Les dossiers laissés de côté (rapports d'arbitre rangés parmi les scans, dossiers
        // trop profonds ou déjà vus par un lien) sont nommés : des images y sont peut-être.
        let (dossiers, fichiers): (Vec<&String>, Vec<&String>) = self.ignores.iter().partition(|f| f.ends_with('/'));
        if !fichiers.is_empty() {
            let archives = arbitre_pipeline::scans::archives_compressees(fichiers.iter().copied());
            let conseil = if archives.is_empty() { String::new() } else { format!(", dont {}", arbitre_pipeline::scans::conseil_archives(&archives)) };
            let _ = writeln!(t, "{} autre(s) fichier(s) laissé(s) de côté (pas des images){conseil}", fichiers.len());
        }
        if !dossiers.is_empty() {
            let noms = dossiers.iter().take(3).map(|d| d.as_str()).collect::<Vec<_>>().join(", ");
            let _ = writeln!(t, "{} dossier(s) laissé(s) de côté, sans être lus (rapports d'arbitre, plus de {} niveaux de sous-dossiers, ou déjà vus par un lien) : {noms}{}", dossiers.len(), arbitre_pipeline::scans::PROFONDEUR_MAX, if dossiers.len() > 3 { ", …" } else { "" });
        }
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn des_derniers_coups_sans_image_font_conseiller_la_partie_en_cours() {
        let alerte = |sans: &[u32]| Bilan { coups_sans_image: sans.to_vec(), coups_de_la_partie: 20, ..Default::default() }.alertes().join("\n");
        assert!(alerte(&[15, 16, 17, 18, 19, 20]).ends_with("--jusqu-au-coup 14"), "{}", alerte(&[15, 16, 17, 18, 19, 20]));
        assert!(alerte(&[20]).ends_with("--jusqu-au-coup 19"));
        // Un trou au milieu de la partie, ou aucun coup scanné : pas une partie en cours.
        for sans in [&[7][..], &[7, 20], &(1..=20).collect::<Vec<_>>()] {
            assert!(!alerte(sans).contains("--jusqu-au-coup"), "{sans:?}");
        }
    }

    #[test]
    fn les_absences_confirmees_par_une_personne_restent_des_bulletins_manquants() {
        // Après la revue : 3 absences confirmées (corrections `absent`), 1 encore à vérifier.
        let mut b = Bilan { absents: 1, absents_a_verifier: 1, absents_confirmes: 3, corrections_sans_scan: 2, ..Default::default() };
        b.placer(Place::Rejetee(crate::scans_corriges::ECARTEE.to_string()));
        b.placer(Place::Rejetee(arbitre_reports::verification::TABLE_EN_DOUBLE.to_string()));
        b.placer(Place::Rejetee(arbitre_reports::verification::TABLE_EN_DOUBLE.to_string()));
        let t = b.texte();
        assert!(t.contains("4 bulletin(s) manquant(s) (zéro, 5.7), dont 1 à vérifier"), "{t}");
        assert!(t.contains(", 3 confirmé(s) par une personne"), "{t}");
        assert!(t.contains("2 correction(s) de personnes pour un bulletin sans scan"), "{t}");
        assert!(t.contains("3 rejeté(s) : écarté par une personne 1, second bulletin d'une table 2"), "{t}");
    }

    #[test]
    fn un_numero_jamais_sur_range_a_une_autre_table_fait_conseiller_la_liste_des_joueurs() {
        let b = Bilan { numeros_non_confirmes: BTreeMap::from([(25, vec!["coup-01/scan-045.jpg".to_string(), "coup-03/scan-026.jpg".to_string()])]), ..Default::default() };
        let a = b.alertes().join("\n");
        assert!(a.contains(": 25 (coup-01/scan-045.jpg, coup-03/scan-026.jpg) — si c'est une table, elle manque aux résultats ; donnez --joueurs"), "{a}");
        assert!(Bilan::default().alertes().is_empty());
    }

    #[test]
    fn les_dossiers_laisses_de_cote_sont_nommes() {
        let b = Bilan { ignores: vec!["coup-01/a.json".into(), "rapport/".into(), "notes.txt".into(), "coup-05.zip".into()], ..Default::default() };
        let t = b.texte();
        assert!(t.contains("3 autre(s) fichier(s) laissé(s) de côté (pas des images), dont archive(s) compressée(s), non lue(s) : décompressez-la(les) dans le dossier des scans (coup-05.zip)\n"), "{t}");
        assert!(t.contains("1 dossier(s) laissé(s) de côté, sans être lus") && t.contains(": rapport/\n"), "{t}");
    }
}
