"""Exploration (rien n'est exporté) : la référence citée par le ticket 14 — un CNN de
~246 000 paramètres (3 convolutions, normalisation par lots, augmentation affine légère)
entraîné sur les capitales et chiffres EMNIST en tuiles natives 28 × 28 — refaite sur le
partage du projet : planches 0–2 pour apprendre, 3 pour suivre, 4–5 pour la mesure (têtes
restreintes : 26 capitales, 10 chiffres). Sert à situer le lecteur livré (fiche,
models/README.md).

    python models/reference_ticket.py --epoques 40     # 692 s sur les 2 cœurs
"""
import argparse
import sys
import time
from pathlib import Path

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

sys.path.insert(0, str(Path(__file__).resolve().parent))
import donnees as D  # noqa: E402

CLASSES = [str(d) for d in range(10)] + [chr(c) for c in range(ord("A"), ord("Z") + 1)]


def partie(tuiles, car, planches):
    k = np.arange(len(car)) // D.PAR_PLANCHE
    m = np.isin(car, CLASSES) & np.isin(k, planches)
    rang = {c: i for i, c in enumerate(CLASSES)}
    return torch.from_numpy(tuiles[m].astype(np.float32) / 255.0)[:, None], torch.tensor([rang[c] for c in car[m]])


def reseau():
    def bloc(a, b):
        return nn.Sequential(nn.Conv2d(a, b, 3, padding=1, bias=False), nn.BatchNorm2d(b), nn.ReLU(), nn.MaxPool2d(2))

    return nn.Sequential(bloc(1, 32), bloc(32, 64), bloc(64, 128), nn.Flatten(), nn.Linear(128 * 9, 128), nn.ReLU(), nn.Dropout(0.3), nn.Linear(128, len(CLASSES)))


def affine(x):
    """Rotation ±10°, échelle ±10 %, cisaillement ±0,15, décalage ±8 %."""
    n = len(x)
    a, s, c = (torch.rand(n) - 0.5) * 0.34, 1 + (torch.rand(n) - 0.5) * 0.2, (torch.rand(n) - 0.5) * 0.3
    th = torch.zeros(n, 2, 3)
    th[:, 0, 0], th[:, 0, 1] = s * torch.cos(a), -s * torch.sin(a) + c
    th[:, 1, 0], th[:, 1, 1] = s * torch.sin(a), s * torch.cos(a)
    th[:, :, 2] = (torch.rand(n, 2) - 0.5) * 0.16
    return F.grid_sample(x, F.affine_grid(th, x.shape, align_corners=False), align_corners=False)


def exactitudes(m, x, y):
    m.eval()
    with torch.no_grad():
        z = torch.cat([m(x[i : i + 2048]) for i in range(0, len(x), 2048)])
    cap = y >= 10
    capitales = (z[cap][:, 10:].argmax(1) + 10 == y[cap]).float().mean().item()
    chiffres = (z[~cap][:, :10].argmax(1) == y[~cap]).float().mean().item()
    return capitales, chiffres


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--epoques", type=int, default=40)
    p.add_argument("--graine", type=int, default=0)
    a = p.parse_args()
    torch.manual_seed(a.graine)
    torch.set_num_threads(2)
    tuiles, car = D.planches_emnist()
    (xa, ya), (xv, yv), (xe, ye) = (partie(tuiles, car, pl) for pl in ([0, 1, 2], [3], [4, 5]))
    m = reseau()
    print(f"{sum(q.numel() for q in m.parameters())} paramètres ; apprentissage {len(ya)}, suivi {len(yv)}, mesure {len(ye)}", flush=True)
    opt = torch.optim.AdamW(m.parameters(), 2e-3, weight_decay=1e-4)
    plan = torch.optim.lr_scheduler.CosineAnnealingLR(opt, a.epoques)
    debut = time.time()
    for e in range(a.epoques):
        m.train()
        for b in torch.randperm(len(ya)).split(128):
            perte = F.cross_entropy(m(affine(xa[b])), ya[b])
            opt.zero_grad()
            perte.backward()
            opt.step()
        plan.step()
        cv, dv = exactitudes(m, xv, yv)
        print(f"époque {e + 1} ({time.time() - debut:.0f} s) : planche 3, capitales {cv:.4f}, chiffres {dv:.4f}", flush=True)
    ce, de = exactitudes(m, xe, ye)
    print(f"planches 4–5 : capitales {ce:.4f}, chiffres {de:.4f}", flush=True)


if __name__ == "__main__":
    main()
