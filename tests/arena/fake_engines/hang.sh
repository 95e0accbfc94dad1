#!/bin/bash
# A fake engine whose search never ends: after `go` it ignores everything,
# `stop` and `quit` included, and must be killed.
while read -r command _; do
  case "$command" in
    uci) echo "id name hang"; echo "uciok" ;;
    isready) echo "readyok" ;;
    go) while read -r _; do :; done; sleep 3600 ;;
    quit) exit 0 ;;
  esac
done
