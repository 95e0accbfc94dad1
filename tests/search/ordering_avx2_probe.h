// The AVX2 selection scan of search/ordering.h, compiled with the avx2 core's
// flags in its own translation unit (ordering_avx2_probe.cpp) so that the
// baseline test can compare it with the plain scan on a CPU that has AVX2.
#pragma once

#include <cstdint>

namespace leiser::search::ordering_probe {

// index_of_largest_avx2(words, begin, end); end - begin >= 4.
int probe_index_of_largest_avx2(const std::uint64_t* words, int begin, int end);

}  // namespace leiser::search::ordering_probe
