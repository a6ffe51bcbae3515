//! Un lexique augmenté d'autres mots : les mots formés par les tops d'une partie (la
//! partie fait foi), ou le lexique libre par défaut sous un lexique de tournoi (la liste
//! française d'où le modèle de plausibilité apprend).

use super::{plier, Lexique, DEFAUT_FST};
use fst::{IntoStreamer, Streamer};

impl Lexique {
    /// Ce lexique augmenté des mots `mots` (repliés comme une liste lue sur disque), sous le
    /// nom `nom`. Son identité (nombre de mots, empreinte) est celle de l'ensemble obtenu.
    pub fn avec_mots<S: AsRef<str>>(&self, nom: &str, mots: &[S]) -> Lexique {
        let mut ajouts: Vec<String> = mots.iter().filter_map(|m| plier(m.as_ref()).ok()).collect();
        ajouts.sort_unstable();
        ajouts.dedup();
        let ajouts = fst::Set::from_iter(ajouts).expect("mots triés et dédoublonnés");
        self.union_avec(&ajouts, nom)
    }

    /// Le lexique libre par défaut augmenté des mots de ce lexique : une large liste
    /// française qui contient au moins les mots en usage. `None` si tous les mots de ce
    /// lexique sont déjà dans le lexique par défaut (la liste est alors le défaut lui-même).
    pub fn sous_le_defaut(&self) -> Option<Lexique> {
        let defaut = fst::Set::new(DEFAUT_FST).expect("lexique par défaut valide");
        let mut hors_defaut = self.set.op().add(defaut.stream()).difference();
        hors_defaut.next()?;
        let nom = format!("{} + {}", super::DEFAUT_NOM, self.identite.nom);
        Some(self.union_avec(&defaut, &nom))
    }

    fn union_avec<D: AsRef<[u8]>>(&self, autre: &fst::Set<D>, nom: &str) -> Lexique {
        let mut flux = self.set.op().add(autre.stream()).union().into_stream();
        let mut b = fst::SetBuilder::memory();
        while let Some(m) = flux.next() {
            b.insert(m).expect("union d'ensembles triés");
        }
        let octets = b.into_inner().expect("écriture en mémoire");
        // Deux lexiques déjà vérifiés (mots de A à Z, au plus 15 lettres) : leur union aussi.
        Self::compile(octets, nom.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn augmente_de_quelques_mots() {
        let lx = Lexique::depuis_mots("petit", &["ROSACE", "SAXE"]);
        let plus = lx.avec_mots("petit + partie", &["sax", "LAUZES", "ROSACE"]);
        assert_eq!(plus.identite().mots, 4);
        assert_eq!(plus.identite().nom, "petit + partie");
        assert!(plus.contient_texte("SAX") && plus.contient_texte("LAUZES") && plus.contient_texte("SAXE"));
        assert!(plus.contient(&crate::tuiles::mot_depuis_texte("LAUZES").unwrap()), "l'automate aussi");
        assert!(!lx.contient_texte("SAX"), "le lexique d'origine est intact");
    }

    #[test]
    fn sous_le_defaut() {
        let inclus = Lexique::depuis_mots("inclus", &["CANCANER", "PARLE"]);
        assert!(inclus.sous_le_defaut().is_none());
        let ods = Lexique::depuis_mots("ods", &["CANCANER", "FABACEE"]);
        let large = ods.sous_le_defaut().expect("FABACEE manque au défaut");
        assert_eq!(large.identite().mots, Lexique::defaut().identite().mots + 1);
        assert!(large.contient_texte("FABACEE") && large.contient_texte("MAISON"));
        assert!(!large.identite().defaut);
    }
}
