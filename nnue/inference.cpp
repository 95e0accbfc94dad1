#include "nnue/inference.h"

#include <algorithm>
#include <cstdint>

#if defined(__AVX2__)
#include <immintrin.h>
#endif

namespace leiser::nnue {
namespace {

// Step 2: h0 = [clamp(acc[stm]), clamp(acc[other])] as int16 in [0, 127].
void clamp_accumulator(const Accumulator& acc, kernel::Color side_to_move, std::int16_t* h0) {
  const std::int16_t* halves[2] = {acc.values[kernel::index_of(side_to_move)],
                                   acc.values[kernel::index_of(kernel::opponent(side_to_move))]};
#if defined(__AVX2__)
  // AVX2 and AVX-512 alike: 16 registers' worth, no gain from 512 bits here.
  const __m256i zero = _mm256_setzero_si256();
  const __m256i top = _mm256_set1_epi16(kActivationMax);
  for (int half = 0; half < 2; ++half)
    for (int j = 0; j < kHalfDimensions; j += 16) {
      const __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(halves[half] + j));
      _mm256_store_si256(reinterpret_cast<__m256i*>(h0 + half * kHalfDimensions + j),
                         _mm256_min_epi16(_mm256_max_epi16(x, zero), top));
    }
#else
  for (int half = 0; half < 2; ++half)
    for (int j = 0; j < kHalfDimensions; ++j)
      h0[half * kHalfDimensions + j] =
          static_cast<std::int16_t>(std::clamp<int>(halves[half][j], 0, kActivationMax));
#endif
}

#if defined(__AVX2__)
// The eight lane sums of s[0..7] (eight int32 each) as one vector: lane i is
// the sum of s[i]'s lanes. Exact: int32 addition in any order (no sum of the
// inference overflows; nnue/README.md, step 5).
inline __m256i sum_lanes_8x8(const __m256i s[8]) {
  const __m256i t0 = _mm256_hadd_epi32(s[0], s[1]);
  const __m256i t1 = _mm256_hadd_epi32(s[2], s[3]);
  const __m256i t2 = _mm256_hadd_epi32(s[4], s[5]);
  const __m256i t3 = _mm256_hadd_epi32(s[6], s[7]);
  // u0: the partial sums of s[0..3], low 128-bit halves then high halves.
  const __m256i u0 = _mm256_hadd_epi32(t0, t1);
  const __m256i u1 = _mm256_hadd_epi32(t2, t3);
  return _mm256_add_epi32(_mm256_permute2x128_si256(u0, u1, 0x20), _mm256_permute2x128_si256(u0, u1, 0x31));
}

inline std::int32_t sum_lanes(__m256i s) {
  __m128i x = _mm_add_epi32(_mm256_castsi256_si128(s), _mm256_extracti128_si256(s, 1));
  x = _mm_add_epi32(x, _mm_shuffle_epi32(x, 0x4E));
  x = _mm_add_epi32(x, _mm_shuffle_epi32(x, 0xB1));
  return _mm_cvtsi128_si32(x);
}

// Eight outputs of a hidden layer from their sums: + bias, >> 10 (arithmetic:
// floor), clamp to [0, 127], as int32 lanes.
inline __m256i activate_8(__m256i sums, const std::int32_t* biases) {
  const __m256i z = _mm256_add_epi32(sums, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(biases)));
  const __m256i shifted = _mm256_srai_epi32(z, kWeightShift);
  return _mm256_min_epi32(_mm256_max_epi32(shifted, _mm256_setzero_si256()), _mm256_set1_epi32(kActivationMax));
}

// Sixteen int32 lanes (two vectors) packed to sixteen int16 in order. Values
// are in [0, 127], so the saturating pack is exact.
inline __m256i pack_16(__m256i lo, __m256i hi) {
  // packs interleaves by 128-bit half: lo0 hi0 lo1 hi1; permute to lo hi.
  return _mm256_permute4x64_epi64(_mm256_packs_epi32(lo, hi), 0xD8);
}
#endif

