// Quoting user input inside a one-line message. Error messages repeat the
// bad input so that the user sees what was read; but the input may be a
// 100 MB token or hold control bytes (a stray escape sequence, a NUL), and
// echoing it raw would make the "one line" message anything but that. So a
// quote shows at most a screenful of characters, escapes every byte that is
// not printable ASCII, and says how long the input really was when it is cut.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace leiser::kernel {

inline constexpr std::size_t kQuoteMaxChars = 80;

// Appends `byte` to `out`, escaped unless it is printable ASCII other than
// the backslash: \n \r \t \\ or \xHH.
inline void append_escaped(std::string& out, char byte) {
  const auto u = static_cast<unsigned char>(byte);
  switch (byte) {
    case '\n':
      out += "\\n";
      return;
    case '\r':
      out += "\\r";
      return;
    case '\t':
      out += "\\t";
      return;
    case '\\':
      out += "\\\\";
      return;
    default:
      break;
  }
  if (u >= 0x20 && u < 0x7f) {
    out.push_back(byte);
    return;
  }
  constexpr char kHex[] = "0123456789abcdef";
  out += "\\x";
  out.push_back(kHex[u >> 4]);
  out.push_back(kHex[u & 15]);
}

// 'text' in single quotes, escaped; longer than `max_chars` input bytes, it
// is cut there and followed by "... (N bytes)".
inline std::string quote(std::string_view text, std::size_t max_chars = kQuoteMaxChars) {
  std::string out(1, '\'');
  const std::size_t shown = text.size() <= max_chars ? text.size() : max_chars;
  for (std::size_t i = 0; i < shown; ++i) append_escaped(out, text[i]);
  out.push_back('\'');
  if (shown < text.size()) out += "... (" + std::to_string(text.size()) + " bytes)";
  return out;
}

}  // namespace leiser::kernel
