// simd/vec.h's lane types for AVX2: 256-bit registers, blends by vector
// masks, no masked loads or stores (whole groups only: kMaskedTail false).
//
// Every function is one or two instructions, the ones the hand-written
// intrinsics used before the primitives moved to simd/ (issue 40).
#pragma once

#include "simd/vec_lanes.h"

#if defined(__AVX2__)
#define LEISER_VEC_HAVE_AVX2 1
#include <immintrin.h>
#else
#define LEISER_VEC_HAVE_AVX2 0
#endif

#if LEISER_VEC_HAVE_AVX2
namespace leiser::simd::vec {

struct Avx2 {
  static constexpr const char* kName = "avx2";
};

template <>
struct Int32s<Avx2> {
  static constexpr int kLanes = 8;
  static constexpr bool kMaskedTail = false;
  using Lanes = AllLanes;
  using Mask = __m256i;  // all ones in a lane where the compare held
  __m256i v;

  // The lanes of a group of `n` elements: whole groups only.
  static Lanes first(int) { return {}; }
  static Int32s splat(std::int32_t x) { return {_mm256_set1_epi32(x)}; }
  static Int32s zero() { return {_mm256_setzero_si256()}; }
  static Int32s load(const std::int32_t* p) {
    return {_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p))};
  }
  // Eight 16-bit values, zero-extended.
  static Int32s load_u16(const void* p, Lanes) {
    return {_mm256_cvtepu16_epi32(_mm_loadu_si128(static_cast<const __m128i*>(p)))};
  }
  void store(std::int32_t* p, Lanes) const {
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), v);
  }
  // The lanes narrowed to 16 bits; every lane must be in [0, 65535].
  void store_u16(std::uint16_t* p, Lanes) const {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(p),
                     _mm_packus_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1)));
  }
  // base[index] per lane.
  static Int32s gather(const std::int32_t* base, Int32s index) {
    return {_mm256_i32gather_epi32(base, index.v, 4)};
  }

  friend Int32s operator+(Int32s a, Int32s b) { return {_mm256_add_epi32(a.v, b.v)}; }
  friend Int32s operator-(Int32s a, Int32s b) { return {_mm256_sub_epi32(a.v, b.v)}; }
  friend Int32s operator&(Int32s a, Int32s b) { return {_mm256_and_si256(a.v, b.v)}; }
  friend Int32s operator|(Int32s a, Int32s b) { return {_mm256_or_si256(a.v, b.v)}; }
  friend Int32s operator<<(Int32s a, int n) { return {_mm256_slli_epi32(a.v, n)}; }
  // Logical shift right by a constant (arithmetic: shift_right_signed).
  friend Int32s operator>>(Int32s a, int n) { return {_mm256_srli_epi32(a.v, n)}; }
  friend Int32s shift_right_signed(Int32s a, int n) { return {_mm256_srai_epi32(a.v, n)}; }
  // Per-lane logical shift right; a count of 32 or more gives 0.
  friend Int32s shift_right_lanes(Int32s a, Int32s n) { return {_mm256_srlv_epi32(a.v, n.v)}; }
  friend Int32s max(Int32s a, Int32s b) { return {_mm256_max_epi32(a.v, b.v)}; }
  friend Int32s min(Int32s a, Int32s b) { return {_mm256_min_epi32(a.v, b.v)}; }
  friend Mask equal(Int32s a, Int32s b) { return _mm256_cmpeq_epi32(a.v, b.v); }
  // where(m) ? if_true : if_false, lane by lane.
  friend Int32s select(Mask m, Int32s if_true, Int32s if_false) {
    return {_mm256_blendv_epi8(if_false.v, if_true.v, m)};
  }

  // Eight lanes whose total is this vector's total (already eight).
  Int32s fold_to_8() const { return *this; }
  // The total of the lanes.
  std::int32_t sum() const {
    __m128i x = _mm_add_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    x = _mm_add_epi32(x, _mm_shuffle_epi32(x, 0x4E));
    x = _mm_add_epi32(x, _mm_shuffle_epi32(x, 0xB1));
    return _mm_cvtsi128_si32(x);
  }
  // Lane i: the total of s[i]'s lanes, by horizontal adds (int32, wrapping).
  static Int32s sums_of_8(const Int32s s[8]) {
    const __m256i t0 = _mm256_hadd_epi32(s[0].v, s[1].v);
    const __m256i t1 = _mm256_hadd_epi32(s[2].v, s[3].v);
    const __m256i t2 = _mm256_hadd_epi32(s[4].v, s[5].v);
    const __m256i t3 = _mm256_hadd_epi32(s[6].v, s[7].v);
    // u0: the partial sums of s[0..3], low 128-bit halves then high halves.
    const __m256i u0 = _mm256_hadd_epi32(t0, t1);
    const __m256i u1 = _mm256_hadd_epi32(t2, t3);
    return {_mm256_add_epi32(_mm256_permute2x128_si256(u0, u1, 0x20),
                             _mm256_permute2x128_si256(u0, u1, 0x31))};
  }
};

template <>
struct Int16s<Avx2> {
  static constexpr int kLanes = 16;
  // Reductions and packing are done in 256-bit registers at every width.
  using Sums8 = Int32s<Avx2>;
  using Pack16 = Int16s;
  __m256i v;

