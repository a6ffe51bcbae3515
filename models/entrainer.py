"""Entraîne le lecteur de bulletins et l'exporte en ONNX (``models/lecteur.onnx``).

    python models/entrainer.py            # depuis la racine du dépôt, ~18 min sur 2 cœurs
    python models/entrainer.py --graine 2027 --sortie /tmp/autre.onnx   # un autre membre

Prérequis : ``pip install -r models/requirements.txt`` et les vignettes générées
(voir ``models/README.md``). Graine fixée ; deux lancements donnent le même modèle au
bruit des opérations parallèles de PyTorch près.

Un seul petit réseau convolutif, cinq têtes restreintes :
- ``lettre`` (cases de l'aire) : A–Z, ``#`` (marque illisible), ``rature``, ``vide`` ;
- ``entouree`` et ``barree`` (cases) : joker revendiqué, case barrée ;
- ``chiffre`` (N° Table, Score) : 0–9, ``rature`` (chiffre barré), ``vide`` ;
- ``reference`` (Réf.) : A–O, 0–9, ``rature``, ``vide``.
Chaque exemple n'entraîne que les têtes qui le concernent. Les logits exportés sont déjà
divisés par la température de chaque tête (calibration sur la validation, jamais sur
l'évaluation) : un softmax donne des probabilités calibrées.
"""

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

sys.path.insert(0, str(Path(__file__).resolve().parent))
import donnees as D  # noqa: E402

ICI = Path(__file__).resolve().parent
GRAINE = 2026
EPOQUES = 10
LOT = 256


class Lecteur(nn.Module):
    def __init__(self):
        super().__init__()

        def bloc(a, b):
            return nn.Sequential(nn.Conv2d(a, b, 3, padding=1, bias=False), nn.BatchNorm2d(b), nn.ReLU(), nn.MaxPool2d(2))

        self.tronc = nn.Sequential(bloc(1, 24), bloc(24, 48), bloc(48, 96), nn.Flatten(), nn.Linear(96 * 16, 160), nn.ReLU(), nn.Dropout(0.3))
        self.tetes = nn.ModuleDict({n: nn.Linear(160, len(c)) for n, c in D.TETES.items()})
        self.entouree = nn.Linear(160, 1)
        self.barree = nn.Linear(160, 1)

    def forward(self, x):
        z = self.tronc(x)
        return {**{n: t(z) for n, t in self.tetes.items()}, "entouree": self.entouree(z)[:, 0], "barree": self.barree(z)[:, 0]}


class Calibre(nn.Module):
    """Le lecteur, logits divisés par la température de chaque tête (export)."""

    def __init__(self, lecteur, temperatures):
        super().__init__()
        self.lecteur = lecteur
        self.t = temperatures

    def forward(self, vignette):
        s = self.lecteur(vignette)
        return tuple(s[n] / self.t[n] for n in ["lettre", "entouree", "barree", "chiffre", "reference"])


def indices(valeurs, classes):
    pos = {c: i for i, c in enumerate(classes)}
    return np.array([pos.get(v, -1) for v in valeurs], dtype=np.int64)


