//! Les manches générées : déterminisme, vérité terrain, mélange des erreurs du guide et
//! décision de l'arbitrage conforme à l'intention, écritures fournies par `--ecritures`.

use arbitre_echantillons::ecritures::{Ecritures, Partage};
use arbitre_echantillons::generateur::{polices, tables_en_minuscules, Generateur};
use arbitre_echantillons::scanner::Bornes;
use arbitre_echantillons::sortie::{ecrire_manche, prevoir_manche};
use arbitre_echantillons::verite::{Genre, VeriteTerrain};
use arbitre_engine::arbitrage::{corriger, ContexteCoup, Edition, Motif};
use arbitre_engine::lexique::{est_abreviation, Lexique};
use arbitre_engine::partie::Partie;
use arbitre_engine::regles::Formule;
use arbitre_formulaire::Formulaire;
use std::path::{Path, PathBuf};

fn rosace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../samples/rosace.partie")
}

/// Un petit dossier d'écritures au format EMNIST, fait ici : une vignette 28 × 28 par
/// caractère (chiffres, capitales, puis minuscules), tracée avec la police imprimée, sur une
/// planche WebP sans perte.
fn petit_dossier(dossier: &Path) {
    use ab_glyph::{Font, FontRef, PxScale};
    let police = FontRef::try_from_slice(arbitre_echantillons::rendu::POLICE_IMPRIMEE).unwrap();
    let cars: Vec<char> = ('0'..='9').chain('A'..='Z').chain('a'..='z').collect();
    let mut planche = image::GrayImage::new(28 * 8, 28 * 8);
    for (k, &c) in cars.iter().enumerate() {
        let (x0, y0) = ((k % 8) as u32 * 28, (k / 8) as u32 * 28);
        let g = police.glyph_id(c).with_scale_and_position(PxScale::from(24.0), ab_glyph::point(6.0, 23.0));
        let o = police.outline_glyph(g).unwrap();
        let b = o.px_bounds();
        o.draw(|x, y, v| {
            let (px, py) = (b.min.x as i32 + x as i32, b.min.y as i32 + y as i32);
            if (0..28).contains(&px) && (0..28).contains(&py) {
                planche.put_pixel(x0 + px as u32, y0 + py as u32, image::Luma([(v * 255.0) as u8]));
            }
        });
    }
    std::fs::create_dir_all(dossier).unwrap();
    let f = std::fs::File::create(dossier.join("planche.webp")).unwrap();
    image::codecs::webp::WebPEncoder::new_lossless(f).encode(planche.as_raw(), planche.width(), planche.height(), image::ExtendedColorType::L8).unwrap();
    let index = serde_json::json!({
        "width": 28, "height": 28, "files": ["planche.webp"],
        "mapping": cars.iter().map(|&c| c as u32).collect::<Vec<_>>(),
        "id": (0..cars.len()).collect::<Vec<_>>(),
    });
    std::fs::write(dossier.join("test.json"), index.to_string()).unwrap();
}

