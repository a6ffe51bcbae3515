"""Injecte des fautes dans une manche générée (``arbitre echantillons``), comme une vraie
salle en produit, pour mesurer ``arbitre run`` / ``arbitre evaluer`` : fichiers corrompus
et vides, doublons (même scan passé deux fois), pages blanches, scans à l'envers, bulletins
rangés dans le dossier du coup suivant, images qui ne sont pas des bulletins.

    python samples/injecter_fautes.py DOSSIER [--graine 7]

Demande Pillow (``models/requirements.txt``). Écrit la liste des fautes dans
``DOSSIER/fautes.json``. La vérité terrain d'un bulletin déplacé le suit (elle dit toujours
son vrai coup) ; celle d'un scan retourné est retournée avec lui (homographie, coins et
encres en pixels, ``perturbations.retourne``) : le recalage d'un scan à l'envers se juge
sur l'image telle qu'elle est.
"""

import argparse
import json
import random
import shutil
from pathlib import Path

from PIL import Image

NOMBRES = {"tronque": 10, "vide": 5, "doublon": 10, "blanche": 5, "retourne": 20, "deplace": 5, "photo": 5}


def transformer_points(geometrie, f):
    """Applique `f(x, y) -> (x', y')` à chaque point en pixels de la géométrie d'une vérité
    (quadrillage, coins et encres des cases et des cadres, ratures)."""

    def point(v):
        if isinstance(v, list) and len(v) == 2 and all(isinstance(x, (int, float)) for x in v):
            return list(f(v[0], v[1]))
        if isinstance(v, list):
            return [point(x) for x in v]
        if isinstance(v, dict):
            return {k: point(x) for k, x in v.items()}
        return v

    for cle in ["quadrillage", "cases", "cadres", "ratures"]:
        geometrie[cle] = point(geometrie[cle])


def retourner_verite(verite):
    """La vérité d'un scan tourné d'un demi-tour : un point (x, y) de l'image (pixels, coins
    des pixels à coordonnées entières) va en (L - x, H - y)."""
    g = verite["geometrie"]
    lg, ht = g["largeur_px"], g["hauteur_px"]
    transformer_points(g, lambda x, y: (lg - x, ht - y))
    h = g["mm_vers_px"]
    # Le demi-tour après l'homographie : [[-1, 0, L], [0, -1, H], [0, 0, 1]] · h.
    g["mm_vers_px"] = [lg * h[6] - h[0], lg * h[7] - h[1], lg * h[8] - h[2], ht * h[6] - h[3], ht * h[7] - h[4], ht * h[8] - h[5], h[6], h[7], h[8]]
    verite["perturbations"]["retourne"] = not verite["perturbations"]["retourne"]
    return verite


def main():
    p = argparse.ArgumentParser()
    p.add_argument("dossier", type=Path)
    p.add_argument("--graine", type=int, default=7)
    a = p.parse_args()
    rng = random.Random(a.graine)
    coups = sorted(d for d in a.dossier.iterdir() if d.is_dir() and d.name.startswith("coup-"))
    scans = sorted(s for d in coups for s in d.glob("scan-*.jpg"))
    choisis = rng.sample(scans, sum(NOMBRES.values()))
    fautes = []
    k = 0

    def prendre(n):
        nonlocal k
        v = choisis[k : k + n]
        k += n
        return v

    for s in prendre(NOMBRES["tronque"]):
        octets = s.read_bytes()
        cible = s.with_name(s.stem + "-tronque.jpg")
        cible.write_bytes(octets[: len(octets) // 3])
        fautes.append({"faute": "tronque", "image": str(cible.relative_to(a.dossier))})
    for s in prendre(NOMBRES["vide"]):
        cible = s.with_name(s.stem + "-vide.jpg")
        cible.write_bytes(b"")
        fautes.append({"faute": "vide", "image": str(cible.relative_to(a.dossier))})
    for s in prendre(NOMBRES["doublon"]):
        cible = s.with_name(s.stem + "-bis.jpg")
        shutil.copy(s, cible)
        fautes.append({"faute": "doublon", "image": str(cible.relative_to(a.dossier)), "de": str(s.relative_to(a.dossier))})
    for s in prendre(NOMBRES["blanche"]):
        cible = s.with_name(s.stem + "-blanche.png")
        Image.new("L", (1240, 1754), 250).save(cible)
        fautes.append({"faute": "blanche", "image": str(cible.relative_to(a.dossier))})
    for s in prendre(NOMBRES["retourne"]):
        Image.open(s).rotate(180).save(s, quality=90)
        json_ = s.with_suffix(".json")
        json_.write_text(json.dumps(retourner_verite(json.loads(json_.read_text()))))
        fautes.append({"faute": "retourne", "image": str(s.relative_to(a.dossier))})
    for s in prendre(NOMBRES["deplace"]):
        i = coups.index(s.parent)
        autre = coups[(i + 1) % len(coups)]
        cible = autre / (s.stem + f"-du-{s.parent.name}.jpg")
        shutil.move(s, cible)
        json_ = s.with_suffix(".json")
        verite = json.loads(json_.read_text())
        verite["image"] = cible.name
        cible.with_suffix(".json").write_text(json.dumps(verite))
        json_.unlink()
        fautes.append({"faute": "deplace", "image": str(cible.relative_to(a.dossier)), "de": str(s.relative_to(a.dossier))})
    for s in prendre(NOMBRES["photo"]):
        cible = s.with_name(s.stem + "-photo.png")
        w, h = 900, 700
        img = Image.new("L", (w, h))
        img.putdata([(x * 7 + y * 3 + (x * y) % 97 + rng.randrange(40)) % 256 for y in range(h) for x in range(w)])
        img.save(cible)
        fautes.append({"faute": "photo", "image": str(cible.relative_to(a.dossier))})
    (a.dossier / "fautes.json").write_text(json.dumps(fautes, indent=1, ensure_ascii=False) + "\n")
    print(f"{len(fautes)} fautes injectées dans {a.dossier} (liste : fautes.json)")


if __name__ == "__main__":
    main()
