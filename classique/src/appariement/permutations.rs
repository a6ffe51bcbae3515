//! Le moteur d'appariement commun : on désigne, du haut du classement vers le bas, un
//! adversaire au premier joueur libre, puis on applique les permutations (§ 7) s'ils se sont
//! déjà rencontrés.

/// Un match désigné, en positions dans le classement (0 = le premier).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Designation {
    /// Le premier joueur libre du classement (le mieux placé des deux).
    pub a: usize,
    /// Son adversaire retenu.
    pub b: usize,
    /// L'adversaire que donnait la règle d'appariement, avant permutation.
    pub naturel: usize,
    /// Vrai si `a` et `b` se sont déjà rencontrés (aucun autre adversaire n'était libre, § 7).
    pub rematch: bool,
}

/// Apparie `n` positions (n pair). `naturel(a, libres)` donne l'adversaire que la règle
/// d'appariement désigne pour `a` parmi les positions encore libres (`a` n'y est plus) ;
/// `deja(a, b)` dit si deux positions se sont déjà rencontrées.
///
/// § 7, si `a` a déjà rencontré l'adversaire désigné `b` (et si `permuter`) : on remonte dans
/// le classement à partir de `b` jusqu'au premier joueur libre que `a` n'a pas rencontré ;
/// sinon on descend à partir de `b` ; sinon on garde `a`–`b`.
pub fn designer(
    n: usize,
    naturel: impl Fn(usize, &[bool]) -> usize,
    deja: impl Fn(usize, usize) -> bool,
    permuter: bool,
) -> Vec<Designation> {
    designer_avec(n, &naturel, &deja, permuter, Evitement::Paragraphe7)
}

/// Que faire quand le § 7 garderait une rencontre déjà jouée.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Evitement {
    /// La lettre du § 7 : « alors on garde le match entre A et B ».
    #[default]
    Paragraphe7,
    /// Choix d'arbitre, hors document (option `--sans-rematch`) : si le § 7 garderait une
    /// rencontre déjà jouée, on revoit les derniers matchs désignés (du bas du classement
    /// vers le haut) en essayant pour chaque joueur ses adversaires dans l'ordre du § 7 (celui
    /// de la règle, puis en remontant, puis en descendant) jusqu'à trouver des appariements
    /// sans aucune rencontre répétée. Le résultat est celui du § 7 chaque fois que le § 7
    /// n'en répète aucune ; si aucun appariement sans répétition n'existe (ou n'est trouvé
    /// en [`BUDGET`] essais), on garde celui du § 7.
    SansRematch,
}

/// Nombre maximal d'essais de la recherche [`Evitement::SansRematch`].
pub const BUDGET: usize = 2_000_000;

/// [`designer`], avec le choix de ce qui se passe quand le § 7 garderait une rencontre.
pub fn designer_avec(
    n: usize,
    naturel: &dyn Fn(usize, &[bool]) -> usize,
    deja: &dyn Fn(usize, usize) -> bool,
    permuter: bool,
    evitement: Evitement,
) -> Vec<Designation> {
    let paragraphe7 = designer_glouton(n, naturel, deja, permuter);
    if evitement == Evitement::Paragraphe7 || !paragraphe7.iter().any(|d| d.rematch) {
        return paragraphe7;
    }
    let mut libres = vec![true; n];
    let mut acc = Vec::with_capacity(n / 2);
    let mut budget = BUDGET;
    if chercher(&mut libres, &mut acc, naturel, deja, &mut budget) {
        acc
    } else {
        paragraphe7
    }
}

/// Recherche en profondeur d'appariements sans rencontre répétée, chaque joueur essayant
/// ses adversaires dans l'ordre du § 7 : la première solution trouvée ne diffère de celle du
/// § 7 que par les matchs du bas du classement.
fn chercher(
    libres: &mut [bool],
    acc: &mut Vec<Designation>,
    naturel: &dyn Fn(usize, &[bool]) -> usize,
    deja: &dyn Fn(usize, usize) -> bool,
    budget: &mut usize,
) -> bool {
    let Some(a) = libres.iter().position(|&l| l) else { return true };
    libres[a] = false;
    if !libres.iter().any(|&l| l) {
        libres[a] = true;
        return false;
    }
    let b = naturel(a, libres);
    let n = libres.len();
    let ordre = std::iter::once(b).chain((0..b).rev()).chain(b + 1..n);
    let candidats: Vec<usize> = ordre.filter(|&c| libres[c] && !deja(a, c)).collect();
    for c in candidats {
        if *budget == 0 {
            break;
        }
        *budget -= 1;
        libres[c] = false;
        acc.push(Designation { a, b: c, naturel: b, rematch: false });
        if chercher(libres, acc, naturel, deja, budget) {
            return true;
        }
        acc.pop();
        libres[c] = true;
    }
    libres[a] = true;
    false
}

