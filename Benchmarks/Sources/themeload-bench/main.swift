import BenchLibYAML
import Foundation
import MallocCounter
import Themeload
import ThemeloadYAML
import ThemeloadTesting

/// The floor a libyaml-based parser cannot beat: parse events and drop them.
func bareEventLoop(_ bytes: Data) -> Int {
    var parser = yaml_parser_t()
    guard yaml_parser_initialize(&parser) == 1 else { return 0 }
    defer { yaml_parser_delete(&parser) }
    var events = 0
    bytes.withUnsafeBytes { raw in
        guard let base = raw.bindMemory(to: UInt8.self).baseAddress else { return }
        yaml_parser_set_input_string(&parser, base, raw.count)
        var event = yaml_event_t()
        while yaml_parser_parse(&parser, &event) == 1 {
            let done = event.type == YAML_STREAM_END_EVENT
            yaml_event_delete(&event)
            events += 1
            if done { break }
        }
    }
    return events
}

func expect(_ condition: Bool, _ message: String) {
    if !condition {
        FileHandle.standardError.write(Data("benchmark setup failed: \(message)\n".utf8))
        exit(1)
    }
}

func formats() throws {
    print("## Format plugins against their baselines (median of interleaved runs, release build)\n")
    print("| document | bytes | bare libyaml loop | YAMLFormat | YAML ratio | JSONSerialization | JSONFormat | JSON speedup | PropertyListSerialization | PropertyListFormat | plist ratio |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for (label, size) in Measure.quick ? [("3 KB", 3_000)] : [("3 KB", 3_000), ("150 KB", 150_000), ("4 MB", 4_000_000)] {
        let generator = ThemeGenerator.sized(bytes: size)
        let yaml = Data(generator.yaml.utf8), json = generator.json, plist = generator.plist
        let yamlFormat = YAMLFormat(), jsonFormat = JSONFormat(), plistFormat = PropertyListFormat()
        var limits = Limits.default
        limits.maxFileSize = 64 * 1024 * 1024
        expect(bareEventLoop(yaml) > 0, "libyaml scan")
        _ = try yamlFormat.parse(FormatInput(bytes: yaml, file: "/home/user/Projects/App/Themes/Generated.theme/theme.yaml", limits: limits))
        _ = try jsonFormat.parse(FormatInput(bytes: json, file: "/home/user/Projects/App/Themes/Generated.theme/theme.json", limits: limits))
        _ = try plistFormat.parse(FormatInput(bytes: plist, file: "/home/user/Projects/App/Themes/Generated.theme/theme.plist", limits: limits))
        let once = try Measure.seconds {
            _ = bareEventLoop(yaml)
            _ = try yamlFormat.parse(FormatInput(bytes: yaml, file: "/home/user/Projects/App/Themes/Generated.theme/theme.yaml", limits: limits))
            _ = try JSONSerialization.jsonObject(with: json)
            _ = try jsonFormat.parse(FormatInput(bytes: json, file: "/home/user/Projects/App/Themes/Generated.theme/theme.json", limits: limits))
            _ = try PropertyListSerialization.propertyList(from: plist, format: nil)
            _ = try plistFormat.parse(FormatInput(bytes: plist, file: "/home/user/Projects/App/Themes/Generated.theme/theme.plist", limits: limits))
        }
        let runs = Measure.rounds(budget: 20, perRound: once)
        let t = try Measure.interleaved(runs: runs, [
            ("bare", { _ = bareEventLoop(yaml) }),
            ("yaml", { _ = try yamlFormat.parse(FormatInput(bytes: yaml, file: "/home/user/Projects/App/Themes/Generated.theme/theme.yaml", limits: limits)) }),
            ("jsonSerialization", { _ = try JSONSerialization.jsonObject(with: json) }),
            ("json", { _ = try jsonFormat.parse(FormatInput(bytes: json, file: "/home/user/Projects/App/Themes/Generated.theme/theme.json", limits: limits)) }),
            ("plistSerialization", { _ = try PropertyListSerialization.propertyList(from: plist, format: nil) }),
            ("plist", { _ = try plistFormat.parse(FormatInput(bytes: plist, file: "/home/user/Projects/App/Themes/Generated.theme/theme.plist", limits: limits)) }),
        ])
        let cells = [
            "\(label) (yaml \(yaml.count), json \(json.count), plist \(plist.count))", "\(yaml.count)",
            "\(Measure.milliseconds(t["bare"]!)) ms (\(Measure.megabytesPerSecond(bytes: yaml.count, seconds: t["bare"]!)) MB/s)",
            "\(Measure.milliseconds(t["yaml"]!)) ms (\(Measure.megabytesPerSecond(bytes: yaml.count, seconds: t["yaml"]!)) MB/s)",
            Measure.ratio(t["yaml"]!, t["bare"]!),
            "\(Measure.milliseconds(t["jsonSerialization"]!)) ms (\(Measure.megabytesPerSecond(bytes: json.count, seconds: t["jsonSerialization"]!)) MB/s)",
            "\(Measure.milliseconds(t["json"]!)) ms (\(Measure.megabytesPerSecond(bytes: json.count, seconds: t["json"]!)) MB/s)",
            Measure.ratio(t["jsonSerialization"]!, t["json"]!),
            "\(Measure.milliseconds(t["plistSerialization"]!)) ms",
            "\(Measure.milliseconds(t["plist"]!)) ms",
            Measure.ratio(t["plist"]!, t["plistSerialization"]!),
        ]
        print("| " + cells.joined(separator: " | ") + " |  (\(runs) runs)")
    }
}

