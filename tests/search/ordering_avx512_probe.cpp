// The avx512 probes of ordering_probe.h: the primitives of simd/ at this
// translation unit's width (built with the avx512 core's flags).
#include "simd/largest_word.h"
#include "simd/sort_network.h"
#include "tests/search/ordering_probe.h"

namespace leiser::search::ordering_probe {

int probe_index_of_largest_avx512(const std::uint64_t* words, int begin, int end) {
  return simd::largest_word_lanes<simd::vec::Avx512>(words, begin, end);
}

int probe_sort_keys_avx512(const kernel::Board& board, kernel::Color us,
                           const kernel::MoveList& moves, kernel::Move tt_move,
                           kernel::Move killer1, kernel::Move killer2, const HistoryTable& history,
                           const std::int32_t* continuation, std::int32_t* keys,
                           std::uint16_t* ties) {
  static_assert(std::is_same_v<simd::vec::Widest, simd::vec::Avx512>);
  return sort_keys_lanes(board, us, moves, tt_move, killer1, killer2, history, continuation, keys,
                         ties);
}

void probe_sort_descending_avx512(std::uint64_t* words, int n) {
  simd::sort_words_descending_network<simd::vec::Avx512>(words, n);
}

}  // namespace leiser::search::ordering_probe
