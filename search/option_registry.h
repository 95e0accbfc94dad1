// Options declared once: each has a name, a type, a default, a range or
// choices, and the action that setting it runs. Whoever lists or sets
// options (the protocol's `uci` and `setoption`, the command line's
// name=value arguments, the C API) reads them from a registry, so a new
// option is one declaration and its value is parsed in one place.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace leiser::search {

// The option types of the UCI convention the protocol follows.
enum class OptionType { kSpin, kCheck, kCombo, kString, kButton };

// "spin", "check", "combo", "string" or "button".
std::string_view option_type_name(OptionType type);

// Why a value was refused (for the user to read), or nothing.
using OptionError = std::optional<std::string>;

struct Option {
  std::string name;  // as listed; matched case-insensitively
  OptionType type = OptionType::kButton;
  std::string default_value;  // as listed; a button has none
  int min = 0;                // a spin's range
  int max = 0;
  std::vector<std::string> choices;  // a combo's values, in listing order
  // Parses `value` and runs the option's action with it. The factories below
  // write it; an option whose values only its action can judge (the SIMD
  // implementation, which knows more names than it lists) writes its own.
  std::function<OptionError(std::string_view value)> set;
};

namespace detail {
// An action may refuse a value (returning OptionError) or always take it
// (returning void); the factories accept both.
template <class Action, class... Args>
OptionError run_action(Action& action, Args&&... args) {
  if constexpr (std::is_void_v<std::invoke_result_t<Action&, Args...>>) {
    action(std::forward<Args>(args)...);
    return std::nullopt;
  } else {
    return action(std::forward<Args>(args)...);
  }
}

Option make_spin(std::string name, int default_value, int min, int max,
                 std::function<OptionError(int)> on_change);
Option make_check(std::string name, bool default_value, std::function<OptionError(bool)> on_change);
Option make_combo(std::string name, std::string default_value, std::vector<std::string> choices,
                  std::function<OptionError(std::string_view)> on_change);
Option make_button(std::string name, std::function<OptionError()> on_press);
Option make_string(std::string name, std::string default_value,
                   std::function<OptionError(std::string_view)> on_change);
}  // namespace detail

// An integer from min to max. Anything else is refused with "option <name>
// expects an integer, got '<value>'" or "option <name> value '<value>' out of
// range <min>..<max>" (digits too many for any integer are out of range).
template <class Action>
Option spin(std::string name, int default_value, int min, int max, Action on_change) {
  return detail::make_spin(std::move(name), default_value, min, max,
                           [action = std::move(on_change)](int value) mutable {
                             return detail::run_action(action, value);
                           });
}

// true/false, 1/0 or on/off in any case; anything else is refused with
// "option <name> expects true or false, got '<value>'".
template <class Action>
Option check(std::string name, bool default_value, Action on_change) {
  return detail::make_check(std::move(name), default_value,
                            [action = std::move(on_change)](bool value) mutable {
                              return detail::run_action(action, value);
                            });
}

// One of `choices`, in any case; the action gets the choice as declared.
// Anything else is refused with "option <name> expects a, b or c, got '<value>'".
template <class Action>
Option combo(std::string name, std::string default_value, std::vector<std::string> choices,
             Action on_change) {
  return detail::make_combo(std::move(name), std::move(default_value), std::move(choices),
                            [action = std::move(on_change)](std::string_view choice) mutable {
                              return detail::run_action(action, choice);
                            });
}

// Pressing it is the whole command: a value, if any, is ignored.
template <class Action>
Option button(std::string name, Action on_press) {
  return detail::make_button(std::move(name), [action = std::move(on_press)]() mutable {
    return detail::run_action(action);
  });
}

// Any text, as given.
template <class Action>
Option string_option(std::string name, std::string default_value, Action on_change) {
  return detail::make_string(std::move(name), std::move(default_value),
                             [action = std::move(on_change)](std::string_view value) mutable {
                               return detail::run_action(action, value);
                             });
}

// The options of one owner (an Engine, the protocol), in declaration order,
// which is the order `uci` lists them.
//
// Names: each option has one name, the one `uci` lists (UCI's and Stockfish's
// standard options keep their standard names, `Hash`, `Move Overhead`,
// `MultiPV`, which GUIs look for; the course protocol's and this project's
// are snake_case, `use_ko`, `exact_search`, as ../shared/PROTOCOL.md names
// them). Every option also answers to the other style's spelling: names match
// in any case and with `_` and ` ` alike (`move_overhead` is `Move Overhead`,
// `Exact Search` is `exact_search`), and an option may declare aliases for
// spellings that differ otherwise (`multi_pv` for `MultiPV`).
class OptionRegistry {
 public:
  // Throws std::invalid_argument if an option of that name or one of the
  // aliases (in any case, `_` as ` `) is already declared (the second would
  // never be reached), or if the option has no `set`.
  void add(Option option, std::vector<std::string> aliases = {});
  // The option called `name` or one of its aliases (in any case, `_` as ` `),
  // or nullptr.
  const Option* find(std::string_view name) const;
  // The aliases declared with the option called `name` (empty for none).
  std::vector<std::string> aliases(std::string_view name) const;
  // Sets the option found by `name` from the text `value`: why not ("unknown
  // option 'x'", a bad value, the action's refusal), or nothing.
  OptionError set(std::string_view name, std::string_view value) const;

  auto begin() const { return options_.begin(); }
  auto end() const { return options_.end(); }
  std::size_t size() const { return options_.size(); }

 private:
  std::vector<Option> options_;
  std::vector<std::vector<std::string>> aliases_;  // options_[i]'s aliases
};

// The option as `uci` lists it: "option name <name> type <type>", then
// " default <value>" (not for a button), " min <min> max <max>" for a spin
// and " var <choice>" for each choice of a combo.
std::string listing_line(const Option& option);

}  // namespace leiser::search
