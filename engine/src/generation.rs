//! Génération de toutes les solutions d'un coup (algorithme d'Appel et Jacobson).
//!
//! Chaque sens est traité par rangées : la rangée verticale est une rangée de la grille
//! transposée. Pour chaque rangée on précalcule, case par case, l'ensemble des lettres
//! admises par les mots formés en raccord (`controle`, un masque de bits) et la somme des
//! lettres de ces mots (`croix`), puis on part de chaque case d'ancrage : partie gauche tirée
//! du tirage (ou lettres de grille déjà en place), puis prolongement vers la droite en
//! suivant le [`Dawg`]. Score calculé au fil de la pose, sans allocation par solution.

use crate::grille::{primes, Grille, CENTRE, NB_CASES};
use crate::lexique::{Dawg, IdNoeud};
use crate::reference::{Direction, Reference, TAILLE};
use crate::regles::Formule;
use crate::tuiles::{mot_vers_texte, nue, valeur, Lettre, Tirage, JOKER, NB_INDICES, VALEURS};

/// Une solution : mot complet (lettres de grille comprises, minuscule = joker),
/// référence, score et nombre de lettres posées.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Solution {
    pub reference: Reference,
    pub score: u32,
    pub longueur: u8,
    pub poses: u8,
    lettres: [Lettre; TAILLE],
}

impl Solution {
    pub fn mot(&self) -> &[Lettre] {
        &self.lettres[..self.longueur as usize]
    }

    pub fn mot_texte(&self) -> String {
        mot_vers_texte(self.mot())
    }
}

impl std::fmt::Debug for Solution {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {} {}", self.score, self.mot_texte(), self.reference)
    }
}

/// Toutes les solutions, triées : score décroissant, puis mot, puis référence.
pub fn solutions(grille: &Grille, formule: &Formule, dawg: &Dawg, tirage: &Tirage) -> Vec<Solution> {
    let mut v = Vec::new();
    generer(grille, formule, dawg, tirage, &mut v);
    trier(&mut v);
    v
}

/// Ordre de présentation des arbitres : le meilleur d'abord (score décroissant, puis mot
/// dans l'ordre de son texte — majuscules avant minuscules de joker —, puis référence).
pub fn trier(v: &mut [Solution]) {
    // Clé calculée une fois par solution : le texte du mot (caractère affiché, sans
    // construire de chaîne) en octets de poids fort d'abord, complété de zéros, ce qui
    // range un mot avant ses prolongements comme l'ordre des chaînes.
    fn cle(s: &Solution) -> (std::cmp::Reverse<u32>, u128, Reference) {
        let mut octets = [0u8; 16];
        for (o, &l) in octets.iter_mut().zip(s.mot()) {
            *o = if l & JOKER != 0 { b'a' - 1 + nue(l) } else { b'A' - 1 + l };
        }
        (std::cmp::Reverse(s.score), u128::from_be_bytes(octets), s.reference)
    }
    v.sort_by_cached_key(cle);
}

/// Ajoute à `sortie` toutes les solutions (sans ordre). Chaque choix de joker est une
/// solution distincte ; une lettre seule qui forme des mots dans les deux sens n'est
/// comptée qu'une fois (en horizontal).
pub fn generer(grille: &Grille, formule: &Formule, dawg: &Dawg, tirage: &Tirage, sortie: &mut Vec<Solution>) {
    let p = primes();
    let vide = grille.est_vide();
    let mut ctx = Passe {
        dawg,
        cases: grille.cases,
        lm: p.lettre,
        wm: p.mot,
        formule: *formule,
        vertical: false,
        tirage: tirage.compte,
        ligne: 0,
        controle: [0; TAILLE],
        croix: [-1; TAILLE],
        ancre: [false; TAILLE],
        dispo: (1..NB_INDICES).filter(|&i| tirage.compte[i] > 0).fold(0, |m, i| m | 1 << i),
        motif: [0; LONG_MOTIF],
        long_motif: 0,
        mot: [0; TAILLE],
        gauche: [0; TAILLE],
        sortie,
    };
    if vide {
        // 1.1 et 3.4 : le premier mot couvre H8, horizontalement.
        ctx.ligne = CENTRE / TAILLE;
        ctx.controle = [u32::MAX; TAILLE];
        ctx.ancre[CENTRE % TAILLE] = true;
        ctx.depuis_ancre(CENTRE % TAILLE);
        return;
    }
    ctx.passe();
    ctx.cases = transposer(&grille.cases);
    ctx.lm = p.lettre_transposee;
    ctx.wm = p.mot_transposee;
    ctx.vertical = true;
    ctx.passe();
}

