//! Les mots écrits que la correction néglige comme injouables (règlement 5.2.1) : ce qu'en
//! dit le moteur pour qu'une lecture de machine mal coupée ne paie pas une seule solution
//! quand le joueur en a écrit deux (guide 5.6).

use arbitre_engine::arbitrage::{corriger, ecritures_injouables, ContexteCoup, Edition, Motif, Verdict};
use arbitre_engine::lecture::lire_bulletin;
use arbitre_engine::{Formule, Lexique, LexiquePartie, Partie};
use std::path::Path;

/// Corrige un bulletin du coup 4 de `2_ai` : la décision et les mots négligés comme injouables.
fn coup_4_de_2_ai(rangees: &str) -> (Verdict, u32, Vec<Motif>, Vec<String>) {
    let chemin = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/validation/eliot-games/2_ai.partie");
    let p = Partie::lire(&chemin, Formule::STANDARD).expect("partie");
    let lexique = Lexique::defaut();
    let lp = LexiquePartie::new(&p, &lexique);
    let ctx = ContexteCoup::new(&p, 4, &lp).unwrap();
    let l = lire_bulletin("test", &format!("bulletin table=14 coup=4\nscore: 49\n{rangees}")).expect("bulletin");
    let d = corriger(&ctx, &l, Edition::E2020);
    (d.verdict, d.score, d.motifs, ecritures_injouables(&ctx, &l, Edition::E2020))
}

#[test]
fn deux_solutions_dans_un_dessin_dont_l_une_est_mal_coupee() {
    // Manche générée `2_ai` graine 1131, table 14 : JASERAN en colonne avec ses raccords I
    // et X, JALES en rangée sous ses raccords E et F. Bien lus : deux dessins, deux
    // solutions, le minimum payé (règlement 5.4.2.b), averti pour le score.
    let vrai = "|.J\n|.A\n|.S\n|.E\n|.R\n|.A...EE\n|IN....F\n|X.JALES\n";
    let (verdict, score, motifs, injouables) = coup_4_de_2_ai(vrai);
    assert_eq!((verdict, score), (Verdict::Avertissement, 30));
    assert!(motifs.contains(&Motif::PlusieursSolutions), "{motifs:?}");
    assert!(injouables.is_empty(), "{injouables:?}");
    // Lu par la machine : le N débordant coupé en A et I, ce I touche le J de JALES. Un
    // seul dessin, JASERAA ne se joue pas et se néglige : JALES seul est payé. Le moteur
    // le dit, pour qu'une personne regarde.
    let lu = "|.J\n|.A\n|.S\n|.E\n|.R\n|.A...EE\n|IAI...F\n|X.JALES\n";
    let (verdict, score, _, injouables) = coup_4_de_2_ai(lu);
    assert_eq!((verdict, score), (Verdict::Valide, 49));
    // (La rangée IAI, ni admise ni jouable, l'est aussi.)
    assert_eq!(injouables, vec!["IAI".to_string(), "JASERAA".to_string()]);
}

#[test]
fn les_lettres_de_raccord_d_une_solution_ne_sont_pas_des_mots_negliges() {
    // JALES seul, dessiné avec ses lettres de raccord : rien de négligé.
    let (verdict, score, _, injouables) = coup_4_de_2_ai("|...EE\n|....F\n|JALES\n");
    assert_eq!((verdict, score), (Verdict::Valide, 49));
    assert!(injouables.is_empty(), "{injouables:?}");
}
