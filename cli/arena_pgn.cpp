#include "cli/arena_pgn.h"

#include <cstdio>

namespace leiser::cli::arena {

namespace {

// PGN tag values are quoted; a quote or backslash inside is escaped.
std::string quoted(const std::string& value) {
  std::string q = "\"";
  for (char c : value) {
    if (c == '"' || c == '\\') q += '\\';
    q += c;
  }
  return q + "\"";
}

std::string seconds(std::int64_t ms) {
  char text[32];
  if (ms % 1000 == 0) {
    std::snprintf(text, sizeof text, "%lld", static_cast<long long>(ms / 1000));
  } else {
    std::snprintf(text, sizeof text, "%g", ms / 1000.0);
  }
  return text;
}

}  // namespace

std::string describe_limits(const EngineSpec& spec) {
  std::string text;
  auto add = [&](const std::string& part) { text += (text.empty() ? "" : ",") + part; };
  if (spec.tc) add(seconds(spec.tc->base_ms) + "+" + seconds(spec.tc->inc_ms));
  if (spec.depth > 0) add("depth=" + std::to_string(spec.depth));
  if (spec.nodes > 0) add("nodes=" + std::to_string(spec.nodes));
  return text.empty() ? "none" : text;
}

std::string format_game_record(const GameRecord& game, const PgnTags& tags) {
  std::string text;
  auto tag = [&](const char* name, const std::string& value) {
    text += std::string("[") + name + " " + quoted(value) + "]\n";
  };
  tag("Event", tags.event);
  if (!tags.date.empty()) tag("Date", tags.date);
  tag("Round", std::to_string(tags.round));
  tag("Tangerine", game.tangerine);
  tag("Lavender", game.lavender);
  tag("TangerineLimits", tags.tangerine_limits);
  tag("LavenderLimits", tags.lavender_limits);
  tag("Edition", std::string(kernel::edition_name(tags.edition)));
  tag("FEN", game.start_fen);
  tag("OpeningPlies", std::to_string(game.opening_plies));
  tag("PlyCount", std::to_string(game.moves.size()));
  tag("Result", game.score());
  tag("Termination", termination_name(game.termination));
  tag("Reason", game.reason);
  text += "\n";

  // Move text: numbered full moves, wrapped before 80 columns.
  const bool lavender_first = game.start_fen.size() >= 1 &&
                              (game.start_fen.back() == 'B' || game.start_fen.back() == 'b');
  std::string line;
  auto emit = [&](const std::string& token) {
    if (!line.empty() && line.size() + 1 + token.size() > 79) {
      text += line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + token;
  };
  for (std::size_t i = 0; i < game.moves.size(); ++i) {
    const std::size_t ply = i + (lavender_first ? 1 : 0);
    if (ply % 2 == 0) {
      emit(std::to_string(ply / 2 + 1) + ". " + game.moves[i]);
    } else if (i == 0) {
      emit("1... " + game.moves[i]);
    } else {
      emit(game.moves[i]);
    }
  }
  emit(game.score());
  text += line + "\n\n";
  return text;
}

}  // namespace leiser::cli::arena
