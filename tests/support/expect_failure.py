#!/usr/bin/env python3
"""Negative controls: passes only if COMMAND fails for the expected reason.

Usage: expect_failure.py --status N --output TEXT [--output TEXT ...] -- COMMAND ARGS...

The command must exit with status N and its output (stdout and stderr
together) must contain every TEXT. Any other failure (a crash, a missing
file, a traceback, a failure for another reason) fails the control, as
tests/tsan/expect_race.py does for ThreadSanitizer; meson's `should_fail`
alone would count any of those as the control working.
"""
import argparse
import subprocess
import sys


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--status", type=int, required=True)
    parser.add_argument("--output", action="append", default=[], required=True)
    parser.add_argument("--timeout", type=float, default=600)
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("no command given")

    result = subprocess.run(command, capture_output=True, text=True, timeout=args.timeout)
    output = result.stdout + result.stderr
    sys.stdout.write(output)
    if result.returncode != args.status:
        sys.exit(f"expect_failure: expected exit status {args.status}, got {result.returncode}")
    missing = [text for text in args.output if text not in output]
    if missing:
        sys.exit("expect_failure: the output lacks " + ", ".join(repr(t) for t in missing))
    print(f"expect_failure: failed as expected (status {args.status}, "
          f"{len(args.output)} expected message(s) found)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
