"""Refait une manche générée (``arbitre echantillons``) comme si le chargeur du scanner avait
la vitre sale : chaque scan traversé d'une traînée, un trait droit gris ``--gris`` large de
``--largeur`` pixels, d'un bord de l'image à l'autre (vertical, ou horizontal avec
``--horizontale`` : une page tournée par le pilote du scanner), à une place tirée par scan
entre 10 et 90 % de l'image ; JPEG qualité 90. La vérité terrain ne change pas (la traînée
n'est pas l'encre du joueur) : ``arbitre evaluer --manche SORTIE`` mesure la lecture et les
décisions sur ces scans (``pipeline/src/trainee.rs``).

    python samples/trainee_du_scanner.py MANCHE SORTIE [--coups 1-4] [--graine 5]
        [--largeur 2] [--gris 60] [--horizontale]

Seuls les dossiers des coups ``--coups`` sont refaits et copiés (avec la partie,
bulletins.txt, joueurs.csv). Demande Pillow (``models/requirements.txt``).
"""

import argparse
import random
import re
from pathlib import Path

from PIL import Image

from refaire import refaire


def tracer(scan, verite, rng, largeur, gris, horizontale):
    image = Image.open(scan)
    image.load()
    w, h = image.size
    long, travers = (w, h) if horizontale else (h, w)
    debut = rng.randrange(int(travers * 0.1), int(travers * 0.9))
    couleur = (gris,) * 3 if image.mode == "RGB" else gris
    px = image.load()
    for i in range(long):
        for k in range(debut, min(debut + largeur, travers)):
            px[(i, k) if horizontale else (k, i)] = couleur
    return image, verite


def main():
    p = argparse.ArgumentParser()
    p.add_argument("manche", type=Path)
    p.add_argument("sortie", type=Path)
    p.add_argument("--coups", default="1-4")
    p.add_argument("--graine", type=int, default=5)
    p.add_argument("--largeur", type=int, default=2)
    p.add_argument("--gris", type=int, default=60)
    p.add_argument("--horizontale", action="store_true")
    a = p.parse_args()
    premier, dernier = map(int, a.coups.split("-"))

    def garder(f: Path):
        dossier = re.fullmatch(r"coup-(\d+)", f.relative_to(a.manche).parts[0])
        return dossier is None or premier <= int(dossier.group(1)) <= dernier

    rng = random.Random(a.graine)
    refaits, copies = refaire(a.manche, a.sortie, lambda scan, verite: tracer(scan, verite, rng, a.largeur, a.gris, a.horizontale), 90, garder)
    print(f"{refaits} scans traversés d'une traînée, {copies} fichiers copiés tels quels")


if __name__ == "__main__":
    main()
