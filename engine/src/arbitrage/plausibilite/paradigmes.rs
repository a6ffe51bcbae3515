//! Morphologie apprise du lexique : terminaisons interchangeables (flexions) et préfixes
//! productifs (guide 5.5 : CANCANÉE, forme régulière de CANCANER ; APARLE, à la manière de
//! ABLOQUER et DÉPARLER).
//!
//! *Terminaisons.* Chaque mot se coupe en radical (2 lettres au moins) + terminaison (0 à
//! [`LONG_TERM`] lettres). Pour chaque radical on relève l'ensemble des terminaisons qui
//! en font un mot du lexique, restreint aux [`INVENTAIRE`] terminaisons les plus
//! fréquentes (CANCAN- : -ER, -E, -ES, -EE, -ONS…). Les radicaux de même ensemble (tous
//! les verbes réguliers en −ER complets…) sont regroupés : on garde les ensembles distincts
//! avec leur nombre de radicaux, et pour chaque terminaison la liste des ensembles qui la
//! contiennent. Pour juger radical + b, on compte les radicaux dont l'ensemble contient
//! toutes les formes connues du radical, et parmi eux ceux qui ont aussi b : « ceux qui se
//! fléchissent comme lui ont-ils cette forme ? ». L'absence d'une forme est donc une
//! preuve : ABLUT- n'a que -ION et -IONS, comme les noms, pas comme les verbes.
//!
//! *Préfixes.* Pour chaque préfixe de 1 à 3 lettres, la proportion des mots du lexique
//! qui, précédés de ce préfixe, donnent encore un mot (RE-, DÉ-, A-…).

use crate::lexique::Lexique;
use std::collections::HashMap;

/// Longueur maximale d'une terminaison.
pub const LONG_TERM: usize = 4;
/// Nombre de terminaisons retenues (les plus fréquentes).
pub const INVENTAIRE: usize = 512;
const MOTS_BITS: usize = INVENTAIRE / 64;
/// Longueur minimale d'un radical.
pub const LONG_RADICAL: usize = 2;
/// Longueur maximale d'un préfixe.
pub const LONG_PREFIXE: usize = 3;
/// Longueur minimale du mot auquel on ajoute un préfixe.
pub const LONG_BASE_PREFIXEE: usize = 3;
const AUCUNE: u16 = u16::MAX;
/// Nombre de radicaux semblables en deçà duquel on élargit la comparaison, sur un lexique
/// complet (mesuré sur le lexique par défaut, part des vrais mots retirés jugés plausibles :
/// 1 → 88,8 %, 5 → 91,4 %, 20 → 91,4 %, 60 → 91,1 %). Un lexique de moins de 250 000
/// mots en demande proportionnellement moins (un par tranche de 50 000 mots, au moins un).
pub const SEMBLABLES_MIN: u32 = 5;

fn membres(ens: &[u64; MOTS_BITS]) -> impl Iterator<Item = usize> + '_ {
    ens.iter().enumerate().flat_map(|(k, &bits)| {
        let mut b = bits;
        std::iter::from_fn(move || {
            (b != 0).then(|| {
                let r = k * 64 + b.trailing_zeros() as usize;
                b &= b - 1;
                r
            })
        })
    })
}

/// Code d'une suite d'au plus 4 lettres `A..=Z` (base 27, 0 = suite vide).
pub fn code(lettres: &[u8]) -> u32 {
    lettres.iter().fold(0, |c, &o| c * 27 + (o - b'A' + 1) as u32)
}

pub(super) struct Paradigmes {
    /// Codes des terminaisons retenues, triés ; l'indice d'une terminaison est son rang.
    terminaisons: Vec<u32>,
    /// `avec[a]` : radicaux qui portent la terminaison a.
    avec: Vec<u32>,
    /// Les ensembles de terminaisons distincts des radicaux du lexique…
    ensembles: Vec<[u64; MOTS_BITS]>,
    /// … et le nombre de radicaux qui ont chacun.
    poids: Vec<u32>,
    /// `ids[debuts[a]..debuts[a + 1]]` : les ensembles qui contiennent la terminaison a.
    debuts: Vec<u32>,
    ids: Vec<u32>,
    /// `prefixes[code(p)]` : mots v du lexique tels que p + v est un mot.
    prefixes: Vec<u32>,
    mots: u32,
    /// [`SEMBLABLES_MIN`], à l'échelle du lexique.
    semblables_min: u32,
}