// Step 3: h1 = clamp((l1_biases + l1_weights h0) >> 10, 0, 127).
void layer1(const Network& net, const std::int16_t* h0, std::int16_t* h1) {
#if defined(__AVX512BW__)
  __m512i input[kL1Inputs / 32];
  for (int c = 0; c < kL1Inputs / 32; ++c) input[c] = _mm512_load_si512(h0 + c * 32);
  // Each output's 16 partial sums go through memory to be folded to 8: GCC
  // 12's 512-to-256-bit extracts trip -Wuninitialized (GCC bug 105593).
  alignas(64) std::int32_t partial[kL1Outputs][16];
  for (int i = 0; i < kL1Outputs; ++i) {
    const std::int16_t* row = net.l1_weights.data() + i * kL1Inputs;
    __m512i acc = _mm512_madd_epi16(_mm512_load_si512(row), input[0]);
    for (int c = 1; c < kL1Inputs / 32; ++c)
      acc = _mm512_add_epi32(acc, _mm512_madd_epi16(_mm512_load_si512(row + c * 32), input[c]));
    _mm512_store_si512(partial[i], acc);
  }
  __m256i sums[kL1Outputs];
  for (int i = 0; i < kL1Outputs; ++i)
    sums[i] = _mm256_add_epi32(_mm256_load_si256(reinterpret_cast<const __m256i*>(partial[i])),
                               _mm256_load_si256(reinterpret_cast<const __m256i*>(partial[i] + 8)));
  const __m256i lo = activate_8(sum_lanes_8x8(sums), net.l1_biases.data());
  const __m256i hi = activate_8(sum_lanes_8x8(sums + 8), net.l1_biases.data() + 8);
  _mm256_store_si256(reinterpret_cast<__m256i*>(h1), pack_16(lo, hi));
#elif defined(__AVX2__)
  // madd multiplies int16 pairs into int32 and adds neighbours: exact, as
  // |w * h| <= 32768 * 127.
  __m256i sums[kL1Outputs];
  for (int i = 0; i < kL1Outputs; ++i) {
    const std::int16_t* row = net.l1_weights.data() + i * kL1Inputs;
    __m256i acc = _mm256_setzero_si256();
    for (int k = 0; k < kL1Inputs; k += 16)
      acc = _mm256_add_epi32(acc, _mm256_madd_epi16(_mm256_load_si256(reinterpret_cast<const __m256i*>(row + k)),
                                                    _mm256_load_si256(reinterpret_cast<const __m256i*>(h0 + k))));
    sums[i] = acc;
  }
  const __m256i lo = activate_8(sum_lanes_8x8(sums), net.l1_biases.data());
  const __m256i hi = activate_8(sum_lanes_8x8(sums + 8), net.l1_biases.data() + 8);
  _mm256_store_si256(reinterpret_cast<__m256i*>(h1), pack_16(lo, hi));
#else
  for (int i = 0; i < kL1Outputs; ++i) {
    const std::int16_t* row = net.l1_weights.data() + i * kL1Inputs;
    std::int32_t z = net.l1_biases[i];
    for (int k = 0; k < kL1Inputs; ++k) z += std::int32_t{row[k]} * h0[k];
    h1[i] = static_cast<std::int16_t>(std::clamp(z >> kWeightShift, 0, kActivationMax));
  }
#endif
}

// Step 4: h2 = clamp((l2_biases + l2_weights h1) >> 10, 0, 127). AVX-512
// takes the AVX2 branch: a row is 16 int16, one 256-bit vector.
void layer2(const Network& net, const std::int16_t* h1, std::int16_t* h2) {
#if defined(__AVX2__)
  const __m256i input = _mm256_load_si256(reinterpret_cast<const __m256i*>(h1));
  for (int group = 0; group < kL2Outputs; group += 16) {
    __m256i sums[16];
    for (int i = 0; i < 16; ++i)
      sums[i] = _mm256_madd_epi16(
          _mm256_load_si256(reinterpret_cast<const __m256i*>(net.l2_weights.data() + (group + i) * kL1Outputs)),
          input);
    const __m256i lo = activate_8(sum_lanes_8x8(sums), net.l2_biases.data() + group);
    const __m256i hi = activate_8(sum_lanes_8x8(sums + 8), net.l2_biases.data() + group + 8);
    _mm256_store_si256(reinterpret_cast<__m256i*>(h2 + group), pack_16(lo, hi));
  }
#else
  for (int i = 0; i < kL2Outputs; ++i) {
    const std::int16_t* row = net.l2_weights.data() + i * kL1Outputs;
    std::int32_t z = net.l2_biases[i];
    for (int k = 0; k < kL1Outputs; ++k) z += std::int32_t{row[k]} * h1[k];
    h2[i] = static_cast<std::int16_t>(std::clamp(z >> kWeightShift, 0, kActivationMax));
  }
#endif
}

// Step 5: out = out_bias + out_weights h2.
std::int32_t output_layer(const Network& net, const std::int16_t* h2) {
#if defined(__AVX2__)
  const __m256i products =
      _mm256_add_epi32(_mm256_madd_epi16(_mm256_load_si256(reinterpret_cast<const __m256i*>(net.out_weights.data())),
                                         _mm256_load_si256(reinterpret_cast<const __m256i*>(h2))),
                       _mm256_madd_epi16(_mm256_load_si256(reinterpret_cast<const __m256i*>(net.out_weights.data() + 16)),
                                         _mm256_load_si256(reinterpret_cast<const __m256i*>(h2 + 16))));
  return net.out_bias + sum_lanes(products);
#else
  std::int32_t out = net.out_bias;
  for (int i = 0; i < kL2Outputs; ++i) out += std::int32_t{net.out_weights[i]} * h2[i];
  return out;
#endif
}

}  // namespace

int evaluate(const Network& net, const Accumulator& acc, kernel::Color side_to_move) {
  alignas(64) std::int16_t h0[kL1Inputs];
  alignas(64) std::int16_t h1[kL1Outputs];
  alignas(64) std::int16_t h2[kL2Outputs];
  clamp_accumulator(acc, side_to_move, h0);
  layer1(net, h0, h1);
  layer2(net, h1, h2);
  const std::int32_t out = output_layer(net, h2);
  // Step 6: 64-bit, truncated towards zero.
  return static_cast<int>(std::int64_t{out} * 100 / kOutputScale);
}

int evaluate_board(const Network& net, const kernel::Board& board, kernel::Color side_to_move) {
  Accumulator acc;
  refresh(net, board, acc);
  return evaluate(net, acc, side_to_move);
}

std::string_view kernel_branch() {
#if defined(__AVX512BW__)
  return "avx512";
#elif defined(__AVX2__)
  return "avx2";
#else
  return "plain";
#endif
}

}  // namespace leiser::nnue