func loading() throws {
    print("## Load and resolve against parsing alone (median of interleaved runs, release build)\n")
    print("| tokens | YAML bytes | parse only | load + resolve | resolve share | µs per token |")
    print("|---:|---:|---:|---:|---:|---:|")
    let directory = try Measure.scratchDirectory("y")
    defer { try? FileManager.default.removeItem(at: directory) }
    var limits = Limits.default
    limits.maxFileSize = 64 * 1024 * 1024
    let loader = ThemeLoader(registry: .standard, searchDirectories: [directory.path], limits: limits)
    for tokens in Measure.quick ? [50, 2_000] : [50, 2_000, 50_000] {
        let generator = ThemeGenerator(tokens: tokens)
        let yaml = Data(generator.yaml.utf8)
        try yaml.write(to: directory.appendingPathComponent("Generated.yaml"))
        let report = loader.report(for: .named("Generated"))
        expect(report.theme != nil, "generated theme loads: \(report.errors.prefix(3))")
        let counted = generator.paletteCount + generator.fontCount + generator.metricCount + generator.levelCount * 4
        let once = try Measure.seconds { _ = try loader.load(named: "Generated") }
        let runs = Measure.rounds(budget: 20, perRound: once * 1.5)
        let t = try Measure.interleaved(runs: runs, [
            ("parse", { _ = try YAMLFormat().parse(FormatInput(bytes: yaml, file: "/home/user/Projects/App/Themes/Generated.theme/theme.yaml", limits: limits)) }),
            ("load", { _ = try loader.load(named: "Generated") }),
        ])
        print("| \(counted) | \(yaml.count) | \(Measure.milliseconds(t["parse"]!)) ms | \(Measure.milliseconds(t["load"]!)) ms | \(Measure.ratio(t["load"]!, t["parse"]!)) | \(String(format: "%.2f", t["load"]! / Double(counted) * 1e6)) |  (\(runs) runs)")
    }
}

/// A DTCG token file read as a theme (tree, aliases, conversion, resolution) against the JSON
/// plugin parsing the same bytes.
func designTokens() throws {
    print("## Design tokens: loading a DTCG file against parsing its JSON (median of interleaved runs, release build)\n")
    print("| tokens | bytes | JSONFormat parse | load as tokens | ratio | µs per token |")
    print("|---:|---:|---:|---:|---:|---:|")
    let directory = try Measure.scratchDirectory("t")
    defer { try? FileManager.default.removeItem(at: directory) }
    for tokens in Measure.quick ? [500] : [5_000] {
        let bytes = TokenGenerator(tokens: tokens).json
        let path = directory.appendingPathComponent("Design.tokens.json").path
        try bytes.write(to: URL(fileURLWithPath: path))
        let loader = ThemeLoader()
        let report = loader.report(for: .path(path))
        expect(report.theme != nil && report.errors.isEmpty, "generated tokens load: \(report.errors.prefix(3))")
        let once = try Measure.seconds { _ = try loader.load(atPath: path) }
        let runs = Measure.rounds(budget: 20, perRound: once * 1.5)
        let t = try Measure.interleaved(runs: runs, [
            ("parse", { _ = try JSONFormat().parse(FormatInput(bytes: bytes, file: path)) }),
            ("load", { _ = try loader.load(atPath: path) }),
        ])
        print("| \(tokens) | \(bytes.count) | \(Measure.milliseconds(t["parse"]!)) ms | \(Measure.milliseconds(t["load"]!)) ms | \(Measure.ratio(t["load"]!, t["parse"]!)) | \(String(format: "%.2f", t["load"]! / Double(tokens) * 1e6)) |  (\(runs) runs)")
    }
}

