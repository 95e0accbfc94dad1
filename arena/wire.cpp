#include "arena/wire.h"

#include <charconv>
#include <cstdint>
#include <optional>
#include <system_error>
#include <utility>

namespace leiser::arena {

namespace {

// Appends fields.
class Writer {
 public:
  Writer& text(std::string_view value) {
    bytes_ += std::to_string(value.size());
    bytes_ += ':';
    bytes_ += value;
    return *this;
  }
  Writer& number(std::int64_t value) { return text(std::to_string(value)); }
  std::string take() { return std::move(bytes_); }

 private:
  std::string bytes_;
};

// Reads fields back; the first malformed one makes every later read fail,
// and ok() false.
class Reader {
 public:
  explicit Reader(std::string_view bytes) : rest_(bytes) {}

  std::string text() {
    if (!ok_) return {};
    const std::size_t colon = rest_.find(':');
    std::size_t length = 0;
    if (colon == std::string_view::npos) return failed();
    const auto [end, ec] = std::from_chars(rest_.data(), rest_.data() + colon, length);
    if (ec != std::errc() || end != rest_.data() + colon || length > rest_.size() - colon - 1)
      return failed();
    std::string value(rest_.substr(colon + 1, length));
    rest_.remove_prefix(colon + 1 + length);
    return value;
  }

  std::int64_t number() {
    const std::string field = text();
    std::int64_t value = 0;
    const auto [end, ec] = std::from_chars(field.data(), field.data() + field.size(), value);
    if (ok_ && (field.empty() || ec != std::errc() || end != field.data() + field.size())) failed();
    return value;
  }

  // A count of items to follow, each at least one field of two bytes: a
  // corrupt count cannot make the reader allocate without bound.
  std::size_t count() {
    const std::int64_t n = number();
    if (n < 0 || static_cast<std::uint64_t>(n) > rest_.size() / 2) {
      failed();
      return 0;
    }
    return static_cast<std::size_t>(n);
  }

  bool ok() const { return ok_; }
  bool at_end() const { return rest_.empty(); }

 private:
  std::string failed() {
    ok_ = false;
    rest_ = {};
    return {};
  }

  std::string_view rest_;
  bool ok_ = true;
};

void write_strings(Writer& out, const std::vector<std::string>& values) {
  out.number(static_cast<std::int64_t>(values.size()));
  for (const std::string& v : values) out.text(v);
}

std::vector<std::string> read_strings(Reader& in) {
  std::vector<std::string> values(in.count());
  for (std::string& v : values) v = in.text();
  return values;
}

std::optional<Winner> winner_from(std::int64_t value) {
  switch (value) {
    case 0:
      return Winner::kTangerine;
    case 1:
      return Winner::kLavender;
    case 2:
      return Winner::kNone;
    default:
      return std::nullopt;
  }
}

std::int64_t winner_code(Winner winner) {
  switch (winner) {
    case Winner::kTangerine:
      return 0;
    case Winner::kLavender:
      return 1;
    case Winner::kNone:
      break;
  }
  return 2;
}

}  // namespace

std::string encode_games(const std::vector<GameToPlay>& games) {
  Writer out;
  out.number(static_cast<std::int64_t>(games.size()));
  for (const GameToPlay& g : games) {
    out.number(g.game.number).number(g.game.pair).number(g.game.twin);
    out.number(g.game.tangerine).number(g.game.lavender);
    out.number(g.game.opening ? static_cast<std::int64_t>(*g.game.opening) : -1);
    out.text(g.opening.fen).text(g.opening.id);
    write_strings(out, g.opening.moves);
  }
  return out.take();
}

kernel::Expected<std::vector<GameToPlay>> decode_games(std::string_view bytes) {
  Reader in(bytes);
  std::vector<GameToPlay> games(in.count());
  for (GameToPlay& g : games) {
    g.game.number = static_cast<int>(in.number());
    g.game.pair = static_cast<int>(in.number());
    g.game.twin = static_cast<int>(in.number());
    g.game.tangerine = static_cast<int>(in.number());
    g.game.lavender = static_cast<int>(in.number());
    if (const std::int64_t opening = in.number(); opening >= 0)
      g.game.opening = static_cast<std::size_t>(opening);
    g.opening.fen = in.text();
    g.opening.id = in.text();
    g.opening.moves = read_strings(in);
  }
  if (!in.ok() || !in.at_end()) return kernel::Error{"a malformed list of games to play"};
  return games;
}

std::string encode_record(const NumberedRecord& game) {
  const GameRecord& r = game.record;
  Writer out;
  out.number(game.number);
  out.text(r.tangerine).text(r.lavender).text(r.start_fen).text(r.opening_id);
  write_strings(out, r.moves);
  out.number(static_cast<std::int64_t>(r.opening_plies));
  out.number(static_cast<std::int64_t>(r.notes.size()));
  for (const MoveNote& note : r.notes) {
    // No score is its own field value, so that every score round-trips.
    out.text(note.score_cp ? std::to_string(*note.score_cp) : std::string("-"));
    out.number(note.depth).number(note.time.count());
  }
  out.number(winner_code(r.winner));
  out.text(termination_name(r.termination));
  out.text(r.reason);
  return out.take();
}

kernel::Expected<NumberedRecord> decode_record(std::string_view bytes) {
  Reader in(bytes);
  NumberedRecord game;
  GameRecord& r = game.record;
  game.number = static_cast<int>(in.number());
  r.tangerine = in.text();
  r.lavender = in.text();
  r.start_fen = in.text();
  r.opening_id = in.text();
  r.moves = read_strings(in);
  r.opening_plies = static_cast<std::size_t>(in.number());
  r.notes.resize(in.count());
  bool fields_ok = true;
  for (MoveNote& note : r.notes) {
    const std::string score = in.text();
    if (score != "-") {
      int value = 0;
      const auto [end, ec] = std::from_chars(score.data(), score.data() + score.size(), value);
      fields_ok = fields_ok && ec == std::errc() && end == score.data() + score.size();
      note.score_cp = value;
    }
    note.depth = static_cast<int>(in.number());
    note.time = std::chrono::milliseconds(in.number());
  }
  const auto winner = winner_from(in.number());
  const auto termination = parse_termination(in.text());
  r.reason = in.text();
  if (!in.ok() || !in.at_end() || !fields_ok || !winner || !termination ||
      r.opening_plies > r.moves.size())
    return kernel::Error{"a malformed game record"};
  r.winner = *winner;
  r.termination = *termination;
  return game;
}

}  // namespace leiser::arena
