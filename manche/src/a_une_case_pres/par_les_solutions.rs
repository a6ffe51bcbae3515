//! Le garde-fou des sanctions, quand la lecture voisine est à plus d'un caractère de celle
//! de la machine : les solutions du coup au score écrit désignent les cases à essayer (deux
//! cases d'un même mot ou de son dessin ; une lettre manquée ou une case lue en trop, et une
//! autre), et toute autre référence est essayée quand celle d'un cadre encré est lue absente
//! ou tout autre. Essayer chaque paire de cases avec 26 × 26 lettres coûterait des milliers
//! de corrections par sanction. Trouvés en éprouvant
//! le garde-fou au seuil de lecture sûre de 80 % (au lieu de 97 %) sur des manches neuves :
//! des erreurs que la règle de la lecture sûre cachait jusque-là, et qu'une lecture un peu
//! plus sûre du reste du bulletin aurait laissé passer. Comme pour la lecture à une case
//! près, rien n'est tiré vers une solution : la lecture et la décision provisoire restent
//! celles de la machine, la lecture voisine est confirmée par la correction et le score écrit
//! ([`super::confirmation`]).

use super::{confirmation, met_la_place_en_cause, Confirmation, LectureVoisine};
use crate::en_ligne::Ligne;
use arbitre_engine::arbitrage::{Decision, Verdict};
use arbitre_engine::lecture::{Cellule, Contenu, Lecture, Trace};

/// Deux cases d'un même mot lues sûrement de travers : un mot écrit (au moins deux lettres
/// de suite sur une rangée ou une colonne ; une case lue barrée y compte, rendue à sa lettre)
/// qui, à deux cases près, est une solution du coup — un mot de deux lettres lu faux en
/// entier aussi (« le » écrit en minuscules lu IC, chaque lettre sûre : models/README.md,
/// « Écriture en minuscules ») ; ou un mot écrit seul sur une ligne à
/// deux opérations d'une solution, dont une lettre non détectée ou une case lue en trop
/// ([`a_deux_operations_de`]).
/// `mots` : les mots des solutions du coup qui valent le score écrit, ou un score que le
/// joueur a pu compter de travers (lettres A–Z). MUNIRENt écrit pour 72 points, le U lu W à
/// 99,9 %, le N lu V à 99,5 % : MWVIRENt, un zéro (manche neuve `2_ai` graine 1421,
/// 28/11/2026 ; à vérifier pour la seule lecture sûre à 94 %, décidé seul si le reste du
/// bulletin avait été lu plus sûrement). Les solutions désignent les cases et leurs lettres,
/// puis la lecture voisine est confirmée par la correction et le score écrit comme les autres
/// ([`super::lecture_voisine`]).
pub fn deux_lettres_d_une_solution(l: &Lecture, decision: &Decision, corriger: impl Fn(&Lecture) -> Option<Decision>, mots: &[String]) -> Option<LectureVoisine> {
    let ecrit = decision.score_revendique?;
    if decision.verdict == Verdict::Valide {
        return None;
    }
    let suites = mots_ecrits(l);
    let deux_lettres = suites.iter().flat_map(|cases| mots.iter().filter_map(move |mot| a_deux_lettres_de(l, cases, mot)));
    let dans_le_dessin = suites.iter().flat_map(|cases| mots.iter().flat_map(move |mot| une_lettre_du_mot_et_une_autre_case(l, cases, mot)));
    // Une lecture qui ajoute ou retire une case s'éloigne plus de celle de la machine : le
    // score écrit doit la confirmer pleinement, valide ou averti pour le seul score (VIOL,
    // une lettre que le joueur n'avait pas, zéro juste : KIL, à deux opérations, serait
    // pénalisé d'une solution qui vaut le score écrit — une coïncidence, évaluation, table 24,
    // coup 14).
    let pleinement = |c: &Confirmation| matches!(c, Confirmation::Valide | Confirmation::FauteDeCalcul);
    let a_deux_operations = mots.iter().filter_map(|mot| a_deux_operations_de(l, mot)).map(|(lecture, ecart)| (lecture, ecart, true));
    deux_lettres
        .map(|lecture| (lecture, "deux lettres d'un même mot", false))
        .chain(dans_le_dessin.map(|lecture| (lecture, "une lettre du mot et une autre case du dessin", false)))
        .chain(a_deux_operations)
        .find_map(|(lecture, ecart, stricte)| {
            let serait = confirmation(&lecture, decision, ecrit, &corriger).filter(|c| !stricte || pleinement(c))?;
            Some(LectureVoisine { lecture, ecart, caracteres: 2, serait })
        })
}

