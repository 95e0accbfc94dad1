// The tunable weights of the 2016 static evaluation (EVAL-2016.md, "Terms and
// default weights"), in ev units (1/10000 of a Pawn).
//
// The defaults reproduce the MIT 6.172 Fall 2016 reference engine exactly.
// kWeightSpecs describes each weight as a UCI option (lower-case name, default,
// range) so the UCI layer can list and set them without knowing the terms.
// RANDOMIZE is deliberately absent: the reference's noise depends on a glibc
// rand_r seed shared with the search and cannot be reproduced here.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <string_view>

namespace leiser::search::eval {

// MATERIAL per Pawn. Fixed (not an option): a Pawn = 100 cp = 10000 ev.
inline constexpr int kPawnEvValue = 10000;

struct EvalWeights {
  int pbetween = 2000;
  int pcentral = 500;
  int kface = 5000;
  int kaggressive = 26000;
  int hattack = 900;
  int mobility = 400;
  int pawnpin = 4000;

  friend constexpr bool operator==(const EvalWeights&, const EvalWeights&) = default;
};

// One weight as a UCI option. `field` lets generic code read and write it.
struct WeightSpec {
  std::string_view name;  // the `setoption` name, lower case as in the spec
  int default_value;
  int min;
  int max;
  int EvalWeights::*field;
};

inline constexpr std::array<WeightSpec, 7> kWeightSpecs = {{
    {"pbetween", 2000, -10000, 10000, &EvalWeights::pbetween},
    {"pcentral", 500, -10000, 10000, &EvalWeights::pcentral},
    {"kface", 5000, 0, 10000, &EvalWeights::kface},
    {"kaggressive", 26000, 0, 30000, &EvalWeights::kaggressive},
    {"hattack", 900, 0, 10000, &EvalWeights::hattack},
    {"mobility", 400, 0, 10000, &EvalWeights::mobility},
    {"pawnpin", 4000, 0, 10000, &EvalWeights::pawnpin},
}};

// The member initialisers above and the table must agree; checked here so the
// two cannot drift apart.
constexpr bool weight_defaults_agree() {
  const EvalWeights defaults{};
  for (const WeightSpec& spec : kWeightSpecs) {
    if (defaults.*spec.field != spec.default_value) return false;
    if (spec.default_value < spec.min || spec.default_value > spec.max) return false;
  }
  return true;
}
static_assert(weight_defaults_agree(), "EvalWeights defaults disagree with kWeightSpecs");

// The spec entry for a name (ASCII case-insensitive, as UCI option names are
// usually matched), or nullptr when there is no such weight.
constexpr const WeightSpec* find_weight(std::string_view name) {
  auto lower = [](char ch) {
    return (ch >= 'A' && ch <= 'Z') ? static_cast<char>(ch - 'A' + 'a') : ch;
  };
  for (const WeightSpec& spec : kWeightSpecs) {
    if (spec.name.size() != name.size()) continue;
    bool same = true;
    for (std::size_t i = 0; i < name.size() && same; ++i) same = lower(name[i]) == spec.name[i];
    if (same) return &spec;
  }
  return nullptr;
}

// Sets a weight, clamping to its range as the reference `setoption` does.
constexpr void set_weight(EvalWeights& weights, const WeightSpec& spec, int value) {
  weights.*spec.field = std::clamp(value, spec.min, spec.max);
}

// By name; returns false (and changes nothing) for an unknown name.
constexpr bool set_weight(EvalWeights& weights, std::string_view name, int value) {
  const WeightSpec* spec = find_weight(name);
  if (spec == nullptr) return false;
  set_weight(weights, *spec, value);
  return true;
}

constexpr int get_weight(const EvalWeights& weights, const WeightSpec& spec) {
  return weights.*spec.field;
}

}  // namespace leiser::search::eval
