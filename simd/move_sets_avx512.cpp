// Move-generation set kernels (destination sets, touches-path, beam fills),
// AVX-512. Built with -mavx512f -mavx512bw -mavx512dq -mavx512vl -mbmi2.
#include "simd/kogge_stone_avx512.h"
#include "simd/move_sets_impl.h"

namespace leiser::simd {
template void DestinationSetsKernel::operator()<xsimd::avx512bw>(xsimd::avx512bw, const Bitboard*,
                                                                 const Bitboard*, DirectionSets*,
                                                                 std::size_t) const;
template std::size_t TouchesPathKernel::operator()<xsimd::avx512bw>(xsimd::avx512bw,
                                                                    const kernel::Move*,
                                                                    std::size_t, Bitboard,
                                                                    std::uint8_t*) const;
template void BeamFillsKernel::operator()<xsimd::avx512bw>(xsimd::avx512bw, const Bitboard*,
                                                           const Bitboard*, BeamSets*,
                                                           std::size_t) const;
}  // namespace leiser::simd
