// wait_for_message's template body (mpi/messages.h).
#pragma once

#include <chrono>
#include <thread>

namespace leiser::mpi {

// A waiting rank polls without pause for kSpin (a reply to a message just
// sent is usually that quick), then sleeps kPollInterval between polls:
// short enough that a reply costs well under a millisecond (tasks take
// seconds), long enough that waiting costs no CPU.
inline constexpr auto kSpin = std::chrono::microseconds(100);
inline constexpr auto kPollInterval = std::chrono::microseconds(250);

template <class Idle>
MPI_Status wait_for_message(int source, Idle&& idle) {
  MPI_Status status;
  const auto start = std::chrono::steady_clock::now();
  for (;;) {
    int arrived = 0;
    MPI_Iprobe(source, MPI_ANY_TAG, MPI_COMM_WORLD, &arrived, &status);
    if (arrived) return status;
    idle();
    if (std::chrono::steady_clock::now() - start > kSpin)
      std::this_thread::sleep_for(kPollInterval);
  }
}

}  // namespace leiser::mpi
