// The option registry: each type parses its values and refuses others with
// the texts the protocol prints; names are found in any case; `uci` lines.
#include <gtest/gtest.h>

#include <cctype>
#include <stdexcept>
#include <string>
#include <vector>

#include "kernel/fen.h"
#include "nnue/default_nets.h"
#include "nnue/inference.h"
#include "search/engine.h"
#include "search/option_registry.h"

namespace leiser::search {
namespace {

TEST(OptionRegistry, SpinTakesIntegersInItsRange) {
  int value = -7;
  const Option option = spin("Move Overhead", 10, 0, 5000, [&](int v) { value = v; });
  EXPECT_EQ(option.type, OptionType::kSpin);
  EXPECT_EQ(option.default_value, "10");
  EXPECT_FALSE(option.set("0"));
  EXPECT_EQ(value, 0);
  EXPECT_FALSE(option.set("5000"));
  EXPECT_EQ(value, 5000);
  // The message names the option in lower case, whatever its listed case.
  EXPECT_EQ(option.set("5001"), "option move overhead value '5001' out of range 0..5000");
  EXPECT_EQ(option.set("-1"), "option move overhead value '-1' out of range 0..5000");
  EXPECT_EQ(option.set("1000000000000000000000"),
            "option move overhead value '1000000000000000000000' out of range 0..5000");
  EXPECT_EQ(option.set("1x"), "option move overhead expects an integer, got '1x'");
  EXPECT_EQ(option.set(""), "option move overhead expects an integer, got ''");
  EXPECT_EQ(option.set(" 5"), "option move overhead expects an integer, got ' 5'");
  EXPECT_EQ(value, 5000) << "a refused value reaches no action";
}

TEST(OptionRegistry, CheckTakesTrueFalseOneZeroOnOffInAnyCase) {
  std::vector<bool> seen;
  const Option option = check("use_ko", true, [&](bool on) { seen.push_back(on); });
  EXPECT_EQ(option.default_value, "true");
  for (const char* text : {"true", "TRUE", "1", "On", "false", "False", "0", "OFF"})
    EXPECT_FALSE(option.set(text));
  EXPECT_EQ(seen, (std::vector<bool>{true, true, true, true, false, false, false, false}));
  EXPECT_EQ(option.set("yes"), "option use_ko expects true or false, got 'yes'");
  EXPECT_EQ(seen.size(), 8u);
}

TEST(OptionRegistry, ComboTakesAChoiceInAnyCaseAndPassesItAsDeclared) {
  std::string chosen;
  const Option option = combo("SMP", "ybwc", {"ybwc", "lazy", "hybrid", "abdada"},
                              [&](std::string_view choice) { chosen = choice; });
  EXPECT_FALSE(option.set("LAZY"));
  EXPECT_EQ(chosen, "lazy");
  EXPECT_FALSE(option.set("Hybrid"));
  EXPECT_EQ(chosen, "hybrid");
  EXPECT_EQ(option.set("simd"), "option smp expects ybwc, lazy, hybrid or abdada, got 'simd'");
  EXPECT_EQ(chosen, "hybrid");
  const Option two = combo("edition", "2018", {"2018", "2016"}, [](std::string_view) {});
  EXPECT_EQ(two.set("2017"), "option edition expects 2018 or 2016, got '2017'");
}

TEST(OptionRegistry, ButtonRunsItsActionWhateverTheValue) {
  int presses = 0;
  const Option option = button("Clear Hash", [&] { ++presses; });
  EXPECT_FALSE(option.set(""));
  EXPECT_FALSE(option.set("anything"));
  EXPECT_EQ(presses, 2);
}

TEST(OptionRegistry, StringPassesTheTextAsGiven) {
  std::string text;
  const Option option = string_option("book", "none", [&](std::string_view v) { text = v; });
  EXPECT_FALSE(option.set("My Book.bin"));
  EXPECT_EQ(text, "My Book.bin");
}

TEST(OptionRegistry, AnActionMayRefuseAValue) {
  const Option option = spin("hash", 64, 1, 65536, [](int mb) -> OptionError {
    if (mb > 1000) return "option hash: cannot allocate " + std::to_string(mb) + " MB";
    return std::nullopt;
  });
  EXPECT_FALSE(option.set("1000"));
  EXPECT_EQ(option.set("1001"), "option hash: cannot allocate 1001 MB");
}

TEST(OptionRegistry, FindsNamesInAnyCaseAndKeepsDeclarationOrder) {
  OptionRegistry registry;
  int overhead = 0;
  registry.add(spin("hash", 64, 1, 65536, [](int) {}));
  registry.add(spin("Move Overhead", 10, 0, 5000, [&](int v) { overhead = v; }));
  registry.add(check("Ponder", false, [](bool) {}));
  ASSERT_EQ(registry.size(), 3u);
  std::vector<std::string> names;
  for (const Option& option : registry) names.push_back(option.name);
  EXPECT_EQ(names, (std::vector<std::string>{"hash", "Move Overhead", "Ponder"}));

  ASSERT_NE(registry.find("HASH"), nullptr);
  EXPECT_EQ(registry.find("HASH")->name, "hash");
  EXPECT_EQ(registry.find("move overhead"), registry.find("Move Overhead"));
  EXPECT_EQ(registry.find("Move"), nullptr);
  EXPECT_EQ(registry.find("Move Overhead "), nullptr);
  EXPECT_FALSE(registry.set("MOVE OVERHEAD", "250"));
  EXPECT_EQ(overhead, 250);
  EXPECT_EQ(registry.set("nosuch", "1"), "unknown option 'nosuch'");
  EXPECT_EQ(registry.set("ponder", "maybe"), "option ponder expects true or false, got 'maybe'");
}

// One name per option, as `uci` lists it; the other naming style's spelling
// (snake_case for Stockfish's names, spaces for snake_case ones) and declared
// aliases find the same option and set the same value.
TEST(OptionRegistry, BothNamingStylesAndAliasesFindTheSameOption) {
  OptionRegistry registry;
  int overhead = 0;
  int lines = 0;
  bool exact = false;
  registry.add(spin("Move Overhead", 10, 0, 5000, [&](int v) { overhead = v; }));
  registry.add(spin("MultiPV", 1, 1, 256, [&](int v) { lines = v; }), {"multi_pv"});
  registry.add(check("exact_search", false, [&](bool on) { exact = on; }));
  EXPECT_EQ(registry.find("move_overhead"), registry.find("Move Overhead"));
  EXPECT_EQ(registry.find("MOVE_OVERHEAD"), registry.find("Move Overhead"));
  EXPECT_EQ(registry.find("Exact Search"), registry.find("exact_search"));
  EXPECT_EQ(registry.find("multi_pv"), registry.find("MultiPV"));
  EXPECT_EQ(registry.find("Multi PV"), registry.find("MultiPV"));
  EXPECT_EQ(registry.find("multipv"), registry.find("MultiPV"));
  EXPECT_EQ(registry.find("move__overhead"), nullptr);
  EXPECT_EQ(registry.find("moveoverhead"), nullptr);
  EXPECT_EQ(registry.aliases("multipv"), std::vector<std::string>{"multi_pv"});
  EXPECT_TRUE(registry.aliases("exact_search").empty());

  EXPECT_FALSE(registry.set("move_overhead", "250"));
  EXPECT_EQ(overhead, 250);
  EXPECT_FALSE(registry.set("Move Overhead", "30"));
  EXPECT_EQ(overhead, 30);
  EXPECT_FALSE(registry.set("multi_pv", "4"));
  EXPECT_EQ(lines, 4);
  EXPECT_FALSE(registry.set("Exact Search", "on"));
  EXPECT_TRUE(exact);
  // Errors name the option by its own name, whichever spelling was used.
  EXPECT_EQ(registry.set("move_overhead", "5001"),
            "option move overhead value '5001' out of range 0..5000");
  EXPECT_EQ(registry.set("multi_pv", "0"), "option multipv value '0' out of range 1..256");

  // A second option that one of the spellings would reach is refused.
  EXPECT_THROW(registry.add(button("move_overhead", [] {})), std::invalid_argument);
  EXPECT_THROW(registry.add(button("Multi PV", [] {})), std::invalid_argument);
  EXPECT_THROW(registry.add(button("depth", [] {}), {"Exact Search"}), std::invalid_argument);
  EXPECT_THROW(registry.add(button("depth", [] {}), {"depth"}), std::invalid_argument);
  EXPECT_EQ(registry.size(), 3u);
}

TEST(OptionRegistry, ANameIsDeclaredOnceAndWithAnAction) {
  OptionRegistry registry;
  registry.add(spin("Hash", 64, 1, 65536, [](int) {}));
  EXPECT_THROW(registry.add(button("hash", [] {})), std::invalid_argument);
  EXPECT_THROW(registry.add(Option{"unset", OptionType::kButton, "", 0, 0, {}, {}}),
               std::invalid_argument);
  EXPECT_EQ(registry.size(), 1u);
}

TEST(OptionRegistry, ListingLineOfEachType) {
  EXPECT_EQ(listing_line(spin("hash", 64, 1, 65536, [](int) {})),
            "option name hash type spin default 64 min 1 max 65536");
  EXPECT_EQ(listing_line(spin("draw", 0, -100, 100, [](int) {})),
            "option name draw type spin default 0 min -100 max 100");
  EXPECT_EQ(listing_line(check("Ponder", false, [](bool) {})),
            "option name Ponder type check default false");
  EXPECT_EQ(listing_line(combo("SMP", "ybwc", {"ybwc", "lazy", "hybrid", "abdada"},
                               [](std::string_view) {})),
            "option name SMP type combo default ybwc var ybwc var lazy var hybrid var abdada");
  EXPECT_EQ(listing_line(button("Clear Hash", [] {})), "option name Clear Hash type button");
  EXPECT_EQ(listing_line(string_option("book", "none", [](std::string_view) {})),
            "option name book type string default none");
}

// The engine's own declarations: the first lines `uci` prints, and every
// option takes its listed default.
TEST(OptionRegistry, EngineOptionsListAsBeforeAndTakeTheirDefaults) {
  Engine engine;
  std::vector<std::string> lines;
  for (const Option& option : engine.options()) lines.push_back(listing_line(option));
  ASSERT_GE(lines.size(), 8u);
  EXPECT_EQ(lines[0], "option name hash type spin default 64 min 1 max 65536");
  EXPECT_EQ(lines[1], "option name threads type spin default " +
                          std::to_string(Engine::max_threads()) + " min 1 max 1024");
  EXPECT_EQ(lines[2], "option name Clear Hash type button");
  EXPECT_EQ(lines[3], "option name Move Overhead type spin default 10 min 0 max 5000");
  EXPECT_EQ(lines[4], "option name MultiPV type spin default 1 min 1 max 256");
  EXPECT_EQ(lines[5], "option name Ponder type check default false");
  EXPECT_EQ(lines[6], "option name edition type combo default 2018 var 2018 var 2016");
  EXPECT_EQ(lines[7], "option name use_ko type check default true");
  for (const Option& option : engine.options())
    EXPECT_FALSE(engine.set_option(option.name, option.default_value)) << option.name;
  EXPECT_EQ(engine.set_option("Threads", "0"), "option threads value '0' out of range 1..1024");
  EXPECT_EQ(engine.set_option("frobnicate", "1"), "unknown option 'frobnicate'");
}

// Every option of the engine answers to both naming styles: its name with
// words capitalised and spaces (Stockfish's style) and with lower case and
// underscores (snake_case) find the same option.
TEST(OptionRegistry, EveryEngineOptionAnswersToBothStyles) {
  Engine engine;
  const auto stockfish_style = [](const std::string& name) {
    std::string out = name;
    bool word_start = true;
    for (char& c : out) {
      if (c == '_') c = ' ';
      if (word_start) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      word_start = c == ' ';
    }
    return out;
  };
  const auto snake_style = [](const std::string& name) {
    std::string out = name;
    for (char& c : out)
      c = c == ' ' ? '_' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
  };
  std::size_t checked = 0;
  for (const Option& option : engine.options()) {
    EXPECT_EQ(engine.options().find(stockfish_style(option.name)), &option)
        << stockfish_style(option.name);
    EXPECT_EQ(engine.options().find(snake_style(option.name)), &option) << snake_style(option.name);
    for (const std::string& alias : engine.options().aliases(option.name))
      EXPECT_EQ(engine.options().find(alias), &option) << alias;
    ++checked;
  }
  EXPECT_GT(checked, 40u);
  EXPECT_EQ(engine.options().find("Clear Hash"), engine.options().find("clear_hash"));
  EXPECT_EQ(engine.options().find("MultiPV"), engine.options().find("multi_pv"));
  EXPECT_EQ(engine.options().find("EvalFile"), engine.options().find("eval_file"));

  // And the other spelling sets the same option.
  EXPECT_FALSE(engine.set_option("Use Ko", "off"));
  EXPECT_FALSE(engine.game().use_ko());
  EXPECT_FALSE(engine.set_option("use_ko", "on"));
  EXPECT_TRUE(engine.game().use_ko());
  EXPECT_FALSE(engine.set_option("Edition", "2016"));
  EXPECT_EQ(engine.edition(), kernel::Edition::k2016);
  EXPECT_FALSE(engine.set_option("ponder", "true"));
  EXPECT_TRUE(engine.ponder_enabled());
  EXPECT_FALSE(engine.set_option("Ponder", "false"));
  EXPECT_FALSE(engine.ponder_enabled());
  EXPECT_FALSE(engine.set_option("eval_file", "built-in"));
  EXPECT_EQ(engine.set_option("move_overhead", "-1"),
            "option move overhead value '-1' out of range 0..5000");
}

TEST(OptionRegistry, EngineOptionsChangeTheEngine) {
  Engine engine;
  EXPECT_FALSE(engine.set_option("EDITION", "2016"));
  EXPECT_EQ(engine.edition(), kernel::Edition::k2016);
  EXPECT_FALSE(engine.set_option("use_ko", "off"));
  EXPECT_FALSE(engine.game().use_ko());
  EXPECT_FALSE(engine.set_option("edition", "2018"));
  EXPECT_EQ(engine.edition(), kernel::Edition::k2018);
  EXPECT_FALSE(engine.game().use_ko()) << "a new edition keeps the Ko setting";
  EXPECT_FALSE(engine.ponder_enabled());
  EXPECT_FALSE(engine.set_option("ponder", "true"));
  EXPECT_TRUE(engine.ponder_enabled());
  ASSERT_EQ(engine.eval_params().kind, EvalKind::kNnue);
  EXPECT_FALSE(engine.set_option("eval", "Classic"));
  EXPECT_EQ(engine.eval_params().kind, EvalKind::kClassic);
  EXPECT_FALSE(engine.set_option("lcoverage", "123"));
  EXPECT_EQ(engine.eval_params().lcoverage, 123);
}

// Play evaluates with the network built in for the position's edition (the
// 2016 one won its games against the classic terms) and with the classic
// terms in an edition without one; `Eval classic` brings the terms back.
TEST(OptionRegistry, EvalDefaultsToTheBuiltInNetworkWhereThereIsOne) {
  Engine engine;
  const auto net_2016 = nnue::default_network(kernel::Edition::k2016);
  ASSERT_NE(net_2016, nullptr) << "the 2016 net is built in (nnue/nets/2016.nnue)";
  const EvalParams& params = engine.eval_params();
  EXPECT_EQ(params.kind, EvalKind::kNnue);
  const EvalParams classic;  // the course's terms
  for (const kernel::Edition edition : {kernel::Edition::k2016, kernel::Edition::k2018}) {
    const auto built_in = nnue::default_network(edition);
    const kernel::Position pos =
        kernel::parse_fen("ss7/nw2nwnw3/2swne4/2se2NW2/1nw3NWSE1/5SE2/3SWSW3/7NN W", edition)
            .value();
    ASSERT_EQ(params.network(edition) != nullptr, built_in != nullptr);
    if (built_in) {
      EXPECT_EQ(*params.network(edition), *built_in);
      EXPECT_EQ(evaluate(pos, params),
                nnue::evaluate_board(*built_in, pos.board(), pos.side_to_move()));
    } else {
      EXPECT_EQ(evaluate(pos, params), evaluate(pos, classic));
    }
  }
  ASSERT_FALSE(engine.set_option("Eval", "classic").has_value());
  EXPECT_EQ(engine.eval_params().kind, EvalKind::kClassic);
  EXPECT_EQ(engine.eval_params().network(kernel::Edition::k2016), nullptr);
}

}  // namespace
}  // namespace leiser::search
