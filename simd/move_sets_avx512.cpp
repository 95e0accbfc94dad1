// Move-generation set batch ops (destination sets, touches-path, beam fills),
// AVX-512. Built with -mavx512f -mavx512bw -mavx512dq -mavx512vl -mbmi2.
#include "simd/kogge_stone_avx512.h"
#include "simd/move_sets_impl.h"

namespace leiser::simd {
template struct DestinationSetsVector<xsimd::avx512bw>;
template struct TouchesPathVector<xsimd::avx512bw>;
template struct BeamFillsVector<xsimd::avx512bw>;
}  // namespace leiser::simd