/// Une analyse en radical + terminaison : `mot = radical + b`, `base = radical + a`.
#[derive(Debug, Clone, PartialEq)]
pub struct AnalyseSuffixe {
    /// Le mot du lexique le plus proche de même radical (radical + a).
    pub base: String,
    pub radical: String,
    pub a: String,
    pub b: String,
    /// Nombre de formes du radical prises en compte.
    pub formes: usize,
    /// Radicaux du lexique qui ont toutes ces formes…
    pub semblables: u32,
    /// … et ceux d'entre eux qui ont aussi b.
    pub avec_b: u32,
    /// `avec_b / (semblables + 2)`.
    pub proportion: f64,
}

/// Une analyse en préfixe + mot du lexique.
#[derive(Debug, Clone, PartialEq)]
pub struct AnalysePrefixe {
    pub prefixe: String,
    pub base: String,
    /// Mots du lexique qui acceptent ce préfixe.
    pub productifs: u32,
    pub proportion: f64,
}

impl Paradigmes {
    /// `mots` : les mots du lexique, triés, en `A..=Z`.
    pub fn apprendre(mots: &[Vec<u8>], lexique: &Lexique) -> Paradigmes {
        // 1. Fréquence de chaque terminaison (nombre de radicaux qui la portent).
        let mut frequences = vec![0u32; 27usize.pow(LONG_TERM as u32)];
        for m in mots {
            for i in m.len().saturating_sub(LONG_TERM).max(LONG_RADICAL)..=m.len() {
                frequences[code(&m[i..]) as usize] += 1;
            }
        }
        let mut classees: Vec<(u32, u32)> =
            frequences.iter().enumerate().filter(|(_, &f)| f > 0).map(|(c, &f)| (f, c as u32)).collect();
        // Ordre total (fréquence décroissante puis code) : l'inventaire est déterministe.
        classees.sort_unstable_by(|x, y| y.0.cmp(&x.0).then(x.1.cmp(&y.1)));
        let mut terminaisons: Vec<u32> = classees.iter().take(INVENTAIRE).map(|&(_, c)| c).collect();
        terminaisons.sort_unstable();
        let mut rang = vec![AUCUNE; frequences.len()];
        for (i, &c) in terminaisons.iter().enumerate() {
            rang[c as usize] = i as u16;
        }
        drop(frequences);

        // 2. Ensemble des terminaisons de chaque radical, par un parcours des mots triés :
        // les mots qui commencent par un radical se suivent ; la pile garde les radicaux
        // préfixes du mot courant et se referme quand le préfixe commun raccourcit.
        let mut signatures: HashMap<[u64; MOTS_BITS], u32> = HashMap::new();
        let profondeur = mots.iter().map(Vec::len).max().unwrap_or(0) + 1;
        let mut pile = vec![[0u64; MOTS_BITS]; profondeur];
        let mut fermer = |ens: &mut [u64; MOTS_BITS]| {
            if ens.iter().any(|&b| b != 0) {
                *signatures.entry(*ens).or_insert(0) += 1;
                *ens = [0; MOTS_BITS];
            }
        };
        let mut precedent: &[u8] = &[];
        for m in mots {
            let commun = precedent.iter().zip(m.iter()).take_while(|(x, y)| x == y).count();
            for d in (commun + 1..=precedent.len()).rev() {
                fermer(&mut pile[d]);
            }
            for i in m.len().saturating_sub(LONG_TERM).max(LONG_RADICAL)..=m.len() {
                let r = rang[code(&m[i..]) as usize];
                if r != AUCUNE {
                    pile[i][r as usize / 64] |= 1 << (r % 64);
                }
            }
            precedent = m;
        }
        for d in (1..=precedent.len()).rev() {
            fermer(&mut pile[d]);
        }

        // 3. Les ensembles distincts, avec leur nombre de radicaux, triés (déterminisme) ;
        // pour chaque terminaison, la liste des ensembles qui la contiennent.
        let n = terminaisons.len();
        let mut ensembles: Vec<([u64; MOTS_BITS], u32)> = signatures.into_iter().collect();
        ensembles.sort_unstable();
        let mut avec = vec![0u32; n];
        let mut listes: Vec<Vec<u32>> = vec![Vec::new(); n];
        for (id, (ens, poids)) in ensembles.iter().enumerate() {
            for r in membres(ens) {
                avec[r] += poids;
                listes[r].push(id as u32);
            }
        }
        let mut debuts = Vec::with_capacity(n + 1);
        debuts.push(0u32);
        let mut ids = Vec::new();
        for l in &listes {
            ids.extend_from_slice(l);
            debuts.push(ids.len() as u32);
        }
        let (ensembles, poids): (Vec<_>, Vec<_>) = ensembles.into_iter().unzip();

        // 4. Préfixes productifs : p + v est un mot, v aussi.
        let mut prefixes = vec![0u32; 27usize.pow(LONG_PREFIXE as u32)];
        let dawg = lexique.dawg();
        let mut lettres = Vec::with_capacity(16);
        for m in mots {
            lettres.clear();
            lettres.extend(m.iter().map(|&o| o - b'A' + 1));
            for j in 1..=LONG_PREFIXE.min(m.len().saturating_sub(LONG_BASE_PREFIXEE)) {
                if dawg.contient(&lettres[j..]) {
                    prefixes[code(&m[..j]) as usize] += 1;
                }
            }
        }
        let semblables_min = (mots.len() as u32 / 50_000).clamp(1, SEMBLABLES_MIN);
        Paradigmes { terminaisons, avec, ensembles, poids, debuts, ids, prefixes, mots: mots.len() as u32, semblables_min }
    }

