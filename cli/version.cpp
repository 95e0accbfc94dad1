#include "cli/version.h"

#include "simd/dispatch.h"

namespace leiser::cli {

std::string version_string() {
  return std::string("leiserchess ") + LEISER_VERSION + " (simd " +
         std::string(simd::active().name) + ")";
}

}  // namespace leiser::cli
