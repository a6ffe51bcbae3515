//! Le bulletin de jeu décrit comme une donnée (fichier TOML, en millimètres) : l'aire de
//! rédaction quadrillée, les cadres N° Table, Réf., Score et la partie grisée de l'arbitrage
//! (règlement 2023, 2.1 « Le bulletin de jeu » ; guide pratique d'arbitrage 2020, section 1).
//!
//! Le bulletin de la FISF est livré dans `formulaires/fisf.toml` ([`Formulaire::fisf`]) ; une
//! fédération décrit le sien dans un fichier de même forme ([`Formulaire::charger`]). Le
//! générateur d'échantillons et la lecture des scans utilisent la même géométrie.

use serde::{Deserialize, Serialize};
use std::path::Path;
use arbitre_engine::fichier::ErreurFichier;

/// Le texte du bulletin FISF livré avec arbitre.
pub const FISF_TOML: &str = include_str!("../formulaires/fisf.toml");

/// Un bulletin de jeu : dimensions de la feuille, aire de rédaction, cadres.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Formulaire {
    pub nom: String,
    pub largeur_mm: f64,
    pub hauteur_mm: f64,
    /// (2) L'aire de rédaction quadrillée.
    pub zone: Quadrillage,
    /// La partie grisée réservée à l'arbitrage.
    pub zone_grisee: Rect,
    /// Un cadre par [`Role`].
    pub cadres: Vec<Cadre>,
}

/// La partie quadrillée : `colonnes` × `rangees` cases carrées de `case_mm`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Quadrillage {
    pub x_mm: f64,
    pub y_mm: f64,
    pub colonnes: u32,
    pub rangees: u32,
    pub case_mm: f64,
    /// Épaisseur des traits intérieurs.
    pub trait_mm: f64,
    /// Épaisseur du cadre extérieur.
    pub bord_mm: f64,
}

/// Un rectangle en millimètres.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rect {
    pub x_mm: f64,
    pub y_mm: f64,
    pub largeur_mm: f64,
    pub hauteur_mm: f64,
}

/// Un cadre du bulletin, son rôle et son libellé imprimé.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cadre {
    pub role: Role,
    pub libelle: String,
    pub x_mm: f64,
    pub y_mm: f64,
    pub largeur_mm: f64,
    pub hauteur_mm: f64,
}

/// Le rôle d'un cadre (repères du guide, section 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// (1) Numéro de table, écrit par le joueur.
    Table,
    /// (3) Référence alphanumérique, écrite par le joueur.
    Reference,
    /// (4) Score revendiqué, écrit par le joueur.
    Score,
    /// (5) Numéro du coup, reporté par l'arbitre.
    Coup,
    /// (6) Motif de la sanction, écrit par l'arbitre.
    Arbitre,
    /// (7) Score corrigé par l'arbitre.
    ScoreArbitre,
}

impl Role {
    pub const TOUS: [Role; 6] = [Role::Table, Role::Reference, Role::Score, Role::Coup, Role::Arbitre, Role::ScoreArbitre];

    /// Le nom du rôle dans le fichier.
    pub fn nom(self) -> &'static str {
        match self {
            Role::Table => "table",
            Role::Reference => "reference",
            Role::Score => "score",
            Role::Coup => "coup",
            Role::Arbitre => "arbitre",
            Role::ScoreArbitre => "score_arbitre",
        }
    }
}

/// Un fichier de formulaire illisible ou invalide : l'erreur de fichier du projet
/// ([`ErreurFichier`]), avec la ligne d'une faute de syntaxe et le champ en cause.
pub type ErreurFormulaire = ErreurFichier;

impl Rect {
    /// Le rectangle rentré de `mm` de chaque côté (l'intérieur d'une case ou d'un cadre,
    /// loin de ses traits imprimés).
    pub fn retrait(&self, mm: f64) -> Rect {
        Rect { x_mm: self.x_mm + mm, y_mm: self.y_mm + mm, largeur_mm: self.largeur_mm - 2.0 * mm, hauteur_mm: self.hauteur_mm - 2.0 * mm }
    }

    pub fn contient(&self, autre: &Rect) -> bool {
        const EPS: f64 = 1e-6;
        autre.x_mm >= self.x_mm - EPS
            && autre.y_mm >= self.y_mm - EPS
            && autre.x_mm + autre.largeur_mm <= self.x_mm + self.largeur_mm + EPS
            && autre.y_mm + autre.hauteur_mm <= self.y_mm + self.hauteur_mm + EPS
    }
}

