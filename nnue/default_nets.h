// The networks built into the binary: nnue/nets/<edition>.nnue, copied into
// the program at build time (scripts/embed_net.py) so that `Eval nnue` works
// with no file and no download.
#pragma once

#include <cstdint>
#include <memory>
#include <span>

#include "kernel/edition.h"
#include "nnue/network.h"

namespace leiser::nnue {

// The bytes of the edition's built-in net file; empty when the build had none.
std::span<const std::uint8_t> default_net_bytes(kernel::Edition edition);

// The built-in network of the edition, parsed once; null when there is none.
// A built-in file that does not parse is a build defect: it aborts with the
// parser's message rather than run with a network that is not the one shipped.
std::shared_ptr<const Network> default_network(kernel::Edition edition);

}  // namespace leiser::nnue
