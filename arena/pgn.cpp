#include "arena/pgn.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <iterator>

namespace leiser::arena {

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

bool is_result(const std::string& token) {
  return token == "1-0" || token == "0-1" || token == "1/2-1/2" || token == "*";
}

// "12." or "12...": a move number, not a move.
bool is_move_number(const std::string& token) {
  const std::size_t digits = static_cast<std::size_t>(
      std::find_if(token.begin(), token.end(),
                   [](char c) { return !std::isdigit(static_cast<unsigned char>(c)); }) -
      token.begin());
  return digits > 0 && digits < token.size() &&
         std::all_of(token.begin() + static_cast<long>(digits), token.end(),
                     [](char c) { return c == '.'; });
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

std::string pgn_time_control(const EngineSpec& spec) {
  if (!spec.tc) return "-";
  return seconds(spec.tc->base_ms) + "+" + seconds(spec.tc->inc_ms);
}

std::string format_move_note(const MoveNote& note) {
  char text[64];
  const double time_s = static_cast<double>(note.time.count()) / 1000.0;
  if (!note.score_cp) {
    std::snprintf(text, sizeof text, "%.3fs", time_s);
    return text;
  }
  const int score = *note.score_cp;
  // parse_info_score turns "mate n" into +-(kMateScoreCp - |n|).
  constexpr int kMateWindow = 10000;
  if (std::abs(score) > kMateScoreCp - kMateWindow) {
    const int moves = kMateScoreCp - std::abs(score);
    std::snprintf(text, sizeof text, "%cM%d/%d %.3fs", score > 0 ? '+' : '-', moves, note.depth,
                  time_s);
  } else {
    std::snprintf(text, sizeof text, "%+.2f/%d %.3fs", score / 100.0, note.depth, time_s);
  }
  return text;
}

std::string format_game_record(const GameRecord& game, const PgnTags& tags) {
  std::string text;
  auto tag = [&](const char* name, const std::string& value) {
    text += std::string("[") + name + " " + quoted(value) + "]\n";
  };
  // The Seven Tag Roster, in its order, then ours.
  tag("Event", tags.event);
  tag("Site", "?");
  tag("Date", tags.date.empty() ? "????.??.??" : tags.date);
  tag("Round", std::to_string(tags.round));
  tag("White", game.tangerine);
  tag("Black", game.lavender);
  tag("Result", game.score());
  tag("Tangerine", game.tangerine);
  tag("Lavender", game.lavender);
  const std::string white_tc = pgn_time_control(tags.tangerine);
  const std::string black_tc = pgn_time_control(tags.lavender);
  tag("TimeControl", white_tc == black_tc ? white_tc : "?");
  if (white_tc != black_tc) {
    tag("WhiteTimeControl", white_tc);
    tag("BlackTimeControl", black_tc);
  }
  tag("TangerineLimits", describe_limits(tags.tangerine));
  tag("LavenderLimits", describe_limits(tags.lavender));
  tag("Variant", "Leiserchess");
  tag("Edition", std::string(kernel::edition_name(tags.edition)));
  tag("SetUp", "1");
  tag("FEN", game.start_fen);
  if (!game.opening_id.empty()) tag("Opening", game.opening_id);
  if (tags.shuffle_seed) tag("ShuffleSeed", std::to_string(*tags.shuffle_seed));
  tag("OpeningPlies", std::to_string(game.opening_plies));
  tag("PlyCount", std::to_string(game.moves.size()));
  tag("Termination", termination_name(game.termination));
  tag("Reason", game.reason);
  text += "\n";

  // Move text: numbered full moves with their comments, wrapped before 80
  // columns (a comment may be broken across lines; PGN allows that).
  const bool lavender_first =
      game.start_fen.size() >= 1 && (game.start_fen.back() == 'B' || game.start_fen.back() == 'b');
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
    if (i < game.opening_plies) {
      emit("{book}");
    } else if (const std::size_t note = i - game.opening_plies; note < game.notes.size()) {
      // Appended piece by piece: `"{" + std::string` trips GCC 12's false
      // -Wrestrict (GCC bug 105329).
      std::string comment = "{";
      comment += format_move_note(game.notes[note]);
      comment += '}';
      emit(comment);
    }
  }
  emit(game.score());
  text += line + "\n\n";
  return text;
}

kernel::Expected<std::vector<PgnGame>> read_pgn(std::istream& in, std::size_t* complete_bytes) {
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  auto line_of = [&](std::size_t pos) {
    return std::to_string(1 +
                          std::count(text.begin(), text.begin() + static_cast<long>(pos), '\n'));
  };
  std::vector<PgnGame> games;
  std::optional<PgnGame> current;
  bool in_movetext = false;
  std::size_t record_start = 0;  // where `current` began
  std::size_t pos = 0;
  while (pos < text.size()) {
    const char c = text[pos];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++pos;
      continue;
    }
    if (c == '[') {
      if (current && in_movetext)
        return kernel::Error{"line " + line_of(pos) + ": a game record before it has no result"};
      if (!current) {
        current.emplace();
        record_start = pos;
      }
      // [Name "value"] on one line, with \" and \\ escapes in the value.
      const std::size_t end_of_line = std::min(text.find('\n', pos), text.size());
      std::size_t i = pos + 1;
      std::string name;
      while (i < end_of_line &&
             (std::isalnum(static_cast<unsigned char>(text[i])) || text[i] == '_'))
        name += text[i++];
      while (i < end_of_line && text[i] == ' ') ++i;
      // A last line without its newline may have been cut mid-write.
      const bool cut_short = end_of_line == text.size();
      if (name.empty() || i >= end_of_line || text[i] != '"') {
        if (cut_short) break;
        return kernel::Error{"line " + line_of(pos) + ": malformed tag"};
      }
      std::string value;
      for (++i; i < end_of_line && text[i] != '"'; ++i) {
        if (text[i] == '\\' && i + 1 < end_of_line) ++i;
        value += text[i];
      }
      if (i >= end_of_line || text.find(']', i) >= end_of_line) {
        if (cut_short) break;
        return kernel::Error{"line " + line_of(pos) + ": malformed tag"};
      }
      current->tags[name] = value;
      pos = end_of_line;
      continue;
    }
    if (c == '{') {  // a comment, possibly over several lines
      const std::size_t close = text.find('}', pos);
      if (close == std::string::npos) {  // cut short
        if (!current) {
          current.emplace();
          record_start = pos;
        }
        break;
      }
      if (current && !current->moves.empty())
        current->comments.back() = text.substr(pos + 1, close - pos - 1);
      pos = close + 1;
      continue;
    }
    if (c == ';') {  // a comment to the end of the line
      pos = std::min(text.find('\n', pos), text.size());
      continue;
    }
    std::size_t end = pos;
    while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end])) &&
           text[end] != '{' && text[end] != '[')
      ++end;
    const std::string token = text.substr(pos, end - pos);
    pos = end;
    if (!current) {
      current.emplace();
      record_start = pos - token.size();
    }
    in_movetext = true;
    if (is_result(token)) {
      current->result = token;
      games.push_back(std::move(*current));
      current.reset();
      in_movetext = false;
    } else if (!is_move_number(token) && token.front() != '$') {
      // "1.h4g5" (no space after the number) splits into number and move.
      const std::size_t dot = token.find_last_of('.');
      current->moves.push_back(dot == std::string::npos ? token : token.substr(dot + 1));
      current->comments.emplace_back();
    }
  }
  if (complete_bytes) *complete_bytes = current ? record_start : text.size();
  return games;
}

}  // namespace leiser::arena
