// The engine protocol of PROTOCOL.md (UCI adapted to Leiserchess), driven
// through the embeddable search::Engine.
#pragma once

#include <iosfwd>

namespace leiser::cli {

// Reads commands from `in` until `quit` or end of input, answering on `out`.
// Input keeps being read while a search runs. Returns the exit status.
int run_protocol(std::istream& in, std::ostream& out);

}  // namespace leiser::cli
