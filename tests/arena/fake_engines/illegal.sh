#!/bin/bash
# A fake engine that answers every `go` with an illegal move: c4 is empty in
# the 2016 start position and stays empty for the first plies, so "c4R"
# (rotate the piece on c4) is illegal for either side.
while read -r command _; do
  case "$command" in
    uci) echo "id name illegal"; echo "uciok" ;;
    isready) echo "readyok" ;;
    go) echo "info depth 1 score cp 0"; echo "bestmove c4R" ;;
    quit) exit 0 ;;
  esac
done
