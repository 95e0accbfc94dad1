// kernel::read_file: a file's exact bytes, and a one-line error (never a
// hang, never a read without end) for what cannot be such a file.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <string>

#include "kernel/read_file.h"

namespace leiser::kernel {
namespace {

std::filesystem::path write_temp(const std::string& name, const std::string& bytes) {
  const auto path = std::filesystem::path(::testing::TempDir()) / name;
  std::ofstream(path, std::ios::binary) << bytes;
  return path;
}

std::string random_bytes(std::size_t count, unsigned seed) {
  std::mt19937 rng(seed);
  std::string bytes(count, '\0');
  for (char& b : bytes) b = static_cast<char>(rng() & 0xff);  // NULs and newlines included
  return bytes;
}

void expect_one_line(const std::string& message) {
  EXPECT_FALSE(message.empty());
  EXPECT_EQ(message.find('\n'), std::string::npos) << message;
}

TEST(ReadFile, ReturnsEveryByteOfAFileLongerThanOneChunk) {
  const std::string bytes = random_bytes(200'001, 1);
  const auto path = write_temp("read_file_bytes.bin", bytes);
  const auto read = read_file(path.string(), bytes.size());  // exactly at the limit
  std::filesystem::remove(path);
  ASSERT_TRUE(read.has_value()) << read.error();
  EXPECT_EQ(*read, bytes);
}

TEST(ReadFile, AnEmptyFileIsEmpty) {
  const auto path = write_temp("read_file_empty.txt", "");
  const auto read = read_file(path.string(), 10);
  std::filesystem::remove(path);
  ASSERT_TRUE(read.has_value()) << read.error();
  EXPECT_TRUE(read->empty());
}

TEST(ReadFile, OneByteOverTheLimitIsAnError) {
  const auto path = write_temp("read_file_big.bin", random_bytes(1001, 2));
  const auto read = read_file(path.string(), 1000);
  std::filesystem::remove(path);
  ASSERT_FALSE(read.has_value());
  expect_one_line(read.error());
  EXPECT_NE(read.error().find("more than 1000 bytes"), std::string::npos) << read.error();
  EXPECT_NE(read.error().find("read_file_big.bin"), std::string::npos) << read.error();
}

TEST(ReadFile, AnEndlessDeviceStopsAtTheLimit) {
  if (!std::filesystem::exists("/dev/zero")) GTEST_SKIP() << "no /dev/zero";
  const auto read = read_file("/dev/zero", std::size_t{1} << 20);
  ASSERT_FALSE(read.has_value());
  expect_one_line(read.error());
  EXPECT_EQ(read.error(), "'/dev/zero' holds more than 1 MiB, more than such a file can be");
}

TEST(ReadFile, AMissingFileAndADirectoryAreNamed) {
  const std::string missing = ::testing::TempDir() + "read_file_no_such_file";
  const auto none = read_file(missing, 100);
  ASSERT_FALSE(none.has_value());
  expect_one_line(none.error());
  EXPECT_EQ(none.error(), "cannot open '" + missing + "': No such file or directory");

  const auto folder = read_file(::testing::TempDir(), 100);
  ASSERT_FALSE(folder.has_value());
  expect_one_line(folder.error());
  EXPECT_NE(folder.error().find("it is a directory"), std::string::npos) << folder.error();
}

TEST(ReadFile, ControlBytesInThePathAreEscapedInTheMessage) {
  const auto none = read_file(
      "no\nsuch\x1b"
      "file",
      100);
  ASSERT_FALSE(none.has_value());
  expect_one_line(none.error());
  EXPECT_NE(none.error().find("'no\\nsuch\\x1bfile'"), std::string::npos) << none.error();
}

}  // namespace
}  // namespace leiser::kernel
