// The master/worker messages (docs/mpi.md, "Distribution"): what travels
// between rank 0 and the counting ranks, and how a rank waits for one.
//
// A worker asks for work with kReady (no payload) the first time and with
// kResult (its finished task) afterwards; rank 0 answers with kTask (the
// task's number and the perft command line that counts it; enough to keep
// the worker's queue filled, mpi/distribute.cpp) or, once the worker has
// nothing left, kStop.
// A worker whose count fails sends kError (one line) instead; rank 0 then
// ends the job.
#pragma once

#include <mpi.h>

#include <cstdint>
#include <string>
#include <vector>

#include "core/perft_job.h"

namespace leiser::mpi {

enum Tag : int { kReady = 1, kResult = 2, kTask = 3, kStop = 4, kError = 5 };

struct TaskMessage {
  std::int64_t task = 0;
  core::PerftJob job;
};

struct ResultMessage {
  std::int64_t task = 0;
  std::vector<std::uint64_t> counts;  // depths 1..N below the task's node
};

// Waits for a message from `source` (or MPI_ANY_SOURCE) with any tag,
// sleeping between polls instead of spinning: Open MPI's blocking receive
// polls at full speed, and a waiting rank would take a core from the ranks
// that count when ranks share a machine. Calls `idle` between polls.
template <class Idle>
MPI_Status wait_for_message(int source, Idle&& idle);
MPI_Status wait_for_message(int source);

// Completes a non-blocking collective the same way.
void wait_politely(MPI_Request& request);

void send_ready();
void send_task(int rank, const TaskMessage& message);
void send_stop(int rank);
void send_result(const ResultMessage& message);
void send_error(const std::string& message);

// Receives the message `status` announced.
TaskMessage receive_task(const MPI_Status& status);
ResultMessage receive_result(const MPI_Status& status);
std::string receive_text(const MPI_Status& status);
void receive_empty(const MPI_Status& status);

}  // namespace leiser::mpi

#include "mpi/messages_inl.h"
