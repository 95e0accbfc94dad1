// The two rule editions this project implements (RULES.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace leiser::kernel {

// 2018 is the default edition. 2016 differs in movement (shifts swap with any
// piece, null move), pins, and multi-zap lasers.
enum class Edition : std::uint8_t { k2016, k2018 };
inline constexpr Edition kDefaultEdition = Edition::k2018;

constexpr std::string_view edition_name(Edition e) { return e == Edition::k2016 ? "2016" : "2018"; }

constexpr std::optional<Edition> parse_edition(std::string_view text) {
  if (text == "2016") return Edition::k2016;
  if (text == "2018") return Edition::k2018;
  return std::nullopt;
}

// The start position of each edition, in FEN.
constexpr std::string_view start_fen(Edition e) {
  return e == Edition::k2016 ? "ss3nw3/3nw4/2nw1nw3/1nw3SE1SE/nw1nw3SE1/3SE1SE2/4SE3/3SE3NN W"
                             : "ss7/3nwse3/2nwse4/1nwse3NW1/1se3NWSE1/4NWSE2/3NWSE3/7NN W";
}

// PROTOCOL.md "endgame": the two Kings alone in opposite corners.
inline constexpr std::string_view kEndgameFen = "ss7/8/8/8/8/8/8/7NN W";

}  // namespace leiser::kernel