impl Cadre {
    pub fn rect(&self) -> Rect {
        Rect { x_mm: self.x_mm, y_mm: self.y_mm, largeur_mm: self.largeur_mm, hauteur_mm: self.hauteur_mm }
    }
}

impl Quadrillage {
    /// Le rectangle de toute la zone.
    pub fn rect(&self) -> Rect {
        Rect {
            x_mm: self.x_mm,
            y_mm: self.y_mm,
            largeur_mm: self.colonnes as f64 * self.case_mm,
            hauteur_mm: self.rangees as f64 * self.case_mm,
        }
    }

    /// La case (rangée, colonne), à partir de 0.
    pub fn case(&self, rangee: u32, colonne: u32) -> Rect {
        Rect {
            x_mm: self.x_mm + colonne as f64 * self.case_mm,
            y_mm: self.y_mm + rangee as f64 * self.case_mm,
            largeur_mm: self.case_mm,
            hauteur_mm: self.case_mm,
        }
    }
}

/// Le plus long mot jouable : toute une rangée de la grille (règlement 1.1).
pub const MOT_LE_PLUS_LONG: u32 = 15;

impl Formulaire {
    /// Le bulletin FISF livré (`formulaires/fisf.toml`).
    pub fn fisf() -> Formulaire {
        Formulaire::depuis_texte("formulaires/fisf.toml", FISF_TOML).expect("le bulletin FISF livré est valide")
    }

    /// Lit et vérifie un fichier de formulaire.
    pub fn charger(chemin: &Path) -> Result<Formulaire, ErreurFormulaire> {
        let texte = arbitre_engine::fichier::lire_texte(chemin)?;
        Formulaire::depuis_texte(&chemin.display().to_string(), &texte)
    }

    /// Analyse et vérifie le texte d'un formulaire ; `fichier` sert aux messages.
    pub fn depuis_texte(fichier: &str, texte: &str) -> Result<Formulaire, ErreurFormulaire> {
        let f: Formulaire = toml::from_str(texte).map_err(|e| match e.span() {
            // La ligne de la faute, comptée depuis 1.
            Some(s) => ErreurFichier::ligne(Path::new(fichier), texte[..s.start].matches('\n').count() + 1, e.message().trim_end()),
            None => ErreurFichier::contenu(Path::new(fichier), e.message().trim_end()),
        })?;
        f.verifier(fichier)?;
        Ok(f)
    }

    /// Le cadre d'un rôle (toujours présent dans un formulaire vérifié).
    pub fn cadre(&self, role: Role) -> &Cadre {
        self.cadres.iter().find(|c| c.role == role).expect("formulaire vérifié : un cadre par rôle")
    }

    /// La feuille entière.
    pub fn feuille(&self) -> Rect {
        Rect { x_mm: 0.0, y_mm: 0.0, largeur_mm: self.largeur_mm, hauteur_mm: self.hauteur_mm }
    }

