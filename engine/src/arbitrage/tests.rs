//! Mécanique de la correction sur de petites situations construites à la main : comptage
//! des lettres de raccord et parasites, inversions, deux modes, prolongements abrégés,
//! encerclements, cases barrées et lectures ambiguës.

use super::constats::localisation::{combiner, etat_alphanumerique, Etat};
use super::ecrit::Feuille;
use super::*;
use crate::grille::Grille;
use crate::lexique::Lexique;
use crate::regles::Formule;
use crate::tuiles::Tirage;
use crate::lecture::lire_bulletin;
use crate::reference::{Direction, Reference};
use crate::tuiles::mot_depuis_texte;

#[path = "../../tests/commun/grilles.rs"]
mod grilles;
use grilles::grille_mots as grille;

/// MAISON en H4 ; OSE se joue en 7G (G7 O, H7 S de MAISON, I7 E).
struct Cas {
    grille: Grille,
    tirage: Tirage,
    lexique: Lexique,
}

impl Cas {
    fn new(poses: &[(&str, &str)], tirage: &str, mots: &[&str]) -> Cas {
        Cas { grille: grille(poses), tirage: tirage.parse().unwrap(), lexique: Lexique::depuis_mots("test", mots) }
    }

    fn maison() -> Cas {
        Cas::new(&[("H4", "MAISON")], "BEOLRSU", &["MAISON", "MAISONS", "OSE", "ROSE", "BOT", "TOUR"])
    }

    fn corriger(&self, texte: &str, edition: Edition) -> Decision {
        let ctx = ContexteCoup::depuis_situation(self.grille.clone(), self.tirage, 5, Formule::STANDARD, &self.lexique).unwrap();
        let l = lire_bulletin("test", &format!("bulletin table=1 coup=5\n{texte}")).unwrap();
        corriger(&ctx, &l, edition)
    }

    fn score(&self, mot: &str, r: &str) -> u32 {
        crate::evaluation::evaluer(&self.grille, &Formule::STANDARD, &mot_depuis_texte(mot).unwrap(), r.parse().unwrap()).unwrap().score
    }
}

#[test]
fn trois_lettres_de_raccord_dont_celle_du_mot() {
    let c = Cas::maison();
    let s = c.score("OSE", "7G");
    // S (dans le mot) + I et O de MAISON de part et d'autre.
    let d = c.corriger(&format!("score: {s}\n|.O.\n|ISO\n|.E.\n"), Edition::E2020);
    assert_eq!((d.verdict, d.score), (Verdict::Valide, s), "{d:?}");
    assert_eq!(d.solution.unwrap().reference, "7G");
}

#[test]
fn deux_lettres_de_raccord_avertissement() {
    let c = Cas::maison();
    let s = c.score("OSE", "7G");
    let d = c.corriger(&format!("score: {s}\n|.O\n|IS\n|.E\n"), Edition::E2020);
    assert_eq!((d.verdict, d.score, d.motifs), (Verdict::Avertissement, s, vec![Motif::LettresRaccord]));
}

#[test]
fn la_chaine_passe_par_les_lettres_de_raccord_et_s_arrete_aux_parasites() {
    let c = Cas::maison();
    let s = c.score("OSE", "7G");
    // A touche I qui touche S : chaîne de trois lettres de raccord (A, I, S).
    let d = c.corriger(&format!("score: {s}\n|..O\n|AIS\n|..E\n"), Edition::E2020);
    assert_eq!(d.verdict, Verdict::Valide, "{d:?}");
    // X parasite entre A et S : la chaîne est rompue, A ne compte plus ; seul S reste →
    // localisation incorrecte, score existant dans ce sens → pénalité (règlement 5.3.3).
    let d = c.corriger(&format!("score: {s}\n|..O\n|AXS\n|..E\n"), Edition::E2020);
    assert_eq!((d.verdict, d.score), (Verdict::Penalite, s - 5), "{d:?}");
}

#[test]
fn une_lettre_mal_recopiee_est_parasite() {
    let c = Cas::maison();
    let s = c.score("OSE", "7G");
    // U au lieu de I à gauche du S, O à droite juste : S + O = 2 → avertissement.
    let d = c.corriger(&format!("score: {s}\n|.O.\n|USO\n|.E.\n"), Edition::E2020);
    assert_eq!((d.verdict, d.motifs.clone()), (Verdict::Avertissement, vec![Motif::LettresRaccord]), "{d:?}");
}

