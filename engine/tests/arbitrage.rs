//! La correction sur des parties réelles : propriétés (proptest) et modèle de
//! plausibilité : un seul binaire de test, lié une fois.

mod ecriture;

mod arbitrage {
    mod injouables;
    mod plausibilite;
    mod proprietes;
}
