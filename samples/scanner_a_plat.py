"""Refait une manche générée (``arbitre echantillons``) comme l'aurait scannée un arbitre sur
un scanner à plat : chaque bulletin posé seul sur une page A4 claire, n'importe où, à la
résolution de son scan. La vérité terrain suit (homographie, coins et encres en pixels
déplacés d'autant) : ``arbitre evaluer --manche SORTIE`` mesure alors la lecture et les
décisions sur ces pages.

    python samples/scanner_a_plat.py MANCHE SORTIE [--graine 5]

Demande Pillow (``models/requirements.txt``). La feuille d'un scan est sa boîte englobante
d'après la vérité (le fond du scanner n'y reste qu'aux coins). Les fichiers qui ne sont
pas des scans avec leur vérité (partie, bulletins.txt, joueurs.csv, fautes injectées) sont
copiés tels quels.
"""

import argparse
import random
from pathlib import Path

from PIL import Image

from injecter_fautes import transformer_points
from refaire import refaire

A4_MM = (210.0, 297.0)


def appliquer(h, x, y):
    d = h[6] * x + h[7] * y + h[8]
    return ((h[0] * x + h[1] * y + h[2]) / d, (h[3] * x + h[4] * y + h[5]) / d)


def deplacer_verite(verite, dx, dy, largeur, hauteur):
    """La vérité d'un scan dont chaque pixel (x, y) va en (x + dx, y + dy) sur une page de
    largeur × hauteur pixels."""
    g = verite["geometrie"]
    transformer_points(g, lambda x, y: (x + dx, y + dy))
    h = g["mm_vers_px"]
    # La translation après l'homographie : [[1, 0, dx], [0, 1, dy], [0, 0, 1]] · h.
    g["mm_vers_px"] = [h[0] + dx * h[6], h[1] + dx * h[7], h[2] + dx * h[8], h[3] + dy * h[6], h[4] + dy * h[7], h[5] + dy * h[8], h[6], h[7], h[8]]
    g["largeur_px"], g["hauteur_px"] = largeur, hauteur
    return verite


def poser(scan, verite, rng, feuille_mm):
    """Le scan posé sur une page A4 ; la vérité déplacée, ou None si la feuille n'y tient pas."""
    img = Image.open(scan).convert("L")
    h = verite["geometrie"]["mm_vers_px"]
    coins = [appliquer(h, x, y) for x, y in [(0, 0), (feuille_mm[0], 0), feuille_mm, (0, feuille_mm[1])]]
    x0, y0 = max(0, int(min(c[0] for c in coins))), max(0, int(min(c[1] for c in coins)))
    x1, y1 = min(img.width, int(max(c[0] for c in coins))), min(img.height, int(max(c[1] for c in coins)))
    feuille = img.crop((x0, y0, x1, y1))
    dpi = verite["perturbations"]["dpi"]
    lp, hp = int(A4_MM[0] / 25.4 * dpi), int(A4_MM[1] / 25.4 * dpi)
    if feuille.width >= lp or feuille.height >= hp:
        return None, None
    ox, oy = rng.randint(0, lp - feuille.width), rng.randint(0, hp - feuille.height)
    page = Image.new("L", (lp, hp), rng.randint(236, 250))
    page.paste(feuille, (ox, oy))
    return page, deplacer_verite(verite, ox - x0, oy - y0, lp, hp)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("manche", type=Path)
    p.add_argument("sortie", type=Path)
    p.add_argument("--graine", type=int, default=5)
    p.add_argument("--feuille-mm", type=float, nargs=2, default=(137.0, 127.0), help="taille de la feuille du formulaire (FISF : 137 × 127)")
    a = p.parse_args()
    rng = random.Random(a.graine)
    poses, copies = refaire(a.manche, a.sortie, lambda scan, verite: poser(scan, verite, rng, tuple(a.feuille_mm)), 90)
    print(f"{poses} scans posés sur une page A4, {copies} fichiers copiés tels quels, dans {a.sortie}")


if __name__ == "__main__":
    main()