def jeu(planches_emnist, dossier_genere, graine, marques=False):
    """Toutes les vignettes d'un côté du partage, avec une cible par tête (-1 : cette tête
    n'apprend rien de cet exemple). Avec ``marques`` (entraînement seulement), une copie
    entourée et une copie barrée de 30 % des capitales EMNIST : les bulletins générés ont
    trop peu de jokers et de cases barrées pour que chaque lettre s'y lise aussi bien
    entourée ou barrée que nue (évaluation du 25/11/2026 : lettres entourées lues justes à
    84 %, barrées à 86 %, les autres à 95 %)."""
    parts = []
    capitales = [chr(c) for c in range(65, 91)]
    chiffres = [str(d) for d in range(10)]

    def part(v, **cibles):
        n = len(v)
        c = {t: np.full(n, -1, np.int64) for t in ["lettre", "chiffre", "reference", "entouree", "barree"]}
        c.update(cibles)
        parts.append((v, c))

    v, e = D.emnist(planches_emnist, capitales, "case", graine)
    if marques:
        zero = np.zeros(len(v), np.int64)
        part(v, lettre=indices(e, D.LETTRES), entouree=zero, barree=zero)
        for marque, graine_marque, cibles in [(D.entourer, graine + 3, (1, 0)), (D.barrer, graine + 4, (0, 1))]:
            k, vm = D.marquees(v, 0.3, marque, graine_marque)
            un = np.ones(len(k), np.int64)
            part(vm, lettre=indices(e[k], D.LETTRES), entouree=un * cibles[0], barree=un * cibles[1])
    else:
        part(v, lettre=indices(e, D.LETTRES))
    v, e = D.emnist(planches_emnist, capitales[:15], "cadre", graine + 1)
    part(v, reference=indices(e, D.REFERENCES))
    v, e = D.emnist(planches_emnist, chiffres, "cadre", graine + 2)
    part(v, chiffre=indices(e, D.CHIFFRES), reference=indices(e, D.REFERENCES))
    if dossier_genere is not None:
        v, c = D.generees(dossier_genere, "cases")
        part(v, lettre=indices(c["classe"], D.LETTRES), entouree=c["entouree"].astype(np.int64), barree=c["barree"].astype(np.int64))
        v, c = D.generees(dossier_genere, "cadres")
        ref = c["role"] == "reference"
        chiffre = np.where(ref, -1, indices(c["classe"], D.CHIFFRES))
        # Un chiffre (ou une rature) d'un cadre de table ou de score apprend aussi la tête
        # « référence » ; une lettre de référence n'apprend pas la tête « chiffre ».
        reference = indices(c["classe"], D.REFERENCES)
        part(v, chiffre=chiffre, reference=reference)
    v = np.concatenate([p[0] for p in parts])
    cibles = {t: np.concatenate([p[1][t] for p in parts]) for t in parts[0][1]}
    return v, cibles


def augmenter(x, g, affine=1.0, elastique=0.0, efface=0.0):
    """Petites déformations affines, épaisseur du trait, flou : l'écriture varie plus que
    les planches. Le modèle livré n'a que celles-là ; ``models/balayage.py`` essaie aussi
    des amplitudes affines multipliées par ``affine``, une déformation élastique (champ lisse
    de ``elastique`` pixels, sur la moitié des vignettes) et l'effacement d'un carré de 5 à
    8 pixels (sur une part ``efface``)."""
    n = x.shape[0]

    def rand(*forme):
        return torch.rand(*forme, generator=g, device=g.device)

    angle = (rand(n) - 0.5) * 0.28 * affine
    cisaille = (rand(n) - 0.5) * 0.4 * affine
    echelle = 1 + (rand(n) - 0.5) * 0.2 * affine
    tx = (rand(n) - 0.5) * 0.12 * affine
    ty = (rand(n) - 0.5) * 0.12 * affine
    c, s = torch.cos(angle), torch.sin(angle)
    theta = torch.stack([torch.stack([c / echelle, (-s + cisaille) / echelle, tx], 1), torch.stack([s / echelle, c / echelle, ty], 1)], 1)
    grille = F.affine_grid(theta, x.shape, align_corners=False)
    if elastique > 0:
        # Bruit 5 × 5 agrandi à la vignette : un déplacement lisse (la grille va de -1 à 1).
        champ = F.interpolate((rand(n, 2, 5, 5) - 0.5) * 2, size=x.shape[2:], mode="bicubic", align_corners=True)
        garde = (rand(n) < 0.5).float()[:, None, None, None]
        grille = grille + (champ * garde).permute(0, 2, 3, 1) * (elastique * 2 / x.shape[3])
    x = F.grid_sample(x, grille, align_corners=False)
    trait = rand(n)
    epais = F.max_pool2d(x, 3, 1, 1)
    fin = -F.max_pool2d(-x, 3, 1, 1)
    x = torch.where((trait < 0.2)[:, None, None, None], epais, torch.where((trait > 0.9)[:, None, None, None], fin, x))
    if efface > 0:
        cote = 5 + (rand(n) * 4).long()
        x0, y0 = (rand(n) * (x.shape[3] - cote)).long(), (rand(n) * (x.shape[2] - cote)).long()
        ii = torch.arange(x.shape[3], device=x.device)
        dans_x = (ii[None, :] >= x0[:, None]) & (ii[None, :] < (x0 + cote)[:, None])
        dans_y = (ii[None, :] >= y0[:, None]) & (ii[None, :] < (y0 + cote)[:, None])
        masque = (dans_y[:, :, None] & dans_x[:, None, :]) & (rand(n) < efface)[:, None, None]
        x = x.masked_fill(masque[:, None], 0.0)
    m = x.amax(dim=(1, 2, 3), keepdim=True).clamp(min=0.05)
    return (x / m).clamp(0, 1)


