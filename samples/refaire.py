"""Refaire une manche générée image par image (``scanner_a_plat.py``, ``photographier.py``) :
chaque scan qui a sa vérité terrain passe par une transformation qui rend la nouvelle image
et la vérité qui la décrit ; tout autre fichier (partie, bulletins.txt, joueurs.csv, fautes
injectées) est copié tel quel."""

import json
import shutil
from pathlib import Path


def refaire(manche: Path, sortie: Path, transformer, qualite: int, garder=lambda f: True):
    """Copie `manche` dans `sortie` ; `transformer(scan, verite)` rend `(image, verite)`, ou
    `(None, None)` pour copier le scan tel quel. Seuls les fichiers que `garder(f)` accepte
    sont refaits ou copiés. Rend le nombre de scans refaits et de fichiers copiés."""
    refaits = copies = 0
    for f in sorted(manche.rglob("*")):
        if f.is_dir() or not garder(f):
            continue
        cible = sortie / f.relative_to(manche)
        cible.parent.mkdir(parents=True, exist_ok=True)
        verite_json = f.with_suffix(".json")
        if f.suffix == ".json" and f.with_suffix(".jpg").is_file():
            continue  # avec son scan
        if f.suffix == ".jpg" and verite_json.is_file():
            verite = json.loads(verite_json.read_text())
            image, verite = transformer(f, verite) if verite.get("geometrie") else (None, None)
            if image is not None:
                image.save(cible, quality=qualite)
                cible.with_suffix(".json").write_text(json.dumps(verite))
                refaits += 1
                continue
            shutil.copy(verite_json, cible.with_suffix(".json"))
        shutil.copy(f, cible)
        copies += 1
    return refaits, copies
