//! Les messages d'erreur des bibliothèques, en français : ceux de serde_json (un fichier
//! JSON mal formé ou qui n'a pas la forme attendue) et ceux des entrées-sorties (fichier
//! introuvable, permission refusée…), et les accords des comptes (« 1 mot », « 2 mots »).
//! Tout ce que lit l'utilisateur est en français.

use crate::texte::extrait;
use std::io;

/// `n` suivi du nom au singulier (0 et 1) ou au pluriel : `compte(2, "solo", "solos")`,
/// « 1 mot formé », « 4 mots formés ».
pub fn compte(n: usize, singulier: &str, pluriel: &str) -> String {
    format!("{n} {}", if n > 1 { pluriel } else { singulier })
}

/// Une erreur d'entrée-sortie en français (« fichier ou répertoire introuvable »).
pub fn io(e: &io::Error) -> String {
    use io::ErrorKind::*;
    let texte = match e.kind() {
        NotFound => "fichier ou répertoire introuvable",
        PermissionDenied => "permission refusée",
        AlreadyExists => "existe déjà",
        InvalidData => "contenu illisible (le fichier n'est pas du texte UTF-8 ?)",
        IsADirectory => "c'est un répertoire, pas un fichier",
        NotADirectory => "ce n'est pas un répertoire",
        DirectoryNotEmpty => "répertoire non vide",
        StorageFull => "plus de place sur le disque",
        ReadOnlyFilesystem => "système de fichiers en lecture seule",
        UnexpectedEof => "fin de fichier inattendue",
        BrokenPipe => "sortie fermée",
        Interrupted => "interrompu",
        OutOfMemory => "mémoire insuffisante",
        _ => return format!("erreur d'entrée-sortie ({})", e.raw_os_error().map_or_else(|| format!("{:?}", e.kind()), |n| format!("code système {n}"))),
    };
    texte.to_string()
}

/// Une erreur de serde_json en français, avec sa ligne et sa colonne :
/// « ligne 1, colonne 0 : type invalide : un objet (attendu : un tableau) ».
///
/// Un message de données que serde ne connaît pas vient d'un désérialiseur d'arbitre
/// (`Error::custom`, une lecture archivée hors des bornes du bulletin…) : il est déjà en
/// français et cité tel quel.
pub fn json(e: &serde_json::Error) -> String {
    let brut = e.to_string();
    let suffixe = format!(" at line {} column {}", e.line(), e.column());
    let message = brut.strip_suffix(&suffixe).unwrap_or(&brut);
    let texte = match traduire(message) {
        Some(t) => t,
        None if e.is_data() => message.to_string(),
        None => inconnu(message),
    };
    if e.line() == 0 {
        texte
    } else {
        format!("ligne {}, colonne {} : {texte}", e.line(), e.column())
    }
}

/// Le message de serde / serde_json (sans la position) traduit ; un message inconnu est
/// cité, borné ([`extrait`]).
pub fn message_serde(m: &str) -> String {
    traduire(m).unwrap_or_else(|| inconnu(m))
}

fn inconnu(m: &str) -> String {
    format!("JSON invalide (« {} »)", extrait(m))
}

