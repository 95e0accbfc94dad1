#!/usr/bin/env python3
"""The installed library, checked as a consumer would use it (test `library`).

1. `meson install --destdir` into <build>/tests/library/staging;
2. the installed files: the versioned shared library and its links, the
   soname, the headers (every header an installed header includes must be
   installed too), the pkg-config file;
3. the answers of the `leiserchess` executable's protocol to the requests the
   examples make (the expected values, by another path than the library);
4. examples/c/search.c built with `pkg-config --cflags --libs leiserchess`
   and run; examples/python/search.py run on the installed library through
   ctypes; the C++ example of docs/embedding.md extracted, built and run.
Each check that fails prints what it expected and what it got.
"""
import argparse
import os
import re
import shlex
import shutil
import subprocess
import sys

FAILURES = []


def check(condition, message):
    if not condition:
        FAILURES.append(message)
        print("FAIL: " + message, file=sys.stderr)
    return condition


def run(cmd, env=None, input_text=None, timeout=300):
    done = subprocess.run(cmd, env=env, input=input_text, capture_output=True, text=True, timeout=timeout)
    if done.returncode != 0:
        sys.exit("check_installed: %s failed (status %d):\n%s%s" % (
            " ".join(cmd), done.returncode, done.stdout[-3000:], done.stderr[-3000:]))
    return done.stdout


def find_file(root, name):
    for folder, _, files in os.walk(root):
        if name in files:
            return os.path.join(folder, name)
    sys.exit("check_installed: no %s under %s" % (name, root))


def check_headers(include_dir):
    """Every quoted include of an installed header resolves inside the
    installed tree, as a consumer's compiler will look for it."""
    count = 0
    for folder, _, files in os.walk(include_dir):
        for name in files:
            path = os.path.join(folder, name)
            count += 1
            with open(path) as f:
                for line in f:
                    m = re.match(r'\s*#\s*include\s+"([^"]+)"', line)
                    if m:
                        check(os.path.exists(os.path.join(include_dir, m.group(1))),
                              "installed header %s includes %s, which is not installed (add it to "
                              "capi/meson.build)" % (os.path.relpath(path, include_dir), m.group(1)))
    check(os.path.exists(os.path.join(include_dir, "leiserchess.h")), "leiserchess.h is not installed")
    check(os.path.exists(os.path.join(include_dir, "search", "engine.h")), "search/engine.h is not installed")
    return count


