//! Les cas du guide pratique d'arbitrage 2020 (sections 4 et 5) et l'ordre de traitement
//! du règlement 5.4, un module par section : un seul binaire de test, lié une fois.

mod commun;

mod guide {
    mod guide_4_traitement;
    mod guide_5_1_localisation;
    mod guide_5_2_premier_coup;
    mod guide_5_3_jokers;
    mod guide_5_4_prolongement;
    mod guide_5_5_localisation_erronee;
    mod guide_5_6_plusieurs_solutions;
    mod guide_5_7_cas_particuliers;
    mod guide_5_8_graphie;
    mod guide_reglement_5_4;
}
