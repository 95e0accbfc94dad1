#include "nnue/accumulator.h"

#include "simd/int16_columns.h"

namespace leiser::nnue {
namespace {

// out = in - the columns of `removed` + the columns of `added` (128 int16,
// wrapping), by simd/int16_columns.h at the width of this core. `in` and `out`
// may be the same array.
void apply_columns(const Network& net, const std::int16_t* in, std::int16_t* out,
                   const std::uint16_t* removed, int removed_count, const std::uint16_t* added,
                   int added_count) {
  simd::add_sub_columns<kHalfDimensions>(net.feature_column(0), in, out, removed, removed_count,
                                         added, added_count);
}

constexpr kernel::Color kPerspectives[kPerspectiveCount] = {kernel::Color::kTangerine,
                                                            kernel::Color::kLavender};

}  // namespace

void refresh(const Network& net, const kernel::Board& board, Accumulator& acc) {
  for (kernel::Color perspective : kPerspectives) {
    const FeatureList features = active_features(board, perspective);
    apply_columns(net, net.ft_biases.data(), acc.values[kernel::index_of(perspective)], nullptr, 0,
                  features.indices.data(), features.size);
  }
  acc.board = board;
  acc.valid = true;
}

void update(const Network& net, const Accumulator& from, const kernel::Board& to,
            Accumulator& out) {
  // Everything is read from `from` before `out` is written (they may alias).
  const kernel::Board& before = from.board;
  FeatureList removed[kPerspectiveCount];
  FeatureList added[kPerspectiveCount];
  for (kernel::Bitboard changed = changed_square_set(before, to); changed;) {
    const kernel::Square s = kernel::pop_lowest(changed);
    const kernel::Bitboard b = kernel::bit(s);
    for (kernel::Color perspective : kPerspectives) {
      const int p = kernel::index_of(perspective);
      if (before.occupied() & b)
        removed[p].push(feature_index(perspective, s, occupant(before, s)));
      if (to.occupied() & b) added[p].push(feature_index(perspective, s, occupant(to, s)));
    }
  }
  for (int p = 0; p < kPerspectiveCount; ++p)
    apply_columns(net, from.values[p], out.values[p], removed[p].indices.data(), removed[p].size,
                  added[p].indices.data(), added[p].size);
  out.board = to;
  out.valid = true;
}

}  // namespace leiser::nnue
