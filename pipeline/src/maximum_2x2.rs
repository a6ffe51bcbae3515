//! Le regroupement par maximum 2 × 2 (pas de 2, sans marge) du modèle, calculé ici plutôt
//! que par `tract`.
//!
//! `tract` 0.23 n'a de boucle vectorisée que pour le pas de 1 ; au pas de 2, celui du
//! modèle après chaque convolution, il prend une boucle scalaire qui teste les bords à
//! chaque pixel : près de la moitié du temps du modèle (profil `perf` d'`arbitre lire`).
//! Le maximum de quatre nombres ne dépend pas de l'ordre où on les compare : les sorties
//! sont identiques bit pour bit (test `modele::tests`), seul le temps change.

use multiversion::multiversion;
use tract_onnx::prelude::*;
use tract_onnx::tract_core::internal::*;
use tract_onnx::tract_core::ops::cnn::{MaxPool, PaddingSpec};
use tract_onnx::tract_core::ops::nn::DataFormat;

/// Le maximum de chaque carré 2 × 2 de chaque plan d'un tenseur N × C × H × W (f32).
#[derive(Debug, Clone, Hash, PartialEq, Eq)]
pub struct Maximum2x2;

impl Maximum2x2 {
    /// Vrai si `op` est un regroupement que celui-ci remplace à l'identique : noyau et pas
    /// de 2, sans dilatation ni marge, NCHW, sans sortie d'indices.
    pub fn remplace(op: &MaxPool) -> bool {
        let s = &op.pool_spec;
        let sans_marge = match &s.padding {
            PaddingSpec::Valid => true,
            PaddingSpec::Explicit(a, b) => a.iter().chain(b).all(|&p| p == 0),
            PaddingSpec::ExplicitOnnxPool(a, b, plafond) => !plafond && a.iter().chain(b).all(|&p| p == 0),
            _ => false,
        };
        op.with_index_outputs.is_none()
            && s.data_format == DataFormat::NCHW
            && s.kernel_shape[..] == [2, 2]
            && s.strides()[..] == [2, 2]
            && s.dilations()[..] == [1, 1]
            && sans_marge
    }
}

impl Op for Maximum2x2 {
    fn name(&self) -> StaticName {
        "Maximum2x2".into()
    }

    op_as_typed_op!();
}

impl EvalOp for Maximum2x2 {
    op_out_of_plan!();

    fn eval(&self, _ctx: &EvalContext, inputs: TVec<TValue>) -> TractResult<TVec<TValue>> {
        let entree = args_1!(inputs);
        let forme = entree.shape();
        ensure!(forme.len() == 4, "Maximum2x2 attend N × C × H × W, pas {forme:?}");
        let (h, w) = (forme[2], forme[3]);
        let vue = entree.to_plain_array_view::<f32>()?;
        // Une vue non contiguë (cela n'arrive pas dans ce modèle) est d'abord recopiée.
        let contigue = vue.as_standard_layout();
        let x = contigue.as_slice().context("tenseur contigu")?;
        let mut sortie = vec![0f32; forme[0] * forme[1] * (h / 2) * (w / 2)];
        if h >= 2 && w >= 2 {
            maximum_par_plan(x, &mut sortie, h, w);
        }
        let t = tract_ndarray::Array4::from_shape_vec((forme[0], forme[1], h / 2, w / 2), sortie)?.into_tensor();
        Ok(tvec!(t.into_tvalue()))
    }
}

impl TypedOp for Maximum2x2 {
    fn output_facts(&self, inputs: &[&TypedFact]) -> TractResult<TVec<TypedFact>> {
        let f = inputs[0];
        ensure!(f.rank() == 4 && f.datum_type == f32::datum_type(), "Maximum2x2 attend un tenseur f32 N × C × H × W");
        let s = &f.shape;
        let moitie = |d: &TDim| -> TractResult<TDim> { Ok((d.to_usize()? / 2).to_dim()) };
        Ok(tvec!(f32::fact([s[0].clone(), s[1].clone(), moitie(&s[2])?, moitie(&s[3])?])))
    }

    as_op!();
}

/// Le calcul lui-même, plan par plan : `x` est N·C plans H × W contigus, `sortie` N·C
/// plans (H/2) × (W/2). Une rangée ou une colonne impaire en trop est ignorée (pas de
/// plafond, comme l'ONNX `ceil_mode = 0`).
#[multiversion(targets("x86_64+avx+avx2+fma+bmi1+bmi2+lzcnt+popcnt"))]
fn maximum_par_plan(x: &[f32], sortie: &mut [f32], h: usize, w: usize) {
    let (oh, ow) = (h / 2, w / 2);
    for (plan, dehors) in x.chunks_exact(h * w).zip(sortie.chunks_exact_mut(oh * ow)) {
        for (oy, rangee) in dehors.chunks_exact_mut(ow).enumerate() {
            let haut = &plan[2 * oy * w..][..2 * ow];
            let bas = &plan[(2 * oy + 1) * w..][..2 * ow];
            for ((o, a), b) in rangee.iter_mut().zip(haut.chunks_exact(2)).zip(bas.chunks_exact(2)) {
                *o = a[0].max(a[1]).max(b[0].max(b[1]));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chaque_sortie_est_le_maximum_de_son_carre() {
        // 2 plans 5 × 4 : la cinquième rangée est ignorée.
        let x: Vec<f32> = (0..40).map(|i| ((i * 37) % 23) as f32 - 11.0).collect();
        let mut s = vec![0.0; 2 * 2 * 2];
        maximum_par_plan(&x, &mut s, 5, 4);
        for p in 0..2 {
            for oy in 0..2 {
                for ox in 0..2 {
                    let v = |y: usize, x_: usize| x[p * 20 + y * 4 + x_];
                    let attendu = [v(2 * oy, 2 * ox), v(2 * oy, 2 * ox + 1), v(2 * oy + 1, 2 * ox), v(2 * oy + 1, 2 * ox + 1)].into_iter().fold(f32::MIN, f32::max);
                    assert_eq!(s[p * 4 + oy * 2 + ox], attendu);
                }
            }
        }
    }
}
