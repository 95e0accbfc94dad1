#include "nnue/network.h"

#include <bit>
#include <cstring>
#include <random>

#include "kernel/read_file.h"

namespace leiser::nnue {
namespace {

std::uint32_t edition_tag(kernel::Edition e) { return e == kernel::Edition::k2016 ? 2016 : 2018; }

// Little-endian reads over the file's bytes; the caller has checked the length.
class Reader {
 public:
  explicit Reader(std::span<const std::uint8_t> bytes) : bytes_(bytes) {}

  std::uint32_t u32() {
    std::uint32_t v = 0;
    for (int i = 0; i < 4; ++i) v |= static_cast<std::uint32_t>(bytes_[at_ + i]) << (8 * i);
    at_ += 4;
    return v;
  }
  std::int32_t i32() { return static_cast<std::int32_t>(u32()); }
  std::int16_t i16() {
    const auto v = static_cast<std::uint16_t>(bytes_[at_] | (bytes_[at_ + 1] << 8));
    at_ += 2;
    return static_cast<std::int16_t>(v);
  }
  // A whole tensor at once: on a little-endian machine the file's bytes are
  // the tensor's, and one copy replaces a loop over about 136,000 values.
  template <class T>
  void fill(AlignedVector<T>& tensor) {
    if constexpr (std::endian::native == std::endian::little) {
      const std::size_t n = tensor.size() * sizeof(T);
      std::memcpy(tensor.data(), bytes_.data() + at_, n);
      at_ += n;
    } else {
      for (T& x : tensor) {
        if constexpr (sizeof(T) == 2)
          x = i16();
        else
          x = i32();
      }
    }
  }
  std::string text(std::size_t n) {
    std::string s(reinterpret_cast<const char*>(bytes_.data() + at_), n);
    at_ += n;
    return s;
  }

 private:
  std::span<const std::uint8_t> bytes_;
  std::size_t at_ = 0;
};

class Writer {
 public:
  explicit Writer(std::size_t size) { bytes_.reserve(size); }

  void u32(std::uint32_t v) {
    for (int i = 0; i < 4; ++i) bytes_.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
  }
  void i32(std::int32_t v) { u32(static_cast<std::uint32_t>(v)); }
  void i16(std::int16_t v) {
    const auto u = static_cast<std::uint16_t>(v);
    bytes_.push_back(static_cast<std::uint8_t>(u));
    bytes_.push_back(static_cast<std::uint8_t>(u >> 8));
  }
  // A whole tensor at once where the machine's byte order is the file's (see
  // Reader::fill).
  template <class T>
  void put(const AlignedVector<T>& tensor) {
    if constexpr (std::endian::native == std::endian::little) {
      const auto* first = reinterpret_cast<const std::uint8_t*>(tensor.data());
      bytes_.insert(bytes_.end(), first, first + tensor.size() * sizeof(T));
    } else {
      for (T x : tensor) {
        if constexpr (sizeof(T) == 2)
          i16(x);
        else
          i32(x);
      }
    }
  }
  void text(std::string_view s) { bytes_.insert(bytes_.end(), s.begin(), s.end()); }
  std::vector<std::uint8_t>& bytes() { return bytes_; }

