// Batched laser trace, scalar: the reference. It is kernel::trace_laser, one
// board after another.
#include "kernel/laser.h"
#include "simd/batch_ops.h"

namespace leiser::simd::scalar {

void trace_lasers(const kernel::Board* boards, const kernel::Color* shooters,
                  kernel::LaserTrace* out, std::size_t count) {
  for (std::size_t i = 0; i < count; ++i) out[i] = kernel::trace_laser(boards[i], shooters[i]);
}

}  // namespace leiser::simd::scalar
