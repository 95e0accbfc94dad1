// Negative control for check_core_isolation.py: a "core" whose static
// initialiser calls into code of its own, compiled for AVX2. The check must
// reject it (tests/simd/meson.build expects the test to fail).
#include <cstdint>

extern "C" const int leiser_core_control = 1;

namespace {

std::uint64_t table[64];

}  // namespace

// Not inlined: the initialiser must call into the core.
[[gnu::noinline]] int fill_table(int shift) {
  for (int i = 0; i < 64; ++i) table[i] = (std::uint64_t{1} << ((i + shift) & 63)) >> (i & 7);
  return static_cast<int>(table[shift & 63]);
}

int filled = fill_table(3);
