//! Ce que la lecture d'un scan rend : la [`Lecture`] la plus probable, et, à côté d'elle,
//! le doute de la machine — pour chaque case écrite et chaque caractère des cadres, ses
//! lectures possibles avec leur probabilité calibrée ; pour le numéro de table, la
//! référence et le score, les chaînes les plus probables. Le doute voyage en probabilités,
//! jamais en cases `{UV}` : c'est la correction de la manche (`arbitre run`) qui décide si
//! une lecture douteuse compte pour la décision.

use crate::modele::{Probabilites, CHIFFRES, LETTRES, REFERENCES};
use arbitre_engine::nombres::pourcent;
use arbitre_engine::lecture::{Cellule, Contenu, EtatBulletin, Lecture, Trace};
use serde::{Deserialize, Serialize};

/// Au-delà de ces alternatives, ou sous cette probabilité, une lecture n'est pas gardée.
pub const ALTERNATIVES_MAX: usize = 4;
pub const PROBABILITE_MIN: f32 = 1e-4;

/// Une lecture possible d'une case ou d'un caractère : `A`–`Z`, `0`–`9`, `#` (marque
/// illisible), `rature` (encre raturée, hors lecture) ou `vide` (pas d'écriture).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Alternative {
    pub lecture: String,
    pub p: f32,
}

/// Une case encrée de l'aire de rédaction.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CaseLue {
    /// Rangée et colonne dans l'aire (à partir de 0).
    pub zone: [u32; 2],
    /// Rangée et colonne dans la lecture, si la case y est (une rature ou une case vide
    /// n'y est pas).
    pub position: Option<[u32; 2]>,
    pub alternatives: Vec<Alternative>,
    /// Probabilité que la case soit entourée (joker revendiqué).
    pub entouree: f32,
    /// Probabilité que la case soit barrée.
    pub barree: f32,
    /// L'encre touche celle d'une voisine sans qu'on sache où couper.
    pub decoupage_douteux: bool,
}

/// Un caractère écrit dans un cadre.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CaractereLu {
    pub alternatives: Vec<Alternative>,
    pub espace_avant: bool,
    /// Coupé dans une tache plus large (caractères collés).
    pub coupe: bool,
}

/// Le numéro de table, la référence ou le score.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ChampLu {
    /// La lecture la plus probable (`None` : rien d'écrit).
    pub valeur: Option<String>,
    /// Les lectures les plus probables du champ entier, la meilleure d'abord (`""` : rien
    /// d'écrit).
    pub alternatives: Vec<Alternative>,
    pub caracteres: Vec<CaractereLu>,
}

impl ChampLu {
    /// La probabilité de la lecture retenue.
    pub fn confiance(&self) -> f32 {
        self.alternatives.first().map_or(1.0, |a| a.p)
    }

    /// Le poids du découpage retenu (le plus vraisemblable) : la probabilité, selon le
    /// modèle, que chacun de ses morceaux soit bien *un* caractère (le produit de leurs
    /// « pas `vide` » ; 1 pour un cadre sans encre). Les lectures du champ mêlent les
    /// découpages selon ces poids *normalisés* : quand aucun n'explique bien l'encre (un
    /// caractère que le modèle ne reconnaît dans aucune coupe), le moins mauvais l'emporte et
    /// les probabilités du champ en disent plus qu'elles ne savent.
    pub fn poids_du_decoupage(&self) -> f64 {
        poids_des_morceaux(&self.caracteres)
    }
}

/// La probabilité que chaque morceau d'un découpage soit *un* caractère (le modèle répond
/// `vide` pour deux chiffres collés ou un bout de chiffre).
fn poids_des_morceaux(caracteres: &[CaractereLu]) -> f64 {
    caracteres.iter().map(|c| 1.0 - c.alternatives.iter().find(|a| a.lecture == "vide").map_or(0.0, |a| a.p as f64)).product()
}

