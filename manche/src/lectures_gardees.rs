//! Les lectures de la machine gardées d'une exécution à l'autre : `arbitre run` écrit ce
//! qu'il a lu de chaque scan dans le dossier des rapports ([`NOM`]) ; relancé sur le même
//! dossier (le plus souvent avec le fichier de corrections préparé par la page de revue),
//! il reprend la lecture d'un scan inchangé au lieu de le relire.
//!
//! Une lecture n'est reprise que si tout ce dont elle dépend est identique : le contenu du
//! fichier (son empreinte SHA-256), son nom et son coup (dossier ou `--coup`), et le lecteur
//! (l'exécutable lui-même, qui embarque le modèle, le formulaire et le jeu d'instructions du
//! processeur sur lequel le modèle calcule : voir [`Gardees::charger`]). Sinon le scan est
//! relu. Les décisions et tous les rapports sont donc ceux d'une exécution qui aurait tout
//! relu, octet pour octet : les probabilités s'écrivent et se relisent exactement
//! (`serde_json`, `float_roundtrip`).
//!
//! Les extraits de scans que la page de revue montrait sont repris de même, de `revue/`,
//! quand leurs octets sont intacts ([`Gardees::extrait`]) : un scan dont la lecture est
//! reprise n'est alors même pas décodé.
//!
//! Un fichier de lectures absent, illisible, d'un autre lecteur, abîmé ou changé à la main
//! ne fait que tout relire : ce n'est qu'un raccourci, jamais une source de décision.

use arbitre_pipeline::lecture_scan::LectureScan;
use arbitre_reports::rapports::DOSSIER_REVUE;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::collections::HashMap;
use std::path::Path;

/// Le nom du fichier, dans le dossier des rapports.
pub const NOM: &str = arbitre_reports::rapports::LECTURES_MACHINE;

/// Le format de [`NOM`] ; un autre format n'est pas repris.
const FORMAT: &str = "arbitre-lectures-1";

/// La première ligne : qui a lu.
#[derive(Debug, Serialize, Deserialize)]
struct EnTete {
    format: String,
    /// L'empreinte du lecteur ([`Gardees::charger`]).
    lecteur: String,
    /// L'empreinte des lignes suivantes et du lecteur : une lecture changée à la main (ou un
    /// fichier abîmé) n'est pas reprise. Une lecture se corrige dans le fichier de
    /// corrections, jamais ici.
    controle: String,
}

/// Un fichier de scan et ses lectures (une par page ou par bulletin d'une planche ; un
/// rejet compris). À l'écriture, les lectures sont celles des scans de l'exécution,
/// empruntées ; relues, elles sont à elles.
#[derive(Debug, Serialize, Deserialize)]
pub struct FichierLu<'a> {
    /// Le chemin relatif au dossier des scans.
    pub fichier: String,
    pub coup: Option<u32>,
    /// L'empreinte de son contenu ([`arbitre_engine::fichier::empreinte`]).
    pub empreinte: String,
    pub lectures: Cow<'a, [LectureScan]>,
    /// Les extraits de ses pages que la page de revue a montrés
    /// ([`crate::depouillement::nom_image`] de la page, fichier de `revue/` et empreinte de
    /// ses octets) : repris tels quels, sans décoder le scan, si le fichier est intact.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub extraits: Vec<ExtraitGarde>,
}

/// L'extrait d'une page, écrit dans `revue/` par l'exécution précédente.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ExtraitGarde {
    pub page: String,
    /// `revue/NOM.jpg`.
    pub fichier: String,
    pub empreinte: String,
}

/// Les lectures d'une exécution précédente, par (fichier, coup).
#[derive(Debug, Default)]
pub struct Gardees {
    par_fichier: HashMap<(String, Option<u32>), FichierLu<'static>>,
    /// Pourquoi rien n'a été repris d'un fichier de lectures présent (autre lecteur,
    /// fichier abîmé) : dit dans le bilan.
    pub ecartees: Option<String>,
}

