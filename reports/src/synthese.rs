//! Le bilan de la manche : bulletins corrigés, sanctions par genre et par motif,
//! rectifications, bulletins en commission ; affiché en fin de commande et sur l'index.

use crate::double_arbitrage::Comparaison;
use crate::dossier::Dossier;
use crate::accords::compte;
use crate::billets::Billet;
use crate::resultats::{Origine, Resultats};
use arbitre_engine::arbitrage::{Motif, Verdict};
use std::collections::BTreeMap;

/// Les comptes de la manche.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Synthese {
    pub bulletins: usize,
    pub absents: usize,
    pub illisibles: usize,
    /// Bulletins en erreur écartés : un autre bulletin de la même table au même coup est
    /// corrigé (un bulletin en double), la décision compte ([`Dossier::erreur_ecartee`]).
    pub ecartes: usize,
    pub valides: usize,
    pub avertissements: usize,
    pub penalites: usize,
    pub zeros: usize,
    /// Nombre de bulletins par motif (nom du motif en français).
    pub motifs: BTreeMap<String, usize>,
    pub commission: usize,
    pub rectifications: Option<usize>,
    pub sanctions_ajoutees: usize,
    pub sanctions_supprimees: usize,
    pub scores_modifies: usize,
    pub solos: usize,
    /// Moyennes du 5.9 à confirmer, et confirmées (appliquées).
    pub moyennes: usize,
    pub moyennes_appliquees: usize,
    pub billets: usize,
    /// Les billets à distribuer qui sont provisoires : leur décision est à vérifier par une
    /// personne.
    pub billets_provisoires: usize,
    /// Avec le premier arbitre : les billets du double arbitre (à distribuer).
    pub billets_double_arbitre: Option<usize>,
    /// Double arbitrage : bulletins non relus (décision du premier arbitre conservée).
    pub non_revus: usize,
    /// Les erreurs de bulletin par genre (nom du genre).
    pub erreurs: BTreeMap<&'static str, usize>,
    /// Ce qu'une personne doit vérifier ([`crate::alertes`]).
    pub alertes: Vec<String>,
    /// Manche lue sur des scans : les bulletins (absences comprises) à vérifier par une
    /// personne ([`crate::verification::cases_a_verifier`]) ; tant qu'il y en a, les
    /// résultats sont provisoires.
    pub a_verifier: usize,
}

/// Le nom français d'un motif (les cases du billet de correction).
pub fn nom_motif(m: &Motif) -> &'static str {
    match m {
        Motif::Score => "score erroné ou manquant",
        Motif::LettresRaccord => "lettres de raccord insuffisantes",
        Motif::Inversion => "référence ou sens inversé",
        Motif::DeuxModes => "deux modes de localisation",
        Motif::Joker { .. } => "joker",
        Motif::LocalisationPenalite => "localisation (−5)",
        Motif::MotNonAdmis { .. } => "mot non admis",
        Motif::MotIncomplet => "mot non écrit en entier",
        Motif::LocalisationZero => "localisation (zéro)",
        Motif::RaccordementFallacieux => "raccordement fallacieux",
        Motif::Vierge => "bulletin vierge",
        Motif::Absent => "bulletin manquant",
        Motif::PlacementImpossible => "placement impossible",
        Motif::Illisible => "mot illisible",
        Motif::ErreurLettre { .. } => "erreur de lettre",
        Motif::ReferenceEtSensInverses { .. } => "référence et sens inversés",
        Motif::PlusieursSolutions => "plusieurs solutions",
        Motif::ErreurGrille => "erreur de grille",
        Motif::BulletinEchange => "bulletin échangé",
        Motif::TempsDepasse => "temps dépassé",
        Motif::AutreZero { .. } => "autre zéro",
        Motif::AutreAvertissement { .. } => "autre avertissement",
    }
}

impl Synthese {
    pub fn calculer(d: &Dossier, r: &Resultats, c: Option<&Comparaison>, billets: &[Billet]) -> Synthese {
        let mut s = Synthese {
            bulletins: d.bulletins.len(),
            absents: r.absents.len(),
            illisibles: d.erreurs.iter().filter(|e| !d.erreur_ecartee(e)).count(),
            ecartes: d.erreurs.iter().filter(|e| d.erreur_ecartee(e)).count(),
            billets: billets.len(),
            billets_provisoires: billets.iter().filter(|b| b.provisoire && (c.is_none() || b.double_arbitrage)).count(),
            billets_double_arbitre: c.map(|_| billets.iter().filter(|b| b.double_arbitrage).count()),
            moyennes: r.moyennes.iter().filter(|m| !m.appliquee).count(),
            moyennes_appliquees: r.moyennes.iter().filter(|m| m.appliquee).count(),
            solos: r.solos().len(),
            alertes: crate::alertes::alertes(d),
            a_verifier: crate::verification::cases_a_verifier(d, r).len(),
            ..Default::default()
        };
        for e in d.erreurs.iter().filter(|e| !d.erreur_ecartee(e)) {
            *s.erreurs.entry(e.genre.libelle()).or_default() += 1;
        }
        for b in &d.bulletins {
            let dec = &b.decision;
            match dec.verdict {
                Verdict::Valide => s.valides += 1,
                Verdict::Avertissement => s.avertissements += 1,
                Verdict::Penalite => s.penalites += 1,
                Verdict::Zero => s.zeros += 1,
            }
            s.commission += dec.commission as usize;
            let mut noms: Vec<&str> = dec.motifs.iter().map(nom_motif).collect();
            noms.dedup();
            for n in noms {
                *s.motifs.entry(n.to_string()).or_default() += 1;
            }
        }
        if let Some(c) = c {
            s.rectifications = Some(c.rectifications.len());
            s.sanctions_ajoutees = c.rectifications.iter().filter(|r| r.ajout.is_some()).count();
            s.sanctions_supprimees = c.rectifications.iter().filter(|r| r.suppression.is_some()).count();
            s.scores_modifies = c.rectifications.iter().filter(|r| r.score_modifie).count();
            s.non_revus = r.tables.iter().flat_map(|l| &l.coups).filter(|c| c.origine == Origine::NonRevu).count();
        }
        s
    }