fn transposer(t: &[u8; NB_CASES]) -> [u8; NB_CASES] {
    let mut r = [0; NB_CASES];
    for l in 0..TAILLE {
        for c in 0..TAILLE {
            r[c * TAILLE + l] = t[l * TAILLE + c];
        }
    }
    r
}

/// Longueur maximale du motif de contraintes d'une ancre.
const LONG_MOTIF: usize = 8;

struct Passe<'a> {
    dawg: &'a Dawg,
    cases: [Lettre; NB_CASES],
    lm: [u8; NB_CASES],
    wm: [u8; NB_CASES],
    formule: Formule,
    vertical: bool,
    tirage: [u8; NB_INDICES],
    ligne: usize,
    /// Lettres admises par le mot formé en raccord (bit `l`).
    controle: [u32; TAILLE],
    /// Somme des lettres du mot formé en raccord, -1 s'il n'y en a pas.
    croix: [i32; TAILLE],
    ancre: [bool; TAILLE],
    /// Lettres (bit `l`) dont il reste au moins une tuile, jokers exclus.
    dispo: u32,
    /// Contraintes à l'ancre courante : lettres admises sur l'ancre, puis lettres de la
    /// grille qui la suivent immédiatement (le mot doit les traverser).
    motif: [u32; LONG_MOTIF],
    long_motif: usize,
    mot: [Lettre; TAILLE],
    gauche: [Lettre; TAILLE],
    sortie: &'a mut Vec<Solution>,
}

