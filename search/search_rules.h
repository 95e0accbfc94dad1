// The rules of the search: which extensions, reductions and forward pruning
// it uses, with their margins. Two presets: `course`, the rules of the MIT
// 6.172 Fall 2016 reference engine's search (the baseline every change is
// measured against), and `standard`, what games at equal time have shown to
// play better (perf-reports/strength.md lists each change and its result).
// Each rule is also an engine option, so one binary can play both sides of a
// match that tests a change; `search` selects a preset.
#pragma once

#include <array>
#include <string_view>

#include "kernel/edition.h"

namespace leiser::search {

// How a search under a clock decides its time (TimeManager::start).
// kCourseTime, the reference's: aim at 2% of the clock plus 80% of the
// increment (at most a tenth of the clock), start no iteration after half of
// that, stop at three times it. kStandardTime: ours.
inline constexpr int kCourseTime = 0;
inline constexpr int kStandardTime = 1;

struct SearchRules {
  // A move whose laser zaps at least one enemy piece is searched one ply
  // deeper (the reference's capture extension; not at the root).
  int zap_extension = 1;
  // Zero-window nodes at depth 1 and 2 return beta when the stand-pat score
  // beats beta by this margin (the reference's "null move margin"); 0: off.
  std::array<int, 3> static_margin = {0, 300, 500};
  // Extended futility: zero-window nodes of depth 1..futility_depth whose
  // stand-pat score plus futility_margin[depth] is below beta search only
  // moves that zap an enemy piece, like quiescence.
  int futility_depth = 3;
  std::array<int, 6> futility_margin = {0, 50, 100, 250, 450, 700};
  // Late-move reductions in zero-window nodes deeper than lmr_min_depth - 1,
  // for moves that zap nothing and are not killers: one ply from the
  // lmr_first-th move on, two from the lmr_second-th.
  int lmr_min_depth = 3;
  int lmr_first = 5;
  int lmr_second = 20;
  // Instead of one or two plies: ln(depth) * ln(n) / (lmr_log_divisor / 100)
  // plies for the n-th move, at least one (0: the reference's steps).
  int lmr_log_divisor = 0;
  // History-adjusted reductions (0: off): a late move whose best-move history
  // is at least lmr_history is reduced a ply less (not at all where it would
  // be reduced one), one whose history has decayed to 0 a ply more.
  int lmr_history = 0;
  // Late-move pruning: a zero-window node of depth 1..lmp_depth that has
  // searched lmp_base + lmp_scale * depth^2 moves searches only the moves
  // that zap an enemy piece from then on (0: off; the reference has none).
  // Won +21.4 ± 16.9 over 1,200 games at 5+0.05 (perf-reports/sprt-log.tsv).
  int lmp_depth = 3;
  int lmp_base = 9;
  int lmp_scale = 3;
  // Internal iterative reduction: a node of depth iir_depth or more that the
  // TT has no move for is searched a ply shallower (0: off). Without a hash
  // move its ordering is poor, and the next iteration finds it cheaper.
  // -1, the default, takes the edition's own (iir_depth_for): 4 in 2016,
  // where it won +57.1 ± 26.5 over 349 games at 5+0.05, off in 2018, where
  // it won nothing (+0.0 ± 30.6 over 400 games; perf-reports/sprt-log.tsv).
  int iir_depth = -1;
  // Singular extension: at a node of singular_depth or more (0: off) whose
  // hash move has a lower bound or exact entry at most three plies short, the
  // other moves are searched to half the depth against the entry's score less
  // singular_margin per ply; where none reaches it, the hash move is the only
  // good one and is searched a ply deeper.
  int singular_depth = 0;
  int singular_margin = 2;
  // The improving flag: a node whose static evaluation is above the one two
  // plies up. Late-move pruning in a node that is not improving starts after
  // lmp_not_improving percent of its usual move count (100: no difference).
  int lmp_not_improving = 100;
  // Null-move pruning in zero-window nodes (the reference has none).
  int null_move = 0;
  // Aspiration windows around the previous iteration's score (the
  // reference searches every iteration with a full window).
  int aspiration = 0;
  // What a draw is worth to the side to move at the root, in centipawns
  // (the reference's `draw`, -7: it plays on rather than repeat).
  int draw_score = -7;
  // The transposition table: probed for cutoffs and moves, written after
  // each node (the reference's `use_tt`; off only to compare searches).
  int use_tt = 1;
  // Quiescence probes the TT (cutoffs, stored evaluations) and writes its
  // results there at depth 0 (the reference does; ours did not).
  int qsearch_tt = 0;
  // Zap threats (search/threats.h), this game's checks. qsearch_evasions: a
  // quiescence node whose King is threatened searches every move instead of
  // standing pat, at most this many times along a line. threat_guard: no
  // static margin, futility or null move in a threatened node.
  // threat_extension: a threatened node is searched one ply deeper.
  int qsearch_evasions = 0;
  int threat_guard = 0;
  int threat_extension = 0;
  // Where the side to move's beam already zaps an enemy piece, every move
  // that leaves the beam alone zaps it too (a free zap): quiescence searches
  // at most this many of those, in generation order (0: all of them, as the
  // reference does). In 2018, lines where both sides leave pieces in the
  // other's beam made quiescence search nearly every move at every ply (a
  // depth-5 search of one game position: 37 M nodes, 0.9 M with 2). -1, the
  // default, takes the edition's own (qsearch_free_zaps_for): 2 in 2018,
  // where it won +219.7 ± 72.4 over 132 games at 10+0.1; all in 2016, where
  // 2 was level (-2.8 ± 24.6 over 370 games at 5+0.05; perf-reports/
  // sprt-log.tsv).
  int qsearch_free_zaps = -1;
  // free_zap_extension: whether such a move (a free zap) gets zap_extension
  // like a move that makes its zap. free_zaps: the most free zaps a
  // zaps-only node (futility, late moves) searches (0: all of them).
  int free_zap_extension = 1;
  int free_zaps = 0;
  // The best-move history is halved between searches instead of cleared.
  int history_keep = 0;
  // Counter moves: the reply that last cut after the opponent's move is
  // ordered after the killers (reduced as any other late move: exempting it
  // as killers are exempt searched 4% more nodes on bench/positions/
  // game-2016.fen at depth 7, ordering alone 5% fewer).
  int counter_moves = 0;
  // Continuation history: moves are ordered by the best-move history plus
  // that of the same move after the opponent's last move (ordering.h,
  // ContinuationHistory, gathered in the move-key lanes); cleared and kept as
  // the history is (docs/strength.md: 13% fewer nodes on the 2016 game set
  // at depth 7, 1.5% lower node rate).
  int cont_history = 0;
  // The having-the-move bonus added to the static evaluation wherever the
  // search stands pat or compares it with a margin (the reference's `hmb`).
  int tempo = 3;
  // The standard rule won at equal time: +26.3 ± 21.7 in 596 games at
  // 10+0.1 and +23 in two runs at 5+0.05 (perf-reports/sprt-log.tsv).
  int time_style = kStandardTime;