/// Un mot d'un dessin (le mot et ses lettres de raccord, sur plusieurs rangées et colonnes)
/// qui, à une case près, est `mot`, et une autre case écrite du dessin, hors de ce mot, lue
/// de travers : chaque autre lettre y est essayée, le mot pris de `mot` (KIRI en K4, 30
/// points, dessiné sous BIE : le B lu R, le dernier I lu Y, sûrement ; RIE et KIRY, un zéro au
/// lieu d'un coup valide — manche neuve `rosace` graine 1001, 28/11/2026, au seuil de lecture
/// sûre essayé de 80 %). Rien pour un mot lu juste (une case seule, c'est l'affaire de
/// [`super::lecture_voisine`]) ni pour un mot à deux cases de `mot` ([`a_deux_lettres_de`]).
fn une_lettre_du_mot_et_une_autre_case(l: &Lecture, cases: &[(usize, usize)], mot: &str) -> Vec<Lecture> {
    let lettres: Vec<char> = mot.chars().map(|c| c.to_ascii_uppercase()).collect();
    let une_case = cases.len() == lettres.len() && cases.iter().zip(&lettres).filter(|&(&(i, j), &x)| ecart(&l.rangees[i][j], x) == 1).count() == 1;
    if !une_case {
        return Vec::new();
    }
    let mut le_mot = l.clone();
    for (&(i, j), &x) in cases.iter().zip(&lettres) {
        le_mot.rangees[i][j] = avec_la_lettre(&l.rangees[i][j], x);
    }
    let autres: Vec<(usize, usize)> = (0..l.rangees.len())
        .flat_map(|i| (0..l.rangees[i].len()).map(move |j| (i, j)))
        .filter(|p| !cases.contains(p) && matches!(l.rangees[p.0][p.1].contenu, Contenu::Lettre(_) | Contenu::Illisible))
        .collect();
    autres
        .into_iter()
        .flat_map(|(i, j)| {
            let c = &l.rangees[i][j];
            ('A'..='Z').filter(move |&x| ecart(c, x) == 1).map(move |x| (i, j, avec_la_lettre(c, x)))
        })
        .map(|(i, j, c)| {
            let mut a = le_mot.clone();
            a.rangees[i][j] = c;
            a
        })
        .collect()
}

