import Foundation
import MallocCounter
import Themeload

/// A stand-in for a view: a main-actor object with a color property, as `UILabel` is.
@MainActor
final class BenchLabel {
    var textColor: ThemeColor?
}

/// Bytes the allocator has handed out and not yet taken back.
func allocatedBytes() -> Int {
    malloc_counter_allocated_bytes()
}

/// Re-applying 10,000 bindings after a style switch (goal under 5 ms), against a hand-written
/// loop that sets the same 10,000 properties from the theme; and the memory one binding costs.
@MainActor
func bindings() throws {
    print("## Bindings: re-applying after a style switch (median, release build)\n")
    let directory = try Measure.scratchDirectory("b")
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data("""
        levels:
          normal:
            textColor: {light: "#111111", dark: "#EEEEEE"}
            backgroundColor: {light: "#FFFFFF", dark: "#000000"}
          mainTitle:
            textColor: {light: "#0770E3", dark: "#6D9FEB"}

        """.utf8).write(to: directory.appendingPathComponent("Bench.yaml"))
    let manager = try ThemeManager(loader: ThemeLoader(registry: .standard, searchDirectories: [directory.path]),
                                   defaultTheme: "Bench", selection: .fixed(.light))
    let count = Measure.quick ? 1_000 : 10_000
    let keys: [ThemeKey<ThemeColor>] = [.color(level: "normal"), .color(level: "mainTitle"), .color(level: "normal", "backgroundColor")]

    let before = allocatedBytes()
    var labels: [BenchLabel] = []
    labels.reserveCapacity(count)
    for index in 0..<count {
        let label = BenchLabel()
        try manager.bind(label, \.textColor, to: keys[index % keys.count]) { $0 }
        labels.append(label)
    }
    let perBinding = Double(allocatedBytes() - before) / Double(count)
    let plain = allocatedBytes()
    let bare = (0..<count).map { _ in BenchLabel() }
    let perObject = Double(allocatedBytes() - plain) / Double(count)
    expect(labels.allSatisfy { $0.textColor != nil } && bare.count == count, "bindings applied")

    var styles: [ThemeStyle] = [.dark, .light]
    var handStyles: [ThemeStyle] = [.dark, .light]
    let runs = Measure.quick ? 3 : 41
    let t = try Measure.interleaved(runs: runs, [
        ("bindings", {
            styles.swapAt(0, 1)
            try manager.setStyle(styles[0])
        }),
        ("hand", {
            handStyles.swapAt(0, 1)
            let theme = manager.theme
            for (index, label) in bare.enumerated() { label.textColor = try theme.value(keys[index % keys.count], style: handStyles[0]) }
        }),
    ])
    expect(labels[0].textColor != nil, "still bound")
    print("| bindings | re-apply after a switch | hand-written loop, same writes | ratio | memory per binding (with its object) | an object alone |")
    print("|---:|---:|---:|---:|---:|---:|")
    print("| \(count) | \(Measure.milliseconds(t["bindings"]!)) ms | \(Measure.milliseconds(t["hand"]!)) ms | \(Measure.ratio(t["bindings"]!, t["hand"]!)) | \(Int(perBinding)) B | \(Int(perObject)) B |")
}
