//! Les fichiers `.fst` qu'on donne à `--lexique` (issue 12, points 1 et 2) : un fichier
//! tronqué, un octet changé, un mot plus long que la grille ou un caractère hors A–Z donnent
//! une erreur claire qui nomme le fichier, jamais une panne ni un débordement de pile.

use arbitre_engine::Lexique;
use std::path::{Path, PathBuf};

/// Un petit lexique compilé comme le fait `arbitre lexique build` (une centaine d'octets,
/// la taille des fichiers du fuzzer).
fn petit_fst() -> Vec<u8> {
    arbitre_engine::lexique::compiler_liste("MANGER\nMANGERA\nAMENER\nTALES\nSALE\nLAS\nZEBU\n").0
}

fn ecrire(dossier: &Path, nom: &str, octets: &[u8]) -> PathBuf {
    let p = dossier.join(nom);
    std::fs::write(&p, octets).unwrap();
    p
}

/// Les octets d'un `fst::Set` de ces clés, tels que `fst` les écrit.
fn fst_de(cles: &[&[u8]]) -> Vec<u8> {
    let mut cles = cles.to_vec();
    cles.sort();
    let mut b = fst::SetBuilder::memory();
    for c in cles {
        b.insert(c).unwrap();
    }
    b.into_inner().unwrap()
}

/// Remet la somme de contrôle CRC-32C masquée (celle de `fst`) à la fin des octets : un
/// fichier fabriqué à la main, que la somme seule ne trahit pas.
fn resceller(octets: &mut [u8]) {
    let n = octets.len() - 4;
    let crc = crc::Crc::<u32>::new(&crc::CRC_32_ISCSI).checksum(&octets[..n]);
    let masque = (crc.rotate_right(15)).wrapping_add(0xA282_EAD8);
    octets[n..].copy_from_slice(&masque.to_le_bytes());
}

fn erreur(p: &Path) -> String {
    match Lexique::charger(p) {
        Ok(_) => panic!("{} accepté", p.display()),
        Err(e) => e.to_string(),
    }
}

#[test]
fn le_petit_fst_se_charge() {
    let d = tempfile::tempdir().unwrap();
    let p = ecrire(d.path(), "petit.fst", &petit_fst());
    let lx = Lexique::charger(&p).unwrap();
    assert_eq!(lx.identite().mots, 7);
    assert!(lx.contient_texte("mangera"));
}

#[test]
fn un_fst_tronque_ou_a_un_bit_change_est_refuse_en_nommant_le_fichier() {
    let d = tempfile::tempdir().unwrap();
    let bon = petit_fst();
    assert!((36..=200).contains(&bon.len()), "{} octets", bon.len());
    for n in 0..bon.len() {
        let p = ecrire(d.path(), "tronque.fst", &bon[..n]);
        let e = erreur(&p);
        assert!(e.starts_with(&format!("lexique {}", p.display())), "{e}");
    }
    for i in 0..bon.len() {
        for bit in 0..8 {
            let mut o = bon.clone();
            o[i] ^= 1 << bit;
            let p = ecrire(d.path(), "abime.fst", &o);
            let e = erreur(&p);
            assert!(e.contains("abime.fst"), "octet {i} bit {bit} : {e}");
        }
    }
    let mut o = bon.clone();
    o[20] ^= 0x10;
    let e = erreur(&ecrire(d.path(), "abime.fst", &o));
    assert!(e.contains("abîmé") && e.contains("arbitre lexique build"), "{e}");
}

/// Un fichier modifié puis rescellé : la somme est juste, le contenu ne l'est pas. Tout
/// octet changé donne un lexique cohérent ou une erreur, jamais une panne.
#[test]
fn un_fst_fabrique_a_la_somme_juste_ne_fait_pas_paniquer() {
    let d = tempfile::tempdir().unwrap();
    let bon = petit_fst();
    let mut refuses = 0;
    for i in 0..bon.len() - 4 {
        for valeur in [0u8, 1, 0x3F, 0x7F, 0x80, 0xC0, 0xFF, bon[i] ^ 0x01, bon[i] ^ 0x40] {
            let mut o = bon.clone();
            o[i] = valeur;
            resceller(&mut o);
            let p = ecrire(d.path(), "fabrique.fst", &o);
            match Lexique::charger(&p) {
                Ok(lx) => {
                    // Accepté : l'automate et l'ensemble disent les mêmes mots.
                    let mots: Vec<String> = lx.mots().collect();
                    assert_eq!(mots.len(), lx.identite().mots);
                    for m in &mots {
                        assert!(m.len() <= 15 && m.bytes().all(|b| b.is_ascii_uppercase()), "{m:?}");
                        assert!(lx.contient(&arbitre_engine::tuiles::mot_depuis_texte(m).unwrap()), "{m}");
                    }
                }
                Err(e) => {
                    refuses += 1;
                    assert!(e.to_string().contains("fabrique.fst"), "{e}");
                }
            }
        }
    }
    assert!(refuses > 0);
}

/// Une clé de 60 000 lettres débordait la pile de la copie récursive (issue 12, point 2).
#[test]
fn un_mot_plus_long_que_la_grille_est_refuse_sans_deborder_la_pile() {
    let d = tempfile::tempdir().unwrap();
    let long = vec![b'A'; 60_000];
    let p = ecrire(d.path(), "long.fst", &fst_de(&[b"AB", &long]));
    let e = erreur(&p);
    assert!(e.contains("long.fst") && e.contains("plus de 15 lettres"), "{e}");
    assert!(e.len() < 400, "message borné : {} caractères", e.len());

    // 16 lettres : refusé, même quand le mot partage son suffixe avec un mot court.
    let p = ecrire(d.path(), "seize.fst", &fst_de(&[b"ABCDEFGHIJKLMNOP", b"XNOP"]));
    assert!(erreur(&p).contains("« ABCDEFGHIJKLMNOP"));
    let p = ecrire(d.path(), "suffixe.fst", &fst_de(&[b"ABCDEFGHIJKLMNO", b"ZBCDEFGHIJKLMNOX", b"ZZBCDEFGHIJKLMNO"]));
    assert!(erreur(&p).contains("plus de 15 lettres"));
    // 15 lettres : la longueur de la grille, accepté.
    let p = ecrire(d.path(), "quinze.fst", &fst_de(&[b"ABCDEFGHIJKLMNO", b"ZZ"]));
    assert_eq!(Lexique::charger(&p).unwrap().identite().mots, 2);
}

/// Une liste compilée par `arbitre lexique build` écarte les mots trop longs (issue 12,
/// point 2) et le dit dans son bilan.
#[test]
fn la_compilation_ecarte_les_mots_de_plus_de_15_lettres() {
    let d = tempfile::tempdir().unwrap();
    let liste = ecrire(d.path(), "liste.txt", format!("MAISON\n{}\nANTICONSTITUTIONNELLEMENT\n", "A".repeat(60_000)).as_bytes());
    let sortie = d.path().join("liste.fst");
    let bilan = Lexique::construire(&liste, &sortie, false).unwrap();
    assert_eq!((bilan.mots, bilan.longueur), (1, 2));
    assert_eq!(Lexique::charger(&sortie).unwrap().identite().mots, 1);
}

#[test]
fn un_caractere_hors_a_z_est_refuse() {
    let d = tempfile::tempdir().unwrap();
    let p = ecrire(d.path(), "accents.fst", &fst_de(&["ELEVE".as_bytes(), "ÉLÈVE".as_bytes()]));
    let e = erreur(&p);
    assert!(e.contains("accents.fst") && e.contains("0xC3"), "{e}");
}