/// Un mot écrit seul sur une ligne (une rangée, ou une colonne) qui, à deux opérations près
/// dont l'une au moins ajoute ou retire une case, serait `mot` : une lettre non détectée (au
/// bout du mot, ou cachée dans l'encre d'une voisine), une case lue en trop (une lettre large
/// coupée en deux), et au plus une autre case lue de travers (une autre lettre, ou une case
/// lue barrée rendue à sa lettre). Le F de FORET non détecté et le E lu « # » : OR#T, un zéro
/// (manche neuve `hutte` graine 1361) ; le W de WESTIE, large de deux cases, lu « LN » :
/// LNESTIE, un zéro au lieu de 49 points (`fumee` 1021) ; le R de BRUIE écrit dans la boucle
/// du B, le B lu barré : ~BUIE, un zéro au lieu d'un avertissement payé 18 (`hutte` 1091) —
/// trois manches neuves du 28/11/2026, au seuil de lecture sûre essayé de 80 %. Une lecture
/// à la même longueur que `mot` est l'affaire de [`a_deux_lettres_de`]. La lecture ainsi faite,
/// et ce qui la sépare de celle de la machine ; le cercle d'une case gardé avec sa lettre.
fn a_deux_operations_de(l: &Lecture, mot: &str) -> Option<(Lecture, &'static str)> {
    let ligne = Ligne::de(l)?;
    let ecrite = |c: &Cellule| matches!(c.contenu, Contenu::Lettre(_) | Contenu::Illisible);
    // Toutes les cases de la ligne écrites (une lettre ou `#`, barrée ou non).
    let cases: Vec<Cellule> = ligne.cases(l).into_iter().map(|c| c.filter(|c| ecrite(c)).cloned()).collect::<Option<_>>()?;
    let lettres: Vec<char> = mot.chars().map(|c| c.to_ascii_uppercase()).collect();
    if cases.len() < 2 || lettres.len() == cases.len() || lettres.len().abs_diff(cases.len()) > 2 {
        return None;
    }
    let alignement = alignement_a_deux_operations(&cases, &lettres)?;
    let nouvelles: Vec<Cellule> = lettres.iter().zip(&alignement).map(|(&x, k)| k.map_or_else(|| Cellule::lettre(x), |k| avec_la_lettre(&cases[k], x))).collect();
    let ajoutees = alignement.iter().filter(|k| k.is_none()).count();
    let changees = alignement.iter().zip(&lettres).filter(|(k, &x)| k.is_some_and(|k| ecart(&cases[k], x) == 1)).count();
    let retirees = cases.len() + ajoutees - lettres.len();
    let ce_qui_separe = match (ajoutees, retirees, changees) {
        (1, 0, 0) => "une lettre non détectée, au bout du mot ou cachée dans l'encre d'une voisine",
        (1, 0, _) => "une lettre non détectée, au bout du mot ou cachée dans l'encre d'une voisine, et une autre case lue de travers",
        (2, _, _) => "deux lettres non détectées",
        (0, 1, 0) => "une case lue en trop : une lettre large coupée en deux, ou un trait lu comme une lettre",
        (0, 1, _) => "une case lue en trop (une lettre large coupée en deux) et une autre case lue de travers",
        _ => "deux cases lues en trop",
    };
    Some((ligne.refaite(l, nouvelles.into_iter().map(Some).collect()), ce_qui_separe))
}

/// Ce que coûte de lire la case `c` comme la lettre `x` : rien si elle l'est, non barrée ; une
/// opération sinon (une autre lettre, `#`, ou la barre d'une case).
fn ecart(c: &Cellule, x: char) -> usize {
    usize::from(c.barree || !matches!(c.contenu, Contenu::Lettre(t) if t.lettre == x))
}

/// L'alignement des `cases` lues sur les `lettres` d'un mot qui coûte au plus deux opérations
/// (une lettre changée, ajoutée ou retirée ; distance d'édition) : pour chaque lettre, la case
/// qui la porte, ou `None` pour une lettre ajoutée ; `None` au-delà de deux.
fn alignement_a_deux_operations(cases: &[Cellule], lettres: &[char]) -> Option<Vec<Option<usize>>> {
    let (n, m) = (cases.len(), lettres.len());
    // d[i][j] : le coût des i premières cases contre les j premières lettres.
    let mut d = vec![vec![0usize; m + 1]; n + 1];
    for i in 0..=n {
        for j in 0..=m {
            d[i][j] = match (i, j) {
                (0, _) => j,
                (_, 0) => i,
                _ => (d[i - 1][j - 1] + ecart(&cases[i - 1], lettres[j - 1])).min(d[i - 1][j] + 1).min(d[i][j - 1] + 1),
            };
        }
    }
    if d[n][m] > 2 {
        return None;
    }
    let mut porte = vec![None; m];
    let (mut i, mut j) = (n, m);
    while j > 0 {
        if i > 0 && d[i][j] == d[i - 1][j - 1] + ecart(&cases[i - 1], lettres[j - 1]) {
            porte[j - 1] = Some(i - 1);
            (i, j) = (i - 1, j - 1);
        } else if i > 0 && d[i][j] == d[i - 1][j] + 1 {
            i -= 1;
        } else {
            j -= 1;
        }
    }
    Some(porte)
}