#[test]
fn une_manche_se_rend_depuis_un_dossier_d_ecritures_fourni_et_se_refait_octet_pour_octet() {
    let tmp = tempfile::tempdir().unwrap();
    let ecr_dossier = tmp.path().join("ecritures");
    petit_dossier(&ecr_dossier);
    let ecritures = Ecritures::charger(&ecr_dossier, Partage::Tout).unwrap();
    assert_eq!(ecritures.len(), 36, "un tracé par caractère");
    let lx = Lexique::defaut();
    let partie = Partie::lire(&rosace(), Formule::STANDARD).unwrap();
    let form = Formulaire::fisf();
    let pol = polices(Partage::Tout);
    assert!(pol.is_empty(), "--ecritures : aucune police, les seuls tracés du dossier");
    let mut g = Generateur::new(&form, &ecritures, &pol);
    g.bornes = Bornes { dpi: (150.0, 160.0), jpeg: (60, 70) };
    let prevus = prevoir_manche(&partie, &lx, &[2], 4, 11).unwrap();
    let texte = std::fs::read_to_string(rosace()).unwrap();
    let (a, b) = (tmp.path().join("a"), tmp.path().join("b"));
    ecrire_manche(&g, &prevus, &texte, 11, 4, &a).unwrap();
    ecrire_manche(&g, &prevus, &texte, 11, 4, &b).unwrap();
    // Un dossier par coup, comme un scanner les laisse ; tout se refait octet pour octet.
    let mut noms: Vec<std::path::PathBuf> = Vec::new();
    for e in std::fs::read_dir(&a).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            assert_eq!(p.file_name().unwrap(), "coup-02");
            noms.extend(std::fs::read_dir(&p).unwrap().map(|e| e.unwrap().path().strip_prefix(&a).unwrap().to_path_buf()));
        } else {
            noms.push(p.strip_prefix(&a).unwrap().to_path_buf());
        }
    }
    noms.sort();
    assert!(noms.iter().any(|n| n.to_string_lossy().ends_with(".jpg")), "{noms:?}");
    for n in &noms {
        assert_eq!(std::fs::read(a.join(n)).unwrap(), std::fs::read(b.join(n)).unwrap(), "{n:?} diffère d'une génération à l'autre");
    }
    // Chaque caractère manuscrit vient du dossier fourni.
    for (json, v) in arbitre_echantillons::sortie::verites(&a).unwrap() {
        let Some(geo) = &v.geometrie else { continue };
        let a = json.parent().unwrap();
        for c in &geo.cases {
            let t = c.trace.as_deref().unwrap();
            assert!(t == "marque" || t.strip_prefix("emnist:").is_some_and(|k| k.parse::<usize>().unwrap() < 36), "{t}");
        }
        let img = image::open(a.join(v.image.as_ref().unwrap())).unwrap();
        assert_eq!((img.width(), img.height()), (geo.largeur_px, geo.hauteur_px));
        assert_eq!(geo.quadrillage.len(), 18 * 18);
    }
    // Les lectures de bulletins.txt se relisent et redonnent les lectures prévues.
    let txt = std::fs::read_to_string(a.join("bulletins.txt")).unwrap();
    let lues: Vec<_> = arbitre_engine::lecture::lire_bulletins("bulletins.txt", &txt).into_iter().map(|r| r.unwrap()).collect();
    assert_eq!(lues.len(), prevus.len());
    for (l, p) in lues.iter().zip(&prevus) {
        let mut l = l.clone();
        l.source = None;
        assert_eq!(l, p.lecture);
    }
}

