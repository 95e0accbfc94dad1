// Training data for the network: the `.bin` files `leiserchess gendata`
// writes and nnue/train/ reads (format: nnue/README.md, "Training data").
// A file is a header and whole games of fixed-size records; the writer appends
// one game at a time, so a file cut short loses at most its last game.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "kernel/board.h"
#include "kernel/edition.h"
#include "kernel/expected.h"
#include "kernel/piece.h"

namespace leiser::nnue {

inline constexpr std::size_t kDataHeaderSize = 32;
inline constexpr std::size_t kDataRecordSize = 48;
inline constexpr std::uint32_t kDataVersion = 1;

struct TrainingRecord {
  kernel::Board board;
  std::uint32_t game = 0;
  std::int16_t score_cp = 0;  // the search's score, side to move's view
  std::int8_t result = 0;     // +1 the side to move won, 0 draw, -1 lost
  kernel::Color side_to_move = kernel::Color::kTangerine;

  friend bool operator==(const TrainingRecord&, const TrainingRecord&) = default;
};

std::array<std::uint8_t, kDataHeaderSize> encode_data_header(kernel::Edition edition);
std::array<std::uint8_t, kDataRecordSize> encode_record(const TrainingRecord& record);
// A record's bytes back; an error for a side-to-move byte other than 0 or 1,
// a result outside -1..1, or overlapping colour planes.
kernel::Expected<TrainingRecord> decode_record(
    std::span<const std::uint8_t, kDataRecordSize> bytes);

// What an existing file holds, for appending to it.
struct DataFileSummary {
  kernel::Edition edition = kernel::kDefaultEdition;
  std::uint64_t records = 0;            // whole records
  std::uint64_t trailing_bytes = 0;     // of a record cut short at the end
  std::set<std::uint32_t> games;        // indices of the games present
  std::uint32_t last_game = 0;          // the game of the final record (records > 0)
  std::uint64_t last_game_records = 0;  // how many records at the end belong to it
};

// Reads a whole file's header and records (an error names the problem: not
// a data file, another version or record size, a bad record and its number).
kernel::Expected<DataFileSummary> summarize_data_file(const std::string& path);
// Reads every record (tests, tools).
kernel::Expected<std::vector<TrainingRecord>> read_data_file(const std::string& path);

}  // namespace leiser::nnue