/// Une référence que la machine a lue tout autre que ce qui est écrit, ou pas lue du tout (lue
/// vide, « pas de référence ») alors que son cadre porte de l'encre (`cadre_encre`) : chaque
/// référence bien formée (une lettre A–O et un nombre 1–15, dans un sens puis dans l'autre,
/// règlement 4.3.1) essayée au score écrit, quand la sanction met la place en cause
/// (localisation absente ou erronée, règlement 5.3.3). Les références à deux caractères de la
/// lecture ont déjà été essayées ([`super::lecture_voisine`]) ; celles-ci en sont plus loin :
/// POEME écrit en 12K pour 28 points, la référence lue vide à 84 % (« B8 » 11 %) : pénalité
/// de localisation, 23 points (`rosace` graine 1311) ; CELSIUS en 15C, 92 points, le 1 et le
/// 5 collés lus B, le C lu 2 : « B2 », une pénalité au lieu d'un coup valide ; FER en B14,
/// le 14 lu N : « C N », une pénalité au lieu d'un avertissement payé 18 (`hutte` graine
/// 1481) — manches neuves du 28/11/2026, au seuil de lecture sûre essayé de 80 %. Une
/// référence oubliée laisse son cadre vide : rien n'y est essayé. L'inversion du joueur non
/// plus ([`super::inversion_du_joueur`]).
pub fn toute_autre_reference(l: &Lecture, decision: &Decision, corriger: impl Fn(&Lecture) -> Option<Decision>, cadre_encre: bool) -> Option<LectureVoisine> {
    let ecrit = decision.score_revendique?;
    if decision.verdict == Verdict::Valide || !cadre_encre || !met_la_place_en_cause(decision) {
        return None;
    }
    let ecart = if l.reference.is_some() { "la référence, lue tout autre" } else { "la référence, lue absente alors que son cadre porte de l'encre" };
    super::references_bien_formees()
        .filter(|r| l.reference.as_deref().is_none_or(|lue| !super::inversion_du_joueur(lue, r)))
        .map(|r| {
            let mut a = l.clone();
            a.reference = Some(r);
            a
        })
        .find_map(|lecture| {
            let caracteres = lecture.reference.as_ref().map_or(0, |r| r.chars().count());
            confirmation(&lecture, decision, ecrit, &corriger).map(|serait| LectureVoisine { lecture, ecart, caracteres, serait })
        })
}

/// La case `c` avec la lettre `x` d'une solution, non barrée, son cercle gardé (un joker
/// revendiqué le reste).
fn avec_la_lettre(c: &Cellule, x: char) -> Cellule {
    let entouree = matches!(c.contenu, Contenu::Lettre(t) if t.entouree);
    Cellule { contenu: Contenu::Lettre(Trace { lettre: x, entouree }), barree: false }
}

/// Les mots écrits d'une lecture : les suites d'au moins deux cases écrites (une lettre ou
/// `#`, barrée ou non), sur une rangée puis sur une colonne, chacune par ses positions. Une
/// case lue barrée — qui n'existe pas pour la correction, règlement 5.4 — y reste : la barre d'un E, le trait d'un A ou d'un T, lus sûrement comme
/// une case barrée, et la lettre avec (QAT lu G~MT, DIPLOMEE lu DIPLO~WEE, JOUR lu JOU~K,
/// JET lu J~FI : manches neuves `hutte` 1181 et 1151, `rosace` 1191, `fumee` 1201,
/// 28/11/2026, au seuil de lecture sûre essayé de 80 %).
fn mots_ecrits(l: &Lecture) -> Vec<Vec<(usize, usize)>> {
    let ecrite = |i: usize, j: usize| l.rangees.get(i).and_then(|r| r.get(j)).is_some_and(|c| matches!(c.contenu, Contenu::Lettre(_) | Contenu::Illisible));
    let largeur = l.rangees.iter().map(Vec::len).max().unwrap_or(0);
    let mut suites = Vec::new();
    let mut couper = |ligne: Vec<(usize, usize)>| {
        let mut suite = Vec::new();
        for (i, j) in ligne.into_iter().chain([(usize::MAX, usize::MAX)]) {
            if i != usize::MAX && ecrite(i, j) {
                suite.push((i, j));
            } else {
                if suite.len() >= 2 {
                    suites.push(std::mem::take(&mut suite));
                }
                suite.clear();
            }
        }
    };
    for i in 0..l.rangees.len() {
        couper((0..largeur).map(|j| (i, j)).collect());
    }
    for j in 0..largeur {
        couper((0..l.rangees.len()).map(|i| (i, j)).collect());
    }
    suites
}

