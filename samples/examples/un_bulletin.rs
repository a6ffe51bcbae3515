//! Dessine un bulletin d'après une lecture écrite à la main (format texte des lectures) :
//! `cargo run --release -p arbitre-echantillons --example un_bulletin -- LECTURE.txt SORTIE.jpg [GRAINE]`.
use arbitre_echantillons::ecritures::{Ecritures, Partage};
use arbitre_echantillons::generateur::{polices, Generateur};
use arbitre_engine::lecture::lire_bulletin;
use arbitre_formulaire::Formulaire;

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let texte = std::fs::read_to_string(&a[1]).expect("lecture");
    let l = lire_bulletin(&a[1], &texte).expect("bulletin");
    let graine = a.get(3).map(|s| s.parse().unwrap()).unwrap_or(1);
    let t = std::time::Instant::now();
    let e = Ecritures::charger(&Ecritures::dossier_emnist(), Partage::Evaluation).expect("écritures");
    eprintln!("écritures : {} tracés en {:?}", e.len(), t.elapsed());
    let f = Formulaire::fisf();
    let pol = polices(Partage::Evaluation);
    let g = Generateur::new(&f, &e, &pol);
    let t = std::time::Instant::now();
    let b = g.generer(&l, None, graine, "x.jpg").expect("rendu");
    eprintln!("bulletin en {:?}", t.elapsed());
    let octets = b.jpeg.unwrap();
    if a[2].ends_with(".png") {
        image::load_from_memory(&octets).unwrap().save(&a[2]).unwrap();
    } else {
        std::fs::write(&a[2], octets).unwrap();
    }
    println!("{}", serde_json::to_string_pretty(&b.verite.perturbations).unwrap());
}
