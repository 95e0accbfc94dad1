#!/bin/bash
# A fake engine that plays a fixed game: usage scripted.sh SCORE M1 M2 ...
# At ply k (the number of moves in the last `position ... moves` command) it
# plays M(k+1) and reports `score cp SCORE`; used to test adjudication and
# game records with a game known in advance.
score="$1"
shift
script=("$@")
ply=0
while read -r command rest; do
  case "$command" in
    uci) echo "id name scripted"; echo "uciok" ;;
    isready) echo "readyok" ;;
    position)
      words=($rest)
      ply=0
      counting=0
      for w in "${words[@]}"; do
        if [ "$counting" = 1 ]; then ply=$((ply + 1)); fi
        if [ "$w" = "moves" ]; then counting=1; fi
      done ;;
    go) echo "info depth 1 score cp $score"; echo "bestmove ${script[$ply]}" ;;
    quit) exit 0 ;;
  esac
done