/// La traduction d'un message de serde / serde_json ; `None` s'il est inconnu. Ce qui
/// vient de l'entrée (un nom, une chaîne) est cité borné : une valeur de 10 Mo ne noie
/// pas le terminal.
fn traduire(m: &str) -> Option<String> {
    if let Some(reste) = m.strip_prefix("invalid type: ") {
        if let Some((recu, attendu)) = reste.split_once(", expected ") {
            return Some(format!("type invalide : {} (attendu : {})", inattendu(recu), attendu_fr(attendu)));
        }
    }
    if let Some(reste) = m.strip_prefix("invalid value: ") {
        if let Some((recu, attendu)) = reste.split_once(", expected ") {
            return Some(format!("valeur invalide : {} (attendu : {})", inattendu(recu), attendu_fr(attendu)));
        }
    }
    if let Some(reste) = m.strip_prefix("invalid length ") {
        if let Some((n, attendu)) = reste.split_once(", expected ") {
            return Some(format!("longueur invalide : {n} (attendu : {})", attendu_fr(attendu)));
        }
    }
    for (prefixe, genre) in [("unknown variant ", "valeur inconnue"), ("unknown field ", "champ inconnu")] {
        if let Some(reste) = m.strip_prefix(prefixe) {
            let (nom, attendu) = reste.split_once(", expected ").map_or((reste, None), |(a, b)| (a, Some(b)));
            let nom = extrait(nom.trim_matches('`'));
            return Some(match attendu {
                Some(a) => format!("{genre} « {nom} », attendu {}", parmi(a)),
                None => format!("{genre} « {nom} »"),
            });
        }
    }
    if let Some(nom) = m.strip_prefix("missing field ") {
        return Some(format!("champ « {} » manquant", extrait(nom.trim_matches('`'))));
    }
    if let Some(nom) = m.strip_prefix("duplicate field ") {
        return Some(format!("champ « {} » donné deux fois", extrait(nom.trim_matches('`'))));
    }
    let syntaxe = match m {
        "EOF while parsing a list" => "le texte s'arrête au milieu d'un tableau",
        "EOF while parsing an object" => "le texte s'arrête au milieu d'un objet",
        "EOF while parsing a string" => "le texte s'arrête au milieu d'une chaîne",
        "EOF while parsing a value" => "le texte s'arrête là où une valeur est attendue",
        "expected `:`" => "« : » attendu",
        "expected `,` or `]`" => "« , » ou « ] » attendu",
        "expected `,` or `}`" => "« , » ou « } » attendu",
        "expected ident" => "true, false ou null attendu",
        "expected value" => "valeur attendue",
        "expected `\"`" => "« \" » attendu",
        "invalid escape" => "échappement invalide dans une chaîne",
        "invalid number" => "nombre invalide",
        "number out of range" => "nombre hors limites",
        "invalid unicode code point" => "point de code Unicode invalide",
        "control character (\\u0000-\\u001F) found while parsing a string" => "caractère de contrôle dans une chaîne",
        "key must be a string" => "une clé d'objet doit être une chaîne",
        "lone leading surrogate in hex escape" | "unexpected end of hex escape" => "échappement Unicode invalide",
        "trailing comma" => "virgule en trop",
        "trailing characters" => "caractères après la fin du JSON",
        "recursion limit exceeded" => "imbrication trop profonde",
        _ => return None,
    };
    Some(syntaxe.to_string())
}

/// Ce qui a été lu (le `Unexpected` de serde).
fn inattendu(s: &str) -> String {
    let cite = |prefixe: &str| s.strip_prefix(prefixe).map(|v| v.trim_matches('`').to_string());
    match s {
        "map" => return "un objet".into(),
        "sequence" => return "un tableau".into(),
        "null" | "unit value" => return "null".into(),
        "Option value" => return "une valeur facultative".into(),
        _ => {}
    }
    if let Some(v) = cite("boolean ") {
        return format!("le booléen {v}");
    }
    if let Some(v) = cite("integer ").or_else(|| cite("floating point ")) {
        return format!("le nombre {v}");
    }
    if let Some(v) = s.strip_prefix("string ") {
        return format!("la chaîne {}", extrait(v));
    }
    if let Some(v) = cite("character ") {
        return format!("le caractère {v}");
    }
    format!("« {} »", extrait(s))
}

/// Ce qui était attendu (le `Expected` de serde, celui des types dérivés compris).
fn attendu_fr(s: &str) -> String {
    if let Some(nom) = s.strip_prefix("struct ") {
        return format!("un objet ({nom})");
    }
    if let Some(nom) = s.strip_prefix("enum ") {
        return format!("une valeur de {nom}");
    }
    match s {
        "a sequence" => "un tableau",
        "a map" => "un objet",
        "a string" | "a borrowed string" => "une chaîne",
        "a boolean" => "un booléen",
        "a character" => "un caractère",
        "u8" | "u16" | "u32" | "u64" | "usize" => "un entier positif",
        "i8" | "i16" | "i32" | "i64" | "isize" => "un entier",
        "f32" | "f64" => "un nombre",
        "unit" => "null",
        "option" => "une valeur ou null",
        "variant identifier" => "un nom de valeur",
        "field identifier" => "un nom de champ",
        autre => return format!("« {autre} »"),
    }
    .to_string()
}

