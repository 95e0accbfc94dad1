// What the compiler was allowed to use for the translation unit that
// includes this header, from its own macros (__AVX2__, __AVX512F__, ...): the
// engine core's entry (commands/core_entry.cpp) reports it, and the `cores` test
// checks it against the core's name. Kept here so that every test of a
// compiler's instruction-set macro lives in simd/ (issue 40).
//
// consteval: evaluated where it is used, in each core's own translation unit
// with that core's flags, never a shared function that the linker could pick
// from another core.
#pragma once

#include "simd/cpu.h"

namespace leiser::simd {

consteval FeatureSet compiled_features() {
  FeatureSet features = 0;
#ifdef __SSE4_2__
  features |= kFeatureSse42;
#endif
#ifdef __POPCNT__
  features |= kFeaturePopcnt;
#endif
#ifdef __AVX__
  features |= kFeatureAvx;
#endif
#ifdef __AVX2__
  features |= kFeatureAvx2;
#endif
#ifdef __FMA__
  features |= kFeatureFma;
#endif
#ifdef __BMI__
  features |= kFeatureBmi1;
#endif
#ifdef __BMI2__
  features |= kFeatureBmi2;
#endif
#ifdef __LZCNT__
  features |= kFeatureLzcnt;
#endif
#ifdef __AVX512F__
  features |= kFeatureAvx512F;
#endif
#ifdef __AVX512BW__
  features |= kFeatureAvx512BW;
#endif
#ifdef __AVX512DQ__
  features |= kFeatureAvx512DQ;
#endif
#ifdef __AVX512VL__
  features |= kFeatureAvx512VL;
#endif
#ifdef __AVX512CD__
  features |= kFeatureAvx512CD;
#endif
  return features;
}

}  // namespace leiser::simd