/// La lecture `l` dont le mot écrit aux `cases` prend, à deux cases près au plus, les
/// lettres de `mot` (le cercle de chaque case gardé ; une case lue barrée compte parmi les
/// deux, rendue à sa lettre) ; `None` plus loin, ou sans rien à changer.
fn a_deux_lettres_de(l: &Lecture, cases: &[(usize, usize)], mot: &str) -> Option<Lecture> {
    let lettres: Vec<char> = mot.chars().map(|c| c.to_ascii_uppercase()).collect();
    if lettres.len() != cases.len() {
        return None;
    }
    let ecarts: Vec<usize> = (0..cases.len()).filter(|&k| ecart(&l.rangees[cases[k].0][cases[k].1], lettres[k]) == 1).collect();
    if ecarts.is_empty() || ecarts.len() > 2 {
        return None;
    }
    let mut a = l.clone();
    for k in ecarts {
        let (i, j) = cases[k];
        a.rangees[i][j] = avec_la_lettre(&l.rangees[i][j], lettres[k]);
    }
    Some(a)
}

#[cfg(test)]
mod tests {
    use super::super::tests::{lecture, selon_la_reference, seul_averti_pour_le_score, seul_valide};
    use super::super::{lecture_voisine, Confirmation};
    use super::*;
    use crate::jugement::texte_court;
    use arbitre_engine::arbitrage::Motif;

    #[test]
    fn deux_lettres_d_un_mot_lues_de_travers_sont_trouvees_par_les_solutions_au_score_ecrit() {
        // MUNIRENt et ES dessous, 72 points écrits : le U lu W, le N lu V, sûrement.
        let mut l = Lecture::nouvelle(36, 13);
        l.rangees = ["MWVIRENt", "ES"].iter().map(|r| arbitre_engine::lecture::lire_rangee(r).unwrap()).collect();
        let moteur = seul_valide("|MUNIRENt ; |ES", 72, 72);
        let zero = moteur(&l).unwrap();
        // À une case près, rien : il en faut deux.
        assert!(lecture_voisine(&l, &zero, &moteur).is_none());
        let mots = ["MUNIRENT".to_string(), "MINERAIT".to_string()];
        let v = deux_lettres_d_une_solution(&l, &zero, &moteur, &mots).expect("à deux lettres de MUNIRENT");
        // Le joker du T gardé ; la raccord ES intacte.
        assert_eq!((texte_court(&v.lecture).as_str(), v.caracteres, v.serait), ("|MUNIRENt ; |ES", 2, Confirmation::Valide));
        assert_eq!(v.ecart, "deux lettres d'un même mot");
        // Une solution à trois lettres de la lecture, d'une autre longueur, ou que la
        // correction ne confirme pas au score écrit : rien.
        for autre in ["MUNIRONT", "MUNIRENTS", "MWNIRENT"] {
            assert!(deux_lettres_d_une_solution(&l, &zero, &moteur, &[autre.to_string()]).is_none(), "{autre}");
        }
        let ailleurs = seul_valide("|MUNIRENt ; |ES", 72, 70);
        assert!(deux_lettres_d_une_solution(&l, &ailleurs(&l).unwrap(), &ailleurs, &mots).is_none());
        // Une case lue barrée compte parmi les deux : MW~VIRENt ; trois cases, c'est trop loin.
        let mut barre = l.clone();
        barre.rangees[0][2].barree = true;
        assert_eq!(texte_court(&deux_lettres_d_une_solution(&barre, &zero, &moteur, &mots).expect("MW~VIRENt").lecture), "|MUNIRENt ; |ES");
        barre.rangees[0][4].barree = true;
        assert!(deux_lettres_d_une_solution(&barre, &zero, &moteur, &mots).is_none());
        // J~FI pour JET : la barre et la lettre d'une case, et une autre lettre.
        let mut jet = Lecture::nouvelle(32, 2);
        jet.rangees = ["J", "~F", "I"].iter().map(|r| arbitre_engine::lecture::lire_rangee(r).unwrap()).collect();
        let moteur_jet = seul_valide("|J ; |E ; |T", 26, 26);
        assert_eq!(texte_court(&deux_lettres_d_une_solution(&jet, &moteur_jet(&jet).unwrap(), &moteur_jet, &["JET".to_string()]).expect("JET").lecture), "|J ; |E ; |T");
        // Un mot écrit en colonne aussi.
        let mut colonne = Lecture::nouvelle(36, 13);
        colonne.rangees = "MWVIRENt".chars().map(|c| arbitre_engine::lecture::lire_rangee(&c.to_string()).unwrap()).collect();
        let moteur = seul_valide("|M ; |U ; |N ; |I ; |R ; |E ; |N ; |t", 72, 72);
        assert!(deux_lettres_d_une_solution(&colonne, &moteur(&colonne).unwrap(), &moteur, &mots).is_some());
    }