impl Gardees {
    /// Les lectures du fichier `chemin`, si elles sont de ce `lecteur` (une empreinte de
    /// tout ce qui fait une lecture hors du scan : l'exécutable, son modèle embarqué, le
    /// formulaire et le jeu d'instructions du processeur). Aucun fichier : aucune lecture ;
    /// un fichier d'un autre lecteur, changé depuis son écriture ou dont une ligne ne se lit
    /// pas : aucune lecture, et [`Gardees::ecartees`] dit pourquoi.
    pub fn charger(chemin: &Path, lecteur: &str) -> Gardees {
        let Ok(texte) = std::fs::read_to_string(chemin) else { return Gardees::default() };
        match Gardees::lire(&texte, lecteur) {
            Ok(g) => g,
            Err(pourquoi) => Gardees { par_fichier: HashMap::new(), ecartees: Some(format!("{} : {pourquoi} ; tous les scans ont été relus", chemin.display())) },
        }
    }

    fn lire(texte: &str, lecteur: &str) -> Result<Gardees, String> {
        let (premiere, corps) = texte.split_once('\n').unwrap_or((texte, ""));
        let en_tete: EnTete = serde_json::from_str(premiere).map_err(|_| "première ligne illisible")?;
        if en_tete.format != FORMAT {
            return Err(format!("format {} (attendu {FORMAT})", en_tete.format));
        }
        if en_tete.lecteur != lecteur {
            return Err("lu par un autre exécutable, avec un autre formulaire ou sur un autre processeur".into());
        }
        if en_tete.controle != controle(lecteur, corps) {
            return Err("contenu changé depuis son écriture (à la main ? les lectures se corrigent dans le fichier de corrections)".into());
        }
        let mut par_fichier = HashMap::new();
        for (i, l) in corps.lines().enumerate() {
            let f: FichierLu<'static> = serde_json::from_str(l).map_err(|e| format!("ligne {} illisible ({e})", i + 2))?;
            par_fichier.insert((f.fichier.clone(), f.coup), f);
        }
        Ok(Gardees { par_fichier, ecartees: None })
    }

    /// Les lectures du fichier `fichier` au coup `coup`, si son contenu est encore celui
    /// d'`empreinte`.
    pub fn reprendre(&self, fichier: &str, coup: Option<u32>, empreinte: &str) -> Option<Vec<LectureScan>> {
        self.par_fichier.get(&(fichier.to_string(), coup)).filter(|f| f.empreinte == empreinte).map(|f| f.lectures.to_vec())
    }

    /// L'extrait de la page `page` d'un fichier dont la lecture a été reprise, tel que
    /// l'exécution précédente l'a écrit dans `dossier` (le dossier des rapports), s'il y est
    /// encore, intact.
    pub fn extrait(&self, dossier: &Path, fichier: &str, coup: Option<u32>, page: &str) -> Option<Vec<u8>> {
        let x = self.par_fichier.get(&(fichier.to_string(), coup))?.extraits.iter().find(|x| x.page == page)?;
        let nom = x.fichier.strip_prefix(DOSSIER_REVUE).and_then(|n| n.strip_prefix('/')).filter(|n| !n.is_empty() && !n.contains(['/', '\\']) && !n.starts_with('.'))?;
        let octets = std::fs::read(dossier.join(DOSSIER_REVUE).join(nom)).ok()?;
        (arbitre_engine::fichier::empreinte(&octets) == x.empreinte).then_some(octets)
    }
}