func provider() throws {
    print("## One provider read (release build)\n")
    let directory = try Measure.scratchDirectory("p")
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data(ThemeGenerator(tokens: 2_000).yaml.utf8).write(to: directory.appendingPathComponent("Generated.yaml"))
    let theme = try ThemeLoader(registry: .standard, searchDirectories: [directory.path]).load(named: "Generated").theme
    guard let color = theme.colorProvider(level: "mainTitle") else { expect(false, "provider"); return }
    let styles: [ThemeStyle] = [.light, .dark]
    let reads = Measure.quick ? 10_000 : 20_000_000
    var samples: [Double] = []
    var allocations = 0
    var checksum = 0.0
    malloc_counter_set_enabled(1)
    defer { malloc_counter_set_enabled(0) }
    for _ in 0..<9 {
        let before = malloc_counter_calls()
        let seconds = Measure.seconds {
            for index in 0..<reads { checksum += color(styles[index & 1]).red }
        }
        allocations += malloc_counter_calls() - before
        samples.append(seconds / Double(reads) * 1e9)
    }
    let counter = malloc_counter_available() == 1 ? "\(allocations) mallocs in \(9 * reads) reads" : "malloc counting unavailable here"
    print("ThemeProvider<ThemeColor> read, alternating light and dark: median \(String(format: "%.2f", Measure.median(samples))) ns per read over 9 × \(reads) reads; \(counter) (checksum \(Int(checksum) % 10))")
}

