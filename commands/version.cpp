#include "commands/version.h"

#include "simd/dispatch.h"

namespace leiser::commands {

std::string version_string() {
  return std::string("leiserchess ") + LEISER_VERSION + " (simd " +
         std::string(simd::active().name) + ")";
}

}  // namespace leiser::commands
