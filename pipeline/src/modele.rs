//! Le modèle de reconnaissance (`models/lecteur.onnx`, entraîné par `models/entrainer.py`),
//! exécuté par `tract` : chargé et optimisé une fois, puis appliqué par lots de vignettes.
//!
//! Ses cinq sorties sont des logits déjà calibrés (divisés par la température de chaque
//! tête, mesurée sur la validation) : le softmax donne des probabilités qui disent ce
//! qu'elles valent. Une probabilité ne dit que le doute de la machine sur l'encre ; rien
//! ne la tire vers un mot du dictionnaire, une solution du coup ou le top.

use crate::maximum_2x2::Maximum2x2;
use crate::vignette::{Vignette, COTE};
use tract_onnx::prelude::*;
use tract_onnx::tract_core::ops::cnn::MaxPool;
use tract_onnx::tract_hir::internal::Factoid;

/// Le modèle livré, embarqué dans l'exécutable (rien n'est téléchargé).
pub const LECTEUR_ONNX: &[u8] = include_bytes!("../../models/lecteur.onnx");

/// Les classes de chaque tête, dans l'ordre des sorties du modèle (`models/donnees.py`).
pub const LETTRES: [&str; 29] = [
    "A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M", "N", "O", "P", "Q", "R", "S", "T", "U", "V", "W", "X", "Y", "Z", "#", "rature", "vide",
];
pub const CHIFFRES: [&str; 12] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "rature", "vide"];
pub const REFERENCES: [&str; 27] = [
    "A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M", "N", "O", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "rature", "vide",
];

/// Les probabilités calibrées d'une vignette, pour chaque tête.
#[derive(Debug, Clone, PartialEq)]
pub struct Probabilites {
    /// Sur [`LETTRES`].
    pub lettre: Vec<f32>,
    /// La case est entourée (joker revendiqué).
    pub entouree: f32,
    /// La case est barrée.
    pub barree: f32,
    /// Sur [`CHIFFRES`].
    pub chiffre: Vec<f32>,
    /// Sur [`REFERENCES`].
    pub reference: Vec<f32>,
}

#[derive(Debug, thiserror::Error)]
#[error("modèle de lecture inutilisable : {0}")]
pub struct ErreurModele(String);

type Plan = TypedRunnableModel;

/// Le plus grand lot donné d'un coup au modèle. Au-delà de 8 vignettes, les matrices
/// intermédiaires des convolutions ne tiennent plus dans le cache : mesuré sur un fil, une
/// vignette coûtait 160 µs par lots de 4 à 8 et 260 µs par lots de 12 à 32 donnés d'un coup
/// (l'exemple `banc_modele` montre le même saut pour `tract` seul). Chaque vignette est
/// calculée seule : la taille du lot ne change pas ses sorties.
const LOT: usize = 8;

/// Le modèle prêt à servir (partageable entre fils : chaque appel a son propre état).
pub struct Modele {
    plan: std::sync::Arc<Plan>,
}

impl Modele {
    /// Le modèle livré.
    pub fn livre() -> Result<Modele, ErreurModele> {
        Modele::depuis_octets(LECTEUR_ONNX)
    }

    pub fn depuis_octets(octets: &[u8]) -> Result<Modele, ErreurModele> {
        Modele::construire(octets, true)
    }

    /// Avec `remplacer`, les regroupements par maximum calculés par [`Maximum2x2`] ; sans,
    /// tels que `tract` les calcule (pour vérifier qu'ils donnent la même chose).
    fn construire(octets: &[u8], remplacer: bool) -> Result<Modele, ErreurModele> {
        let e = |x: TractError| ErreurModele(x.to_string());
        let mut m = tract_onnx::onnx().model_for_read(&mut std::io::Cursor::new(octets)).map_err(e)?;
        // Un modèle qui attend autre chose qu'un plan par vignette (une autre expérience)
        // n'est pas celui que ce lecteur sait nourrir : le dire plutôt qu'une erreur de forme.
        let plans = m.input_fact(0).map_err(e)?.shape.dims().nth(1).and_then(|d| d.concretize()).and_then(|d| d.to_i64().ok());
        if let Some(p) = plans.filter(|&p| p != 1) {
            return Err(ErreurModele(format!("le modèle attend {p} plans par vignette ; ce lecteur n'en donne qu'un (32 × 32)")));
        }
        let n = m.symbols.sym("n");
        m.set_input_fact(0, f32::fact([n.to_dim(), 1.to_dim(), (COTE as i64).to_dim(), (COTE as i64).to_dim()]).into()).map_err(e)?;
        let mut typed = m.into_typed().map_err(e)?.into_decluttered().map_err(e)?;
        if remplacer {
            remplacer_les_maximums(&mut typed).map_err(e)?;
        }
        let plan = typed.into_optimized().map_err(e)?.into_runnable().map_err(e)?;
        Ok(Modele { plan })
    }