/// Le contenu de [`NOM`] : l'en-tête, puis un fichier par ligne, dans l'ordre donné (celui
/// de l'inventaire, par chemin : le même d'une exécution à l'autre).
pub fn ecrire(lecteur: &str, fichiers: &[FichierLu<'_>]) -> String {
    let mut corps = String::new();
    for f in fichiers {
        corps.push_str(&serde_json::to_string(f).expect("lectures sérialisables"));
        corps.push('\n');
    }
    let en_tete = EnTete { format: FORMAT.into(), lecteur: lecteur.into(), controle: controle(lecteur, &corps) };
    serde_json::to_string(&en_tete).expect("en-tête sérialisable") + "\n" + &corps
}

fn controle(lecteur: &str, corps: &str) -> String {
    arbitre_engine::fichier::empreinte(format!("{lecteur}\n{corps}").as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbitre_pipeline::lecture_scan::{Alternative, ChampLu};

    /// Un fichier lu : un numéro de table lu « 12 » à 90 %.
    fn lu(fichier: &str, empreinte: &str) -> FichierLu<'static> {
        let table = ChampLu { valeur: Some("12".into()), alternatives: vec![Alternative { lecture: "12".into(), p: 0.9 }, Alternative { lecture: "17".into(), p: 0.1 }], caracteres: Vec::new() };
        let l = LectureScan { image: fichier.into(), page: None, bulletin: None, coup: Some(3), lecture: None, cases: Vec::new(), table, reference: ChampLu::default(), score: ChampLu::default(), cases_pales: Vec::new(), cadres_pales: Vec::new(), trainees: None, recalage: None, rejet: None };
        FichierLu { fichier: fichier.into(), coup: Some(3), empreinte: empreinte.into(), lectures: vec![l].into(), extraits: Vec::new() }
    }

    #[test]
    fn une_lecture_n_est_reprise_que_du_meme_contenu_au_meme_coup_par_le_meme_lecteur() {
        let texte = ecrire("L1", &[lu("coup-03/a.jpg", "e1"), lu("coup-03/b.jpg", "e2")]);
        let g = Gardees::lire(&texte, "L1").unwrap();
        let reprise = g.reprendre("coup-03/a.jpg", Some(3), "e1").expect("même fichier, même contenu");
        assert_eq!(reprise, lu("coup-03/a.jpg", "e1").lectures.to_vec());
        assert!(g.reprendre("coup-03/a.jpg", Some(3), "e9").is_none(), "contenu changé : relu");
        assert!(g.reprendre("coup-03/a.jpg", Some(4), "e1").is_none(), "autre coup (--coup) : relu");
        assert!(g.reprendre("coup-03/c.jpg", Some(3), "e1").is_none(), "fichier nouveau : lu");
        assert!(Gardees::lire(&texte, "L2").is_err(), "autre lecteur : rien n'est repris");
    }

    #[test]
    fn un_fichier_de_lectures_abime_fait_tout_relire_et_le_dit() {
        let dossier = tempfile::tempdir().unwrap();
        let chemin = dossier.path().join(NOM);
        assert!(Gardees::charger(&chemin, "L1").ecartees.is_none(), "pas de fichier : rien à dire");
        let texte = ecrire("L1", &[lu("coup-03/a.jpg", "e1")]);
        // Tronqué, ou une lecture changée à la main (le numéro de table) : rien n'est repris.
        for (abime, pourquoi) in [(texte[..texte.len() - 20].to_string(), "contenu changé"), (texte.replace("\"lecture\":\"12\",\"p\":0.9", "\"lecture\":\"12\",\"p\":0.99"), "contenu changé"), ("{".into(), "première ligne illisible")] {
            assert_ne!(abime, texte);
            std::fs::write(&chemin, &abime).unwrap();
            let g = Gardees::charger(&chemin, "L1");
            assert!(g.reprendre("coup-03/a.jpg", Some(3), "e1").is_none(), "{abime}");
            assert!(g.ecartees.as_deref().is_some_and(|m| m.contains(pourquoi) && m.contains("relus")), "{:?}", g.ecartees);
        }
        std::fs::write(&chemin, &texte).unwrap();
        assert!(Gardees::charger(&chemin, "L1").reprendre("coup-03/a.jpg", Some(3), "e1").is_some(), "intact : repris");
    }

    #[test]
    fn un_fichier_de_lectures_coupe_n_importe_ou_ne_fait_jamais_paniquer() {
        let texte = ecrire("L1", &[lu("coup-03/a.jpg", "e1"), lu("coup-03/b.jpg", "e2")]);
        for n in 0..texte.len() {
            let g = Gardees::lire(&texte[..n], "L1");
            assert!(g.is_err(), "coupé à {n} octets : rien n'est repris");
        }
    }
}
