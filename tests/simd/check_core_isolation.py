#!/usr/bin/env python3
"""No code of a wide engine core may run before the core is chosen.

Each wide core (docs/isa-cores.md) is one object, linked on its own by
scripts/prelink_core.py. Two ways its code could still run on a CPU that lacks
its instruction set:
1. the linker binds another object's call to a function the core defines:
   so the core must define exactly its one entry, constant data
   (leiser_core_<name>, which also points to the core's C API table), and
   nothing else;
2. its static initialisers run at start-up, on every CPU: so every function
   the core's .init_array names must use no instruction beyond the baseline
   (nothing VEX/EVEX-encoded, no BMI/LZCNT) and call only functions outside
   the core (libstdc++'s std::ios_base::Init and the like).

usage: check_core_isolation.py NM OBJDUMP NAME=ARCHIVE...
"""
import re
import subprocess
import sys

# Instructions the baseline (x86-64-v2) lacks that are not VEX/EVEX-encoded
# SSE/AVX (those all start with "v"); "k..." are the AVX-512 mask moves.
NON_BASELINE = {'andn', 'bextr', 'blsi', 'blsmsk', 'blsr', 'bzhi', 'mulx', 'pdep', 'pext',
                'rorx', 'sarx', 'shlx', 'shrx', 'lzcnt', 'tzcnt', 'movbe'}


def run(*args):
    return subprocess.run(list(args), check=True, capture_output=True, text=True).stdout


def global_definitions(nm, archive):
    names = []
    for line in run(nm, '--defined-only', '--extern-only', archive).splitlines():
        parts = line.split()
        if len(parts) == 3:
            names.append(parts[2])
    return names


def undefined_symbols(nm, archive):
    return {line.split()[-1] for line in run(nm, '--undefined-only', archive).splitlines()
            if line.strip() and not line.endswith(':')}


def initialiser_sections(objdump, archive):
    """The sections (and offsets) .init_array points into."""
    targets = []
    out = run(objdump, '-r', '-j', '.init_array', archive)
    for line in out.splitlines():
        m = re.match(r'^[0-9a-f]+\s+R_X86_64_\w+\s+(\S+?)(\+0x[0-9a-f]+)?$', line.strip())
        if m:
            targets.append(m.group(1))
    return targets


def check_startup_code(objdump, archive, undefined):
    """Disassembles .text.startup (where GCC and clang put static
    initialisers); returns the problems found."""
    problems = []
    out = run(objdump, '-dr', '--no-show-raw-insn', '-j', '.text.startup', archive)
    function = None
    pending_call = None
    for line in out.splitlines():
        header = re.match(r'^[0-9a-f]+ <(.+)>:$', line)
        if header:
            function = header.group(1)
            continue
        reloc = re.match(r'^\s+[0-9a-f]+: R_X86_64_\w+\s+(\S+?)([+-]0x[0-9a-f]+)?$', line)
        if reloc:
            if pending_call and reloc.group(1) not in undefined:
                problems.append(f'{function}: {pending_call} calls {reloc.group(1)}, which the core defines')
            pending_call = None
            continue
        insn = re.match(r'^\s+[0-9a-f]+:\s+(\S+)(.*)$', line)
        if not insn:
            continue
        mnemonic, operands = insn.group(1), insn.group(2)
        if mnemonic in ('rep', 'lock', 'notrack', 'bnd', 'data16', 'cs', 'ds'):
            parts = operands.split()
            mnemonic = parts[0] if parts else mnemonic
        pending_call = mnemonic if mnemonic.startswith(('call', 'jmp')) else None
        if pending_call and '*' in operands:
            problems.append(f'{function}: indirect {mnemonic}{operands}')
        base = mnemonic.split('.')[0]
        if base.startswith('v') and base not in ('verr', 'verw') or base.startswith('k') or base in NON_BASELINE \
                or re.search(r'%[xyz]mm(1[6-9]|2\d|3[01])|%[yz]mm|%k[0-7]', operands):
            problems.append(f'{function}: {mnemonic}{operands} is beyond the baseline')
    return problems


def main(argv):
    if len(argv) < 4:
        print(__doc__, file=sys.stderr)
        return 2
    nm, objdump = argv[1], argv[2]
    failed = False
    for spec in argv[3:]:
        name, archive = spec.split('=', 1)
        expected = ['leiser_core_' + name]
        problems = []
        defined = sorted(global_definitions(nm, archive))
        if defined != expected:
            problems.append(f'global symbols {defined[:10]} ({len(defined)}); expected only {expected}')
        undefined = undefined_symbols(nm, archive)
        for target in initialiser_sections(objdump, archive):
            if target != '.text.startup' and not target.startswith('_GLOBAL__sub_I'):
                problems.append(f'.init_array names {target}, outside .text.startup')
        problems += check_startup_code(objdump, archive, undefined)
        print(f'{name}: {archive}: ' + ('ok' if not problems else 'FAIL'))
        for problem in problems[:30]:
            print('  ' + problem)
        failed = failed or bool(problems)
    print('FAIL' if failed else 'ok: every wide core is sealed, and its start-up code is baseline code')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
