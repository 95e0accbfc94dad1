// The thin vector layer of the engine cores: registers of 32-bit, 16-bit and
// unsigned 64-bit lanes as small value types with the few operations the
// primitives of simd/ use (simd/move_key_lanes.h, simd/sort_network.h,
// simd/nnue_dot.h). A primitive is written ONCE as a template over an
// instruction-set tag; this header supplies the tag's lane types.
//
// The engine is compiled once per instruction set (docs/isa-cores.md), so the
// tag a core uses is fixed at compile time: `Widest` is the widest set the
// compiler was allowed to use for this translation unit, or `NoVectors` in
// the scalar core, where every primitive's plain version runs instead.
// Tests compile one source per instruction set (tests/simd/meson.build) to
// hold each vector form to its plain one on every set the CPU runs.
//
// Why our own layer and not xsimd: these
// primitives need gathers, masked tail loads and stores, unsigned 64-bit
// compares, lane-pattern blends with immediate masks and narrowing stores,
// which xsimd 8 either lacks or emulates lane by lane; each operation here is
// the one instruction the hand-written code used, so moving the code here
// changed no instruction count.
#pragma once

#include <type_traits>

#include "simd/vec_avx2.h"
#include "simd/vec_avx512.h"

namespace leiser::simd::vec {

// The tag of a translation unit built without AVX2: no lane types.
struct NoVectors {
  static constexpr const char* kName = "plain";
};

#if LEISER_VEC_HAVE_AVX512
using Widest = Avx512;
#elif LEISER_VEC_HAVE_AVX2
using Widest = Avx2;
#else
using Widest = NoVectors;
#endif
// The same, at most 256 bits wide: for work too small to fill 512-bit
// registers (NNUE's clamp and small layers), which the avx512 core does as
// the avx2 core does.
#if LEISER_VEC_HAVE_AVX2
using Widest256 = Avx2;
#else
using Widest256 = NoVectors;
#endif

// Whether this translation unit has vector lanes at all.
inline constexpr bool kHaveVectors = !std::is_same_v<Widest, NoVectors>;

}  // namespace leiser::simd::vec
