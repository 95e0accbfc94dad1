// The dense layers of NNUE inference (nnue/inference.cpp): int16 activations
// clamped, int16 weights times int16 activations summed in int32, each with
// its plain reference beside it. Written once over vec::Int16s<Isa>; the
// products go through `multiply_add_pairs` (madd: two int16 products added
// into one int32 lane, exact as |w * h| <= 32768 * 127 and the net file
// bounds every sum below 2^31, nnue/README.md step 5), and the int32 sums are
// reduced eight outputs at a time in 256-bit registers (horizontal adds),
// whatever the width of the products.
#pragma once

#include <algorithm>
#include <cstdint>
#include <type_traits>

#include "simd/vec.h"

namespace leiser::simd {

// out[j] = clamp(in[j], 0, kMax), j < n.
template <int kMax>
inline void clamp_int16_plain(const std::int16_t* in, std::int16_t* out, int n) {
  for (int j = 0; j < n; ++j) out[j] = static_cast<std::int16_t>(std::clamp<int>(in[j], 0, kMax));
}

// The same, n a multiple of Int16s<Isa>::kLanes; `out` aligned to the vector.
template <class Isa, int kMax>
inline void clamp_int16_lanes(const std::int16_t* in, std::int16_t* out, int n) {
  using V = vec::Int16s<Isa>;
  const V zero = V::zero();
  const V top = V::splat(kMax);
  for (int j = 0; j < n; j += V::kLanes)
    min(max(V::load_unaligned(in + j), zero), top).store(out + j);
}

// A dense layer: out[i] = clamp((biases[i] + sum_k rows[i * kInputs + k] *
// input[k]) >> kShift, 0, kMax), the shift arithmetic (floor).
template <int kInputs, int kOutputs, int kShift, int kMax>
inline void dense_int16_plain(const std::int16_t* rows, const std::int32_t* biases,
                              const std::int16_t* input, std::int16_t* out) {
  for (int i = 0; i < kOutputs; ++i) {
    const std::int16_t* row = rows + i * kInputs;
    std::int32_t z = biases[i];
    for (int k = 0; k < kInputs; ++k) z += std::int32_t{row[k]} * input[k];
    out[i] = static_cast<std::int16_t>(std::clamp(z >> kShift, 0, kMax));
  }
}

// The same in vectors: each output's products summed in Int16s<Isa>-wide
// lanes, folded to eight int32 lanes, then sixteen outputs at a time reduced
// by horizontal adds, biased, shifted, clamped and packed to int16 (exact:
// the values are in [0, kMax]). The input stays in registers when it fits
// in eight (AVX-512: 256 int16); otherwise each row reloads it. rows, input
// and out aligned to the vector; kOutputs a multiple of 16.
template <class Isa, int kInputs, int kOutputs, int kShift, int kMax>
inline void dense_int16_lanes(const std::int16_t* rows, const std::int32_t* biases,
                              const std::int16_t* input, std::int16_t* out) {
  using V = vec::Int16s<Isa>;
  using Sums = typename V::Sums8;  // eight int32 lanes (256 bits)
  constexpr int kChunks = kInputs / V::kLanes;
  static_assert(kInputs % V::kLanes == 0 && kOutputs % 16 == 0);
  constexpr bool kKeepInput = kChunks <= 8;
  V kept[kKeepInput ? kChunks : 1];
  if constexpr (kKeepInput)
    for (int c = 0; c < kChunks; ++c) kept[c] = V::load(input + c * V::kLanes);
  const auto chunk = [&](int c) {
    if constexpr (kKeepInput)
      return kept[c];
    else
      return V::load(input + c * V::kLanes);
  };
  const auto activate = [](Sums sums, const std::int32_t* bias) {
    return min(max(shift_right_signed(sums + Sums::load(bias), kShift), Sums::zero()),
               Sums::splat(kMax));
  };
  for (int group = 0; group < kOutputs; group += 16) {
    Sums sums[16];
    for (int i = 0; i < 16; ++i) {
      const std::int16_t* row = rows + (group + i) * kInputs;
      auto acc = multiply_add_pairs(V::load(row), chunk(0));
      for (int c = 1; c < kChunks; ++c)
        acc = acc + multiply_add_pairs(V::load(row + c * V::kLanes), chunk(c));
      sums[i] = acc.fold_to_8();
    }
    const Sums lo = activate(Sums::sums_of_8(sums), biases + group);
    const Sums hi = activate(Sums::sums_of_8(sums + 8), biases + group + 8);
    V::Pack16::pack(lo, hi).store(out + group);
  }
}

// sum_k a[k] * b[k] in int32, k < N.
template <int N>
inline std::int32_t dot_int16_plain(const std::int16_t* a, const std::int16_t* b) {
  std::int32_t sum = 0;
  for (int k = 0; k < N; ++k) sum += std::int32_t{a[k]} * b[k];
  return sum;
}

// The same in vectors; a and b aligned to the vector.
template <class Isa, int N>
inline std::int32_t dot_int16_lanes(const std::int16_t* a, const std::int16_t* b) {
  using V = vec::Int16s<Isa>;
  static_assert(N % V::kLanes == 0);
  auto acc = multiply_add_pairs(V::load(a), V::load(b));
  for (int k = V::kLanes; k < N; k += V::kLanes)
    acc = acc + multiply_add_pairs(V::load(a + k), V::load(b + k));
  return acc.fold_to_8().sum();
}

// The forms for an instruction-set tag (vec::Widest, vec::Widest256), the
// plain ones for vec::NoVectors (the scalar core).
template <class Isa, int kMax>
inline void clamp_int16(const std::int16_t* in, std::int16_t* out, int n) {
  if constexpr (std::is_same_v<Isa, vec::NoVectors>)
    clamp_int16_plain<kMax>(in, out, n);
  else
    clamp_int16_lanes<Isa, kMax>(in, out, n);
}
template <class Isa, int kInputs, int kOutputs, int kShift, int kMax>
inline void dense_int16(const std::int16_t* rows, const std::int32_t* biases,
                        const std::int16_t* input, std::int16_t* out) {
  if constexpr (std::is_same_v<Isa, vec::NoVectors>)
    dense_int16_plain<kInputs, kOutputs, kShift, kMax>(rows, biases, input, out);
  else
    dense_int16_lanes<Isa, kInputs, kOutputs, kShift, kMax>(rows, biases, input, out);
}
template <class Isa, int N>
inline std::int32_t dot_int16(const std::int16_t* a, const std::int16_t* b) {
  if constexpr (std::is_same_v<Isa, vec::NoVectors>)
    return dot_int16_plain<N>(a, b);
  else
    return dot_int16_lanes<Isa, N>(a, b);
}

}  // namespace leiser::simd
