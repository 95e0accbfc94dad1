#!/usr/bin/env python3
"""Writes perf-reports/isa.md: what each engine core (docs/isa-cores.md) gains
over the baseline core on this machine.

For every core this CPU runs (`leiserchess --simd NAME version` succeeds):
- bench nodes/s in both editions and perft leaves/s, in interleaved rounds:
  each round runs every core once per measurement, in a rotated order, and
  the figure reported is the median over rounds of the ratio to the baseline
  core's run in the same round (paired, so that slow phases of a noisy
  machine hit both sides);
- the node counts, which must be identical under every core (the report
  fails loudly otherwise);
- instructions per node under callgrind (exact, noise-free), where valgrind
  can run the core.

usage: scripts/isa_report.py [--exe build/leiserchess] [--rounds 10]
           [--depth-2016 7] [--depth-2018 6] [--perft-depth 5]
           [--callgrind-depth 4] [--out perf-reports/isa.md]
"""
import argparse
import datetime
import os
import re
import shutil
import statistics
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(__file__), 'lib'))
from engine_cores import CORES, bench, cpu_model, git_commit, run, runnable_cores  # noqa: E402

# What each core is built with and which primitives it chooses at compile
# time (kept with the code: docs/isa-cores.md, "Primitives").
CORE_NOTES = {
    'scalar': 'x86-64-v2 (SSE4.2, POPCNT): the reference; plain C++ everywhere',
    'avx2': '-mavx2 -mbmi -mbmi2 -mlzcnt -mpopcnt (no FMA): the whole engine with AVX2/BMI '
            'code generation, plus the primitives of docs/isa-cores.md: the branch-free BMI laser trace '
            '(kernel/laser.h), 2016 move generation packed by pshufb (kernel/movegen.h), move-ordering keys '
            'eight at a time with gathers and the selection scan four words at a time (search/ordering.h), '
            'LCOVERAGE\'s sum of square terms eight at a time and its beam segments along a rank in one '
            '8-lane minimum (search/eval/lcoverage.cpp), the move picker\'s sort of the rest of a list by a '
            'bitonic network four words per vector (search/word_sort.h), the NNUE accumulator and layers in '
            '256-bit lanes',
    'avx512': 'the avx2 flags plus AVX-512 F/BW/DQ/VL/CD (no FMA), the compiler\'s own moves and '
              'vectorised loops kept at 256 bits (-mprefer-vector-width=256 -mmove-max=256 '
              '-mstore-max=256); the avx2 primitives, except that '
              'move-ordering keys are made sixteen moves at a time with masked loads and stores and the '
              'picker\'s selection scan takes eight words at a time with the unsigned compare '
              '(search/ordering.h), its sorting network eight words per vector with the unsigned 64-bit '
              'min/max (search/word_sort.h), LCOVERAGE\'s beam walk keeps the 64 distances in two vectors '
              'and lowers each segment by masked minimums (search/eval/lcoverage.cpp), and the NNUE '
              'accumulator and first layer run in 512-bit lanes (nnue/accumulator.cpp, nnue/inference.cpp)',
}


def perft(exe, core, depth):
    out = run([exe, '--simd', core, 'perft', '--edition', '2016', '--depth', str(depth), '--pseudo']).stdout
    leaves = int(re.findall(rf'^perft {depth} (\d+)$', out, re.M)[-1])
    rate = int(re.search(r'(\d+) leaves/s', out).group(1))
    return leaves, rate


