#!/usr/bin/env python3
"""scripts/spsa.py: its updates find a known optimum, stay in bounds, resume
where a log stopped, refuse bad parameters, and drive real games.

usage: spsa_test.py LEISERCHESS SPSA_PY
"""

import os
import re
import subprocess
import sys
import tempfile
import unittest

ENGINE = None
SPSA = None


def spsa(*args, cwd):
    return subprocess.run([sys.executable, SPSA, "--quiet"] + list(args), capture_output=True, text=True,
                          cwd=cwd, timeout=600)


def read_rows(path):
    with open(path) as f:
        lines = [line.rstrip("\n").split("\t") for line in f if line.strip()]
    return lines[0], lines[1:]


class Simulated(unittest.TestCase):
    """The model's optimum is each parameter's MIN + 3/4 (MAX - MIN)."""

    def test_moves_towards_the_optimum(self):
        with tempfile.TemporaryDirectory() as d:
            for seed in (1, 2, 3):
                done = spsa("--simulate", "--param", "a,50,0,100,4,0.05", "--param", "b,20,0,100,4,0.05",
                            "--iterations", "400", "--seed", str(seed), cwd=d)
                self.assertEqual(done.returncode, 0, done.stderr)
                tuned = dict(kv.split("=") for kv in done.stdout.splitlines()[0].split()[1:])
                for name, start in (("a", 50), ("b", 20)):
                    gap_before, gap_after = abs(start - 75), abs(int(tuned[name]) - 75)
                    self.assertLess(gap_after, gap_before * 2 / 3, "seed %d, %s: %s" % (seed, name, done.stdout))

    def test_thetas_stay_within_bounds(self):
        with tempfile.TemporaryDirectory() as d:
            done = spsa("--simulate", "--param", "hi,100,0,100,30,0.5", "--param", "lo,0,0,100,30,0.5",
                        "--iterations", "200", "--seed", "7", "--log", "run.tsv", cwd=d)
            self.assertEqual(done.returncode, 0, done.stderr)
            header, rows = read_rows(os.path.join(d, "run.tsv"))
            self.assertEqual(header, ["iteration", "result", "hi", "lo"])
            self.assertEqual(len(rows), 200)
            moved = set()
            for row in rows:
                for i, value in enumerate(row[2:]):
                    self.assertTrue(0 <= float(value) <= 100, row)
                    if float(value) not in (0.0, 100.0):
                        moved.add(i)
            self.assertEqual(moved, {0, 1}, "both parameters leave their bound towards the optimum")

    def test_resume_goes_on_from_the_log(self):
        with tempfile.TemporaryDirectory() as d:
            args = ["--simulate", "--param", "a,50,0,100,4,0.05", "--iterations", "60", "--seed", "5"]
            self.assertEqual(spsa(*args, "--log", "full.tsv", cwd=d).returncode, 0)
            header, rows = read_rows(os.path.join(d, "full.tsv"))
            with open(os.path.join(d, "part.tsv"), "w") as f:
                for row in [header] + rows[:30]:
                    f.write("\t".join(row) + "\n")
            done = spsa(*args, "--log", "part.tsv", "--resume", cwd=d)
            self.assertEqual(done.returncode, 0, done.stderr)
            _, resumed = read_rows(os.path.join(d, "part.tsv"))
            self.assertEqual([int(r[0]) for r in resumed], list(range(1, 61)))
            self.assertEqual(resumed[:30], rows[:30])
            # Another parameter list is refused: the log belongs to another run.
            other = spsa("--simulate", "--param", "b,50,0,100,4,0.05", "--iterations", "60", "--log", "part.tsv",
                         "--resume", cwd=d)
            self.assertNotEqual(other.returncode, 0)
            self.assertIn("tunes a, not these parameters", other.stderr)

    def test_bad_parameters_are_refused(self):
        with tempfile.TemporaryDirectory() as d:
            for spec, message in (("a,50,0,100,4", "want NAME,START,MIN,MAX,C_END,R_END"),
                                  ("a,150,0,100,4,0.1", "want MIN <= START <= MAX"),
                                  ("a,50,0,100,0,0.1", "C_END, R_END > 0")):
                done = spsa("--simulate", "--param", spec, cwd=d)
                self.assertNotEqual(done.returncode, 0, spec)
                self.assertIn(message, done.stderr)


class Games(unittest.TestCase):
    def test_real_games_move_the_parameters(self):
        with tempfile.TemporaryDirectory() as d:
            done = spsa("--engine", ENGINE, "--param", "static_margin_1,default,0,1000,40,0.002",
                        "--param", "lmr_r1,default,1,40,2,0.01", "--iterations", "3", "--pairs", "1",
                        "--nodes", "1500", "--edition", "2016", "--log", "games.tsv", cwd=d)
            self.assertEqual(done.returncode, 0, done.stderr)
            self.assertIn("accept by: scripts/sprt.py --edition 2016 --new-option static_margin_1=", done.stdout)
            header, rows = read_rows(os.path.join(d, "games.tsv"))
            self.assertEqual(header, ["iteration", "result", "static_margin_1", "lmr_r1"])
            self.assertEqual([r[0] for r in rows], ["1", "2", "3"])
            reply = subprocess.run([ENGINE], input="uci\nquit\n", capture_output=True, text=True).stdout
            defaults = dict(re.findall(r"option name (\S+) type spin default (-?\d+)", reply))
            previous = [float(defaults["static_margin_1"]), float(defaults["lmr_r1"])]
            for row in rows:
                result = int(row[1])
                self.assertIn(result, (-2, -1, 0, 1, 2))
                thetas = [float(x) for x in row[2:]]
                for before, after in zip(previous, thetas):
                    # A parameter moves exactly when the pair was not level.
                    self.assertEqual(before != after, result != 0, row)
                previous = thetas

    def test_an_unknown_option_is_refused(self):
        with tempfile.TemporaryDirectory() as d:
            done = spsa("--engine", ENGINE, "--param", "no_such_option,default,0,10,1,0.1", cwd=d)
            self.assertNotEqual(done.returncode, 0)
            self.assertIn("the engine has no spin option no_such_option", done.stderr)


if __name__ == "__main__":
    ENGINE = os.path.abspath(sys.argv[1])
    SPSA = os.path.abspath(sys.argv[2])
    unittest.main(argv=[sys.argv[0], "-v"])
