// The avx512 probes of ordering_probe.h.
#include "tests/search/ordering_probe.h"

namespace leiser::search::ordering_probe {

int probe_index_of_largest_avx512(const std::uint64_t* words, int begin, int end) {
  return index_of_largest_avx512(words, begin, end);
}

int probe_sort_keys_avx512(const kernel::Board& board, kernel::Color us, const kernel::MoveList& moves,
                           kernel::Move tt_move, kernel::Move killer1, kernel::Move killer2,
                           const HistoryTable& history, std::int32_t* keys, std::uint16_t* ties) {
  return sort_keys_avx512(board, us, moves, tt_move, killer1, killer2, history, keys, ties);
}

void probe_sort_descending_avx512(std::uint64_t* words, int n) { sort_descending_avx512(words, n); }

}  // namespace leiser::search::ordering_probe
