// Move-generation set kernels (destination sets, touches-path, beam fills),
// AVX2. Built with -mavx2 -mbmi2.
#include "simd/kogge_stone_avx2.h"
#include "simd/move_sets_impl.h"

namespace leiser::simd {
template void DestinationSetsKernel::operator()<xsimd::avx2>(xsimd::avx2, const Bitboard*,
                                                             const Bitboard*, DirectionSets*,
                                                             std::size_t) const;
template std::size_t TouchesPathKernel::operator()<xsimd::avx2>(xsimd::avx2, const kernel::Move*,
                                                                std::size_t, Bitboard,
                                                                std::uint8_t*) const;
template void BeamFillsKernel::operator()<xsimd::avx2>(xsimd::avx2, const Bitboard*,
                                                       const Bitboard*, BeamSets*,
                                                       std::size_t) const;
}  // namespace leiser::simd
