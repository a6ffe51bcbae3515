"""Les données d'entraînement et de mesure du lecteur de bulletins.

- EMNIST (``../shared/data/emnist-byclass-test``), partagé **par planche** : planches 0 à 2
  pour l'entraînement, planche 3 pour la validation (arrêt, calibration), planches 4 et 5
  pour l'évaluation (jamais vues ni à l'entraînement ni à la calibration ; ce sont aussi
  les écritures des manches générées d'évaluation).
- Les vignettes découpées par le projet dans des bulletins générés
  (``donnees/entrainement`` depuis les planches 0 à 2, ``donnees/validation`` depuis la
  planche 3 ; exemple Rust ``donnees_entrainement``).

Une vignette est ce que voit le modèle : 32 × 32, noirceur de l'encre de 0 à 1, ramenée à 1
pour l'encre la plus foncée (comme ``pipeline/src/vignette.rs``).
"""

import json
from pathlib import Path

import numpy as np
from PIL import Image

COTE = 32
PAR_PLANCHE = 127 * 127
EMNIST = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "emnist-byclass-test"

# Les têtes du modèle et leurs classes (l'ordre fait foi pour le code Rust : modele.rs).
LETTRES = [chr(c) for c in range(ord("A"), ord("Z") + 1)] + ["#", "rature", "vide"]
CHIFFRES = [str(d) for d in range(10)] + ["rature", "vide"]
REFERENCES = [chr(c) for c in range(ord("A"), ord("O") + 1)] + [str(d) for d in range(10)] + ["rature", "vide"]
TETES = {"lettre": LETTRES, "chiffre": CHIFFRES, "reference": REFERENCES}

# Une case : la fenêtre fait une case (plus si l'encre déborde) ; une lettre y fait de 0,62
# à 0,92 case de haut (pipeline/src/cases.rs).
HAUTEUR_CASE = (COTE * 0.62, COTE * 0.92 / 1.1)
# Un caractère de cadre : la fenêtre fait 1,25 fois sa plus grande dimension.
COTE_CADRE = COTE / 1.25


def planches_emnist():
    """Les tuiles EMNIST (N × 28 × 28, encre 0–1) et leur caractère."""
    index = json.loads((EMNIST / "test.json").read_text())
    w, h = index["width"], index["height"]
    tuiles = []
    for nom in index["files"]:
        planche = np.asarray(Image.open(EMNIST / nom).convert("L"), dtype=np.uint8)
        cols, rangs = planche.shape[1] // w, planche.shape[0] // h
        t = planche[: rangs * h, : cols * w].reshape(rangs, h, cols, w).transpose(0, 2, 1, 3).reshape(-1, h, w)
        tuiles.append(t[:PAR_PLANCHE])
    tuiles = np.concatenate(tuiles)[: len(index["id"])]
    caracteres = np.array([chr(index["mapping"][i]) for i in index["id"]])
    return tuiles, caracteres


def vers_vignette(tuile, hauteur, rng=None):
    """Une tuile EMNIST posée comme le découpage pose l'encre : recadrée sur son encre,
    mise à l'échelle (sa hauteur, ou sa plus grande dimension, vaut ``hauteur`` pixels),
    centrée, noirceur ramenée à 1."""
    ys, xs = np.nonzero(tuile > 40)
    if len(xs) == 0:
        return None
    t = tuile[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1].astype(np.float32) / 255.0
    th, tw = t.shape
    if rng is None:
        k = hauteur / max(th, tw)
    else:
        # Comme la fenêtre d'une case : une lettre très large agrandit la fenêtre.
        k = min(hauteur / th, COTE / 1.1 / tw)
    nw, nh = min(max(1, round(tw * k)), COTE), min(max(1, round(th * k)), COTE)
    img = Image.fromarray((t * 255).astype(np.uint8)).resize((nw, nh), Image.BILINEAR)
    v = np.zeros((COTE, COTE), np.float32)
    x0, y0 = (COTE - nw) // 2, (COTE - nh) // 2
    v[y0 : y0 + nh, x0 : x0 + nw] = np.asarray(img, np.float32) / 255.0
    m = v.max()
    return v / m if m > 0.05 else v