def pertes(sorties, cibles, lissage=0.0):
    """La perte de toutes les têtes ; ``lissage`` : lissage des étiquettes des têtes à
    classes (0 pour le modèle livré, essayé par ``models/balayage.py``)."""
    total = 0.0
    for t in ["lettre", "chiffre", "reference"]:
        y = cibles[t]
        garde = y >= 0
        if garde.any():
            total = total + F.cross_entropy(sorties[t][garde], y[garde], label_smoothing=lissage)
    for t in ["entouree", "barree"]:
        y = cibles[t]
        garde = y >= 0
        if garde.any():
            total = total + F.binary_cross_entropy_with_logits(sorties[t][garde], y[garde].float())
    return total


@torch.no_grad()
def logits(modele, v):
    """Les logits de chaque tête pour des vignettes : un tableau numpy N × 32 × 32, ou un
    tenseur N × 1 × 32 × 32 déjà sur l'appareil du modèle (``balayage.py``) ; rendus sur CPU."""
    modele.eval()
    x = v if torch.is_tensor(v) else torch.from_numpy(v)[:, None]
    sorties = {}
    for i in range(0, len(x), 2048):
        for k, z in modele(x[i : i + 2048]).items():
            sorties.setdefault(k, []).append(z.cpu())
    return {k: torch.cat(z) for k, z in sorties.items()}


def temperature(z, y, binaire=False):
    """La température qui minimise la log-vraisemblance négative sur la validation."""
    meilleure = (1.0, float("inf"))
    for t in np.exp(np.linspace(np.log(0.5), np.log(4.0), 120)):
        if binaire:
            nll = F.binary_cross_entropy_with_logits(z / t, y.float()).item()
        else:
            nll = F.cross_entropy(z / t, y).item()
        if nll < meilleure[1]:
            meilleure = (float(t), nll)
    return meilleure[0]


def main():
    a = argparse.ArgumentParser(description="Entraîne le lecteur et l'exporte en ONNX.")
    a.add_argument("--graine", type=int, default=GRAINE, help=f"graine (par défaut {GRAINE}, celle du modèle livré)")
    a.add_argument("--sortie", type=Path, default=ICI / "lecteur.onnx", help="le fichier ONNX écrit (par défaut models/lecteur.onnx)")
    args = a.parse_args()
    entrainer(args.graine, args.sortie)


