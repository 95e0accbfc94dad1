// The batched laser trace: the driver, written once, over a per-ISA layer
// `LaserLanes<Arch>` defined in simd/laser_batch_avx2.cpp and
// simd/laser_batch_avx512.cpp (the only translation units that include this
// header, each built for its instruction set).
//
// Method below; measurements in perf-reports/simd-kernels.md, "Batched laser trace". In
// short (ns per board on a shared 2 GHz Sapphire Rapids VM, medians of runs
// interleaved with the Kogge-Stone version this replaced, which stepped each
// group with occluded fills until its longest beam ended):
//
//   set              scalar   AVX2 before -> after    AVX-512 before -> after
//   games, 4,096     5.6-7.3  7.79 -> 7.95 (0.92x)    3.33 -> 4.04 (1.71x)
//   games, 32,768    ~11      8.19 -> 8.43 (1.29x)    3.22 -> 3.73 (2.99x)
//   mazes, 4,096     54       24.3 -> 19.1 (2.86x)    11.1 -> 12.0 (4.50x)
//   mazes, 32,768    62       28.1 -> 18.7 (3.35x)    13.7 -> 12.0 (5.23x)
//
// (x: against scalar in the same run.) AVX2 gains on long beams; AVX-512 is
// level within the noise. The 3x / 5x targets are out of reach on game
// positions with one board per lane: a predictable game board costs the
// scalar code about 11 cycles, and a group of 8 needs about 70 uops on the
// two 512-bit ports (transpose 16, trace store 4, segment ~29, queue 10)
// before any second segment. See the README for the accounting.
//
// A beam is a chain of straight segments; each is found as the scalar code
// finds it (kernel::trace_beam), one board per lane, with no loop over the
// squares of the segment:
//
//   ray      = kernel::kRays[d][s], in closed form: line & side, where line
//              is the file (d = N, S: kFileA << (s & 7)) or the rank (E, W:
//              0xFF << (s & 56)) of s and side the squares above s (N, E:
//              -2 << s) or below it (S, W: ~(-1 << s)); with sw = all ones
//              for S and W and c = sw | -2: side = (c << s) ^ sw
//   blockers = ray & occupied
//   hit      = the nearest blocker: the lowest (N, E: blockers & -blockers)
//              or the highest (S, W: blockers | 1, the 1 standing for "none")
//              set bit; its index is read from the exponent of the value
//              converted to floating point (AVX-512: vcvtuqq2pd rounding
//              toward zero; AVX2: the two 32-bit halves to float, exact for
//              the bit patterns a ray can hold)
//   path    |= ray & ~side(hit), the squares up to and including the hit
//              (with no blocker the index is negative, a shift count past
//              63, for N and E, and 0 for S and W: side(hit) is empty either
//              way, and the hit bit (1 << index) & blockers is 0)
//
// The piece hit decides, without tables (kernel::kReflection in closed form;
// o = Pawn orientation NW NE SE SW, d = beam N E S W, L and H = the
// orientation's low and high bits):
//
//   the beam reflects  iff the piece is a Pawn and ((o - d) & 2) != 0, that
//                      is iff H (d = N), !(L ^ H) (E), !H (S), L ^ H (W):
//                      (d odd ? L ^ H : H) ^ (d is E or S)
//   the new direction  d ^ (L ? 3 : 1): "d odd" flips, "d is S or W" flips
//                      iff L
//
// Lanes are kept full instead of stepping every group until its longest
// beam ends (most game beams end after one segment, a few go on for
// several, so a group of eight would mostly wait for one lane). The boards of
// a block of up to kBlock are traced in passes:
//
//   first_segments  every group of kLanes consecutive boards is loaded
//                   (transposed into lanes with loads and shuffles), its
//                   first segment traced and every LaserTrace written; the
//                   beams that reflect are appended to a queue (board index,
//                   square, direction, path; AVX2 also the board words
//                   occupied, Pawns, L, H), compacted (vpcompressq; AVX2:
//                   vpermd by a 16-entry table)
//   next_segments   the queue, kLanes beams at a time: one segment each;
//                   the board words are gathered by board index in the
//                   first queue pass of AVX-512 (kGatherFirstPass) and read
//                   from the queue otherwise; the beams that end go to a list
//                   whose LaserTraces a scalar loop writes at the end of the
//                   pass, the others are re-queued in place, now with their
//                   board words; repeated until the queue is empty
//
// (Gathering the board words in every pass, and scattering the finished
// traces with vpscatterqq, measured slower: about 12 ns per maze board
// against 10.)
//
// A beam cannot cycle (its steps are reversible and its first state has no
// predecessor), so the passes end after at most 2 * Pawns + 1 segments.
//
// LaserLanes<Arch> supplies
//   kLanes, kBlock, kGatherFirstPass
//   first_segments(boards, shooters, first, n, out, queue, queued)
//       traces boards[0 .. n) (n <= kLanes; boards[n ..] readable padding),
//       whose board indices are first + lane, writes out[0 .. n) and appends
//       the reflecting beams to the queue at `queued`; returns the new length
//   next_segments<gather>(boards, out, queue, queued)
//       one segment of each queued beam, writing the traces of those that
//       end (boards, out: the whole arrays); returns the new queue length
#pragma once

