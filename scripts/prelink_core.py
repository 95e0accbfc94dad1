#!/usr/bin/env python3
"""Turn one wide core's static library into one self-contained object.

A core (the engine compiled for one instruction set, docs/isa-cores.md) shares
its source with the baseline core, so both define the same inline functions,
template instantiations (std::string, TBB, ...) and classes. Linked as they are,
the linker would keep one copy of each weak symbol for everyone, perhaps the
AVX-512 one, and a CPU without AVX-512 would crash in baseline code.

So the core is linked on its own first (`ld -r`, every member of the archive,
section groups dissolved so that no COMDAT can be merged with another core's
later), then every symbol it defines is made local except its entry point (the
core's table, core/cores.h, which also points to its C API table,
capi/core_api.h).
What it still needs from outside (libstdc++, TBB, the baseline SIMD dispatch)
stays an undefined reference, resolved at the final link.

usage: prelink_core.py LD OBJCOPY AR ENTRY_SYMBOL[,ENTRY_SYMBOL...] INPUT.a OUTPUT.a
(OUTPUT is an archive holding the one object, so that Meson can link it.)
"""
import os
import subprocess
import sys
import tempfile


def main(argv):
    if len(argv) != 7:
        print(__doc__, file=sys.stderr)
        return 2
    ld, objcopy, ar, entries, archive, output = argv[1:]
    with tempfile.TemporaryDirectory() as tmp:
        linked = os.path.join(tmp, 'linked.o')
        isolated = os.path.join(tmp, os.path.basename(output)[:-2] + '.o')
        subprocess.run([ld, '-r', '--force-group-allocation', '--whole-archive', archive,
                        '-o', linked], check=True)
        keep = ['--keep-global-symbol=' + entry for entry in entries.split(',')]
        subprocess.run([objcopy] + keep + [linked, isolated], check=True)
        if os.path.exists(output):
            os.remove(output)
        subprocess.run([ar, 'rcs', output, isolated], check=True)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
