// Move-generation set batch ops, written once over the ISA layer and
// instantiated in simd/move_sets_avx2.cpp and simd/move_sets_avx512.cpp.
//
// INTERNAL: include only after the matching simd/kogge_stone_<isa>.h.
#pragma once

#include <cstddef>
#include <cstdint>
#include <xsimd/xsimd.hpp>

#include "simd/batch_ops.h"
#include "simd/kogge_stone.h"

namespace leiser::simd {

// All eight shifts of a piece set: kLanes directions per vector (two AVX2
// vectors, one AVX-512 vector), each lane a constant direction.
template <class Arch>
void DestinationSetsVector<Arch>::run(const Bitboard* pieces, const Bitboard* targets,
                                       DirectionSets* out, std::size_t count) {
  using I = detail::Isa<Arch>;
  using U64 = typename I::U64;
  constexpr std::size_t kLanes = I::kLanes;
  constexpr std::size_t kVectors = 8 / kLanes;
  static_assert(sizeof(DirectionSets) == 8 * sizeof(Bitboard));
  typename I::Dir dirs[kVectors];
  for (std::size_t v = 0; v < kVectors; ++v)
    dirs[v] = I::make_dir(detail::kStepOffset + v * kLanes, detail::kLanding + v * kLanes);
  auto* dst = reinterpret_cast<std::uint64_t*>(out);
  for (std::size_t i = 0; i < count; ++i) {
    const U64 from(pieces[i]);
    const U64 to(targets[i]);
    for (std::size_t v = 0; v < kVectors; ++v)
      (I::template step<0>(from, dirs[v]) & (dirs[v].wrap & to))
          .store_unaligned(dst + 8 * i + v * kLanes);
  }
}

template <class Arch>
std::size_t TouchesPathVector<Arch>::run(const kernel::Move* moves, std::size_t count,
                                          Bitboard path, std::uint8_t* out) {
  using I = detail::Isa<Arch>;
  constexpr std::size_t kBlock = I::kMovesPerBlock;
  std::size_t touching = 0;
  std::size_t i = 0;
  for (; i + kBlock <= count; i += kBlock) touching += I::touches_block(moves + i, path, out + i);
  if (i < count) touching += scalar::touches_path(moves + i, count - i, path, out + i);
  return touching;
}

// Four beam directions per board (lanes N, E, S, W), one board per AVX2
// vector and two per AVX-512 vector.
template <class Arch>
void BeamFillsVector<Arch>::run(const Bitboard* sources, const Bitboard* empty,
                                 BeamSets* out, std::size_t count) {
  using I = detail::Isa<Arch>;
  constexpr std::size_t kLanes = I::kLanes;
  constexpr std::size_t kBoards = I::kBoardsPerQuad;
  static_assert(kLanes == 4 * kBoards && sizeof(BeamSets) == 4 * sizeof(Bitboard));
  int offsets[kLanes];
  std::uint64_t wraps[kLanes];
  for (std::size_t j = 0; j < kLanes; ++j) {
    offsets[j] = detail::kBeamOffset[j % 4];
    wraps[j] = detail::kBeamLanding[j % 4];
  }
  const typename I::Dir dir = I::make_dir(offsets, wraps);
  auto* dst = reinterpret_cast<std::uint64_t*>(out);
  std::size_t i = 0;
  for (; i + kBoards <= count; i += kBoards)
    detail::ray_attacks<Arch>(I::broadcast_quads(sources + i), I::broadcast_quads(empty + i), dir)
        .store_unaligned(dst + 4 * i);
  if (i < count) scalar::beam_fills(sources + i, empty + i, out + i, count - i);
}

}  // namespace leiser::simd
