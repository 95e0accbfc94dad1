// simd/vec.h's lane types for AVX-512 (F, BW, DQ, VL): 512-bit registers,
// compares into mask registers, masked loads and stores, so a primitive
// handles its last, partial group in vectors too (kMaskedTail true).
//
// Every function is one or two instructions, the ones the hand-written
// intrinsics used before the primitives moved to simd/ (issue 40).
#pragma once

#include <bit>

#include "simd/vec_avx2.h"
#include "simd/vec_lanes.h"

#if defined(__AVX512F__) && defined(__AVX512BW__) && defined(__AVX512DQ__) && defined(__AVX512VL__)
#define LEISER_VEC_HAVE_AVX512 1
#include <immintrin.h>
#else
#define LEISER_VEC_HAVE_AVX512 0
#endif

#if LEISER_VEC_HAVE_AVX512
namespace leiser::simd::vec {

struct Avx512 {
  static constexpr const char* kName = "avx512";
};

template <>
struct Int32s<Avx512> {
  static constexpr int kLanes = 16;
  static constexpr bool kMaskedTail = true;
  using Lanes = __mmask16;  // the live lanes of a group
  using Mask = __mmask16;   // the lanes where a compare held
  __m512i v;

  // The first min(n, 16) lanes.
  static Lanes first(int n) {
    return n >= kLanes ? Lanes{0xFFFF} : static_cast<Lanes>((1U << n) - 1);
  }
  static Int32s splat(std::int32_t x) { return {_mm512_set1_epi32(x)}; }
  static Int32s zero() { return {_mm512_setzero_si512()}; }
  static Int32s load(const std::int32_t* p) { return {_mm512_loadu_si512(p)}; }
  // Sixteen 16-bit values, zero-extended; a lane not live reads 0.
  static Int32s load_u16(const void* p, Lanes live) {
    return {_mm512_cvtepu16_epi32(_mm256_maskz_loadu_epi16(live, p))};
  }
  void store(std::int32_t* p, Lanes live) const { _mm512_mask_storeu_epi32(p, live, v); }
  // The lanes narrowed to 16 bits (truncated; in range for every caller).
  void store_u16(std::uint16_t* p, Lanes live) const {
    _mm256_mask_storeu_epi16(p, live, _mm512_cvtepi32_epi16(v));
  }
  static Int32s gather(const std::int32_t* base, Int32s index) {
    return {_mm512_i32gather_epi32(index.v, base, 4)};
  }

  friend Int32s operator+(Int32s a, Int32s b) { return {_mm512_add_epi32(a.v, b.v)}; }
  friend Int32s operator-(Int32s a, Int32s b) { return {_mm512_sub_epi32(a.v, b.v)}; }
  friend Int32s operator&(Int32s a, Int32s b) { return {_mm512_and_si512(a.v, b.v)}; }
  friend Int32s operator|(Int32s a, Int32s b) { return {_mm512_or_si512(a.v, b.v)}; }
  friend Int32s operator<<(Int32s a, int n) { return {_mm512_slli_epi32(a.v, n)}; }
  friend Int32s operator>>(Int32s a, int n) { return {_mm512_srli_epi32(a.v, n)}; }
  friend Int32s shift_right_signed(Int32s a, int n) { return {_mm512_srai_epi32(a.v, n)}; }
  friend Int32s shift_right_lanes(Int32s a, Int32s n) { return {_mm512_srlv_epi32(a.v, n.v)}; }
  friend Int32s max(Int32s a, Int32s b) { return {_mm512_max_epi32(a.v, b.v)}; }
  friend Int32s min(Int32s a, Int32s b) { return {_mm512_min_epi32(a.v, b.v)}; }
  friend Mask equal(Int32s a, Int32s b) { return _mm512_cmpeq_epi32_mask(a.v, b.v); }
  friend Int32s select(Mask m, Int32s if_true, Int32s if_false) {
    return {_mm512_mask_mov_epi32(if_false.v, m, if_true.v)};
  }

  // Eight lanes whose total is this vector's total: the two 256-bit halves
  // added. Through memory: GCC 12's 512-to-256-bit extracts trip
  // -Wuninitialized (its bug 105593).
  Int32s<Avx2> fold_to_8() const {
    alignas(64) std::int32_t lanes[kLanes];
    _mm512_store_si512(lanes, v);
    return Int32s<Avx2>::load(lanes) + Int32s<Avx2>::load(lanes + 8);
  }
};

template <>
struct Int16s<Avx512> {
  static constexpr int kLanes = 32;
  using Sums8 = Int32s<Avx2>;
  using Pack16 = Int16s<Avx2>;
  __m512i v;

  static Int16s splat(std::int16_t x) { return {_mm512_set1_epi16(x)}; }
  static Int16s zero() { return {_mm512_setzero_si512()}; }
  // 64-byte aligned.
  static Int16s load(const std::int16_t* p) { return {_mm512_load_si512(p)}; }
  static Int16s load_unaligned(const std::int16_t* p) { return {_mm512_loadu_si512(p)}; }
  void store(std::int16_t* p) const { _mm512_store_si512(p, v); }
  void store_unaligned(std::int16_t* p) const { _mm512_storeu_si512(p, v); }

