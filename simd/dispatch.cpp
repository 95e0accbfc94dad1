// The implementation table and the choice of the active one. Built for the
// baseline: it only calls the AVX2/AVX-512 instantiations, it never compiles
// them (they are `extern template` here, see simd/kernels.h).
#include "simd/dispatch.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cassert>
#include <cstdio>
#include <cstdlib>

namespace leiser::simd {

namespace {

#if LEISER_SIMD_X86
template <class Arch>
void trace_lasers_vec(const kernel::Board* boards, const kernel::Color* shooters,
                      kernel::LaserTrace* out, std::size_t count) {
  TraceLasersKernel{}(Arch{}, boards, shooters, out, count);
}
template <class Arch>
void destination_sets_vec(const Bitboard* pieces, const Bitboard* targets, DirectionSets* out,
                          std::size_t count) {
  DestinationSetsKernel{}(Arch{}, pieces, targets, out, count);
}
template <class Arch>
std::size_t touches_path_vec(const kernel::Move* moves, std::size_t count, Bitboard path,
                             std::uint8_t* out) {
  return TouchesPathKernel{}(Arch{}, moves, count, path, out);
}
template <class Arch>
void beam_fills_vec(const Bitboard* sources, const Bitboard* empty, BeamSets* out,
                    std::size_t count) {
  BeamFillsKernel{}(Arch{}, sources, empty, out, count);
}

template <class Arch>
void lcoverage_beams_vec(const kernel::Board& board, kernel::Color c, const LcoverageLane* lanes,
                         std::size_t count, std::uint16_t* dist, Bitboard* reached) {
  LcoverageBeamsKernel{}(Arch{}, board, c, lanes, count, dist, reached);
}

template <class Arch>
void beam_squares_vec(const kernel::Board* boards, const kernel::Color* shooters,
                      BeamSquares* out, std::size_t count) {
  BeamSquaresKernel{}(Arch{}, boards, shooters, out, count);
}

template <class Arch>
constexpr Implementation vector_implementation(std::string_view name, std::string_view description,
                                               FeatureSet required, std::size_t lanes) {
  return Implementation{name,
                        description,
                        required,
                        lanes,
                        &trace_lasers_vec<Arch>,
                        &destination_sets_vec<Arch>,
                        &touches_path_vec<Arch>,
                        &beam_fills_vec<Arch>,
                        &lcoverage_beams_vec<Arch>,
                        &beam_squares_vec<Arch>};
}

constexpr Implementation kAvx512 = vector_implementation<xsimd::avx512bw>(
    "avx512", "AVX-512 F/BW/DQ/VL + BMI2, 8 bitboards per vector", kFeaturesAvx512Kernels, 8);
constexpr Implementation kAvx2 = vector_implementation<xsimd::avx2>(
    "avx2", "AVX2 + BMI2, 4 bitboards per vector", kFeaturesAvx2Kernels, 4);
#endif

constexpr Implementation kScalar{"scalar",
                                 "portable C++, the reference",
                                 0,
                                 1,
                                 &scalar::trace_lasers,
                                 &scalar::destination_sets,
                                 &scalar::touches_path,
                                 &scalar::beam_fills,
                                 &scalar::lcoverage_beams,
                                 &scalar::beam_squares};

constexpr std::array kAll = {
#if LEISER_SIMD_X86
    &kAvx512, &kAvx2,
#endif
    &kScalar};

const Implementation* best_for(FeatureSet features) {
  for (const Implementation* impl : kAll)
    if (impl->supported_by(features)) return impl;
  return &kScalar;
}

std::string known_names() {
  std::string names;
  for (const Implementation* impl : kAll) {
    if (!names.empty()) names += ", ";
    names += impl->name;
  }
  return names;
}

struct Startup {
  const Implementation* chosen;
  std::string note;
};

Startup choose_at_startup() {
  const FeatureSet features = cpu_features();
  const char* env = std::getenv("LEISER_SIMD");
  if (env == nullptr || *env == '\0') return {best_for(features), ""};
  std::string error;
  if (const Implementation* impl = choose(env, features, &error))
    return {impl, "LEISER_SIMD=" + std::string(env) + ": using " + std::string(impl->name)};
  const Implementation* best = best_for(features);
  Startup s{best, "LEISER_SIMD=" + std::string(env) + ": " + error + "; using " +
                      std::string(best->name)};
  std::fprintf(stderr, "leiserchess: %s\n", s.note.c_str());
  return s;
}

const Startup& startup() {
  static const Startup s = choose_at_startup();
  return s;
}

std::atomic<const Implementation*>& active_slot() {
  static std::atomic<const Implementation*> slot{startup().chosen};
  return slot;
}

// Chosen during static initialisation, so "at start-up"; active_slot()
// initialises itself if someone asks earlier.
[[maybe_unused]] const bool kChosenAtStartup = (active_slot(), true);

}  // namespace

void Implementation::trace_lasers(std::span<const kernel::Board> boards,
                                  std::span<const kernel::Color> shooters,
                                  std::span<kernel::LaserTrace> out) const {
  assert(shooters.size() >= boards.size() && out.size() >= boards.size());
  const std::size_t n = std::min({boards.size(), shooters.size(), out.size()});
  trace_lasers_fn(boards.data(), shooters.data(), out.data(), n);
}

void Implementation::destination_sets(std::span<const Bitboard> pieces,
                                      std::span<const Bitboard> targets,
                                      std::span<DirectionSets> out) const {
  assert(targets.size() >= pieces.size() && out.size() >= pieces.size());
  const std::size_t n = std::min({pieces.size(), targets.size(), out.size()});
  destination_sets_fn(pieces.data(), targets.data(), out.data(), n);
}

std::size_t Implementation::touches_path(std::span<const kernel::Move> moves, Bitboard path,
                                         std::span<std::uint8_t> out) const {
  assert(out.size() >= moves.size());
  const std::size_t n = std::min(moves.size(), out.size());
  return touches_path_fn(moves.data(), n, path, out.data());
}

void Implementation::beam_fills(std::span<const Bitboard> sources, std::span<const Bitboard> empty,
                                std::span<BeamSets> out) const {
  assert(empty.size() >= sources.size() && out.size() >= sources.size());
  const std::size_t n = std::min({sources.size(), empty.size(), out.size()});
  beam_fills_fn(sources.data(), empty.data(), out.data(), n);
}

void Implementation::beam_squares(std::span<const kernel::Board> boards,
                                  std::span<const kernel::Color> shooters,
                                  std::span<BeamSquares> out) const {
  assert(shooters.size() >= boards.size() && out.size() >= boards.size());
  const std::size_t n = std::min({boards.size(), shooters.size(), out.size()});
  beam_squares_fn(boards.data(), shooters.data(), out.data(), n);
}

std::span<const Implementation* const> all_implementations() { return kAll; }

std::vector<const Implementation*> supported() {
  std::vector<const Implementation*> list;
  for (const Implementation* impl : kAll)
    if (impl->supported_by(cpu_features())) list.push_back(impl);
  return list;
}

const Implementation* find(std::string_view name) {
  for (const Implementation* impl : kAll)
    if (impl->name == name) return impl;
  return nullptr;
}

const Implementation* choose(std::string_view request, FeatureSet features, std::string* error) {
  if (request == "auto" || request.empty()) return best_for(features);
  const Implementation* impl = find(request);
  std::string why;
  if (impl == nullptr) {
    why = "unknown SIMD implementation '" + std::string(request) + "' (known: " + known_names() +
          ", auto)";
  } else if (!impl->supported_by(features)) {
    why = "this CPU cannot run SIMD implementation '" + std::string(request) + "': it lacks " +
          feature_names(impl->required & ~features);
    impl = nullptr;
  }
  if (error) *error = why;
  return impl;
}

const Implementation& active() { return *active_slot().load(std::memory_order_acquire); }

std::string select(std::string_view name) {
  std::string error;
  const Implementation* impl = choose(name, cpu_features(), &error);
  if (impl) active_slot().store(impl, std::memory_order_release);
  return error;
}

std::string_view startup_note() { return startup().note; }

}  // namespace leiser::simd
