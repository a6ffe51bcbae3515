#!/usr/bin/env bash
# Reconstruit le lexique libre par défaut (engine/lexique/wfrench.fst) depuis le paquet
# Debian wfrench. Reproductible : même paquet → mêmes octets (le .fst ne dépend que de
# l'ensemble des mots). Les abréviations, symboles et sigles (mots sans voyelle, sauf
# quelques interjections admises) sont écartés : voir engine/lexique/README.md.
# Usage : engine/lexique/construire.sh (depuis la racine du dépôt).
set -euo pipefail
racine="$(cd "$(dirname "$0")/../.." && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
apt-get download wfrench
dpkg-deb -x wfrench_*.deb extrait
cd "$racine"
cargo run --release -q -- lexique build --sans-abreviations "$tmp/extrait/usr/share/dict/french" -o engine/lexique/wfrench.fst
