//! Le lexique en tableau plat pour la génération des coups.
//!
//! L'`fst::Set` est un automate acyclique minimal ; on le recopie une fois, au chargement,
//! en un tableau d'arcs de 8 octets. Un arc porte directement le nœud où il mène (masque
//! des lettres sortantes + indice du premier de ses arcs), et les arcs sortants d'un nœud
//! sont rangés à la suite par ordre alphabétique : descendre d'une lettre est un
//! `popcount` et une seule lecture mémoire (à la manière des tableaux plats de wolges).
//! L'identifiant d'un nœud ([`IdNoeud`]) est l'indice de l'arc qui y mène (0 : la racine) ;
//! un nœud partagé a donc plusieurs identifiants, tous équivalents.
//!
//! Pour élaguer la recherche, chaque nœud connaît aussi son « horizon » : les lettres qui
//! peuvent suivre à la profondeur `d` (0 : les lettres sortantes, 1 : celles d'après…).

use super::pliage::LONGUEUR_MAX;
use crate::tuiles::Lettre;
use std::collections::HashMap;

/// Bit 0 du masque : le nœud termine un mot. Bits 1..=26 : lettres sortantes.
const FIN: u32 = 1;

/// Profondeurs connues de l'horizon ; au-delà, toutes les lettres sont supposées possibles.
pub const HORIZON: usize = 8;

/// L'horizon d'un nœud : `HORIZON` profondeurs calculées, puis des masques pleins (ce qui
/// évite tout test de borne), soit une ligne de cache.
#[derive(Clone, Copy)]
#[repr(align(64))]
struct Horizon([u32; 16]);

/// Un arc : le nœud d'arrivée (masque et premier de ses arcs).
#[derive(Clone, Copy, Debug)]
struct Arc {
    masque: u32,
    premier: u32,
}

/// Identifiant d'un nœud.
pub type IdNoeud = u32;

/// Automate des mots du lexique.
pub struct Dawg {
    arcs: Vec<Arc>,
    /// Pour chaque arc, le nœud d'origine (indice dans `horizons`).
    noeud: Vec<u32>,
    /// Par nœud : lettres possibles à chaque profondeur.
    horizons: Vec<Horizon>,
}

/// Copie intermédiaire : un nœud par état de l'fst.
struct Noeuds {
    masques: Vec<u32>,
    premiers: Vec<u32>,
    enfants: Vec<u32>,
}

impl Dawg {
    /// La racine (mot vide).
    pub const RACINE: IdNoeud = 0;

    /// Recopie un `fst::Set` dont les clés sont des mots de `A..=Z` d'au plus
    /// [`LONGUEUR_MAX`] lettres ; toute autre clé, ou un automate incohérent, est refusé.
    pub fn depuis_fst<D: AsRef<[u8]>>(set: &fst::Set<D>) -> Result<Dawg, DefautAutomate> {
        let n = copier(set)?;

        // Arc 0 : la racine ; arc 1 + e : l'arc `e` de la copie intermédiaire.
        let mut arcs = Vec::with_capacity(n.enfants.len() + 1);
        let mut noeud = Vec::with_capacity(n.enfants.len() + 1);
        arcs.push(Arc { masque: n.masques[0], premier: n.premiers[0] + 1 });
        noeud.push(0);
        for &e in &n.enfants {
            arcs.push(Arc { masque: n.masques[e as usize], premier: n.premiers[e as usize] + 1 });
            noeud.push(e);
        }

        // Horizons, profondeur par profondeur.
        let nb = n.masques.len();
        let mut horizons = vec![Horizon([u32::MAX; 16]); nb];
        for (h, &m) in horizons.iter_mut().zip(&n.masques) {
            h.0[0] = m & !FIN;
        }
        for d in 1..HORIZON {
            for k in 0..nb {
                let debut = n.premiers[k] as usize;
                let nb_enfants = (n.masques[k] & !FIN).count_ones() as usize;
                let mut u = 0;
                for &e in &n.enfants[debut..debut + nb_enfants] {
                    u |= horizons[e as usize].0[d - 1];
                }
                horizons[k].0[d] = u;
            }
        }
        Ok(Dawg { arcs, noeud, horizons })
    }

    /// Masque des lettres qui prolongent le nœud (bit `l` pour la lettre `l`).
    #[inline(always)]
    pub fn lettres(&self, n: IdNoeud) -> u32 {
        self.arcs[n as usize].masque & !FIN
    }

    /// Le chemin jusqu'à ce nœud est-il un mot ?
    #[inline(always)]
    pub fn est_mot(&self, n: IdNoeud) -> bool {
        self.arcs[n as usize].masque & FIN != 0
    }

    /// L'enfant par la lettre `l` (sans marque de joker).
    #[inline(always)]
    pub fn enfant(&self, n: IdNoeud, l: Lettre) -> Option<IdNoeud> {
        let a = self.arcs[n as usize];
        let bit = 1u32 << l;
        if a.masque & bit == 0 {
            return None;
        }
        Some(a.premier + (a.masque & (bit - 1) & !FIN).count_ones())
    }

