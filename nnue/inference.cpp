#include "nnue/inference.h"

#include <algorithm>
#include <cstdint>

#include "simd/nnue_dot.h"

namespace leiser::nnue {
namespace {

// The vector forms are simd/nnue_dot.h's, at the width of this core: the
// first layer at the widest (its 256 inputs fill AVX-512 registers), the clamp
// and the small layers at 256 bits in the avx512 core too (no gain from 512
// bits there). The scalar core runs their plain forms.
using simd::vec::Widest;
using simd::vec::Widest256;

// Step 2: h0 = [clamp(acc[stm]), clamp(acc[other])] as int16 in [0, 127].
void clamp_accumulator(const Accumulator& acc, kernel::Color side_to_move, std::int16_t* h0) {
  const std::int16_t* halves[2] = {acc.values[kernel::index_of(side_to_move)],
                                   acc.values[kernel::index_of(kernel::opponent(side_to_move))]};
  for (int half = 0; half < 2; ++half)
    simd::clamp_int16<Widest256, kActivationMax>(halves[half], h0 + half * kHalfDimensions,
                                                 kHalfDimensions);
}

// Step 3: h1 = clamp((l1_biases + l1_weights h0) >> 10, 0, 127).
void layer1(const Network& net, const std::int16_t* h0, std::int16_t* h1) {
  simd::dense_int16<Widest, kL1Inputs, kL1Outputs, kWeightShift, kActivationMax>(
      net.l1_weights.data(), net.l1_biases.data(), h0, h1);
}

// Step 4: h2 = clamp((l2_biases + l2_weights h1) >> 10, 0, 127). A row is 16
// int16, one 256-bit vector.
void layer2(const Network& net, const std::int16_t* h1, std::int16_t* h2) {
  simd::dense_int16<Widest256, kL1Outputs, kL2Outputs, kWeightShift, kActivationMax>(
      net.l2_weights.data(), net.l2_biases.data(), h1, h2);
}

// Step 5: out = out_bias + out_weights h2.
std::int32_t output_layer(const Network& net, const std::int16_t* h2) {
  return net.out_bias + simd::dot_int16<Widest256, kL2Outputs>(net.out_weights.data(), h2);
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

std::string_view kernel_branch() { return simd::vec::Widest::kName; }

}  // namespace leiser::nnue
