#include "nnue/accumulator.h"

#if defined(__AVX2__)
#include <immintrin.h>
#endif

namespace leiser::nnue {
namespace {

// out = in - the columns of `removed` + the columns of `added` (128 int16,
// wrapping). `in` and `out` may be the same array: every branch reads all of
// `in` before it writes `out`, or reads and writes each element in place.
void apply_columns(const Network& net, const std::int16_t* in, std::int16_t* out,
                   const std::uint16_t* removed, int removed_count,
                   const std::uint16_t* added, int added_count) {
#if defined(__AVX512BW__)
  constexpr int kLanes = 32;
  constexpr int kRegisters = kHalfDimensions / kLanes;  // 4
  __m512i sum[kRegisters];
  for (int r = 0; r < kRegisters; ++r) sum[r] = _mm512_loadu_si512(in + r * kLanes);
  for (int i = 0; i < removed_count; ++i) {
    const std::int16_t* column = net.feature_column(removed[i]);
    for (int r = 0; r < kRegisters; ++r)
      sum[r] = _mm512_sub_epi16(sum[r], _mm512_load_si512(column + r * kLanes));
  }
  for (int i = 0; i < added_count; ++i) {
    const std::int16_t* column = net.feature_column(added[i]);
    for (int r = 0; r < kRegisters; ++r)
      sum[r] = _mm512_add_epi16(sum[r], _mm512_load_si512(column + r * kLanes));
  }
  for (int r = 0; r < kRegisters; ++r) _mm512_storeu_si512(out + r * kLanes, sum[r]);
#elif defined(__AVX2__)
  constexpr int kLanes = 16;
  constexpr int kRegisters = kHalfDimensions / kLanes;  // 8 of the 16 ymm registers
  __m256i sum[kRegisters];
  for (int r = 0; r < kRegisters; ++r)
    sum[r] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in + r * kLanes));
  for (int i = 0; i < removed_count; ++i) {
    const std::int16_t* column = net.feature_column(removed[i]);
    for (int r = 0; r < kRegisters; ++r)
      sum[r] = _mm256_sub_epi16(sum[r], _mm256_load_si256(reinterpret_cast<const __m256i*>(column + r * kLanes)));
  }
  for (int i = 0; i < added_count; ++i) {
    const std::int16_t* column = net.feature_column(added[i]);
    for (int r = 0; r < kRegisters; ++r)
      sum[r] = _mm256_add_epi16(sum[r], _mm256_load_si256(reinterpret_cast<const __m256i*>(column + r * kLanes)));
  }
  for (int r = 0; r < kRegisters; ++r) _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + r * kLanes), sum[r]);
#else
  // The reference: int16 arithmetic that wraps modulo 2^16 at every step
  // (C++20 defines the conversion to int16 as that reduction).
  std::int16_t sum[kHalfDimensions];
  for (int j = 0; j < kHalfDimensions; ++j) sum[j] = in[j];
  for (int i = 0; i < removed_count; ++i) {
    const std::int16_t* column = net.feature_column(removed[i]);
    for (int j = 0; j < kHalfDimensions; ++j) sum[j] = static_cast<std::int16_t>(sum[j] - column[j]);
  }
  for (int i = 0; i < added_count; ++i) {
    const std::int16_t* column = net.feature_column(added[i]);
    for (int j = 0; j < kHalfDimensions; ++j) sum[j] = static_cast<std::int16_t>(sum[j] + column[j]);
  }
  for (int j = 0; j < kHalfDimensions; ++j) out[j] = sum[j];
#endif
}

constexpr kernel::Color kPerspectives[kPerspectiveCount] = {kernel::Color::kTangerine, kernel::Color::kLavender};

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

void update(const Network& net, const Accumulator& from, const kernel::Board& to, Accumulator& out) {
  // Everything is read from `from` before `out` is written (they may alias).
  const kernel::Board& before = from.board;
  FeatureList removed[kPerspectiveCount];
  FeatureList added[kPerspectiveCount];
  for (kernel::Bitboard changed = changed_square_set(before, to); changed;) {
    const kernel::Square s = kernel::pop_lowest(changed);
    const kernel::Bitboard b = kernel::bit(s);
    for (kernel::Color perspective : kPerspectives) {
      const int p = kernel::index_of(perspective);
      if (before.occupied() & b) removed[p].push(feature_index(perspective, s, occupant(before, s)));
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