    /// Masque et premier arc du nœud, pour parcourir ses enfants sans recalculer.
    #[inline(always)]
    pub(crate) fn arc(&self, n: IdNoeud) -> (u32, u32) {
        let a = self.arcs[n as usize];
        (a.masque, a.premier)
    }

    /// Les lettres possibles à chaque profondeur sous ce nœud (0 : ses lettres sortantes) ;
    /// au-delà de [`HORIZON`], toutes.
    #[inline(always)]
    pub(crate) fn horizon(&self, n: IdNoeud) -> &[u32; 16] {
        &self.horizons[self.noeud[n as usize] as usize].0
    }

    /// Suit un chemin de lettres (marques de joker ignorées).
    #[inline]
    pub fn suivre(&self, mut n: IdNoeud, lettres: &[Lettre]) -> Option<IdNoeud> {
        for &l in lettres {
            n = self.enfant(n, l & !crate::tuiles::JOKER)?;
        }
        Some(n)
    }

    /// Le mot est-il dans le lexique ?
    pub fn contient(&self, lettres: &[Lettre]) -> bool {
        self.suivre(Self::RACINE, lettres).is_some_and(|n| self.est_mot(n))
    }

    /// Nombre de nœuds de l'automate minimal (pour les mesures).
    pub fn nb_noeuds(&self) -> usize {
        self.horizons.len()
    }

    /// Mémoire occupée par les tableaux, en octets.
    pub fn octets(&self) -> usize {
        self.arcs.len() * std::mem::size_of::<Arc>()
            + self.noeud.len() * 4
            + self.horizons.len() * std::mem::size_of::<Horizon>()
    }
}

/// Ce qui empêche de recopier un automate : un lexique `.fst` qui n'a pas été compilé par
/// `arbitre lexique build` (mots trop longs, caractères hors A–Z) ou qui est abîmé.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DefautAutomate {
    #[error("un mot de plus de {LONGUEUR_MAX} lettres (la grille a {LONGUEUR_MAX} cases), commençant par « {debut}… »")]
    MotTropLong { debut: String },
    #[error("l'octet 0x{octet:02X} après « {debut} » n'est pas une lettre A–Z")]
    Caractere { octet: u8, debut: String },
    #[error("structure incohérente : {0}")]
    Incoherent(String),
}

/// Un nœud en cours de copie : ses arcs sortants et le prochain à descendre.
struct Cadre {
    id: u32,
    lettre: u8,
    sorties: Vec<(u8, fst::raw::CompiledAddr)>,
    suivant: usize,
}

/// Le texte d'un préfixe (lettres `1..=26`), pour les messages ; tronqué après
/// [`LONGUEUR_MAX`] + 1 lettres.
fn texte(lettres: impl Iterator<Item = u8>) -> String {
    lettres.map(|l| (b'A' + l - 1) as char).take(LONGUEUR_MAX + 1).collect()
}

/// La copie en cours : les nœuds copiés et, par nœud, son plus long suffixe et son nombre
/// de mots (`None` tant qu'il est en cours).
struct Copie {
    n: Noeuds,
    vus: HashMap<fst::raw::CompiledAddr, u32>,
    bilans: Vec<Option<(usize, u64)>>,
}

impl Copie {
    /// Copie un nœud (ses arcs restent à remplir) ; `prefixe` : les lettres qui y mènent.
    fn ouvrir(&mut self, noeud: fst::raw::Node<'_>, lettre: u8, prefixe: impl Fn() -> String) -> Result<Cadre, DefautAutomate> {
        let id = self.n.masques.len() as u32;
        self.vus.insert(noeud.addr(), id);
        let mut sorties = Vec::with_capacity(noeud.len());
        for t in noeud.transitions() {
            if !t.inp.is_ascii_uppercase() {
                return Err(DefautAutomate::Caractere { octet: t.inp, debut: prefixe() });
            }
            sorties.push((t.inp - b'A' + 1, t.addr));
        }
        sorties.sort_unstable();
        if sorties.windows(2).any(|w| w[0].0 == w[1].0) {
            return Err(DefautAutomate::Incoherent("deux arcs de même lettre".into()));
        }
        let mut masque = if noeud.is_final() { FIN } else { 0 };
        for &(l, _) in &sorties {
            masque |= 1 << l;
        }
        self.n.masques.push(masque);
        self.n.premiers.push(self.n.enfants.len() as u32);
        self.n.enfants.resize(self.n.enfants.len() + sorties.len(), 0);
        self.bilans.push(None);
        Ok(Cadre { id, lettre, sorties, suivant: 0 })
    }

