#include "kernel/perft_table.h"

#include <sys/mman.h>

#include <bit>
#include <new>

namespace leiser::kernel {
namespace {

// The finaliser of MurmurHash3: every input bit flips each output bit with
// probability close to one half.
constexpr std::uint64_t mix(std::uint64_t x) {
  x ^= x >> 33;
  x *= 0xFF51AFD7ED558CCDULL;
  x ^= x >> 33;
  x *= 0xC4CEB9FE1A85EC53ULL;
  x ^= x >> 33;
  return x;
}

// Two chains over the same words with different seeds and different word
// constants: independent 64-bit hashes.
struct TwoHashes {
  std::uint64_t a = 0x243F6A8885A308D3ULL;  // digits of pi
  std::uint64_t b = 0x13198A2E03707344ULL;
  void add(std::uint64_t word) {
    a = mix(a ^ word);
    b = mix(b ^ (word * 0x9E3779B97F4A7C15ULL + 0x2545F4914F6CDD1DULL));
  }
  void add(const Board& board) {
    add(board.by_color[0]);
    add(board.by_color[1]);
    add(board.kings);
    add(board.orientation_low);
    add(board.orientation_high);
  }
};

constexpr std::uint64_t kDepthShift = 56;

}  // namespace

PerftKey perft_key(const Board& board, Color side_to_move, std::uint64_t salt) {
  TwoHashes h;
  h.add(salt ^ (side_to_move == Color::kLavender ? 0x5A5A5A5A00000001ULL : 0));
  h.add(board);
  return {h.a, h.b};
}

void PerftTable::Unmap::operator()(Bucket* buckets) const { ::munmap(buckets, bytes); }

PerftTable::PerftTable(std::size_t megabytes) : megabytes_(megabytes) {
  const std::size_t wanted = megabytes * 1024 * 1024 / sizeof(Bucket);
  const std::size_t count = std::bit_floor(wanted > 0 ? wanted : std::size_t{1});
  const std::size_t bytes = count * sizeof(Bucket);
  // Anonymous pages are zero (every entry empty) and cost nothing until
  // touched, so a table of gigabytes is ready at once.
  void* raw = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED) throw std::bad_alloc();
  // A hint only: huge pages spare a TLB miss on nearly every probe.
  ::madvise(raw, bytes, MADV_HUGEPAGE);
  buckets_ = std::unique_ptr<Bucket[], Unmap>(static_cast<Bucket*>(raw), Unmap{bytes});
  mask_ = count - 1;
}

std::optional<std::uint64_t> PerftTable::probe(const PerftKey& key, int depth) const {
  const Bucket& bucket = buckets_[key.slot & mask_];
  const std::uint64_t wanted_depth = static_cast<std::uint64_t>(depth) << kDepthShift;
  for (const Entry& e : bucket.entries) {
    const std::uint64_t data = e.data.load(std::memory_order_relaxed);
    if ((data & ~kMaxLeaves) != wanted_depth) continue;
    if ((e.check_xor_data.load(std::memory_order_relaxed) ^ data) == key.check)
      return data & kMaxLeaves;
  }
  return std::nullopt;
}

void PerftTable::store(const PerftKey& key, int depth, std::uint64_t leaves) {
  if (leaves > kMaxLeaves || depth <= 0 || depth > 255) return;  // does not fit: not kept
  Bucket& bucket = buckets_[key.slot & mask_];
  const std::uint64_t data = leaves | (static_cast<std::uint64_t>(depth) << kDepthShift);
  Entry* victim = &bucket.entries[0];
  std::uint64_t victim_depth = ~std::uint64_t{0};
  for (Entry& e : bucket.entries) {
    const std::uint64_t old = e.data.load(std::memory_order_relaxed);
    if (old == 0 ||
        (old == data && (e.check_xor_data.load(std::memory_order_relaxed) ^ old) == key.check)) {
      victim = &e;  // empty, or this very entry: take it
      break;
    }
    const std::uint64_t old_depth = old >> kDepthShift;
    if (old_depth < victim_depth) {
      victim = &e;
      victim_depth = old_depth;
    }
  }
  victim->check_xor_data.store(key.check ^ data, std::memory_order_relaxed);
  victim->data.store(data, std::memory_order_relaxed);
}

}  // namespace leiser::kernel
