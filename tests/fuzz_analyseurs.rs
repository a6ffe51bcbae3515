//! Fuzzing court, dans la suite de tests (issue 12, point 10) : chaque analyseur reçoit des
//! entrées de départ (exemples justes et entrées de l'issue) altérées au hasard — octets
//! changés, insérés, effacés, morceaux recopiés — et les cibles de `fuzz/cibles.rs`
//! vérifient qu'il n'y a ni panne ni message démesuré. `FUZZ_CAS=100000 cargo test
//! --release --test fuzz_analyseurs` pour une campagne plus longue ; `fuzz/README.md`
//! pour `cargo fuzz`.

#[path = "../fuzz/cibles.rs"]
mod cibles;

use proptest::prelude::*;

fn cas() -> u32 {
    std::env::var("FUZZ_CAS").ok().and_then(|v| v.parse().ok()).unwrap_or(200)
}

/// Une altération d'une entrée : à une position (fraction de la longueur), un genre et un
/// octet ou une longueur.
#[derive(Debug, Clone)]
enum Retouche {
    Changer(f64, u8),
    Inserer(f64, u8),
    Effacer(f64, usize),
    Recopier(f64, f64, usize),
}

fn retouche() -> impl Strategy<Value = Retouche> {
    let octet = prop_oneof![any::<u8>(), prop::sample::select(b"\n|{}~#.:= ?+-0123456789AZaz\xE9".to_vec())];
    prop_oneof![
        (0.0..1.0f64, octet.clone()).prop_map(|(p, o)| Retouche::Changer(p, o)),
        (0.0..1.0f64, octet).prop_map(|(p, o)| Retouche::Inserer(p, o)),
        (0.0..1.0f64, 1..40usize).prop_map(|(p, n)| Retouche::Effacer(p, n)),
        (0.0..1.0f64, 0.0..1.0f64, 1..200usize).prop_map(|(a, b, n)| Retouche::Recopier(a, b, n)),
    ]
}

fn appliquer(mut v: Vec<u8>, retouches: &[Retouche]) -> Vec<u8> {
    let pos = |p: f64, n: usize| ((p * n as f64) as usize).min(n);
    for r in retouches {
        let n = v.len();
        match *r {
            Retouche::Changer(p, o) if n > 0 => {
                let i = pos(p, n - 1);
                v[i] = o;
            }
            Retouche::Changer(..) => v.push(0),
            Retouche::Inserer(p, o) => v.insert(pos(p, n), o),
            Retouche::Effacer(p, k) => {
                let i = pos(p, n);
                v.drain(i..(i + k).min(n));
            }
            Retouche::Recopier(a, b, k) => {
                let i = pos(a, n);
                let morceau: Vec<u8> = v[i..(i + k).min(n)].to_vec();
                let j = pos(b, n);
                v.splice(j..j, morceau);
            }
        }
    }
    v
}

/// Une entrée de départ parmi `graines`, altérée.
fn entree(graines: Vec<Vec<u8>>) -> impl Strategy<Value = Vec<u8>> {
    (prop::sample::select(graines), prop::collection::vec(retouche(), 0..12)).prop_map(|(g, r)| appliquer(g, &r))
}

fn graines_parties() -> Vec<Vec<u8>> {
    let eliot = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/samples/manche-exemple/partie.partie")).unwrap();
    vec![
        cibles::PARTIE.as_bytes().to_vec(),
        eliot,
        cibles::PARTIE.replace("AEGMNRT", &format!("{}AEGMNRT", "A".repeat(256))).into_bytes(),
        format!("{}3 {}\n", cibles::PARTIE, "X".repeat(5000)).into_bytes(),
    ]
}

fn graines_lectures() -> Vec<Vec<u8>> {
    let exemple = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/samples/manche-exemple/bulletins.txt")).unwrap();
    vec![
        exemple[..exemple.len().min(3000)].to_vec(),
        b"bulletin table=1 coup=1\nref: H4\nscore: 20\n|MANGER\nbulletin table=2 coup=2\nref: 10G\n|T\n|A\n|L\n|E\n|S\n".to_vec(),
        b"bulletin table=3 coup=2\nscore: 16\n|..~M{AE}\n|.TALES\n|..{UV}a#\nrature: oui\n# caf\xE9\n".to_vec(),
        format!("bulletin table=1 coup=1\n{}", "|M\n".repeat(40)).into_bytes(),
        format!("bulletin table=1 coup=1\n|{}\n", "{AB}".repeat(40)).into_bytes(),
        // Les sanctions notées par l'arbitre (issue 13) : chaque genre, puis au-delà des
        // bornes (trop de lignes, motif trop long).
        "bulletin table=1 coup=1\nref: H4\nscore: 20\n|MANGER\nsanction: avertissement bavardage\nsanction: temps dépassé\n\
bulletin table=2 coup=2\nvierge\nsanction: zéro collusion\nsanction: Bulletin échangé\nsanction: echange\n"
            .into(),
        format!("bulletin table=3 coup=1\nabsent\n{}sanction: zero {}\n", (0..9).map(|i| format!("sanction: avertissement motif {i}\n")).collect::<String>(), "x".repeat(100))
            .into_bytes(),
    ]
}

fn graines_csv() -> Vec<Vec<u8>> {
    vec![
        "table,nom,arrivee\n1,Marie Dupont,\n2,Jean Martin,4\n99,Léa,\n".into(),
        "table,coup,score,sanction\n1,1,20\n2,1,20,avertissement\n3,2,0,zero\n".into(),
        b"1,\"A,B\",2\n2,L\xE9a,\n".to_vec(),
    ]
}

fn archive_type() -> Vec<u8> {
    let d = tempfile::tempdir().unwrap();
    let b = d.path().join("b.txt");
    std::fs::write(&b, "bulletin table=1 coup=1\nref: H4\nscore: 20\n|MANGER\nbulletin table=2 coup=1\n|{MN}ANGER\nbulletin table=2 coup=2\nvierge\n").unwrap();
    let p = d.path().join("p.partie");
    std::fs::write(&p, cibles::PARTIE).unwrap();
    let l = d.path().join("l.txt");
    std::fs::write(&l, cibles::LEXIQUE.join("\n")).unwrap();
    let s = d.path().join("r");
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .args(["corriger", "--partie", p.to_str().unwrap(), "--bulletins", b.to_str().unwrap(), "--lexique", l.to_str().unwrap(), "--sortie", s.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(s.join("archive.json").is_file(), "{}", String::from_utf8_lossy(&o.stderr));
    std::fs::read(s.join("archive.json")).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cas(), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn partie(octets in entree(graines_parties())) {
        cibles::partie_texte(&octets);
    }

    #[test]
    fn lectures(octets in entree(graines_lectures())) {
        cibles::lectures(&octets);
    }

    #[test]
    fn csv(octets in entree(graines_csv())) {
        cibles::csv(&octets);
    }

    #[test]
    fn lexique(octets in entree(vec![arbitre_engine::lexique::compiler_liste(&cibles::LEXIQUE.join("\n")).0])) {
        cibles::lexique_fst(&octets);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cas() / 4, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn archive(octets in entree(vec![archive_type()])) {
        cibles::archive(&octets);
    }
}
