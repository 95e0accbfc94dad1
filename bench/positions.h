// The microbenchmark positions: the fixed set the microbenchmarks of bench/
// run on (not the bench positions of `leiserchess bench`, which are
// search/benchmark_positions.h): the start position
// and fourteen others of each edition, taken from the perft test vectors
// (shared/vectors/perft-*.tsv) and checked in here so that the numbers do not
// move when the vectors change. Openings, middlegames and a few endgames.
#pragma once

#include <array>
#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "kernel/edition.h"
#include "kernel/fen.h"
#include "kernel/position.h"

namespace leiser::microbench {

struct MicrobenchPosition {
  kernel::Edition edition;
  std::string_view fen;
};

inline constexpr std::array<MicrobenchPosition, 30> kMicrobenchPositions = {{
    // 2016 edition.
    {kernel::Edition::k2016, "ss3nw3/3nw4/2nw1nw3/1nw3SE1SE/nw1nw3SE1/3SE1SE2/4SE3/3SE3NN W"},
    {kernel::Edition::k2016, "ss3nw3/3nw4/2nw1nw3/1nw3SE1SE/nw1nw3SE1/3SE1SE2/4NW3/3SE3NN B"},
    {kernel::Edition::k2016, "ss3nw3/1nw1nw4/4nw3/1nw3SE1SE/2nw2SE2/3SE1SE2/4SE3/3SE3NN W"},
    {kernel::Edition::k2016, "ss3nw3/3nw4/1nwnw5/3SE1nw2/2nw3SW1/4SE3/4SE1SE1/3NE3NN B"},
    {kernel::Edition::k2016, "ww3nw3/3nw4/2nw1nw3/1nw3SE2/2nw5/nw2SE1SW1SE/4SE3/3SE3NN B"},
    {kernel::Edition::k2016, "nn3nw3/3nw4/4nw3/1nw3SE1SW/ne1nw3SW1/3SE4/3SESE3/7NN B"},
    {kernel::Edition::k2016, "nnnw6/8/4nwnw2/1nw1SEnw3/4SESWSW1/3nw4/4SW3/3SE3NN B"},
    {kernel::Edition::k2016, "nn1ne1nw3/8/2nw1sw3/1sw6/2nw2SE2/3NE1SE2/2SE5/3SE3NN W"},
    {kernel::Edition::k2016, "ee7/nw2nw4/2nw1SE1se1/5SESE1/2nw5/3SW1SE2/4SW3/3SE3NN B"},
    {kernel::Edition::k2016, "3nwnw3/ss7/1nwnw1sw3/1se1SW4/5SE2/3SESE3/5NE2/2SE4NN B"},
    {kernel::Edition::k2016, "4nw3/2nw5/3nwnw3/1se1ss1NE1SE/2nw2SESE1/8/4NE1NN1/5NW2 B"},
    {kernel::Edition::k2016, "5nw2/ssnw1nwse3/8/1nw6/3seSW1SW1/2SE1NE3/4SE2EE/8 B"},
    {kernel::Edition::k2016, "8/ss2swSE3/1sw3seSE1/3ne4/2SEsw4/8/4SWSW2/3SE3NN B"},
    {kernel::Edition::k2016, "ss5ne1/1nw1neSW3/8/7SW/3SE2SW1/2nw5/2NEnwNE2NN/8 B"},
    {kernel::Edition::k2016, "2sw5/nn2sw4/8/8/8/8/3NE2NN1/8 B"},
    // 2018 edition.
    {kernel::Edition::k2018, "ss7/3nwse3/2nwse4/1nwse3NW1/1se3NWSE1/4NWSE2/3NWSE3/7NN W"},
    {kernel::Edition::k2018, "ss7/3nwse3/2nwse4/1nwse3NW1/4SENWSE1/4NW3/3NWSE3/7NN W"},
    {kernel::Edition::k2018, "ss3nw3/4se3/2nwse4/2se5/1nw2NW1SE1/3NW1SE2/3NWSE3/7NN W"},
    {kernel::Edition::k2018, "ss3nw3/5se2/2nwse4/1nwse5/5SWSE1/4NWSE2/3NWSE3/7NN W"},
    {kernel::Edition::k2018, "nn7/3se4/2sesenw3/1nwSE5/2se2NESE1/4SW1SE1/3NW4/7NN W"},
    {kernel::Edition::k2018, "nn7/4se3/1nw1se4/1nw3seSE1/1se3NW2/4NWNW2/8/7NN W"},
    {kernel::Edition::k2018, "ss2ne4/3nw4/2nwse4/1nwse2SENW1/1nw3NW2/4NWSE2/3NW4/4SE2WW W"},
    {kernel::Edition::k2018, "ss2nw1SW2/2ne5/3sene3/2sw5/5NW2/4SESW1SE/4SE3/2SE4NN B"},
    {kernel::Edition::k2018, "ss7/3SEnw3/2sw2se2/1nwse1se3/1se3NWSE1/4NE3/3NW1SE2/4SE2NN B"},
    {kernel::Edition::k2018, "ss7/3nwse3/2sw5/1nwsw1SW1SE1/1se4se1/5SE2/3SENW3/5SE1NN B"},
    {kernel::Edition::k2018, "ss7/3swse3/2nw5/1nw2SENW2/3seNW1NW1/5SEse1/2NW1SE3/7NN B"},
    {kernel::Edition::k2018, "ss7/4se3/2nwnenw3/1nwse5/5NWSE1/3NW1SE2/3NWNE3/7NN W"},
    {kernel::Edition::k2018, "ss7/2nw1ne3/2nw1nw3/7SW/1nw1SE4/4NWSE2/4SE3/2se4NN W"},
    {kernel::Edition::k2018, "1ss6/3nw4/3sw1se2/2ne2nw2/3NE4/2NENW4/4SE3/7WW W"},
    {kernel::Edition::k2018, "8/1nn1nw4/2nw1se3/2se5/3neNWnw2/6SE1/5SWSE1/4NW2WW W"},
}};

// Parses a FEN that is known to be good; a bad one is a bug in this file, so
// the benchmark stops rather than measure something else.
inline kernel::Position parse_or_die(std::string_view fen, kernel::Edition edition) {
  auto parsed = kernel::parse_fen(fen, edition);
  if (!parsed) {
    std::fprintf(stderr, "microbench: cannot parse '%.*s': %s\n", static_cast<int>(fen.size()),
                 fen.data(), parsed.error().c_str());
    std::abort();
  }
  return parsed.value();
}

// The microbenchmark positions of one edition, in the order above.
inline std::vector<kernel::Position> microbench_positions(kernel::Edition edition) {
  std::vector<kernel::Position> positions;
  for (const MicrobenchPosition& p : kMicrobenchPositions)
    if (p.edition == edition) positions.push_back(parse_or_die(p.fen, edition));
  return positions;
}

inline kernel::Position start_position(kernel::Edition edition) {
  return parse_or_die(kernel::start_fen(edition), edition);
}

// Stops the benchmark program with a message; for setup checks that must hold
// in release builds too (assert() is compiled out there).
[[noreturn]] inline void fail(const char* what) {
  std::fprintf(stderr, "microbench: check failed: %s\n", what);
  std::abort();
}

}  // namespace leiser::microbench
