//! Le lexique : une liste de mots compilée en `fst::Set`, chargée par projection mémoire,
//! et recopiée en [`Dawg`] pour la génération des coups.

mod dawg;
mod nettoyage;
mod pliage;
mod union;

pub use dawg::{Dawg, DefautAutomate, IdNoeud};
pub use nettoyage::{est_abreviation, INTERJECTIONS_SANS_VOYELLE};
pub use pliage::{plier, Ecart, LONGUEUR_MAX, LONGUEUR_MIN};

use crate::tuiles::{mot_vers_texte, Lettre};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use thiserror::Error;

/// Le lexique libre livré par défaut, construit depuis le paquet Debian `wfrench`
/// (voir `engine/lexique/README.md`).
pub static DEFAUT_FST: &[u8] = include_bytes!("../../lexique/wfrench.fst");
/// Nom du lexique par défaut.
pub const DEFAUT_NOM: &str = "wfrench (Debian, GPL-2+), lexique libre par défaut";

/// Avertissement imprimé par toute sortie calculée sur le lexique par défaut.
pub const AVERTISSEMENT_DEFAUT: &str = "ATTENTION : lexique libre par défaut (wfrench), qui n'est pas l'ODS. \
Des mots admis en compétition y manquent (WOK, KWA, ZOB…) et d'autres y figurent à tort. \
Ne corrigez pas un tournoi avec ce lexique : passez --lexique avec votre liste officielle.";

#[derive(Debug, Error)]
pub enum ErreurLexique {
    /// Le fichier ne se lit pas, ou une ligne de la liste n'est pas de l'UTF-8.
    #[error("lexique {0}")]
    Fichier(#[from] crate::fichier::ErreurFichier),
    #[error("lexique {chemin} : ce n'est pas un fichier .fst valide : {source}")]
    Fst { chemin: PathBuf, source: fst::Error },
    #[error("lexique {chemin} : fichier abîmé ou incomplet ({source}) : recompilez-le avec « arbitre lexique build »")]
    Abime { chemin: PathBuf, source: fst::Error },
    #[error("lexique {chemin} : {defaut} : ce lexique n'a pas été compilé par « arbitre lexique build » ; recompilez la liste de mots")]
    Automate { chemin: PathBuf, defaut: DefautAutomate },
    #[error("lexique {chemin} : aucun mot de 2 à 15 lettres")]
    Vide { chemin: PathBuf },
    #[error("lexique {} : écriture impossible : {}", chemin.display(), crate::francais::io(source))]
    Ecriture { chemin: PathBuf, source: std::io::Error },
}

/// Ce qui identifie un lexique dans toute sortie : nom, nombre de mots, empreinte.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Identite {
    pub nom: String,
    pub mots: usize,
    /// SHA-256 (16 premiers chiffres hexadécimaux) du fichier `.fst`, qui ne dépend que
    /// de l'ensemble des mots.
    pub empreinte: String,
    /// Vrai pour le lexique libre par défaut (non officiel).
    pub defaut: bool,
}

impl Identite {
    /// `nom — N mots — empreinte`
    pub fn resume(&self) -> String {
        format!("{} — {} mots — empreinte {}", self.nom, self.mots, self.empreinte)
    }
}

