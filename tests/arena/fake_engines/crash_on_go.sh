#!/bin/bash
# A fake engine that speaks the handshake, then dies (status 3) when asked
# to search: a crash in the middle of a game.
while read -r command _; do
  case "$command" in
    uci) echo "id name crash"; echo "uciok" ;;
    isready) echo "readyok" ;;
    go) exit 3 ;;
    quit) exit 0 ;;
  esac
done