/// Les alternatives d'une distribution de probabilités sur des classes, la plus probable
/// d'abord.
pub fn alternatives(p: &[f32], classes: &[&str]) -> Vec<Alternative> {
    let mut v: Vec<Alternative> = p.iter().zip(classes).map(|(&p, &c)| Alternative { lecture: c.to_string(), p }).collect();
    v.sort_by(|a, b| b.p.total_cmp(&a.p));
    v.into_iter().enumerate().filter(|(i, a)| *i == 0 || a.p >= PROBABILITE_MIN).map(|(_, a)| a).take(ALTERNATIVES_MAX).collect()
}

/// Les chaînes les plus probables d'un champ : produit des probabilités de ses
/// caractères (un caractère lu `rature` n'ajoute rien), recherche en faisceau. Un morceau
/// d'encre d'un cadre est toujours quelque chose : `vide` n'y dit pas « rien d'écrit » mais
/// « ce morceau n'est pas *un* caractère » (deux chiffres collés, un bout de chiffre) — une
/// affaire de découpage, pesée par [`champ_des_decoupages`] ; les lectures du caractère
/// sont donc ramenées à celles qui écrivent quelque chose (sinon un « 1 », trait seul qui
/// ressemble à un bout de chiffre, disparaîtrait du score).
fn chaines(caracteres: &[CaractereLu], n: usize) -> Vec<Alternative> {
    let mut faisceau: Vec<(String, f32)> = vec![(String::new(), 1.0)];
    for c in caracteres {
        let mut suite: Vec<(String, f32)> = Vec::new();
        let ecrites: Vec<&Alternative> = c.alternatives.iter().filter(|a| a.lecture != "vide").collect();
        let masse: f32 = ecrites.iter().map(|a| a.p).sum();
        if masse <= 0.0 {
            continue;
        }
        for (s, p) in &faisceau {
            for a in ecrites.iter().map(|a| Alternative { lecture: a.lecture.clone(), p: a.p / masse }) {
                let mut t = s.clone();
                if a.lecture != "rature" {
                    if c.espace_avant && !t.is_empty() {
                        t.push(' ');
                    }
                    t.push_str(&a.lecture);
                }
                match suite.iter_mut().find(|(u, _)| *u == t) {
                    Some(x) => x.1 += p * a.p,
                    None => suite.push((t, p * a.p)),
                }
            }
        }
        suite.sort_by(|a, b| b.1.total_cmp(&a.1));
        suite.truncate(8);
        faisceau = suite;
    }
    faisceau.into_iter().filter(|(_, p)| *p >= PROBABILITE_MIN).take(n).map(|(lecture, p)| Alternative { lecture, p }).collect()
}

/// Ce qu'un cadre peut contenir, connu d'avance : le cadre Réf. reçoit une référence, une
/// lettre A–O et un nombre 1–15 dans un ordre ou l'autre (règlement 4.3.1). C'est une
/// connaissance du bulletin, pas de la partie : elle départage un trait seul lu « 1 » ou
/// « I », un rond lu « 0 » ou « O », sans rien savoir des solutions ni du top.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Forme {
    /// Table, score : des chiffres, sans autre attente.
    Libre,
    /// Réf. : une lecture mal formée garde la probabilité a priori [`REFERENCE_MAL_FORMEE`]
    /// relativement à une bien formée — moins probable, jamais exclue (un joueur peut
    /// écrire « 8 » seul, et la correction le juge tel quel).
    Reference,
}

/// Probabilité a priori d'une référence mal formée, relativement à une bien formée.
pub const REFERENCE_MAL_FORMEE: f64 = 0.01;