    fn rang(&self, terminaison: &[u8]) -> Option<usize> {
        if terminaison.len() > LONG_TERM {
            return None;
        }
        self.terminaisons.binary_search(&code(terminaison)).ok()
    }

    /// Parmi les radicaux du lexique dont l'ensemble de terminaisons contient `formes`,
    /// combien y en a-t-il, et combien portent aussi `b` ?
    fn semblables(&self, formes: &[usize], b: usize) -> (u32, u32) {
        let mut cible = [0u64; MOTS_BITS];
        for &r in formes {
            cible[r / 64] |= 1 << (r % 64);
        }
        // La terminaison la moins fréquente a la liste la plus courte.
        let Some(&rare) = formes.iter().min_by_key(|&&r| (self.avec[r], r)) else { return (0, 0) };
        let (mut total, mut avec_b) = (0, 0);
        for &id in &self.ids[self.debuts[rare] as usize..self.debuts[rare + 1] as usize] {
            let ens = &self.ensembles[id as usize];
            if ens.iter().zip(&cible).all(|(e, c)| e & c == *c) {
                total += self.poids[id as usize];
                if ens[b / 64] & (1 << (b % 64)) != 0 {
                    avec_b += self.poids[id as usize];
                }
            }
        }
        (total, avec_b)
    }

    /// La meilleure analyse de `mot` en radical + b : parmi les radicaux du lexique qui ont
    /// toutes les formes connues du radical de `mot` (ses autres terminaisons), la part qui
    /// a aussi la terminaison b. Si moins de [`SEMBLABLES_MIN`] radicaux ont toutes ces
    /// formes, on oublie la plus rare et on recommence. `formes(radical)` donne les
    /// terminaisons (au plus [`LONG_TERM`] lettres) qui font un mot avec ce radical.
    pub fn meilleur_suffixe(&self, mot: &[u8], formes: impl Fn(&[u8]) -> Vec<Vec<u8>>) -> Option<AnalyseSuffixe> {
        let mut meilleure: Option<AnalyseSuffixe> = None;
        for i in mot.len().saturating_sub(LONG_TERM).max(LONG_RADICAL)..=mot.len() {
            let (radical, b) = mot.split_at(i);
            let Some(rb) = self.rang(b) else { continue };
            let toutes = formes(radical);
            let mut connues: Vec<usize> = toutes.iter().filter_map(|a| self.rang(a)).collect();
            if connues.is_empty() {
                continue;
            }
            let (mut total, mut avec_b) = self.semblables(&connues, rb);
            while total < self.semblables_min && connues.len() > 1 {
                let (k, _) = connues.iter().enumerate().min_by_key(|&(_, &r)| (self.avec[r], r)).expect("non vide");
                connues.swap_remove(k);
                (total, avec_b) = self.semblables(&connues, rb);
            }
            // Lissage : deux radicaux fictifs sans b, pour ne pas croire un petit nombre.
            let proportion = avec_b as f64 / (total as f64 + 2.0);
            if meilleure.as_ref().is_none_or(|m| proportion > m.proportion) {
                // La forme montrée : celle qui diffère le moins de b (CANCANER pour CANCANEE).
                let ecart = |a: &[u8]| {
                    let commun = a.iter().zip(b).take_while(|(x, y)| x == y).count();
                    (a.len().max(b.len()) - commun, a.len().abs_diff(b.len()))
                };
                let a = toutes.iter().min_by_key(|a| (ecart(a), a.to_vec())).expect("non vide");
                let texte = |x: &[u8]| String::from_utf8_lossy(x).into_owned();
                meilleure = Some(AnalyseSuffixe {
                    base: texte(&[radical, a].concat()),
                    radical: texte(radical),
                    a: texte(a),
                    b: texte(b),
                    formes: connues.len(),
                    semblables: total,
                    avec_b,
                    proportion,
                });
            }
        }
        meilleure
    }