fn designer_glouton(
    n: usize,
    naturel: &dyn Fn(usize, &[bool]) -> usize,
    deja: &dyn Fn(usize, usize) -> bool,
    permuter: bool,
) -> Vec<Designation> {
    let mut libres = vec![true; n];
    let mut designations = Vec::with_capacity(n / 2);
    while let Some(a) = libres.iter().position(|&l| l) {
        libres[a] = false;
        if !libres.iter().any(|&l| l) {
            break; // nombre impair : ne se produit pas, l'appelant ajoute X
        }
        let b = naturel(a, &libres);
        let mut retenu = b;
        let mut rematch = false;
        if deja(a, b) {
            let disponible = |c: &usize| libres[*c] && !deja(a, *c);
            let trouve = if permuter { (0..b).rev().find(disponible).or_else(|| (b + 1..n).find(disponible)) } else { None };
            match trouve {
                Some(c) => retenu = c,
                None => rematch = true,
            }
        }
        libres[retenu] = false;
        designations.push(Designation { a, b: retenu, naturel: b, rematch });
    }
    designations
}

/// La première position libre en remontant à partir de `depuis`, puis en descendant.
pub(crate) fn plus_proche_libre(depuis: usize, libres: &[bool]) -> Option<usize> {
    (0..depuis).rev().find(|&c| libres[c]).or_else(|| (depuis + 1..libres.len()).find(|&c| libres[c]))
}

/// §§ 6.1.2 et 6.1.3 : apparie un classement par groupes de points de match. `pm[p]` est le
/// nombre de PM de la position `p` (classement par PM décroissants), `None` pour le joueur
/// fictif X, toujours dernier et seul dans son groupe.
///
/// Le premier joueur libre rencontre le dernier joueur libre de son groupe si ce groupe
/// (parmi les joueurs libres) est pair, sinon le premier joueur libre du groupe suivant ; et
/// ainsi de suite. Avec `permuter`, les rencontres déjà jouées sont évitées selon le § 7.
pub fn par_groupes(pm: &[Option<u32>], deja: impl Fn(usize, usize) -> bool, permuter: bool) -> Vec<Designation> {
    par_groupes_avec(pm, &deja, permuter, Evitement::Paragraphe7)
}

/// [`par_groupes`], avec le choix de l'[`Evitement`].
pub fn par_groupes_avec(pm: &[Option<u32>], deja: &dyn Fn(usize, usize) -> bool, permuter: bool, evitement: Evitement) -> Vec<Designation> {
    let naturel = |a: usize, libres: &[bool]| {
        let groupe: Vec<usize> = (0..pm.len()).filter(|&p| libres[p] && pm[p] == pm[a]).collect();
        if groupe.len() % 2 == 1 {
            // groupe pair (a compris, donc un nombre impair d'autres) : le premier rencontre le dernier
            return *groupe.last().expect("groupe pair non vide");
        }
        // groupe impair : le premier rencontre le premier du groupe suivant
        (a + 1..pm.len())
            .find(|&p| libres[p] && pm[p] != pm[a])
            .or_else(|| plus_proche_libre(a, libres))
            .expect("au moins un joueur libre")
    };
    designer_avec(pm.len(), &naturel, deja, permuter, evitement)
}

/// Apparie selon une table fixe (`tables`, positions à partir de 1). Si le partenaire prévu
/// n'est plus libre (il a servi à une permutation), la règle désigne le joueur libre le plus
/// proche de lui, en remontant puis en descendant ; les permutations du § 7 s'appliquent
/// ensuite comme ailleurs.
pub fn par_table(n: usize, tables: &[(usize, usize)], deja: &dyn Fn(usize, usize) -> bool, evitement: Evitement) -> Vec<Designation> {
    let mut partenaire = vec![usize::MAX; n];
    for &(a, b) in tables {
        if (1..=n).contains(&a) && (1..=n).contains(&b) {
            partenaire[a - 1] = b - 1;
            partenaire[b - 1] = a - 1;
        }
    }
    let naturel = |a: usize, libres: &[bool]| {
        let p = partenaire[a];
        if p < n && libres[p] {
            p
        } else {
            plus_proche_libre(if p < n { p } else { a }, libres).expect("au moins un joueur libre")
        }
    };
    designer_avec(n, &naturel, deja, true, evitement)
}
