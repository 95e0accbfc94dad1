// A network's parameters (nnue/README.md, "Network") and its file format
// (nnue/README.md, "Net file").
//
// Network is a plain value: copyable, comparable, each tensor in storage
// aligned to 64 bytes, so that a feature column or an l1 row (256 and 512
// bytes) never straddles more cache lines than it must. The engine keeps one
// std::shared_ptr<const Network> per edition.
#pragma once

#include <cstddef>
#include <cstdint>
#include <new>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "kernel/edition.h"
#include "kernel/expected.h"
#include "nnue/features.h"

namespace leiser::nnue {

// std::allocator with 64-byte alignment (a cache line, one AVX-512 vector).
template <class T>
struct AlignedAllocator {
  using value_type = T;
  static constexpr std::align_val_t kAlignment{64};

  AlignedAllocator() = default;
  template <class U>
  constexpr AlignedAllocator(const AlignedAllocator<U>&) noexcept {}  // NOLINT: rebinding

  T* allocate(std::size_t n) { return static_cast<T*>(::operator new(n * sizeof(T), kAlignment)); }
  void deallocate(T* p, std::size_t) noexcept { ::operator delete(p, kAlignment); }

  template <class U>
  friend constexpr bool operator==(const AlignedAllocator&, const AlignedAllocator<U>&) {
    return true;
  }
};

template <class T>
using AlignedVector = std::vector<T, AlignedAllocator<T>>;

// The text whose FNV-1a hash every net file carries: a file made for another
// architecture is refused.
inline constexpr std::string_view kArchitectureText =
    "leiser-nnue features=1024 ft=128 l1=16 l2=32 out=1 wscale=1024 v2";

// FNV-1a, 32 bits: the net file's checksum (of a file's bytes, out of line:
// fuzz builds leave it untraced, see fuzz/coverage-ignorelist.txt) and the
// architecture hash (of a text, at compile time).
std::uint32_t fnv1a32(std::span<const std::uint8_t> bytes);
constexpr std::uint32_t fnv1a32(std::string_view text) {
  std::uint32_t hash = 2166136261u;
  for (char c : text) hash = (hash ^ static_cast<std::uint8_t>(c)) * 16777619u;
  return hash;
}
inline constexpr std::uint32_t kArchitectureHash = fnv1a32(kArchitectureText);

inline constexpr std::string_view kNetMagic = "LEISNNUE";
inline constexpr std::uint32_t kNetFormatVersion = 1;
inline constexpr std::size_t kMaxDescriptionLength = 4096;
// No int32 bias may lie outside [-kBiasLimit, kBiasLimit] (then no int32 sum
// of the inference can overflow; nnue/README.md, step 5).
inline constexpr std::int32_t kBiasLimit = 1 << 30;

struct Network {
  kernel::Edition edition = kernel::kDefaultEdition;
  std::string description;
  // Shapes and scales: nnue/README.md. Row-major: ft_weights[f * 128 + j],
  // l1_weights[i * 256 + k], l2_weights[i * 16 + k].
  AlignedVector<std::int16_t> ft_weights =
      AlignedVector<std::int16_t>(kFeatureCount * kHalfDimensions);
  AlignedVector<std::int16_t> ft_biases = AlignedVector<std::int16_t>(kHalfDimensions);
  AlignedVector<std::int16_t> l1_weights = AlignedVector<std::int16_t>(kL1Outputs * kL1Inputs);
  AlignedVector<std::int32_t> l1_biases = AlignedVector<std::int32_t>(kL1Outputs);
  AlignedVector<std::int16_t> l2_weights = AlignedVector<std::int16_t>(kL2Outputs * kL1Outputs);
  AlignedVector<std::int32_t> l2_biases = AlignedVector<std::int32_t>(kL2Outputs);
  AlignedVector<std::int16_t> out_weights = AlignedVector<std::int16_t>(kL2Outputs);
  std::int32_t out_bias = 0;

  // The feature transformer's column for feature f: 128 int16, 64-byte aligned.
  const std::int16_t* feature_column(int f) const {
    return ft_weights.data() + f * kHalfDimensions;
  }

  friend bool operator==(const Network&, const Network&) = default;
};

// Bytes of a net file besides the description: header, tensors, checksum.
inline constexpr std::size_t kNetHeaderBytes = 8 + 4 * 4;
inline constexpr std::size_t kNetTensorBytes =
    2 * (kFeatureCount * kHalfDimensions + kHalfDimensions + kL1Outputs * kL1Inputs +
         kL2Outputs * kL1Outputs + kL2Outputs) +
    4 * (kL1Outputs + kL2Outputs + 1);
inline constexpr std::size_t kNetChecksumBytes = 4;

// Reads a net file's bytes. Every way a file can be wrong has its own
// message: magic, version, edition, architecture hash, description length,
// truncation, extra bytes, checksum, a bias out of range.
kernel::Expected<Network> parse_network(std::span<const std::uint8_t> bytes);
// Reads a net file; a file that cannot be read, or parse_network's message,
// prefixed with the path.
kernel::Expected<Network> load_network(const std::string& path);
// The file's bytes (serialize_network then parse_network gives the network
// back, if its description and biases are in range).
std::vector<std::uint8_t> serialize_network(const Network& net);

// A deterministic network for tests and benchmarks, with magnitudes like a
// trained one's: on real positions the accumulator and hidden layers are
// partly clipped at 0, partly at 127, partly in between, and evaluations
// spread over a few hundred centipawns.
Network random_network(kernel::Edition edition, std::uint64_t seed);

}  // namespace leiser::nnue
