// The checkpoint file of `leiserchess-mpi perft --checkpoint FILE`
// (docs/mpi.md, "Checkpoint"): rank 0 appends one line per finished task,
// flushed and fsync'd, so that a run that dies can be rerun with the same
// arguments and count only the tasks it lacks.
//
// Text, append-only:
//   leiserchess-mpi checkpoint 1
//   fen <FEN>
//   edition <2016|2018>
//   depth <N>
//   mode <legal|pseudo>
//   split-depth <D>
//   tasks <K>
//   task <i> <count at depth D+1> ... <count at depth N>
//   ...
// A last line without its newline (a write cut short) is ignored.
#pragma once

#include <cstdint>
#include <cstdio>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "kernel/expected.h"

namespace leiser::mpi {

struct CheckpointHeader {
  std::string fen;
  std::string edition;
  int depth = 0;
  std::string mode;  // "legal" or "pseudo"
  int split_depth = 0;
  std::int64_t tasks = 0;
};

// The header of an existing, non-empty checkpoint file; nullopt if the file
// does not exist or is empty (a new run); an error if it is not a checkpoint.
kernel::Expected<std::optional<CheckpointHeader>> read_checkpoint_header(const std::string& path);

// Why a checkpoint written for `found` cannot resume a run of `wanted` (the
// first field that differs), or nullopt when it can.
std::optional<std::string> checkpoint_mismatch(const CheckpointHeader& found,
                                               const CheckpointHeader& wanted);

class Checkpoint {
 public:
  // Opens `path` for a run described by `header`: reads the finished tasks
  // of an existing file (whose header must equal `header`), or writes the
  // header to a new one.
  static kernel::Expected<Checkpoint> open(const std::string& path, const CheckpointHeader& header);

  // Finished tasks read from the file: task number -> counts at depths
  // split_depth + 1 .. depth.
  const std::map<std::int64_t, std::vector<std::uint64_t>>& finished() const { return finished_; }

  // Appends a finished task and makes it durable (fflush + fsync) before
  // returning, so a task reported done survives the job's death.
  kernel::Expected<bool> record(std::int64_t task, const std::vector<std::uint64_t>& counts);

 private:
  struct CloseFile {
    void operator()(std::FILE* file) const { std::fclose(file); }
  };
  std::string path_;
  std::unique_ptr<std::FILE, CloseFile> file_;
  std::map<std::int64_t, std::vector<std::uint64_t>> finished_;
};

}  // namespace leiser::mpi
