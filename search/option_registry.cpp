#include "search/option_registry.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <stdexcept>

#include "kernel/quote.h"

namespace leiser::search {
namespace {

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// Option names match in any case and with `_` and ` ` alike, so that each
// option answers to both naming styles (option_registry.h).
char name_char(char c) {
  return c == '_' ? ' ' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
}

bool same_name(std::string_view a, std::string_view b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                    [](char x, char y) { return name_char(x) == name_char(y); });
}

// Combo choices match in any case only.
bool same_choice(std::string_view a, std::string_view b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](char x, char y) {
    return std::tolower(static_cast<unsigned char>(x)) ==
           std::tolower(static_cast<unsigned char>(y));
  });
}

// Error messages name the option in lower case, as the user may have typed it
// in any case.
std::string refusal(const std::string& name, const std::string& why) {
  return "option " + lower(name) + " " + why;
}

// "a", "a or b", "a, b or c".
std::string one_of(const std::vector<std::string>& choices) {
  std::string out;
  for (std::size_t i = 0; i < choices.size(); ++i) {
    if (i > 0) out += i + 1 == choices.size() ? " or " : ", ";
    out += choices[i];
  }
  return out;
}

}  // namespace

std::string_view option_type_name(OptionType type) {
  switch (type) {
    case OptionType::kSpin:
      return "spin";
    case OptionType::kCheck:
      return "check";
    case OptionType::kCombo:
      return "combo";
    case OptionType::kString:
      return "string";
    case OptionType::kButton:
      return "button";
  }
  return "string";
}

namespace detail {

Option make_spin(std::string name, int default_value, int min, int max,
                 std::function<OptionError(int)> on_change) {
  Option option{name, OptionType::kSpin, std::to_string(default_value), min, max, {}, {}};
  option.set = [name, min, max,
                on_change = std::move(on_change)](std::string_view text) -> OptionError {
    long long value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    // Digits too many for a long long are a number out of range, not "not an integer".
    if (end != text.data() + text.size() ||
        (ec != std::errc() && ec != std::errc::result_out_of_range))
      return refusal(name, "expects an integer, got " + kernel::quote(text));
    if (ec == std::errc::result_out_of_range || value < min || value > max)
      return refusal(name, "value " + kernel::quote(text) + " out of range " + std::to_string(min) +
                               ".." + std::to_string(max));
    return on_change(static_cast<int>(value));
  };
  return option;
}

Option make_check(std::string name, bool default_value,
                  std::function<OptionError(bool)> on_change) {
  Option option{name, OptionType::kCheck, default_value ? "true" : "false", 0, 0, {}, {}};
  option.set = [name, on_change = std::move(on_change)](std::string_view text) -> OptionError {
    const std::string value = lower(text);
    if (value == "true" || value == "1" || value == "on") return on_change(true);
    if (value == "false" || value == "0" || value == "off") return on_change(false);
    return refusal(name, "expects true or false, got " + kernel::quote(text));
  };
  return option;
}

Option make_combo(std::string name, std::string default_value, std::vector<std::string> choices,
                  std::function<OptionError(std::string_view)> on_change) {
  Option option{name, OptionType::kCombo, std::move(default_value), 0, 0, choices, {}};
  option.set = [name, choices,
                on_change = std::move(on_change)](std::string_view text) -> OptionError {
    for (const std::string& choice : choices)
      if (same_choice(choice, text)) return on_change(choice);
    return refusal(name, "expects " + one_of(choices) + ", got " + kernel::quote(text));
  };
  return option;
}

Option make_button(std::string name, std::function<OptionError()> on_press) {
  Option option{std::move(name), OptionType::kButton, "", 0, 0, {}, {}};
  option.set = [on_press = std::move(on_press)](std::string_view) { return on_press(); };
  return option;
}

Option make_string(std::string name, std::string default_value,
                   std::function<OptionError(std::string_view)> on_change) {
  Option option{std::move(name), OptionType::kString, std::move(default_value), 0, 0, {}, {}};
  option.set = std::move(on_change);
  return option;
}

}  // namespace detail

void OptionRegistry::add(Option option, std::vector<std::string> aliases) {
  if (find(option.name))
    throw std::invalid_argument("option " + kernel::quote(option.name) + " is declared twice");
  for (const std::string& alias : aliases)
    if (find(alias) || same_name(alias, option.name))
      throw std::invalid_argument("alias " + kernel::quote(alias) + " of option " +
                                  kernel::quote(option.name) + " is taken");
  if (!option.set)
    throw std::invalid_argument("option " + kernel::quote(option.name) + " has no action");
  options_.push_back(std::move(option));
  aliases_.push_back(std::move(aliases));
}

const Option* OptionRegistry::find(std::string_view name) const {
  for (std::size_t i = 0; i < options_.size(); ++i) {
    if (same_name(options_[i].name, name)) return &options_[i];
    for (const std::string& alias : aliases_[i])
      if (same_name(alias, name)) return &options_[i];
  }
  return nullptr;
}

std::vector<std::string> OptionRegistry::aliases(std::string_view name) const {
  const Option* option = find(name);
  return option ? aliases_[static_cast<std::size_t>(option - options_.data())]
                : std::vector<std::string>{};
}

OptionError OptionRegistry::set(std::string_view name, std::string_view value) const {
  const Option* option = find(name);
  if (!option) return "unknown option " + kernel::quote(name);
  return option->set(value);
}

std::string listing_line(const Option& option) {
  std::string line =
      "option name " + option.name + " type " + std::string(option_type_name(option.type));
  // A button has no value, so UCI gives it no default.
  if (option.type != OptionType::kButton) line += " default " + option.default_value;
  if (option.type == OptionType::kSpin)
    line += " min " + std::to_string(option.min) + " max " + std::to_string(option.max);
  for (const std::string& choice : option.choices) line += " var " + choice;
  return line;
}

}  // namespace leiser::search