/// `one of `a`, `b``, `either `a` or `b``, `` `a` `` → « a », « b ».
fn parmi(s: &str) -> String {
    if s.starts_with("there are no") {
        return "aucune valeur possible".into();
    }
    let noms: Vec<String> = s.split('`').skip(1).step_by(2).map(|n| format!("« {n} »")).collect();
    match noms.len() {
        0 => format!("« {s} »"),
        1 => noms[0].clone(),
        _ => format!("l'un de {}", noms.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lecture::Lecture;

    fn erreur<T: serde::de::DeserializeOwned + std::fmt::Debug>(texte: &str) -> String {
        json(&serde_json::from_str::<T>(texte).unwrap_err())
    }

    #[test]
    fn les_erreurs_de_forme_sont_en_francais() {
        assert_eq!(erreur::<Vec<Lecture>>("{}"), "ligne 1, colonne 0 : type invalide : un objet (attendu : un tableau)");
        let e = erreur::<Lecture>("{\"table\": 1}");
        assert_eq!(e, "ligne 1, colonne 12 : champ « coup » manquant");
        let e = erreur::<Lecture>("{\"table\": 1, \"coup\": 2, \"etat\": \"perdu\"}");
        assert!(e.contains("valeur inconnue « perdu », attendu l'un de « rempli », « absent », « vierge »"), "{e}");
        let e = erreur::<Lecture>("{\"table\": \"un\"}");
        assert!(e.contains("type invalide : la chaîne \"un\" (attendu : un entier positif)"), "{e}");
    }

    #[test]
    fn les_erreurs_de_syntaxe_sont_en_francais() {
        assert_eq!(erreur::<Vec<u32>>("[1, 2"), "ligne 1, colonne 5 : le texte s'arrête au milieu d'un tableau");
        assert_eq!(erreur::<Vec<u32>>("[1] x"), "ligne 1, colonne 5 : caractères après la fin du JSON");
        assert_eq!(erreur::<Vec<u32>>("[1,]"), "ligne 1, colonne 4 : virgule en trop");
    }

    /// Ce qui vient de l'entrée est cité borné ; le message d'un désérialiseur d'arbitre
    /// (déjà en français) est cité tel quel, avec sa position.
    #[test]
    fn les_citations_sont_bornees_et_nos_messages_gardes() {
        let e = erreur::<Lecture>(&format!("{{\"table\": 1, \"coup\": 2, \"etat\": \"{}\"}}", "x".repeat(1_000_000)));
        assert!(e.contains("valeur inconnue « xxx") && e.contains("(1000000 caractères)") && e.len() < 400, "{e}");
        #[derive(Debug)]
        struct Borne;
        impl<'de> serde::Deserialize<'de> for Borne {
            fn deserialize<D: serde::Deserializer<'de>>(_: D) -> Result<Borne, D::Error> {
                Err(serde::de::Error::custom("bulletin table 1 coup 1 : plus de 17 rangées"))
            }
        }
        let e = erreur::<Vec<Borne>>("[\n 1]");
        assert!(e.starts_with("ligne 2, colonne ") && e.ends_with(" : bulletin table 1 coup 1 : plus de 17 rangées"), "{e}");
        assert_eq!(message_serde(&"z".repeat(1000)), format!("JSON invalide (« {}… (1000 caractères) »)", "z".repeat(60)));
    }

    #[test]
    fn les_erreurs_d_entree_sortie_sont_en_francais() {
        let e = std::fs::read_to_string("/ce/fichier/n/existe/pas").unwrap_err();
        assert_eq!(io(&e), "fichier ou répertoire introuvable");
    }
}