/// Un joueur qui écrit en minuscules (le règlement ne demande des capitales que « de
/// préférence », 4.2) le fait à chaque coup : ses lettres viennent des tracés des minuscules,
/// sa vérité le dit ; les autres tables s'écrivent comme sans l'option, octet pour octet.
#[test]
fn un_joueur_qui_ecrit_en_minuscules_le_fait_a_chaque_coup_et_la_verite_le_dit() {
    let tmp = tempfile::tempdir().unwrap();
    let ecr_dossier = tmp.path().join("ecritures");
    petit_dossier(&ecr_dossier);
    let ecritures = Ecritures::charger(&ecr_dossier, Partage::Tout).unwrap();
    let (lx, form) = (Lexique::defaut(), Formulaire::fisf());
    let partie = Partie::lire(&rosace(), Formule::STANDARD).unwrap();
    let texte = std::fs::read_to_string(rosace()).unwrap();
    let prevus = prevoir_manche(&partie, &lx, &[2, 3], 6, 11).unwrap();
    let mut g = Generateur::new(&form, &ecritures, &[]);
    g.bornes = Bornes { dpi: (150.0, 160.0), jpeg: (60, 70) };
    let capitales = tmp.path().join("capitales");
    ecrire_manche(&g, &prevus, &texte, 11, 6, &capitales).unwrap();
    g.minuscules = tables_en_minuscules(11, 6, 0.5);
    assert!(!g.minuscules.is_empty() && g.minuscules.len() < 6, "{:?}", g.minuscules);
    assert_eq!(tables_en_minuscules(11, 6, 0.5), g.minuscules, "les mêmes tables d'une fois à l'autre");
    assert_eq!(tables_en_minuscules(11, 6, 1.0).len(), 6);
    assert!(tables_en_minuscules(11, 6, 0.0).is_empty());
    let melange = tmp.path().join("melange");
    ecrire_manche(&g, &prevus, &texte, 11, 6, &melange).unwrap();
    let mut lettres_en_minuscules = 0;
    for (json, v) in arbitre_echantillons::sortie::verites(&melange).unwrap() {
        let (Some(geo), Some(main)) = (&v.geometrie, &v.main) else { continue };
        let en_minuscules = g.minuscules.contains(&v.lecture.table);
        assert_eq!(main.minuscules, en_minuscules, "{json:?}");
        let image = json.with_extension("jpg");
        let meme_image = std::fs::read(&image).unwrap() == std::fs::read(capitales.join(image.strip_prefix(&melange).unwrap())).unwrap();
        assert_eq!(meme_image, !en_minuscules, "{json:?}");
        for c in &geo.cases {
            let Some(k) = c.trace.as_deref().and_then(|t| t.strip_prefix("emnist:")).map(|k| k.parse::<usize>().unwrap()) else { continue };
            let lettre = matches!(v.lecture.rangees[c.rangee as usize][c.colonne as usize].contenu, arbitre_engine::lecture::Contenu::Lettre(_));
            // Les tracés 0–35 : chiffres et capitales ; 36–61 : minuscules.
            assert_eq!(k >= 36, en_minuscules && lettre, "{json:?} : tracé {k}");
            lettres_en_minuscules += (k >= 36) as usize;
        }
    }
    assert!(lettres_en_minuscules > 0);
}

#[test]
fn la_verite_terrain_fait_l_aller_retour_json() {
    let tmp = tempfile::tempdir().unwrap();
    petit_dossier(tmp.path());
    let ecritures = Ecritures::charger(tmp.path(), Partage::Tout).unwrap();
    let form = Formulaire::fisf();
    let mut g = Generateur::new(&form, &ecritures, &[]);
    g.bornes = Bornes { dpi: (150.0, 150.0), jpeg: (50, 50) };
    let l = arbitre_engine::lecture::lire_bulletin("t", "bulletin table=3 coup=2\nref: H 4\nscore: 49\n|..W\n|HARfIST\n|~P~O#\nrature: oui\n").unwrap();
    let mut l = l;
    l.source = None;
    let b = g.generer(&l, None, 5, "x.jpg").unwrap();
    let json = serde_json::to_string(&b.verite).unwrap();
    let relu: VeriteTerrain = serde_json::from_str(&json).unwrap();
    assert_eq!(relu, b.verite);
    let geo = b.verite.geometrie.unwrap();
    // Toutes les cases écrites (7 lettres + W + 2 barrées + #) sont décrites, dans l'image.
    assert_eq!(geo.cases.len(), 11);
    for c in &geo.cases {
        for p in c.coins {
            assert!(p[0] >= 0.0 && p[1] >= 0.0 && p[0] < geo.largeur_px as f32 && p[1] < geo.hauteur_px as f32);
        }
    }
}

