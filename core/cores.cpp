// The table of the cores this build contains (baseline code: it runs before
// any core is chosen, and is not itself part of one).
#include "core/cores.h"

#include "simd/dispatch.h"

namespace leiser::core {

namespace {

// Best first: the order of simd::all_implementations(). Addresses only
// (constant initialisation): no core's code runs before one is chosen.
constexpr const CoreEntry* kBuiltCores[] = {
#if LEISER_HAVE_CORE_AVX512
    &leiser_core_avx512,
#endif
#if LEISER_HAVE_CORE_AVX2
    &leiser_core_avx2,
#endif
    &leiser_core_scalar,
};

}  // namespace

std::span<const CoreEntry* const> built_cores() { return kBuiltCores; }

const CoreEntry* find_core(std::string_view name) {
  for (const CoreEntry* core : kBuiltCores)
    if (name == core->name) return core;
  return nullptr;
}

const CoreEntry& core_for(std::string_view implementation) {
  const CoreEntry* core = simd::built_for(implementation, built_cores());
  return core != nullptr ? *core : leiser_core_scalar;
}

}  // namespace leiser::core
