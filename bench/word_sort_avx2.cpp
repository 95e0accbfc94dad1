// The avx2 core's sort of bench/word_sort_cores.h.
#include "bench/word_sort_cores.h"
#include "simd/sort_network.h"

namespace leiser::microbench {

void sort_descending_avx2_core(std::uint64_t* words, int n) {
  simd::sort_words_descending_network<simd::vec::Avx2>(words, n);
}

}  // namespace leiser::microbench
