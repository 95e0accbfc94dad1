// nnue/network.h: the net file's round trip, and each way a file can be
// wrong refused with its own message.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "nnue/default_nets.h"
#include "nnue/network.h"
#include "nnue/training_data.h"

namespace leiser::nnue {
namespace {

using Bytes = std::vector<std::uint8_t>;

constexpr std::size_t kDescriptionOffset = 24;

void put_u32(Bytes& bytes, std::size_t at, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) bytes[at + i] = static_cast<std::uint8_t>(v >> (8 * i));
}
std::uint32_t get_u32(const Bytes& bytes, std::size_t at) {
  std::uint32_t v = 0;
  for (int i = 0; i < 4; ++i) v |= std::uint32_t{bytes[at + i]} << (8 * i);
  return v;
}
// Recomputes the checksum after a deliberate change, so that the reader
// reaches the check under test.
void reseal(Bytes& bytes) {
  std::uint32_t hash = 2166136261u;
  for (std::size_t i = 0; i + 4 < bytes.size(); ++i) hash = (hash ^ bytes[i]) * 16777619u;
  put_u32(bytes, bytes.size() - 4, hash);
}

std::string parse_error(const Bytes& bytes) {
  auto net = parse_network(bytes);
  EXPECT_FALSE(net.has_value());
  return net ? std::string("(parsed)") : net.error();
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// The nets built into the program (nnue/nets/): each edition's bytes parse
// to a network of that edition, or there are none. The project ships a
// 2016 net (perf-reports/nnue.md).
TEST(NnueDefaultNets, BuiltInNetsParseForTheirEdition) {
  for (const kernel::Edition edition : {kernel::Edition::k2016, kernel::Edition::k2018}) {
    const auto net = default_network(edition);
    EXPECT_EQ(default_net_bytes(edition).empty(), net == nullptr) << kernel::edition_name(edition);
    if (net) {
      EXPECT_EQ(net->edition, edition);
      EXPECT_EQ(serialize_network(*net).size(), default_net_bytes(edition).size());
    }
  }
  ASSERT_NE(default_network(kernel::Edition::k2016), nullptr)
      << "nnue/nets/2016.nnue was not built in";
}

TEST(NnueNetwork, ArchitectureHashIsTheFnv1aOfTheContractText) {
  // Computed independently (Python) from the text in nnue/README.md.
  EXPECT_EQ(kArchitectureHash, 0x5142F84Du);
  EXPECT_EQ(fnv1a32(std::string_view("")), 2166136261u);
  EXPECT_EQ(fnv1a32(std::string_view("a")), 0xE40C292Cu);  // the published FNV-1a test value
}

TEST(NnueNetwork, TheChecksumOfBytesIsTheFnv1aOfText) {
  // The file checksum (bytes, out of line) and the architecture hash (text,
  // constexpr) are two functions; published FNV-1a test values for both.
  auto bytes_of = [](std::string_view text) {
    return Bytes(reinterpret_cast<const std::uint8_t*>(text.data()),
                 reinterpret_cast<const std::uint8_t*>(text.data()) + text.size());
  };
  EXPECT_EQ(fnv1a32(std::span<const std::uint8_t>(bytes_of(""))), 2166136261u);
  EXPECT_EQ(fnv1a32(std::span<const std::uint8_t>(bytes_of("a"))), 0xE40C292Cu);
  EXPECT_EQ(fnv1a32(std::span<const std::uint8_t>(bytes_of("foobar"))), 0xBF9CF968u);
  EXPECT_EQ(fnv1a32(std::string_view("foobar")), 0xBF9CF968u);
  EXPECT_EQ(fnv1a32(std::span<const std::uint8_t>(bytes_of(kArchitectureText))), kArchitectureHash);
}

TEST(NnueNetwork, RoundTrip) {
  for (kernel::Edition e : {kernel::Edition::k2016, kernel::Edition::k2018}) {
    const Network net = random_network(e, 5);
    const Bytes bytes = serialize_network(net);
    EXPECT_EQ(bytes.size(),
              kNetHeaderBytes + net.description.size() + kNetTensorBytes + kNetChecksumBytes);
    EXPECT_EQ(std::string(bytes.begin(), bytes.begin() + 8), "LEISNNUE");
    EXPECT_EQ(get_u32(bytes, 8), 1u);
    EXPECT_EQ(get_u32(bytes, 12), e == kernel::Edition::k2016 ? 2016u : 2018u);
    EXPECT_EQ(get_u32(bytes, 16), 0x5142F84Du);
    EXPECT_EQ(get_u32(bytes, 20), net.description.size());
    // The first ft weight follows the description, little-endian int16.
    const std::size_t tensors = kDescriptionOffset + net.description.size();
    EXPECT_EQ(static_cast<std::int16_t>(bytes[tensors] | (bytes[tensors + 1] << 8)),
              net.ft_weights[0]);
    auto parsed = parse_network(bytes);
    ASSERT_TRUE(parsed.has_value()) << parsed.error();
    EXPECT_EQ(*parsed, net);
    EXPECT_EQ(parsed->edition, e);
  }
  EXPECT_NE(random_network(kernel::Edition::k2018, 5), random_network(kernel::Edition::k2018, 6));
  EXPECT_EQ(random_network(kernel::Edition::k2018, 5), random_network(kernel::Edition::k2018, 5));
}

TEST(NnueNetwork, RoundTripOfExtremeValues) {
  Network net = random_network(kernel::Edition::k2016, 1);
  net.description = std::string(kMaxDescriptionLength, 'x');
  net.ft_weights.front() = -32768;
  net.ft_weights.back() = 32767;
  net.l1_biases[0] = -kBiasLimit;
  net.l2_biases[31] = kBiasLimit;
  net.out_bias = -kBiasLimit;
  auto parsed = parse_network(serialize_network(net));
  ASSERT_TRUE(parsed.has_value()) << parsed.error();
  EXPECT_EQ(*parsed, net);
}

TEST(NnueNetwork, LoadsFromAFile) {
  const Network net = random_network(kernel::Edition::k2018, 9);
  const std::filesystem::path path = std::filesystem::temp_directory_path() /
                                     ("nnue_test_" + std::to_string(::getpid()) + ".nnue");
  {
    const Bytes bytes = serialize_network(net);
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes.data()),
              static_cast<std::streamsize>(bytes.size()));
  }
  auto loaded = load_network(path.string());
  std::filesystem::remove(path);
  ASSERT_TRUE(loaded.has_value()) << loaded.error();
  EXPECT_EQ(*loaded, net);

