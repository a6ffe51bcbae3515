//! Le lexique en tableau plat pour la génération des coups.
//!
//! L'`fst::Set` est un automate acyclique minimal ; on le recopie une fois, au chargement,
//! en un tableau de nœuds de 8 octets (masque des lettres sortantes + indice du premier
//! enfant), les enfants d'un nœud étant rangés à la suite par ordre alphabétique. Trouver
//! l'enfant d'une lettre est alors un `popcount`, sans recherche (à la manière des
//! tableaux plats de wolges).

use crate::tuiles::Lettre;
use std::collections::HashMap;

/// Bit 0 du masque : le nœud termine un mot. Bits 1..=26 : lettres sortantes.
const FIN: u32 = 1;

#[derive(Clone, Copy, Debug)]
struct Noeud {
    masque: u32,
    premier: u32,
}

/// Identifiant d'un nœud.
pub type IdNoeud = u32;

/// Automate des mots du lexique.
pub struct Dawg {
    noeuds: Vec<Noeud>,
    enfants: Vec<IdNoeud>,
}

impl Dawg {
    /// La racine (mot vide).
    pub const RACINE: IdNoeud = 0;

    /// Recopie un `fst::Set` dont les clés sont des mots en `A..=Z`.
    pub fn depuis_fst<D: AsRef<[u8]>>(set: &fst::Set<D>) -> Dawg {
        let fst = set.as_fst();
        let mut d = Dawg { noeuds: Vec::new(), enfants: Vec::new() };
        let mut vus: HashMap<fst::raw::CompiledAddr, IdNoeud> = HashMap::new();
        d.copier(fst, fst.root(), &mut vus);
        d.noeuds.shrink_to_fit();
        d.enfants.shrink_to_fit();
        d
    }

    fn copier<D: AsRef<[u8]>>(
        &mut self,
        fst: &fst::raw::Fst<D>,
        noeud: fst::raw::Node<'_>,
        vus: &mut HashMap<fst::raw::CompiledAddr, IdNoeud>,
    ) -> IdNoeud {
        if let Some(&id) = vus.get(&noeud.addr()) {
            return id;
        }
        let id = self.noeuds.len() as IdNoeud;
        vus.insert(noeud.addr(), id);
        let mut sorties: Vec<(u8, fst::raw::CompiledAddr)> = noeud
            .transitions()
            .filter(|t| t.inp.is_ascii_uppercase())
            .map(|t| (t.inp - b'A' + 1, t.addr))
            .collect();
        sorties.sort_unstable();
        let mut masque = if noeud.is_final() { FIN } else { 0 };
        for &(l, _) in &sorties {
            masque |= 1 << l;
        }
        let premier = self.enfants.len() as u32;
        self.noeuds.push(Noeud { masque, premier });
        self.enfants.resize(self.enfants.len() + sorties.len(), 0);
        for (i, &(_, addr)) in sorties.iter().enumerate() {
            let enfant = self.copier(fst, fst.node(addr), vus);
            self.enfants[premier as usize + i] = enfant;
        }
        id
    }

    /// Masque des lettres qui prolongent le nœud (bit `l` pour la lettre `l`).
    #[inline(always)]
    pub fn lettres(&self, n: IdNoeud) -> u32 {
        self.noeuds[n as usize].masque & !FIN
    }

    /// Le chemin jusqu'à ce nœud est-il un mot ?
    #[inline(always)]
    pub fn est_mot(&self, n: IdNoeud) -> bool {
        self.noeuds[n as usize].masque & FIN != 0
    }

    /// L'enfant par la lettre `l` (sans marque de joker).
    #[inline(always)]
    pub fn enfant(&self, n: IdNoeud, l: Lettre) -> Option<IdNoeud> {
        let nd = self.noeuds[n as usize];
        let bit = 1u32 << l;
        if nd.masque & bit == 0 {
            return None;
        }
        let rang = (nd.masque & (bit - 1) & !FIN).count_ones();
        Some(self.enfants[(nd.premier + rang) as usize])
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

    /// Nombre de nœuds (pour les mesures).
    pub fn nb_noeuds(&self) -> usize {
        self.noeuds.len()
    }

    /// Mémoire occupée par les tableaux, en octets.
    pub fn octets(&self) -> usize {
        self.noeuds.len() * std::mem::size_of::<Noeud>() + self.enfants.len() * 4
    }
}
