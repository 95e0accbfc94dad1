// LCOVERAGE (EVAL-2018.md): how closely side c's laser can come to the enemy
// King within one move of c. Two implementations that agree bit for bit:
// `plain` (the definition, literally) and `fast` (the default).
//
// Definition as implemented (the spec leaves these points open):
//
//  * Paths. One path for the board as it stands, plus one for every
//    pseudo-legal 2018 move of c (kernel::generate_pseudo_moves, with c to
//    move). Ko is ignored: the evaluation has no game history. Each move is
//    made on a copy of the board and the laser is NOT fired: nothing is
//    zapped, the beam is only traced.
//  * Path distance. c's King fires from the square it stands on after the
//    move, in the direction it faces. The King's own start square is not
//    entered. Each square the beam enters costs 1, except a square holding a
//    Pawn of c's OPPONENT that reflects the beam, which costs 2 (a reflecting
//    Pawn of c's own costs 1). The beam stops on the first piece it would zap
//    (a King of either colour, or a Pawn hit on its back); that square is
//    entered and costs 1. Otherwise it stops at the edge. A square the same
//    beam enters twice (crossing itself) keeps its smaller distance.
//  * L(s) = the smallest path distance of s over all those paths; squares that
//    no path enters are ignored.
//  * D(s) = Manhattan distance from k, c's King square in the CURRENT position,
//    to s. A path traced from the current square satisfies L(s) >= D(s). A
//    King move starts the beam up to two Manhattan steps closer, so there
//    D(s) > L(s) is possible; the ratio is CLAMPED: D/L is replaced by
//    min(D, L) / L, which lies in [0, 1] (0 only for s = k, re-entered by a
//    beam; such a square adds nothing). Clamping after taking the minimum L is
//    the same as taking the best clamped ratio over all paths.
//  * coverage(c) = sum over entered s of
//        min(D(s), L(s)) / (L(s) * (|rank(s)-rank(e)|+1) * (|file(s)-file(e)|+1)),
//    e = the enemy King square.
//  * Fixed point, for bit-reproducible scores. Each square's term is the
//    integer round_half_up(min(D, L) * 2^24 / (L * (dr+1) * (df+1))) (32-bit
//    unsigned integer division), and coverage is their integer sum, in units of
//    2^-24 (kLcoverageOne = 1.0). Integer addition is exact, so the summation
//    order does not matter. The per-term rounding error is at most 2^-25, so
//    the sum is within 64 * 2^-25 = 2^-19 of the exact rational value.
//  * Scores. lcoverage_ev(board, c, w) = round(w * coverage(c)) in ev units
//    (1/10000 Pawn), rounding half away from zero: the per-colour contribution.
//    lcoverage_term(board, c, w) = round(w * (coverage(c) - coverage(opp))),
//    rounded once at the end as the spec asks; it can differ by 1 ev from
//    lcoverage_ev(c) - lcoverage_ev(opp), so prefer it when scoring.
//  * A board without both Kings (game over) has coverage 0 for both sides.
//
// The fast implementation: a move that changes no square of the current path
// and does not touch c's King leaves the beam exactly as it is, so the current
// path stands for all those moves. Only moves that touch the path are
// re-traced, and only from the first path square they change (the part of the
// beam before it is unchanged, so its distances are already counted). It
// enumerates just those moves itself, from the path squares with bitboards,
// rather than generating all of them; a Pawn arriving from off the path on an
// empty path square whose back faces the beam is skipped too (the beam enters
// that square at the same distance as before and stops there).
// Distinct 2018 moves never produce the same board (checked by a test), so
// there are no duplicate boards to collapse. Beams are walked segment by
// segment (the next piece is the nearest occupied square of the ray), and
// each square's term divides by multiplying with reciprocals
// (lcoverage_square_term_fast, equal to the division for every input).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "kernel/bitboard.h"
#include "kernel/board.h"
#include "kernel/piece.h"

namespace leiser::search::eval {

// Coverage is fixed point with this many fractional bits.
inline constexpr int kLcoverageFractionBits = 24;
inline constexpr std::int64_t kLcoverageOne = std::int64_t{1} << kLcoverageFractionBits;

// Default LCOVERAGE weight in ev units per unit of coverage: 0.2 Pawn (Pawn =
// 10000 ev). Chosen by self-play against the first guess, 3000
// (perf-reports/tuning-2018*.md, scripts/tuning_report.sh).
inline constexpr int kLcoverageDefaultWeight = 2000;

// L(s) for every square; kLcoverageUnreached where no path enters s.
inline constexpr std::uint16_t kLcoverageUnreached = 0xFFFF;
using LcoverageDistances = std::array<std::uint16_t, kernel::kSquareCount>;

// Distances of c's beam on `board` exactly as it stands (one path, no moves),
// min-merged into `dist` (which the caller initialises, e.g. to unreached).
// c's King must be on the board.
void lcoverage_trace_distances(const kernel::Board& board, kernel::Color c,
                               LcoverageDistances& dist);

// L(s) over the current board and every pseudo move of c. All unreached if
// either King is missing.
LcoverageDistances lcoverage_distances_plain(const kernel::Board& board, kernel::Color c);
LcoverageDistances lcoverage_distances_fast(const kernel::Board& board, kernel::Color c);

// One square's term, in units of 2^-24; d = D(s), l = L(s) >= 1.
std::uint32_t lcoverage_square_term(int d, int l, kernel::Square s, kernel::Square enemy_king);
// The same value with two multiplications by reciprocals instead of a
// division (what the fast version sums).
std::uint32_t lcoverage_square_term_fast(int d, int l, kernel::Square s, kernel::Square enemy_king);

// The sum of the terms of every reached square, D measured from `king`.
std::int64_t lcoverage_from_distances(const LcoverageDistances& dist, kernel::Square king,
                                      kernel::Square enemy_king);

// The same sum as lcoverage_from_distances, with `reached` exactly the
// squares whose L is not kLcoverageUnreached, as the fast version
// sums it: AVX2 builds divide a rank of squares at a time in double
// precision, other builds take the reached squares one by one with
// lcoverage_square_term_fast. Every L must be below 2^16 - 1.
std::int64_t lcoverage_sum_terms(const LcoverageDistances& dist, kernel::Bitboard reached,
                                 kernel::Square king, kernel::Square enemy_king);

// coverage(c) in units of 2^-24 (kLcoverageOne = 1.0); 0 without both Kings.
std::int64_t lcoverage_fixed_plain(const kernel::Board& board, kernel::Color c);
std::int64_t lcoverage_fixed(const kernel::Board& board, kernel::Color c);  // fast

// round(weight * value / 2^24), half away from zero.
int lcoverage_scale(std::int64_t value, int weight);

// Per-colour contribution round(weight * coverage(c)) in ev units.
int lcoverage_ev(const kernel::Board& board, kernel::Color c, int weight = kLcoverageDefaultWeight);
int lcoverage_ev_plain(const kernel::Board& board, kernel::Color c,
                       int weight = kLcoverageDefaultWeight);

// The term as the spec defines it for side c: round(weight * (coverage(c) -
// coverage(opponent(c)))), rounded once, in ev units.
int lcoverage_term(const kernel::Board& board, kernel::Color c,
                   int weight = kLcoverageDefaultWeight);

}  // namespace leiser::search::eval