  auto missing = load_network(path.string());
  ASSERT_FALSE(missing.has_value());
  EXPECT_TRUE(contains(missing.error(), path.string())) << missing.error();
  EXPECT_TRUE(contains(missing.error(), "cannot open")) << missing.error();
}

class NnueNetworkCorruption : public ::testing::Test {
 protected:
  Network net = random_network(kernel::Edition::k2018, 3);
  Bytes good = serialize_network(net);
};

TEST_F(NnueNetworkCorruption, ChecksumByte) {
  Bytes bytes = good;
  ASSERT_FALSE(bytes.empty());
  bytes[bytes.size() - 1] ^= 0x01;
  EXPECT_TRUE(contains(parse_error(bytes), "checksum mismatch"));
}

TEST_F(NnueNetworkCorruption, PayloadByte) {
  for (std::size_t at :
       {kDescriptionOffset, kDescriptionOffset + net.description.size() + 1000, good.size() - 5}) {
    Bytes bytes = good;
    bytes[at] ^= 0x40;
    EXPECT_TRUE(contains(parse_error(bytes), "checksum mismatch")) << at;
  }
}

TEST_F(NnueNetworkCorruption, Truncated) {
  for (std::size_t size : {std::size_t{0}, std::size_t{10}, std::size_t{23}, std::size_t{24},
                           good.size() - 1, good.size() / 2}) {
    const Bytes bytes(good.begin(), good.begin() + static_cast<std::ptrdiff_t>(size));
    EXPECT_TRUE(contains(parse_error(bytes), "truncated")) << size;
  }
}

TEST_F(NnueNetworkCorruption, ExtraBytes) {
  Bytes bytes = good;
  bytes.push_back(0);
  EXPECT_TRUE(contains(parse_error(bytes), "1 extra bytes"));
}

TEST_F(NnueNetworkCorruption, Magic) {
  Bytes bytes = good;
  bytes[0] = 'X';
  reseal(bytes);
  EXPECT_TRUE(contains(parse_error(bytes), "bad magic"));
}

TEST_F(NnueNetworkCorruption, Version) {
  Bytes bytes = good;
  put_u32(bytes, 8, 2);
  reseal(bytes);
  EXPECT_TRUE(contains(parse_error(bytes), "unsupported format version 2"));
}

TEST_F(NnueNetworkCorruption, Edition) {
  Bytes bytes = good;
  put_u32(bytes, 12, 2017);
  reseal(bytes);
  EXPECT_TRUE(contains(parse_error(bytes), "bad edition 2017"));
}

TEST_F(NnueNetworkCorruption, ArchitectureHash) {
  Bytes bytes = good;
  put_u32(bytes, 16, kArchitectureHash ^ 1);
  reseal(bytes);
  EXPECT_TRUE(contains(parse_error(bytes), "architecture hash"));
}