func reload() async throws {
    print("## Hot reload (release build, real files in a temporary directory)\n")
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("themeload-bench-r-\(getpid())")
    defer { try? FileManager.default.removeItem(at: root) }
    print("| watched files | poll with no change (median) | per 100 files |")
    print("|---:|---:|---:|")
    for count in Measure.quick ? [10] : [10, 100, 1_000] {
        let directory = root.appendingPathComponent("n\(count)")
        let bundle = directory.appendingPathComponent("Main.theme")
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        // A manifest that includes count - 1 partial files: count files read, plus probed paths.
        let partials = (1..<count).map { "part\($0).json" }
        try Data(("include:\n" + partials.map { "  - \($0)\n" }.joined() + "levels:\n  normal: {}\n").utf8)
            .write(to: bundle.appendingPathComponent("theme.yaml"))
        for (index, name) in partials.enumerated() {
            try Data(##"{"palette": {"c\##(index)": "#123456"}}"##.utf8).write(to: bundle.appendingPathComponent(name))
        }
        let watcher = ThemeWatcher(loader: ThemeLoader(registry: .standard, searchDirectories: [directory.path]), source: .named("Main"))
        let watched = await watcher.watchedPaths.count
        var samples: [Double] = []
        for _ in 0..<max(20, 20_000 / count) {
            let start = DispatchTime.now().uptimeNanoseconds
            let outcome = await watcher.poll()
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            guard case .unchanged = outcome else { expect(false, "a quiet poll saw a change"); return }
        }
        let median = Measure.median(samples)
        print("| \(watched) (\(count) read, \(watched - count) probed) | \(String(format: "%.3f", median * 1000)) ms | \(String(format: "%.3f", median * 1000 / Double(watched) * 100)) ms |")
    }

    print("\nWrite to published reload, 2,000-token theme, 500 ms interval, write at a random moment:\n")
    let directory = root.appendingPathComponent("latency")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let file = directory.appendingPathComponent("Generated.yaml")
    let base = ThemeGenerator(tokens: 2_000).yaml
    try Data(base.utf8).write(to: file)
    let watcher = ThemeWatcher(loader: ThemeLoader(registry: .standard, searchDirectories: [directory.path]), source: .named("Generated"), interval: .milliseconds(500))
    let events = await watcher.events()
    let polling = Task { await watcher.run() }
    var iterator = events.makeAsyncIterator()
    _ = await iterator.next()  // the initial theme
    FileHandle.standardError.write(Data("initial theme received\n".utf8))
    var latencies: [Double] = []
    for round in 0..<(Measure.quick ? 2 : 15) {
        try await Task.sleep(for: .milliseconds(Int.random(in: 50...700)))
        // Saved as editors save, a new file renamed over the old: a write in place empties the
        // file first, and a poll that lands in between reads an empty theme (a failed reload,
        // the last good theme kept), which is no latency of a save.
        try Data((base + "# edit \(round)\n").utf8).write(to: file, options: .atomic)
        let written = DispatchTime.now().uptimeNanoseconds
        let event = await iterator.next()
        guard case .reloaded? = event else { expect(false, "reload: \(String(describing: event))"); return }
        latencies.append(Double(DispatchTime.now().uptimeNanoseconds - written) / 1e6)
        FileHandle.standardError.write(Data("round \(round): \(Int(latencies.last ?? 0)) ms\n".utf8))
    }
    polling.cancel()
    let sorted = latencies.sorted()
    print("median \(String(format: "%.0f", Measure.median(latencies))) ms, max \(String(format: "%.0f", sorted.last ?? 0)) ms over \(latencies.count) writes (goal: within one interval plus 50 ms, 550 ms)")
}

func compiled() throws {
    print("## Compiled themes against their sources and against JSONSerialization (median of interleaved runs, release build)\n")
    print("| tokens | compiled bytes | load sources | load compiled | compiled / sources | JSONSerialization of its canonical JSON | compiled / JSONSerialization |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    let directory = try Measure.scratchDirectory("c")
    defer { try? FileManager.default.removeItem(at: directory) }
    var limits = Limits.default
    limits.maxFileSize = 64 * 1024 * 1024
    for tokens in Measure.quick ? [2_000] : [2_000, 50_000] {
        try Data(ThemeGenerator(tokens: tokens).yaml.utf8).write(to: directory.appendingPathComponent("Generated.yaml"))
        let sources = ThemeLoader(registry: .standard, searchDirectories: [directory.path], limits: limits)
        let theme = try sources.load(named: "Generated").theme
        let compiledPath = directory.appendingPathComponent("Built/Generated.themec").path
        try CompiledTheme.write(theme, toPath: compiledPath)
        let compiledLoader = ThemeLoader(limits: limits)
        let canonical = Data(theme.canonicalJSON().utf8)
        expect(try compiledLoader.load(atPath: compiledPath).theme.canonicalJSON() == theme.canonicalJSON(), "compiled round trip")
        let once = try Measure.seconds { _ = try sources.load(named: "Generated") }
        let runs = Measure.rounds(budget: 20, perRound: once * 1.5)
        let t = try Measure.interleaved(runs: runs, [
            ("sources", { _ = try sources.load(named: "Generated") }),
            ("compiled", { _ = try compiledLoader.load(atPath: compiledPath) }),
            ("jsonSerialization", { _ = try JSONSerialization.jsonObject(with: canonical) }),
        ])
        let size = (try? FileManager.default.attributesOfItem(atPath: compiledPath)[.size] as? Int) ?? 0
        print("| \(tokens) | \(size) | \(Measure.milliseconds(t["sources"]!)) ms | \(Measure.milliseconds(t["compiled"]!)) ms | \(Measure.ratio(t["compiled"]!, t["sources"]!)) | \(Measure.milliseconds(t["jsonSerialization"]!)) ms (\(canonical.count) bytes) | \(Measure.ratio(t["compiled"]!, t["jsonSerialization"]!)) |  (\(runs) runs)")
    }
}

/// Times one bare libyaml event scan or one JSONSerialization parse of a file in this process
/// (median of `runs`), in seconds, for the whole-tool script's baselines.
func baseline(_ kind: String, path: String, runs: Int) throws {
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    var samples: [Double] = []
    for _ in 0..<runs {
        samples.append(try Measure.seconds {
            if kind == "scan-yaml" { expect(bareEventLoop(bytes) > 0, "scan") } else { _ = try JSONSerialization.jsonObject(with: bytes) }
        })
    }
    print(String(format: "%.4f", Measure.median(samples)))
}

/// Loops of one parser over the 4 MB document, for profilers:
/// `themeload-bench profile-yaml|profile-bare|profile-json|profile-plist|profile-load|profile-compiled|profile-tokens|profile-tokens-json`
/// (`load`: a whole load of a YAML theme; `compiled`: of its compiled form; `tokens`: of the
/// 5,000-token DTCG file of the `tokens` benchmark; `tokens-json`: the JSON plugin's parse of that
/// file, the row's baseline); the environment variables PROFILE_BYTES and
/// PROFILE_RUNS change the size (4,000,000) and the count (30).
func profile(_ parser: String) throws {
    let environment = ProcessInfo.processInfo.environment
    let bytes = environment["PROFILE_BYTES"].flatMap { Int($0) } ?? 4_000_000
    // Made only for the modes that read a generated theme, so a profile holds the loop alone.
    var generator: ThemeGenerator { ThemeGenerator.sized(bytes: bytes) }
    var limits = Limits.default
    limits.maxFileSize = 64 * 1024 * 1024
    let directory = try Measure.scratchDirectory("profile")
    defer { try? FileManager.default.removeItem(at: directory) }
    let run: () throws -> Void
    switch parser {
    case "profile-yaml":
        let yaml = Data(generator.yaml.utf8)
        run = { _ = try YAMLFormat().parse(FormatInput(bytes: yaml, file: "/home/user/Projects/App/Themes/Generated.theme/theme.yaml", limits: limits)) }
    case "profile-bare":
        let yaml = Data(generator.yaml.utf8)
        run = { _ = bareEventLoop(yaml) }
    case "profile-json":
        let json = generator.json
        run = { _ = try JSONFormat().parse(FormatInput(bytes: json, file: "/home/user/Projects/App/Themes/Generated.theme/theme.json", limits: limits)) }
    case "profile-load":
        try Data(generator.yaml.utf8).write(to: directory.appendingPathComponent("Generated.yaml"))
        let loader = ThemeLoader(registry: .standard, searchDirectories: [directory.path], limits: limits)
        run = { _ = try loader.load(named: "Generated") }
    case "profile-compiled":
        try Data(generator.yaml.utf8).write(to: directory.appendingPathComponent("Generated.yaml"))
        let theme = try ThemeLoader(registry: .standard, searchDirectories: [directory.path], limits: limits).load(named: "Generated").theme
        let path = directory.appendingPathComponent("Generated.themec").path
        try CompiledTheme.write(theme, toPath: path)
        run = { _ = try ThemeLoader(limits: limits).load(atPath: path) }
    case "profile-tokens":
        let path = directory.appendingPathComponent("Design.tokens.json").path
        try TokenGenerator(tokens: 5_000).json.write(to: URL(fileURLWithPath: path))
        run = { _ = try ThemeLoader().load(atPath: path) }
    case "profile-tokens-json":
        let json = TokenGenerator(tokens: 5_000).json
        run = { _ = try JSONFormat().parse(FormatInput(bytes: json, file: directory.appendingPathComponent("Design.tokens.json").path)) }
    case "profile-plist":
        let plist = generator.plist
        run = { _ = try PropertyListFormat().parse(FormatInput(bytes: plist, file: "/home/user/Projects/App/Themes/Generated.theme/theme.plist", limits: limits)) }
    default:
        return
    }
    for _ in 0..<(environment["PROFILE_RUNS"].flatMap { Int($0) } ?? 30) { try run() }
}

let arguments = Set(CommandLine.arguments.dropFirst())
if CommandLine.arguments.count == 4, ["scan-yaml", "parse-json"].contains(CommandLine.arguments[1]) {
    try baseline(CommandLine.arguments[1], path: CommandLine.arguments[2], runs: Int(CommandLine.arguments[3]) ?? 5)
    exit(0)
}
if CommandLine.arguments.count == 4, CommandLine.arguments[1] == "generate" {
    let generator = ThemeGenerator(tokens: Int(CommandLine.arguments[2]) ?? 50_000)
    let directory = URL(fileURLWithPath: CommandLine.arguments[3])
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try Data(generator.yaml.utf8).write(to: directory.appendingPathComponent("Generated.yaml"))
    try generator.json.write(to: directory.appendingPathComponent("GeneratedJSON.json"))
    try TokenGenerator(tokens: 5_000).json.write(to: directory.appendingPathComponent("Design.tokens.json"))
    exit(0)
}
if let parser = arguments.first(where: { $0.hasPrefix("profile-") }) { try profile(parser); exit(0) }
let all = arguments.isEmpty
if all || arguments.contains("formats") { try formats(); print() }
if all || arguments.contains("loading") { try loading(); print() }
if all || arguments.contains("provider") { try provider(); print() }
if all || arguments.contains("tokens") { try designTokens(); print() }
if all || arguments.contains("compiled") { try compiled(); print() }
if all || arguments.contains("reload") { try await reload(); print() }
if all || arguments.contains("bindings") { try bindings(); print() }
