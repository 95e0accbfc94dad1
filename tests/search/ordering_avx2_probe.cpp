#include "tests/search/ordering_avx2_probe.h"

#include "search/ordering.h"

namespace leiser::search::ordering_probe {

int probe_index_of_largest_avx2(const std::uint64_t* words, int begin, int end) {
  return index_of_largest_avx2(words, begin, end);
}

}  // namespace leiser::search::ordering_probe
