// The engine cores: the whole engine after start-up (rules, search, arena
// and these front ends) compiled once per instruction set, one of them picked
// when the program starts (docs/isa-cores.md).
//
// The baseline "scalar" core is the ordinary libraries (leiser_kernel,
// leiser_search, leiser_arena, leiser_commands); the "avx2" and "avx512" cores are
// the same sources compiled with wider flags and linked into one object each
// whose only global symbol is its entry below: one table per core, the
// executable's commands and typed jobs and the C API's engine functions
// alike. This header is what the code that runs before the choice
// (cli/main.cpp, core/cores.cpp, capi/leiserchess.cpp), the front ends that
// use a core (cli/main.cpp, mpi/, the C library) and the cores share: plain data and
// function pointers, nothing compiled here.
#pragma once

#include <iosfwd>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "capi/core_api.h"
#include "core/gendata_progress.h"
#include "core/perft_job.h"
#include "core/session_state.h"
#include "kernel/expected.h"
#include "simd/cpu.h"

namespace leiser::core {

// What a core hands the next one when the protocol's `simd` option switches
// cores: the name of the core to run, and the state the session leaves
// (core/session_state.h), which the next core applies to its engine before it
// reads on.
struct CoreHandover {
  std::string next_core;  // empty: no switch, the program ends
  // Set with next_core; taken (and reset) by the next core's session.
  std::optional<SessionState> state;
  // Set by the launcher (cli/main.cpp): the name of the core that runs for a
  // SIMD implementation, core_for(implementation).name. The cores cannot ask
  // the table themselves: it is baseline code outside them.
  const char* (*core_name_for)(std::string_view implementation) = nullptr;
};

struct CoreEntry {
  const char* name;  // "scalar", "avx2", "avx512": a simd::Implementation's name
  // The instruction-set extensions beyond the baseline the compiler was
  // allowed to use for this core (from the compiler's own macros).
  simd::FeatureSet compiled_for;
  // Runs a command line (arguments after the program's name and --simd; none:
  // the engine protocol on `in` and `out`). Returns the exit status. A
  // protocol session applies `handover.state` first, and sets
  // `handover.next_core` and `handover.state` when it ends to let another
  // core go on.
  int (*run)(const std::vector<std::string>& args, std::istream& in, std::ostream& out,
             std::ostream& err, CoreHandover& handover);
  // Typed work, no text to read back: the leaves at depths 1..job.depth, or
  // why the job cannot be counted (a bad FEN or move, no memory for the
  // table); `on_depth` (may be empty) gets each depth as it is counted. The
  // very loop `leiserchess perft` runs without --divide (commands/perft_command.h).
  kernel::Expected<PerftCounts> (*perft_counts)(const PerftJob& job, const PerftDepthFn& on_depth);
  // `leiserchess gendata` with `args` (its options), reporting its progress
  // to `on_progress` about once a second and at the end instead of printing
  // the live progress line; `out` and `err` get the rest as the command
  // prints it. Returns the exit status.
  int (*gendata)(const std::vector<std::string>& args, const GendataProgressFn& on_progress,
                 std::ostream& out, std::ostream& err);
  // The C API's engine functions in this core (capi/core_api.h): what the
  // exported functions of libleiserchess (capi/leiserchess.cpp) forward to.
  // Part of this entry, not a second table, so that choosing a core is one
  // lookup for the executable and the library alike.
  const LeiserCoreApi* c_api;
};

// The cores this build contains, best first; the last is scalar.
std::span<const CoreEntry* const> built_cores();
// The core called `name`, or nullptr if this build has none by that name.
const CoreEntry* find_core(std::string_view name);
// The core that runs for the SIMD implementation `implementation`
// (simd::active().name): the core of that name, or the best one built below
// it when the build left it out (-Disa_cores).
const CoreEntry& core_for(std::string_view implementation);

}  // namespace leiser::core

// Each core's entry (commands/core_entry.cpp), defined only in the cores this
// build contains. Constant data: reading a core's name runs none of its code,
// so baseline code can look at every core before choosing one.
extern "C" {
extern const leiser::core::CoreEntry leiser_core_scalar;
extern const leiser::core::CoreEntry leiser_core_avx2;
extern const leiser::core::CoreEntry leiser_core_avx512;
}
