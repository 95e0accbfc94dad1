// An NNUE accumulator update: out = in - the columns `removed` + the columns
// `added`, N int16 each, wrapping modulo 2^16 (nnue/accumulator.cpp calls it
// per perspective). Written once over vec::Int16s<Isa>: the N values held in
// N / kLanes registers for the whole update (8 of AVX2's 16 registers, 4 of
// AVX-512's 32 at N = 128), each column added or subtracted register by
// register. add_sub_columns_plain is the reference.
//
// `columns` + c * N is column c (aligned to the vector); `in` and `out` may
// be the same array: both forms read all of `in` before they write `out`.
#pragma once

#include <cstdint>
#include <type_traits>

#include "simd/vec.h"

namespace leiser::simd {

template <int N>
inline void add_sub_columns_plain(const std::int16_t* columns, const std::int16_t* in,
                                  std::int16_t* out, const std::uint16_t* removed,
                                  int removed_count, const std::uint16_t* added, int added_count) {
  // C++20 defines the conversion to int16 as the reduction modulo 2^16.
  std::int16_t sum[N];
  for (int j = 0; j < N; ++j) sum[j] = in[j];
  for (int i = 0; i < removed_count; ++i) {
    const std::int16_t* column = columns + removed[i] * N;
    for (int j = 0; j < N; ++j) sum[j] = static_cast<std::int16_t>(sum[j] - column[j]);
  }
  for (int i = 0; i < added_count; ++i) {
    const std::int16_t* column = columns + added[i] * N;
    for (int j = 0; j < N; ++j) sum[j] = static_cast<std::int16_t>(sum[j] + column[j]);
  }
  for (int j = 0; j < N; ++j) out[j] = sum[j];
}

template <class Isa, int N>
inline void add_sub_columns_lanes(const std::int16_t* columns, const std::int16_t* in,
                                  std::int16_t* out, const std::uint16_t* removed,
                                  int removed_count, const std::uint16_t* added, int added_count) {
  using V = vec::Int16s<Isa>;
  constexpr int kRegisters = N / V::kLanes;
  static_assert(N % V::kLanes == 0 && kRegisters <= 8, "the sum must stay in registers");
  V sum[kRegisters];
  for (int r = 0; r < kRegisters; ++r) sum[r] = V::load_unaligned(in + r * V::kLanes);
  for (int i = 0; i < removed_count; ++i) {
    const std::int16_t* column = columns + removed[i] * N;
    for (int r = 0; r < kRegisters; ++r) sum[r] = sum[r] - V::load(column + r * V::kLanes);
  }
  for (int i = 0; i < added_count; ++i) {
    const std::int16_t* column = columns + added[i] * N;
    for (int r = 0; r < kRegisters; ++r) sum[r] = sum[r] + V::load(column + r * V::kLanes);
  }
  for (int r = 0; r < kRegisters; ++r) sum[r].store_unaligned(out + r * V::kLanes);
}

// The widest form of this translation unit, the plain one in the scalar core.
template <int N, class Isa = vec::Widest>
inline void add_sub_columns(const std::int16_t* columns, const std::int16_t* in, std::int16_t* out,
                            const std::uint16_t* removed, int removed_count,
                            const std::uint16_t* added, int added_count) {
  if constexpr (std::is_same_v<Isa, vec::NoVectors>)
    add_sub_columns_plain<N>(columns, in, out, removed, removed_count, added, added_count);
  else
    add_sub_columns_lanes<Isa, N>(columns, in, out, removed, removed_count, added, added_count);
}

}  // namespace leiser::simd