#[test]
fn chaque_erreur_du_guide_apparait_et_l_arbitrage_decide_ce_qui_etait_voulu() {
    let lx = Lexique::defaut();
    let partie = Partie::lire(&rosace(), Formule::STANDARD).unwrap();
    let coups = [1, 2, 3, 4, 5];
    let prevus = prevoir_manche(&partie, &lx, &coups, 60, 2024).unwrap();
    assert_eq!(prevus, prevoir_manche(&partie, &lx, &coups, 60, 2024).unwrap(), "même graine, même manche");
    for g in Genre::TOUS {
        assert!(prevus.iter().any(|p| p.intention.genre == g), "aucun bulletin {g:?} dans la manche");
    }
    let lp = arbitre_engine::LexiquePartie::new(&partie, &lx);
    let contextes: Vec<ContexteCoup> = coups.iter().map(|&n| ContexteCoup::new(&partie, n, &lp).unwrap()).collect();
    let mut ecarts = Vec::new();
    for p in &prevus {
        let d = corriger(&contextes[p.lecture.coup as usize - 1], &p.lecture, Edition::E2020);
        let a = &p.intention.attendu;
        // Le motif attendu doit figurer parmi ceux de la décision (même sorte : la lettre
        // manquante nommée peut venir d'une autre place du mot, guide 5.7.1).
        let meme_sorte = |m: &Motif| d.motifs.iter().any(|x| std::mem::discriminant(x) == std::mem::discriminant(m));
        if d.verdict != a.verdict || d.score != a.score || !a.motifs.iter().all(meme_sorte) {
            let i = &p.intention;
            ecarts.push(format!(
                "{:?} {:?} {:?} {:?} {:?} coup {} table {} : attendu {:?}, décidé {:?} {} {:?}\n{}",
                i.genre, i.mode, i.mot, i.reference, i.score, p.lecture.coup, p.lecture.table, a, d.verdict, d.score, d.motifs, p.lecture.vers_texte()
            ));
        }
    }
    assert!(ecarts.is_empty(), "{} écarts sur {} :\n{}", ecarts.len(), prevus.len(), ecarts.join("\n"));
}

#[test]
fn la_manche_livree_est_coherente_avec_ses_lectures_et_ses_images() {
    let d = Path::new(env!("CARGO_MANIFEST_DIR")).join("manche-exemple");
    let txt = std::fs::read_to_string(d.join("bulletins.txt")).unwrap();
    let lues: Vec<_> = arbitre_engine::lecture::lire_bulletins("bulletins.txt", &txt).into_iter().map(|r| r.unwrap()).collect();
    assert!(lues.len() >= 40, "{} bulletins", lues.len());
    let partie = Partie::lire(&d.join("partie.partie"), Formule::STANDARD).unwrap();
    let lx = Lexique::defaut();
    let lp = arbitre_engine::LexiquePartie::new(&partie, &lx);
    let mut ctx = std::collections::HashMap::new();
    let mut payes = Vec::new();
    let verites = arbitre_echantillons::sortie::verites(&d).unwrap();
    assert_eq!(verites.len(), lues.len(), "une vérité terrain par bulletin de bulletins.txt");
    for l in &lues {
        let (json, v) = verites.iter().find(|(_, v)| (v.lecture.table, v.lecture.coup) == (l.table, l.coup)).expect("vérité du bulletin").clone();
        let nom = json.display().to_string();
        let d = json.parent().unwrap();
        let mut l = l.clone();
        l.source = None;
        assert_eq!(v.lecture, l, "{nom}");
        match (&v.image, &v.geometrie) {
            (Some(f), Some(g)) => {
                let (w, h) = image::image_dimensions(d.join(f)).unwrap();
                assert_eq!((w, h), (g.largeur_px, g.hauteur_px), "{nom}");
            }
            _ => assert_eq!(l.etat, arbitre_engine::lecture::EtatBulletin::Absent, "{nom} sans image"),
        }
        // La décision de l'arbitrage sur la lecture vraie est celle que le joueur a provoquée.
        let c = ctx.entry(l.coup).or_insert_with(|| ContexteCoup::new(&partie, l.coup, &lp).unwrap());
        let dec = corriger(c, &l, Edition::E2020);
        let a = &v.intention.unwrap().attendu;
        assert_eq!((dec.verdict, dec.score), (a.verdict, a.score), "{nom}");
        // Ce qui est payé ne forme aucune abréviation ni aucun symbole (TR, KM…) : le
        // lexique par défaut en est nettoyé.
        if let (true, Some(sol)) = (dec.score > 0, &dec.solution) {
            let mot = arbitre_engine::tuiles::mot_depuis_texte(&sol.mot).unwrap();
            let e = arbitre_engine::evaluer(&c.grille, &partie.formule, &mot, sol.reference.parse().unwrap()).unwrap();
            let formes = e.mots_formes_texte();
            assert!(!formes.iter().any(|m| est_abreviation(m)), "{nom} : {} en {} forme {formes:?}", sol.mot, sol.reference);
            payes.extend(formes);
        }
    }
    payes.sort();
    payes.dedup();
    eprintln!("mots formés par les solutions payées : {}", payes.join(" "));
}