/// Une lettre A–O et un nombre 1–15, dans un ordre ou l'autre, espaces ignorés ; ou rien.
pub fn reference_bien_formee(texte: &str) -> bool {
    let t: String = texte.chars().filter(|c| !c.is_whitespace()).collect();
    if t.is_empty() {
        return true;
    }
    let lettre = |c: char| ('A'..='O').contains(&c);
    let nombre = |s: &str| !s.starts_with('0') && s.parse::<u32>().is_ok_and(|n| (1..=15).contains(&n)) && s.chars().all(|c| c.is_ascii_digit());
    let mut cs = t.chars();
    let (premier, dernier) = (cs.next().unwrap_or(' '), t.chars().last().unwrap_or(' '));
    (lettre(premier) && nombre(&t[1..])) || (lettre(dernier) && nombre(&t[..t.len() - 1]))
}

/// Le champ d'un cadre, ses caractères lus par la tête `chiffre` (table, score) ou
/// `reference`.
pub fn champ(caracteres: Vec<CaractereLu>) -> ChampLu {
    let alternatives = chaines(&caracteres, ALTERNATIVES_MAX);
    let valeur = alternatives.first().map(|a| a.lecture.clone()).filter(|v| !v.is_empty());
    ChampLu { valeur, alternatives, caracteres }
}

/// Le champ d'un cadre lu selon plusieurs découpages. Un découpage pèse la probabilité que
/// chacun de ses morceaux soit bien *un* caractère (le modèle répond `vide` pour deux
/// chiffres collés ou un bout de chiffre) ; les chaînes de tous les découpages sont mêlées
/// selon ces poids, puis pesées par ce que le cadre peut contenir ([`Forme`]). Le
/// découpage le plus vraisemblable donne les caractères rapportés.
pub fn champ_des_decoupages(decoupages: Vec<Vec<CaractereLu>>, forme: Forme) -> ChampLu {
    let poids: Vec<f64> = decoupages.iter().map(|cars| poids_des_morceaux(cars)).collect();
    let total: f64 = poids.iter().sum::<f64>().max(f64::MIN_POSITIVE);
    let meilleur = (0..decoupages.len()).max_by(|&a, &b| poids[a].total_cmp(&poids[b])).unwrap_or(0);
    let mut melange: Vec<Alternative> = Vec::new();
    let mut champs: Vec<ChampLu> = decoupages.into_iter().map(champ).collect();
    let a_priori = |t: &str| if forme == Forme::Reference && !reference_bien_formee(t) { REFERENCE_MAL_FORMEE } else { 1.0 };
    let mut masse = 0.0f64;
    let mut pesees: Vec<(String, f64)> = Vec::new();
    for (c, w) in champs.iter().zip(&poids) {
        for a in chaines(&c.caracteres, 8) {
            let p = a.p as f64 * w / total * a_priori(&a.lecture);
            masse += p;
            pesees.push((a.lecture, p));
        }
    }
    let masse = masse.max(f64::MIN_POSITIVE);
    for (lecture, p) in pesees {
        let p = (p / masse) as f32;
        match melange.iter_mut().find(|m| m.lecture == lecture) {
            Some(m) => m.p += p,
            None => melange.push(Alternative { lecture, p }),
        }
    }
    melange.sort_by(|a, b| b.p.total_cmp(&a.p));
    melange.retain(|a| a.p >= PROBABILITE_MIN);
    melange.truncate(ALTERNATIVES_MAX);
    let mut retenu = champs.swap_remove(meilleur);
    retenu.valeur = melange.first().map(|a| a.lecture.clone()).filter(|v| !v.is_empty());
    retenu.alternatives = melange;
    retenu
}

/// Les alternatives d'un caractère de cadre, selon le cadre. Seule la référence garde
/// l'espace laissé avant un caractère (« 13 B », gardée telle qu'écrite) : dans un nombre
/// (table, score), un blanc entre deux chiffres ne compte pas — deux traits écartés, « 1 1 »,
/// sont le nombre 11, comme les lirait l'arbitre (un numéro de table « 1 1 » ne se lisait
/// pas et le bulletin était rejeté, « table illisible »).
pub fn caractere(p: &Probabilites, reference: bool, espace_avant: bool, coupe: bool) -> CaractereLu {
    let alternatives = if reference { alternatives(&p.reference, &REFERENCES) } else { alternatives(&p.chiffre, &CHIFFRES) };
    CaractereLu { alternatives, espace_avant: espace_avant && reference, coupe }
}

