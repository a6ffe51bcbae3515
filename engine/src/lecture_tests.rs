use super::*;
use proptest::prelude::*;

fn une(texte: &str) -> Lecture {
    lire_bulletin("b.txt", texte).expect("bulletin valide")
}

fn erreur(texte: &str) -> ErreurLecture {
    let v = lire_bulletins("b.txt", texte);
    v.into_iter().find_map(Result::err).expect("une erreur")
}

fn lettre(c: char) -> Cellule {
    Cellule::lettre(c)
}

/// `debut` (un bulletin de la table 1) puis `suivant` : le premier est une erreur courte à
/// la ligne `ligne` qui dit `message` ; le suivant est lu, et rendu.
fn erreur_seule_puis(debut: &str, suivant: &str, ligne: usize, message: &str) -> Lecture {
    let v = lire_bulletins("b.txt", &format!("{debut}{suivant}"));
    assert_eq!(v.len(), 2);
    let e = v[0].as_ref().unwrap_err();
    assert_eq!((e.ligne, e.table), (ligne, Some(1)));
    let texte = e.to_string();
    assert!(texte.contains(message) && texte.len() < 200, "{texte}");
    v[1].clone().expect("le bulletin suivant est lu")
}

/// Issue 12, points 3 et 4 : un bulletin plus grand que l'aire de rédaction (17 × 17) est
/// une erreur pour lui seul, vite lue et au message court ; les autres bulletins sont lus.
#[test]
fn un_bulletin_plus_grand_que_le_formulaire_est_une_erreur_pour_lui_seul() {
    let suivant = "bulletin table=2 coup=1\nref: H4\n|MANGER\n";
    let cas = [
        (format!("bulletin table=1 coup=1\n{}", "|A\n".repeat(300_000)), 19, "plus de 17 rangées"),
        (format!("bulletin table=1 coup=1\n|{}\n", "A".repeat(300_000)), 2, "rangée de 300000 cases"),
        (format!("bulletin table=1 coup=1\n|{}\n", "{AB}".repeat(1_000_000)), 2, "rangée de 1000000 cases"),
        (format!("bulletin table=1 coup=1\n|{{{}}}\n", "AB".repeat(100)), 2, "200 lectures"),
        (format!("bulletin table=1 coup=1\nref: {}\n", "H".repeat(10_000_000)), 2, "référence de 10000000 caractères"),
    ];
    for (debut, ligne, message) in cas {
        assert_eq!(erreur_seule_puis(&debut, suivant, ligne, message).table, 2);
    }
    // 17 × 17 tient ; des espaces de fin au-delà de la 17e case sont des cases vides ignorées.
    let plein = format!("bulletin table=1 coup=1\n{}", format!("|{}\n", "A".repeat(17)).repeat(17));
    assert_eq!(une(&plein).rangees.len(), 17);
    let l = une(&format!("bulletin table=1 coup=1\n|MANGER{}\n", " ".repeat(300_000)));
    assert_eq!(l.rangees[0].len(), 17);
}

/// Issue 12, point 5 : un octet non UTF-8 ne coûte que sa ligne. Dans un commentaire, il
/// est signalé seul et le bulletin est lu ; dans un bulletin, ce bulletin seul est en
/// erreur ; les autres bulletins sont lus.
#[test]
fn un_octet_non_utf8_ne_coute_que_sa_ligne() {
    let octets = b"# bulletins de la table 1, caf\xE9\nbulletin table=1 coup=1\nref: H4\n|MANGER\n\
bulletin table=2 coup=1\nref: H\xE94\n|MANGER\nbulletin table=3 coup=1\n|MANGER\n";
    let v = lire_bulletins_octets("b.txt", octets);
    let erreurs: Vec<String> = v.iter().filter_map(|r| r.as_ref().err()).map(|e| e.to_string()).collect();
    assert_eq!(erreurs.len(), 2, "{erreurs:?}");
    assert!(erreurs[0].starts_with("b.txt:1: octets qui ne sont pas de l'UTF-8"), "{}", erreurs[0]);
    assert!(erreurs[1].starts_with("b.txt:6: octets"), "{}", erreurs[1]);
    let lues: Vec<u32> = v.iter().filter_map(|r| r.as_ref().ok()).map(|l| l.table).collect();
    assert_eq!(lues, vec![1, 3]);
    let e2 = v.iter().filter_map(|r| r.as_ref().err()).nth(1).unwrap();
    assert_eq!((e2.table, e2.coup), (Some(2), Some(1)));
}

