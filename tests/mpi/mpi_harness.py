"""What the leiserchess-mpi test scripts share: failures, running a command
under mpirun with a time limit (so a hang fails the test), and the command
line of a script that runs one named check."""
import argparse
import os
import subprocess
import sys

RANKS = 3


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


def mpi_env():
    # As root Open MPI wants the two confirmations; the tests start more ranks than cores.
    return dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
                OMPI_MCA_rmaps_base_oversubscribe="1")


def mpi_command(opts, args, ranks=RANKS):
    return [opts.mpirun, "--oversubscribe", "-np", str(ranks), opts.mpi_exe] + args


def run_mpi(opts, args, ranks, time_limit_s):
    command = mpi_command(opts, args, ranks)
    try:
        return subprocess.run(command, capture_output=True, text=True, timeout=time_limit_s, env=mpi_env())
    except subprocess.TimeoutExpired:
        raise Failure(f"hang: {' '.join(command)} ran over {time_limit_s} s")


def main(checks, extra_options=()):
    """Runs the check named on the command line; FAIL and exit status 1 on a Failure."""
    parser = argparse.ArgumentParser()
    parser.add_argument("check", choices=sorted(checks))
    for option in ("--mpirun", "--mpi-exe", "--single-exe") + tuple(extra_options):
        parser.add_argument(option, required=True)
    opts = parser.parse_args()
    try:
        checks[opts.check](opts)
    except Failure as failure:
        print(f"FAIL: {failure}", file=sys.stderr)
        return 1
    return 0