    /// La meilleure analyse de `mot` en préfixe + mot admis (`admis`).
    pub fn meilleur_prefixe(&self, mot: &[u8], admis: impl Fn(&[u8]) -> bool) -> Option<AnalysePrefixe> {
        let mut meilleure: Option<AnalysePrefixe> = None;
        for j in 1..=LONG_PREFIXE.min(mot.len().saturating_sub(LONG_BASE_PREFIXEE)) {
            let (p, v) = mot.split_at(j);
            let productifs = self.prefixes[code(p) as usize];
            // Un préfixe est une syllabe : il a une voyelle (A-, RE-, DES-, pas R- ni P-).
            if productifs == 0 || !p.iter().any(|o| b"AEIOUY".contains(o)) || !admis(v) {
                continue;
            }
            let proportion = productifs as f64 / self.mots.max(1) as f64;
            if meilleure.as_ref().is_none_or(|m| proportion > m.proportion) {
                meilleure = Some(AnalysePrefixe {
                    prefixe: String::from_utf8_lossy(p).into_owned(),
                    base: String::from_utf8_lossy(v).into_owned(),
                    productifs,
                    proportion,
                });
            }
        }
        meilleure
    }

    /// Mémoire occupée par les tableaux, en octets.
    pub fn octets(&self) -> usize {
        (self.terminaisons.len() + self.avec.len() + self.poids.len() + self.debuts.len() + self.ids.len() + self.prefixes.len()) * 4
            + self.ensembles.len() * MOTS_BITS * 8
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn appris(mots: &[&str]) -> (Paradigmes, Vec<Vec<u8>>) {
        let lx = Lexique::depuis_mots("test", mots);
        let v: Vec<Vec<u8>> = lx.mots().map(String::into_bytes).collect();
        (Paradigmes::apprendre(&v, &lx), v)
    }

    fn formes<'a>(v: &'a [Vec<u8>]) -> impl Fn(&[u8]) -> Vec<Vec<u8>> + 'a {
        move |r: &[u8]| {
            v.iter()
                .filter(|m| m.starts_with(r) && m.len() <= r.len() + LONG_TERM)
                .map(|m| m[r.len()..].to_vec())
                .collect()
        }
    }

    #[test]
    fn la_forme_manquante_se_lit_chez_les_radicaux_semblables() {
        // Trois verbes complets, un verbe sans -EE, un nom en -ION/-IONS.
        let (p, v) = appris(&[
            "PARLER", "PARLE", "PARLEE", "PARLIONS", "DONNER", "DONNE", "DONNEE", "DONNIONS", "LAVER", "LAVE",
            "LAVEE", "LAVIONS", "TOMBER", "TOMBE", "TOMBIONS", "ACTION", "ACTIONS",
        ]);
        let a = p.meilleur_suffixe(b"TOMBEE", formes(&v)).expect("analyse");
        // Radicaux qui ont -ER, -E, -IONS (et rien d'autre exigé) : PARL, DONN, LAV, TOMB.
        assert_eq!((a.semblables, a.avec_b), (4, 3), "{a:?}");
        assert_eq!(a.base, "TOMBER");
        // ACTIEZ : le radical ACT- n'a que -ION, -IONS ; aucun radical semblable n'a -IEZ.
        let b = p.meilleur_suffixe(b"ACTIEZ", formes(&v));
        assert!(b.as_ref().is_none_or(|b| b.avec_b == 0), "{b:?}");
    }

    #[test]
    fn un_prefixe_est_une_syllabe_productive() {
        let (p, _) = appris(&["PARLER", "REPARLER", "BLOQUER", "ABLOQUER", "RAMER", "AMER"]);
        let admis = |m: &[u8]| [&b"PARLE"[..], b"BLOQUE", b"AMER"].contains(&m);
        let a = p.meilleur_prefixe(b"APARLE", admis).expect("A- est productif");
        assert_eq!((a.prefixe.as_str(), a.base.as_str(), a.productifs), ("A", "PARLE", 1));
        // R- (RAMER = R + AMER) n'a pas de voyelle : ce n'est pas un préfixe.
        assert!(p.meilleur_prefixe(b"RPARLE", admis).is_none());
    }
}