    /// La marque des résultats provisoires, tant que des bulletins sont à vérifier par une
    /// personne ; `None` sinon.
    pub fn provisoire(&self) -> Option<String> {
        crate::verification::marque_provisoire(self.a_verifier)
    }

    /// Le bilan en quelques lignes de français (la marque « provisoire » d'abord).
    pub fn texte(&self) -> String {
        let mut t = self.provisoire().map(|p| p + "\n").unwrap_or_default();
        t += &format!(
            "{} : {}, {}, {}, {}\n",
            compte(self.bulletins, "bulletin corrigé", "bulletins corrigés"),
            compte(self.valides, "valide", "valides"),
            compte(self.avertissements, "avertissement", "avertissements"),
            compte(self.penalites, "pénalité", "pénalités"),
            compte(self.zeros, "zéro", "zéros")
        );
        if self.absents > 0 {
            t.push_str(&format!("{} (zéro, motif « absent »)\n", compte(self.absents, "bulletin manquant", "bulletins manquants")));
        }
        if self.illisibles > 0 {
            let genres: Vec<String> = self.erreurs.iter().map(|(k, v)| format!("{k} : {v}")).collect();
            t.push_str(&format!(
                "{} ({}) : zéro provisoire, à corriger à la main\n",
                compte(self.illisibles, "bulletin illisible ou non corrigé", "bulletins illisibles ou non corrigés"),
                genres.join(", ")
            ));
        }
        if self.ecartes > 0 {
            t.push_str(&format!(
                "{} (un autre bulletin de la même table au même coup est corrigé, voir plus bas)\n",
                compte(self.ecartes, "bulletin écarté", "bulletins écartés")
            ));
        }
        for a in &self.alertes {
            t.push_str(&format!("À vérifier : {a}\n"));
        }
        if !self.motifs.is_empty() {
            let m: Vec<String> = self.motifs.iter().map(|(k, v)| format!("{k} {v}")).collect();
            t.push_str(&format!("motifs : {}\n", m.join(", ")));
        }
        t.push_str(&format!("{} en commission d'arbitrage\n", compte(self.commission, "bulletin", "bulletins")));
        match self.rectifications {
            Some(n) => {
                t.push_str(&format!(
                    "double arbitrage : {} relu{} sur {}",
                    compte(self.bulletins, "bulletin", "bulletins"),
                    if self.bulletins > 1 { "s" } else { "" },
                    self.bulletins + self.non_revus + self.absents + self.illisibles
                ));
                if self.non_revus > 0 {
                    t.push_str(&format!(" ({} : décision du premier arbitre conservée)", compte(self.non_revus, "non revu", "non revus")));
                }
                t.push_str(&format!(
                    " ; {} ({}, {}, {})\n",
                    compte(n, "rectification", "rectifications"),
                    compte(self.sanctions_ajoutees, "sanction ajoutée", "sanctions ajoutées"),
                    compte(self.sanctions_supprimees, "supprimée", "supprimées"),
                    compte(self.scores_modifies, "score modifié", "scores modifiés")
                ));
            }
            None => t.push_str("double arbitrage : pas de correction du premier arbitre fournie\n"),
        }
        let billets = match self.billets_double_arbitre {
            Some(n) => format!(
                "{} à distribuer ({} en tout pour les bulletins relus)",
                compte(n, "billet du double arbitre", "billets du double arbitre"),
                compte(self.billets, "billet", "billets")
            ),
            None => compte(self.billets, "billet de correction", "billets de correction"),
        };
        let billets = match self.billets_provisoires {
            0 => billets,
            n => format!("{billets} dont {} (décision à vérifier)", compte(n, "provisoire", "provisoires")),
        };
        let appliquees = if self.moyennes_appliquees > 0 {
            format!(" et {}", compte(self.moyennes_appliquees, "appliquée", "appliquées"))
        } else {
            String::new()
        };
        t.push_str(&format!(
            "{}, {}{appliquees} (5.9), {billets}\n",
            compte(self.solos, "solo", "solos"),
            compte(self.moyennes, "moyenne à confirmer", "moyennes à confirmer"),
        ));
        t
    }
}
