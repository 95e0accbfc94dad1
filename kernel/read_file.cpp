#include "kernel/read_file.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "kernel/quote.h"

namespace leiser::kernel {

namespace {

std::string size_text(std::size_t bytes) {
  if (bytes >= (std::size_t{1} << 20) && bytes % (std::size_t{1} << 20) == 0)
    return std::to_string(bytes >> 20) + " MiB";
  return std::to_string(bytes) + " bytes";
}

}  // namespace

Expected<std::string> read_file(const std::string& path, std::size_t max_bytes) {
  std::error_code ec;
  // An ifstream opens a directory and then reads nothing from it, which
  // would pass for an empty file.
  if (std::filesystem::is_directory(path, ec))
    return Error{"cannot read " + quote(path) + ": it is a directory"};
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error{"cannot open " + quote(path) + ": " + std::strerror(errno)};
  std::string bytes;
  // A regular file says its size: one allocation instead of doublings.
  if (const auto size = std::filesystem::file_size(path, ec); !ec)
    bytes.reserve(std::min<std::uintmax_t>(size, max_bytes));
  std::array<char, 1 << 16> chunk;
  // In chunks, not by the file's size: a device or a pipe has none.
  while (in.read(chunk.data(), chunk.size()) || in.gcount() > 0) {
    bytes.append(chunk.data(), static_cast<std::size_t>(in.gcount()));
    if (bytes.size() > max_bytes)
      return Error{quote(path) + " holds more than " + size_text(max_bytes) +
                   ", more than such a file can be"};
  }
  if (in.bad()) return Error{"cannot read " + quote(path) + ": read error"};
  return bytes;
}

}  // namespace leiser::kernel
