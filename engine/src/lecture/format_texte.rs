//! La lecture du format texte des bulletins (décrit dans [`super`]) : en-têtes, lignes du
//! corps, rangées ; une ligne malformée est une erreur qui nomme le fichier et la ligne, et
//! n'arrête pas la lecture des autres bulletins.

use super::{Cellule, Contenu, Defaut, EtatBulletin, ErreurLecture, Lecture, SanctionNotee, Source, Trace, COLONNES_MAX, LECTURES_MAX, RANGEES_MAX, SANCTIONS_MAX, SCAN_MAX, VALEUR_MAX};
use crate::texte::extrait;

/// Lit une rangée (le texte après `|`). L'erreur donne la colonne (1 = premier caractère
/// après `|`).
///
/// Une rangée a au plus [`COLONNES_MAX`] cases ; des espaces au-delà (cases vides en fin de
/// ligne) sont ignorés, toute autre case au-delà est une erreur.
pub fn lire_rangee(texte: &str) -> Result<Vec<Cellule>, Defaut> {
    let cars: Vec<char> = texte.trim_end_matches(' ').chars().collect();
    let mut rangee = Vec::new();
    let mut i = 0;
    while i < cars.len() {
        let mut barree = false;
        if cars[i] == '~' {
            barree = true;
            i += 1;
            if i == cars.len() {
                return Err(Defaut::BarreFinale(i));
            }
        }
        let col = i + 1;
        let contenu = match cars[i] {
            '.' | ' ' if barree => return Err(Defaut::BarreSansCase(col)),
            '~' => return Err(Defaut::BarreSansCase(col)),
            '.' | ' ' => Contenu::Vide,
            '#' => Contenu::Illisible,
            c if c.is_ascii_alphabetic() => Contenu::Lettre(Trace::depuis(c)),
            '{' => {
                let fin = cars[i..].iter().position(|&c| c == '}').map(|p| p + i).ok_or(Defaut::AccoladeOuverte(col))?;
                let mut alt = Vec::new();
                for (k, &c) in cars[i + 1..fin].iter().enumerate() {
                    if !c.is_ascii_alphabetic() {
                        return Err(Defaut::AlternativeInvalide { colonne: col + 1 + k, caractere: c });
                    }
                    alt.push(Trace::depuis(c));
                }
                if alt.len() < 2 {
                    return Err(Defaut::AlternativesTropPeu(col));
                }
                if alt.len() > LECTURES_MAX {
                    return Err(Defaut::TropDeLectures { colonne: col, lectures: alt.len() });
                }
                i = fin;
                Contenu::Alternatives(alt)
            }
            '}' => return Err(Defaut::AccoladeFermee(col)),
            c => return Err(Defaut::Caractere { colonne: col, caractere: c }),
        };
        if rangee.len() == COLONNES_MAX {
            // Sans relire la suite : le nombre de cases suffit au message.
            return Err(Defaut::TropDeCases(compter_cases(&cars)));
        }
        rangee.push(Cellule { contenu, barree });
        i += 1;
    }
    // Les espaces de fin de rangée sont des cases vides, dans la limite de l'aire.
    let espaces = texte.len() - texte.trim_end_matches(' ').len();
    rangee.extend(std::iter::repeat_n(Cellule::vide(), espaces.min(COLONNES_MAX - rangee.len())));
    Ok(rangee)
}

/// Le nombre de cases d'une rangée trop longue, pour le message : chaque caractère hors
/// « ~ » et hors de {…} compte une case, chaque {…} une case.
fn compter_cases(cars: &[char]) -> usize {
    let mut n = 0;
    let mut dans = false;
    for &c in cars {
        match c {
            '{' if !dans => {
                dans = true;
                n += 1;
            }
            '}' if dans => dans = false,
            '~' => {}
            _ if !dans => n += 1,
            _ => {}
        }
    }
    n
}

