"""Refait une manche générée (``arbitre echantillons``) comme si chaque bulletin avait été
photographié au lieu d'être scanné : la feuille posée sur une table sombre, vue de biais
(chaque coin déplacé au hasard d'au plus ``--biais`` de la taille de la feuille), un
éclairage qui baisse d'un bord à l'autre, un léger flou, JPEG qualité 80. La vérité terrain
suit (homographie, coins et encres en pixels passés par la même perspective) :
``arbitre evaluer --manche SORTIE`` mesure alors la lecture et les décisions sur ces
photos.

    python samples/photographier.py MANCHE SORTIE [--graine 7] [--biais 0.06]

Demande Pillow et NumPy (``models/requirements.txt``). Les fichiers qui ne sont pas des
scans avec leur vérité (partie, bulletins.txt, joueurs.csv, fautes injectées) sont copiés
tels quels.
"""

import argparse
import random
from pathlib import Path

import numpy as np
from PIL import Image, ImageFilter

from injecter_fautes import transformer_points
from refaire import refaire

# La photo déborde la feuille d'autant (table autour).
MARGE = 0.35


def homographie(de, vers):
    """L'homographie (9 coefficients, h[8] = 1) qui envoie les quatre points `de` sur `vers`."""
    m, b = [], []
    for (x, y), (u, v) in zip(de, vers):
        m.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        m.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        b += [u, v]
    return list(np.linalg.solve(np.array(m, float), np.array(b, float))) + [1.0]


def appliquer(h, x, y):
    d = h[6] * x + h[7] * y + h[8]
    return ((h[0] * x + h[1] * y + h[2]) / d, (h[3] * x + h[4] * y + h[5]) / d)


def photographier(scan, verite, rng, biais):
    """La photo d'un scan et sa vérité passée par la même perspective."""
    img = Image.open(scan).convert("L")
    w, h = img.size
    lp, hp = int(w * (1 + MARGE)), int(h * (1 + MARGE))
    ox, oy = (lp - w) // 2, (hp - h) // 2
    fond = rng.randint(60, 120)
    table = np.full((hp, lp), float(fond)) + np.random.default_rng(rng.randrange(1 << 30)).normal(0, 6, (hp, lp))
    toile = Image.fromarray(table.clip(0, 255).astype("uint8"))
    toile.paste(img, (ox, oy))
    coins = [(ox, oy), (ox + w, oy), (ox + w, oy + h), (ox, oy + h)]
    vus = [(x + rng.uniform(-biais, biais) * w, y + rng.uniform(-biais, biais) * h) for x, y in coins]
    # Pillow demande l'inverse : d'un point de la photo au point de la toile.
    photo = toile.transform((lp, hp), Image.PERSPECTIVE, homographie(vus, coins)[:8], Image.BICUBIC, fillcolor=fond)
    # Un éclairage qui baisse d'un bord à l'autre, dans une direction tirée au hasard.
    a = np.asarray(photo).astype(float)
    yy, xx = np.mgrid[0:hp, 0:lp]
    t = rng.uniform(0, 2 * np.pi)
    rampe = (np.cos(t) * xx / lp + np.sin(t) * yy / hp)
    rampe = (rampe - rampe.min()) / max(rampe.max() - rampe.min(), 1e-9)
    a *= 1 - rng.uniform(0.15, 0.3) * rampe
    photo = Image.fromarray(a.clip(0, 255).astype("uint8")).filter(ImageFilter.GaussianBlur(rng.uniform(0.5, 1.0)))
    # La vérité : la toile (translation), puis la perspective.
    m = homographie(coins, vus)
    g = verite["geometrie"]
    transformer_points(g, lambda x, y: appliquer(m, x + ox, y + oy))
    t = np.array(m).reshape(3, 3) @ np.array([[1, 0, ox], [0, 1, oy], [0, 0, 1.0]]) @ np.array(g["mm_vers_px"]).reshape(3, 3)
    g["mm_vers_px"] = list((t / t[2, 2]).reshape(9))
    g["largeur_px"], g["hauteur_px"] = lp, hp
    return photo, verite


def main():
    p = argparse.ArgumentParser()
    p.add_argument("manche", type=Path)
    p.add_argument("sortie", type=Path)
    p.add_argument("--graine", type=int, default=7)
    p.add_argument("--biais", type=float, default=0.06, help="déplacement maximal de chaque coin, en part de la taille de la feuille")
    a = p.parse_args()
    rng = random.Random(a.graine)
    photos, copies = refaire(a.manche, a.sortie, lambda scan, verite: photographier(scan, verite, rng, a.biais), 80)
    print(f"{photos} scans photographiés, {copies} fichiers copiés tels quels, dans {a.sortie}")


if __name__ == "__main__":
    main()
