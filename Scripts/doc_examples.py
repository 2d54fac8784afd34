#!/usr/bin/env python3
"""Collects the ```swift examples of the documentation (doc comments in Sources and the DocC
articles) into one Swift file that type-checks only if every example compiles.

Each example becomes the body of its own async throwing function, after a prelude that names what
the examples take as given (a themes folder, a loader, a manager, a theme). An example that is a
whole test (`@Test func`) keeps its function, with the attribute dropped. The UIKit, AppKit and
SwiftUI adapters cannot compile on Linux and are left out.

usage: doc_examples.py OUTPUT.swift
"""
import pathlib, re, sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SKIPPED_MODULES = {"ThemeloadUIKit", "ThemeloadAppKit", "ThemeloadSwiftUI", "ThemeloadCLI"}

PRELUDE = '''\
import Foundation
import Testing
import Themeload
import ThemeloadYAML
import ThemeloadTesting
import ThemeloadRemote

// What the examples take as given: an app's folders, loader and manager, a plugin's input.
let themesPath = "Themes"
let themesDirectory = "Themes"
let preferencesURL = URL(fileURLWithPath: "preferences.json")
let cachesURL = URL(fileURLWithPath: "Caches")
let loader = ThemeLoader.standard(searchDirectories: [themesPath])
let bundledLoader = ThemeLoader()
let registry = FormatRegistry.standard
@MainActor var manager: ThemeManager { fatalError() }
var theme: Theme { fatalError() }
var provider: ThemeProvider<ThemeColor> { fatalError() }
var pinnedKey: ThemeVerifyingKey { fatalError() }
var key: ThemeSigningKey { fatalError() }
let input = FormatInput(text: "", file: "theme.toml")
let entries: [DocumentEntry] = []
let (line, column) = (1, 1)
func apply(_ theme: Theme, _ changes: [ThemeChange]) {}
func show(_ diagnostics: [Diagnostic]) {}

// Stand-ins for the UIKit and SwiftUI types that examples in the core's comments write to (the
// adapters, ThemeloadUIKit and ThemeloadSwiftUI, give the real conversions on Apple platforms).
struct UIColor {
    init(_ color: ThemeColor) {}
    init(red: Double, green: Double, blue: Double, alpha: Double) {}
}
final class UILabel { var textColor: UIColor? }
nonisolated(unsafe) let label = UILabel()
struct Color { init(_ color: ThemeColor) {} }
struct Text {
    init(_ text: String) {}
    func foregroundStyle(_ color: Color) -> Text { self }
}
'''


def comment_text(line):
    """The text of a /// comment line, or None for any other line (which ends a block)."""
    stripped = line.strip()
    if not stripped.startswith("///"):
        return None
    text = stripped[3:]
    return text[1:] if text.startswith(" ") else text


def swift_blocks(lines):
    """The ```swift blocks among lines (None stands for a line outside any comment), with the
    line each starts on."""
    block, start = None, 0
    for number, text in enumerate(lines, 1):
        if text is None:
            block = None
        elif block is None and text.strip() == "```swift":
            block, start = [], number
        elif block is not None and text.strip() == "```":
            yield start, "\n".join(block)
            block = None
        elif block is not None:
            block.append(text)


def blocks_in_comments(path):
    return swift_blocks([comment_text(line) for line in path.read_text().splitlines()])


def blocks_in_article(path):
    return swift_blocks(path.read_text().splitlines())


def wrap(index, source, start, body):
    header = f"// {source}:{start}\n"
    body = "\n".join(line for line in body.splitlines() if not line.startswith("import "))
    if "Package(" in body or "dependencies: [" in body and ".package(url:" in body:
        return ""  # a Package.swift fragment, not app code
    if re.search(r"^\s*@Test\b", body, re.M):
        body = re.sub(r"^(\s*)@Test\s+", r"\1", body, flags=re.M)
        return header + f"@MainActor func example{index}() async throws {{\n{body}\n}}\n"
    return header + f"@MainActor func example{index}() async throws {{\n{body}\n_ = ()\n}}\n"


def main():
    output = pathlib.Path(sys.argv[1])
    parts, count = [PRELUDE], 0
    for path in sorted((ROOT / "Sources").rglob("*.swift")):
        if path.relative_to(ROOT / "Sources").parts[0] in SKIPPED_MODULES:
            continue
        for start, body in blocks_in_comments(path):
            count += 1
            parts.append(wrap(count, path.relative_to(ROOT), start, body))
    for path in sorted((ROOT / "Sources").rglob("*.docc/*.md")):
        for start, body in blocks_in_article(path):
            count += 1
            parts.append(wrap(count, path.relative_to(ROOT), start, body))
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_text("\n".join(parts))
    print(f"{count} examples written to {output}")


main()
