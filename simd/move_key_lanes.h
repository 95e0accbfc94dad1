// Move-ordering keys and tie codes of a move list, many moves per vector
// (the move picker's input, search/ordering.h). Written once over the lane
// types of simd/vec.h; `move_keys_plain` beside it is the lane-by-lane
// reference that tests/simd/test_primitives.cpp holds every vector form to.
//
// The primitive knows nothing of the engine's types: it reads raw 16-bit
// moves and plain tables, so the caller (search::sort_keys_lanes) states
// once how the engine's board, history and killers map onto them.
//
// Raw move layout (kernel/move.h): bits 0-5 from square, 6-8 first
// direction, 9-11 second direction, 12-13 rotation, 14-15 kind (0 rotate:
// stays on `from`; 2 swap-shift: two steps; 1 shift, 3 swap-rotate: one step).
#pragma once

#include <cstdint>
#include <cstring>

#include "simd/vec.h"

namespace leiser::simd {

struct MoveKeyInputs {
  // Board planes: the squares of Kings and the two orientation bits.
  std::uint64_t kings = 0;
  std::uint64_t orientation_low = 0;
  std::uint64_t orientation_high = 0;
  // steps[8 * square + direction]: the square one step away (negative off
  // the board; a move never steps off, but a lane that does not use its
  // step still reads it, clamped to 0 for the second step).
  const std::int32_t* steps = nullptr;
  // history[((2 * side + king) * 64 + destination) * 4 + orientation after
  // the move]: the score of a move that is neither TT move nor killer.
  const std::int32_t* history = nullptr;
  // Optional (nullptr: none): continuation[(king * 64 + destination) * 4 +
  // orientation after the move], the history slot less side * 512, added to
  // the history's score (the continuation history's row of the node).
  const std::int32_t* continuation = nullptr;
  std::int32_t side = 0;  // 0 or 1
  std::uint16_t tt_move = 0;
  std::uint16_t killer1 = 0;
  std::uint16_t killer2 = 0;
  std::int32_t key_tt_move = 0;
  std::int32_t key_killer1 = 0;
  std::int32_t key_killer2 = 0;
};

// The key and tie code of one raw move: the reference. The tie code is
// (king << 14) | (rotation << 12) | (file-major from << 6) | file-major
// destination, file-major(s) = (s & 7) << 3 | s >> 3.
inline void move_key_plain(const MoveKeyInputs& in, std::uint16_t m, std::int32_t& key,
                           std::uint16_t& tie) {
  const std::int32_t from = m & 63;
  const std::int32_t dir = (m >> 6) & 7;
  const std::int32_t dir2 = (m >> 9) & 7;
  const std::int32_t rotation = (m >> 12) & 3;
  const std::int32_t kind = m >> 14;
  const std::int32_t step1 = in.steps[8 * from + dir];
  const std::int32_t step2 = in.steps[8 * (step1 > 0 ? step1 : 0) + dir2];
  const std::int32_t destination = kind == 0 ? from : kind == 2 ? step2 : step1;
  const auto bit = [from](std::uint64_t plane) {
    return static_cast<std::int32_t>((plane >> from) & 1);
  };
  const std::int32_t king = bit(in.kings);
  const std::int32_t after =
      (bit(in.orientation_low) + 2 * bit(in.orientation_high) + rotation) & 3;
  const std::int32_t shape = (king * 64 + destination) * 4 + after;
  key = in.history[2 * in.side * 256 + shape];
  if (in.continuation != nullptr) key += in.continuation[shape];
  if (m == in.killer2) key = in.key_killer2;
  if (m == in.killer1) key = in.key_killer1;
  if (m == in.tt_move) key = in.key_tt_move;
  const auto file_major = [](std::int32_t s) { return ((s & 7) << 3) | (s >> 3); };
  tie = static_cast<std::uint16_t>((king << 14) | (rotation << 12) | (file_major(from) << 6) |
                                   file_major(destination));
}

// moves: `count` raw 16-bit moves (any alignment).
inline void move_keys_plain(const MoveKeyInputs& in, const void* moves, int count,
                            std::int32_t* keys, std::uint16_t* ties) {
  for (int i = 0; i < count; ++i) {
    std::uint16_t m;
    std::memcpy(&m, static_cast<const unsigned char*>(moves) + 2 * i, sizeof m);
    move_key_plain(in, m, keys[i], ties[i]);
  }
}

// The same, Int32s<Isa>::kLanes moves per vector: the fields decoded in
// 32-bit lanes, the destination through one or two gathers of `steps`, the
// mover's type and orientation from the planes by variable shifts, the
// history score by a gather (and the continuation's by a second one).
// Instruction sets with masked loads and stores do the last, partial group
// in a vector too; the others stop at the last whole group. Returns how many
// moves it did; the caller's plain loop does the rest.
template <class Isa>
inline int move_keys_lanes(const MoveKeyInputs& in, const void* moves, int count,
                           std::int32_t* keys, std::uint16_t* ties) {
  using V = vec::Int32s<Isa>;
  const auto half = [](std::uint64_t plane, int shift) {
    return V::splat(static_cast<std::int32_t>(static_cast<std::uint32_t>(plane >> shift)));
  };
  const V kings_low = half(in.kings, 0), kings_high = half(in.kings, 32);
  const V olow_low = half(in.orientation_low, 0), olow_high = half(in.orientation_low, 32);
  const V ohigh_low = half(in.orientation_high, 0), ohigh_high = half(in.orientation_high, 32);
  const V one = V::splat(1), three = V::splat(3), seven = V::splat(7), thirty_two = V::splat(32);
  const V tt = V::splat(in.tt_move), k1 = V::splat(in.killer1), k2 = V::splat(in.killer2);
  const V side_offset = V::splat(2 * in.side * 256);
  // The bit of `square` (0..63) of a plane held as two 32-bit halves: a
  // shift by 32 or more (the other half's turn) gives 0.
  const auto bit_at = [&](V square, V low, V high) {
    return (shift_right_lanes(low, square) | shift_right_lanes(high, square - thirty_two)) & one;
  };
  const auto file_major = [&](V square) { return ((square & seven) << 3) | (square >> 3); };
  const auto* bytes = static_cast<const unsigned char*>(moves);
  const int end = V::kMaskedTail ? count : count - count % V::kLanes;
  for (int i = 0; i < end; i += V::kLanes) {
    const typename V::Lanes live = V::first(end - i);
    const V m = V::load_u16(bytes + 2 * i, live);
    const V from = m & V::splat(63);
    const V dir = (m >> 6) & seven;
    const V dir2 = (m >> 9) & seven;
    const V rotation = (m >> 12) & three;
    const V kind = m >> 14;
    // A lane not live reads the move 0, whose fields index valid entries.
    const V step1 = V::gather(in.steps, (from << 3) + dir);
    const V step2 = V::gather(in.steps, (max(step1, V::zero()) << 3) + dir2);
    V destination = select(equal(kind, V::zero()), from, step1);
    destination = select(equal(kind, V::splat(2)), step2, destination);
    const V king = bit_at(from, kings_low, kings_high);
    const V orientation =
        bit_at(from, olow_low, olow_high) | (bit_at(from, ohigh_low, ohigh_high) << 1);
    const V after = (orientation + rotation) & three;
    const V shape = (((king << 6) + destination) << 2) + after;
    V key = V::gather(in.history, shape + side_offset);
    if (in.continuation != nullptr) key = key + V::gather(in.continuation, shape);
    key = select(equal(m, k2), V::splat(in.key_killer2), key);
    key = select(equal(m, k1), V::splat(in.key_killer1), key);
    key = select(equal(m, tt), V::splat(in.key_tt_move), key);
    key.store(keys + i, live);
    const V tie =
        ((king << 14) | (rotation << 12)) | ((file_major(from) << 6) | file_major(destination));
    tie.store_u16(ties + i, live);
  }
  return end;
}

// The widest form this translation unit was compiled for, or none (0 moves
// done) in the scalar core.
template <class Isa = vec::Widest>
inline int move_keys_widest(const MoveKeyInputs& in, const void* moves, int count,
                            std::int32_t* keys, std::uint16_t* ties) {
  if constexpr (std::is_same_v<Isa, vec::NoVectors>)
    return 0;
  else
    return move_keys_lanes<Isa>(in, moves, count, keys, ties);
}

// Whether move_keys_widest does every move of the list (instruction sets
// with masked loads and stores) rather than stopping at the last whole group.
template <class Isa = vec::Widest>
inline constexpr bool kMoveKeysDoEveryMove = [] {
  if constexpr (std::is_same_v<Isa, vec::NoVectors>)
    return false;
  else
    return vec::Int32s<Isa>::kMaskedTail;
}();

}  // namespace leiser::simd
