// The move picker's sort (search/word_sort.h) as each wide core compiles it:
// word_sort_avx2.cpp and word_sort_avx512.cpp are built with that core's
// flags (bench/meson.build), so that bm_word_sort can time every form on one
// CPU. Each is the core's network, for kNetworkSortMinWords <= n <=
// kNetworkSortMaxWords.
#pragma once

#include <cstdint>

namespace leiser::microbench {

void sort_descending_avx2_core(std::uint64_t* words, int n);
void sort_descending_avx512_core(std::uint64_t* words, int n);

}  // namespace leiser::microbench
