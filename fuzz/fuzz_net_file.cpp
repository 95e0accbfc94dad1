// The NNUE net file reader (nnue/network.cpp, what `setoption name EvalFile`
// loads) on arbitrary bytes, two ways, chosen by the input's first byte:
//   even  the rest of the input is the file, as it stands;
//   odd   the rest is a list of edits to a valid file of a random network
//         (3-byte offset, 1-byte xor; then, if bit 1 of the first byte is
//         set, a cut to a 3-byte length), after which the checksum is made
//         right again, so that mutations reach past the checksum into the
//         fields it protects (edition, hash, description length, biases).
// Either the network loads, its evaluations of game boards equal between the
// incremental and the from-scratch accumulator and its serialised bytes read
// back as the same network; or the reader returns one short printable line.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "fuzz/fuzz_check.h"
#include "fuzz/memory_file.h"
#include "kernel/random_boards.h"
#include "nnue/accumulator.h"
#include "nnue/inference.h"
#include "nnue/network.h"

using namespace leiser;

namespace {

const std::vector<std::uint8_t>& valid_file(kernel::Edition edition) {
  static const std::vector<std::uint8_t> files[2] = {
      nnue::serialize_network(nnue::random_network(kernel::Edition::k2016, 1)),
      nnue::serialize_network(nnue::random_network(kernel::Edition::k2018, 2))};
  return files[edition == kernel::Edition::k2016 ? 0 : 1];
}

std::uint32_t read24(const std::uint8_t* p) {
  return p[0] | (p[1] << 8) | (std::uint32_t{p[2]} << 16);
}

// The file with the edits of `input` applied and its checksum recomputed, in
// a buffer kept from input to input (a fresh 272 KB one costs page faults).
const std::vector<std::uint8_t>& edited_file(std::uint8_t mode,
                                             std::span<const std::uint8_t> input) {
  static std::vector<std::uint8_t> file;
  const std::vector<std::uint8_t>& valid =
      valid_file(mode & 4 ? kernel::Edition::k2018 : kernel::Edition::k2016);
  file.assign(valid.begin(), valid.end());
  std::size_t cut = file.size();
  if ((mode & 2) && input.size() >= 3) {
    cut = read24(input.data()) % (file.size() + 1);
    input = input.subspan(3);
  }
  for (; input.size() >= 4; input = input.subspan(4))
    file[read24(input.data()) % file.size()] ^= input[3];
  file.resize(cut);
  if (file.size() >= nnue::kNetChecksumBytes) {
    const std::size_t body = file.size() - nnue::kNetChecksumBytes;
    const std::uint32_t sum = nnue::fnv1a32(std::span<const std::uint8_t>(file).first(body));
    for (std::size_t i = 0; i < 4; ++i) file[body + i] = static_cast<std::uint8_t>(sum >> (8 * i));
  }
  return file;
}

void check_network(const nnue::Network& net) {
  static const auto samples = kernel::random_boards::game_samples(net.edition, 24, 7, 40);
  nnue::Accumulator previous, incremental, fresh;
  bool have_previous = false;
  for (const auto& sample : samples) {
    nnue::refresh(net, sample.board, fresh);
    const int from_scratch = nnue::evaluate(net, fresh, sample.shooter);
    if (have_previous) {
      nnue::update(net, previous, sample.board, incremental);
      FUZZ_CHECK(nnue::evaluate(net, incremental, sample.shooter) == from_scratch,
                 "incremental and fresh accumulators evaluate differently");
    }
    FUZZ_CHECK(from_scratch == nnue::evaluate_board(net, sample.board, sample.shooter),
               "evaluate_board differs from evaluate");
    previous = fresh;
    have_previous = true;
  }
  const auto again = nnue::parse_network(nnue::serialize_network(net));
  FUZZ_CHECK(again.has_value() && again.value() == net,
             "a loaded network does not survive a round trip");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::uint8_t mode = data[0];
  const std::span<const std::uint8_t> rest(data + 1, size - 1);
  static fuzz::MemoryFile file;
  std::string path;
  if (mode & 1) {
    const std::vector<std::uint8_t>& bytes = edited_file(mode, rest);
    path = file.write(bytes.data(), bytes.size());
  } else {
    path = file.write(rest.data(), rest.size());
  }
  const auto loaded = nnue::load_network(path);
  if (loaded.has_value())
    check_network(loaded.value());
  else
    fuzz::check_message(loaded.error());
  return 0;
}
