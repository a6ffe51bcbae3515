//! Le temps du modèle par vignette, selon la taille du lot, sur un fil : le modèle tel
//! que le lecteur l'exécute (regroupements par maximum remplacés, lots de 8 au plus) et
//! le même fichier exécuté par `tract` seul, d'un seul lot.
//!
//!     cargo run --release -p arbitre-pipeline --example banc_modele
//!
//! Les vignettes sont tirées au hasard (encre éparse) : seul le temps compte ici.

use arbitre_pipeline::modele::{Modele, LECTEUR_ONNX};
use arbitre_pipeline::vignette::{Vignette, COTE};
use std::time::Instant;
use tract_onnx::prelude::*;

fn main() -> TractResult<()> {
    let vignettes = Vignette::eparses(32, 1);
    let modele = Modele::livre()?;
    let mut brut = tract_onnx::onnx().model_for_read(&mut std::io::Cursor::new(LECTEUR_ONNX))?;
    let n = brut.symbols.sym("n");
    brut.set_input_fact(0, f32::fact([n.to_dim(), 1.to_dim(), COTE.to_dim(), COTE.to_dim()]).into())?;
    let tract_seul = brut.into_optimized()?.into_runnable()?;
    println!("lot\tlecteur (µs/vignette)\ttract seul (µs/vignette)");
    for lot in [1usize, 2, 4, 8, 12, 16, 32] {
        let refs: Vec<&Vignette> = vignettes[..lot].iter().collect();
        let donnees: Vec<f32> = refs.iter().flat_map(|v| v.0.iter().copied()).collect();
        let entree: Tensor = tract_ndarray::Array4::from_shape_vec((lot, 1, COTE, COTE), donnees)?.into_tensor();
        let tours = 4000 / lot;
        let t = Instant::now();
        for _ in 0..tours {
            modele.lire(&refs)?;
        }
        let lecteur = t.elapsed().as_secs_f64() * 1e6 / (tours * lot) as f64;
        let t = Instant::now();
        for _ in 0..tours {
            tract_seul.run(tvec!(entree.clone().into()))?;
        }
        let seul = t.elapsed().as_secs_f64() * 1e6 / (tours * lot) as f64;
        println!("{lot}\t{lecteur:.0}\t{seul:.0}");
    }
    Ok(())
}
