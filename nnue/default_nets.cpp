#include "nnue/default_nets.h"

#include <cstddef>
#include <cstdio>
#include <cstdlib>

// Defined by the generated default_nets_data.cpp, a baseline library shared
// by every core: plain bytes, parsed by each core's own code.
extern "C" const std::size_t leiser_default_net_2016_size;
extern "C" const unsigned char leiser_default_net_2016[];
extern "C" const std::size_t leiser_default_net_2018_size;
extern "C" const unsigned char leiser_default_net_2018[];

namespace leiser::nnue {

std::span<const std::uint8_t> default_net_bytes(kernel::Edition edition) {
  if (edition == kernel::Edition::k2016)
    return {leiser_default_net_2016, leiser_default_net_2016_size};
  return {leiser_default_net_2018, leiser_default_net_2018_size};
}

namespace {

std::shared_ptr<const Network> parse_default(kernel::Edition edition) {
  const std::span<const std::uint8_t> bytes = default_net_bytes(edition);
  if (bytes.empty()) return nullptr;
  auto net = parse_network(bytes);
  if (!net || net->edition != edition) {
    std::fprintf(stderr, "fatal: the built-in %s network is damaged: %s\n",
                 std::string(kernel::edition_name(edition)).c_str(),
                 net ? "it names another edition" : net.error().c_str());
    std::abort();
  }
  return std::make_shared<const Network>(std::move(*net));
}

}  // namespace

std::shared_ptr<const Network> default_network(kernel::Edition edition) {
  // Parsed on first use, once per edition (thread-safe statics).
  static const std::shared_ptr<const Network> nets[2] = {parse_default(kernel::Edition::k2016),
                                                         parse_default(kernel::Edition::k2018)};
  return nets[edition == kernel::Edition::k2016 ? 0 : 1];
}

}  // namespace leiser::nnue