def callgrind_instructions(exe, core, depth, edition):
    if shutil.which('valgrind') is None:
        return None
    with tempfile.TemporaryDirectory() as tmp:
        out_file = os.path.join(tmp, 'callgrind.out')
        result = run(['valgrind', '--tool=callgrind', f'--callgrind-out-file={out_file}',
                      exe, '--simd', core, 'bench', str(depth), edition, '1'], check=False)
        if result.returncode != 0 or not os.path.exists(out_file):
            return None
        nodes = int(re.search(r'Nodes searched\s*:\s*(\d+)', result.stdout).group(1))
        with open(out_file) as f:
            totals = re.search(r'^totals:\s*(\d+)', f.read(), re.M)
        return (int(totals.group(1)), nodes) if totals else None


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('--exe', default='build/leiserchess')
    parser.add_argument('--rounds', type=int, default=10)
    parser.add_argument('--depth-2016', type=int, default=7)
    parser.add_argument('--depth-2018', type=int, default=6)
    parser.add_argument('--perft-depth', type=int, default=5)
    parser.add_argument('--callgrind-depth', type=int, default=4)
    parser.add_argument('--out', default='perf-reports/isa.md')
    args = parser.parse_args()

    cores = runnable_cores(args.exe)
    if 'scalar' not in cores:
        sys.exit(f'isa_report: {args.exe} does not run its scalar core')
    measures = {
        'bench 2016': lambda core: bench(args.exe, core, args.depth_2016, '2016'),
        'bench 2018': lambda core: bench(args.exe, core, args.depth_2018, '2018'),
        'perft 2016 pseudo': lambda core: perft(args.exe, core, args.perft_depth),
    }
    rates = {m: {c: [] for c in cores} for m in measures}
    counts = {m: {} for m in measures}
    for round_index in range(args.rounds):
        order = cores[round_index % len(cores):] + cores[:round_index % len(cores)]
        for measure, function in measures.items():
            for core in order:
                count, rate = function(core)
                if counts[measure].setdefault(core, count) != count:
                    sys.exit(f'isa_report: {measure} under {core} counted {count}, earlier {counts[measure][core]}')
                rates[measure][core].append(rate)
        print(f'round {round_index + 1}/{args.rounds} done', file=sys.stderr)
    for measure in measures:
        if len(set(counts[measure].values())) != 1:
            sys.exit(f'isa_report: {measure}: the cores disagree on the count: {counts[measure]}')

    instructions = {}
    for edition in ('2016', '2018'):
        for core in cores:
            instructions[(core, edition)] = callgrind_instructions(args.exe, core, args.callgrind_depth, edition)

    commit = git_commit()
    lines = []
    lines.append('# Engine cores per instruction set: what each gains over the baseline core')
    lines.append('')
    lines.append(f'Generated by `scripts/isa_report.py --exe {args.exe} --rounds {args.rounds} '
                 f'--depth-2016 {args.depth_2016} --depth-2018 {args.depth_2018} --perft-depth {args.perft_depth} '
                 f'--callgrind-depth {args.callgrind_depth}` on {datetime.date.today().isoformat()}, '
                 f'commit {commit}.')
    lines.append(f'Machine: {cpu_model()}, {os.cpu_count()} logical CPUs. Cores this CPU runs: '
                 f'{", ".join(cores)}; not run here: {", ".join(c for c in CORES if c not in cores) or "none"}.')
    lines.append('')
    lines.append('## Speed, paired over the baseline core')
    lines.append('')
    lines.append(f'Each of {args.rounds} rounds ran every core once per row, in rotated order; a ratio is '
                 'the core\'s rate over the scalar core\'s rate in the same round. Median (min-max) over rounds, '
                 'and the median rate. One thread.')
    lines.append('')
    lines.append('| measurement | count (every core) | ' + ' | '.join(cores) + ' |')
    lines.append('|---|---|' + '---|' * len(cores))
    for measure in measures:
        cells = []
        for core in cores:
            ratios = [a / b for a, b in zip(rates[measure][core], rates[measure]['scalar'])]
            median_rate = statistics.median(rates[measure][core])
            unit = 'nodes/s' if measure.startswith('bench') else 'leaves/s'
            scale, prefix = (1e9, 'G') if median_rate >= 1e9 else (1e6, 'M')
            cells.append(f'{statistics.median(ratios):.3f}x ({min(ratios):.2f}-{max(ratios):.2f}); '
                         f'{median_rate / scale:.3g} {prefix}{unit}')
        label = {'bench 2016': f'bench {args.depth_2016} 2016', 'bench 2018': f'bench {args.depth_2018} 2018',
                 'perft 2016 pseudo': f'perft 2016 pseudo, depth {args.perft_depth}, start'}[measure]
        lines.append(f'| {label} | {counts[measure]["scalar"]} | ' + ' | '.join(cells) + ' |')
    lines.append('')
    lines.append('## Instructions per node (callgrind)')
    lines.append('')
    lines.append(f'`valgrind --tool=callgrind leiserchess --simd CORE bench {args.callgrind_depth} EDITION 1`: '
                 'all instructions of the process over the nodes searched.')
    lines.append('')
    lines.append('| edition | ' + ' | '.join(cores) + ' |')
    lines.append('|---|' + '---|' * len(cores))
    for edition in ('2016', '2018'):
        cells = []
        base = instructions[('scalar', edition)]
        for core in cores:
            value = instructions[(core, edition)]
            if value is None:
                cells.append('n/a (valgrind cannot run it)')
                continue
            per_node = value[0] / value[1]
            relative = f' ({per_node / (base[0] / base[1]):.3f}x)' if base else ''
            cells.append(f'{per_node:,.0f}{relative}')
        lines.append(f'| {edition} | ' + ' | '.join(cells) + ' |')
    lines.append('')
    lines.append('## What each core is')
    lines.append('')
    for core in CORES:
        lines.append(f'- **{core}**: {CORE_NOTES[core]}' + ('' if core in cores else ' (not run on this machine)'))
    lines.append('')
    with open(args.out, 'w') as f:
        f.write('\n'.join(lines))
    print(f'isa_report: wrote {args.out}', file=sys.stderr)


if __name__ == '__main__':
    main()
