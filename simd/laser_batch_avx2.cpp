// Batched laser trace, AVX2: four boards per vector. Built with -mavx2 -mbmi2.
#include "simd/kogge_stone_avx2.h"
#include "simd/laser_batch_impl.h"

namespace leiser::simd {
template void TraceLasersKernel::operator()<xsimd::avx2>(xsimd::avx2, const kernel::Board*,
                                                         const kernel::Color*, kernel::LaserTrace*,
                                                         std::size_t) const;
}  // namespace leiser::simd