/// Lit `bulletin table=N coup=N`. `None` si la ligne n'est pas un en-tête du tout.
fn lire_en_tete(ligne: &str) -> Option<Result<(u32, u32), Defaut>> {
    let mut mots = ligne.split_whitespace();
    if !mots.next().is_some_and(|m| m.eq_ignore_ascii_case("bulletin")) {
        return None;
    }
    let mauvais = || Defaut::EnTete(extrait(ligne));
    let (mut table, mut coup) = (None, None);
    for m in mots {
        let Some((cle, val)) = m.split_once('=') else { return Some(Err(mauvais())) };
        let cle = cle.to_ascii_lowercase();
        let emplacement = match cle.as_str() {
            "table" => &mut table,
            "coup" => &mut coup,
            _ => return Some(Err(mauvais())),
        };
        if emplacement.is_some() {
            return Some(Err(mauvais()));
        }
        let cle = if cle == "table" { "table" } else { "coup" };
        match val.parse::<u32>() {
            Ok(n) if val.bytes().all(|b| b.is_ascii_digit()) => *emplacement = Some(n),
            _ => return Some(Err(Defaut::Nombre { cle, valeur: extrait(val) })),
        }
    }
    Some(match (table, coup) {
        (Some(t), Some(c)) => Ok((t, c)),
        _ => Err(mauvais()),
    })
}

/// Un bulletin en cours de lecture.
struct EnCours {
    lecture: Lecture,
    erreur: Option<ErreurLecture>,
    a_contenu: bool,
}

impl EnCours {
    fn finir(self) -> Result<Lecture, ErreurLecture> {
        match self.erreur {
            Some(e) => Err(e),
            None => Ok(self.lecture),
        }
    }

    /// Applique une ligne du corps du bulletin.
    fn ligne(&mut self, l: &str) -> Result<(), Defaut> {
        let lc = &mut self.lecture;
        let contredit = |etat: EtatBulletin| Defaut::Contradiction {
            etat: if etat == EtatBulletin::Absent { "absent" } else { "vierge" },
            ligne: extrait(l.trim()),
        };
        let t = l.trim_start();
        if let Some(reste) = t.strip_prefix('|') {
            if lc.etat != EtatBulletin::Rempli {
                return Err(contredit(lc.etat));
            }
            if lc.rangees.len() == RANGEES_MAX {
                return Err(Defaut::TropDeRangees);
            }
            lc.rangees.push(lire_rangee(reste)?);
            self.a_contenu = true;
            return Ok(());
        }
        let t = t.trim_end();
        let mot = t.to_lowercase();
        if mot == "absent" || mot == "vierge" {
            if lc.etat != EtatBulletin::Rempli {
                return Err(Defaut::Doublon(mot));
            }
            let etat = if mot == "absent" { EtatBulletin::Absent } else { EtatBulletin::Vierge };
            if self.a_contenu || (etat == EtatBulletin::Absent && (lc.rature || lc.scan.is_some())) {
                return Err(contredit(etat));
            }
            lc.etat = etat;
            return Ok(());
        }
        let Some((cle, val)) = t.split_once(':') else { return Err(Defaut::Incomprise(extrait(t))) };
        let (cle, val) = (cle.trim().to_lowercase(), val.trim());
        let cle = if cle == "réf" { "ref".to_string() } else { cle };
        match cle.as_str() {
            "ref" | "score" => {
                if lc.etat != EtatBulletin::Rempli {
                    return Err(contredit(lc.etat));
                }
                let champ = if cle == "ref" { &mut lc.reference } else { &mut lc.score };
                if champ.is_some() {
                    return Err(Defaut::Doublon(cle));
                }
                if val.is_empty() {
                    return Err(Defaut::ValeurVide(cle));
                }
                let longueur = val.chars().count();
                if longueur > VALEUR_MAX {
                    return Err(Defaut::ValeurTropLongue { cle: if cle == "ref" { "référence" } else { "score" }, longueur });
                }
                *champ = Some(val.to_string());
                self.a_contenu = true;
            }
            "rature" => {
                if lc.etat == EtatBulletin::Absent {
                    return Err(contredit(lc.etat));
                }
                lc.rature = match val.to_lowercase().as_str() {
                    "oui" => true,
                    "non" => false,
                    _ => return Err(Defaut::Rature(extrait(val))),
                };
            }
            // Le scan lu : un bulletin absent n'en a pas.
            "scan" => {
                if lc.etat == EtatBulletin::Absent {
                    return Err(contredit(lc.etat));
                }
                if lc.scan.is_some() {
                    return Err(Defaut::Doublon(cle));
                }
                if val.is_empty() {
                    return Err(Defaut::ValeurVide(cle));
                }
                let longueur = val.chars().count();
                if longueur > SCAN_MAX {
                    return Err(Defaut::ScanTropLong(longueur));
                }
                lc.scan = Some(val.replace('\r', " "));
            }
            "sanction" => {
                if lc.sanctions.len() == SANCTIONS_MAX {
                    return Err(Defaut::TropDeSanctions);
                }
                let sanction = SanctionNotee::lire(val)?;
                if lc.sanctions.contains(&sanction) {
                    return Err(Defaut::Doublon(format!("sanction: {}", extrait(val))));
                }
                lc.sanctions.push(sanction);
            }
            _ => return Err(Defaut::CleInconnue(extrait(&cle))),
        }
        Ok(())
    }
}