  static Int16s splat(std::int16_t x) { return {_mm256_set1_epi16(x)}; }
  static Int16s zero() { return {_mm256_setzero_si256()}; }
  // 32-byte aligned.
  static Int16s load(const std::int16_t* p) {
    return {_mm256_load_si256(reinterpret_cast<const __m256i*>(p))};
  }
  static Int16s load_unaligned(const std::int16_t* p) {
    return {_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p))};
  }
  void store(std::int16_t* p) const { _mm256_store_si256(reinterpret_cast<__m256i*>(p), v); }
  void store_unaligned(std::int16_t* p) const {
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), v);
  }

  // Wrapping 16-bit arithmetic.
  friend Int16s operator+(Int16s a, Int16s b) { return {_mm256_add_epi16(a.v, b.v)}; }
  friend Int16s operator-(Int16s a, Int16s b) { return {_mm256_sub_epi16(a.v, b.v)}; }
  friend Int16s max(Int16s a, Int16s b) { return {_mm256_max_epi16(a.v, b.v)}; }
  friend Int16s min(Int16s a, Int16s b) { return {_mm256_min_epi16(a.v, b.v)}; }
  // Products of 16-bit pairs added in neighbours: lane i of the result is
  // a[2i] * b[2i] + a[2i + 1] * b[2i + 1] (exact unless both pairs are
  // -32768 * -32768).
  friend Int32s<Avx2> multiply_add_pairs(Int16s a, Int16s b) {
    return {_mm256_madd_epi16(a.v, b.v)};
  }
  // Sixteen 32-bit lanes in order, narrowed with signed saturation.
  static Int16s pack(Int32s<Avx2> lo, Int32s<Avx2> hi) {
    // packs interleaves by 128-bit half: lo0 hi0 lo1 hi1; permute to lo hi.
    return {_mm256_permute4x64_epi64(_mm256_packs_epi32(lo.v, hi.v), 0xD8)};
  }
};

template <>
struct Words<Avx2> {
  static constexpr int kLanes = 4;
  static constexpr bool kMaskedTail = false;
  static constexpr std::uint64_t kBias = std::uint64_t{1} << 63;
  using Lanes = AllLanes;
  using Mask = __m256i;
  __m256i v;

  static Lanes first(int) { return {}; }
  static Words splat(std::uint64_t x) { return {_mm256_set1_epi64x(static_cast<long long>(x))}; }
  // begin, begin + 1, ... : lane indices.
  static Words iota(int begin) {
    return {_mm256_setr_epi64x(begin, begin + 1, begin + 2, begin + 3)};
  }
  // Words already in ordered form, 32-byte aligned.
  static Words load_aligned(const std::uint64_t* p) {
    return {_mm256_load_si256(reinterpret_cast<const __m256i*>(p))};
  }
  void store_aligned(std::uint64_t* p) const {
    _mm256_store_si256(reinterpret_cast<__m256i*>(p), v);
  }
  // Plain words, unaligned, put in ordered form.
  static Words load_ordered(const std::uint64_t* p) {
    return {
        _mm256_xor_si256(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)), splat(kBias).v)};
  }
  static Words load_ordered(const std::uint64_t* p, Lanes) { return load_ordered(p); }

  friend Words operator+(Words a, Words b) { return {_mm256_add_epi64(a.v, b.v)}; }
  // a > b on ordered words; the live lanes are all lanes.
  friend Mask greater(Words a, Words b, Lanes) { return _mm256_cmpgt_epi64(a.v, b.v); }
  friend Words select(Mask m, Words if_true, Words if_false) {
    return {_mm256_blendv_epi8(if_false.v, if_true.v, m)};
  }
  friend Words larger(Words a, Words b) {
    return {_mm256_blendv_epi8(b.v, a.v, _mm256_cmpgt_epi64(a.v, b.v))};
  }
  friend Words smaller(Words a, Words b) {
    return {_mm256_blendv_epi8(a.v, b.v, _mm256_cmpgt_epi64(a.v, b.v))};
  }

  // v with lane l exchanged for lane l ^ J.
  template <int J>
  Words partner() const {
    static_assert(J == 1 || J == 2);
    if constexpr (J == 2)
      return {_mm256_permute4x64_epi64(v, _MM_SHUFFLE(1, 0, 3, 2))};
    else
      return {_mm256_permute4x64_epi64(v, _MM_SHUFFLE(2, 3, 0, 1))};
  }
  // Lane l from `b` where bit l of kLanesFromB is set, else from `a`: an
  // immediate blend of 32-bit halves, two bits per word.
  template <unsigned kLanesFromB>
  static Words blend(Words a, Words b) {
    constexpr int kHalves = ((kLanesFromB & 1) ? 0x03 : 0) | ((kLanesFromB & 2) ? 0x0C : 0) |
                            ((kLanesFromB & 4) ? 0x30 : 0) | ((kLanesFromB & 8) ? 0xC0 : 0);
    return {_mm256_blend_epi32(a.v, b.v, kHalves)};
  }
  // blend<kIfTrue> or blend<kIfFalse>: two immediate blends, one taken.
  template <unsigned kIfTrue, unsigned kIfFalse>
  static Words blend_either(bool which, Words a, Words b) {
    return which ? blend<kIfTrue>(a, b) : blend<kIfFalse>(a, b);
  }
  // The index (from `index`) of the largest plain word among the lanes:
  // words[index lane] compared directly, as the lanes are few.
  static int index_of_largest_lane(Words, Words index, const std::uint64_t* words) {
    alignas(32) std::int64_t lanes[kLanes];
    _mm256_store_si256(reinterpret_cast<__m256i*>(lanes), index.v);
    int best = static_cast<int>(lanes[0]);
    for (int lane = 1; lane < kLanes; ++lane)
      if (words[lanes[lane]] > words[best]) best = static_cast<int>(lanes[lane]);
    return best;
  }
};

}  // namespace leiser::simd::vec
#endif
