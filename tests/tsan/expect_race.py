#!/usr/bin/env python3
"""Negative control for the `tsan` suite: the command must be stopped by a
ThreadSanitizer data-race report that points into tests/tsan/task_races.cpp.

Usage: expect_race.py PROGRAM ARGS...

Passes only if the program exits with TSan's exit code (66, set in
TSAN_OPTIONS by tests/meson.build) and its report names a data race in
task_races.cpp: a crash or any other failure does not count. This proves the
annotations of search/task_group.h and tests/tsan/suppressions.txt do not
hide a race in code run inside TaskGroup tasks.
"""
import subprocess
import sys

result = subprocess.run(sys.argv[1:], capture_output=True, text=True, timeout=120)
output = result.stdout + result.stderr
sys.stdout.write(output)
if result.returncode != 66:
    sys.exit(f"expected ThreadSanitizer's exit status 66, got {result.returncode}")
if "WARNING: ThreadSanitizer: data race" not in output:
    sys.exit("expected a ThreadSanitizer data-race report")
if "task_races.cpp" not in output:
    sys.exit("the report does not point into task_races.cpp")
print("expect_race: the deliberate race was reported, as it must be")
