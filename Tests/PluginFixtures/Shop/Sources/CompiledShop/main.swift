import Foundation
import Themeload

// Loads the compiled theme the CompiledThemesPlugin put among the resources (no format plugin is
// linked here) by the name its typed keys give, and prints its canonical JSON and the bytes of its
// embedded logo, read through its key.
let theme = try ThemeLoader().load(named: GoodTheme.name, in: .module).theme
print(theme.canonicalJSON())
let logo = try theme.imageProvider(GoodTheme.Image.logo)(.light).variants.first?.data
print(logo.map { String(decoding: $0, as: UTF8.self) } ?? "no logo", terminator: "")
