#!/usr/bin/env bash
# An SPRT between two engine binaries with fastchess (docs/testing.md).
#
#   scripts/sprt.sh NEW OLD [gain|simplify] [nodes=N | tc=T] [extra fastchess args...]
#
# gain: bounds [0, 5]; simplify: [-5, 0]. nodes=N plays every move at N
# nodes (tc=inf; load-independent, so datagen may run beside it at nice 19);
# tc=8+0.08 plays at a time control (nothing else may run). Runs from a
# scratch folder (fastchess writes config.json where it runs) given by
# $SPRT_DIR (default /tmp/sprt-<pid>), keeps the PGN there, and runs until
# the SPRT decides.
#
# Games are adjudicated as Fishtest's are: a draw once both sides have
# scored within 10 cp for 8 moves each after move 40, a win once both
# sides have agreed on 600 cp or more for 3 moves each. Replayed on
# s17-0007's 2,250 games, that saves 13% of the plies and changes 10
# results (0.4%). ADJUDICATE=0 plays every game out.
set -euo pipefail
new=$(realpath "$1"); old=$(realpath "$2"); kind=${3:-gain}; limit=${4:-nodes=25000}
shift $(( $# < 4 ? $# : 4 ))
here=$(cd "$(dirname "$0")/.." && pwd)
shared=${SHARED:-$here/../shared}
case $kind in
  gain) bounds="elo0=0 elo1=5" ;;
  simplify) bounds="elo0=-5 elo1=0" ;;
  *) echo "kind must be gain or simplify, not $kind" >&2; exit 2 ;;
esac
case $limit in
  nodes=*) each="tc=inf ${limit}" ;;
  tc=*) each="${limit}" ;;
  *) echo "limit must be nodes=N or tc=T, not $limit" >&2; exit 2 ;;
esac
adjudicate=()
if [ "${ADJUDICATE:-1}" != 0 ]; then
  adjudicate=(-draw movenumber=40 movecount=8 score=10 -resign movecount=3 score=600 twosided=true)
fi
dir=${SPRT_DIR:-/tmp/sprt-$$}
mkdir -p "$dir"
cd "$dir"
exec "$shared/tools/fastchess" \
  -engine cmd="$new" name=new -engine cmd="$old" name=old \
  -each $each option.Hash=16 option.Threads=1 \
  -openings file="$shared/data/books/openings.epd" format=epd order=random \
  -repeat -rounds 50000 -games 2 -concurrency "${CONCURRENCY:-2}" \
  -sprt $bounds alpha=0.05 beta=0.05 model=normalized \
  "${adjudicate[@]}" -pgnout file=games.pgn -log file=fastchess.log level=warn -recover "$@"
