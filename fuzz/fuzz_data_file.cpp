// The NNUE training data reader (nnue/training_data.cpp, what `gendata`
// reads to resume a file) on arbitrary bytes. Either both readers accept the
// file and agree (the summary counts the records read; every record encodes
// back to its own bytes), or both refuse it with one short printable line.
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "fuzz/fuzz_check.h"
#include "fuzz/memory_file.h"
#include "nnue/training_data.h"

using namespace leiser;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static fuzz::MemoryFile file;
  const std::string path = file.write(data, size);
  const auto summary = nnue::summarize_data_file(path);
  const auto records = nnue::read_data_file(path);
  FUZZ_CHECK(summary.has_value() == records.has_value(),
             "the two readers disagree on whether the file is good");
  if (!summary.has_value()) {
    fuzz::check_message(summary.error());
    fuzz::check_message(records.error());
    return 0;
  }
  const auto& s = summary.value();
  const auto& r = records.value();
  FUZZ_CHECK(s.records == r.size(), "summary and reader count different records");
  FUZZ_CHECK(size == nnue::kDataHeaderSize + s.records * nnue::kDataRecordSize + s.trailing_bytes,
             "header, records and trailing bytes do not add up to the file");
  for (std::size_t i = 0; i < r.size(); ++i) {
    const auto bytes = nnue::encode_record(r[i]);
    FUZZ_CHECK(std::memcmp(bytes.data(), data + nnue::kDataHeaderSize + i * nnue::kDataRecordSize,
                           bytes.size()) == 0,
               "a record does not encode back to its own bytes");
    FUZZ_CHECK(s.games.count(r[i].game) == 1, "a record's game is missing from the summary");
  }
  if (!r.empty())
    FUZZ_CHECK(s.last_game == r.back().game, "the summary's last game is not the last record's");
  return 0;
}
