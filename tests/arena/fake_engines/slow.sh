#!/bin/bash
# A fake engine that takes half a second per move and then plays an illegal
# move: under a short clock it loses on time before the move is looked at,
# and it does honour `stop` (late), so it need not be killed.
while read -r command _; do
  case "$command" in
    uci) echo "id name slow"; echo "uciok" ;;
    isready) echo "readyok" ;;
    go) sleep 0.5; echo "bestmove c4R" ;;
    quit) exit 0 ;;
  esac
done
