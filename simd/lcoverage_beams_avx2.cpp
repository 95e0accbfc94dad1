// LCOVERAGE's batched beams, AVX2: four lanes per vector. Built with
// -mavx2 -mbmi2.
#include "simd/kogge_stone_avx2.h"
#include "simd/lcoverage_beams_impl.h"

namespace leiser::simd {
template struct LcoverageBeamsVector<xsimd::avx2>;
}  // namespace leiser::simd
