// `leiserchess gendata`: the command line of the self-play training-data
// generator, whose loop lives in datagen/ (datagen/gendata.h says what it
// does with each option).
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "core/gendata_progress.h"

namespace leiser::commands {

// With `on_progress`, the progress goes there (about once a second, and at
// the end) instead of the live line on `err` (leiserchess-mpi's ranks).
int run_gendata_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
                        const core::GendataProgressFn& on_progress = {});

}  // namespace leiser::commands
