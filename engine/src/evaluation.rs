//! Un mot à une référence donnée : est-il posable, que marque-t-il, quels mots forme-t-il,
//! et sinon pourquoi pas (règlement 1.1, 1.2).

use crate::grille::{primes, Grille, CENTRE};
use crate::lexique::Lexique;
use crate::reference::{Direction, Reference, TAILLE};
use crate::regles::Formule;
use crate::tuiles::{mot_vers_texte, nue, valeur, Lettre, Tirage};
use serde::Serialize;
use thiserror::Error;

/// Une lettre posée par le coup.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Pose {
    pub case: usize,
    pub lettre: Lettre,
}

/// Un placement légal sur la grille (géométrie et score ; le lexique et le tirage se
/// vérifient à part : [`Evaluation::non_admis`], [`Evaluation::manque`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Evaluation {
    pub reference: Reference,
    /// Le mot complet, lettres de grille comprises (minuscule = joker).
    pub mot: Vec<Lettre>,
    pub score: u32,
    pub poses: Vec<Pose>,
    /// Mots formés : le mot principal d'abord, puis les mots formés en raccord.
    pub mots_formes: Vec<Vec<Lettre>>,
}

/// Pourquoi un mot ne se place pas à une référence.
#[derive(Debug, Clone, PartialEq, Eq, Error, Serialize)]
#[serde(tag = "raison", rename_all = "snake_case")]
pub enum Illegal {
    #[error("mot de moins de deux lettres")]
    TropCourt,
    #[error("le mot sort de la grille")]
    HorsGrille,
    #[error("la case {case} porte {sur_grille}, le mot y met {ecrit}")]
    Discordance { case: String, sur_grille: char, ecrit: char },
    #[error("le mot ne pose aucune lettre")]
    AucunePose,
    #[error("le mot touche {mot_complet} : il n'est pas écrit en entier")]
    Prolonge { mot_complet: String },
    #[error("le mot n'est relié à aucune lettre de la grille")]
    NonRaccorde,
    #[error("au premier coup, le mot doit couvrir H8 horizontalement (règlement 1.1 et 3.4)")]
    PremierCoup,
    #[error("le mot pose {posees} lettres, {max} au plus")]
    TropDeLettres { posees: usize, max: usize },
    #[error("lettres absentes du tirage : {lettres}")]
    HorsTirage { lettres: String },
    #[error("mot(s) non admis : {}", mots.join(", "))]
    NonAdmis { mots: Vec<String> },
}

fn nom_case(case: usize) -> String {
    format!("{}{}", (b'A' + (case / TAILLE) as u8) as char, case % TAILLE + 1)
}

/// Place `mot` à `r` : vérifie la géométrie (grille, raccord, premier coup) et calcule le
/// score et les mots formés.
pub fn evaluer(grille: &Grille, formule: &Formule, mot: &[Lettre], r: Reference) -> Result<Evaluation, Illegal> {
    if mot.len() < 2 {
        return Err(Illegal::TropCourt);
    }
    let mut cases = Vec::with_capacity(mot.len());
    for i in 0..mot.len() {
        cases.push(r.case_n(i).ok_or(Illegal::HorsGrille)?);
    }
    // Le mot doit être écrit en entier : pas de lettre juste avant ni juste après.
    let avant = match r.direction {
        Direction::Horizontal => (r.colonne > 0).then(|| cases[0] - 1),
        Direction::Vertical => (r.ligne > 0).then(|| cases[0] - TAILLE),
    };
    let apres = r.case_n(mot.len());
    if avant.is_some_and(|k| grille.cases[k] != 0) || apres.is_some_and(|k| grille.cases[k] != 0) {
        let mut g = grille.clone();
        for (i, &k) in cases.iter().enumerate() {
            if g.cases[k] == 0 {
                g.cases[k] = mot[i];
            }
        }
        let (_, complet) = g.mot_passant(cases[0], r.direction, g.cases[cases[0]]);
        return Err(Illegal::Prolonge { mot_complet: mot_vers_texte(&complet).to_uppercase() });
    }
    let mut poses = Vec::new();
    let mut lettres = Vec::with_capacity(mot.len());
    for (i, &k) in cases.iter().enumerate() {
        let g = grille.cases[k];
        if g == 0 {
            poses.push(Pose { case: k, lettre: mot[i] });
            lettres.push(mot[i]);
        } else if nue(g) != nue(mot[i]) {
            return Err(Illegal::Discordance {
                case: nom_case(k),
                sur_grille: crate::tuiles::caractere(nue(g)),
                ecrit: crate::tuiles::caractere(nue(mot[i])),
            });
        } else {
            lettres.push(g);
        }
    }
    if poses.is_empty() {
        return Err(Illegal::AucunePose);
    }
    if grille.est_vide() {
        if r.direction != Direction::Horizontal || !cases.contains(&CENTRE) {
            return Err(Illegal::PremierCoup);
        }
    } else if poses.len() == mot.len() && !poses.iter().any(|p| grille.a_voisine(p.case)) {
        return Err(Illegal::NonRaccorde);
    }
    if poses.len() > formule.pose_max as usize {
        return Err(Illegal::TropDeLettres { posees: poses.len(), max: formule.pose_max as usize });
    }
    Ok(calculer(grille, formule, r, lettres, poses))
}

