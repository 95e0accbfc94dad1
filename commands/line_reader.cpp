#include "commands/line_reader.h"

#include <algorithm>
#include <array>

namespace leiser::commands {

bool read_line(std::istream& in, InputLine& line, std::size_t max_bytes) {
  line.text.clear();
  line.full_size = 0;
  if (!in.good()) return false;
  std::array<char, 4096> chunk;
  bool extracted_any = false;
  const auto keep = [&](std::size_t count) {
    line.full_size += count;
    if (line.text.size() < max_bytes)
      line.text.append(chunk.data(), std::min(count, max_bytes - line.text.size()));
  };
  while (true) {
    // getline into a fixed buffer stops at the newline (extracted and
    // counted, not stored), at the end of input, or with the buffer full
    // (failbit, the newline not met yet).
    in.getline(chunk.data(), static_cast<std::streamsize>(chunk.size()));
    const auto count = static_cast<std::size_t>(in.gcount());
    extracted_any = extracted_any || count > 0;
    if (in.eof()) {  // the last line, without a newline (or nothing at all)
      keep(count);
      break;
    }
    if (!in.fail()) {  // the newline
      keep(count - 1);
      break;
    }
    if (in.bad() || count + 1 != chunk.size()) break;  // a read error: no more input
    keep(count);                                       // the buffer was full: the line goes on
    in.clear();
  }
  if (!line.too_long() && !line.text.empty() && line.text.back() == '\r') {
    line.text.pop_back();
    --line.full_size;
  }
  return extracted_any;
}

}  // namespace leiser::commands
