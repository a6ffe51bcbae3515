//! Aucun fichier ne fait paniquer le lecteur : des scans de la manche d'exemple abîmés au
//! hasard (octets changés, tronqués, insérés, répétés) donnent une lecture ou un rejet
//! qui nomme l'image, jamais une panique.

use arbitre_formulaire::Formulaire;
use arbitre_pipeline::lecteur::Lecteur;
use proptest::prelude::*;
use std::path::Path;
use std::sync::OnceLock;

fn lecteur() -> &'static Lecteur {
    static L: OnceLock<Lecteur> = OnceLock::new();
    L.get_or_init(|| Lecteur::new(Formulaire::fisf()).expect("modèle livré"))
}

fn scan() -> &'static [u8] {
    static S: OnceLock<Vec<u8>> = OnceLock::new();
    S.get_or_init(|| std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("../samples/manche-exemple/coup-01/scan-001.jpg")).expect("scan de l'exemple"))
}

#[derive(Debug, Clone)]
enum Abime {
    Octet(usize, u8),
    Tronque(usize),
    Insere(usize, Vec<u8>),
    Repete(usize, usize),
}

fn abime() -> impl Strategy<Value = Abime> {
    prop_oneof![
        (any::<usize>(), any::<u8>()).prop_map(|(i, o)| Abime::Octet(i, o)),
        any::<usize>().prop_map(Abime::Tronque),
        (any::<usize>(), proptest::collection::vec(any::<u8>(), 1..64)).prop_map(|(i, v)| Abime::Insere(i, v)),
        (any::<usize>(), 1usize..4096).prop_map(|(i, n)| Abime::Repete(i, n)),
    ]
}

fn appliquer(mut v: Vec<u8>, abimes: &[Abime]) -> Vec<u8> {
    for a in abimes {
        if v.is_empty() {
            break;
        }
        match a {
            Abime::Octet(i, o) => {
                let n = v.len();
                v[i % n] = *o;
            }
            Abime::Tronque(i) => v.truncate(i % v.len()),
            Abime::Insere(i, x) => {
                let i = i % v.len();
                v.splice(i..i, x.iter().copied());
            }
            Abime::Repete(i, n) => {
                let i = i % v.len();
                let fin = (i + n).min(v.len());
                let morceau = v[i..fin].to_vec();
                v.splice(fin..fin, morceau);
            }
        }
    }
    v
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn un_scan_abime_donne_une_lecture_ou_un_rejet_jamais_une_panique(abimes in proptest::collection::vec(abime(), 1..6)) {
        let octets = appliquer(scan().to_vec(), &abimes);
        let lectures = lecteur().lire_octets(&octets, "abime.jpg", Some(1));
        prop_assert!(!lectures.is_empty());
        for l in &lectures {
            prop_assert_eq!(&l.image, "abime.jpg");
            prop_assert!(l.rejet.is_some() || l.lecture.is_some());
        }
    }
}

/// Un PDF de scanner de deux pages, petit (une image grise compressée par page) : sa
/// structure y pèse autant que ses pixels, et un octet abîmé tombe souvent dedans.
fn pdf() -> &'static [u8] {
    use lopdf::{dictionary, Document, Object, Stream};
    static P: OnceLock<Vec<u8>> = OnceLock::new();
    P.get_or_init(|| {
        let mut doc = Document::with_version("1.5");
        let pages_id = doc.new_object_id();
        let mut enfants: Vec<Object> = Vec::new();
        for rotation in [0, 90] {
            let pixels: Vec<u8> = (0..300 * 200).map(|i| (i % 251) as u8).collect();
            let mut image = Stream::new(dictionary! { "Type" => "XObject", "Subtype" => "Image", "Width" => 300, "Height" => 200, "ColorSpace" => "DeviceGray", "BitsPerComponent" => 8 }, pixels);
            image.compress().unwrap();
            let image_id = doc.add_object(image);
            let page = dictionary! { "Type" => "Page", "Parent" => pages_id, "Rotate" => rotation, "Resources" => dictionary! { "XObject" => dictionary! { "Im0" => image_id } } };
            enfants.push(doc.add_object(page).into());
        }
        doc.objects.insert(pages_id, Object::Dictionary(dictionary! { "Type" => "Pages", "Kids" => enfants, "Count" => 2 }));
        let catalogue = doc.add_object(dictionary! { "Type" => "Catalog", "Pages" => pages_id });
        doc.trailer.set("Root", catalogue);
        let mut octets = Vec::new();
        doc.save_to(&mut octets).unwrap();
        octets
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn un_pdf_abime_donne_ses_pages_ou_une_erreur_jamais_une_panique(abimes in proptest::collection::vec(abime(), 1..6)) {
        let octets = appliquer(pdf().to_vec(), &abimes);
        match arbitre_pipeline::chargement::decoder(&octets) {
            Ok(pages) => prop_assert!(!pages.is_empty() && pages.len() <= 2),
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }
}

#[test]
fn le_pdf_intact_donne_ses_deux_pages() {
    let pages = arbitre_pipeline::chargement::decoder(pdf()).unwrap();
    assert_eq!(pages.iter().map(|p| p.dimensions()).collect::<Vec<_>>(), vec![(300, 200), (200, 300)]);
}

/// Trouvé par le test de propriété : un octet abîmé fait nommer au nœud des pages lui-même
/// parmi ses enfants (`Kids[3 0 R 1 0 R]`) ; l'arbre se reboucle et donnait quatre fois la
/// première page, quatre « bulletins » d'un seul scan. Chaque page est lue une fois.
#[test]
fn un_arbre_des_pages_qui_se_reboucle_donne_chaque_page_une_fois() {
    let intact = String::from_utf8_lossy(pdf()).into_owned();
    assert!(intact.contains("/Kids[3 0 R 5 0 R]"), "la structure du PDF d'essai a changé");
    let octets: Vec<u8> = {
        let i = pdf().windows(17).position(|w| w == b"/Kids[3 0 R 5 0 R").unwrap();
        let mut v = pdf().to_vec();
        v[i + 12] = b'1';
        v
    };
    let pages = arbitre_pipeline::chargement::decoder(&octets).unwrap();
    assert_eq!(pages.iter().map(|p| p.dimensions()).collect::<Vec<_>>(), vec![(300, 200)]);
}

