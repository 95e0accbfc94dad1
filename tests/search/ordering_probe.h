// The wide primitives of search/ordering.h and search/word_sort.h (simd/largest_word.h,
// simd/move_key_lanes.h, simd/sort_network.h), compiled with a wide core's
// flags in translation units of their own (ordering_avx2_probe.cpp,
// ordering_avx512_probe.cpp) so that the baseline test can compare them with
// the plain code on a CPU that has the instructions.
#pragma once

#include <cstdint>

#include "kernel/board.h"
#include "kernel/move.h"
#include "search/ordering.h"

namespace leiser::search::ordering_probe {

// simd::largest_word_lanes<Avx2>(words, begin, end); end - begin >= 4.
int probe_index_of_largest_avx2(const std::uint64_t* words, int begin, int end);
// sort_keys_lanes at AVX2 width: the number of moves it did (a multiple of 8).
int probe_sort_keys_avx2(const kernel::Board& board, kernel::Color us,
                         const kernel::MoveList& moves, kernel::Move tt_move, kernel::Move killer1,
                         kernel::Move killer2, const HistoryTable& history,
                         const std::int32_t* continuation, std::int32_t* keys, std::uint16_t* ties);

// simd::sort_words_descending_network<Avx2>(words, n); kNetworkSortMinWords
// <= n <= kNetworkSortMaxWords.
void probe_sort_descending_avx2(std::uint64_t* words, int n);

// simd::largest_word_lanes<Avx512>(words, begin, end); end - begin >= 8.
int probe_index_of_largest_avx512(const std::uint64_t* words, int begin, int end);
// sort_keys_lanes at AVX-512 width: all moves.size() moves.
int probe_sort_keys_avx512(const kernel::Board& board, kernel::Color us,
                           const kernel::MoveList& moves, kernel::Move tt_move,
                           kernel::Move killer1, kernel::Move killer2, const HistoryTable& history,
                           const std::int32_t* continuation, std::int32_t* keys,
                           std::uint16_t* ties);

// simd::sort_words_descending_network<Avx512>(words, n), same bounds.
void probe_sort_descending_avx512(std::uint64_t* words, int n);

}  // namespace leiser::search::ordering_probe