    /// Le jeu d'instructions du processeur sur lequel `tract` choisit ses noyaux de calcul
    /// (AVX2, FMA, AVX-512… ; `TRACT_CPU_ISA` compris) : le dernier chiffre d'une
    /// probabilité peut en dépendre, d'un processeur à l'autre, pour le même exécutable.
    pub fn jeu_d_instructions() -> String {
        format!("{:?}", tract_onnx::tract_core::tract_linalg::isa::native())
    }

    /// Les probabilités de chaque vignette, par lots de [`LOT`].
    pub fn lire(&self, vignettes: &[&Vignette]) -> Result<Vec<Probabilites>, ErreurModele> {
        let mut toutes = Vec::with_capacity(vignettes.len());
        for lot in vignettes.chunks(LOT) {
            toutes.extend(self.lire_un_lot(lot)?);
        }
        Ok(toutes)
    }

    fn lire_un_lot(&self, vignettes: &[&Vignette]) -> Result<Vec<Probabilites>, ErreurModele> {
        let e = |x: TractError| ErreurModele(x.to_string());
        let mut donnees = Vec::with_capacity(vignettes.len() * COTE * COTE);
        for v in vignettes {
            donnees.extend_from_slice(&v.0);
        }
        let entree = tract_ndarray::Array4::from_shape_vec((vignettes.len(), 1, COTE, COTE), donnees).map_err(|x| ErreurModele(x.to_string()))?;
        let sorties = self.plan.run(tvec!(entree.into_tensor().into())).map_err(e)?;
        let vue = |k: usize| sorties[k].to_plain_array_view::<f32>().map_err(e);
        let (lettre, entouree, barree, chiffre, reference) = (vue(0)?, vue(1)?, vue(2)?, vue(3)?, vue(4)?);
        Ok((0..vignettes.len())
            .map(|i| Probabilites {
                lettre: softmax(lettre.index_axis(tract_ndarray::Axis(0), i).iter().copied()),
                entouree: sigmoide(entouree[[i]]),
                barree: sigmoide(barree[[i]]),
                chiffre: softmax(chiffre.index_axis(tract_ndarray::Axis(0), i).iter().copied()),
                reference: softmax(reference.index_axis(tract_ndarray::Axis(0), i).iter().copied()),
            })
            .collect())
    }
}

/// Chaque regroupement par maximum 2 × 2 au pas de 2 devient un [`Maximum2x2`] (mêmes
/// sorties, bit pour bit ; voir son module).
fn remplacer_les_maximums(typed: &mut TypedModel) -> TractResult<()> {
    let a_remplacer: Vec<usize> = typed.nodes().iter().filter(|n| n.op_as::<MaxPool>().is_some_and(Maximum2x2::remplace)).map(|n| n.id).collect();
    for id in a_remplacer {
        let noeud = typed.node(id);
        TypedModelPatch::replace_single_op(typed, noeud, &noeud.inputs, Maximum2x2)?.apply(typed)?;
    }
    Ok(())
}

fn sigmoide(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

fn softmax(z: impl Iterator<Item = f32> + Clone) -> Vec<f32> {
    let m = z.clone().fold(f32::MIN, f32::max);
    let e: Vec<f32> = z.map(|x| (x - m).exp()).collect();
    let s: f32 = e.iter().sum();
    e.into_iter().map(|x| x / s).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn le_maximum_remplace_et_les_lots_de_8_lisent_comme_tract_seul_en_un_lot() {
        let v = Vignette::eparses(21, 7);
        let refs: Vec<&Vignette> = v.iter().collect();
        let livre = Modele::livre().unwrap();
        let tract_seul = Modele::construire(LECTEUR_ONNX, false).unwrap();
        assert_eq!(livre.lire(&refs).unwrap(), tract_seul.lire_un_lot(&refs).unwrap());
        assert!(!livre.plan.model().nodes().iter().any(|n| n.op_as::<MaxPool>().is_some()), "plus aucun regroupement de tract");
        assert!(livre.plan.model().nodes().iter().any(|n| n.op_is::<Maximum2x2>()));
    }
}