/// Lit un fichier de bulletins : un résultat par bulletin, dans l'ordre du fichier. Un
/// bulletin dont une ligne est malformée donne une erreur (fichier, ligne) ; les autres
/// sont lus normalement. Une ligne hors de tout bulletin donne une erreur à elle seule.
pub fn lire_bulletins(fichier: &str, texte: &str) -> Vec<Result<Lecture, ErreurLecture>> {
    analyser(fichier, texte, &[])
}

/// Lit un fichier de bulletins tel qu'il est sur le disque, UTF-8 ou non : une ligne qui
/// n'est pas de l'UTF-8 est une erreur (fichier:ligne) ; dans un bulletin, elle compte
/// comme une ligne malformée de ce bulletin ; commentaire ou ligne vide, elle est
/// signalée seule et le bulletin qui l'entoure est lu. Les autres bulletins sont lus.
pub fn lire_bulletins_octets(fichier: &str, octets: &[u8]) -> Vec<Result<Lecture, ErreurLecture>> {
    let d = crate::texte::decoder(octets);
    analyser(fichier, &d.texte, &d.lignes_invalides)
}

/// `invalides` : les lignes (triées) qui n'étaient pas de l'UTF-8.
fn analyser(fichier: &str, texte: &str, invalides: &[usize]) -> Vec<Result<Lecture, ErreurLecture>> {
    let mut sortie = Vec::new();
    let mut courant: Option<EnCours> = None;
    // Après un en-tête illisible : on saute jusqu'au prochain en-tête.
    let mut saute = false;
    let erreur = |ligne: usize, table, coup, defaut| ErreurLecture { fichier: fichier.to_string(), ligne, table, coup, defaut };
    // Une marque d'ordre des octets (fichiers enregistrés sous Windows) n'est pas du texte.
    let texte = texte.strip_prefix('\u{feff}').unwrap_or(texte);
    for (i, brute) in texte.lines().enumerate() {
        let n = i + 1;
        let l = brute.strip_suffix('\r').unwrap_or(brute);
        let t = l.trim();
        let invalide = invalides.binary_search(&n).is_ok();
        if !t.starts_with('|') && (t.is_empty() || t.starts_with('#')) {
            if invalide {
                sortie.push(Err(erreur(n, None, None, Defaut::Encodage)));
            }
            continue;
        }
        if let Some(en_tete) = lire_en_tete(t) {
            if let Some(c) = courant.take() {
                sortie.push(c.finir());
            }
            match en_tete {
                Ok((table, coup)) => {
                    saute = false;
                    let mut lecture = Lecture::nouvelle(table, coup);
                    lecture.source = Some(Source { fichier: fichier.to_string(), ligne: n });
                    courant = Some(EnCours { lecture, erreur: None, a_contenu: false });
                }
                Err(d) => {
                    saute = true;
                    sortie.push(Err(erreur(n, None, None, if invalide { Defaut::Encodage } else { d })));
                }
            }
            continue;
        }
        match courant.as_mut() {
            Some(c) => {
                if c.erreur.is_none() {
                    let r = if invalide { Err(Defaut::Encodage) } else { c.ligne(l) };
                    if let Err(d) = r {
                        c.erreur = Some(erreur(n, Some(c.lecture.table), Some(c.lecture.coup), d));
                    }
                }
            }
            None if saute => {}
            None => {
                saute = true;
                let d = if invalide { Defaut::Encodage } else { Defaut::HorsBulletin(extrait(t)) };
                sortie.push(Err(erreur(n, None, None, d)));
            }
        }
    }
    if let Some(c) = courant.take() {
        sortie.push(c.finir());
    }
    sortie
}

/// Lit un texte qui contient exactement un bulletin (commode pour les tests et les
/// lectures isolées). Plusieurs bulletins ou aucun : erreur à la ligne 1.
pub fn lire_bulletin(fichier: &str, texte: &str) -> Result<Lecture, ErreurLecture> {
    let mut v = lire_bulletins(fichier, texte);
    if v.len() != 1 {
        return Err(ErreurLecture {
            fichier: fichier.to_string(),
            ligne: 1,
            table: None,
            coup: None,
            defaut: Defaut::Incomprise(format!("{} bulletins là où un seul est attendu", v.len())),
        });
    }
    v.pop().expect("un bulletin")
}
