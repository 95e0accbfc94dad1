// Run-time dispatch of the SIMD kernels (the simdjson "implementation"
// pattern).
//
// An Implementation is a name, the CPU features it needs, and one function
// pointer per kernel (simd/kernels.h says what each computes; all
// implementations agree bit for bit). Three exist on x86-64:
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
#include <vector>

#include "simd/cpu.h"
#include "simd/kernels.h"

namespace leiser::simd {

struct Implementation {
  std::string_view name;         // "scalar", "avx2", "avx512"
  std::string_view description;  // one line for humans
  FeatureSet required;           // all of these must be in cpu_features()
  std::size_t lanes;             // bitboards per vector register

  TraceLasersFn trace_lasers_fn;
  DestinationSetsFn destination_sets_fn;
  TouchesPathFn touches_path_fn;
  BeamFillsFn beam_fills_fn;
  LcoverageBeamsFn lcoverage_beams_fn;
  BeamSquaresFn beam_squares_fn;

  bool supported_by(FeatureSet features) const { return (required & ~features) == 0; }

  // Span forms of the kernels (see simd/kernels.h). Each processes
  // boards.size() (moves.size(), ...) elements; the other spans must be at
  // least that long.
  void trace_lasers(std::span<const kernel::Board> boards, std::span<const kernel::Color> shooters,
                    std::span<kernel::LaserTrace> out) const;
  void destination_sets(std::span<const Bitboard> pieces, std::span<const Bitboard> targets,
                        std::span<DirectionSets> out) const;
  std::size_t touches_path(std::span<const kernel::Move> moves, Bitboard path,
                           std::span<std::uint8_t> out) const;
  void beam_fills(std::span<const Bitboard> sources, std::span<const Bitboard> empty,
                  std::span<BeamSets> out) const;
  void lcoverage_beams(const kernel::Board& board, kernel::Color c,
                       std::span<const LcoverageLane> lanes, std::uint16_t* dist,
                       Bitboard* reached) const {
    lcoverage_beams_fn(board, c, lanes.data(), lanes.size(), dist, reached);
  }
  void beam_squares(std::span<const kernel::Board> boards, std::span<const kernel::Color> shooters,
                    std::span<BeamSquares> out) const;
};

// Every implementation built into this program, best first (whether or not
// this CPU can run it).
std::span<const Implementation* const> all_implementations();
// The implementations this CPU and OS can run, best first; always ends with
// scalar.
std::vector<const Implementation*> supported();
// The implementation called `name`, or nullptr.
const Implementation* find(std::string_view name);

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

// Convenience: the kernels of the active implementation.
inline void trace_lasers(std::span<const kernel::Board> boards,
                         std::span<const kernel::Color> shooters,
                         std::span<kernel::LaserTrace> out) {
  active().trace_lasers(boards, shooters, out);
}
inline void destination_sets(std::span<const Bitboard> pieces, std::span<const Bitboard> targets,
                             std::span<DirectionSets> out) {
  active().destination_sets(pieces, targets, out);
}
inline std::size_t touches_path(std::span<const kernel::Move> moves, Bitboard path,
                                std::span<std::uint8_t> out) {
  return active().touches_path(moves, path, out);
}
inline void beam_fills(std::span<const Bitboard> sources, std::span<const Bitboard> empty,
                       std::span<BeamSets> out) {
  active().beam_fills(sources, empty, out);
}

inline void lcoverage_beams(const kernel::Board& board, kernel::Color c,
                            std::span<const LcoverageLane> lanes, std::uint16_t* dist,
                            Bitboard* reached) {
  active().lcoverage_beams(board, c, lanes, dist, reached);
}

inline void beam_squares(std::span<const kernel::Board> boards,
                         std::span<const kernel::Color> shooters, std::span<BeamSquares> out) {
  active().beam_squares(boards, shooters, out);
}

}  // namespace leiser::simd
