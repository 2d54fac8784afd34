import ArgumentParser
import Foundation
import Themeload
import ThemeloadBundledThemes
import ThemeloadToolSupport

/// `themeload show [THEME] [--style S] [--level L] [--format table|json] [--watch [--interval SECONDS]]`.
struct ShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show a theme's resolved level table.",
        discussion: """
            With no theme, shows the bundled Default theme. Each cell shows the value in every \
            style, side by side (one value when the styles agree); colors get a swatch when the \
            output is a terminal (set NO_COLOR to turn that off).

            With --watch, the table is redrawn whenever a file of the theme changes: changed cells \
            are marked, an edit that breaks the theme shows its diagnostics under the last good \
            table, and fixing it recovers. Ctrl-C exits. With --watch --format json, every \
            successful load prints one canonical JSON document on one line, for scripts; \
            diagnostics go to standard error.

            Examples:
              themeload show
              themeload show Themes/Moments.theme --style dark
              themeload show Themes/Moments.theme --layout rows
              themeload show Moments --search-path Themes --level mainTitle
              themeload show Themes/Moments.theme --watch
              themeload show Themes/Moments.theme --watch --format json --interval 0.2
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case table, json
    }

    @Argument(help: "A theme bundle, file or Tokens Studio folder path, or a theme name to look up.", completion: ThemeCompletion.theme)
    var theme: String = BundledThemes.defaultThemeName

    @Option(help: "Show only this style.", completion: ThemeCompletion.style)
    var style: String?

    @Option(help: "Show only this level.", completion: ThemeCompletion.level)
    var level: String?

    @Option(help: "table (default) or json (the canonical form).")
    var format: Format = .table

    @Option(help: "How to lay out the table: auto (default: columns when they fit in the terminal, else rows), columns, or rows (a block per level, a line per property).")
    var layout: LevelTableRenderer.Layout = .auto

    @Flag(help: "Keep watching the theme's files and show every change.")
    var watch = false

    // Unconditional, so that `--interval -1` reaches validate() and is told what is wrong,
    // instead of being taken for an option and reported as a missing value.
    @Option(parsing: .unconditional, help: "With --watch: seconds between polls of the files.")
    var interval: Double = 0.5

    @OptionGroup var options: ThemeOptions

    func validate() throws {
        guard interval > 0, interval <= 3600 else { throw ValidationError("--interval must be more than 0 and at most 3600 seconds.") }
        if !watch && interval != 0.5 { throw ValidationError("--interval goes with --watch.") }
    }

    func run() async throws {
        if watch { return try await runWatching() }
        let loaded = try loadTheme(theme, options: options)
        let (styles, levels) = try selection(in: loaded)
        switch format {
        case .json:
            let onlyStyle = self.style == nil ? nil : styles.first
            Output.write((level.map { loaded.canonicalJSON(level: $0, style: onlyStyle) } ?? loaded.canonicalJSON(style: onlyStyle)) + "\n")
        case .table:
            Output.write(LevelTableRenderer(theme: loaded, colors: LevelTableRenderer.terminalWantsColor, layout: layout, width: LevelTableRenderer.terminalWidth)
                .render(styles: styles, levels: levels))
        }
    }

    /// The styles and levels to show, checked against the theme (a usage error when absent).
    private func selection(in theme: Theme) throws -> (styles: [ThemeStyle], levels: [String]) {
        let style = try validateStyle(self.style, in: theme)
        if let level, !theme.levels.contains(level) {
            throw ValidationError("The theme \(theme.name) has no level \"\(level)\"; its levels are \(theme.levels.joined(separator: ", ")).")
        }
        return (style.map { [$0] } ?? theme.styles, level.map { [$0] } ?? theme.levels)
    }

    private func runWatching() async throws {
        let watcher = ThemeWatcher(loader: options.loader(), source: options.source(theme), interval: .milliseconds(Int(interval * 1000)))
        let events = await watcher.events()
        let polling = Task { await watcher.run() }
        let stop = SignalStop(signals: [SIGINT, SIGTERM]) { polling.cancel() }
        let interactive = format == .table && isatty(STDOUT_FILENO) == 1
        if interactive { Output.write("\u{1B}[?25l") }  // hide the cursor while redrawing
        var lastGood: Theme?
        var updated = "never"
        for await event in events {
            switch event {
            case .reloaded(let theme, let changes):
                lastGood = theme
                updated = Self.clockTime()
                let warnings = await watcher.diagnostics
                if format == .json {
                    for warning in warnings { printError(warning.description) }
                    let style = self.style.map { ThemeStyle($0) }.flatMap { theme.styles.contains($0) ? $0 : nil }
                    Output.write(theme.canonicalJSON(style: style, pretty: false) + "\n")
                } else {
                    draw(theme, changes: changes, diagnostics: warnings, interactive: interactive, updated: updated)
                }
            case .failed(let diagnostics):
                if format == .json {
                    for diagnostic in diagnostics { printError(diagnostic.description) }
                } else {
                    draw(lastGood, changes: [], diagnostics: diagnostics, interactive: interactive, updated: updated)
                }
            }
        }
        if interactive { Output.write("\u{1B}[0m\u{1B}[?25h\n") }  // restore the terminal
        stop.cancel()
    }

    /// Draws a screen; `updated` is when the theme shown was loaded (a failed load keeps it).
    private func draw(_ theme: Theme?, changes: [ThemeChange], diagnostics: [Diagnostic], interactive: Bool, updated: String) {
        let time = Self.clockTime()
        var screen = interactive ? "\u{1B}[H\u{1B}[2J" : "── \(time) ──\n"
        if let theme {
            let styles = style.map { ThemeStyle($0) }.flatMap { theme.styles.contains($0) ? [$0] : nil } ?? theme.styles
            let levels = level.flatMap { theme.levels.contains($0) ? [$0] : nil } ?? theme.levels
            let changed = Set(changes.filter { $0.section == .levels && styles.contains($0.style) }.map { "\($0.name).\($0.property ?? "")" })
            screen += LevelTableRenderer(theme: theme, colors: interactive && LevelTableRenderer.terminalWantsColor, changed: changed,
                                         layout: layout, width: interactive ? LevelTableRenderer.terminalWidth : nil)
                .render(styles: styles, levels: levels)
        } else {
            screen += "(the theme has not loaded yet)\n"
        }
        if !diagnostics.isEmpty {
            let errors = diagnostics.filter { $0.severity == .error }.count
            screen += "\n" + (errors > 0 ? "The last edit does not load; showing the last good theme.\n" : "")
            screen += diagnostics.map(\.description).joined(separator: "\n") + "\n"
        }
        if interactive { screen += "\nWatching \(self.theme) · updated \(updated) · Ctrl-C to quit\n" }
        Output.write(screen)
    }

    private static func clockTime() -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm:ss"
        return formatter.string(from: Date())
    }
}

/// Runs an action when one of the signals arrives, instead of the process dying mid-draw.
final class SignalStop {
    private let sources: [any DispatchSourceSignal]

    init(signals: [Int32], action: @escaping @Sendable () -> Void) {
        sources = signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler(handler: action)
            source.resume()
            return source
        }
    }

    func cancel() {
        for source in sources { source.cancel() }
    }
}
