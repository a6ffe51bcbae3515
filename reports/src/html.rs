//! Petits outils HTML communs aux rapports imprimables.

/// Échappe un texte pour HTML.
pub fn e(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            '\'' => o.push_str("&#39;"),
            _ => o.push(c),
        }
    }
    o
}

/// Une page HTML complète, en français, avec sa feuille de style.
pub fn page(titre: &str, style: &str, corps: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"fr\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n<style>\n{}\n</style>\n</head>\n<body>\n{}</body>\n</html>\n",
        e(titre),
        style.trim(),
        corps
    )
}

/// Le bandeau des résultats provisoires ([`crate::verification::marque_provisoire`]) quand
/// `n` bulletins sont à vérifier, avec le lien vers la page de revue ; vide sinon. Style en
/// ligne : les pages des lectures tapées restent telles quelles.
pub fn bandeau_provisoire(n: usize) -> String {
    bandeau(n, " — <a href=\"revue.html\">ouvrir la page de revue</a>")
}

/// Le bandeau des résultats provisoires sur la page de revue elle-même (sans lien).
pub fn bandeau_provisoire_sans_lien(n: usize) -> String {
    bandeau(n, "")
}

fn bandeau(n: usize, lien: &str) -> String {
    match crate::verification::marque_provisoire(n) {
        Some(texte) => format!(
            "<p class=\"provisoire\" style=\"border: 0.6mm solid #a00; color: #a00; padding: 2mm 3mm; font-weight: bold;\">{}{lien}</p>\n",
            e(&texte)
        ),
        None => String::new(),
    }
}

/// Un rond de billet (bouton radio du formulaire), coché ou non.
pub fn rond(coche: bool) -> &'static str {
    if coche {
        "<span class=\"rond coche\"></span>"
    } else {
        "<span class=\"rond\"></span>"
    }
}

/// Une case carrée du formulaire, cochée ou non.
pub fn carre(coche: bool) -> &'static str {
    if coche {
        "<span class=\"carre coche\"></span>"
    } else {
        "<span class=\"carre\"></span>"
    }
}

/// Le style commun des rapports à l'écran.
pub const STYLE_ECRAN: &str = r#"
body { font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; font-size: 10pt; margin: 12mm; color: #111; }
h1 { font-size: 15pt; margin: 0 0 3mm 0; }
h2 { font-size: 12pt; margin: 6mm 0 2mm 0; }
table.donnees { border-collapse: collapse; }
table.donnees th, table.donnees td { border: 0.2mm solid #777; padding: 0.6mm 1.4mm; text-align: center; }
table.donnees th { background: #eee; }
table.donnees td { white-space: nowrap; }
table.donnees .g { text-align: left; white-space: normal; }
.note { color: #555; font-size: 9pt; }
.alerte { color: #a00; }
@media print { body { margin: 0; } a { color: inherit; text-decoration: none; } }
"#;