#[test]
fn inversions_de_reference_et_de_sens() {
    let place: Reference = "7G".parse().unwrap();
    let v = Direction::Vertical;
    let h = Direction::Horizontal;
    assert_eq!(etat_alphanumerique(Some("7G"), v, place), Etat::Correct);
    assert_eq!(etat_alphanumerique(Some("7 g"), v, place), Etat::Correct);
    // Référence inversée (G7), mot écrit dans le bon sens.
    assert_eq!(etat_alphanumerique(Some("G7"), v, place), Etat::Averti(Motif::Inversion));
    // Référence juste, mot écrit à l'horizontale.
    assert_eq!(etat_alphanumerique(Some("7G"), h, place), Etat::Averti(Motif::Inversion));
    // Les deux inversés : pas correct.
    assert_eq!(
        etat_alphanumerique(Some("G7"), h, place),
        Etat::Faux(Some(Motif::ReferenceEtSensInverses { reference: "G7".into() }))
    );
    assert_eq!(etat_alphanumerique(Some("8G"), v, place), Etat::Faux(None));
    assert_eq!(etat_alphanumerique(Some("7"), v, place), Etat::Faux(None));
    assert_eq!(etat_alphanumerique(None, v, place), Etat::Absent);
}

#[test]
fn deux_modes_un_avertissement_au_plus_la_moins_severe() {
    let av = |m: Motif| Etat::Averti(m);
    assert_eq!(combiner(Etat::Correct, Etat::Correct), Etat::Correct);
    assert_eq!(combiner(Etat::Correct, Etat::Faux(None)), av(Motif::DeuxModes));
    assert_eq!(combiner(Etat::Faux(None), Etat::Correct), av(Motif::DeuxModes));
    assert_eq!(combiner(av(Motif::LettresRaccord), Etat::Correct), av(Motif::LettresRaccord));
    assert_eq!(combiner(av(Motif::LettresRaccord), Etat::Faux(None)), av(Motif::LettresRaccord));
    assert_eq!(combiner(Etat::Faux(None), av(Motif::Inversion)), av(Motif::Inversion));
    assert_eq!(combiner(Etat::Faux(None), Etat::Faux(None)), Etat::Faux(None));
    assert_eq!(combiner(Etat::Absent, Etat::Correct), Etat::Correct);
    assert_eq!(combiner(Etat::Faux(None), Etat::Absent), Etat::Faux(None));
}

#[test]
fn reference_et_sens_inverses_zero_sur_le_bulletin() {
    let c = Cas::maison();
    let s = c.score("OSE", "7G");
    // OSE écrit à l'horizontale avec G7 : double inversion, et OSE ne vaut ce score
    // nulle part à l'horizontale.
    let d = c.corriger(&format!("ref: G7\nscore: {s}\n|OSE\n"), Edition::E2020);
    assert_eq!((d.verdict, d.score), (Verdict::Zero, 0), "{d:?}");
    assert!(matches!(d.motifs[..], [Motif::ReferenceEtSensInverses { .. }]), "{d:?}");
    // Référence seule inversée : avertissement.
    let d = c.corriger(&format!("ref: G7\nscore: {s}\n|O\n|S\n|E\n"), Edition::E2020);
    assert_eq!((d.verdict, d.score, d.motifs), (Verdict::Avertissement, s, vec![Motif::Inversion]));
}

#[test]
fn prolongement_reconnu_sur_la_grille() {
    let g = grille(&[("H4", "MAISON")]);
    assert_eq!(g.prolongement("H4".parse().unwrap(), 7), Some((6, 0, 1)), "MAISONS");
    assert_eq!(g.prolongement("H3".parse().unwrap(), 8), Some((6, 1, 1)));
    assert_eq!(g.prolongement("7G".parse().unwrap(), 3), None, "OSE croise MAISON");
}

#[test]
fn prolongement_de_moins_de_sept_lettres_abrege() {
    let c = Cas::maison();
    let s = c.score("MAISONS", "H4");
    // Écrit en entier : valide, référence ignorée (même fausse).
    let d = c.corriger(&format!("ref: B2\nscore: {s}\n|MAISONS\n"), Edition::E2020);
    assert_eq!((d.verdict, d.score), (Verdict::Valide, s), "{d:?}");
    // Abrégé avec deux lettres du mot prolongé contre le S : avertissement.
    let d = c.corriger(&format!("score: {s}\n|ONS\n"), Edition::E2020);
    assert_eq!((d.verdict, d.score, d.motifs), (Verdict::Avertissement, s, vec![Motif::LettresRaccord]));
    // Une seule lettre : mot non écrit en entier, zéro.
    let d = c.corriger(&format!("score: {s}\n|NS\n"), Edition::E2020);
    assert_eq!((d.verdict, d.motifs.clone()), (Verdict::Zero, vec![Motif::MotIncomplet]), "{d:?}");
}

