//! Le suivi d'une manche qui avance (les barres de progression de la ligne de commande) :
//! la bibliothèque annonce ses étapes, l'interface les montre comme elle veut.

/// Ce que la correction d'une manche annonce en avançant. Appelé depuis plusieurs fils.
pub trait Suivi: Sync {
    /// Une étape commence (`lecture`, `coups`, `bulletins`, `extraits`…) avec `total` pas.
    fn etape(&self, _nom: &'static str, _total: usize) {}
    /// `n` pas de plus.
    fn avance(&self, _n: usize) {}
    /// L'étape est finie.
    fn fin(&self) {}
}

/// Aucun suivi.
pub struct Silence;

impl Suivi for Silence {}
