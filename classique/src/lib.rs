//! Formule classique (tournois en face-à-face) : appariements et classements.
//! Voir `../shared/reference/formule-classique.txt`.