#[test]
fn prolongement_de_sept_lettres_et_plus_six_lettres_suffisent() {
    let c = Cas::new(&[("H3", "ENTOILE")], "RABCDUV", &["ENTOILE", "ENTOILER"]);
    let s = c.score("ENTOILER", "H3");
    let d = c.corriger(&format!("score: {s}\n|NTOILER\n"), Edition::E2020);
    assert_eq!((d.verdict, d.score), (Verdict::Valide, s), "six lettres du mot prolongé : {d:?}");
    let d = c.corriger(&format!("score: {s}\n|TOILER\n"), Edition::E2020);
    assert_eq!((d.verdict, d.motifs.clone()), (Verdict::Avertissement, vec![Motif::LettresRaccord]), "cinq : {d:?}");
    // Recopie fautive au milieu : parasite qui coupe la chaîne (guide 5.4, bulletin 4.6).
    let d = c.corriger(&format!("score: {s}\n|NTUILER\n"), Edition::E2020);
    assert_eq!((d.verdict, d.motifs.clone()), (Verdict::Avertissement, vec![Motif::LettresRaccord]), "{d:?}");
}

/// ROSE en 7F avec un joker : tirage sans second O… ici un joker pour le R.
#[test]
fn encerclement_et_score() {
    let c = Cas::new(&[("H4", "MAISON")], "BEOLTU?", &["MAISON", "ROSE", "OSE", "BOT"]);
    let ctx = ContexteCoup::depuis_situation(c.grille.clone(), c.tirage, 5, Formule::STANDARD, &c.lexique).unwrap();
    let avec_joker = ctx.solutions.iter().find(|s| s.mot_texte() == "rOSE" && s.reference.to_string() == "7F").unwrap().score;
    // Le R entouré et le score juste : valide.
    let d = c.corriger(&format!("ref: 7F\nscore: {avec_joker}\n|r\n|O\n|S\n|E\n"), Edition::E2020);
    assert_eq!((d.verdict, d.score), (Verdict::Valide, avec_joker), "{d:?}");
    // Non entouré (le R n'est pas au tirage) : avertissement joker, score payé.
    let d = c.corriger(&format!("ref: 7F\nscore: {avec_joker}\n|R\n|O\n|S\n|E\n"), Edition::E2020);
    assert_eq!((d.verdict, d.score, d.motifs), (Verdict::Avertissement, avec_joker, vec![Motif::Joker { lettre: 'R' }]));
    // Encerclement impossible (O au lieu de R) et score absent : le minimum des
    // encerclements possibles, avertissement ; le billet nomme la lettre entourée par
    // erreur, O (guide, billet (9)).
    let d = c.corriger("ref: 7F\n|R\n|o\n|S\n|E\n", Edition::E2020);
    assert_eq!((d.verdict, d.score), (Verdict::Avertissement, avec_joker), "{d:?}");
    assert!(d.motifs.contains(&Motif::Score) && d.motifs.contains(&Motif::Joker { lettre: 'O' }), "{d:?}");
}

#[test]
fn cases_barrees_et_blocs() {
    let l = lire_bulletin("t", "bulletin table=1 coup=2\n|AB.~C\n|..~DE\n|F....\n").unwrap();
    let f = Feuille::depuis(&l, &[]);
    let suites = f.suites();
    // AB (horizontal) ; E seul ; C et D barrés n'existent pas ; F seul.
    assert_eq!(suites.len(), 1, "{suites:?}");
    assert_eq!(suites[0].lettres, vec![1, 2]);
    let blocs = f.blocs();
    assert_ne!(blocs[0], blocs[2 * f.largeur], "F ne touche pas AB");
}

#[test]
fn graphie_ambigue_minimum_ou_illisible() {
    let c = Cas::maison();
    let s = c.score("OSE", "7G");
    // {OU} : OSE valide, USE non admis → illisible, zéro.
    let d = c.corriger(&format!("score: {s}\n|.{{OU}}.\n|ISO\n|.E.\n"), Edition::E2020);
    assert_eq!(d.verdict, Verdict::Zero, "{d:?}");
    assert!(d.motifs.contains(&Motif::Illisible), "{d:?}");
    // Une marque illisible dans le mot joué : zéro.
    let d = c.corriger(&format!("score: {s}\n|.#.\n|ISO\n|.E.\n"), Edition::E2020);
    assert_eq!((d.verdict, d.motifs.clone()), (Verdict::Zero, vec![Motif::Illisible]), "{d:?}");
}

#[test]
fn penalite_sur_quatre_points_ou_moins_selon_l_edition() {
    // ON en 8H (O de MAISON, N posé) vaut 2 points ; écrit sans localisation.
    let c = Cas::new(&[("H4", "MAISON")], "BENLRTU", &["MAISON", "ON", "NU"]);
    let s = c.score("ON", "8H");
    assert_eq!(s, 2);
    let d = c.corriger("score: 2\n|O\n|N\n", Edition::E2023);
    assert_eq!((d.verdict, d.score), (Verdict::Zero, 0), "{d:?}");
    let d = c.corriger("score: 2\n|O\n|N\n", Edition::E2020);
    assert_eq!((d.verdict, d.score, d.motifs), (Verdict::Penalite, 0, vec![Motif::LocalisationPenalite]));
}

