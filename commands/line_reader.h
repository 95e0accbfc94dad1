// Reading the protocol's input line by line without trusting its size: a
// line is kept up to a limit and the rest of it is skipped, so that a client
// (or a fuzzer) sending gigabytes without a newline cannot exhaust memory.
#pragma once

#include <cstddef>
#include <istream>
#include <string>

namespace leiser::commands {

// More than any command needs: `position ... moves` of the longest possible
// game (the 50-move rule ends any game within about 1,500 plies) is < 12 KB.
inline constexpr std::size_t kMaxLineBytes = 1 << 20;

struct InputLine {
  std::string text;           // without "\n" or "\r\n"; cut at the limit when too long
  std::size_t full_size = 0;  // the line's length before cutting
  bool too_long() const { return full_size > text.size(); }
};

// Reads the next line; false at the end of input when nothing is left. A last
// line without a newline is still a line.
bool read_line(std::istream& in, InputLine& line, std::size_t max_bytes = kMaxLineBytes);

}  // namespace leiser::commands
