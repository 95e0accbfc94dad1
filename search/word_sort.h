// Sorting the move picker's packed words (search/ordering.h) from largest to
// smallest, once a node has asked for more than its first few moves.
//
// The plain form is std::sort. The words of one list are distinct (each holds
// its own move), so every correct sort gives the same order, and a wide core
// may use any algorithm. std::sort on a hundred random words mispredicts
// about half of its comparisons; the wide cores sort without branches on the
// data, by the bitonic network of simd/sort_network.h (8 words per vector on
// AVX-512, 4 on AVX2).
#pragma once

#include <cstdint>

#include "simd/sort_network.h"

namespace leiser::search {

// The reference: the words in [words, words + n) from largest to smallest.
inline void sort_descending_plain(std::uint64_t* words, int n) {
  simd::sort_words_descending_plain(words, n);
}

// Below this many words the wide cores use std::sort too: there the
// network's padding and fixed passes cost more than the short sort's
// mispredictions (measured on random words: at 2-4 words the network takes
// twice as long as std::sort, at 8 words a third to a half of its time).
inline constexpr int kNetworkSortMinWords = 8;
// The largest list the network sorts (more than any position's moves); longer
// lists take std::sort.
inline constexpr int kNetworkSortMaxWords = simd::kSortNetworkMaxWords;

// The words in [words, words + n) from largest to smallest, by the widest
// form this core was compiled for.
inline void sort_descending(std::uint64_t* words, int n) {
  if (n >= kNetworkSortMinWords && n <= kNetworkSortMaxWords &&
      simd::sort_words_descending_widest(words, n))
    return;
  sort_descending_plain(words, n);
}

}  // namespace leiser::search
