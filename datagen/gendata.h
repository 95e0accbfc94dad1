// Self-play games (`leiserchess gendata`, and leiserchess-mpi's ranks through
// a core's gendata entry) that make training data for the
// network (nnue/README.md, "Training data"; nnue/train/ reads the files).
//
//   gendata --edition E --games N --nodes K --out FILE [--threads T]
//           [--openings FILE] [--random-plies R] [--seed S] [--hash MB]
//           [--max-plies P] [--first-game I --game-stride S] [name=value ...]
//
// Game i starts from opening i of the book (in turn; the start position
// without a book), plays R random legal moves chosen by a generator seeded
// with S and i, then both sides search K nodes a move with one thread
// (options name=value are set on the engine, e.g. Eval=nnue). Each searched
// position is recorded with the search's score and, once the game ends, its
// result, unless it is in tactical flux: the chosen move zaps, the opponent's
// laser would zap a piece of the side to move, or the score is a mate score.
// T games run at once, each with its own engine. An existing FILE of the same
// edition is appended to: the games it lacks are played (its last game again,
// in case it was cut short), so an interrupted run resumes with the same
// command. --first-game I --game-stride S play only games I, I+S, ... below
// N (one share of the games: leiserchess-mpi gendata gives each rank one,
// docs/mpi.md); a FILE holding a game of another share is refused.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "core/gendata_progress.h"

namespace leiser::datagen {

// Runs gendata with `args` (its options): the summary to `out`; errors, the
// usage after a bad option, and the live progress line to `err`, or, with
// `on_progress`, the progress as data instead of that line (about once a
// second, and at the end) and a bad option's one error line without the
// usage. Returns the exit status (2: bad options).
int run_gendata(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
                const core::GendataProgressFn& on_progress = {});

}  // namespace leiser::datagen
