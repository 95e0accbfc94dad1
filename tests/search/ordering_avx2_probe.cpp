// The avx2 probes of ordering_probe.h: the primitives of simd/ at this
// translation unit's width (built with the avx2 core's flags).
#include "simd/largest_word.h"
#include "simd/sort_network.h"
#include "tests/search/ordering_probe.h"

namespace leiser::search::ordering_probe {

int probe_index_of_largest_avx2(const std::uint64_t* words, int begin, int end) {
  return simd::largest_word_lanes<simd::vec::Avx2>(words, begin, end);
}

int probe_sort_keys_avx2(const kernel::Board& board, kernel::Color us,
                         const kernel::MoveList& moves, kernel::Move tt_move, kernel::Move killer1,
                         kernel::Move killer2, const HistoryTable& history,
                         const std::int32_t* continuation, std::int32_t* keys,
                         std::uint16_t* ties) {
  static_assert(std::is_same_v<simd::vec::Widest, simd::vec::Avx2>);
  return sort_keys_lanes(board, us, moves, tt_move, killer1, killer2, history, continuation, keys,
                         ties);
}

void probe_sort_descending_avx2(std::uint64_t* words, int n) {
  simd::sort_words_descending_network<simd::vec::Avx2>(words, n);
}

}  // namespace leiser::search::ordering_probe