enum Octets {
    Statique(&'static [u8]),
    Projete(memmap2::Mmap),
    Memoire(Vec<u8>),
}

impl AsRef<[u8]> for Octets {
    fn as_ref(&self) -> &[u8] {
        match self {
            Octets::Statique(s) => s,
            Octets::Projete(m) => m,
            Octets::Memoire(v) => v,
        }
    }
}

/// Un lexique chargé.
pub struct Lexique {
    set: fst::Set<Octets>,
    dawg: Dawg,
    identite: Identite,
}

/// Bilan d'une compilation de liste.
#[derive(Debug, Clone, Default)]
pub struct BilanConstruction {
    pub lignes: usize,
    pub mots: usize,
    pub composes: usize,
    pub caracteres: usize,
    pub longueur: usize,
    pub doublons: usize,
    /// Abréviations, symboles et sigles écartés par le nettoyage (repliés, triés, sans
    /// doublon) ; vide sans nettoyage.
    pub abreviations: Vec<String>,
}

use crate::fichier::empreinte;

/// Compile le texte d'une liste de mots en octets `fst`.
pub fn compiler_liste(texte: &str) -> (Vec<u8>, BilanConstruction) {
    compiler(texte, false)
}

/// Compile une liste en écartant, si `sans_abreviations`, les abréviations, symboles et
/// sigles (`nettoyage.rs`).
fn compiler(texte: &str, sans_abreviations: bool) -> (Vec<u8>, BilanConstruction) {
    let mut bilan = BilanConstruction::default();
    let mut mots = Vec::new();
    for ligne in texte.lines() {
        if ligne.trim().is_empty() {
            continue;
        }
        bilan.lignes += 1;
        match plier(ligne) {
            Ok(m) => mots.push(m),
            Err(Ecart::Compose) => bilan.composes += 1,
            Err(Ecart::Caractere(_)) => bilan.caracteres += 1,
            Err(Ecart::Longueur) => bilan.longueur += 1,
        }
    }
    mots.sort_unstable();
    let avant = mots.len();
    mots.dedup();
    bilan.doublons = avant - mots.len();
    if sans_abreviations {
        bilan.abreviations = mots.iter().filter(|m| est_abreviation(m)).cloned().collect();
        mots.retain(|m| !est_abreviation(m));
    }
    bilan.mots = mots.len();
    let set = fst::Set::from_iter(mots.iter()).expect("mots triés et dédoublonnés");
    (set.into_fst().into_inner(), bilan)
}

thread_local! {
    /// Vrai pendant [`sans_message_de_panique`] sur ce fil.
    static SILENCE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Exécute `f` ; une panique dans `f` donne `None`, sans le message de panique habituel
/// sur la sortie d'erreur (celui des paniques des autres fils, ou hors de `f`, reste).
fn sans_message_de_panique<T>(f: impl FnOnce() -> T) -> Option<T> {
    static CROCHET: std::sync::Once = std::sync::Once::new();
    CROCHET.call_once(|| {
        let precedent = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !SILENCE.with(|s| s.get()) {
                precedent(info)
            }
        }));
    });
    SILENCE.with(|s| s.set(true));
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
    SILENCE.with(|s| s.set(false));
    r.ok()
}

impl Lexique {
    /// Le lexique libre par défaut, intégré au programme.
    pub fn defaut() -> Lexique {
        let set = fst::Set::new(Octets::Statique(DEFAUT_FST)).expect("lexique par défaut valide");
        let dawg = Dawg::depuis_fst(&set).expect("lexique par défaut valide");
        Self::assembler(set, dawg, DEFAUT_NOM.to_string())
    }

    /// Charge un `.fst` (projection mémoire) ou compile une liste de mots (tout autre fichier).
    pub fn charger(chemin: &Path) -> Result<Lexique, ErreurLexique> {
        let nom = chemin.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let lecture = |e| ErreurLexique::from(crate::fichier::ErreurFichier::lecture(chemin, e));
        if chemin.extension().is_some_and(|e| e == "fst") {
            let f = std::fs::File::open(chemin).map_err(lecture)?;
            // SAFETY: le fichier est ouvert en lecture seule ; s'il était modifié pendant
            // l'exécution, fst signalerait au pire des données incohérentes.
            let mmap = unsafe { memmap2::Mmap::map(&f) }.map_err(lecture)?;
            let chemin_fst = || chemin.to_path_buf();
            let set = fst::Set::new(Octets::Projete(mmap)).map_err(|source| ErreurLexique::Fst { chemin: chemin_fst(), source })?;
            // La somme de contrôle du fichier : un octet changé ou un fichier tronqué.
            set.as_fst().verify().map_err(|source| ErreurLexique::Abime { chemin: chemin_fst(), source })?;
            // Un fichier à la somme juste mais fabriqué à la main peut encore mentir : la
            // copie vérifie mots et structure, et `fst` peut paniquer en décodant un nœud
            // impossible (lu hors du fichier) : c'est alors un fichier abîmé, pas une panne.
            let copie = sans_message_de_panique(|| Dawg::depuis_fst(&set)).unwrap_or_else(|| {
                Err(DefautAutomate::Incoherent("un nœud de l'automate sort du fichier".into()))
            });
            let dawg = copie.map_err(|defaut| ErreurLexique::Automate { chemin: chemin_fst(), defaut })?;
            return Ok(Self::assembler(set, dawg, nom));
        }
        let texte = crate::fichier::lire_texte(chemin)?;
        let (fst, bilan) = compiler_liste(&texte);
        if bilan.mots == 0 {
            return Err(ErreurLexique::Vide { chemin: chemin.to_path_buf() });
        }
        Ok(Self::compile(fst, nom))
    }