 private:
  std::vector<std::uint8_t> bytes_;
};

kernel::Error error(std::string message) {
  return kernel::Error{"net file: " + std::move(message)};
}

// The first int32 bias outside [-kBiasLimit, kBiasLimit], if any, as a message.
std::string bias_problem(const Network& net) {
  auto check = [](const char* name, std::span<const std::int32_t> biases) -> std::string {
    for (std::size_t i = 0; i < biases.size(); ++i)
      if (biases[i] < -kBiasLimit || biases[i] > kBiasLimit)
        return std::string(name) + "[" + std::to_string(i) + "] = " + std::to_string(biases[i]) +
               " is outside [-2^30, 2^30]";
    return {};
  };
  std::string problem = check("l1_biases", net.l1_biases);
  if (problem.empty()) problem = check("l2_biases", net.l2_biases);
  if (problem.empty()) problem = check("out_bias", std::span<const std::int32_t>(&net.out_bias, 1));
  return problem;
}

}  // namespace

std::uint32_t fnv1a32(std::span<const std::uint8_t> bytes) {
  std::uint32_t hash = 2166136261u;
  for (std::uint8_t b : bytes) hash = (hash ^ b) * 16777619u;
  return hash;
}

kernel::Expected<Network> parse_network(std::span<const std::uint8_t> bytes) {
  if (bytes.size() < kNetHeaderBytes)
    return error("truncated: " + std::to_string(bytes.size()) + " bytes, shorter than the " +
                 std::to_string(kNetHeaderBytes) + "-byte header");
  if (std::memcmp(bytes.data(), kNetMagic.data(), kNetMagic.size()) != 0)
    return error("bad magic (not a LEISNNUE file)");
  Reader reader(bytes.subspan(kNetMagic.size()));
  const std::uint32_t version = reader.u32();
  if (version != kNetFormatVersion)
    return error("unsupported format version " + std::to_string(version) + " (expected " +
                 std::to_string(kNetFormatVersion) + ")");
  const std::uint32_t edition = reader.u32();
  if (edition != 2016 && edition != 2018)
    return error("bad edition " + std::to_string(edition) + " (expected 2016 or 2018)");
  const std::uint32_t architecture = reader.u32();
  if (architecture != kArchitectureHash)
    return error("architecture hash " + std::to_string(architecture) +
                 " does not match this engine's " + std::to_string(kArchitectureHash) +
                 " (a network of another shape)");
  const std::uint32_t description_length = reader.u32();
  if (description_length > kMaxDescriptionLength)
    return error("description of " + std::to_string(description_length) + " bytes is longer than " +
                 std::to_string(kMaxDescriptionLength));
  const std::size_t expected =
      kNetHeaderBytes + description_length + kNetTensorBytes + kNetChecksumBytes;
  if (bytes.size() < expected)
    return error("truncated: " + std::to_string(bytes.size()) + " bytes, expected " +
                 std::to_string(expected));
  if (bytes.size() > expected)
    return error(std::to_string(bytes.size() - expected) +
                 " extra bytes after the checksum (expected " + std::to_string(expected) +
                 " bytes)");
  const std::uint32_t checksum = fnv1a32(bytes.first(expected - kNetChecksumBytes));
  const std::uint32_t stored = Reader(bytes.subspan(expected - kNetChecksumBytes)).u32();
  if (checksum != stored)
    return error("checksum mismatch (stored " + std::to_string(stored) + ", computed " +
                 std::to_string(checksum) + "): the file is damaged");

  Network net;
  net.edition = edition == 2016 ? kernel::Edition::k2016 : kernel::Edition::k2018;
  net.description = reader.text(description_length);
  reader.fill(net.ft_weights);
  reader.fill(net.ft_biases);
  reader.fill(net.l1_weights);
  reader.fill(net.l1_biases);
  reader.fill(net.l2_weights);
  reader.fill(net.l2_biases);
  reader.fill(net.out_weights);
  net.out_bias = reader.i32();
  if (std::string problem = bias_problem(net); !problem.empty())
    return error("bias out of range: " + problem);
  return net;
}

kernel::Expected<Network> load_network(const std::string& path) {
  // No valid net is larger, and a path to something endless (EvalFile
  // /dev/zero) must not be read until memory runs out.
  constexpr std::size_t kMaxNetFileBytes =
      kNetHeaderBytes + kMaxDescriptionLength + kNetTensorBytes + kNetChecksumBytes;
  const kernel::Expected<std::string> bytes = kernel::read_file(path, kMaxNetFileBytes);
  if (!bytes) return kernel::Error{bytes.error()};
  kernel::Expected<Network> net =
      parse_network(std::span(reinterpret_cast<const std::uint8_t*>(bytes->data()), bytes->size()));
  if (!net) return kernel::Error{path + ": " + net.error()};
  return net;
}

std::vector<std::uint8_t> serialize_network(const Network& net) {
  Writer out(kNetHeaderBytes + net.description.size() + kNetTensorBytes + kNetChecksumBytes);
  out.text(kNetMagic);
  out.u32(kNetFormatVersion);
  out.u32(edition_tag(net.edition));
  out.u32(kArchitectureHash);
  out.u32(static_cast<std::uint32_t>(net.description.size()));
  out.text(net.description);
  out.put(net.ft_weights);
  out.put(net.ft_biases);
  out.put(net.l1_weights);
  out.put(net.l1_biases);
  out.put(net.l2_weights);
  out.put(net.l2_biases);
  out.put(net.out_weights);
  out.i32(net.out_bias);
  out.u32(fnv1a32(out.bytes()));
  return std::move(out.bytes());
}

Network random_network(kernel::Edition edition, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  // Uniform in [lo, hi], by modulo (not std::uniform_int_distribution, whose
  // output differs between standard libraries).
  auto uniform = [&rng](int lo, int hi) {
    return lo + static_cast<int>(rng() % static_cast<std::uint64_t>(hi - lo + 1));
  };
  Network net;
  net.edition = edition;
  net.description = "random_network(" + std::string(kernel::edition_name(edition)) + ", " +
                    std::to_string(seed) + ")";
  // Positions have 10 to 40 pieces: a bias around 50 plus that many columns
  // of spread 14 leaves the accumulator spread around 0..127 (on random
  // games about a fifth of the values at 0, a tenth at 127).
  for (auto& w : net.ft_weights) w = static_cast<std::int16_t>(uniform(-24, 24));
  for (auto& b : net.ft_biases) b = static_cast<std::int16_t>(uniform(20, 80));
  // 256 inputs of typical size 40: sums of some ten thousands, shifted by 10.
  for (auto& w : net.l1_weights) w = static_cast<std::int16_t>(uniform(-256, 256));
  for (auto& b : net.l1_biases) b = uniform(-32000, 64000);
  for (auto& w : net.l2_weights) w = static_cast<std::int16_t>(uniform(-512, 512));
  for (auto& b : net.l2_biases) b = uniform(-16000, 48000);
  for (auto& w : net.out_weights) w = static_cast<std::int16_t>(uniform(-512, 512));
  net.out_bias = uniform(-32000, 32000);
  return net;
}

}  // namespace leiser::nnue