/// Une lecture venue du JSON passe les mêmes bornes que le format texte.
#[test]
fn valider_borne_les_lectures_json() {
    let mut l = Lecture::nouvelle(1, 1);
    l.rangees = vec![vec![Cellule::lettre('A'); 1000]; 1000];
    assert_eq!(l.valider(), Err(Defaut::TropDeRangees));
    l.rangees.truncate(17);
    assert_eq!(l.valider(), Err(Defaut::TropDeCases(1000)));
    l.rangees = vec![vec![Cellule::lettre('A'); 17]; 17];
    assert_eq!(l.valider(), Ok(()));
    l.rangees[3][3] = Cellule { contenu: Contenu::Lettre(Trace { lettre: 'é', entouree: false }), barree: false };
    assert_eq!(l.valider(), Err(Defaut::LettreInvalide('é')));
    l.rangees[3][3] = Cellule { contenu: Contenu::Alternatives(vec![Trace::depuis('A'); 60]), barree: false };
    assert!(matches!(l.valider(), Err(Defaut::TropDeLectures { colonne: 4, lectures: 60 })));
    let mut v = Lecture::nouvelle(1, 1);
    v.etat = EtatBulletin::Vierge;
    v.score = Some("20".into());
    assert!(matches!(v.valider(), Err(Defaut::Contradiction { .. })));
}

/// Les sanctions notées sont bornées comme le reste du bulletin (issues 12 et 13) : au plus
/// 8 par bulletin, un motif d'au plus 80 caractères ; au-delà, une erreur courte pour ce
/// bulletin seul. `valider` applique les mêmes bornes aux lectures JSON et archivées.
#[test]
fn les_sanctions_notees_sont_bornees() {
    let suivant = "bulletin table=2 coup=1\nref: H4\n|MANGER\nsanction: temps\n";
    let neuf: String = (1..=9).map(|i| format!("sanction: avertissement motif {i}\n")).collect();
    let cas = [
        (format!("bulletin table=1 coup=1\nvierge\n{neuf}"), 11, "plus de 8 sanctions"),
        (format!("bulletin table=1 coup=1\nvierge\nsanction: zéro {}\n", "x".repeat(10_000_000)), 3, "motif de 10000000 caractères"),
        (format!("bulletin table=1 coup=1\nvierge\nsanction: {}\n", "carton".repeat(1_000_000)), 3, "sanction « cartoncarton"),
    ];
    for (debut, ligne, message) in cas {
        assert_eq!(erreur_seule_puis(&debut, suivant, ligne, message).sanctions, vec![SanctionNotee::TempsDepasse]);
    }
    // Huit sanctions distinctes et un motif de 80 caractères tiennent.
    let huit: String = (1..=8).map(|i| format!("sanction: avertissement motif {i}\n")).collect();
    assert_eq!(une(&format!("bulletin table=1 coup=1\nvierge\n{huit}")).sanctions.len(), 8);
    let l = une(&format!("bulletin table=1 coup=1\nvierge\nsanction: zéro {}\n", "x".repeat(80)));
    assert_eq!(l.valider(), Ok(()));

    let mut l = Lecture::nouvelle(1, 1);
    l.sanctions = (0..9).map(|i| SanctionNotee::Zero { motif: format!("motif {i}") }).collect();
    assert_eq!(l.valider(), Err(Defaut::TropDeSanctions));
    l.sanctions = vec![SanctionNotee::Avertissement { motif: "b".repeat(81) }];
    assert_eq!(l.valider(), Err(Defaut::MotifTropLong(81)));
    l.sanctions = vec![SanctionNotee::Zero { motif: " ".into() }];
    assert_eq!(l.valider(), Err(Defaut::SanctionSansMotif("zéro")));
    l.sanctions = vec![SanctionNotee::TempsDepasse, SanctionNotee::TempsDepasse];
    assert!(matches!(l.valider(), Err(Defaut::Doublon(_))));
}

