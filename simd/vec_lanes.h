// The lane types of simd/vec.h, declared for every instruction-set tag and
// defined per tag by simd/vec_avx2.h and simd/vec_avx512.h. A primitive
// names them as Int32s<Isa>, Int16s<Isa>, Words<Isa>.
#pragma once

#include <cstdint>
#include <type_traits>

namespace leiser::simd::vec {

// A register of 32-bit signed lanes.
template <class Isa>
struct Int32s;
// A register of 16-bit signed lanes.
template <class Isa>
struct Int16s;
// A register of unsigned 64-bit words, compared in "ordered" form: each word
// XOR Words::kBias (AVX2 flips the top bit so that its signed compare orders
// words as unsigned numbers; AVX-512 compares unsigned and needs no bias).
template <class Isa>
struct Words;

// The live lanes of a group where an instruction set has no masked loads
// and stores: always all of them (such a set handles only whole groups, and
// the primitive's plain loop the rest).
struct AllLanes {};

}  // namespace leiser::simd::vec
