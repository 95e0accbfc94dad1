// `leiserchess evaldata`: the static evaluation of a training-data file's
// records, beside their search scores and results.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "commands/evaldata_command.h"
#include "kernel/game.h"
#include "kernel/movegen.h"
#include "nnue/training_data.h"
#include "search/engine.h"
#include "search/evaluate.h"

namespace leiser::commands {
namespace {

namespace fs = std::filesystem;

struct CommandRun {
  int status;
  std::string out;
  std::string err;
};

CommandRun evaldata(const std::vector<std::string>& args) {
  std::ostringstream out;
  std::ostringstream err;
  const int status = run_evaldata_command(args, out, err);
  return {status, out.str(), err.str()};
}

// A data file of `records` in `edition`, written with the format's own
// encoder, as gendata writes it.
fs::path write_data(const std::string& name, kernel::Edition edition,
                    const std::vector<nnue::TrainingRecord>& records) {
  const fs::path path = fs::temp_directory_path() / (name + "-" + std::to_string(::getpid()));
  std::ofstream file(path, std::ios::binary);
  const auto header = nnue::encode_data_header(edition);
  file.write(reinterpret_cast<const char*>(header.data()), header.size());
  for (const auto& r : records) {
    const auto bytes = nnue::encode_record(r);
    file.write(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  }
  return path;
}

// The positions of a short 2016 line (legal moves picked by index), each a
// record with a made-up score and result the command must hand back as is.
std::vector<kernel::Position> line_positions() {
  kernel::Position pos = kernel::Game::start(kernel::Edition::k2016).position();
  std::vector<kernel::Position> out;
  for (int ply = 0; ply < 6 && !pos.is_game_over(); ++ply) {
    out.push_back(pos);
    kernel::MoveList moves;
    kernel::generate_legal_moves(pos, nullptr, moves);
    pos.make_move(moves[(7 * ply + 3) % moves.size()]);
  }
  return out;
}

std::vector<std::vector<long long>> rows(const std::string& out) {
  std::vector<std::vector<long long>> result;
  std::istringstream lines(out);
  for (std::string line; std::getline(lines, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream words(line);
    std::vector<long long> row;
    for (long long v; words >> v;) row.push_back(v);
    result.push_back(row);
  }
  return result;
}

TEST(EvaldataCommand, PrintsEachRecordsEvaluationScoreAndResult) {
  const std::vector<kernel::Position> positions = line_positions();
  std::vector<nnue::TrainingRecord> records;
  for (std::size_t i = 0; i < positions.size(); ++i)
    records.push_back({positions[i].board(), static_cast<std::uint32_t>(i / 3),
                       static_cast<std::int16_t>(17 * static_cast<int>(i) - 40),
                       static_cast<std::int8_t>(static_cast<int>(i % 3) - 1),
                       positions[i].side_to_move()});
  const fs::path path = write_data("evaldata-game", kernel::Edition::k2016, records);

  // Each evaluation the options can choose is the one the engine's
  // evaluate() gives that position with the same options.
  for (const std::vector<std::string>& options :
       {std::vector<std::string>{"Eval=classic"}, std::vector<std::string>{}}) {
    search::Engine engine;
    for (const std::string& o : options) {
      const auto eq = o.find('=');
      ASSERT_FALSE(engine.set_option(o.substr(0, eq), o.substr(eq + 1)).has_value());
    }
    std::vector<std::string> args{path.string()};
    args.insert(args.end(), options.begin(), options.end());
    const CommandRun r = evaldata(args);
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out.rfind("# record eval score result (edition 2016", 0), 0u) << r.out;
    const auto got = rows(r.out);
    ASSERT_EQ(got.size(), positions.size()) << r.out;
    for (std::size_t i = 0; i < positions.size(); ++i) {
      EXPECT_EQ(got[i],
                (std::vector<long long>{static_cast<long long>(i),
                                        search::evaluate(positions[i], engine.eval_params()),
                                        records[i].score_cp, records[i].result}))
          << "record " << i;
    }
  }
  // The classic terms and the built-in net differ somewhere, or the option
  // would not have reached the evaluation.
  EXPECT_NE(rows(evaldata({path.string(), "Eval=classic"}).out),
            rows(evaldata({path.string(), "Eval=nnue"}).out));

  // --first and --count choose records; past the end there are none.
  const auto some = rows(evaldata({path.string(), "--first", "2", "--count", "3"}).out);
  ASSERT_EQ(some.size(), 3u);
  EXPECT_EQ(some.front().front(), 2);
  EXPECT_EQ(some.back().front(), 4);
  EXPECT_TRUE(rows(evaldata({path.string(), "--first", "99"}).out).empty());
  fs::remove(path);
}

TEST(EvaldataCommand, RefusesWhatItCannotReadInOneLine) {
  const kernel::Board no_king{};  // disjoint (empty) colour planes decode, but hold no King
  const fs::path kingless = write_data("evaldata-kingless", kernel::Edition::k2018,
                                       {{no_king, 0, 0, 0, kernel::Color::kTangerine}});
  struct Bad {
    std::vector<std::string> args;
    int status;
    const char* fragment;
  };
  const std::vector<Bad> bad = {
      {{}, 2, "usage: leiserchess evaldata FILE"},
      {{"--count", "3"}, 2, "usage: leiserchess evaldata FILE"},
      {{kingless.string(), "--first"}, 2, "--first expects a whole number"},
      {{kingless.string(), "--count", "-1"}, 2, "--count expects a whole number"},
      {{kingless.string(), "Eval=fast"}, 2, "evaldata: "},
      {{kingless.string(), "stray"}, 2, "unexpected 'stray'"},
      {{"/nonexistent/data.bin"}, 1, "/nonexistent/data.bin"},
      {{kingless.string()}, 1, "record 0 has a King missing"},
  };
  for (const Bad& b : bad) {
    const CommandRun r = evaldata(b.args);
    EXPECT_EQ(r.status, b.status) << b.fragment;
    EXPECT_EQ(r.err.rfind("error: ", 0), 0u) << r.err;
    EXPECT_NE(r.err.find(b.fragment), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
  fs::remove(kingless);
}

}  // namespace
}  // namespace leiser::commands
