#!/usr/bin/env python3
"""No AVX code may leak into baseline code through the linker.

Inline functions and template instantiations are emitted as weak (COMDAT)
symbols in every object that uses them, and the linker keeps one copy. If the
same function were compiled both in an AVX translation unit and in a baseline
one, the linker might keep the AVX copy for everyone, and a CPU without AVX
would crash in baseline code. This check lists the functions each library
defines and fails if a per-instruction-set library shares one with any other
library. A library in which nm finds no function at all fails the check too:
an empty or unreadable list would otherwise pass it by comparing nothing.

usage: check_isa_symbols.py NM --isa LIB... --baseline LIB...
"""
import subprocess
import sys


def functions(nm, lib):
    out = subprocess.run([nm, '--defined-only', '--extern-only', lib],
                         check=True, capture_output=True, text=True).stdout
    names = set()
    for line in out.splitlines():
        parts = line.split()
        # "<address> <type> <name>"; T/W are (weak) code symbols.
        if len(parts) == 3 and parts[1] in ('T', 'W'):
            names.add(parts[2])
    return names


def demangle(names):
    try:
        out = subprocess.run(['c++filt'], input='\n'.join(names), check=True,
                             capture_output=True, text=True).stdout
        return out.splitlines()
    except (OSError, subprocess.CalledProcessError):
        return list(names)


def main(argv):
    nm = argv[1]
    isa, baseline, current = [], [], None
    for arg in argv[2:]:
        if arg in ('--isa', '--baseline'):
            current = isa if arg == '--isa' else baseline
        else:
            current.append(arg)
    if not isa or not baseline:
        print('FAIL: expected at least one --isa and one --baseline library')
        return 1
    libs = {lib: functions(nm, lib) for lib in isa + baseline}
    failed = False
    for lib, names in libs.items():
        if not names:
            failed = True
            print(f'FAIL: {lib} defines no functions (is it the library meant?)')
    for lib in isa:
        print(f'{lib}: {len(libs[lib])} functions')
        for other in libs:
            if other == lib:
                continue
            shared = sorted(libs[lib] & libs[other])
            if shared:
                failed = True
                print(f'FAIL: {lib} and {other} both define:')
                for name in demangle(shared)[:20]:
                    print(f'  {name}')
    print('FAIL' if failed else 'ok: no function is compiled for two instruction sets')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