def entrainer(graine, sortie):
    """Entraîne avec la graine donnée ; écrit ``sortie``, et ses poids et son journal dans
    ``donnees/`` (``lecteur.pt`` et ``entrainement.json`` pour le modèle livré, sinon au nom
    de ``sortie``)."""
    livre = sortie.resolve() == (ICI / "lecteur.onnx").resolve()
    poids = ICI / "donnees" / ("lecteur.pt" if livre else sortie.with_suffix(".pt").name)
    journal = ICI / "donnees" / ("entrainement.json" if livre else sortie.with_suffix(".json").name)
    torch.manual_seed(graine)
    np.random.seed(graine)
    torch.set_num_threads(max(1, torch.get_num_threads()))
    debut = time.time()
    v_ent, c_ent = jeu([0, 1, 2], ICI / "donnees" / "entrainement", graine, marques=True)
    v_val, c_val = jeu([3], ICI / "donnees" / "validation", graine + 10)
    print(f"entraînement : {len(v_ent)} vignettes ; validation : {len(v_val)} ; préparées en {time.time() - debut:.0f} s", flush=True)
    modele = Lecteur()
    optim = torch.optim.AdamW(modele.parameters(), lr=2e-3, weight_decay=1e-4)
    pas_total = EPOQUES * (len(v_ent) // LOT)
    plan = torch.optim.lr_scheduler.OneCycleLR(optim, max_lr=3e-3, total_steps=pas_total, pct_start=0.15)
    g = torch.Generator().manual_seed(graine)
    x_ent = torch.from_numpy(v_ent)[:, None]
    y_ent = {k: torch.from_numpy(v) for k, v in c_ent.items()}
    y_val = {k: torch.from_numpy(v) for k, v in c_val.items()}
    for e in range(EPOQUES):
        modele.train()
        ordre = torch.randperm(len(x_ent), generator=g)
        somme, n = 0.0, 0
        for i in range(0, len(ordre) - LOT + 1, LOT):
            lot = ordre[i : i + LOT]
            x = augmenter(x_ent[lot], g)
            perte = pertes(modele(x), {k: y[lot] for k, y in y_ent.items()})
            optim.zero_grad()
            perte.backward()
            optim.step()
            plan.step()
            somme += perte.item()
            n += 1
        z = logits(modele, v_val)
        justes = {t: (z[t][y_val[t] >= 0].argmax(1) == y_val[t][y_val[t] >= 0]).float().mean().item() for t in ["lettre", "chiffre", "reference"]}
        print(f"époque {e + 1}/{EPOQUES} : perte {somme / n:.4f}, validation {json.dumps({k: round(v, 4) for k, v in justes.items()})}, {time.time() - debut:.0f} s", flush=True)

    # Calibration : une température par tête, sur la validation.
    z = logits(modele, v_val)
    temperatures = {}
    for t in ["lettre", "chiffre", "reference"]:
        garde = y_val[t] >= 0
        temperatures[t] = temperature(z[t][garde], y_val[t][garde])
    for t in ["entouree", "barree"]:
        garde = y_val[t] >= 0
        temperatures[t] = temperature(z[t][garde], y_val[t][garde], binaire=True)
    print("températures :", temperatures, flush=True)

    modele.eval()
    exporte = Calibre(modele, temperatures)
    torch.onnx.export(
        exporte,
        torch.zeros(1, 1, D.COTE, D.COTE),
        sortie,
        input_names=["vignette"],
        output_names=["lettre", "entouree", "barree", "chiffre", "reference"],
        dynamic_axes={"vignette": {0: "n"}, **{k: {0: "n"} for k in ["lettre", "entouree", "barree", "chiffre", "reference"]}},
        opset_version=17,
        dynamo=False,
    )
    torch.save(modele.state_dict(), poids)
    journal.write_text(
        json.dumps({"temperatures": temperatures, "duree_s": round(time.time() - debut), "epoques": EPOQUES, "vignettes": len(v_ent), "parametres": sum(p.numel() for p in modele.parameters())}, indent=1)
    )
    print(f"exporté : {sortie} ({sortie.stat().st_size // 1024} Kio), {time.time() - debut:.0f} s", flush=True)


if __name__ == "__main__":
    main()
