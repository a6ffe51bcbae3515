"""Mesure le lecteur entraîné sur l'écriture réelle jamais vue : planches EMNIST 4 et 5
(capitales en cases, chiffres en cadres), têtes restreintes (26 capitales, 10 chiffres),
probabilités calibrées (températures de l'entraînement) ; et, pour comprendre, la
validation par catégorie.

    python models/evaluer.py                         # les poids de models/donnees/lecteur.pt
    python models/evaluer.py --onnx models/lecteur.onnx   # le modèle livré lui-même

écrit models/donnees/evaluation.json. Avec ``--onnx``, c'est le fichier exporté qui est mesuré
(onnxruntime), températures comprises : ce que lisent les utilisateurs, sans les poids.

Les chiffres de la fiche du modèle (models/README.md) viennent d'ici.
"""

import json
import sys
from pathlib import Path

import numpy as np
import torch
import torch.nn.functional as F

sys.path.insert(0, str(Path(__file__).resolve().parent))
import donnees as D  # noqa: E402
from entrainer import GRAINE, Lecteur, logits  # noqa: E402

ICI = Path(__file__).resolve().parent


def ece(confiance, juste, bacs=15):
    confiance, juste = np.asarray(confiance), np.asarray(juste, dtype=float)
    total = 0.0
    for b in range(bacs):
        m = (confiance >= b / bacs) & (confiance < (b + 1) / bacs) if b < bacs - 1 else (confiance >= b / bacs)
        if m.any():
            total += abs(confiance[m].mean() - juste[m].mean()) * m.mean()
    return float(total)


def mesure(z, y, classes, t):
    """Top-1 et ECE d'une tête restreinte aux `classes` (indices), température `t`."""
    z = z[:, classes] / t
    p = F.softmax(z, 1)
    conf, pred = p.max(1)
    juste = (pred == y).numpy()
    confusions = {}
    for a, b in zip(y.numpy()[~juste], pred.numpy()[~juste]):
        confusions[(int(a), int(b))] = confusions.get((int(a), int(b)), 0) + 1
    return {"n": len(y), "top1": float(juste.mean()), "ece": ece(conf.numpy(), juste), "confusions": sorted(confusions.items(), key=lambda x: -x[1])[:8], "surs": float((conf.numpy() >= 0.98).mean()), "erreurs_sures": int(((conf.numpy() >= 0.98) & ~juste).sum())}


def depuis_onnx(chemin):
    """Les logits calibrés d'un modèle exporté, comme ``logits`` ceux des poids."""
    import onnxruntime

    session = onnxruntime.InferenceSession(str(chemin), providers=["CPUExecutionProvider"])
    noms = [o.name for o in session.get_outputs()]

    def lire(v):
        sorties = {}
        for i in range(0, len(v), 2048):
            for k, x in zip(noms, session.run(None, {"vignette": np.ascontiguousarray(v[i : i + 2048][:, None])})):
                sorties.setdefault(k, []).append(torch.from_numpy(x))
        return {k: torch.cat(x) for k, x in sorties.items()}

    return lire


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--onnx":
        # Le fichier exporté divise déjà chaque tête par sa température.
        lire = depuis_onnx(sys.argv[2])
        t = {k: 1.0 for k in ["lettre", "entouree", "barree", "chiffre", "reference"]}
    else:
        modele = Lecteur()
        modele.load_state_dict(torch.load(ICI / "donnees" / "lecteur.pt"))
        t = json.loads((ICI / "donnees" / "entrainement.json").read_text())["temperatures"]

        def lire(v):
            return logits(modele, v)
    capitales = [chr(c) for c in range(65, 91)]
    chiffres = [str(d) for d in range(10)]
    sortie = {}
    v, e = D.emnist([4, 5], capitales, "case", GRAINE + 100)
    z = lire(v)["lettre"]
    y = torch.tensor([capitales.index(c) for c in e])
    r = mesure(z, y, list(range(26)), t["lettre"])
    r["confusions"] = [(capitales[a], capitales[b], n) for (a, b), n in r["confusions"]]
    sortie["emnist_evaluation_capitales"] = r
    v, e = D.emnist([4, 5], chiffres, "cadre", GRAINE + 101)
    z = lire(v)["chiffre"]
    y = torch.tensor([int(c) for c in e])
    r = mesure(z, y, list(range(10)), t["chiffre"])
    r["confusions"] = [(chiffres[a], chiffres[b], n) for (a, b), n in r["confusions"]]
    sortie["emnist_evaluation_chiffres"] = r
    # Validation (planche 3 et bulletins générés depuis elle), par catégorie de case.
    v, c = D.generees(ICI / "donnees" / "validation", "cases")
    z = lire(v)
    y = torch.tensor([D.LETTRES.index(x) for x in c["classe"]])
    pred = (z["lettre"] / t["lettre"]).argmax(1)
    for nom, m in [("lettres", np.isin(c["classe"], capitales)), ("dieses", c["classe"] == "#"), ("ratures", c["classe"] == "rature"), ("vides", c["classe"] == "vide"), ("entourees", c["entouree"] == "1"), ("barrees", c["barree"] == "1")]:
        m = torch.from_numpy(m)
        sortie[f"validation_cases_{nom}"] = {"n": int(m.sum()), "top1": float((pred[m] == y[m]).float().mean())}
    for nom in ["entouree", "barree"]:
        vrai = torch.from_numpy(c[nom].astype(np.int64))
        pr = (torch.sigmoid(z[nom] / t[nom]) >= 0.5).long()
        vp = int(((pr == 1) & (vrai == 1)).sum())
        sortie[f"validation_{nom}"] = {"precision": vp / max(1, int(pr.sum())), "rappel": vp / max(1, int(vrai.sum()))}
    (ICI / "donnees" / "evaluation.json").write_text(json.dumps(sortie, indent=1, ensure_ascii=False))
    print(json.dumps(sortie, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
