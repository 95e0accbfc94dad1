// Batched laser trace, AVX-512: eight boards per vector. Built with
// -mavx512f -mavx512bw -mavx512dq -mavx512vl -mbmi2.
#include "simd/kogge_stone_avx512.h"
#include "simd/laser_batch_impl.h"

namespace leiser::simd {
template void TraceLasersKernel::operator()<xsimd::avx512bw>(xsimd::avx512bw, const kernel::Board*,
                                                             const kernel::Color*,
                                                             kernel::LaserTrace*,
                                                             std::size_t) const;
}  // namespace leiser::simd
