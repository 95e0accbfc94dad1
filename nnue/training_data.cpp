#include "nnue/training_data.h"

#include <array>
#include <bit>
#include <cstring>
#include <fstream>

namespace leiser::nnue {

namespace {

constexpr char kMagic[8] = {'L', 'E', 'I', 'S', 'D', 'A', 'T', 'A'};

// Little-endian stores and loads, whatever the host's byte order.
template <typename T>
void store_le(std::uint8_t* at, T value) {
  using U = std::make_unsigned_t<T>;
  auto bits = static_cast<U>(value);
  for (std::size_t i = 0; i < sizeof(T); ++i) at[i] = static_cast<std::uint8_t>(bits >> (8 * i));
}

template <typename T>
T load_le(const std::uint8_t* at) {
  using U = std::make_unsigned_t<T>;
  U bits = 0;
  for (std::size_t i = 0; i < sizeof(T); ++i)
    bits |= static_cast<U>(static_cast<U>(at[i]) << (8 * i));
  return static_cast<T>(bits);
}

std::uint32_t edition_year(kernel::Edition edition) {
  return edition == kernel::Edition::k2016 ? 2016 : 2018;
}

}  // namespace

std::array<std::uint8_t, kDataHeaderSize> encode_data_header(kernel::Edition edition) {
  std::array<std::uint8_t, kDataHeaderSize> header{};
  std::memcpy(header.data(), kMagic, sizeof kMagic);
  store_le<std::uint32_t>(header.data() + 8, kDataVersion);
  store_le<std::uint32_t>(header.data() + 12, edition_year(edition));
  store_le<std::uint32_t>(header.data() + 16, static_cast<std::uint32_t>(kDataRecordSize));
  return header;
}

std::array<std::uint8_t, kDataRecordSize> encode_record(const TrainingRecord& record) {
  std::array<std::uint8_t, kDataRecordSize> bytes{};
  const kernel::Board& b = record.board;
  store_le<std::uint64_t>(bytes.data() + 0, b.by_color[0]);
  store_le<std::uint64_t>(bytes.data() + 8, b.by_color[1]);
  store_le<std::uint64_t>(bytes.data() + 16, b.kings);
  store_le<std::uint64_t>(bytes.data() + 24, b.orientation_low);
  store_le<std::uint64_t>(bytes.data() + 32, b.orientation_high);
  store_le<std::uint32_t>(bytes.data() + 40, record.game);
  store_le<std::int16_t>(bytes.data() + 44, record.score_cp);
  store_le<std::int8_t>(bytes.data() + 46, record.result);
  bytes[47] = static_cast<std::uint8_t>(kernel::index_of(record.side_to_move));
  return bytes;
}

kernel::Expected<TrainingRecord> decode_record(
    std::span<const std::uint8_t, kDataRecordSize> bytes) {
  TrainingRecord record;
  kernel::Board& b = record.board;
  b.by_color[0] = load_le<std::uint64_t>(bytes.data() + 0);
  b.by_color[1] = load_le<std::uint64_t>(bytes.data() + 8);
  b.kings = load_le<std::uint64_t>(bytes.data() + 16);
  b.orientation_low = load_le<std::uint64_t>(bytes.data() + 24);
  b.orientation_high = load_le<std::uint64_t>(bytes.data() + 32);
  record.game = load_le<std::uint32_t>(bytes.data() + 40);
  record.score_cp = load_le<std::int16_t>(bytes.data() + 44);
  record.result = load_le<std::int8_t>(bytes.data() + 46);
  if (bytes[47] > 1)
    return kernel::Error{"side to move byte " + std::to_string(bytes[47]) + " (0 or 1)"};
  record.side_to_move = static_cast<kernel::Color>(bytes[47]);
  if (record.result < -1 || record.result > 1)
    return kernel::Error{"result " + std::to_string(record.result) + " (-1, 0 or 1)"};
  if (b.by_color[0] & b.by_color[1]) return kernel::Error{"a square holds pieces of both colours"};
  const kernel::Bitboard empty = ~b.occupied();
  if ((b.kings | b.orientation_low | b.orientation_high) & empty)
    return kernel::Error{"King or orientation bits on an empty square"};
  return record;
}

namespace {

kernel::Expected<std::vector<std::uint8_t>> read_bytes(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  if (!file) return kernel::Error{"cannot read '" + path + "'"};
  // The magic first: a path to something endless (/dev/zero) or to a large
  // file of another kind is rejected without reading it all. check_header
  // then checks the rest of the header.
  std::vector<std::uint8_t> bytes(sizeof kMagic);
  file.read(reinterpret_cast<char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  if (static_cast<std::size_t>(file.gcount()) != bytes.size() ||
      std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0)
    return kernel::Error{"'" + path + "' is not a training data file (no LEISDATA header)"};
  // The rest in blocks through a buffer: a data file holds millions of
  // records, which an istreambuf_iterator range appends one byte at a time,
  // and growing the vector by a zeroed block per read cost short files
  // (fuzz_data_file: 3000 inputs took 27 s with 1 MiB blocks, 1 s before).
  std::array<char, 64 * 1024> block;
  while (file) {
    file.read(block.data(), static_cast<std::streamsize>(block.size()));
    bytes.insert(bytes.end(), block.data(), block.data() + file.gcount());
  }
  if (file.bad()) return kernel::Error{"error reading '" + path + "'"};
  return bytes;
}

// Checks the header after the magic, which read_bytes has checked; the
// edition it names.
kernel::Expected<kernel::Edition> check_header(const std::vector<std::uint8_t>& bytes,
                                               const std::string& path) {
  if (bytes.size() < kDataHeaderSize)
    return kernel::Error{"'" + path + "' is not a training data file (its header is cut short)"};
  const auto version = load_le<std::uint32_t>(bytes.data() + 8);
  if (version != kDataVersion)
    return kernel::Error{"'" + path + "' is data format version " + std::to_string(version) +
                         ", expected " + std::to_string(kDataVersion)};
  const auto year = load_le<std::uint32_t>(bytes.data() + 12);
  if (year != 2016 && year != 2018)
    return kernel::Error{"'" + path + "' names edition " + std::to_string(year) +
                         " (2016 or 2018)"};
  const auto record_size = load_le<std::uint32_t>(bytes.data() + 16);
  if (record_size != kDataRecordSize)
    return kernel::Error{"'" + path + "' has records of " + std::to_string(record_size) +
                         " bytes, expected " + std::to_string(kDataRecordSize)};
  return year == 2016 ? kernel::Edition::k2016 : kernel::Edition::k2018;
}

template <typename Visit>
kernel::Expected<DataFileSummary> walk(const std::string& path, Visit&& visit) {
  auto bytes = read_bytes(path);
  if (!bytes) return kernel::Error{bytes.error()};
  auto edition = check_header(*bytes, path);
  if (!edition) return kernel::Error{edition.error()};
  DataFileSummary summary;
  summary.edition = *edition;
  const std::size_t body = bytes->size() - kDataHeaderSize;
  summary.records = body / kDataRecordSize;
  summary.trailing_bytes = body % kDataRecordSize;
  for (std::uint64_t i = 0; i < summary.records; ++i) {
    const std::span<const std::uint8_t, kDataRecordSize> at(
        bytes->data() + kDataHeaderSize + i * kDataRecordSize, kDataRecordSize);
    auto record = decode_record(at);
    if (!record)
      return kernel::Error{"'" + path + "' record " + std::to_string(i) + ": " + record.error()};
    summary.games.insert(record->game);
    if (i > 0 && record->game == summary.last_game) {
      ++summary.last_game_records;
    } else {
      summary.last_game = record->game;
      summary.last_game_records = 1;
    }
    visit(*record);
  }
  return summary;
}

}  // namespace

kernel::Expected<DataFileSummary> summarize_data_file(const std::string& path) {
  return walk(path, [](const TrainingRecord&) {});
}

kernel::Expected<std::vector<TrainingRecord>> read_data_file(const std::string& path) {
  std::vector<TrainingRecord> records;
  auto summary = walk(path, [&](const TrainingRecord& r) { records.push_back(r); });
  if (!summary) return kernel::Error{summary.error()};
  return records;
}

}  // namespace leiser::nnue
