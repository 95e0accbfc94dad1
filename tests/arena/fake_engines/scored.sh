#!/bin/bash
# A fake engine that plays a fixed game with a score per move:
#   scored.sh [--sleep S] M1:S1 M2:S2 ...
# At ply k (the number of moves in the last `position ... moves` command) it
# plays M(k+1), after `info depth 3 score cp S(k+1)` (no info line when the
# score is '-'). Both engines of a game get the same list and each plays the
# plies of its colour. --sleep S waits S seconds before each move. Used to
# test adjudication, game records and interruption with a game known in
# advance.
delay=0
if [ "$1" = "--sleep" ]; then
  delay="$2"
  shift 2
fi
script=("$@")
ply=0
while read -r command rest; do
  case "$command" in
    uci) echo "id name scored"; echo "uciok" ;;
    isready) echo "readyok" ;;
    position)
      words=($rest)
      ply=0
      counting=0
      for w in "${words[@]}"; do
        if [ "$counting" = 1 ]; then ply=$((ply + 1)); fi
        if [ "$w" = "moves" ]; then counting=1; fi
      done ;;
    go)
      [ "$delay" = 0 ] || sleep "$delay"
      entry="${script[$ply]}"
      move="${entry%%:*}"
      score="${entry#*:}"
      [ "$score" = "-" ] || echo "info depth 3 score cp $score"
      echo "bestmove $move" ;;
    quit) exit 0 ;;
  esac
done
