#!/usr/bin/env bash
# Une campagne de fuzzing de chaque analyseur d'arbitre avec cargo fuzz (libFuzzer).
# Usage : fuzz/lancer.sh [SECONDES par cible, 60 par défaut] [cibles…]
# cargo fuzz demande des options nightly : avec la chaîne stable, RUSTC_BOOTSTRAP=1 les
# ouvre, sans sanitizer (-s none). Le corpus de départ : fuzz/corpus/<cible>/ (rempli ici
# depuis les exemples du dépôt) ; les plantages trouvés : fuzz/artifacts/<cible>/.
set -euo pipefail
cd "$(dirname "$0")"
secondes="${1:-60}"
shift || true
cibles=("$@")
[ ${#cibles[@]} -gt 0 ] || cibles=(partie lectures csv archive lexique)
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked
mkdir -p corpus/{partie,lectures,csv,archive,lexique}
cp ../samples/manche-exemple/partie.partie corpus/partie/ 2>/dev/null || true
cp ../../shared/validation/eliot-games/*.partie corpus/partie/ 2>/dev/null || true
cp ../samples/manche-exemple/bulletins.txt corpus/lectures/ 2>/dev/null || true
printf 'bulletin table=1 coup=1\nref: H4\nscore: 20\n|MANGER\nsanction: avertissement bavardage\nsanction: temps\nbulletin table=2 coup=2\nvierge\nsanction: zéro collusion\nsanction: échange\n' > corpus/lectures/sanctions.txt
printf 'table,nom,arrivee\n1,Marie,\n2,Jean,4\n' > corpus/csv/joueurs.csv
printf 'table,coup,score,sanction\n1,1,20\n2,1,0,zero\n' > corpus/csv/premier.csv
cp ../engine/lexique/wfrench.fst corpus/lexique/ 2>/dev/null || true
for c in "${cibles[@]}"; do
  echo "== $c ($secondes s)"
  RUSTC_BOOTSTRAP=1 cargo fuzz run -s none "$c" "corpus/$c" -- -max_total_time="$secondes" -max_len=65536 -rss_limit_mb=2048 2>&1 | grep -E "^#[0-9]+ +DONE|^Done|SUMMARY|panicked|ERROR" || true
done