  friend Int16s operator+(Int16s a, Int16s b) { return {_mm512_add_epi16(a.v, b.v)}; }
  friend Int16s operator-(Int16s a, Int16s b) { return {_mm512_sub_epi16(a.v, b.v)}; }
  friend Int16s max(Int16s a, Int16s b) { return {_mm512_max_epi16(a.v, b.v)}; }
  friend Int16s min(Int16s a, Int16s b) { return {_mm512_min_epi16(a.v, b.v)}; }
  friend Int32s<Avx512> multiply_add_pairs(Int16s a, Int16s b) {
    return {_mm512_madd_epi16(a.v, b.v)};
  }
};

template <>
struct Words<Avx512> {
  static constexpr int kLanes = 8;
  static constexpr bool kMaskedTail = true;
  static constexpr std::uint64_t kBias = 0;  // unsigned compares: words as they are
  using Lanes = __mmask8;
  using Mask = __mmask8;
  __m512i v;

  // GCC 12's unmasked forms of some intrinsics pass an undefined vector
  // through, which it then reports as used uninitialised (its bug 105593);
  // with all lanes selected the masked forms compile to the same instruction.
  static constexpr Lanes kAll = 0xFF;

  static Lanes first(int n) { return n >= kLanes ? kAll : static_cast<Lanes>((1U << n) - 1); }
  static Words splat(std::uint64_t x) { return {_mm512_set1_epi64(static_cast<long long>(x))}; }
  static Words iota(int begin) {
    return {_mm512_add_epi64(_mm512_set1_epi64(begin), _mm512_setr_epi64(0, 1, 2, 3, 4, 5, 6, 7))};
  }
  static Words load_aligned(const std::uint64_t* p) { return {_mm512_load_si512(p)}; }
  void store_aligned(std::uint64_t* p) const { _mm512_store_si512(p, v); }
  static Words load_ordered(const std::uint64_t* p) { return {_mm512_loadu_si512(p)}; }
  // A lane not live reads 0.
  static Words load_ordered(const std::uint64_t* p, Lanes live) {
    return {_mm512_maskz_loadu_epi64(live, p)};
  }

  friend Words operator+(Words a, Words b) { return {_mm512_add_epi64(a.v, b.v)}; }
  // a > b (unsigned) in the live lanes.
  friend Mask greater(Words a, Words b, Lanes live) {
    return _mm512_mask_cmpgt_epu64_mask(live, a.v, b.v);
  }
  friend Words select(Mask m, Words if_true, Words if_false) {
    return {_mm512_mask_mov_epi64(if_false.v, m, if_true.v)};
  }
  friend Words larger(Words a, Words b) { return {_mm512_mask_max_epu64(a.v, kAll, a.v, b.v)}; }
  friend Words smaller(Words a, Words b) { return {_mm512_mask_min_epu64(a.v, kAll, a.v, b.v)}; }

  template <int J>
  Words partner() const {
    static_assert(J == 1 || J == 2 || J == 4);
    if constexpr (J == 4)
      return {_mm512_mask_shuffle_i64x2(v, kAll, v, v, _MM_SHUFFLE(1, 0, 3, 2))};
    else if constexpr (J == 2)
      return {_mm512_mask_permutex_epi64(v, kAll, v, _MM_SHUFFLE(1, 0, 3, 2))};
    else
      return {_mm512_mask_permutex_epi64(v, kAll, v, _MM_SHUFFLE(2, 3, 0, 1))};
  }
  template <unsigned kLanesFromB>
  static Words blend(Words a, Words b) {
    return {_mm512_mask_blend_epi64(static_cast<Lanes>(kLanesFromB), a.v, b.v)};
  }
  // One blend whose mask is chosen: a mask register, no second blend.
  template <unsigned kIfTrue, unsigned kIfFalse>
  static Words blend_either(bool which, Words a, Words b) {
    return {_mm512_mask_blend_epi64(static_cast<Lanes>(which ? kIfTrue : kIfFalse), a.v, b.v)};
  }
  // The index of the largest word: the largest value found by a reduction,
  // its lane by a compare (the words are distinct: exactly one lane).
  static int index_of_largest_lane(Words value, Words index, const std::uint64_t*) {
    const __m512i largest =
        _mm512_set1_epi64(static_cast<long long>(_mm512_reduce_max_epu64(value.v)));
    const unsigned lane = static_cast<unsigned>(
        std::countr_zero(static_cast<unsigned>(_mm512_cmpeq_epu64_mask(value.v, largest))));
    alignas(64) std::int64_t lanes[kLanes];
    _mm512_store_si512(lanes, index.v);
    return static_cast<int>(lanes[lane]);
  }
};

}  // namespace leiser::simd::vec
#endif