    /// Relie l'arc courant du cadre au nœud `enfant` et passe à l'arc suivant.
    fn relier(&mut self, parent: &mut Cadre, enfant: u32) {
        self.n.enfants[self.n.premiers[parent.id as usize] as usize + parent.suivant] = enfant;
        parent.suivant += 1;
    }

    /// Le bilan d'un nœud dont tous les enfants sont copiés.
    fn clore(&mut self, cadre: &Cadre) {
        let debut = self.n.premiers[cadre.id as usize] as usize;
        let mut bilan = (0usize, (self.n.masques[cadre.id as usize] & FIN) as u64);
        for &e in &self.n.enfants[debut..debut + cadre.sorties.len()] {
            let (h, m) = self.bilans[e as usize].expect("enfant terminé");
            bilan = (bilan.0.max(h + 1), bilan.1.saturating_add(m));
        }
        self.bilans[cadre.id as usize] = Some(bilan);
    }
}

/// Copie en profondeur d'abord, sans récursion : la pile ne dépasse jamais
/// [`LONGUEUR_MAX`] + 1 cadres (un préfixe plus long est refusé), ce qui borne aussi un
/// automate abîmé qui bouclerait. Un état déjà vu garde son numéro (partage des suffixes) ;
/// sa hauteur (le plus long suffixe) vérifie la longueur des mots qui passent par lui, et le
/// nombre de mots reconnus est comparé à celui qu'annonce le fichier.
fn copier<D: AsRef<[u8]>>(set: &fst::Set<D>) -> Result<Noeuds, DefautAutomate> {
    let fst = set.as_fst();
    let mut c = Copie { n: Noeuds { masques: Vec::new(), premiers: Vec::new(), enfants: Vec::new() }, vus: HashMap::new(), bilans: Vec::new() };
    let racine = c.ouvrir(fst.root(), 0, String::new)?;
    let mut pile = vec![racine];
    while let Some(cadre) = pile.last() {
        let Some(&(lettre, addr)) = cadre.sorties.get(cadre.suivant) else {
            let fini = pile.pop().expect("cadre courant");
            c.clore(&fini);
            if let Some(parent) = pile.last_mut() {
                c.relier(parent, fini.id);
            }
            continue;
        };
        // La longueur du préfixe qui finit par `lettre`.
        let profondeur = pile.len();
        let prefixe = || texte(pile.iter().skip(1).map(|k| k.lettre).chain([lettre]));
        if let Some(&id) = c.vus.get(&addr) {
            let Some((hauteur, _)) = c.bilans[id as usize] else {
                return Err(DefautAutomate::Incoherent("l'automate boucle".into()));
            };
            if profondeur + hauteur > LONGUEUR_MAX {
                return Err(DefautAutomate::MotTropLong { debut: prefixe() });
            }
            let parent = pile.last_mut().expect("cadre courant");
            c.relier(parent, id);
            continue;
        }
        if profondeur > LONGUEUR_MAX {
            return Err(DefautAutomate::MotTropLong { debut: prefixe() });
        }
        let cadre = c.ouvrir(fst.node(addr), lettre, prefixe)?;
        pile.push(cadre);
    }
    let mots = c.bilans[0].expect("racine terminée").1;
    if mots != set.len() as u64 {
        return Err(DefautAutomate::Incoherent(format!("{mots} mots dans l'automate, {} annoncés", set.len())));
    }
    Ok(c.n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lexique::Lexique;
    use crate::tuiles::mot_depuis_texte;

    /// L'horizon d'un préfixe est exactement l'ensemble des lettres que les mots qui le
    /// prolongent portent à chaque profondeur : c'est ce qui permet d'élaguer la
    /// génération sans perdre de solution.
    #[test]
    fn l_horizon_est_celui_des_mots() {
        let mots = ["ABAQUE", "ABATS", "ABBE", "BAS", "BASE", "BASSE", "BAT", "ZEBU", "ZEBRE", "ZEBRES"];
        let lx = Lexique::depuis_mots("test", &mots);
        let d = lx.dawg();
        for prefixe in ["", "A", "AB", "ABA", "B", "BAS", "ZEB", "ZEBR", "ZEBRE"] {
            let n = d.suivre(Dawg::RACINE, &mot_depuis_texte(prefixe).unwrap()).unwrap();
            for (p, &h) in d.horizon(n).iter().enumerate().take(HORIZON) {
                let attendu = mots
                    .iter()
                    .filter(|m| m.starts_with(prefixe))
                    .filter_map(|m| m.as_bytes().get(prefixe.len() + p))
                    .fold(0u32, |acc, &c| acc | 1 << (c - b'A' + 1));
                assert_eq!(h, attendu, "préfixe {prefixe:?}, profondeur {p}");
            }
            assert_eq!(d.lettres(n), d.horizon(n)[0]);
        }
        assert!(d.contient(&mot_depuis_texte("ZEBRES").unwrap()));
        assert!(!d.contient(&mot_depuis_texte("ZEBR").unwrap()));
    }
}