#[test]
fn exemple_de_l_issue() {
    let l = une("bulletin table=12 coup=5\nref: 13 B\nscore: 49\n|....W\n|.HARFIST\n");
    assert_eq!((l.table, l.coup, l.etat), (12, 5, EtatBulletin::Rempli));
    assert_eq!(l.reference.as_deref(), Some("13 B"));
    assert_eq!(l.score_lu(), Some(49));
    assert_eq!(l.rangees.len(), 2);
    assert_eq!(l.rangees[0][..4], vec![Cellule::vide(); 4][..]);
    assert_eq!(l.rangees[0][4], lettre('W'));
    let mot: String = l.rangees[1][1..].iter().map(|c| match &c.contenu {
        Contenu::Lettre(t) => t.lettre,
        _ => '?',
    }).collect();
    assert_eq!(mot, "HARFIST");
    assert!(!l.rature);
    assert_eq!(l.source, Some(Source { fichier: "b.txt".into(), ligne: 1 }));
}

#[test]
fn en_tete_dans_les_deux_ordres() {
    let l = une("bulletin coup=3 table=7\n");
    assert_eq!((l.table, l.coup), (7, 3));
}

#[test]
fn cles_sans_egard_a_la_casse_et_ref_accentue() {
    let l = une("Bulletin Table=2 COUP=3\nRéf: 8 H\nSCORE: 12\nRature: Oui\n|AB\n");
    assert_eq!((l.table, l.coup), (2, 3));
    assert_eq!(l.reference.as_deref(), Some("8 H"));
    assert_eq!(l.score_lu(), Some(12));
    assert!(l.rature);
    assert_eq!(une("bulletin table=1 coup=1\nABSENT\n").etat, EtatBulletin::Absent);
}

#[test]
fn absent_et_vierge() {
    assert_eq!(une("bulletin table=1 coup=2\nabsent\n").etat, EtatBulletin::Absent);
    let v = une("bulletin table=1 coup=2\nvierge\nrature: oui\n");
    assert_eq!(v.etat, EtatBulletin::Vierge);
    assert!(v.rature);
}

#[test]
fn ref_et_score_tels_qu_ecrits() {
    let l = une("bulletin table=1 coup=2\nref:4H5\nscore: 4#\n");
    assert_eq!(l.reference.as_deref(), Some("4H5"));
    assert_eq!(l.score.as_deref(), Some("4#"));
    assert_eq!(l.score_lu(), None, "un score illisible ne se lit pas");
    let sans = une("bulletin table=1 coup=2\n|AB\n");
    assert_eq!((sans.reference, sans.score), (None, None));
}

#[test]
fn cases_vides_entourees_illisibles() {
    let l = une("bulletin table=1 coup=1\n|. aB#\n");
    let r = &l.rangees[0];
    assert_eq!(r.len(), 5);
    assert_eq!(r[0], Cellule::vide());
    assert_eq!(r[1], Cellule::vide(), "une espace est une case vide");
    assert_eq!(r[2].contenu, Contenu::Lettre(Trace { lettre: 'A', entouree: true }));
    assert_eq!(r[3].contenu, Contenu::Lettre(Trace { lettre: 'B', entouree: false }));
    assert_eq!(r[4].contenu, Contenu::Illisible);
}

