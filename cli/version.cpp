#include "cli/version.h"

namespace leiser::cli {

std::string version_string() { return std::string("leiserchess ") + LEISER_VERSION; }

}  // namespace leiser::cli
