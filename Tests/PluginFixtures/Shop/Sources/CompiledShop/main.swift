import Foundation
import Themeload

// Loads the compiled theme the CompiledThemesPlugin put among the resources (no format plugin is
// linked here) and prints its canonical JSON and the bytes of its embedded logo.
let theme = try ThemeLoader().load(named: "Good", in: .module).theme
print(theme.canonicalJSON())
let logo = theme.resolved(.light).images["logo"]?.variants.first?.data
print(logo.map { String(decoding: $0, as: UTF8.self) } ?? "no logo", terminator: "")