/// Issue 14, point 7 : une rature est dessinée comme ce qu'elle est (gribouillis serré,
/// chiffre barré), hors des cases de la lecture, et la vérité terrain dit où est son encre :
/// aucune encre que la vérité ne décrit ne touche une case lue.
#[test]
fn les_ratures_sont_hors_des_cases_lues_et_decrites_par_la_verite() {
    let tmp = tempfile::tempdir().unwrap();
    let ecr_dossier = tmp.path().join("ecritures");
    petit_dossier(&ecr_dossier);
    let ecritures = Ecritures::charger(&ecr_dossier, Partage::Tout).unwrap();
    let form = Formulaire::fisf();
    let pol = polices(Partage::Tout);
    let mut g = Generateur::new(&form, &ecritures, &pol);
    g.bornes = Bornes { dpi: (150.0, 150.0), jpeg: (90, 90) };
    let texte = "bulletin table=3 coup=2\nref: H4\nscore: 20\n|CRASE\n|..~X\nrature: oui\n";
    let lecture = arbitre_engine::lecture::lire_bulletin("t.txt", texte).unwrap();
    let mut au_score = 0;
    for graine in 0..12 {
        let v = g.generer(&lecture, None, graine, "b.jpg").unwrap().verite;
        let geo = v.geometrie.unwrap();
        let dans_la_case = geo.ratures.iter().filter_map(|r| match r.lieu {
            arbitre_echantillons::rendu::LieuRature::Case { zone_rangee, zone_colonne } => Some((zone_rangee, zone_colonne, r.encre)),
            arbitre_echantillons::rendu::LieuRature::Score => {
                au_score += 1;
                None
            }
        });
        let cases: Vec<(u32, u32)> = geo.cases.iter().map(|c| (c.zone_rangee, c.zone_colonne)).collect();
        let (o_r, o_c) = (geo.origine[0], geo.origine[1]);
        let mut une = 0;
        for (r, c, encre) in dans_la_case {
            une += 1;
            // Hors du rectangle de la lecture (2 rangées × 5 colonnes), et d'aucune case lue.
            assert!(!(r >= o_r && r < o_r + 2 && c >= o_c && c < o_c + 5), "graine {graine} : rature en ({r}, {c}) dans la lecture");
            assert!(!cases.contains(&(r, c)));
            // Son encre ne recouvre l'encre d'aucune case lue.
            let boite = |q: &[[f32; 2]; 4]| {
                let xs = q.iter().map(|p| p[0]);
                let ys = q.iter().map(|p| p[1]);
                (xs.clone().fold(f32::MAX, f32::min), ys.clone().fold(f32::MAX, f32::min), xs.fold(f32::MIN, f32::max), ys.fold(f32::MIN, f32::max))
            };
            let b = boite(&encre);
            for cv in &geo.cases {
                let e = boite(cv.encre.as_ref().unwrap());
                let recouvre = b.0 < e.2 && e.0 < b.2 && b.1 < e.3 && e.1 < b.3;
                assert!(!recouvre, "graine {graine} : la rature touche la case {:?}", (cv.zone_rangee, cv.zone_colonne));
            }
        }
        assert_eq!(une, 1, "graine {graine} : une rature dans l'aire");
    }
    assert!(au_score > 0, "un chiffre barré à côté du score dans quelques bulletins");
}
