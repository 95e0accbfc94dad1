// Reading a whole input file (a net, a list of FENs, an opening book, a
// tactics file) with a ceiling on its size. Paths come from users and
// protocol lines: `setoption name EvalFile value /dev/zero`, or a pipe that
// never closes, would otherwise be read until memory runs out, and the
// engine would stop answering. Past the ceiling the read ends with a one-line
// error instead.
#pragma once

#include <cstddef>
#include <string>

#include "kernel/expected.h"

namespace leiser::kernel {

// Text files the engine reads (FEN lists, opening books, tactics files).
inline constexpr std::size_t kMaxTextFileBytes = std::size_t{64} << 20;

// The bytes of the file at `path`, or an error naming it: it cannot be
// opened, is a directory, fails to read, or holds more than `max_bytes`.
Expected<std::string> read_file(const std::string& path, std::size_t max_bytes);

}  // namespace leiser::kernel