  static constexpr SearchRules course() {
    SearchRules rules;
    rules.time_style = kCourseTime;
    rules.lmp_depth = 0;
    rules.iir_depth = 0;
    rules.qsearch_free_zaps = 0;
    return rules;
  }
  // The internal iterative reduction depth in force in `edition`.
  constexpr int iir_depth_for(kernel::Edition edition) const {
    if (iir_depth >= 0) return iir_depth;
    return edition == kernel::Edition::k2016 ? 4 : 0;
  }
  // The free zaps quiescence searches in `edition` (0: all).
  constexpr int qsearch_free_zaps_for(kernel::Edition edition) const {
    if (qsearch_free_zaps >= 0) return qsearch_free_zaps;
    return edition == kernel::Edition::k2018 ? 2 : 0;
  }
  static constexpr SearchRules standard() { return SearchRules{}; }
  friend constexpr bool operator==(const SearchRules&, const SearchRules&) = default;
};

// A rule as an engine option: `setoption name <name> value <v>`.
struct SearchRuleSpec {
  std::string_view name;
  int min;
  int max;
  int* (*field)(SearchRules&);
};

// The names follow the reference engine's options where it has the rule
// (lmr_r1, lmr_r2, fut_depth, draw, hmb), so a course user finds them.
inline constexpr std::array<SearchRuleSpec, 32> kSearchRuleSpecs = {{
    {"zap_extension", 0, 1, [](SearchRules& r) { return &r.zap_extension; }},
    {"static_margin_1", 0, 10000, [](SearchRules& r) { return &r.static_margin[1]; }},
    {"static_margin_2", 0, 10000, [](SearchRules& r) { return &r.static_margin[2]; }},
    {"fut_depth", 0, 5, [](SearchRules& r) { return &r.futility_depth; }},
    {"lmr_min_depth", 1, 64, [](SearchRules& r) { return &r.lmr_min_depth; }},
    {"lmr_r1", 1, 1000, [](SearchRules& r) { return &r.lmr_first; }},
    {"lmr_r2", 1, 1000, [](SearchRules& r) { return &r.lmr_second; }},
    {"lmr_log_divisor", 0, 1000, [](SearchRules& r) { return &r.lmr_log_divisor; }},
    {"lmr_history", 0, 1000000, [](SearchRules& r) { return &r.lmr_history; }},
    {"lmp_depth", 0, 8, [](SearchRules& r) { return &r.lmp_depth; }},
    {"lmp_base", 1, 1000, [](SearchRules& r) { return &r.lmp_base; }},
    {"lmp_scale", 0, 100, [](SearchRules& r) { return &r.lmp_scale; }},
    {"iir_depth", -1, 64, [](SearchRules& r) { return &r.iir_depth; }},
    {"singular_depth", 0, 64, [](SearchRules& r) { return &r.singular_depth; }},
    {"singular_margin", 0, 1000, [](SearchRules& r) { return &r.singular_margin; }},
    {"lmp_not_improving", 10, 100, [](SearchRules& r) { return &r.lmp_not_improving; }},
    {"null_move", 0, 1, [](SearchRules& r) { return &r.null_move; }},
    {"aspiration", 0, 1, [](SearchRules& r) { return &r.aspiration; }},
    {"draw", -100, 100, [](SearchRules& r) { return &r.draw_score; }},
    {"hmb", 0, 100, [](SearchRules& r) { return &r.tempo; }},
    {"use_tt", 0, 1, [](SearchRules& r) { return &r.use_tt; }},
    {"qsearch_tt", 0, 1, [](SearchRules& r) { return &r.qsearch_tt; }},
    {"qsearch_evasions", 0, 8, [](SearchRules& r) { return &r.qsearch_evasions; }},
    {"threat_guard", 0, 1, [](SearchRules& r) { return &r.threat_guard; }},
    {"threat_extension", 0, 1, [](SearchRules& r) { return &r.threat_extension; }},
    {"qsearch_free_zaps", -1, 256, [](SearchRules& r) { return &r.qsearch_free_zaps; }},
    {"free_zap_extension", 0, 1, [](SearchRules& r) { return &r.free_zap_extension; }},
    {"free_zaps", 0, 256, [](SearchRules& r) { return &r.free_zaps; }},
    {"history_keep", 0, 1, [](SearchRules& r) { return &r.history_keep; }},
    {"counter_moves", 0, 1, [](SearchRules& r) { return &r.counter_moves; }},
    {"cont_history", 0, 1, [](SearchRules& r) { return &r.cont_history; }},
    {"time_style", 0, 1, [](SearchRules& r) { return &r.time_style; }},
}};

}  // namespace leiser::search
