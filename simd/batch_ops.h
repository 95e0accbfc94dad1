// The SIMD batch operations ("ops"): what each computes, and the one list
// that declares them. Everything else about an op is generated from that
// list: its function-pointer type (TraceLasersFn), the scalar reference's
// declaration (scalar::trace_lasers), the vector version's class template
// (TraceLasersVector<Arch>::run), the `extern template`s that keep vector
// code out of baseline objects, the dispatch table's entry
// (Implementation::trace_lasers_fn) and its name for tests (kBatchOpNames).
//
// Every op here has a caller in the product (simd/README.md names them): an
// op that only tests and benchmarks call is dead code and is deleted, as
// destination_sets, touches_path, beam_fills and beam_squares were (and
// lcoverage_beams, whose caller measured slower than the scalar walk).
//
// ("Op", not "kernel": kernel/ and leiser::kernel are the game rules.)
//
// Every op has the same result on every implementation, bit for bit; the
// scalar versions are the definition (tests/simd checks the others against
// them and against the rules' own functions).
//
// Data layout: bitboards as in kernel/bitboard.h (square = 8 * rank + file).
// Arrays are plain contiguous arrays of `count` elements; outputs must not
// overlap inputs.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "kernel/bitboard.h"
#include "kernel/board.h"
#include "kernel/laser.h"
#include "kernel/piece.h"
#include "simd/config.h"

namespace leiser::simd {

using kernel::Bitboard;

// The contracts, one paragraph per op; the signatures are in the list below.
//
// trace_lasers: out[i] = kernel::trace_laser(boards[i], shooters[i]) (the
// path of the opponent's beam is also the 2016 pin mask). The
// shooter's King must be on the board (as for trace_laser). Every field of
// each LaserTrace is written (target is 0 when end is kOffBoard); padding
// bytes may be overwritten.

// THE LIST: one line per op, X(name, Name, return type, (parameters)).
// Adding an op: a line here, its contract above, and its source files
// simd/<family>_scalar.cpp, _avx2.cpp and _avx512.cpp (see simd/meson.build).
// The parameters are named for documentation; no comments inside the macro
// (a `//` comment would swallow the line continuation).
#define LEISER_SIMD_BATCH_OPS(X)                                                          \
  X(trace_lasers, TraceLasers, void,                                                      \
    (const kernel::Board* boards, const kernel::Color* shooters, kernel::LaserTrace* out, \
     std::size_t count))

// Generated from the list.

// The function-pointer type of each op (the dispatch table's entry type).
#define LEISER_SIMD_OP_FN_TYPE(name, Name, Return, Params) using Name##Fn = Return(*) Params;
LEISER_SIMD_BATCH_OPS(LEISER_SIMD_OP_FN_TYPE)
#undef LEISER_SIMD_OP_FN_TYPE

// The scalar references (plain C++, simd/<family>_scalar.cpp).
namespace scalar {
#define LEISER_SIMD_OP_SCALAR(name, Name, Return, Params) Return name Params;
LEISER_SIMD_BATCH_OPS(LEISER_SIMD_OP_SCALAR)
#undef LEISER_SIMD_OP_SCALAR
}  // namespace scalar

// The vector versions: Name##Vector<Arch>::run, written once over xsimd in an
// internal header (simd/<family>_impl.h) and explicitly instantiated, with
// `template struct Name##Vector<xsimd::...>;`, only in that architecture's
// translation unit (simd/<family>_avx2.cpp, _avx512.cpp), which alone is
// built with that instruction set.
#define LEISER_SIMD_OP_VECTOR(name, Name, Return, Params) \
  template <class Arch>                                   \
  struct Name##Vector {                                   \
    static Return run Params;                             \
  };
LEISER_SIMD_BATCH_OPS(LEISER_SIMD_OP_VECTOR)
#undef LEISER_SIMD_OP_VECTOR

// The ops' names, in list order (tests and tools enumerate them).
#define LEISER_SIMD_OP_NAME(name, Name, Return, Params) std::string_view(#name),
inline constexpr std::array kBatchOpNames = {LEISER_SIMD_BATCH_OPS(LEISER_SIMD_OP_NAME)};
#undef LEISER_SIMD_OP_NAME

}  // namespace leiser::simd

#if LEISER_SIMD_X86
#include <xsimd/xsimd.hpp>

namespace leiser::simd {

// The vector versions are instantiated only in the AVX2 and AVX-512
// translation units; every other object calls them, none compiles them.
#define LEISER_SIMD_OP_EXTERN(name, Name, Return, Params) \
  extern template struct Name##Vector<xsimd::avx2>;       \
  extern template struct Name##Vector<xsimd::avx512bw>;
LEISER_SIMD_BATCH_OPS(LEISER_SIMD_OP_EXTERN)
#undef LEISER_SIMD_OP_EXTERN

}  // namespace leiser::simd
#endif
