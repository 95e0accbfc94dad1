// LCOVERAGE's batched beams, AVX-512: eight lanes per vector, the distance
// map in two registers. Built with -mavx512f -mavx512bw -mavx512dq
// -mavx512vl -mbmi2.
#include "simd/kogge_stone_avx512.h"
#include "simd/lcoverage_beams_impl.h"

namespace leiser::simd {
template struct LcoverageBeamsVector<xsimd::avx512bw>;
}  // namespace leiser::simd
