//! Appariements fixés d'avance à partir du classement initial : premier match à plus de 16
//! joueurs (§ 6.1.1), huit joueurs (§ 6.2.1) et neuf à seize joueurs (§ 6.2.2).
//!
//! Les positions sont numérotées à partir de 1, dans le classement initial des joueurs
//! présents à la ronde (X compris, en dernier) ; chaque table est `(meilleur, moins bon)`.

/// § 6.1.1 : `M` = (nombre de joueurs / 3) arrondi à l'entier le plus proche, et `P = 2 M`
/// la position du dernier joueur du groupe A. Le nombre de joueurs est celui du classement
/// initial scindé, joueur fictif X compris (toujours pair).
pub fn fin_du_groupe_a(joueurs: usize) -> usize {
    // joueurs / 3 n'a jamais une partie décimale de 0,5 : l'arrondi est sans ambiguïté.
    2 * ((joueurs + 1) / 3)
}

/// § 6.1.1, premier match à plus de 16 joueurs : groupe A (positions 1 à P) apparié le
/// premier contre le dernier, le deuxième contre l'avant-dernier… ; groupe B (P+1 à la fin)
/// apparié le premier contre le deuxième, le troisième contre le quatrième…
pub fn groupes_a_b(joueurs: usize) -> Vec<(usize, usize)> {
    let p = fin_du_groupe_a(joueurs);
    let mut tables: Vec<(usize, usize)> = (1..=p / 2).map(|i| (i, p + 1 - i)).collect();
    tables.extend((p + 1..joueurs).step_by(2).map(|i| (i, i + 1)));
    tables
}

/// § 6.2.1 : les deux premiers matchs à huit joueurs, dans l'ordre du document.
pub fn huit_joueurs(ronde: u32) -> Option<Vec<(usize, usize)>> {
    match ronde {
        1 => Some(vec![(1, 8), (5, 6), (2, 7), (3, 4)]),
        2 => Some(vec![(1, 6), (5, 8), (2, 4), (3, 7)]),
        _ => None,
    }
}

/// § 6.2.2, neuf à seize joueurs : le document renvoie à des tableaux intégrés au logiciel
/// Sclassic, qu'il ne donne pas. arbitre prend les rondes des **tables de Berger** (celles
/// des tournois toutes rondes de la FIDE : à la ronde `r`, les positions `a` et `b` de 1 à
/// n−1 se rencontrent quand a + b ≡ r + 1 (mod n−1), celle qui resterait seule rencontre la
/// position n). Première ronde : 1–n, 2–(n−1)… comme « le premier rencontre le dernier » ;
/// aucune rencontre ne se répète avant la ronde n−1, donc jamais pendant les trois rondes
/// fixes. `joueurs` est pair (X compris) ; `None` si la ronde dépasse n−1.
pub fn berger(joueurs: usize, ronde: u32) -> Option<Vec<(usize, usize)>> {
    let n = joueurs;
    if n < 2 || n % 2 == 1 || ronde == 0 || ronde as usize > n - 1 {
        return None;
    }
    let k = n - 1;
    let cible = (ronde as usize + 1) % k;
    let mut tables = Vec::with_capacity(n / 2);
    for a in 1..=k {
        let mut b = (cible + k * 2 - a % k) % k;
        if b == 0 {
            b = k;
        }
        if b == a {
            tables.push((a, n));
        } else if a < b {
            tables.push((a, b));
        }
    }
    tables.sort_unstable();
    Some(tables)
}
