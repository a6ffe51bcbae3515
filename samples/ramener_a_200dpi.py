"""Ramène les scans de quelques coups d'une manche générée (``arbitre echantillons``) à
200 dpi, en gris et en couleur, pour le banc de vitesse d'``arbitre lire --temps``
(``models/README.md``, « Vitesse et mémoire ») : la résolution de chaque scan est lue dans sa
vérité terrain (``perturbations.dpi``).

    python samples/ramener_a_200dpi.py MANCHE SORTIE [--coups 1-2]

Écrit ``SORTIE/gris/`` et ``SORTIE/couleur/`` (JPEG qualité 90, Lanczos). Demande Pillow
(``models/requirements.txt``).
"""

import argparse
import json
from pathlib import Path

from PIL import Image

DPI = 200


def main():
    a = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    a.add_argument("manche", type=Path)
    a.add_argument("sortie", type=Path)
    a.add_argument("--coups", default="1-2", help="premier-dernier (par défaut 1-2)")
    args = a.parse_args()
    premier, dernier = (int(x) for x in args.coups.split("-"))
    for mode in ["gris", "couleur"]:
        (args.sortie / mode).mkdir(parents=True, exist_ok=True)
    n = 0
    for coup in range(premier, dernier + 1):
        for verite in sorted((args.manche / f"coup-{coup:02}").glob("scan-*.json")):
            image = verite.with_suffix(".jpg")
            if not image.exists():
                continue
            dpi = json.loads(verite.read_text())["perturbations"]["dpi"]
            im = Image.open(image)
            r = im.resize((round(im.width * DPI / dpi), round(im.height * DPI / dpi)), Image.LANCZOS)
            nom = f"coup-{coup:02}-{image.name}"
            r.convert("L").save(args.sortie / "gris" / nom, quality=90)
            r.convert("RGB").save(args.sortie / "couleur" / nom, quality=90)
            n += 1
    print(f"{n} scans ramenés à {DPI} dpi dans {args.sortie}/gris et {args.sortie}/couleur")


if __name__ == "__main__":
    main()