    /// Un mot de deux lettres écrit en minuscules, « le » pour 8 points : le l lu I, le e lu C,
    /// chacun sûrement (le modèle n'a appris que des capitales). IC, un zéro : la solution LE
    /// au score écrit le désigne, à deux lettres près — le mot entier.
    #[test]
    fn un_mot_de_deux_lettres_lu_faux_en_entier_est_trouve_par_les_solutions() {
        let l = lecture("IC");
        let moteur = seul_valide("|LE", 8, 8);
        let zero = moteur(&l).unwrap();
        assert!(lecture_voisine(&l, &zero, &moteur).is_none(), "à une case près, rien");
        let v = deux_lettres_d_une_solution(&l, &zero, &moteur, &["LE".to_string()]).expect("à deux lettres de LE");
        assert_eq!((texte_court(&v.lecture).as_str(), v.serait, v.ecart), ("|LE", Confirmation::Valide, "deux lettres d'un même mot"));
        // Que le score écrit ne confirme pas (6 points écrits) : rien.
        let ailleurs = seul_valide("|LE", 8, 6);
        assert!(deux_lettres_d_une_solution(&l, &ailleurs(&l).unwrap(), &ailleurs, &["LE".to_string()]).is_none());
    }

    #[test]
    fn une_lettre_non_detectee_au_bout_et_une_autre_lue_de_travers() {
        // FORET, 16 points : le F non détecté, le E lu « # ». OR#T, zéro.
        let l = lecture("OR#T");
        let moteur = seul_valide("|FORET", 16, 16);
        let zero = moteur(&l).unwrap();
        let v = deux_lettres_d_une_solution(&l, &zero, &moteur, &["FORET".to_string()]).expect("le F et le E");
        assert_eq!((texte_court(&v.lecture).as_str(), v.serait), ("|FORET", Confirmation::Valide));
        assert!(v.ecart.contains("non détectée"), "{}", v.ecart);
        // En colonne, la lettre manquée au bout.
        let mut colonne = Lecture::nouvelle(19, 11);
        colonne.rangees = ["O", "R", "#", "T"].iter().map(|r| arbitre_engine::lecture::lire_rangee(r).unwrap()).collect();
        let moteur = seul_valide("|F ; |O ; |R ; |E ; |T", 16, 16);
        assert!(deux_lettres_d_une_solution(&colonne, &moteur(&colonne).unwrap(), &moteur, &["FORET".to_string()]).is_some());
        // Deux lettres changées en plus de la lettre manquée : trop loin.
        let l = lecture("OK#T");
        let moteur = seul_valide("|FORET", 16, 16);
        assert!(deux_lettres_d_une_solution(&l, &moteur(&l).unwrap(), &moteur, &["FORET".to_string()]).is_none());
    }