TEST_F(NnueNetworkCorruption, DescriptionTooLong) {
  Network long_net = net;
  long_net.description = std::string(kMaxDescriptionLength + 1, 'd');
  EXPECT_TRUE(contains(parse_error(serialize_network(long_net)),
                       "description of 4097 bytes is longer than 4096"));
  // The length field alone says so, before any length check of the file.
  Bytes bytes = good;
  put_u32(bytes, 20, 0xFFFFFFFFu);
  EXPECT_TRUE(contains(parse_error(bytes), "longer than 4096"));
}

TEST_F(NnueNetworkCorruption, BiasOutOfRange) {
  {
    Network bad = net;
    bad.l1_biases[7] = kBiasLimit + 1;
    EXPECT_TRUE(contains(parse_error(serialize_network(bad)), "bias out of range: l1_biases[7]"));
  }
  {
    Network bad = net;
    bad.l2_biases[0] = -kBiasLimit - 1;
    EXPECT_TRUE(contains(parse_error(serialize_network(bad)), "bias out of range: l2_biases[0]"));
  }
  {
    Network bad = net;
    bad.out_bias = INT32_MIN;
    EXPECT_TRUE(contains(parse_error(serialize_network(bad)), "bias out of range: out_bias"));
  }
}

}  // namespace
}  // namespace leiser::nnue

namespace leiser::nnue {
namespace {

// Readers stop at the header of something that is not their file: /dev/zero
// (a path to something endless) used to be read until memory ran out.
TEST(NnueFiles, AnEndlessDeviceIsRejectedAtItsHeader) {
  if (!std::filesystem::exists("/dev/zero")) GTEST_SKIP() << "no /dev/zero";
  const auto net = load_network("/dev/zero");
  ASSERT_FALSE(net.has_value());
  EXPECT_NE(net.error().find("'/dev/zero' holds more than"), std::string::npos) << net.error();
  const auto data = summarize_data_file("/dev/zero");
  ASSERT_FALSE(data.has_value());
  EXPECT_EQ(data.error(), "'/dev/zero' is not a training data file (no LEISDATA header)");
}

// The body of a data file is read in blocks of 64 KiB: a file of several
// blocks and a partial one comes back whole, record for record, and a stray
// tail and a header cut short are reported as such.
TEST(NnueFiles, ADataFileOfSeveralReadBlocksIsReadWhole) {
  const std::string path = (std::filesystem::temp_directory_path() /
                            ("leiser_data_" + std::to_string(::getpid()) + ".bin"))
                               .string();
  constexpr std::uint32_t kRecords = 50'000;  // 2.4 MB of records, 37 blocks
  {
    std::ofstream out(path, std::ios::binary);
    const auto header = encode_data_header(kernel::Edition::k2018);
    out.write(reinterpret_cast<const char*>(header.data()),
              static_cast<std::streamsize>(header.size()));
    for (std::uint32_t i = 0; i < kRecords; ++i) {
      TrainingRecord record;
      record.game = i / 100;
      record.score_cp = static_cast<std::int16_t>(i % 1000);
      const auto bytes = encode_record(record);
      out.write(reinterpret_cast<const char*>(bytes.data()),
                static_cast<std::streamsize>(bytes.size()));
    }
  }
  const auto records = read_data_file(path);
  ASSERT_TRUE(records.has_value()) << records.error();
  ASSERT_EQ(records->size(), kRecords);
  for (std::uint32_t i = 0; i < kRecords; i += 997) {
    EXPECT_EQ((*records)[i].game, i / 100);
    EXPECT_EQ((*records)[i].score_cp, static_cast<std::int16_t>(i % 1000));
  }
  EXPECT_EQ(records->back().game, (kRecords - 1) / 100);
  {
    std::ofstream out(path, std::ios::binary | std::ios::app);
    out.write("tail!", 5);
  }
  const auto summary = summarize_data_file(path);
  ASSERT_TRUE(summary.has_value()) << summary.error();
  EXPECT_EQ(summary->edition, kernel::Edition::k2018);
  EXPECT_EQ(summary->records, kRecords);
  EXPECT_EQ(summary->trailing_bytes, 5u);
  EXPECT_EQ(summary->games.size(), kRecords / 100);
  EXPECT_EQ(summary->last_game_records, 100u);
  {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    const auto header = encode_data_header(kernel::Edition::k2016);
    out.write(reinterpret_cast<const char*>(header.data()), 12);
  }
  const auto cut = summarize_data_file(path);
  ASSERT_FALSE(cut.has_value());
  EXPECT_EQ(cut.error(), "'" + path + "' is not a training data file (its header is cut short)");
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace leiser::nnue