    fn verifier(&self, fichier: &str) -> Result<(), ErreurFormulaire> {
        let err = |champ: &str, message: String| ErreurFichier::contenu(Path::new(fichier), format!("champ `{champ}` : {message}"));
        let positif = |champ: &str, v: f64| {
            if v.is_finite() && v > 0.0 {
                Ok(())
            } else {
                Err(err(champ, format!("{v} : une longueur strictement positive est attendue")))
            }
        };
        positif("largeur_mm", self.largeur_mm)?;
        positif("hauteur_mm", self.hauteur_mm)?;
        let z = &self.zone;
        positif("zone.case_mm", z.case_mm)?;
        positif("zone.trait_mm", z.trait_mm)?;
        positif("zone.bord_mm", z.bord_mm)?;
        // L'aire doit recevoir un mot de 15 lettres dans les deux sens (règlement 4.2 : le
        // mot en entier, dans le sens où il est joué) et ses lettres de raccord (4.3.2).
        if z.colonnes < MOT_LE_PLUS_LONG {
            return Err(err("zone.colonnes", format!("{} : au moins {MOT_LE_PLUS_LONG} pour un mot de 15 lettres horizontal", z.colonnes)));
        }
        if z.rangees < MOT_LE_PLUS_LONG {
            return Err(err("zone.rangees", format!("{} : au moins {MOT_LE_PLUS_LONG} pour un mot de 15 lettres vertical", z.rangees)));
        }
        let feuille = self.feuille();
        if !feuille.contient(&z.rect()) {
            return Err(err("zone", "l'aire quadrillée dépasse de la feuille".into()));
        }
        for (champ, v) in [("x_mm", self.zone_grisee.x_mm), ("y_mm", self.zone_grisee.y_mm)] {
            if !v.is_finite() || v < 0.0 {
                return Err(err(&format!("zone_grisee.{champ}"), format!("{v} : position négative")));
            }
        }
        positif("zone_grisee.largeur_mm", self.zone_grisee.largeur_mm)?;
        positif("zone_grisee.hauteur_mm", self.zone_grisee.hauteur_mm)?;
        if !feuille.contient(&self.zone_grisee) {
            return Err(err("zone_grisee", "la partie grisée dépasse de la feuille".into()));
        }
        for (i, c) in self.cadres.iter().enumerate() {
            let champ = format!("cadres[{i}] ({})", c.role.nom());
            positif(&format!("{champ}.largeur_mm"), c.largeur_mm)?;
            positif(&format!("{champ}.hauteur_mm"), c.hauteur_mm)?;
            if !feuille.contient(&c.rect()) {
                return Err(err(&champ, "le cadre dépasse de la feuille".into()));
            }
        }
        let nombre = |role: Role| self.cadres.iter().filter(|c| c.role == role).count();
        if let Some(role) = Role::TOUS.into_iter().find(|&r| nombre(r) == 0) {
            return Err(err("cadres", format!("aucun cadre de rôle « {} »", role.nom())));
        }
        if let Some(role) = Role::TOUS.into_iter().find(|&r| nombre(r) > 1) {
            return Err(err("cadres", format!("{} cadres de rôle « {} », un seul attendu", nombre(role), role.nom())));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn le_bulletin_fisf_recoit_un_mot_de_15_lettres_et_ses_cadres() {
        let f = Formulaire::fisf();
        assert!(f.zone.colonnes >= 15 && f.zone.rangees >= 15);
        // Les cadres du joueur sont à droite de l'aire, la partie grisée en dessous.
        let zone = f.zone.rect();
        for role in [Role::Table, Role::Reference, Role::Score] {
            assert!(f.cadre(role).x_mm >= zone.x_mm + zone.largeur_mm, "{role:?} à droite de l'aire");
        }
        assert!(f.cadre(Role::Table).y_mm < f.cadre(Role::Reference).y_mm);
        assert!(f.cadre(Role::Reference).y_mm < f.cadre(Role::Score).y_mm);
        assert!(f.zone_grisee.y_mm >= zone.y_mm + zone.hauteur_mm);
        assert!(f.zone_grisee.contient(&f.cadre(Role::Coup).rect()));
        assert_eq!(f.cadre(Role::Reference).libelle, "Réf.");
    }

    #[test]
    fn une_aire_trop_petite_est_refusee_en_nommant_fichier_et_champ() {
        let texte = FISF_TOML.replace("colonnes = 17", "colonnes = 12");
        let e = Formulaire::depuis_texte("mon-bulletin.toml", &texte).unwrap_err().to_string();
        assert!(e.starts_with("mon-bulletin.toml : champ `zone.colonnes`"), "{e}");
    }

    #[test]
    fn un_cadre_manquant_ou_un_champ_inconnu_est_signale() {
        let sans_score = FISF_TOML.replace("role = \"score\"", "role = \"table\"");
        let e = Formulaire::depuis_texte("b.toml", &sans_score).unwrap_err().to_string();
        assert!(e.contains("`cadres`") && e.contains("score"), "{e}");
        let inconnu = FISF_TOML.replace("case_mm = 5.5", "case_mm = 5.5\ncouleur = 3");
        let e = Formulaire::depuis_texte("b.toml", &inconnu).unwrap_err().to_string();
        // La ligne de la faute de syntaxe est nommée.
        let ligne = inconnu.lines().position(|l| l.starts_with("couleur")).unwrap() + 1;
        assert!(e.starts_with(&format!("b.toml:{ligne}: ")) && e.contains("couleur"), "{e}");
    }

    #[test]
    fn les_cases_se_suivent_sans_recouvrement() {
        let f = Formulaire::fisf();
        let a = f.zone.case(0, 0);
        let b = f.zone.case(0, 1);
        let c = f.zone.case(1, 0);
        assert_eq!(b.x_mm - a.x_mm, f.zone.case_mm);
        assert_eq!(c.y_mm - a.y_mm, f.zone.case_mm);
        assert!(f.zone.rect().contient(&f.zone.case(f.zone.rangees - 1, f.zone.colonnes - 1)));
    }
}