/// Une case encrée lue par le modèle.
pub struct CaseProbable {
    pub zone: [u32; 2],
    pub probabilites: Probabilites,
    pub decoupage_douteux: bool,
}

/// Les rangées sans leurs cases vides de fin (la lecture d'un mot vertical s'écrit `|W`,
/// pas `|W......`) : même sens pour la correction, texte plus lisible.
pub fn sans_cases_vides_finales(mut rangees: Vec<Vec<Cellule>>) -> Vec<Vec<Cellule>> {
    for r in &mut rangees {
        while r.last().is_some_and(|c| c.contenu == Contenu::Vide && !c.barree) {
            r.pop();
        }
    }
    rangees
}

/// Assemble la lecture la plus probable d'un bulletin et garde le doute à côté.
pub fn assembler(table: u32, coup: u32, cases: &[CaseProbable], reference: &ChampLu, score: &ChampLu, rature_cadre: bool) -> (Lecture, Vec<CaseLue>) {
    let mut lues: Vec<CaseLue> = cases
        .iter()
        .map(|c| CaseLue {
            zone: c.zone,
            position: None,
            alternatives: alternatives(&c.probabilites.lettre, &LETTRES),
            entouree: c.probabilites.entouree,
            barree: c.probabilites.barree,
            decoupage_douteux: c.decoupage_douteux,
        })
        .collect();
    let ecrite = |c: &CaseLue| !matches!(c.alternatives[0].lecture.as_str(), "rature" | "vide");
    let rature = rature_cadre || lues.iter().any(|c| c.alternatives[0].lecture == "rature");
    let mut l = Lecture::nouvelle(table, coup);
    l.rature = rature;
    l.reference = reference.valeur.clone();
    l.score = score.valeur.clone();
    let ecrites: Vec<&CaseLue> = lues.iter().filter(|c| ecrite(c)).collect();
    if ecrites.is_empty() {
        if l.reference.is_none() && l.score.is_none() {
            l.etat = EtatBulletin::Vierge;
        }
        return (l, lues);
    }
    let r0 = ecrites.iter().map(|c| c.zone[0]).min().expect("non vide");
    let r1 = ecrites.iter().map(|c| c.zone[0]).max().expect("non vide");
    let c0 = ecrites.iter().map(|c| c.zone[1]).min().expect("non vide");
    let c1 = ecrites.iter().map(|c| c.zone[1]).max().expect("non vide");
    let mut rangees = vec![vec![Cellule { contenu: Contenu::Vide, barree: false }; (c1 - c0 + 1) as usize]; (r1 - r0 + 1) as usize];
    for c in lues.iter_mut().filter(|c| !matches!(c.alternatives[0].lecture.as_str(), "rature" | "vide")) {
        let (i, j) = (c.zone[0] - r0, c.zone[1] - c0);
        c.position = Some([i, j]);
        let lu = c.alternatives[0].lecture.as_str();
        let contenu = match lu {
            "#" => Contenu::Illisible,
            _ => Contenu::Lettre(Trace { lettre: lu.chars().next().expect("une lettre"), entouree: c.entouree >= 0.5 }),
        };
        rangees[i as usize][j as usize] = Cellule { contenu, barree: c.barree >= 0.5 };
    }
    l.rangees = sans_cases_vides_finales(rangees);
    (l, lues)
}

