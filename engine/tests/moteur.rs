//! Le moteur hors correction : génération des solutions, score, requêtes des arbitres,
//! parties et fichiers de lexique : un seul binaire de test, lié une fois.

mod commun;

mod moteur {
    mod generation;
    mod lexique_fichiers;
    mod partie;
    mod requetes;
    mod score;
}