#[test]
fn decision_en_json() {
    let c = Cas::maison();
    let s = c.score("OSE", "7G");
    let d = c.corriger(&format!("score: {s}\n|.O\n|IS\n|.E\n"), Edition::E2020);
    let j = serde_json::to_value(&d).unwrap();
    assert_eq!(j["verdict"], "avertissement");
    assert_eq!(j["motifs"][0], "lettres_raccord");
    assert_eq!(j["solution"]["ref"], "7G");
    let m = serde_json::to_value(Motif::Joker { lettre: 'M' }).unwrap();
    assert_eq!(m, serde_json::json!({"joker": {"lettre": "M"}}));
}

#[test]
fn sanctions_notees_par_l_arbitre_billet_22_23_10_28() {
    let c = Cas::maison();
    let ose = c.score("OSE", "7G");
    let juste = format!("ref: 7G\nscore: {ose}\n|O\n|S\n|E\n");
    // Sans sanction notée : valide.
    assert_eq!(c.corriger(&juste, Edition::E2020).verdict, Verdict::Valide);
    // (22) bulletin échangé, (23) temps dépassé, (28) autre zéro : zéro, motif noté.
    for (ligne, motif) in [
        ("sanction: échange", Motif::BulletinEchange),
        ("sanction: temps dépassé", Motif::TempsDepasse),
        ("sanction: zéro collusion", Motif::AutreZero { texte: "collusion".into() }),
    ] {
        let d = c.corriger(&format!("{juste}{ligne}\n"), Edition::E2020);
        assert_eq!((d.verdict, d.score, d.motifs.clone()), (Verdict::Zero, 0, vec![motif]), "{ligne}");
        assert_eq!(d.avertissements(), 0);
    }
    // (10) avertissement disciplinaire sur un bulletin valide : avertissement, score payé.
    let d = c.corriger(&format!("{juste}sanction: avertissement bavardage\n"), Edition::E2020);
    assert_eq!((d.verdict, d.score), (Verdict::Avertissement, ose));
    assert_eq!(d.avertissements(), 1);
    // règlement 5.8 : il s'ajoute à l'avertissement du bulletin (deux lettres de raccord), qui
    // compte donc deux.
    let d = c.corriger(&format!("score: {ose}\n|.O\n|IS\n|.E\nsanction: avertissement bavardage\n"), Edition::E2020);
    assert_eq!(d.verdict, Verdict::Avertissement);
    assert_eq!(d.motifs, vec![Motif::LettresRaccord, Motif::AutreAvertissement { texte: "bavardage".into() }]);
    assert_eq!(d.avertissements(), 2);
    // Un zéro noté remplace l'avertissement du bulletin (règlement 5.8) mais garde l'avertissement
    // disciplinaire, qui compte encore.
    let d = c.corriger("ref: 7G\nscore: 99\n|O\n|S\n|E\nsanction: avertissement bavardage\nsanction: temps\n", Edition::E2020);
    assert_eq!(d.verdict, Verdict::Zero);
    assert_eq!(d.motifs, vec![Motif::AutreAvertissement { texte: "bavardage".into() }, Motif::TempsDepasse]);
    assert_eq!(d.avertissements(), 1);
}

#[test]
fn les_places_examinees_comprennent_la_solution_retenue_et_celles_des_autres_mots() {
    let c = Cas::maison();
    let ctx = ContexteCoup::depuis_situation(c.grille.clone(), c.tirage, 5, Formule::STANDARD, &c.lexique).unwrap();
    let s = c.score("OSE", "7G");
    let avec = |texte: &str| lire_bulletin("test", &format!("bulletin table=1 coup=5\n{texte}")).unwrap();
    // Une localisation correcte : la place retenue est examinée, au score payé.
    let l = avec(&format!("score: {s}\n|.O.\n|ISO\n|.E.\n"));
    let d = corriger(&ctx, &l, Edition::E2020);
    let places = places_examinees(&ctx, &l, Edition::E2020);
    assert!(places.iter().any(|p| Some(&p.solution) == d.solution.as_ref() && p.verdict == d.verdict), "{places:?} / {d:?}");
    // Une case lue O ou B : les places de chaque lecture (OSE, et BSE n'en a pas) ; sans
    // doublon.
    let l = avec(&format!("score: {s}\n|.{{OB}}.\n|ISO\n|.E.\n"));
    let ambigue = places_examinees(&ctx, &l, Edition::E2020);
    assert_eq!(ambigue, places);
    // Un bulletin vierge n'examine aucune place.
    assert!(places_examinees(&ctx, &avec("vierge\n"), Edition::E2020).is_empty());
}
