import ArgumentParser
import Themeload
import ThemeloadToolSupport

/// `themeload formats`: the registered format plugins and their extensions.
struct FormatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "formats",
        abstract: "List the registered format plugins and the file extensions they read."
    )

    func run() {
        let plugins = registry.plugins
        let width = plugins.map(\.plugin.name.count).max() ?? 0
        for (plugin, fileExtensions) in plugins {
            let padding = String(repeating: " ", count: width - plugin.name.count)
            print("\(plugin.name)\(padding)  \(fileExtensions.map { ".\($0)" }.joined(separator: " "))")
        }
    }
}
