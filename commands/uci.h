// The engine protocol of PROTOCOL.md (UCI adapted to Leiserchess), driven
// through the embeddable search::Engine.
#pragma once

#include <iosfwd>

namespace leiser::core {
struct CoreHandover;
}  // namespace leiser::core

namespace leiser::commands {

// Reads commands from `in` until `quit` or end of input, answering on `out`.
// Input is read all the time on the calling thread; commands run in order on
// a thread of their own, waiting there (not in the reader) for a search or
// perft to end where they must, so `isready`, `stop` and `quit` are answered
// at once. `quit` stops what runs and answers what is queued at once; the
// end of input lets finite searches and perfts finish (an infinite search is
// stopped). Returns the exit status: 1 when `out` could not be written.
//
// With a handover (core/cores.h), the session first applies the handed-over
// state (core/session_state.h: options set, the game) to its engine, and
// `setoption name simd value V` for a V that another core runs ends it like
// `quit` (what runs stops, what is queued is answered) with that core and
// this session's state in the handover.
int run_protocol(std::istream& in, std::ostream& out, core::CoreHandover* handover = nullptr);

}  // namespace leiser::commands
