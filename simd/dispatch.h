// Run-time dispatch of the SIMD batch ops (the simdjson "implementation"
// pattern).
//
// An Implementation is a name, the CPU features it needs, and one function
// pointer per batch op (simd/batch_ops.h says what each computes and lists
// them; all implementations agree bit for bit). Three exist on x86-64:
//
//   "scalar"   plain C++, the reference; runs anywhere
//   "avx2"     AVX2 + BMI2, 4 bitboards per vector
//   "avx512"   AVX-512 F/BW/DQ/VL + BMI2, 8 bitboards per vector
//
// active() is chosen once, at start-up: the best implementation this CPU and
// OS support, unless the environment variable LEISER_SIMD names another
// (scalar | avx2 | avx512; "auto" or empty means the best). A request the
// machine cannot honour is reported on stderr and the best is used instead.
// select() changes the choice later, e.g. from a UCI option or a test.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "simd/batch_ops.h"
#include "simd/cpu.h"

namespace leiser::simd {

struct Implementation {
  std::string_view name;         // "scalar", "avx2", "avx512"
  std::string_view description;  // one line for humans
  FeatureSet required;           // all of these must be in cpu_features()
  std::size_t lanes;             // bitboards per vector register

  // One entry per op of LEISER_SIMD_BATCH_OPS: TraceLasersFn trace_lasers_fn; ...
#define LEISER_SIMD_OP_ENTRY(name, Name, Return, Params) Name##Fn name##_fn;
  LEISER_SIMD_BATCH_OPS(LEISER_SIMD_OP_ENTRY)
#undef LEISER_SIMD_OP_ENTRY

  bool supported_by(FeatureSet features) const { return (required & ~features) == 0; }

  // Calls the op through this implementation's entry, with the op's own
  // parameters: impl.trace_lasers(boards, shooters, out, count).
#define LEISER_SIMD_OP_CALL(name, Name, Return, Params) \
  template <class... Args>                              \
  Return name(Args&&... args) const {                   \
    return name##_fn(std::forward<Args>(args)...);      \
  }
  LEISER_SIMD_BATCH_OPS(LEISER_SIMD_OP_CALL)
#undef LEISER_SIMD_OP_CALL

  // visit(name, entry) for every op, in list order (entry is the typed
  // function pointer): what tests use to cover every op of every
  // implementation.
  template <class Visit>
  void for_each_op(Visit&& visit) const {
#define LEISER_SIMD_OP_VISIT(name, Name, Return, Params) visit(std::string_view(#name), name##_fn);
    LEISER_SIMD_BATCH_OPS(LEISER_SIMD_OP_VISIT)
#undef LEISER_SIMD_OP_VISIT
  }
};

// Every implementation built into this program, best first (whether or not
// this CPU can run it).
std::span<const Implementation* const> all_implementations();
// The implementations this CPU and OS can run, best first; always ends with
// scalar.
std::vector<const Implementation*> supported();
// The implementation called `name`, or nullptr.
const Implementation* find(std::string_view name);

// Of `built` (things made per implementation, each with the `name` of its
// implementation: the engine cores, their C API tables), the one for
// `requested`, or if the build left that out, the best one below it in
// all_implementations() order, which runs wherever `requested` runs; nullptr
// if none.
template <class Built>
const Built* built_for(std::string_view requested, std::span<const Built* const> built) {
  bool at_or_below = false;
  for (const Implementation* impl : all_implementations()) {
    at_or_below = at_or_below || impl->name == requested;
    if (!at_or_below) continue;
    for (const Built* candidate : built)
      if (impl->name == candidate->name) return candidate;
  }
  return nullptr;
}

// The implementation in use. Cheap: one atomic load.
const Implementation& active();

// Makes `name` the active implementation ("auto" picks the best). Returns an
// empty string on success, otherwise why not (unknown name, or a feature
// this CPU lacks), leaving the active implementation unchanged.
std::string select(std::string_view name);

// The decision behind select(), as a pure function for tests and tools:
// which implementation a request names given the usable features, or nullptr
// with `error` set.
const Implementation* choose(std::string_view request, FeatureSet features, std::string* error);

// What LEISER_SIMD asked for at start-up and what it gave ("" if unset).
std::string_view startup_note();

}  // namespace leiser::simd
