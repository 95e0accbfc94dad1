// The leiserchess executable's start-up: choose the engine core (core/cores.h)
// for the SIMD implementation in force (the best this CPU runs, or
// LEISER_SIMD, or --simd), then let it run the command line. Baseline code:
// nothing here may use an instruction the chosen core's CPU might lack.
#include <iostream>
#include <string>
#include <vector>

#include "core/cores.h"
#include "simd/dispatch.h"

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  // --simd NAME (anywhere) forces a SIMD implementation, like LEISER_SIMD.
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] != "--simd") continue;
    if (i + 1 >= args.size()) {
      std::cerr << "error: --simd expects scalar, avx2, avx512 or auto\n";
      return 2;
    }
    if (const std::string problem = leiser::simd::select(args[i + 1]); !problem.empty()) {
      std::cerr << "error: --simd: " << problem << "\n";
      return 2;
    }
    args.erase(args.begin() + static_cast<long>(i), args.begin() + static_cast<long>(i) + 2);
    --i;
  }
  // A protocol session may hand over to another core (its `simd` option):
  // the new core adopts its state (as data) and reads on from the same input.
  leiser::core::CoreHandover handover;
  handover.core_name_for = [](std::string_view implementation) {
    return leiser::core::core_for(implementation).name;
  };
  for (;;) {
    const leiser::core::CoreEntry& core = leiser::core::core_for(leiser::simd::active().name);
    const int status = core.run(args, std::cin, std::cout, std::cerr, handover);
    if (handover.next_core.empty()) {
      // A command whose output was lost (a full disk, /dev/full, a closed
      // pipe's EPIPE) must not report success to the script that ran it.
      // The protocol has said so already and returned 1.
      std::cout.flush();
      if (!std::cout && status == 0) {
        std::cerr << "error: cannot write to standard output\n";
        return 1;
      }
      return status;
    }
    if (const std::string problem = leiser::simd::select(handover.next_core); !problem.empty()) {
      // The core checked the name against this CPU before handing over.
      std::cout << "info string error: simd: " << problem << std::endl;
    }
    handover.next_core.clear();
    args.clear();
  }
}