    #[test]
    fn une_lettre_large_coupee_en_deux_ou_cachee_dans_une_voisine() {
        // WESTIE, 49 points : le W, large de deux cases, lu « LN ». LNESTIE, zéro.
        let l = lecture("LNESTIE");
        let moteur = seul_valide("|WESTIE", 49, 49);
        let v = deux_lettres_d_une_solution(&l, &moteur(&l).unwrap(), &moteur, &["WESTIE".to_string()]).expect("le W coupé en deux");
        assert_eq!((texte_court(&v.lecture).as_str(), v.serait), ("|WESTIE", Confirmation::Valide));
        assert!(v.ecart.starts_with("une case lue en trop"), "{}", v.ecart);
        // BRUIE, 18 points, écrit pour 16 : le R dans la boucle du B, le B lu barré. ~BUIE,
        // zéro ; BRUIE serait averti pour le seul score, à deux points de l'écrit.
        let l = lecture("~BUIE");
        let moteur = seul_averti_pour_le_score("|BRUIE", 18, 16);
        let v = deux_lettres_d_une_solution(&l, &moteur(&l).unwrap(), &moteur, &["BRUIE".to_string()]).expect("le R caché dans le B");
        assert_eq!((texte_court(&v.lecture).as_str(), v.serait), ("|BRUIE", Confirmation::FauteDeCalcul));
        assert!(v.ecart.starts_with("une lettre non détectée"), "{}", v.ecart);
        // Trois opérations : trop loin (WESTIE lu LNESTLE).
        let l = lecture("LNESTLE");
        let moteur = seul_valide("|WESTIE", 49, 49);
        assert!(deux_lettres_d_une_solution(&l, &moteur(&l).unwrap(), &moteur, &["WESTIE".to_string()]).is_none());
        // Une lecture voisine seulement pénalisée d'une solution au score écrit ne suffit pas
        // à deux opérations (VIOL, zéro juste, et KIL ailleurs pour le score écrit).
        let l = lecture("VIOL");
        let moteur = |l: &Lecture| {
            let mut d = arbitre_reports::resultats::decision_absent(l.table, l.coup);
            d.score_revendique = Some(14);
            if texte_court(l) == "|KIL" {
                (d.verdict, d.score, d.motifs) = (Verdict::Penalite, 9, vec![Motif::LocalisationPenalite]);
                d.solution = Some(arbitre_engine::arbitrage::SolutionRetenue { mot: "KIL".into(), reference: "B3".into(), score: 14 });
            }
            Some(d)
        };
        assert!(deux_lettres_d_une_solution(&l, &moteur(&l).unwrap(), moteur, &["KIL".to_string()]).is_none());
        // Deux lettres manquées, l'une au milieu : la solution à deux opérations.
        let l = lecture("BUI");
        let moteur = seul_valide("|BRUIE", 18, 18);
        let v = deux_lettres_d_une_solution(&l, &moteur(&l).unwrap(), &moteur, &["BRUIE".to_string()]).expect("deux lettres non détectées");
        assert_eq!((texte_court(&v.lecture).as_str(), v.ecart), ("|BRUIE", "deux lettres non détectées"));
    }

    #[test]
    fn une_lettre_du_mot_et_une_autre_case_du_dessin() {
        // KIRI en K4, 30 points, dessiné sous BIE (des lettres de raccord) : le B lu R, le
        // dernier I lu Y. RIE et KIRY : zéro.
        let mut l = Lecture::nouvelle(24, 14);
        l.rangees = ["...RIE", "KIRY"].iter().map(|r| arbitre_engine::lecture::lire_rangee(r).unwrap()).collect();
        let moteur = seul_valide("|...BIE ; |KIRI", 30, 30);
        let zero = moteur(&l).unwrap();
        assert!(lecture_voisine(&l, &zero, &moteur).is_none());
        let v = deux_lettres_d_une_solution(&l, &zero, &moteur, &["KIRI".to_string()]).expect("le Y du mot et le B du dessin");
        assert_eq!((texte_court(&v.lecture).as_str(), v.ecart), ("|...BIE ; |KIRI", "une lettre du mot et une autre case du dessin"));
        // Le mot à deux cases de la solution, et une autre case : trop loin.
        l.rangees[1][1] = Cellule::lettre('L');
        assert!(deux_lettres_d_une_solution(&l, &moteur(&l).unwrap(), &moteur, &["KIRI".to_string()]).is_none());
    }