/// Pourquoi une image n'a pas donné de lecture.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RaisonRejet {
    /// Fichier vide, tronqué, corrompu, trop grand, pas une image.
    ImageIllisible,
    /// Une image en noir et blanc, sans gris (scanner réglé en « noir et blanc » ou en
    /// « texte ») : le lecteur ne la lit pas ; à rescanner en gris ou en couleur.
    NoirEtBlanc,
    /// Photo, page de texte, bulletin trop abîmé pour trouver son quadrillage…
    PasUnBulletin,
    /// Une page sans encre ([`crate::page_blanche`]) : le verso d'un scan recto verso, une
    /// page intercalaire. Elle ne peut être le bulletin d'aucune table.
    PageBlanche,
    /// Un quadrillage, mais pas les cadres de ce formulaire.
    AutreFormulaire,
    /// Le quadrillage ne se recale pas assez bien pour lire les cases.
    RecalageInsuffisant,
    /// Aucun numéro de table lisible : le bulletin ne peut être attribué à un joueur.
    TableIllisible,
}

impl RaisonRejet {
    pub fn libelle(self) -> &'static str {
        match self {
            RaisonRejet::ImageIllisible => "image illisible",
            RaisonRejet::NoirEtBlanc => "image en noir et blanc",
            RaisonRejet::PasUnBulletin => "pas un bulletin",
            RaisonRejet::PageBlanche => "page blanche",
            RaisonRejet::AutreFormulaire => "autre formulaire",
            RaisonRejet::RecalageInsuffisant => "recalage insuffisant",
            RaisonRejet::TableIllisible => "numéro de table illisible",
        }
    }
}

/// Un rejet et son explication.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RejetScan {
    pub raison: RaisonRejet,
    pub message: String,
}

/// Le recalage d'une page, tel que le rapporte la lecture.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ResumeRecalage {
    /// Point de la feuille (mm) → pixel de l'image.
    pub mm_vers_px: arbitre_formulaire::Homographie,
    pub residu_mm: f64,
    pub tete_en_bas: bool,
    pub quarts_de_tour: u8,
    pub rotation_deg: f64,
    pub dpi: f64,
    /// Part des traits des cadres retrouvés à leur place (0..1).
    #[serde(default = "tous_les_cadres")]
    pub cadres: f64,
    /// Recalage pas sûr (résidu, cadres retrouvés en partie : `Recalage::sur`) : une
    /// personne doit voir ce bulletin.
    pub douteux: bool,
}

fn tous_les_cadres() -> f64 {
    1.0
}

/// La lecture d'une image (d'une page pour un TIFF de plusieurs pages).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LectureScan {
    /// Le fichier, tel que donné.
    pub image: String,
    /// La page (à partir de 1) d'un TIFF de plusieurs pages.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
    /// Le rang du bulletin sur la page quand elle en porte plusieurs (planche scannée à
    /// plat : de haut en bas, puis de gauche à droite), à partir de 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bulletin: Option<u32>,
    /// Le coup (dossier `coup-05`, ou `--coup`).
    pub coup: Option<u32>,
    /// La lecture la plus probable ; `None` pour une image rejetée, sauf un numéro de
    /// table illisible : la lecture du reste, à la table 0 (une personne lira le numéro).
    pub lecture: Option<Lecture>,
    pub cases: Vec<CaseLue>,
    pub table: ChampLu,
    pub reference: ChampLu,
    pub score: ChampLu,
    /// Les cases de l'aire, `[rangée, colonne]`, sans encre lue mais où des traits trop
    /// pâles pour être lus couvrent la surface d'une lettre ([`crate::encre_pale`]) : des
    /// lettres ont peut-être échappé à la lecture.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cases_pales: Vec<[u32; 2]>,
    /// Les cadres du joueur (`table`, `reference`, `score`) où des traits trop pâles pour
    /// être lus, loin de l'encre lue, couvrent la surface d'une case encrée : un caractère a
    /// peut-être échappé à la lecture du champ.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cadres_pales: Vec<arbitre_formulaire::Role>,
    /// Les traînées du scanner (un trait droit d'un bord à l'autre de l'image : vitre ou
    /// capteur sale) effacées avant la lecture, et les cases écrites et cadres qu'elles
    /// traversent ([`crate::trainee`]) : un trait d'encre a pu s'effacer avec elles.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trainees: Option<crate::trainee::Trainees>,
    pub recalage: Option<ResumeRecalage>,
    pub rejet: Option<RejetScan>,
}

