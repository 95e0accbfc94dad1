// The version line printed by --version and the protocol's "id name".
#pragma once

#include <string>

namespace leiser::cli {

std::string version_string();

}  // namespace leiser::cli