#[test]
fn alternatives_et_cases_barrees() {
    let l = une("bulletin table=1 coup=1\n|A{UV}~B~{iL}~#{abc}\n");
    let r = &l.rangees[0];
    assert_eq!(r.len(), 6, "{{UV}} est une seule case");
    assert_eq!(
        r[1].contenu,
        Contenu::Alternatives(vec![Trace { lettre: 'U', entouree: false }, Trace { lettre: 'V', entouree: false }])
    );
    assert!(!r[1].barree);
    assert_eq!(r[2], Cellule { contenu: Contenu::Lettre(Trace { lettre: 'B', entouree: false }), barree: true });
    assert_eq!(
        r[3],
        Cellule {
            contenu: Contenu::Alternatives(vec![Trace { lettre: 'I', entouree: true }, Trace { lettre: 'L', entouree: false }]),
            barree: true
        }
    );
    assert_eq!(r[4], Cellule { contenu: Contenu::Illisible, barree: true });
    assert!(matches!(&r[5].contenu, Contenu::Alternatives(v) if v.len() == 3));
}

#[test]
fn commentaires_lignes_vides_et_crlf() {
    let l = une("# partie du 12 mai\n\nbulletin table=3 coup=4\r\n  # relu deux fois\r\nref: H4\r\n|AB\r\n");
    assert_eq!(l.reference.as_deref(), Some("H4"));
    assert_eq!(l.rangees, vec![vec![lettre('A'), lettre('B')]]);
    assert_eq!(l.source.unwrap().ligne, 3);
}

#[test]
fn marque_d_ordre_des_octets_ignoree() {
    assert_eq!(une("\u{feff}bulletin table=7 coup=1\n|A\n").table, 7);
}

#[test]
fn rangee_commencant_par_diese_n_est_pas_un_commentaire() {
    let l = une("bulletin table=1 coup=1\n|#A\n");
    assert_eq!(l.rangees[0][0].contenu, Contenu::Illisible);
}

#[test]
fn rangee_vide_et_espaces_finales() {
    let l = une("bulletin table=1 coup=1\n|\n|AB  \n");
    assert_eq!(l.rangees[0], vec![]);
    assert_eq!(l.rangees[1].len(), 4, "les espaces finales sont des cases vides");
}

#[test]
fn plusieurs_bulletins_dans_un_fichier() {
    let v = lire_bulletins("f", "bulletin table=1 coup=1\n|A\nbulletin table=2 coup=1\nabsent\n\nbulletin table=1 coup=2\nvierge\n");
    let v: Vec<Lecture> = v.into_iter().map(Result::unwrap).collect();
    assert_eq!(v.iter().map(|l| (l.table, l.coup, l.etat)).collect::<Vec<_>>(), vec![
        (1, 1, EtatBulletin::Rempli),
        (2, 1, EtatBulletin::Absent),
        (1, 2, EtatBulletin::Vierge)
    ]);
    assert_eq!(v[2].source.as_ref().unwrap().ligne, 6);
}

#[test]
fn en_tete_invalide() {
    for (texte, attendu) in [
        ("bulletin table=1\n", "en-tête de bulletin invalide"),
        ("bulletin table=1 coup=2 salle=3\n", "en-tête de bulletin invalide"),
        ("bulletin table=1 table=2 coup=3\n", "en-tête de bulletin invalide"),
        ("bulletin table=douze coup=5\n", "nombre invalide « douze » pour table"),
        ("bulletin table=12 coup=-5\n", "nombre invalide « -5 » pour coup"),
        ("bulletin table=+12 coup=5\n", "nombre invalide « +12 » pour table"),
    ] {
        let e = erreur(texte);
        assert_eq!((e.ligne, e.table, e.coup), (1, None, None), "{texte}");
        assert!(e.to_string().starts_with("b.txt:1: "), "{e}");
        assert!(e.to_string().contains(attendu), "{texte} → {e}");
    }
}

