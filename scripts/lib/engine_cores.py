"""Running `leiserchess` under each engine core, for the measuring scripts
(isa_report.py, nnue_speed_report.py): which cores this CPU runs, one bench,
the CPU's name and the commit measured."""

import os
import platform
import re
import subprocess
import sys

CORES = ['scalar', 'avx2', 'avx512']


def run(args, check=True):
    """The finished process; with check, a failure ends the script with its stderr."""
    result = subprocess.run(args, capture_output=True, text=True)
    if check and result.returncode != 0:
        name = os.path.splitext(os.path.basename(sys.argv[0]))[0]
        sys.exit(f'{name}: {" ".join(args)} failed ({result.returncode}): {result.stderr.strip()}')
    return result


def runnable_cores(exe):
    """The cores of CORES that `exe --simd CORE` really runs on this CPU."""
    cores = []
    for core in CORES:
        result = run([exe, '--simd', core, 'version'], check=False)
        if result.returncode == 0 and f'(simd {core})' in result.stdout:
            cores.append(core)
    return cores


def bench(exe, core, depth, edition, *options):
    """(nodes, nodes/s) of one-thread `bench DEPTH EDITION` under CORE, with
    engine options given as NAME=VALUE."""
    extra = ['bench', *options] if options else []
    out = run([exe, '--simd', core, 'bench', str(depth), edition, '1', *extra]).stdout
    nodes = int(re.search(r'Nodes searched\s*:\s*(\d+)', out).group(1))
    nps = int(re.search(r'Nodes/second\s*:\s*(\d+)', out).group(1))
    return nodes, nps


def cpu_model():
    try:
        with open('/proc/cpuinfo') as f:
            for line in f:
                if line.startswith('model name'):
                    return line.split(':', 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or 'unknown'


def git_commit():
    """REPORT_COMMIT where set (a copy of the tree without .git, on another machine)."""
    if os.environ.get('REPORT_COMMIT'):
        return os.environ['REPORT_COMMIT']
    return run(['git', 'rev-parse', '--short', 'HEAD'], check=False).stdout.strip() or 'unknown'
