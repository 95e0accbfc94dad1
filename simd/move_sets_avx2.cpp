// Move-generation set batch ops (destination sets, touches-path, beam fills),
// AVX2. Built with -mavx2 -mbmi2.
#include "simd/kogge_stone_avx2.h"
#include "simd/move_sets_impl.h"

namespace leiser::simd {
template struct DestinationSetsVector<xsimd::avx2>;
template struct TouchesPathVector<xsimd::avx2>;
template struct BeamFillsVector<xsimd::avx2>;
}  // namespace leiser::simd