#[test]
fn cles_et_lignes_invalides() {
    for (corps, attendu) in [
        ("reference: H4", "clé inconnue « reference »"),
        ("ref: H4\nref: 4H", "« ref » donné deux fois"),
        ("score:", "valeur vide pour « score »"),
        ("rature: peut-être", "valeur de rature invalide"),
        ("HARFIST", "ligne incomprise « HARFIST »"),
        ("absent\n|A", "bulletin absent"),
        ("|A\nvierge", "bulletin vierge"),
        ("vierge\nscore: 3", "bulletin vierge"),
        ("absent\nabsent", "donné deux fois"),
    ] {
        let texte = format!("bulletin table=4 coup=9\n{corps}\n");
        let e = erreur(&texte);
        assert_eq!((e.table, e.coup), (Some(4), Some(9)), "l'en-tête lisible est rapporté");
        assert!(e.ligne >= 2, "{corps}");
        assert!(e.to_string().contains(attendu), "{corps} → {e}");
    }
}

#[test]
fn rangees_invalides() {
    for (rangee, attendu) in [
        ("|AB{UV", "colonne 3 : « { » sans « } »"),
        ("|AB}", "colonne 3 : « } » sans « { »"),
        ("|A{U}", "au moins deux lectures"),
        ("|A{}", "au moins deux lectures"),
        ("|A{U.}", "« . » n'est pas une lettre"),
        ("|AB~", "« ~ » en fin de rangée"),
        ("|A~~B", "« ~ » doit précéder"),
        ("|A~.", "« ~ » doit précéder"),
        ("|A3", "caractère « 3 » invalide"),
        ("|AÉ", "caractère « É » invalide"),
    ] {
        let e = erreur(&format!("bulletin table=1 coup=1\nref: H4\n{rangee}\n"));
        assert_eq!(e.ligne, 3, "{rangee}");
        assert!(e.to_string().contains(attendu), "{rangee} → {e}");
    }
}

#[test]
fn ligne_hors_bulletin() {
    let v = lire_bulletins("f", "ref: H4\n|AB\nbulletin table=1 coup=1\n|A\n");
    assert_eq!(v.len(), 2);
    let e = v[0].as_ref().unwrap_err();
    assert_eq!(e.ligne, 1);
    assert!(e.to_string().contains("hors de tout bulletin"));
    assert_eq!(v[1].as_ref().unwrap().table, 1);
}

#[test]
fn reprise_apres_erreur() {
    let texte = "bulletin table=1 coup=1\n|AB\nbulletin table=2 coup=1\n|A{B\n|CD\nscore: 12\nbulletin table=x coup=1\n|EF\nbulletin table=3 coup=1\nref: H4\n|GH\n";
    let v = lire_bulletins("salle.txt", texte);
    assert_eq!(v.len(), 4);
    assert_eq!(v[0].as_ref().unwrap().table, 1);
    let e = v[1].as_ref().unwrap_err();
    assert_eq!((e.ligne, e.table, e.coup), (4, Some(2), Some(1)), "la première ligne fautive est signalée");
    let e = v[2].as_ref().unwrap_err();
    assert_eq!((e.ligne, e.table), (7, None));
    assert_eq!(e.fichier, "salle.txt");
    let l = v[3].as_ref().unwrap();
    assert_eq!((l.table, l.reference.as_deref()), (3, Some("H4")));
    assert_eq!(l.rangees, vec![vec![lettre('G'), lettre('H')]]);
}

#[test]
fn valeurs_vides_ou_sur_plusieurs_lignes_ecrites_proprement() {
    let mut l = Lecture::nouvelle(3, 4);
    l.reference = Some("  ".into());
    l.score = Some("4\n9".into());
    let relue = une(&l.vers_texte());
    assert_eq!(relue.reference, None, "une référence vide n'est pas écrite");
    assert_eq!(relue.score.as_deref(), Some("4 9"));
}