impl LectureScan {
    pub(crate) fn rejetee(image: &str, page: Option<u32>, coup: Option<u32>, raison: RaisonRejet, message: String) -> LectureScan {
        LectureScan {
            image: image.to_string(),
            page,
            bulletin: None,
            coup,
            lecture: None,
            cases: Vec::new(),
            table: ChampLu::default(),
            reference: ChampLu::default(),
            score: ChampLu::default(),
            cases_pales: Vec::new(),
            cadres_pales: Vec::new(),
            trainees: None,
            recalage: None,
            rejet: Some(RejetScan { raison, message }),
        }
    }
}

impl LectureScan {
    /// La lecture au format texte des lectures, pour `arbitre grade` ou une correction à la
    /// main : une case dont la deuxième lecture a au moins `seuil` de probabilité s'écrit
    /// `{UV}` ; les doutes sur la table, la référence ou le score, et les rejets, en
    /// commentaires.
    pub fn vers_texte(&self, seuil: f32) -> String {
        let mut t = format!("# {}{}{}\n", self.image, self.page.map(|p| format!(", page {p}")).unwrap_or_default(), self.bulletin.map(|b| format!(", bulletin {b}")).unwrap_or_default());
        if let Some(r) = &self.rejet {
            t.push_str(&format!("# rejetée ({}) : {}\n", r.raison.libelle(), r.message.replace('\n', " ")));
            // Une lecture sans numéro de table, en commentaire : à reprendre avec le numéro lu.
            if let Some(l) = &self.lecture {
                l.vers_texte().lines().for_each(|ligne| t.push_str(&format!("# {ligne}\n")));
            }
            return t;
        }
        let Some(l) = &self.lecture else { return t };
        for (nom, c) in [("numéro de table douteux", &self.table), ("référence douteuse", &self.reference), ("score douteux", &self.score)] {
            if c.alternatives.get(1).is_some_and(|a| a.p >= seuil) {
                let alt: Vec<String> = c.alternatives.iter().filter(|a| a.p >= seuil).map(|a| format!("« {} » ({})", a.lecture, pourcent(a.p as f64, 0))).collect();
                t.push_str(&format!("# {nom} : {}\n", alt.join(" ou ")));
            }
        }
        let mut l = l.clone();
        for c in &self.cases {
            let Some([i, j]) = c.position else { continue };
            let lettres: Vec<&Alternative> = c.alternatives.iter().filter(|a| a.p >= seuil && a.lecture.len() == 1 && a.lecture != "#").collect();
            if lettres.len() >= 2 {
                let cel = &mut l.rangees[i as usize][j as usize];
                let entouree = c.entouree >= 0.5;
                cel.contenu = Contenu::Alternatives(lettres.iter().map(|a| Trace { lettre: a.lecture.chars().next().expect("lettre"), entouree }).collect());
            }
        }
        t.push_str(&l.vers_texte());
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn car(alts: &[(&str, f32)], espace: bool) -> CaractereLu {
        CaractereLu { alternatives: alts.iter().map(|&(l, p)| Alternative { lecture: l.into(), p }).collect(), espace_avant: espace, coupe: false }
    }

    #[test]
    fn les_chaines_d_un_champ_multiplient_les_probabilites_de_ses_caracteres() {
        let c = champ(vec![car(&[("1", 0.9), ("7", 0.1)], false), car(&[("3", 0.6), ("8", 0.4)], false), car(&[("rature", 0.99), ("5", 0.01)], false)]);
        assert_eq!(c.valeur.as_deref(), Some("13"));
        let p: Vec<(&str, f32)> = c.alternatives.iter().map(|a| (a.lecture.as_str(), a.p)).collect();
        assert_eq!(p[0].0, "13");
        assert!((p[0].1 - 0.9 * 0.6 * 0.99).abs() < 1e-5);
        assert_eq!(p[1].0, "18");
        // Une référence garde ses espaces : « 13 B ».
        let r = champ(vec![car(&[("1", 1.0)], false), car(&[("3", 1.0)], false), car(&[("B", 1.0)], true)]);
        assert_eq!(r.valeur.as_deref(), Some("13 B"));
    }

    /// Les probabilités d'une vignette lue sûrement « 1 » (chiffre) et « 1 » (référence).
    fn un() -> Probabilites {
        let sur = |classes: &[&str]| classes.iter().map(|&c| if c == "1" { 1.0 } else { 0.0 }).collect();
        Probabilites { lettre: vec![0.0; LETTRES.len()], entouree: 0.0, barree: 0.0, chiffre: sur(&CHIFFRES), reference: sur(&REFERENCES) }
    }

    #[test]
    fn deux_chiffres_ecartes_font_un_nombre_mais_la_reference_garde_son_espace() {
        // Deux traits bien séparés dans le cadre N° Table : le numéro 11, pas « 1 1 »
        // (illisible comme nombre : le bulletin était rejeté).
        let table = champ_des_decoupages(vec![vec![caractere(&un(), false, false, false), caractere(&un(), false, true, false)]], Forme::Libre);
        assert_eq!(table.valeur.as_deref(), Some("11"));
        assert_eq!(table.alternatives[0].lecture, "11");
        let reference = champ_des_decoupages(vec![vec![caractere(&un(), true, false, false), caractere(&un(), true, true, false)]], Forme::Reference);
        assert_eq!(reference.valeur.as_deref(), Some("1 1"));
    }

    #[test]
    fn une_reference_bien_formee_est_une_lettre_a_o_et_un_nombre_1_15() {
        for r in ["H4", "4H", "13 B", "B 13", "o15", ""] {
            assert!(reference_bien_formee(&r.to_uppercase()), "{r}");
        }
        for r in ["12", "14 10", "P4", "H16", "H0", "H04", "HH", "8", "H"] {
            assert!(!reference_bien_formee(r), "{r}");
        }
    }

    #[test]
    fn le_cadre_ref_departage_un_trait_lu_1_ou_i_sans_exclure_une_reference_mal_formee() {
        // Un trait seul, lu « 1 » plutôt que « I », puis un 2 : « 12 » n'est pas une
        // référence, « I2 » en est une ; la lecture retenue est « I2 », « 12 » reste une
        // alternative (un joueur a pu l'écrire).
        let cars = || vec![car(&[("1", 0.9), ("I", 0.1)], false), car(&[("2", 1.0)], false)];
        let c = champ_des_decoupages(vec![cars()], Forme::Reference);
        assert_eq!(c.valeur.as_deref(), Some("I2"));
        let p = |t: &str| c.alternatives.iter().find(|a| a.lecture == t).map_or(0.0, |a| a.p);
        let attendu = 0.1 / (0.1 + 0.9 * REFERENCE_MAL_FORMEE as f32);
        assert!((p("I2") - attendu).abs() < 1e-4, "{:?}", c.alternatives);
        assert!(p("12") > 0.05, "{:?}", c.alternatives);
        // Ailleurs (table, score), rien ne change : « 12 ».
        assert_eq!(champ_des_decoupages(vec![cars()], Forme::Libre).valeur.as_deref(), Some("12"));
        // Ce qui ne se lit qu'en référence mal formée reste lu tel quel.
        let seul = champ_des_decoupages(vec![vec![car(&[("8", 1.0)], false)]], Forme::Reference);
        assert_eq!(seul.valeur.as_deref(), Some("8"));
    }
}
