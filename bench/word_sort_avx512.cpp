// The avx512 core's sort of bench/word_sort_cores.h.
#include "bench/word_sort_cores.h"
#include "search/word_sort.h"

namespace leiser::microbench {

void sort_descending_avx512_core(std::uint64_t* words, int n) { search::sort_descending_avx512(words, n); }

}  // namespace leiser::microbench
