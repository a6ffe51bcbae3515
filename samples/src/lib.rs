//! Bulletins de jeu scannés synthétiques.