#include <cstddef>
#include <cstdint>

#include "kernel/board.h"
#include "kernel/laser.h"
#include "simd/batch_ops.h"

namespace leiser::simd {
namespace detail {

static_assert(sizeof(kernel::Board) == 40, "boards are read as 5 words");
static_assert(offsetof(kernel::Board, by_color) == 0 && offsetof(kernel::Board, kings) == 16 &&
              offsetof(kernel::Board, orientation_low) == 24 &&
              offsetof(kernel::Board, orientation_high) == 32);
static_assert(sizeof(kernel::LaserTrace) == 16 && offsetof(kernel::LaserTrace, end) == 8 &&
                  offsetof(kernel::LaserTrace, target) == 9,
              "traces are written as (path, end | target << 8) word pairs");
static_assert(static_cast<int>(kernel::LaserEnd::kOffBoard) == 0 &&
              static_cast<int>(kernel::LaserEnd::kZapsPawn) == 1 &&
              static_cast<int>(kernel::LaserEnd::kZapsKing) == 2);
static_assert(sizeof(kernel::Color) == 1);

// Queue entries: path in one word, the rest packed in another.
inline constexpr int kQueueSquareBits = 6;             // bits 0-5: the square the beam leaves
inline constexpr std::uint64_t kQueueOdd = 64;         // bit 6: d is E or W
inline constexpr std::uint64_t kQueueSouthWest = 128;  // bit 7: d is S or W
inline constexpr int kQueueBoardShift = 8;             // bits 8-63: the board index

inline constexpr std::uint64_t kLaserFileA = 0x0101010101010101ULL;
inline constexpr std::uint64_t kLaserRank0 = 0xFFULL;

// The beams that go on after a pass (entries [0, queued)), one array per
// word, and the beams that ended during a pass. kLanes spare entries: the
// vector code stores whole vectors.
template <std::size_t kCapacity>
struct LaserQueue {
  alignas(64) std::uint64_t state[kCapacity];
  alignas(64) std::uint64_t path[kCapacity];
  alignas(64) std::uint64_t occupied[kCapacity];
  alignas(64) std::uint64_t pawns[kCapacity];
  alignas(64) std::uint64_t low[kCapacity];
  alignas(64) std::uint64_t high[kCapacity];
  alignas(64) std::uint64_t done_board[kCapacity];
  alignas(64) std::uint64_t done_path[kCapacity];
  alignas(64) std::uint64_t done_info[kCapacity];
};

template <class Arch>
struct LaserLanes;  // simd/laser_batch_<isa>.cpp

}  // namespace detail

template <class Arch>
void TraceLasersVector<Arch>::run(const kernel::Board* boards, const kernel::Color* shooters,
                                  kernel::LaserTrace* out, std::size_t count) {
  using L = detail::LaserLanes<Arch>;
  constexpr std::size_t kLanes = L::kLanes;
  constexpr std::size_t kBlock = L::kBlock;
  static_assert(kBlock % kLanes == 0);
  detail::LaserQueue<kBlock + kLanes> queue;
  for (std::size_t start = 0; start < count; start += kBlock) {
    const std::size_t end = count - start > kBlock ? start + kBlock : count;
    std::size_t queued = 0;
    std::size_t i = start;
    for (; i + kLanes <= end; i += kLanes)
      queued = L::first_segments(boards + i, shooters + i, i, kLanes, out + i, queue, queued);
    if (i < end) {
      // The last few boards: copies of the last board fill the spare lanes;
      // only the real ones are written or queued.
      alignas(64) unsigned char board_buf[kLanes * sizeof(kernel::Board)];
      kernel::Color shooter_buf[kLanes];
      for (std::size_t j = 0; j < kLanes; ++j) {
        const std::size_t from = i + j < end ? i + j : end - 1;
        __builtin_memcpy(board_buf + j * sizeof(kernel::Board), boards + from,
                         sizeof(kernel::Board));
        shooter_buf[j] = shooters[from];
      }
      queued = L::first_segments(reinterpret_cast<const kernel::Board*>(board_buf), shooter_buf, i,
                                 end - i, out + i, queue, queued);
    }
    // The first queue pass may read the board words from the boards.
    if (queued != 0)
      queued = L::template next_segments<L::kGatherFirstPass>(boards, out, queue, queued);
    while (queued != 0) queued = L::template next_segments<false>(boards, out, queue, queued);
  }
}

}  // namespace leiser::simd
