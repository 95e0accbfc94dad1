// The index of the largest of distinct 64-bit words, for the move picker's
// selection scan (search/ordering.h). Written once over vec::Words<Isa>: the
// running maximum and its index kept per lane, then the lanes reduced.
// AVX-512 does the last, partial group by a masked load; AVX2 stops at the
// last whole group and the plain loop does the rest. The words are distinct
// (each holds its move), so the largest is unique and any order of
// reduction finds the same one. largest_word_plain is the reference.
#pragma once

#include <cstdint>
#include <type_traits>

#include "simd/vec.h"

namespace leiser::simd {

// The index of the largest of words[begin..end), begin < end.
inline int largest_word_plain(const std::uint64_t* words, int begin, int end) {
  int best = begin;
  for (int i = begin + 1; i < end; ++i)
    if (words[i] > words[best]) best = i;
  return best;
}

// The same, end - begin >= Words<Isa>::kLanes.
template <class Isa>
inline int largest_word_lanes(const std::uint64_t* words, int begin, int end) {
  using W = vec::Words<Isa>;
  constexpr int L = W::kLanes;
  // Vector groups end at `end` where the last group can be masked, else at
  // the last whole group.
  const int vector_end = W::kMaskedTail ? end : end - (end - begin) % L;
  const W step = W::splat(L);
  W index = W::iota(begin);
  W best_index = index;
  W best_value = W::load_ordered(words + begin);
  int i = begin + L;
  for (; i < vector_end; i += L) {
    const typename W::Lanes live = W::first(vector_end - i);
    index = index + step;
    const W value = W::load_ordered(words + i, live);
    const typename W::Mask greater_lanes = greater(value, best_value, live);
    best_value = select(greater_lanes, value, best_value);
    best_index = select(greater_lanes, index, best_index);
  }
  int best = W::index_of_largest_lane(best_value, best_index, words);
  for (i = vector_end; i < end; ++i)
    if (words[i] > words[best]) best = i;
  return best;
}

// The widest form this translation unit was compiled for where the list
// holds at least kMinVectorWords (>= its kLanes), else the plain
// scan.
template <int kMinVectorWords, class Isa = vec::Widest>
inline int largest_word_widest(const std::uint64_t* words, int begin, int end) {
  if constexpr (!std::is_same_v<Isa, vec::NoVectors>) {
    static_assert(kMinVectorWords >= vec::Words<Isa>::kLanes);
    if (end - begin >= kMinVectorWords) return largest_word_lanes<Isa>(words, begin, end);
  }
  return largest_word_plain(words, begin, end);
}

}  // namespace leiser::simd