    /// Compile une liste en fichier `.fst` ; `sans_abreviations` : écarte les abréviations,
    /// symboles et sigles (construction du lexique libre par défaut).
    pub fn construire(liste: &Path, sortie: &Path, sans_abreviations: bool) -> Result<BilanConstruction, ErreurLexique> {
        let texte = crate::fichier::lire_texte(liste)?;
        let (fst, bilan) = compiler(&texte, sans_abreviations);
        if bilan.mots == 0 {
            return Err(ErreurLexique::Vide { chemin: liste.to_path_buf() });
        }
        std::fs::write(sortie, fst).map_err(|source| ErreurLexique::Ecriture { chemin: sortie.to_path_buf(), source })?;
        Ok(bilan)
    }

    /// Un lexique construit en mémoire depuis une liste de mots (repliés comme une liste
    /// lue sur disque) ; pour les tests et les lexiques de circonstance.
    pub fn depuis_mots<S: AsRef<str>>(nom: &str, mots: &[S]) -> Lexique {
        let texte: Vec<&str> = mots.iter().map(|m| m.as_ref()).collect();
        let (fst, _) = compiler_liste(&texte.join("\n"));
        Self::compile(fst, nom.to_string())
    }

    /// Un lexique compilé ici même (mots repliés : A–Z, 2 à 15 lettres).
    fn compile(fst: Vec<u8>, nom: String) -> Lexique {
        let set = fst::Set::new(Octets::Memoire(fst)).expect("fst produit par fst");
        let dawg = Dawg::depuis_fst(&set).expect("mots repliés par plier");
        Self::assembler(set, dawg, nom)
    }

    fn assembler(set: fst::Set<Octets>, dawg: Dawg, nom: String) -> Lexique {
        let octets = set.as_fst().as_bytes();
        let empreinte_fst = empreinte(octets);
        let defaut = empreinte_fst == empreinte(DEFAUT_FST);
        let nom = if defaut { DEFAUT_NOM.to_string() } else { nom };
        let identite = Identite { nom, mots: set.len(), empreinte: empreinte_fst, defaut };
        Lexique { set, dawg, identite }
    }

    pub fn identite(&self) -> &Identite {
        &self.identite
    }

    pub fn dawg(&self) -> &Dawg {
        &self.dawg
    }

    /// Le mot (lettres de grille, jokers compris) est-il admis ?
    #[inline]
    pub fn contient(&self, mot: &[Lettre]) -> bool {
        self.dawg.contient(mot)
    }

    /// Même question pour un mot en texte (replié comme la liste).
    pub fn contient_texte(&self, mot: &str) -> bool {
        plier(mot).is_ok_and(|m| self.set.contains(m.as_bytes()))
    }

