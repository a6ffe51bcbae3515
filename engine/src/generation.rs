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

/// Ordre de présentation des arbitres : le meilleur d'abord.
pub fn trier(v: &mut [Solution]) {
    v.sort_unstable_by(|a, b| {
        b.score.cmp(&a.score).then_with(|| a.mot_texte().cmp(&b.mot_texte())).then(a.reference.cmp(&b.reference))
    });
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
    ctx.lm = transposer(&p.lettre);
    ctx.wm = transposer(&p.mot);
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
        if a > 0 && self.case(l, a - 1) != 0 {
            // Partie gauche imposée : les lettres de grille collées à l'ancre.
            let mut debut = a - 1;
            while debut > 0 && self.case(l, debut - 1) != 0 {
                debut -= 1;
            }
            let mut n = Dawg::RACINE;
            let mut somme = 0;
            for c in debut..a {
                let t = self.case(l, c);
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
            while k < a && !self.ancre[a - k - 1] && self.case(l, a - k - 1) == 0 {
                k += 1;
            }
            let limite = k.min(self.formule.pose_max as usize - 1);
            self.partie_gauche(Dawg::RACINE, 0, limite, a);
        }
    }

    /// Parties gauches tirées du tirage, sur des cases vides sans voisine (donc sans
    /// contrôle croisé), de longueur 0 à `limite`.
    fn partie_gauche(&mut self, n: IdNoeud, long: usize, limite: usize, a: usize) {
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
        if long == limite {
            return;
        }
        let mut lettres = self.dawg.lettres(n);
        while lettres != 0 {
            let x = lettres.trailing_zeros() as usize;
            lettres &= lettres - 1;
            if self.tirage[x] == 0 && self.tirage[0] == 0 {
                continue;
            }
            let m = self.dawg.enfant(n, x as u8).expect("lettre du masque");
            if self.tirage[x] > 0 {
                self.tirage[x] -= 1;
                self.gauche[long] = x as u8;
                self.partie_gauche(m, long + 1, limite, a);
                self.tirage[x] += 1;
            }
            if self.tirage[0] > 0 {
                self.tirage[0] -= 1;
                self.gauche[long] = x as u8 | JOKER;
                self.partie_gauche(m, long + 1, limite, a);
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
        if col > a && col - debut >= 2 && self.dawg.est_mot(n) {
            self.enregistrer(debut, col, somme * facteur + croix + self.formule.prime(poses as usize), poses);
        }
        if col >= TAILLE || poses >= self.formule.pose_max as u32 {
            return;
        }
        let mut lettres = self.dawg.lettres(n) & self.controle[col];
        let (lm, wm, cx) = (self.lm[base + col] as u32, self.wm[base + col] as u32, self.croix[col]);
        while lettres != 0 {
            let x = lettres.trailing_zeros() as usize;
            lettres &= lettres - 1;
            if self.tirage[x] == 0 && self.tirage[0] == 0 {
                continue;
            }
            let m = self.dawg.enfant(n, x as u8).expect("lettre du masque");
            if self.tirage[x] > 0 {
                let v = VALEURS[x] as u32 * lm;
                let gain = if cx >= 0 { (cx as u32 + v) * wm } else { 0 };
                self.tirage[x] -= 1;
                self.mot[col] = x as u8;
                self.prolonger(m, col + 1, a, debut, somme + v, facteur * wm, croix + gain, poses + 1);
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
