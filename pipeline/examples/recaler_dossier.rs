//! Recale chaque scan d'une manche générée et compare à la vérité terrain :
//! `cargo run --release -p arbitre-pipeline --example recaler_dossier -- DOSSIER`.
use arbitre_formulaire::Formulaire;
use arbitre_pipeline::chargement::charger;
use arbitre_pipeline::recalage::recaler;

fn main() {
    let d = std::path::PathBuf::from(std::env::args().nth(1).expect("dossier"));
    let f = Formulaire::fisf();
    let mut ecarts = Vec::new();
    let mut echecs = 0;
    let (mut t_dec, mut t_rec) = (0.0, 0.0);
    let t = std::time::Instant::now();
    for (json, v) in arbitre_echantillons::sortie::verites(&d).unwrap() {
        let (Some(image), Some(geo)) = (&v.image, &v.geometrie) else { continue };
        let d = json.parent().unwrap();
        let t0 = std::time::Instant::now();
        let img = charger(&d.join(image)).unwrap().remove(0);
        let t1 = std::time::Instant::now();
        let rr = recaler(&img, &f);
        t_dec += (t1 - t0).as_secs_f64();
        t_rec += t1.elapsed().as_secs_f64();
        let pert = v.perturbations.as_ref().unwrap();
        match rr {
            Ok(r) => {
                let z = f.zone.rect();
                let mut e = 0.0f64;
                let mut detail = String::new();
                for (x, y) in [(z.x_mm, z.y_mm), (z.x_mm + z.largeur_mm, z.y_mm + z.hauteur_mm), (5.0, 98.5), (98.5, 5.0), (51.75, 51.75), (132.0, 5.0), (132.0, 98.5)] {
                    let (a, b) = (r.mm_vers_px.appliquer(x, y), geo.mm_vers_px.appliquer(x, y));
                    let ei = (a.0 - b.0).hypot(a.1 - b.1) / geo.mm_vers_px.echelle_locale(x, y);
                    detail += &format!(" {ei:.2}");
                    e = e.max(ei);
                }
                if e > 0.3 && std::env::var("CARTE").is_ok() {
                    carte(&r.mm_vers_px, &geo.mm_vers_px);
                }
                if e > 0.3 || r.tete_en_bas() != pert.retourne {
                    println!("{image} : écart {e:.3} mm retourné {} / {} dpi {} flou {:.2} résidu {:.3} lignes {:?} rot {:.2}/{:.2} [{detail}]", r.tete_en_bas(), pert.retourne, pert.dpi, pert.flou_px, r.residu_mm, r.lignes, r.rotation_deg, pert.rotation_deg);
                }
                ecarts.push(e);
            }
            Err(e) => {
                echecs += 1;
                println!("{image} : {e} (dpi {}, flou {:.2}, bruit {:.1}, jpeg {}, fond {:?})", pert.dpi, pert.flou_px, pert.bruit, pert.jpeg_qualite, pert.fond);
            }
        }
    }
    ecarts.sort_by(f64::total_cmp);
    let n = ecarts.len();
    println!("décodage {:.1} ms, recalage {:.1} ms par scan", t_dec * 1000.0 / (n + echecs) as f64, t_rec * 1000.0 / (n + echecs) as f64);
    println!("{n} recalés, {echecs} échecs, médiane {:.3} mm, 99 % {:.3}, max {:.3}, {:.1} ms/scan", ecarts[n / 2], ecarts[n * 99 / 100], ecarts[n - 1], t.elapsed().as_secs_f64() * 1000.0 / (n + echecs) as f64);
}

#[allow(dead_code)]
pub fn carte(r: &arbitre_formulaire::Homographie, t: &arbitre_formulaire::Homographie) {
    for j in 0..18 {
        let mut l = String::new();
        for i in 0..18 {
            let (x, y) = (5.0 + 5.5 * i as f64, 5.0 + 5.5 * j as f64);
            let (a, b) = (r.appliquer(x, y), t.appliquer(x, y));
            let e = (a.0 - b.0).hypot(a.1 - b.1) / t.echelle_locale(x, y);
            l += &format!("{:3}", (e * 100.0).round() as i32);
        }
        println!("{l}");
    }
}
