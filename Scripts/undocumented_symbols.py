#!/usr/bin/env python3
"""Lists the public symbols that have no doc comment in symbol graphs (swift-symbolgraph-extract's
output), and fails when there is any.

usage: undocumented_symbols.py SYMBOL-GRAPH-DIR...
"""
import json, pathlib, sys

missing, total = [], 0
for directory in sys.argv[1:]:
    for path in sorted(pathlib.Path(directory).glob("*.symbols.json")):
        for symbol in json.loads(path.read_text())["symbols"]:
            # Members the compiler made (memberwise inits, Equatable's ==) carry no comment to write.
            if "::SYNTHESIZED::" in symbol["identifier"]["precise"] or symbol.get("accessLevel") not in ("public", "open"):
                continue
            total += 1
            if not symbol.get("docComment"):
                location = symbol.get("location", {})
                file = location.get("uri", "?").split("/Sources/")[-1]
                line = location.get("position", {}).get("line", 0) + 1
                missing.append(f"Sources/{file}:{line}: {symbol['kind']['displayName'].lower()} {'.'.join(symbol['pathComponents'])} has no doc comment")
for line in sorted(missing):
    print(line)
print(f"{total - len(missing)} of {total} public symbols documented")
sys.exit(1 if missing else 0)