/// Score et mots formés d'un placement déjà vérifié.
fn calculer(grille: &Grille, formule: &Formule, r: Reference, lettres: Vec<Lettre>, poses: Vec<Pose>) -> Evaluation {
    let p = primes();
    let mut somme = 0;
    let mut facteur = 1;
    for (i, &l) in lettres.iter().enumerate() {
        let k = r.case_n(i).expect("case vérifiée");
        if grille.cases[k] == 0 {
            somme += valeur(l) * p.lettre[k] as u32;
            facteur *= p.mot[k] as u32;
        } else {
            somme += valeur(l);
        }
    }
    let mut score = somme * facteur;
    let mut mots_formes = vec![lettres.clone()];
    let croix = r.direction.autre();
    for pose in &poses {
        let (_, mot) = grille.mot_passant(pose.case, croix, pose.lettre);
        if mot.len() < 2 {
            continue;
        }
        // 1.2.2 : la lettre commune garde sa prime dans chaque mot formé.
        let reste: u32 = mot.iter().map(|&l| valeur(l)).sum::<u32>() - valeur(pose.lettre);
        score += (reste + valeur(pose.lettre) * p.lettre[pose.case] as u32) * p.mot[pose.case] as u32;
        mots_formes.push(mot);
    }
    score += formule.prime(poses.len()); // 1.2.3, 3.8.2
    Evaluation { reference: r, mot: lettres, score, poses, mots_formes }
}

impl Evaluation {
    /// Les lettres à prendre dans le tirage (joker = indice 0).
    pub fn tuiles(&self) -> Tirage {
        Tirage::depuis_poses(self.poses.iter().map(|p| p.lettre))
    }

    /// Les lettres posées qui manquent au tirage, en texte (`?` pour un joker) ; vide si
    /// le tirage suffit.
    pub fn manque(&self, tirage: &Tirage) -> String {
        manquantes(tirage, &self.tuiles())
    }

    /// Les mots formés absents du lexique.
    pub fn non_admis(&self, lexique: &Lexique) -> Vec<String> {
        lexique.non_admis(&self.mots_formes)
    }

    /// Le mot principal en texte.
    pub fn mot_texte(&self) -> String {
        mot_vers_texte(&self.mot)
    }

    /// Les mots formés en texte, en majuscules.
    pub fn mots_formes_texte(&self) -> Vec<String> {
        self.mots_formes.iter().map(|m| mot_vers_texte(m).to_uppercase()).collect()
    }
}

/// Vérification complète d'un coup : géométrie, tirage, lexique.
pub fn verifier(
    grille: &Grille,
    formule: &Formule,
    lexique: &Lexique,
    tirage: &Tirage,
    mot: &[Lettre],
    r: Reference,
) -> Result<Evaluation, Illegal> {
    let e = evaluer(grille, formule, mot, r)?;
    let manque = e.manque(tirage);
    if !manque.is_empty() {
        return Err(Illegal::HorsTirage { lettres: manque });
    }
    let mots = e.non_admis(lexique);
    if !mots.is_empty() {
        return Err(Illegal::NonAdmis { mots });
    }
    Ok(e)
}

/// Toutes les références de la grille dans un sens donné.
pub fn references(direction: Direction) -> impl Iterator<Item = Reference> {
    (0..TAILLE).flat_map(move |l| (0..TAILLE).map(move |c| Reference::new(l, c, direction)))
}

/// F2 des arbitres : les places où le mot est jouable sur la grille, tirage ignoré
/// (lettres de grille respectées, mots formés admis).
pub fn places_jouables(grille: &Grille, formule: &Formule, lexique: &Lexique, mot: &[Lettre]) -> Vec<Evaluation> {
    [Direction::Horizontal, Direction::Vertical]
        .into_iter()
        .flat_map(references)
        .filter_map(|r| evaluer(grille, formule, mot, r).ok())
        .filter(|e| e.non_admis(lexique).is_empty())
        .collect()
}

/// F12 des arbitres : les places où le mot, écrit dans le sens `d` (jokers tels qu'écrits),
/// marque exactement `score` (mots formés admis ; tirage ignoré).
pub fn places_au_score(
    grille: &Grille,
    formule: &Formule,
    lexique: &Lexique,
    mot: &[Lettre],
    d: Direction,
    score: u32,
) -> Vec<Evaluation> {
    references(d)
        .filter_map(|r| evaluer(grille, formule, mot, r).ok())
        .filter(|e| e.score == score && e.non_admis(lexique).is_empty())
        .collect()
}

/// Les lettres de `voulu` qui manquent à `dispo`, en texte (`?` pour un joker).
pub fn manquantes(dispo: &Tirage, voulu: &Tirage) -> String {
    let mut manque = String::new();
    for i in 0..voulu.compte.len() {
        for _ in dispo.compte[i]..voulu.compte[i].max(dispo.compte[i]) {
            manque.push(if i == 0 { '?' } else { (b'A' + i as u8 - 1) as char });
        }
    }
    manque
}
