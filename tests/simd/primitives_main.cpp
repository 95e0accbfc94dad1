// The runner of one copy of primitives_isa.cpp (tests/simd/meson.build builds
// one per wide core): baseline code that asks the CPU first and skips, with
// exit status 77 (meson's SKIP), when it lacks the instructions of the copy,
// so that no wide instruction runs on a CPU that has none.
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "simd/cpu.h"

#if !defined(LEISER_PRIMITIVES_ENTRY) || !defined(LEISER_PRIMITIVES_FEATURES)
#error \
    "built by tests/simd/meson.build with -DLEISER_PRIMITIVES_ENTRY and -DLEISER_PRIMITIVES_FEATURES"
#endif

extern "C" int LEISER_PRIMITIVES_ENTRY(std::uint64_t seed);

int main(int argc, char** argv) {
  using namespace leiser::simd;
  const FeatureSet needed = LEISER_PRIMITIVES_FEATURES;
  const FeatureSet missing = needed & ~cpu_features();
  if (missing != 0) {
    std::printf("SKIP: this CPU lacks %s\n", feature_names(missing).c_str());
    return 77;
  }
  const std::uint64_t seed = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 40;
  return LEISER_PRIMITIVES_ENTRY(seed) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
