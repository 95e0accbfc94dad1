#include "mpi/messages.h"

namespace leiser::mpi {
namespace {

constexpr int kMaster = 0;

int count_of(const MPI_Status& status, MPI_Datatype type) {
  int count = 0;
  MPI_Get_count(&status, type, &count);
  return count;
}

}  // namespace

MPI_Status wait_for_message(int source) {
  return wait_for_message(source, [] {});
}

void wait_politely(MPI_Request& request) {
  for (;;) {
    int done = 0;
    MPI_Test(&request, &done, MPI_STATUS_IGNORE);
    if (done) return;
    std::this_thread::sleep_for(kPollInterval);
  }
}

void send_ready() { MPI_Send(nullptr, 0, MPI_BYTE, kMaster, kReady, MPI_COMM_WORLD); }

// A task as bytes: its number, then the job's fields (edition, FEN, depth,
// mode, threads, table megabytes, then each move), each in text and ended by
// a NUL (none contains one: they came from argv or to_fen).
void send_task(int rank, const TaskMessage& message) {
  const core::PerftJob& job = message.job;
  std::vector<std::string> fields{std::to_string(message.task),
                                  std::string(kernel::edition_name(job.edition)),
                                  job.fen,
                                  std::to_string(job.depth),
                                  job.mode == kernel::PerftMode::kPseudo ? "pseudo" : "legal",
                                  std::to_string(job.threads),
                                  std::to_string(job.hash_megabytes)};
  fields.insert(fields.end(), job.moves.begin(), job.moves.end());
  std::string bytes;
  for (const std::string& field : fields) {
    bytes += field;
    bytes.push_back('\0');
  }
  MPI_Send(bytes.data(), static_cast<int>(bytes.size()), MPI_CHAR, rank, kTask, MPI_COMM_WORLD);
}

void send_stop(int rank) { MPI_Send(nullptr, 0, MPI_BYTE, rank, kStop, MPI_COMM_WORLD); }

// A result as 64-bit words: the task's number, then the counts.
void send_result(const ResultMessage& message) {
  std::vector<std::uint64_t> words;
  words.reserve(message.counts.size() + 1);
  words.push_back(static_cast<std::uint64_t>(message.task));
  words.insert(words.end(), message.counts.begin(), message.counts.end());
  MPI_Send(words.data(), static_cast<int>(words.size()), MPI_UINT64_T, kMaster, kResult,
           MPI_COMM_WORLD);
}

void send_error(const std::string& message) {
  MPI_Send(message.data(), static_cast<int>(message.size()), MPI_CHAR, kMaster, kError,
           MPI_COMM_WORLD);
}

TaskMessage receive_task(const MPI_Status& status) {
  std::string bytes(static_cast<std::size_t>(count_of(status, MPI_CHAR)), '\0');
  MPI_Recv(bytes.data(), static_cast<int>(bytes.size()), MPI_CHAR, status.MPI_SOURCE, kTask,
           MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  TaskMessage message;
  std::vector<std::string> fields;
  std::size_t start = 0;
  for (std::size_t end; (end = bytes.find('\0', start)) != std::string::npos; start = end + 1)
    fields.push_back(bytes.substr(start, end - start));
  // Only rank 0 sends tasks, from jobs it made itself: the fields are
  // well formed.
  if (fields.size() >= 7) {
    message.task = std::stoll(fields[0]);
    core::PerftJob& job = message.job;
    job.edition = kernel::parse_edition(fields[1]).value_or(kernel::kDefaultEdition);
    job.fen = fields[2];
    job.depth = std::stoi(fields[3]);
    job.mode = fields[4] == "pseudo" ? kernel::PerftMode::kPseudo : kernel::PerftMode::kLegal;
    job.threads = std::stoi(fields[5]);
    job.hash_megabytes = static_cast<std::size_t>(std::stoull(fields[6]));
    job.moves.assign(fields.begin() + 7, fields.end());
  }
  return message;
}

ResultMessage receive_result(const MPI_Status& status) {
  std::vector<std::uint64_t> words(static_cast<std::size_t>(count_of(status, MPI_UINT64_T)));
  MPI_Recv(words.data(), static_cast<int>(words.size()), MPI_UINT64_T, status.MPI_SOURCE, kResult,
           MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  ResultMessage message;
  if (!words.empty()) {
    message.task = static_cast<std::int64_t>(words.front());
    message.counts.assign(words.begin() + 1, words.end());
  }
  return message;
}

std::string receive_text(const MPI_Status& status) {
  std::string text(static_cast<std::size_t>(count_of(status, MPI_CHAR)), '\0');
  MPI_Recv(text.data(), static_cast<int>(text.size()), MPI_CHAR, status.MPI_SOURCE, status.MPI_TAG,
           MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  return text;
}

void receive_empty(const MPI_Status& status) {
  MPI_Recv(nullptr, 0, MPI_BYTE, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD,
           MPI_STATUS_IGNORE);
}

}  // namespace leiser::mpi
