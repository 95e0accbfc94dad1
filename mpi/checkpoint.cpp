#include "mpi/checkpoint.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include "base/parse_integer.h"

namespace leiser::mpi {
namespace {

constexpr const char* kMagic = "leiserchess-mpi checkpoint 1";
constexpr int kHeaderLines = 7;

std::string header_text(const CheckpointHeader& h) {
  std::ostringstream text;
  text << kMagic << "\n"
       << "fen " << h.fen << "\n"
       << "edition " << h.edition << "\n"
       << "depth " << h.depth << "\n"
       << "mode " << h.mode << "\n"
       << "split-depth " << h.split_depth << "\n"
       << "tasks " << h.tasks << "\n";
  return text.str();
}

// The file's complete lines (a last line without '\n' is dropped: a write
// cut short by the job's death), or nullopt if it cannot be read.
std::optional<std::vector<std::string>> complete_lines(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream all;
  all << in.rdbuf();
  const std::string text = all.str();
  std::vector<std::string> lines;
  std::size_t start = 0;
  for (std::size_t end; (end = text.find('\n', start)) != std::string::npos; start = end + 1)
    lines.push_back(text.substr(start, end - start));
  return lines;
}

// "key value" -> value, if the line starts with key and a space.
std::optional<std::string> field(const std::string& line, const std::string& key) {
  if (line.size() <= key.size() || line.compare(0, key.size(), key) != 0 || line[key.size()] != ' ')
    return std::nullopt;
  return line.substr(key.size() + 1);
}

}  // namespace

kernel::Expected<std::optional<CheckpointHeader>> read_checkpoint_header(const std::string& path) {
  using Result = std::optional<CheckpointHeader>;
  std::ifstream probe(path, std::ios::binary);
  if (!probe || probe.peek() == std::ifstream::traits_type::eof()) return Result{};
  const auto lines = complete_lines(path);
  const std::string bad =
      "checkpoint " + path + " is not a leiserchess-mpi checkpoint (bad header)";
  if (!lines || static_cast<int>(lines->size()) < kHeaderLines || (*lines)[0] != kMagic)
    return kernel::Error{bad};
  CheckpointHeader h;
  const auto fen = field((*lines)[1], "fen");
  const auto edition = field((*lines)[2], "edition");
  const auto depth = field((*lines)[3], "depth");
  const auto mode = field((*lines)[4], "mode");
  const auto split = field((*lines)[5], "split-depth");
  const auto tasks = field((*lines)[6], "tasks");
  if (!fen || !edition || !depth || !mode || !split || !tasks) return kernel::Error{bad};
  const auto depth_value = base::parse_integer(*depth, 1, 20);
  const auto split_value = base::parse_integer(*split, 0, 19);
  const auto tasks_value = base::parse_integer(*tasks, 0, std::int64_t{1} << 40);
  if (!depth_value || !split_value || !tasks_value) return kernel::Error{bad};
  h.fen = *fen;
  h.edition = *edition;
  h.depth = static_cast<int>(*depth_value);
  h.mode = *mode;
  h.split_depth = static_cast<int>(*split_value);
  h.tasks = *tasks_value;
  return Result{h};
}

std::optional<std::string> checkpoint_mismatch(const CheckpointHeader& found,
                                               const CheckpointHeader& wanted) {
  auto differs = [](const std::string& what, const std::string& file, const std::string& run) {
    return "it was written for " + what + " " + file + ", this run has " + run;
  };
  if (found.fen != wanted.fen)
    return differs("position", "'" + found.fen + "'", "'" + wanted.fen + "'");
  if (found.edition != wanted.edition) return differs("edition", found.edition, wanted.edition);
  if (found.depth != wanted.depth)
    return differs("depth", std::to_string(found.depth), std::to_string(wanted.depth));
  if (found.mode != wanted.mode) return differs("mode", found.mode, wanted.mode);
  if (found.split_depth != wanted.split_depth)
    return differs("split depth", std::to_string(found.split_depth),
                   std::to_string(wanted.split_depth));
  if (found.tasks != wanted.tasks)
    return differs("a tree of", std::to_string(found.tasks) + " tasks",
                   std::to_string(wanted.tasks));
  return std::nullopt;
}

kernel::Expected<Checkpoint> Checkpoint::open(const std::string& path,
                                              const CheckpointHeader& header) {
  const auto existing = read_checkpoint_header(path);
  if (!existing) return kernel::Error{existing.error()};
  Checkpoint checkpoint;
  checkpoint.path_ = path;
  const std::size_t counts_per_task = static_cast<std::size_t>(header.depth - header.split_depth);
  if (existing.value()) {
    if (const auto why = checkpoint_mismatch(*existing.value(), header))
      return kernel::Error{"checkpoint " + path + " does not match this run: " + *why};
    const auto lines = complete_lines(path);
    if (!lines)
      return kernel::Error{"cannot read checkpoint " + path + ": " + std::strerror(errno)};
    // Drop a last line cut short, so that the next record starts a line.
    std::size_t complete = 0;
    for (const std::string& line : *lines) complete += line.size() + 1;
    if (::truncate(path.c_str(), static_cast<off_t>(complete)) != 0)
      return kernel::Error{"cannot repair checkpoint " + path + ": " + std::strerror(errno)};
    for (std::size_t i = kHeaderLines; i < lines->size(); ++i) {
      std::istringstream fields((*lines)[i]);
      std::string word;
      std::string task_text;
      fields >> word >> task_text;
      const auto task = base::parse_integer(task_text, 0, header.tasks - 1);
      std::vector<std::uint64_t> counts;
      for (std::string count; fields >> count;) {
        const auto value = base::parse_integer(count, 0, static_cast<long long>(~0ULL >> 1));
        if (!value) break;
        counts.push_back(static_cast<std::uint64_t>(*value));
      }
      if (word != "task" || !task || counts.size() != counts_per_task)
        return kernel::Error{"checkpoint " + path + " line " + std::to_string(i + 1) +
                             " is malformed"};
      checkpoint.finished_.emplace(*task, std::move(counts));
    }
  }
  checkpoint.file_.reset(std::fopen(path.c_str(), "ab"));
  if (!checkpoint.file_)
    return kernel::Error{"cannot open checkpoint " + path + ": " + std::strerror(errno)};
  if (!existing.value()) {
    const std::string text = header_text(header);
    if (std::fputs(text.c_str(), checkpoint.file_.get()) < 0 ||
        std::fflush(checkpoint.file_.get()) != 0 || ::fsync(::fileno(checkpoint.file_.get())) != 0)
      return kernel::Error{"cannot write checkpoint " + path + ": " + std::strerror(errno)};
  }
  return checkpoint;
}

kernel::Expected<bool> Checkpoint::record(std::int64_t task,
                                          const std::vector<std::uint64_t>& counts) {
  std::string line = "task " + std::to_string(task);
  for (std::uint64_t c : counts) {
    line += ' ';
    line += std::to_string(c);
  }
  line += "\n";
  if (std::fputs(line.c_str(), file_.get()) < 0 || std::fflush(file_.get()) != 0 ||
      ::fsync(::fileno(file_.get())) != 0)
    return kernel::Error{"cannot write checkpoint " + path_ + ": " + std::strerror(errno)};
  return true;
}

}  // namespace leiser::mpi
