"""Réunit plusieurs lecteurs exportés (même vignette en entrée, mêmes cinq têtes) en un seul
fichier ONNX qui moyenne leurs logits, puis recalibre chaque tête : une température par
tête, ajustée sur la validation (planche 3 d'EMNIST et bulletins générés depuis elle), comme
à l'entraînement ; l'évaluation n'y sert jamais.

    python models/ensemble.py A.onnx B.onnx [...] --sortie models/lecteur.onnx

Chaque membre s'entraîne avec ``entrainer.py --graine G --sortie M.onnx`` ; les logits
d'un membre sont déjà calibrés (divisés par ses températures), la moyenne est divisée par
les nouvelles : un softmax donne encore des probabilités calibrées.
"""

import argparse
import json
import sys
from pathlib import Path

import numpy as np
import onnx
import torch
from onnx import helper, numpy_helper

sys.path.insert(0, str(Path(__file__).resolve().parent))
from entrainer import GRAINE, jeu, temperature  # noqa: E402
from evaluer import depuis_onnx  # noqa: E402

ICI = Path(__file__).resolve().parent
TETES = ["lettre", "entouree", "barree", "chiffre", "reference"]
ENTREE = "vignette"


def renommer(graphe, prefixe):
    """Les nœuds et tenseurs d'un membre, préfixés (sauf l'entrée commune)."""
    nom = lambda x: x if x in ("", ENTREE) else f"{prefixe}{x}"  # noqa: E731
    noeuds = []
    for n in graphe.node:
        c = onnx.NodeProto()
        c.CopyFrom(n)
        c.name = nom(n.name) if n.name else ""
        del c.input[:]
        c.input.extend(nom(x) for x in n.input)
        del c.output[:]
        c.output.extend(nom(x) for x in n.output)
        noeuds.append(c)
    initialiseurs = []
    for t in graphe.initializer:
        c = onnx.TensorProto()
        c.CopyFrom(t)
        c.name = nom(t.name)
        initialiseurs.append(c)
    return noeuds, initialiseurs


def reunir(membres, echelles):
    """Le graphe de l'ensemble : la somme des logits de chaque tête, multipliée par
    ``echelles[tete]`` (1 / (nombre de membres × température))."""
    modeles = [onnx.load(str(m)) for m in membres]
    noeuds, initialiseurs = [], []
    for i, m in enumerate(modeles):
        n, t = renommer(m.graph, f"m{i}/")
        noeuds += n
        initialiseurs += t
    for tete in TETES:
        noeuds.append(helper.make_node("Sum", [f"m{i}/{tete}" for i in range(len(modeles))], [f"somme/{tete}"], name=f"somme/{tete}"))
        initialiseurs.append(numpy_helper.from_array(np.array(echelles[tete], dtype=np.float32), f"echelle/{tete}"))
        noeuds.append(helper.make_node("Mul", [f"somme/{tete}", f"echelle/{tete}"], [tete], name=f"echelle/{tete}"))
    g = helper.make_graph(noeuds, "lecteur_ensemble", list(modeles[0].graph.input), list(modeles[0].graph.output), initialiseurs)
    m = helper.make_model(g, opset_imports=list(modeles[0].opset_import), producer_name="arbitre models/ensemble.py")
    m.ir_version = modeles[0].ir_version
    onnx.checker.check_model(m)
    return m


def main():
    a = argparse.ArgumentParser(description="Réunit des lecteurs exportés en un ensemble calibré.")
    a.add_argument("membres", type=Path, nargs="+")
    a.add_argument("--sortie", type=Path, required=True)
    args = a.parse_args()
    v_val, c_val = jeu([3], ICI / "donnees" / "validation", GRAINE + 10)
    sorties = [depuis_onnx(m)(v_val) for m in args.membres]
    k = len(sorties)
    echelles, temperatures = {}, {}
    for tete in TETES:
        z = sum(s[tete] for s in sorties) / k
        y = torch.from_numpy(c_val[tete])
        garde = y >= 0
        t = temperature(z[garde], y[garde], binaire=tete in ("entouree", "barree"))
        temperatures[tete] = t
        echelles[tete] = 1.0 / (k * t)
    m = reunir(args.membres, echelles)
    onnx.save(m, str(args.sortie))
    # Le fichier écrit donne bien la moyenne recalibrée.
    verif = depuis_onnx(args.sortie)(v_val[:512])
    for tete in TETES:
        attendu = sum(s[tete][:512] for s in sorties) * echelles[tete]
        assert torch.allclose(verif[tete], attendu, atol=1e-4), tete
    print(json.dumps({"membres": [str(m) for m in args.membres], "temperatures": temperatures, "octets": args.sortie.stat().st_size}, indent=1))


if __name__ == "__main__":
    main()