    /// Les mots de la liste qui ne sont pas admis, en texte.
    pub fn non_admis<'a>(&self, mots: impl IntoIterator<Item = &'a Vec<Lettre>>) -> Vec<String> {
        mots.into_iter().filter(|m| !self.contient(m)).map(|m| mot_vers_texte(m).to_uppercase()).collect()
    }

    /// Tous les mots, dans l'ordre (pour les exports et les tests).
    pub fn mots(&self) -> impl Iterator<Item = String> + '_ {
        use fst::Streamer;
        let mut flux = self.set.stream();
        let mut v = Vec::new();
        while let Some(m) = flux.next() {
            v.push(String::from_utf8_lossy(m).into_owned());
        }
        v.into_iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tuiles::mot_depuis_texte;

    fn lexique_de(mots: &[&str]) -> Lexique {
        Lexique::depuis_mots("test", mots)
    }

    #[test]
    fn compile_replie_et_cherche() {
        let lx = lexique_de(&["élève", "Élèves", "arc-en-ciel", "a", "ZOO", "zoo"]);
        assert_eq!(lx.identite().mots, 3);
        assert!(lx.contient(&mot_depuis_texte("ELEVE").unwrap()));
        assert!(lx.contient(&mot_depuis_texte("eLEVEs").unwrap()), "les jokers ne changent pas le mot");
        assert!(!lx.contient(&mot_depuis_texte("ELEV").unwrap()));
        assert!(lx.contient_texte("Zoo"));
        assert!(!lx.identite().defaut);
    }

    #[test]
    fn meme_liste_meme_empreinte() {
        let a = lexique_de(&["ABC", "DEF"]);
        let b = lexique_de(&["def", "abc", "ABC"]);
        assert_eq!(a.identite().empreinte, b.identite().empreinte);
        assert_ne!(a.identite().empreinte, lexique_de(&["ABC"]).identite().empreinte);
    }

    /// Nombre de mots reconnus par l'automate (chemins vers un nœud final).
    fn compter(d: &Dawg, n: IdNoeud, memo: &mut std::collections::HashMap<IdNoeud, usize>) -> usize {
        if let Some(&c) = memo.get(&n) {
            return c;
        }
        let mut c = d.est_mot(n) as usize;
        let mut l = d.lettres(n);
        while l != 0 {
            let x = l.trailing_zeros() as u8;
            l &= l - 1;
            c += compter(d, d.enfant(n, x).unwrap(), memo);
        }
        memo.insert(n, c);
        c
    }

    #[test]
    fn l_automate_reconnait_exactement_les_mots_du_fst() {
        let lx = Lexique::defaut();
        let mut memo = std::collections::HashMap::new();
        assert_eq!(compter(lx.dawg(), Dawg::RACINE, &mut memo), lx.identite().mots);
        for m in lx.mots().step_by(97) {
            assert!(lx.contient(&crate::tuiles::mot_depuis_texte(&m).unwrap()), "{m}");
        }
    }

    /// Les abréviations et symboles de wfrench (TR, KM, QQN…) ne sont pas des mots : un
    /// raccord qui les forme n'est pas valide (`nettoyage.rs`).
    #[test]
    fn le_defaut_n_a_ni_abreviations_ni_symboles() {
        let lx = Lexique::defaut();
        for m in ["TR", "KM", "MM", "ST", "QQN", "CPT"] {
            assert!(!lx.contient_texte(m), "{m}");
        }
        assert_eq!(lx.mots().filter(|m| est_abreviation(m)).count(), 0);
        for m in ["BRRR", "PFFT", "PST", "TU", "RYTHME"] {
            assert!(lx.contient_texte(m), "{m}");
        }
    }

    #[test]
    fn le_nettoyage_est_une_option_de_construction() {
        let texte = "tr\nkm\nbrrr\nrue\nTR\n";
        let (_, brut) = compiler_liste(texte);
        assert_eq!((brut.mots, brut.abreviations.len()), (4, 0), "une liste officielle est prise telle quelle");
        let (fst, net) = compiler(texte, true);
        assert_eq!(net.abreviations, ["KM", "TR"]);
        let set = fst::Set::new(fst).unwrap();
        assert_eq!(set.stream().into_strs().unwrap(), ["BRRR", "RUE"]);
    }

    #[test]
    fn le_defaut_se_reconnait_et_avertit() {
        let lx = Lexique::defaut();
        assert!(lx.identite().defaut);
        assert!(lx.identite().mots > 300_000, "{}", lx.identite().mots);
        assert!(lx.contient_texte("maison"));
        assert!(lx.contient_texte("élèves"));
    }
}