def emnist(planches, caracteres_gardes, style, graine):
    """Les vignettes EMNIST des planches données, d'un style : « case » (hauteur tirée comme
    dans une case) ou « cadre » (plus grande dimension fixe)."""
    tuiles, car = planches_emnist()
    rng = np.random.default_rng(graine)
    k = np.arange(len(car))
    garde = np.isin(k // PAR_PLANCHE, planches) & np.isin(car, list(caracteres_gardes))
    vignettes, etiquettes = [], []
    for i in np.nonzero(garde)[0]:
        if style == "case":
            v = vers_vignette(tuiles[i], rng.uniform(*HAUTEUR_CASE), rng)
        else:
            v = vers_vignette(tuiles[i], COTE_CADRE)
        if v is not None:
            vignettes.append(v)
            etiquettes.append(car[i])
    return np.stack(vignettes), np.array(etiquettes)


def generees(dossier, nom):
    """Les vignettes d'un dossier de l'exemple ``donnees_entrainement`` et leurs étiquettes
    (colonnes du CSV)."""
    dossier = Path(dossier)
    brut = np.fromfile(dossier / f"{nom}.u8", dtype=np.uint8)
    v = brut.reshape(-1, COTE, COTE).astype(np.float32) / 255.0
    lignes = (dossier / f"{nom}.csv").read_text().splitlines()
    entete = lignes[0].split(",")
    colonnes = {c: [] for c in entete}
    for ligne in lignes[1:]:
        for c, x in zip(entete, ligne.split(",")):
            colonnes[c].append(x)
    assert len(colonnes[entete[0]]) == len(v), f"{dossier}/{nom} : étiquettes et vignettes en nombre différent"
    return v, {c: np.array(x) for c, x in colonnes.items()}


def _trait(d, largeur):
    """L'encre d'un trait à la distance ``d`` (pixels) de son axe, bords adoucis."""
    return np.clip(largeur / 2 - d + 0.5, 0.0, 1.0)


def entourer(v, rng):
    """Une lettre de case entourée comme un joker revendiqué : la lettre rapetissée au
    centre, un cercle (un peu ovale, un peu irrégulier) tracé autour et qui remplit la
    fenêtre, comme le découpage la recadre sur l'encre du cercle."""
    s = rng.uniform(0.5, 0.72)
    n = max(4, round(COTE * s))
    petite = np.asarray(Image.fromarray((v * 255).astype(np.uint8)).resize((n, n), Image.BILINEAR), np.float32) / 255.0
    sortie = np.zeros_like(v)
    x0 = (COTE - n) // 2 + rng.integers(-1, 2)
    y0 = (COTE - n) // 2 + rng.integers(-1, 2)
    x0, y0 = int(np.clip(x0, 0, COTE - n)), int(np.clip(y0, 0, COTE - n))
    sortie[y0 : y0 + n, x0 : x0 + n] = petite
    yy, xx = np.mgrid[0:COTE, 0:COTE].astype(np.float32) + 0.5
    cx, cy = COTE / 2 + rng.uniform(-1, 1), COTE / 2 + rng.uniform(-1, 1)
    rx, ry = rng.uniform(0.40, 0.48) * COTE, rng.uniform(0.40, 0.48) * COTE
    angle = np.arctan2(yy - cy, xx - cx)
    ondulation = 1 + rng.uniform(0, 0.06) * np.sin(2 * angle + rng.uniform(0, 2 * np.pi))
    r = np.sqrt(((xx - cx) / rx) ** 2 + ((yy - cy) / ry) ** 2) / ondulation
    cercle = _trait(np.abs(r - 1) * min(rx, ry), rng.uniform(1.6, 3.2))
    # Le cercle ne se ferme pas toujours exactement : une petite ouverture, parfois.
    if rng.random() < 0.3:
        debut = rng.uniform(-np.pi, np.pi)
        ouvert = np.abs(np.angle(np.exp(1j * (angle - debut)))) < rng.uniform(0.1, 0.4)
        cercle = np.where(ouvert, 0, cercle)
    return np.maximum(sortie, cercle * rng.uniform(0.75, 1.0))


def barrer(v, rng):
    """Une lettre de case barrée : un trait presque horizontal qui traverse la case (un
    mot barré d'un trait), parfois commencé ou fini dans la case (bout du mot)."""
    yy, xx = np.mgrid[0:COTE, 0:COTE].astype(np.float32) + 0.5
    a = rng.uniform(-0.15, 0.15)
    y0 = rng.uniform(0.35, 0.65) * COTE
    d = np.abs((yy - y0) - np.tan(a) * (xx - COTE / 2)) * np.cos(a)
    trait = _trait(d, rng.uniform(1.6, 3.6))
    if rng.random() < 0.3:
        bout = rng.uniform(0, 0.3) * COTE
        trait = np.where(xx < bout, 0, trait) if rng.random() < 0.5 else np.where(xx > COTE - bout, 0, trait)
    return np.maximum(v, trait * rng.uniform(0.75, 1.0))


def marquees(v, fraction, marque, graine):
    """Une copie marquée (entourée ou barrée) d'une fraction des vignettes : les indices
    retenus et les vignettes marquées."""
    rng = np.random.default_rng(graine)
    k = np.nonzero(rng.random(len(v)) < fraction)[0]
    return k, np.stack([marque(v[i], rng) for i in k]).astype(np.float32)
