#include "search/tt.h"

#include <sys/mman.h>

#include <bit>
#include <cstdint>
#include <new>

namespace leiser::search {
namespace {

int depth_of(std::uint64_t data) { return static_cast<int>((data >> 32) & 0xFF); }
int generation_of(std::uint64_t data) { return static_cast<int>((data >> 42) & 63); }

// The libFuzzer build (-Dfuzzers=true) maps every table with 4 KiB pages. Its
// harnesses run under an RSS limit and start many short searches, some in
// tables of gigabytes: on huge pages each slot such a search touches commits
// 2 MiB, on small pages 4 KiB, which is what the limit is meant to watch.
#if defined(LEISER_TT_SMALL_PAGES_ONLY)
constexpr bool kHugePagesWanted = false;
#else
constexpr bool kHugePagesWanted = true;
#endif

}  // namespace

TranspositionTable::SlotArray TranspositionTable::allocate(std::size_t count) {
  // Fresh anonymous pages are zero: nothing is written here.
  const std::size_t bytes = count * sizeof(Slot);
  // Huge pages where the kernel gives them (transparent huge pages, "always"
  // or "madvise"): a probe lands anywhere in the table, so with 4 KiB pages
  // nearly every probe also misses the TLB, and a cleared table faults its
  // pages in again one by one (4,096 faults per 16 MiB, costly in a virtual
  // machine; perf-reports/search-experiments.md).
  // But huge pages commit memory 2 MiB at a time, wherever a probe lands: a
  // search in a fresh table of gigabytes commits nearly all of it within its
  // first thousands of nodes. Measured on a 2-vCPU VM, where first-touched
  // memory is slow: at Hash 1024 the first second searched 9,469 nodes
  // (against 344k on 4 KiB pages), at Hash 8192 the search ran at 10-18k
  // nodes/s while 8 GB were committed. Up to 256 MiB that commit is short
  // (Hash 256: the same nodes/s as on small pages), and the TLB gain stays.
  const bool huge = kHugePagesWanted && bytes >= kHugePageBytes && bytes <= kLargestHugePageTable;
  // Only aligned 2 MiB ranges can be huge pages: the block is mapped one huge
  // page larger, cut to a huge-page boundary and the ends given back. Slot
  // counts are powers of two, so `bytes` is a whole number of huge pages.
  const std::size_t mapped = huge ? bytes + kHugePageBytes : bytes;
  void* raw = ::mmap(nullptr, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED) throw std::bad_alloc();
  if (!huge) return SlotArray(static_cast<Slot*>(raw), UnmapSlots{bytes});
  const auto raw_address = reinterpret_cast<std::uintptr_t>(raw);
  const std::uintptr_t start =
      (raw_address + kHugePageBytes - 1) & ~std::uintptr_t{kHugePageBytes - 1};
  const std::size_t head = start - raw_address;
  const std::size_t tail = mapped - head - bytes;
  if (head > 0) ::munmap(raw, head);
  if (tail > 0) ::munmap(reinterpret_cast<void*>(start + bytes), tail);
  // Only a hint: where huge pages are off it fails or does nothing, and the
  // table works the same on 4 KiB pages.
  ::madvise(reinterpret_cast<void*>(start), bytes, MADV_HUGEPAGE);
  return SlotArray(reinterpret_cast<Slot*>(start), UnmapSlots{bytes});
}

void TranspositionTable::UnmapSlots::operator()(Slot* slots) const { ::munmap(slots, bytes); }

TranspositionTable::TranspositionTable(std::size_t megabytes) { resize(megabytes); }

void TranspositionTable::resize(std::size_t megabytes) {
  if (megabytes == 0) megabytes = 1;
  // A power of two number of slots that fits in the budget.
  const std::size_t slots = std::bit_floor(megabytes * 1024 * 1024 / sizeof(Slot));
  // On failure the old table stays as it was (allocate throws first); the
  // new block is only address space until used, so holding both is cheap.
  slots_ = allocate(slots);
  mask_ = slots - 1;
  megabytes_ = megabytes;
  generation_ = 0;
}

void TranspositionTable::clear() {
  // A fresh zeroed block rather than writing every slot: for a table of
  // gigabytes, writing takes seconds and faults in every page.
  try {
    slots_ = allocate(mask_ + 1);
  } catch (const std::bad_alloc&) {
    for (std::size_t i = 0; i <= mask_; ++i) {
      store(slots_[i].check, 0);
      store(slots_[i].data, 0);
    }
  }
  generation_ = 0;
}

void TranspositionTable::fault_in() {
  constexpr std::size_t kSlotsPerPage = 4096 / sizeof(Slot);
  for (std::size_t i = 0; i <= mask_; i += kSlotsPerPage)
    store(slots_[i].check, load(slots_[i].check));
}

std::optional<TTEntry> TranspositionTable::probe(kernel::Key key) const {
  const std::size_t first = index(key);
  for (std::size_t i = first; i < first + ways_; ++i) {
    const Slot& slot = slots_[i];
    const std::uint64_t data = load(slot.data);
    const std::uint64_t check = load(slot.check);
    if (auto entry = decode_tt_entry(key, {check, data})) return entry;
  }
  return std::nullopt;
}

int TranspositionTable::keep_value(std::uint64_t data) const {
  // An earlier search's entry counts 8 plies less per search of age, so old
  // deep entries give way in time (Stockfish's rule).
  const int age = (generation_ - generation_of(data)) & 63;
  return depth_of(data) - 8 * age;
}

void TranspositionTable::store(kernel::Key key, kernel::Move move, int score, int depth,
                               Bound bound, int static_eval) {
  // The bucket's entry of the same position if it has one, else an empty
  // one, else the one least worth keeping.
  const std::size_t first = index(key);
  std::size_t victim = first;
  for (std::size_t i = first; i < first + ways_; ++i) {
    const std::uint64_t data = load(slots_[i].data);
    if ((load(slots_[i].check) ^ data) == key || data == 0) {
      victim = i;
      break;
    }
    if (i != first && keep_value(data) < keep_value(load(slots_[victim].data))) victim = i;
  }
  Slot& slot = slots_[victim];
  const std::uint64_t old_data = load(slot.data);
  const std::uint64_t old_check = load(slot.check);
  const bool same_position = (old_check ^ old_data) == key;
  // Keep a deeper entry of this search for a different position, unless the
  // new one is exact.
  if (!same_position && old_data != 0 && generation_of(old_data) == generation_ &&
      depth_of(old_data) > depth + 2 && bound != Bound::kExact)
    return;
  // Keep the old best move when the new entry has none.
  if (same_position && move == kernel::Move::none())
    move = kernel::Move::from_raw(static_cast<std::uint16_t>(old_data));
  const TTWords words = encode_tt_entry(key, {move, score, depth, bound, static_eval}, generation_);
  store(slot.data, words.data);
  store(slot.check, words.check);
}

int TranspositionTable::hashfull() const {
  const std::size_t sample = std::min<std::size_t>(1000, mask_ + 1);
  int used = 0;
  for (std::size_t i = 0; i < sample; ++i) {
    const std::uint64_t data = load(slots_[i].data);
    if (data != 0 && generation_of(data) == generation_) ++used;
  }
  return static_cast<int>(used * 1000 / sample);
}

}  // namespace leiser::search
