// The bench positions: the fixed positions of the signature bench
// (`leiserchess bench`, search/benchmark.h), 30 per edition, taken from the
// perft vectors of ../shared/vectors (openings, middlegames, sparse endgames).
// Changing this list changes the bench signature. (The microbenchmarks of
// bench/ run on a set of their own, bench/positions.h.)
#pragma once

#include <array>
#include <string_view>

#include "kernel/edition.h"
#include "search/tt.h"

namespace leiser::search {

inline constexpr std::array<std::string_view, 30> kBenchPositions2016 = {
    "ss3nw3/3nw4/2nw1nw3/1nw3SE1SE/nw1nw3SE1/3SE1SE2/4SE3/3SE3NN W",
    "sw5nw1/SW3SW3/5wwse1/4NENN2/8/8/8/8 B",
    "4nw3/2nw5/3nwnw3/1se1ss1NE1SE/2nw2SESE1/8/4NE1NN1/5NW2 B",
    "4nw3/2nw5/3nwnw3/3ss1NE2/1senw2SESE1/8/4NE1NN1/5NW2 B",
    "4se3/4SW3/8/4NEwwEE1/8/8/8/8 B",
    "8/8/3WWee3/5nw2/8/8/8/8 B",
    "2SW5/8/8/2ne5/8/4ss1se1/5WW2/8 B",
    "7SS/SW5ee1/3NE2ne1/8/6SW1/8/8/8 B",
    "4se3/8/5SE2/4NEEE2/5ww2/8/8/8 B",
    "8/ss2swSE3/1sw3seSE1/3ne4/2SEsw4/8/4SWSW2/3SE3NN B",
    "4nw3/2se5/3nwnw3/3ss1NE2/1sene2SESE1/3NE4/6NN1/4NW3 B",
    "3nwnw3/ss7/1nwnw1sw3/1se1SW4/5SE2/3SESE3/5NE2/2SE4NN B",
    "ss3nw3/8/2senw4/1nene1nw3/4NWSE2/8/2SESE4/6SENN B",
    "nnnw6/8/4nwnw2/1nw1SEnw3/4SESWSW1/3nw4/4SW3/3SE3NN B",
    "ss5ne1/1nw1neSW3/8/7SW/3SE2SW1/2nw5/2NEnwNE2NN/8 B",
    "8/8/1ee6/8/1NN6/8/8/8 B",
    "ne7/7se/4ne3/1ww6/8/8/1NN6/8 B",
    "2sw5/nn2sw4/8/8/8/8/3NE2NN1/8 B",
    "8/1nwee5/8/8/8/8/7WW/8 B",
    "8/6ss1/8/8/4EE3/8/8/8 W",
    "8/8/8/8/8/1ww4EE1/8/8 W",
    "ss3nw3/3nw4/1nwnw5/3SE1nw2/2nw3SW1/4SE3/4SE1SE1/3NE3NN B",
    "1ss1senw3/8/2nw1nw3/6SE1/8/8/7WW/8 W",
    "ee7/8/4nwnw2/1nw3SW2/2nw3SE1/3SE4/4SE3/3SE1SE1NN W",
    "ss3nw3/3nw4/2nw1nw3/1nw3SE1SE/nw1nw3SE1/3SE1SE2/4NW3/3SE3NN B",
    "nn1ne1nw3/8/2nw1sw3/1sw6/2nw2SE2/3NE1SE2/2SE5/3SE3NN W",
    "ee7/3nw1SE2/3nw4/6SW1/8/2SEnwSESE2/6NN1/3NE4 B",
    "ss2nw4/3nw4/4sw3/1nwnw2SE2/8/8/6NN1/2NE5 W",
    "nn3nw3/3nw4/4nw3/1nw3SE1SW/ne1nw3SW1/3SE4/3SESE3/7NN B",
    "1ss2nw3/3nw4/1nw2nw3/8/1nwne1SESESE1/8/2NW1SE3/3SE3NN B",
};

inline constexpr std::array<std::string_view, 30> kBenchPositions2018 = {
    "ss7/3nwse3/2nwse4/1nwse3NW1/1se3NWSE1/4NWSE2/3NWSE3/7NN W",
    "8/8/4sw3/4SS3/5ww2/8/8/8 B",
    "8/ww4sw2/1WWse5/8/1sw6/8/8/8 B",
    "8/8/6NE1/8/8/8/2nw1ee3/3SS4 B",
    "8/8/1SSsw1NW3/ss7/8/8/8/1nw6 B",
    "8/6NW1/sw7/1SS6/2ee5/8/8/7sw B",
    "8/6NW1/nw7/1EE6/2ee5/8/1se6/7nw B",
    "8/1nweeNW4/3sw4/8/8/8/3NE1NN2/8 B",
    "4se3/1NW1se1sw2/2nn5/3nwSE3/6SW1/8/3NWSENN2/8 B",
    "3se4/ss2se4/1nwse5/4nw3/7NE/2nw5/5SS2/8 B",
    "8/8/8/se7/nn7/6SS1/8/8 B",
    "8/8/1nw6/8/1nwnn1NW3/3SW1NN2/8/8 B",
    "ss7/2nw5/ne7/1nwse5/5NW2/4NW1SE1/2NW3SW1/7NN B",
    "sw7/3sw4/4ww3/6SS1/8/8/8/8 B",
    "8/3senw3/2ee1sw2SE/1nw6/8/4SE1NW1/8/7WW B",
    "2ssNN4/8/8/8/8/8/8/8 B",
    "1ss6/8/1nw1sw4/8/8/8/6NN1/8 B",
    "ss2nw1SW2/2ne5/3sene3/2sw5/5NW2/4SESW1SE/4SE3/2SE4NN B",
    "8/8/8/4NN3/5ss2/8/8/8 B",
    "8/1nn1nw4/2nw1se3/2se5/3neNWnw2/6SE1/5SWSE1/4NW2WW W",
    "ss7/4se3/2nwnenw3/1nwse5/5NWSE1/3NW1SE2/3NWNE3/7NN W",
    "8/8/3SW4/8/4nw3/3nn4/2NE4NN/4se3 W",
    "ww7/8/8/3SW1NWSE1/8/3NW4/4SE3/7WW W",
    "1nn6/8/3NE4/1sw1ne2NW1/3ne4/5WW2/8/8 B",
    "nn7/4se3/1nw1se4/1nw3seSE1/1se3NW2/4NWNW2/8/7NN W",
    "ss7/3SEnw3/2sw2se2/1nwse1se3/1se3NWSE1/4NE3/3NW1SE2/4SE2NN B",
    "1ss6/3nw4/3sw4/5nw2/3NW4/8/3swNW1NN1/8 B",
    "2ee1sw3/3sw4/5SE2/3ne2SW1/3sw2NW1/1NE6/8/7WW W",
    "ss7/1nw3se2/2nw5/8/3NW4/8/2SE4WW/5NE2 B",
    "1ss6/3nw4/3sw1se2/2ne2nw2/3NE4/2NENW4/4SE3/7WW W",
};

// The deep set, for measuring the parallel search (`bench ... deep`, `bench
// --scaling`): the bench positions where a search to deep_bench_depth
// takes one thread seconds (1.3 to 6 s on a 2-vCPU EPYC guest in 2026), not
// the fractions of a second of the signature bench, whose mates in one and
// small endgames would measure only the task hand-off. Indices into the
// edition's bench positions.
//
// The depth is the edition's: internal iterative reduction (on in 2016 only)
// made 2016's depth 9 a 2.9 s run of all eight positions where it had taken
// 15 s; depth 11 takes 13 s, as 2018's depth 9 takes 12 s.
//
// It searches with the engine's default table (kDefaultHashMb, what games
// use), not the signature bench's 16 MB: with internal iterative reduction
// the tree's size depends on which hash moves the table keeps, and 16 MB
// overflows at millions of nodes a position. One thread's tree at depth 11
// in 2016 grows from 41.2 M nodes at 16 MB to 48.5 M at 64 MB, while two
// threads search about 50 M at either size, so the small table made a second
// thread look like +29% search overhead (+2.7% at 64 MB; 81% and 95% of the
// machine's ceiling; perf-reports/parallel-experiments.md).
inline constexpr int kDeepBenchHashMb = kDefaultHashMb;
constexpr int deep_bench_depth(kernel::Edition edition) {
  return edition == kernel::Edition::k2016 ? 11 : 9;
}
inline constexpr std::array<int, 8> kDeepPositions2016 = {0, 9, 10, 11, 13, 21, 24, 28};
inline constexpr std::array<int, 8> kDeepPositions2018 = {12, 17, 20, 23, 24, 26, 27, 28};

}  // namespace leiser::search