#[test]
fn lire_bulletin_exige_un_seul_bulletin() {
    assert!(lire_bulletin("f", "").is_err());
    assert!(lire_bulletin("f", "bulletin table=1 coup=1\nbulletin table=2 coup=1\n").is_err());
}

#[test]
fn json_des_noms_stables() {
    let l = une("bulletin table=2 coup=3\nref: H4\n|a{UV}~#\n");
    let j = serde_json::to_value(&l).unwrap();
    assert_eq!(j["etat"], "rempli");
    assert_eq!(j["reference"], "H4");
    assert_eq!(j["rangees"][0][0]["contenu"]["lettre"]["entouree"], true);
    assert_eq!(j["rangees"][0][1]["contenu"]["alternatives"][1]["lettre"], "V");
    assert_eq!(j["rangees"][0][2]["contenu"], "illisible");
    assert_eq!(j["rangees"][0][2]["barree"], true);
    let relu: Lecture = serde_json::from_value(j).unwrap();
    assert_eq!(relu, l);
}

fn trace() -> impl Strategy<Value = Trace> {
    (0u8..26, any::<bool>()).prop_map(|(i, e)| Trace { lettre: (b'A' + i) as char, entouree: e })
}

fn cellule() -> impl Strategy<Value = Cellule> {
    let contenu = prop_oneof![
        Just(Contenu::Vide),
        trace().prop_map(Contenu::Lettre),
        Just(Contenu::Illisible),
        prop::collection::vec(trace(), 2..4).prop_map(Contenu::Alternatives),
    ];
    (contenu, any::<bool>()).prop_map(|(contenu, b)| {
        let barree = b && contenu != Contenu::Vide;
        Cellule { contenu, barree }
    })
}

#[test]
fn sanctions_notees_par_l_arbitre() {
    let l = une("bulletin table=4 coup=9\nref: H4\nscore: 20\n|MANGER\nsanction: temps dépassé\nSanction: avertissement bavardage pendant le coup\nsanction: Bulletin échangé\n");
    assert_eq!(
        l.sanctions,
        vec![
            SanctionNotee::TempsDepasse,
            SanctionNotee::Avertissement { motif: "bavardage pendant le coup".into() },
            SanctionNotee::BulletinEchange
        ]
    );
    let l = une("bulletin table=1 coup=2\nvierge\nsanction: zéro collusion\nsanction: echange\nsanction: temps\n");
    assert_eq!(l.sanctions[0], SanctionNotee::Zero { motif: "collusion".into() });
    assert_eq!(l.sanctions.len(), 3);
    // Le texte relu redonne la même lecture.
    assert_eq!(une(&l.vers_texte()).sanctions, l.sanctions);
    // Un retour chariot seul au milieu d'une ligne (vieux Mac) : une espace, à la lecture
    // comme au texte récrit (trouvé par le test de propriété du fichier de bulletins).
    let l = une("bulletin table=1 coup=2\nvierge\nsanction: avertissement bava\rdage\nscan: coup-02/a\rb.jpg\n");
    assert_eq!(l.sanctions, vec![SanctionNotee::Avertissement { motif: "bava dage".into() }]);
    assert_eq!(l.scan.as_deref(), Some("coup-02/a b.jpg"));
    let relue = une(&l.vers_texte());
    assert_eq!((relue.sanctions, relue.scan), (l.sanctions.clone(), l.scan.clone()));
    // Erreurs : genre inconnu, motif manquant, sanction donnée deux fois ; la ligne est nommée.
    let e = erreur("bulletin table=1 coup=1\nvierge\nsanction: carton rouge\n");
    assert_eq!((e.ligne, e.table, e.coup), (3, Some(1), Some(1)));
    assert!(e.to_string().starts_with("b.txt:3: sanction « carton rouge » inconnue"), "{e}");
    let e = erreur("bulletin table=1 coup=1\nvierge\nsanction: avertissement\n");
    assert!(e.to_string().contains("demande un motif"), "{e}");
    let e = erreur("bulletin table=1 coup=1\nvierge\nsanction: zéro\n");
    assert!(e.to_string().contains("« sanction: zéro » demande un motif"), "{e}");
    let e = erreur("bulletin table=1 coup=1\nvierge\nsanction: temps\nsanction: temps dépassé\n");
    assert_eq!(e.ligne, 4);
    assert!(e.to_string().contains("deux fois"), "{e}");
}

