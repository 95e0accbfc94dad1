// The version line printed by --version and the protocol's "id name",
// naming the SIMD implementation in use.
#pragma once

#include <string>

namespace leiser::commands {

std::string version_string();

}  // namespace leiser::commands
