#!/usr/bin/env python3
"""Turns a text file into a C++ source defining a function that returns it.

Usage: embed_text.py INPUT OUTPUT NAMESPACE FUNCTION
Writes `std::string_view NAMESPACE::FUNCTION()` returning INPUT's bytes, as a
raw string literal (split every 8 KB: compilers limit one literal's length).
The browser board's page is built into the program this way (web/meson.build).
"""
import sys


def main() -> int:
    if len(sys.argv) != 5:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    source, output, namespace, function = sys.argv[1:]
    text = open(source, encoding="utf-8").read()
    delimiter = "leiser_embed"
    if ")" + delimiter + '"' in text:
        print(f"embed_text.py: {source} holds the delimiter )leiser_embed\"", file=sys.stderr)
        return 1
    chunks = [text[i:i + 8192] for i in range(0, len(text), 8192)] or [""]
    literal = "\n".join(f'R"{delimiter}({chunk}){delimiter}"' for chunk in chunks)
    with open(output, "w", encoding="utf-8") as out:
        out.write(f"// Generated from {source} by scripts/embed_text.py; do not edit.\n")
        out.write("#include <string_view>\n\n")
        out.write(f"namespace {namespace} {{\n\n")
        out.write(f"namespace {{\nconstexpr char kText[] =\n{literal};\n}}  // namespace\n\n")
        out.write(f"std::string_view {function}() {{ return {{kText, sizeof kText - 1}}; }}\n\n")
        out.write(f"}}  // namespace {namespace}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
