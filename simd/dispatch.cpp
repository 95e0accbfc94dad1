// The implementation table and the choice of the active one. Built for the
// baseline: it only calls the AVX2/AVX-512 instantiations, it never compiles
// them (they are `extern template` here, see simd/batch_ops.h). The table's
// rows are generated from the op list, LEISER_SIMD_BATCH_OPS.
#include "simd/dispatch.h"

#include <array>
#include <atomic>
#include <cstdio>
#include <cstdlib>

namespace leiser::simd {

namespace {

#if LEISER_SIMD_X86
template <class Arch>
constexpr Implementation vector_implementation(std::string_view name, std::string_view description,
                                               FeatureSet required, std::size_t lanes) {
#define LEISER_SIMD_VECTOR_ENTRY(name, Name, Return, Params) &Name##Vector<Arch>::run,
  return Implementation{name, description, required, lanes,
                        LEISER_SIMD_BATCH_OPS(LEISER_SIMD_VECTOR_ENTRY)};
#undef LEISER_SIMD_VECTOR_ENTRY
}

constexpr Implementation kAvx512 = vector_implementation<xsimd::avx512bw>(
    "avx512", "AVX-512 F/BW/DQ/VL/CD + AVX2, BMI1/2, LZCNT; 8 bitboards per vector",
    kFeaturesAvx512Implementation, 8);
constexpr Implementation kAvx2 = vector_implementation<xsimd::avx2>(
    "avx2", "AVX2, BMI1/2, LZCNT, POPCNT; 4 bitboards per vector", kFeaturesAvx2Implementation, 4);
#endif

#define LEISER_SIMD_SCALAR_ENTRY(name, Name, Return, Params) &scalar::name,
constexpr Implementation kScalar{"scalar", "portable C++, the reference", 0, 1,
                                 LEISER_SIMD_BATCH_OPS(LEISER_SIMD_SCALAR_ENTRY)};
#undef LEISER_SIMD_SCALAR_ENTRY

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