fn sanction() -> impl Strategy<Value = SanctionNotee> {
    let motif = "[a-zà-ü][a-zà-ü ,']{0,12}[a-z]";
    prop_oneof![
        Just(SanctionNotee::BulletinEchange),
        Just(SanctionNotee::TempsDepasse),
        motif.prop_map(|motif| SanctionNotee::Avertissement { motif }),
        motif.prop_map(|motif| SanctionNotee::Zero { motif }),
    ]
}

fn lecture() -> impl Strategy<Value = Lecture> {
    let valeur = "[A-Za-z0-9#?][A-Za-z0-9 #?]{0,5}[A-Za-z0-9#?]|[A-Za-z0-9#]";
    (
        any::<u32>(),
        any::<u32>(),
        prop_oneof![Just(EtatBulletin::Rempli), Just(EtatBulletin::Absent), Just(EtatBulletin::Vierge)],
        prop::option::of(valeur),
        prop::option::of(valeur),
        prop::collection::vec(prop::collection::vec(cellule(), 0..10), 0..4),
        any::<bool>(),
        prop::collection::vec(sanction(), 0..3),
        prop::option::of("[a-z0-9][a-z0-9 _./#=&-]{0,30}[a-z0-9]"),
    )
        .prop_map(|(table, coup, etat, reference, score, rangees, rature, mut sanctions, scan)| {
            let mut vues = Vec::new();
            sanctions.retain(|s| !vues.contains(s) && {
                vues.push(s.clone());
                true
            });
            let rempli = etat == EtatBulletin::Rempli;
            Lecture {
                table,
                coup,
                etat,
                reference: reference.filter(|_| rempli),
                score: score.filter(|_| rempli),
                rangees: if rempli { rangees } else { Vec::new() },
                rature: rature && etat != EtatBulletin::Absent,
                sanctions,
                source: None,
                // Un bulletin absent n'a pas de scan lu.
                scan: scan.filter(|_| etat != EtatBulletin::Absent),
            }
        })
}

proptest! {
    #[test]
    fn aller_retour_texte(lectures in prop::collection::vec(lecture(), 1..4)) {
        let texte: String = lectures.iter().map(Lecture::vers_texte).collect();
        let relues = lire_bulletins("p", &texte);
        prop_assert_eq!(relues.len(), lectures.len());
        for (l, r) in lectures.iter().zip(relues) {
            let mut r = r.map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert!(r.source.take().is_some());
            prop_assert_eq!(&r, l);
        }
    }

    #[test]
    fn aller_retour_json(l in lecture()) {
        let j = serde_json::to_string(&l).unwrap();
        let relue: Lecture = serde_json::from_str(&j).unwrap();
        prop_assert_eq!(relue, l);
    }

    #[test]
    fn lecture_ne_panique_jamais(texte in "(bulletin table=[0-9] coup=[0-9]\n|[ .A-Za-z#{}~|]{0,8}\n|(ref|score|rature): ?[ -~]{0,4}\n|absent\n|vierge\n|[ -~]{0,10}\n){0,8}") {
        let v = lire_bulletins("p", &texte);
        for r in v {
            if let Err(e) = r {
                prop_assert!(e.to_string().starts_with("p:"));
            }
        }
    }
}
