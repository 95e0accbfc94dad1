// The core this code was compiled into (core/cores.h): each core's copy of
// the front ends knows its own name, e.g. to tell whether the protocol's
// `simd` option asks for another core.
#pragma once

#include <string_view>

namespace leiser::commands {

std::string_view this_core_name();

}  // namespace leiser::commands
