// LCOVERAGE's batched beams, AVX2: four lanes per vector. Built with
// -mavx2 -mbmi2.
#include "simd/kogge_stone_avx2.h"
#include "simd/lcoverage_beams_impl.h"

namespace leiser::simd {
template void LcoverageBeamsKernel::operator()<xsimd::avx2>(xsimd::avx2, const kernel::Board&,
                                                            kernel::Color, const LcoverageLane*,
                                                            std::size_t, std::uint16_t*,
                                                            Bitboard*) const;
}  // namespace leiser::simd