impl Passe<'_> {
    #[inline(always)]
    fn case(&self, l: usize, c: usize) -> Lettre {
        self.cases[l * TAILLE + c]
    }

    fn passe(&mut self) {
        for ligne in 0..TAILLE {
            self.ligne = ligne;
            self.preparer_rangee();
            for a in 0..TAILLE {
                if self.ancre[a] {
                    self.depuis_ancre(a);
                }
            }
        }
    }

    /// Contrôles croisés, sommes croisées et ancres de la rangée courante.
    fn preparer_rangee(&mut self) {
        let l = self.ligne;
        for c in 0..TAILLE {
            self.ancre[c] = false;
            self.controle[c] = 0;
            self.croix[c] = -1;
            if self.case(l, c) != 0 {
                continue;
            }
            let mut haut = l;
            while haut > 0 && self.case(haut - 1, c) != 0 {
                haut -= 1;
            }
            let mut bas = l;
            while bas + 1 < TAILLE && self.case(bas + 1, c) != 0 {
                bas += 1;
            }
            let cote = (c > 0 && self.case(l, c - 1) != 0) || (c + 1 < TAILLE && self.case(l, c + 1) != 0);
            if haut == l && bas == l {
                self.controle[c] = u32::MAX;
                self.ancre[c] = cote;
                continue;
            }
            self.ancre[c] = true;
            let mut somme = 0;
            let mut n = Some(Dawg::RACINE);
            for k in haut..l {
                let t = self.case(k, c);
                somme += valeur(t) as i32;
                n = n.and_then(|n| self.dawg.enfant(n, nue(t)));
            }
            for k in l + 1..=bas {
                somme += valeur(self.case(k, c)) as i32;
            }
            self.croix[c] = somme;
            let Some(n) = n else { continue };
            let mut lettres = self.dawg.lettres(n);
            let mut masque = 0;
            while lettres != 0 {
                let x = lettres.trailing_zeros();
                lettres &= lettres - 1;
                let mut m = self.dawg.enfant(n, x as u8);
                for k in l + 1..=bas {
                    m = m.and_then(|m| self.dawg.enfant(m, nue(self.case(k, c))));
                }
                if m.is_some_and(|m| self.dawg.est_mot(m)) {
                    masque |= 1 << x;
                }
            }
            self.controle[c] = masque;
        }
    }

    fn depuis_ancre(&mut self, a: usize) {
        let l = self.ligne;
        let base = l * TAILLE;
        if a > 0 && self.cases[base + a - 1] != 0 {
            // Partie gauche imposée : les lettres de grille collées à l'ancre.
            let mut debut = a - 1;
            while debut > 0 && self.cases[base + debut - 1] != 0 {
                debut -= 1;
            }
            let mut n = Dawg::RACINE;
            let mut somme = 0;
            for c in debut..a {
                let t = self.cases[base + c];
                match self.dawg.enfant(n, nue(t)) {
                    Some(m) => n = m,
                    None => return,
                }
                self.mot[c] = t;
                somme += valeur(t);
            }
            self.prolonger(n, a, a, debut, somme, 1, 0, 0);
        } else {
            let mut k = 0;
            while k < a && !self.ancre[a - k - 1] && self.cases[base + a - k - 1] == 0 {
                k += 1;
            }
            let limite = k.min(self.formule.pose_max as usize - 1);
            if limite > 0 {
                // Motif : l'ancre, puis les lettres de grille qui la suivent.
                self.motif[0] = self.controle[a];
                let mut long = 1;
                while long < LONG_MOTIF && a + long < TAILLE && self.cases[base + a + long] != 0 {
                    self.motif[long] = 1 << nue(self.cases[base + a + long]);
                    long += 1;
                }
                self.long_motif = long;
                let v = self.viabilite(Dawg::RACINE, limite);
                self.partie_gauche(Dawg::RACINE, 0, limite, a, v);
            } else {
                self.partie_gauche(Dawg::RACINE, 0, 0, a, 1);
            }
        }
    }

    /// Pour une partie gauche au nœud `n`, qui peut encore s'allonger de `reste` lettres :
    /// le bit `j` dit si, allongée de `j` lettres, elle peut mener à un mot qui pose une
    /// lettre du tirage sur l'ancre et traverse les lettres de grille qui la suivent
    /// (condition nécessaire, d'après l'horizon du nœud). 0 : inutile d'aller plus loin.
    #[inline]
    fn viabilite(&self, n: IdNoeud, reste: usize) -> u32 {
        let h = self.dawg.horizon(n);
        let tuiles = if self.tirage[0] > 0 { u32::MAX } else { self.dispo };
        let premier = self.motif[0] & tuiles;
        let mut bits = 0;
        'j: for j in 0..=reste.min(7) {
            if h[j] & premier == 0 {
                continue;
            }
            for k in 1..self.long_motif {
                if h[(j + k) & 15] & self.motif[k] == 0 {
                    continue 'j;
                }
            }
            bits |= 1 << j;
        }
        bits
    }

    /// Parties gauches tirées du tirage, sur des cases vides sans voisine (donc sans
    /// contrôle croisé), de longueur 0 à `limite` ; `viables` : voir [`Self::viabilite`].
    fn partie_gauche(&mut self, n: IdNoeud, long: usize, limite: usize, a: usize, viables: u32) {
        if viables & 1 != 0 {
            let debut = a - long;
            let base = self.ligne * TAILLE;
            let mut somme = 0;
            let mut facteur = 1;
            for i in 0..long {
                let t = self.gauche[i];
                self.mot[debut + i] = t;
                somme += valeur(t) * self.lm[base + debut + i] as u32;
                facteur *= self.wm[base + debut + i] as u32;
            }
            self.prolonger(n, a, a, debut, somme, facteur, 0, long as u32);
        }
        if long == limite || viables <= 1 {
            return;
        }
        let (masque, premier) = self.dawg.arc(n);
        let mut lettres = masque & if self.tirage[0] > 0 { u32::MAX } else { self.dispo };
        lettres &= !1;
        while lettres != 0 {
            let x = lettres.trailing_zeros() as usize;
            let bit = 1u32 << x;
            lettres ^= bit;
            let m = premier + (masque & (bit - 2)).count_ones();
            if self.tirage[x] > 0 {
                self.tirage[x] -= 1;
                if self.tirage[x] == 0 {
                    self.dispo ^= bit;
                }
                let v = self.viabilite(m, limite - long - 1);
                if v != 0 {
                    self.gauche[long] = x as u8;
                    self.partie_gauche(m, long + 1, limite, a, v);
                }
                if self.tirage[x] == 0 {
                    self.dispo ^= bit;
                }
                self.tirage[x] += 1;
            }
            if self.tirage[0] > 0 {
                self.tirage[0] -= 1;
                let v = self.viabilite(m, limite - long - 1);
                if v != 0 {
                    self.gauche[long] = x as u8 | JOKER;
                    self.partie_gauche(m, long + 1, limite, a, v);
                }
                self.tirage[0] += 1;
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn prolonger(&mut self, n: IdNoeud, col: usize, a: usize, debut: usize, somme: u32, facteur: u32, croix: u32, poses: u32) {
        let base = self.ligne * TAILLE;
        if col < TAILLE {
            let t = self.cases[base + col];
            if t != 0 {
                if let Some(m) = self.dawg.enfant(n, nue(t)) {
                    self.mot[col] = t;
                    self.prolonger(m, col + 1, a, debut, somme + valeur(t), facteur, croix, poses);
                }
                return;
            }
        }
        let (masque, premier) = self.dawg.arc(n);
        if col > a && col - debut >= 2 && masque & 1 != 0 {
            self.enregistrer(debut, col, somme * facteur + croix + self.formule.prime(poses as usize), poses);
        }
        if col >= TAILLE || poses >= self.formule.pose_max as u32 {
            return;
        }
        let tuiles = if self.tirage[0] > 0 { u32::MAX } else { self.dispo };
        let mut lettres = masque & self.controle[col] & tuiles & !1;
        let (lm, wm, cx) = (self.lm[base + col] as u32, self.wm[base + col] as u32, self.croix[col]);
        while lettres != 0 {
            let x = lettres.trailing_zeros() as usize;
            let bit = 1u32 << x;
            lettres ^= bit;
            let m = premier + (masque & (bit - 2)).count_ones();
            if !self.utile(m, col + 1, tuiles) {
                continue;
            }
            if self.tirage[x] > 0 {
                let v = VALEURS[x] as u32 * lm;
                let gain = if cx >= 0 { (cx as u32 + v) * wm } else { 0 };
                self.tirage[x] -= 1;
                if self.tirage[x] == 0 {
                    self.dispo ^= bit;
                }
                self.mot[col] = x as u8;
                self.prolonger(m, col + 1, a, debut, somme + v, facteur * wm, croix + gain, poses + 1);
                if self.tirage[x] == 0 {
                    self.dispo ^= bit;
                }
                self.tirage[x] += 1;
            }
            if self.tirage[0] > 0 {
                let gain = if cx >= 0 { cx as u32 * wm } else { 0 };
                self.tirage[0] -= 1;
                self.mot[col] = x as u8 | JOKER;
                self.prolonger(m, col + 1, a, debut, somme, facteur * wm, croix + gain, poses + 1);
                self.tirage[0] += 1;
            }
        }
    }

    /// Après une lettre posée en `col - 1` (nœud `m`), la suite peut-elle donner une
    /// solution ? Case suivante occupée : sa lettre doit prolonger `m`. Vide (ou bord) :
    /// `m` doit être un mot, ou une lettre admise doit pouvoir suivre.
    #[inline(always)]
    fn utile(&self, m: IdNoeud, col: usize, tuiles: u32) -> bool {
        let (masque, _) = self.dawg.arc(m);
        if col >= TAILLE {
            return masque & 1 != 0;
        }
        let t = self.cases[self.ligne * TAILLE + col];
        if t != 0 {
            return masque & (1 << nue(t)) != 0;
        }
        masque & 1 != 0 || masque & self.controle[col] & tuiles & !1 != 0
    }

    fn enregistrer(&mut self, debut: usize, fin: usize, score: u32, poses: u32) {
        let base = self.ligne * TAILLE;
        if self.vertical && poses == 1 {
            // Une lettre seule qui forme aussi un mot horizontal a déjà été trouvée.
            let c = (debut..fin).find(|&c| self.cases[base + c] == 0).expect("une lettre posée");
            if self.croix[c] >= 0 {
                return;
            }
        }
        let mut lettres = [0; TAILLE];
        lettres[..fin - debut].copy_from_slice(&self.mot[debut..fin]);
        let reference = if self.vertical {
            Reference::new(debut, self.ligne, Direction::Vertical)
        } else {
            Reference::new(self.ligne, debut, Direction::Horizontal)
        };
        self.sortie.push(Solution { reference, score, longueur: (fin - debut) as u8, poses: poses as u8, lettres });
    }
}