    #[test]
    fn l_alignement_garde_le_cercle_de_chaque_lettre() {
        // WEStIE (le T joker) lu LNEStIE : le cercle reste au T.
        let cases = arbitre_engine::lecture::lire_rangee("LNEStIE").unwrap();
        let lettres: Vec<char> = "WESTIE".chars().collect();
        let porte = alignement_a_deux_operations(&cases, &lettres).expect("deux opérations");
        assert_eq!(porte[1..], [Some(2), Some(3), Some(4), Some(5), Some(6)]);
        let mut l = Lecture::nouvelle(1, 1);
        l.rangees = vec![cases];
        let (v, _) = a_deux_operations_de(&l, "WESTIE").unwrap();
        assert_eq!(texte_court(&v), "|WEStIE");
        // Une lecture de la longueur du mot, ou à plus de deux cases de lui : rien ici.
        assert!(a_deux_operations_de(&l, "NESTIE").is_some());
        assert!(a_deux_operations_de(&l, "WNESTIE").is_none());
        assert!(a_deux_operations_de(&l, "ABSTIE").is_none());
        assert!(a_deux_operations_de(&l, "WES").is_none());
    }

    #[test]
    fn deux_lettres_d_une_solution_averties_pour_le_seul_score_a_un_chiffre_pres() {
        // FRAYES, 44 points, écrit pour 47 (une faute de calcul, averti) : le Y lu V, le E lu
        // F, sûrement. FRAVFS, zéro ; la solution à 44 points est à un chiffre de l'écrit.
        let l = lecture("FRAVFS");
        let moteur = seul_averti_pour_le_score("|FRAYES", 44, 47);
        let v = deux_lettres_d_une_solution(&l, &moteur(&l).unwrap(), moteur, &["FRAYES".to_string()]).expect("à deux lettres de FRAYES");
        assert_eq!((texte_court(&v.lecture).as_str(), v.serait), ("|FRAYES", Confirmation::FauteDeCalcul));
    }

    #[test]
    fn une_reference_lue_absente_ou_tout_autre_est_essayee() {
        // POEME en colonne, 28 points en 12K ; la référence lue vide : pénalité de localisation.
        let mut l = Lecture::nouvelle(5, 5);
        l.rangees = "POEME".chars().map(|c| arbitre_engine::lecture::lire_rangee(&c.to_string()).unwrap()).collect();
        l.score = Some("28".into());
        let moteur = selon_la_reference(28, "12K", (Verdict::Valide, 28, vec![]), (Verdict::Penalite, 23, vec![Motif::LocalisationPenalite]));
        let penalite = moteur(&l).unwrap();
        let v = toute_autre_reference(&l, &penalite, &moteur, true).expect("la référence du cadre encré");
        assert_eq!((v.lecture.reference.as_deref(), v.caracteres, v.serait), (Some("12K"), 3, Confirmation::Valide));
        assert!(v.raison(Verdict::Penalite).starts_with("sanction (pénalité) alors qu'à trois caractères près (la référence, lue absente alors que son cadre porte de l'encre), la lecture « ref: 12K ; score: 28 ; |P ; |O ; |E ; |M ; |E » serait valide"), "{}", v.raison(Verdict::Penalite));
        // Un cadre vide : la référence a été oubliée, la sanction reste.
        assert!(toute_autre_reference(&l, &penalite, &moteur, false).is_none());
        // Une référence lue tout autre (le 1 et le 2 collés, lus B ; le K lu 8) : essayée aussi.
        let mut lue = l.clone();
        lue.reference = Some("B8".into());
        let v = toute_autre_reference(&lue, &moteur(&lue).unwrap(), &moteur, true).expect("la référence lue tout autre");
        assert_eq!((v.lecture.reference.as_deref(), v.ecart), (Some("12K"), "la référence, lue tout autre"));
        // Sauf la référence lue retournée, en deux groupes : lue « K 12 », c'est l'inversion
        // du joueur ; lue « K12 », d'un seul groupe, elle est essayée.
        lue.reference = Some("K 12".into());
        assert!(toute_autre_reference(&lue, &moteur(&lue).unwrap(), &moteur, true).is_none());
        lue.reference = Some("K12".into());
        assert_eq!(toute_autre_reference(&lue, &moteur(&lue).unwrap(), &moteur, true).and_then(|v| v.lecture.reference).as_deref(), Some("12K"));
    }
}
