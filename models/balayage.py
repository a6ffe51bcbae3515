"""Balayage de recettes d'entraînement du lecteur : le même réseau, les mêmes données et le
même plan qu'``entrainer.py`` (10 époques, AdamW, OneCycle, lots de 256), une seule
chose changée par variante (augmentation, lissage des étiquettes). Exploration seulement :
n'exporte rien, écrit les poids et les mesures sur la validation (planche 3) de chaque
variante ; un choix se fait ensuite sur la manche de validation, et un modèle retenu serait
réentraîné par ``entrainer.py``.

    python models/balayage.py --sortie /tmp/balayage            # GPU s'il y en a un
    python models/balayage.py --variantes base,lissage --sortie /tmp/b
    python models/balayage.py --variantes base --graines 2026,2027,2028 --sortie /tmp/b   # bruit d'une graine

Sur CPU, chaque variante coûte un entraînement entier (18 min sur 2 cœurs) : c'est sur un
GPU (H200, 35 s par variante) que le balayage de la fiche a été fait.
"""

import argparse
import json
import sys
import time
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parent))
import donnees as D  # noqa: E402
import entrainer as E  # noqa: E402

VARIANTES = {
    "base": {},
    "lissage": {"lissage": 0.1},
    "elastique": {"elastique": 2.5},
    "affine_forte": {"affine": 1.7},
    "efface": {"efface": 0.3},
    "elastique_lissage": {"elastique": 2.5, "lissage": 0.1},
    "tout": {"elastique": 2.5, "lissage": 0.1, "affine": 1.7},
}


def exactitude(z, y):
    garde = y >= 0
    return round((z[garde].argmax(1) == y[garde]).float().mean().item(), 5)


def variante(cfg, donnees, dev, graine):
    """Entraîne une variante ; ses poids et ses mesures de validation."""
    x_ent, y_ent, x_val, y_val, x_cap, y_cap, x_chi, y_chi = donnees
    t0 = time.time()
    torch.manual_seed(graine)
    g = torch.Generator(device=dev).manual_seed(graine)
    modele = E.Lecteur().to(dev)
    optim = torch.optim.AdamW(modele.parameters(), lr=2e-3, weight_decay=1e-4)
    par_epoque = len(x_ent) // E.LOT
    plan = torch.optim.lr_scheduler.OneCycleLR(optim, max_lr=3e-3, total_steps=E.EPOQUES * par_epoque, pct_start=0.15)
    augmentation = {k: v for k, v in cfg.items() if k != "lissage"}
    for _ in range(E.EPOQUES):
        modele.train()
        ordre = torch.randperm(len(x_ent), generator=g, device=dev)
        for k in range(par_epoque):
            lot = ordre[k * E.LOT : (k + 1) * E.LOT]
            sorties = modele(E.augmenter(x_ent[lot], g, **augmentation))
            perte = E.pertes(sorties, {t: y[lot] for t, y in y_ent.items()}, cfg.get("lissage", 0.0))
            optim.zero_grad()
            perte.backward()
            optim.step()
            plan.step()
    z = E.logits(modele, x_val)
    mesures = {
        "validation": {t: exactitude(z[t], y_val[t]) for t in ["lettre", "chiffre", "reference"]},
        "emnist3_capitales": exactitude(E.logits(modele, x_cap)["lettre"][:, :26], y_cap),
        "emnist3_chiffres": exactitude(E.logits(modele, x_chi)["chiffre"][:, :10], y_chi),
        "temperatures": {t: E.temperature(z[t][y_val[t] >= 0], y_val[t][y_val[t] >= 0], binaire=t in ("entouree", "barree")) for t in ["lettre", "entouree", "barree", "chiffre", "reference"]},
        "duree_s": round(time.time() - t0),
        "cfg": cfg,
    }
    return {k: v.cpu() for k, v in modele.state_dict().items()}, mesures


def main():
    a = argparse.ArgumentParser(description="Balaye des recettes d'entraînement du lecteur (exploration).")
    a.add_argument("--sortie", type=Path, required=True, help="dossier des poids et de balayage.json")
    a.add_argument("--variantes", default=",".join(VARIANTES), help="noms séparés par des virgules")
    a.add_argument("--graines", default=str(E.GRAINE), help=f"graines de l'entraînement, séparées par des virgules (par défaut {E.GRAINE}, celle du modèle livré ; les données restent tirées de celle-ci)")
    args = a.parse_args()
    args.sortie.mkdir(parents=True, exist_ok=True)
    dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    graine = E.GRAINE
    debut = time.time()
    v_ent, c_ent = E.jeu([0, 1, 2], E.ICI / "donnees" / "entrainement", graine, marques=True)
    v_val, c_val = E.jeu([3], E.ICI / "donnees" / "validation", graine + 10)
    # La part EMNIST de la validation, seule : capitales (comme en case), chiffres (cadre).
    v_cap, e_cap = D.emnist([3], [chr(c) for c in range(65, 91)], "case", graine + 10)
    v_chi, e_chi = D.emnist([3], [str(d) for d in range(10)], "cadre", graine + 12)
    vers = lambda v: torch.from_numpy(v)[:, None].to(dev)  # noqa: E731
    donnees = (
        vers(v_ent),
        {k: torch.from_numpy(v).to(dev) for k, v in c_ent.items()},
        vers(v_val),
        {k: torch.from_numpy(v) for k, v in c_val.items()},
        vers(v_cap),
        torch.from_numpy(E.indices(e_cap, D.LETTRES)),
        vers(v_chi),
        torch.from_numpy(E.indices(e_chi, D.CHIFFRES)),
    )
    print(f"{len(v_ent)} + {len(v_val)} vignettes en {time.time() - debut:.0f} s, sur {dev}", flush=True)
    journal = {}
    for nom in args.variantes.split(","):
        for g in [int(x) for x in args.graines.split(",")]:
            cle = nom if g == graine else f"{nom}-{g}"
            poids, mesures = variante(VARIANTES[nom], donnees, dev, g)
            journal[cle] = mesures
            print(cle, json.dumps(mesures), flush=True)
            torch.save(poids, args.sortie / f"{cle}.pt")
        (args.sortie / "balayage.json").write_text(json.dumps(journal, indent=1))


if __name__ == "__main__":
    main()
