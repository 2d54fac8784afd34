#!/usr/bin/env bash
# The documentation, checked: every public symbol of the libraries has a doc comment, the DocC
# catalog (Sources/Themeload/Themeload.docc) and the other modules' documentation build with no
# warning, and every ```swift example in doc comments and articles compiles.
#
# It reads the modules of a debug build (`swift build` or `swift test` first) and uses the
# toolchain's own swift-symbolgraph-extract and docc, so it adds no dependency. The UIKit, AppKit
# and SwiftUI adapters are empty on Linux and are documented on Apple platforms only.
# Output goes to .build/docs (the archives can be previewed with `docc preview`).
set -euo pipefail
cd "$(dirname "$0")/.."

modules=$(swift build --show-bin-path)/Modules
out=.build/docs
triple=$(swift -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')
rm -rf "$out"
mkdir -p "$out"

libraries=(Themeload ThemeloadTesting ThemeloadRemote ThemeloadYAML ThemeloadBundledThemes)
for module in "${libraries[@]}"; do
    mkdir -p "$out/symbol-graphs/$module"
    swift-symbolgraph-extract -module-name "$module" -I "$modules" -I Sources/CYAML -target "$triple" \
        -minimum-access-level public -output-dir "$out/symbol-graphs/$module"
done

echo "-- doc comments"
python3 Scripts/undocumented_symbols.py "$out"/symbol-graphs/*

echo "-- DocC (warnings are errors)"
for module in "${libraries[@]}"; do
    catalog=()
    [ -d "Sources/$module/$module.docc" ] && catalog=("Sources/$module/$module.docc")
    docc convert "${catalog[@]}" --additional-symbol-graph-dir "$out/symbol-graphs/$module" \
        --output-path "$out/$module.doccarchive" --warnings-as-errors \
        --fallback-display-name "$module" --fallback-bundle-identifier "org.themeload.$module" >/dev/null
    echo "$module: built"
done

echo "-- examples"
python3 Scripts/doc_examples.py "$out/examples/Examples.swift"
swiftc -typecheck -suppress-warnings -I "$modules" -I Sources/CYAML "$out/examples/Examples.swift"
echo "every example compiles"