def protocol_answers(leiserchess):
    """What the executable says to the requests the examples make. 'quit' stops whatever
    is still queued (as in Stockfish), so it is sent only after the search's bestmove."""
    proc = subprocess.Popen([leiserchess], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    proc.stdin.write("\n".join([
        "setoption name threads value 1", "setoption name hash value 16", "setoption name edition value 2016",
        "position startpos moves h4g5 a3a2", "perft 3", "eval", "go depth 5", ""]))
    proc.stdin.flush()
    out_lines = []
    for line in proc.stdout:
        out_lines.append(line.rstrip("\n"))
        if line.startswith("bestmove "):
            break
    proc.stdin.write("quit\n")
    proc.stdin.flush()
    out_lines += proc.stdout.read().splitlines()
    proc.wait(timeout=60)
    out = "\n".join(out_lines)
    answers = {}
    for line in out_lines:
        if line.startswith("perft 3 "):
            answers["perft"] = line.split()[2]
        elif line.startswith("info score cp "):
            answers["eval"] = line.split()[3]
        elif line.startswith("bestmove "):
            answers["bestmove"] = line.split()[1]
    if len(answers) != 3:
        sys.exit("check_installed: unexpected protocol output:\n" + out)
    return answers


def lines_of(text, prefix):
    return [line for line in text.splitlines() if line.startswith(prefix)]


def check_example_output(name, out, version, expected):
    """The lines examples/c/search.c and examples/python/search.py print."""
    fen_after_two_moves = "ss3nw3/3nw4/2nw1nw1SE1/1nw3SE2/2nw3SE1/nw2SE1SE2/4SE3/3SE3NN W"
    check(lines_of(out, "version ") == ["version " + version], "%s: version line, expected %s:\n%s" % (name, version, out))
    check(lines_of(out, "fen ") == ["fen " + fen_after_two_moves] * 2,
          "%s: expected the FEN after h4g5 a3a2 twice (before and after the errors):\n%s" % (name, out))
    check(lines_of(out, "perft 3 ") == ["perft 3 " + expected["perft"]],
          "%s: perft 3, expected %s:\n%s" % (name, expected["perft"], out))
    check(lines_of(out, "eval ") == ["eval " + expected["eval"]], "%s: eval, expected %s:\n%s" % (name, expected["eval"], out))
    best = lines_of(out, "bestmove ")
    check(len(best) == 1 and best[0].split()[1] == expected["bestmove"] and best[0].endswith(" depth 5"),
          "%s: bestmove %s at depth 5 expected:\n%s" % (name, expected["bestmove"], out))
    check(any(line.startswith("info depth 5 score ") for line in out.splitlines()),
          "%s: no info line for depth 5:\n%s" % (name, out))
    stopped = re.search(r"^stopped after depth (\d+) with bestmove (\S+)$", out, re.M)
    check(stopped is not None and int(stopped.group(1)) >= 3,
          "%s: the infinite search stopped from its callback should report depth 3 or more and a move:\n%s" % (name, out))
    errors = lines_of(out, "error ")
    expected_errors = ["error LEISER_ERROR_BAD_POSITION: bad FEN: ",
                       "error LEISER_ERROR_BAD_OPTION: option threads value '0' out of range 1..",
                       "error LEISER_ERROR_INVALID_ARGUMENT: search: limits and result are required"]
    check(len(errors) == 3 and all(e.startswith(x) for e, x in zip(errors, expected_errors)),
          "%s: expected errors starting %s, got %s" % (name, expected_errors, errors))


def main():
    parser = argparse.ArgumentParser()
    for option in ("--build-dir", "--source-dir", "--meson", "--leiserchess", "--version", "--cc", "--cxx"):
        parser.add_argument(option, required=True)
    # The build's b_sanitize ("none" or e.g. "address,undefined"): a sanitized
    # library needs sanitized consumers, and Python needs the runtime preloaded.
    parser.add_argument("--sanitize", default="none")
    args = parser.parse_args()
    work = os.path.join(args.build_dir, "tests", "library")
    staging = os.path.join(work, "staging")
    shutil.rmtree(staging, ignore_errors=True)
    run([args.meson, "install", "-C", args.build_dir, "--no-rebuild", "--quiet", "--destdir", staging])

    # What was installed.
    pc = find_file(staging, "leiserchess.pc")
    env = dict(os.environ)
    env["PKG_CONFIG_PATH"] = os.path.dirname(pc) + os.pathsep + env.get("PKG_CONFIG_PATH", "")
    # The .pc names the real prefix; the sysroot points its -I and -L into
    # the staging folder.
    env["PKG_CONFIG_SYSROOT_DIR"] = staging
    flags = shlex.split(run(["pkg-config", "--cflags", "--libs", "leiserchess"], env=env))
    sanitize_flags = [] if args.sanitize == "none" else ["-fsanitize=" + args.sanitize]
    lib_dir = next(f[2:] for f in flags if f.startswith("-L"))
    include_dir = next(f[2:] for f in flags if f.startswith("-I") and f.rstrip("/").endswith("leiserchess"))
    check(lib_dir.startswith(staging) and include_dir.startswith(staging),
          "pkg-config points outside the staging folder: %s" % flags)
    real = os.path.join(lib_dir, "libleiserchess.so." + args.version)
    major = args.version.split(".")[0]
    check(os.path.isfile(real) and not os.path.islink(real), "%s is not installed" % real)
    for link, target in (("libleiserchess.so." + major, "libleiserchess.so." + args.version),
                         ("libleiserchess.so", "libleiserchess.so." + major)):
        path = os.path.join(lib_dir, link)
        check(os.path.islink(path) and os.readlink(path) == target, "%s should be a link to %s" % (path, target))
    if shutil.which("readelf"):
        dynamic = run(["readelf", "-d", real])
        check("Library soname: [libleiserchess.so.%s]" % major in dynamic, "soname is not libleiserchess.so.%s" % major)
    headers = check_headers(include_dir)
    check(run(["pkg-config", "--modversion", "leiserchess"], env=env).strip() == args.version,
          "pkg-config --modversion is not %s" % args.version)

    expected = protocol_answers(args.leiserchess)
    run_env = dict(env)
    run_env["LD_LIBRARY_PATH"] = lib_dir + os.pathsep + env.get("LD_LIBRARY_PATH", "")
    py_env = dict(run_env)
    if "address" in args.sanitize:
        # The interpreter is not sanitized: the runtime must be loaded first, and
        # the interpreter's own allocations are not ours to report as leaks.
        runtime = run(shlex.split(args.cc) + ["-print-file-name=libasan.so"]).strip()
        py_env["LD_PRELOAD"] = runtime
        py_env["ASAN_OPTIONS"] = "detect_leaks=0:" + env.get("ASAN_OPTIONS", "")

    # The C example.
    c_program = os.path.join(work, "search_c")
    run(shlex.split(args.cc) + ["-std=c11", "-Wall", "-Wextra", "-Werror",
                                os.path.join(args.source_dir, "examples", "c", "search.c"), "-o", c_program] + flags
        + sanitize_flags,
        env=env)
    c_out = run([c_program], env=run_env)
    check_example_output("examples/c/search.c", c_out, args.version, expected)

    # The Python example, through ctypes, on the installed library.
    py_out = run([sys.executable, os.path.join(args.source_dir, "examples", "python", "search.py"),
                  "--library", os.path.join(lib_dir, "libleiserchess.so." + major)], env=py_env)
    check_example_output("examples/python/search.py", py_out, args.version, expected)
    check(lines_of(py_out, "bestmove ") == lines_of(c_out, "bestmove "),
          "C and Python searches differ:\n%s\n%s" % (lines_of(c_out, "bestmove "), lines_of(py_out, "bestmove ")))

    # The C++ example of docs/embedding.md, exactly as printed there.
    with open(os.path.join(args.source_dir, "docs", "embedding.md")) as f:
        blocks = re.findall(r"```cpp\n(.*?)```", f.read(), re.S)
    check(len(blocks) == 1, "docs/embedding.md should hold one ```cpp block, found %d" % len(blocks))
    source = os.path.join(work, "embedding_example.cpp")
    with open(source, "w") as f:
        f.write(blocks[0])
    cpp_program = os.path.join(work, "embedding_example")
    run(shlex.split(args.cxx) + ["-std=c++20", "-O1", "-Wall", "-Wextra", "-Werror", source, "-o", cpp_program] + flags + sanitize_flags,
        env=env)
    cpp_out = run([cpp_program], env=run_env)
    check(lines_of(cpp_out, "eval ") == ["eval " + expected["eval"]], "C++ example: eval:\n" + cpp_out)
    cpp_best = lines_of(cpp_out, "bestmove ")
    check(cpp_best == lines_of(c_out, "bestmove "), "C++ example: %s, the C API: %s" % (cpp_best, lines_of(c_out, "bestmove ")))
    check(any(line.startswith("rejected: option threads value '0' out of range") for line in cpp_out.splitlines()),
          "C++ example: the bad option should be rejected:\n" + cpp_out)
    check(re.search(r"^stopped at depth \d+ with a move: yes$", cpp_out, re.M) is not None,
          "C++ example: the background search should stop with a move:\n" + cpp_out)

    if FAILURES:
        sys.exit("check_installed: %d check(s) failed" % len(FAILURES))
    print("check_installed: %d headers, library %s, C, Python and C++ examples agree with the protocol "
          "(perft 3 %s, eval %s, bestmove %s)" % (headers, args.version, expected["perft"], expected["eval"],
                                                  expected["bestmove"]))


if __name__ == "__main__":
    main()
