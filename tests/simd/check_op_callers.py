#!/usr/bin/env python3
"""Fails unless every SIMD batch op has a caller in the product.

Issue 15's rule: no op in simd/ that only tests and benchmarks call. The ops
are the X(name, ...) lines of LEISER_SIMD_BATCH_OPS in simd/batch_ops.h; a
caller is code (comments stripped) in kernel/, search/, commands/, arena/ or
capi/ that reaches the op through an implementation: `impl.name(...)`,
`impl->name(...)` or the entry `name_fn` (called, or handed on as a
function pointer, as commands/perft_command.cpp hands trace_lasers_fn to perft).
tests/, bench/ and fuzz/ do not count.

  check_op_callers.py SOURCE_ROOT [--also NAME ...]

--also adds names to check as if they were ops (the negative control names
an op that was deleted for having no caller, and must fail).
"""
import argparse
import pathlib
import re
import sys

PRODUCT_DIRS = ("kernel", "search", "commands", "arena", "capi")


def strip_comments(text):
    # Block comments, then line comments; string literals that contain `//`
    # would be cut short, which can only hide a caller, never invent one.
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("root", type=pathlib.Path)
    parser.add_argument("--also", action="append", default=[])
    args = parser.parse_args()

    batch_ops = (args.root / "simd" / "batch_ops.h").read_text()
    ops = re.findall(r"^\s*X\((\w+),", batch_ops, re.M)
    if not ops:
        print("no ops found in simd/batch_ops.h: has the list's format changed?")
        return 1
    ops += args.also

    sources = {}
    for folder in PRODUCT_DIRS:
        for path in sorted((args.root / folder).rglob("*")):
            if path.suffix in (".h", ".cpp") and path.is_file():
                sources[path.relative_to(args.root)] = strip_comments(path.read_text())

    missing = []
    for op in ops:
        # The entry by name, or the forwarding call; a field or option that
        # merely shares the op's name is neither.
        use = re.compile(r"(?:\.|->)\s*" + re.escape(op) + r"(?:_fn\b|\s*\()")
        callers = [str(p) for p, text in sources.items() if use.search(text)]
        print(f"{op}: {', '.join(callers) if callers else 'NO CALLER'}")
        if not callers:
            missing.append(op)
    if missing:
        print(f"no caller in {', '.join(d + '/' for d in PRODUCT_DIRS)} for: {', '.join(missing)}; "
              "delete the op or call it from the product")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
