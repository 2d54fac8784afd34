/// Reads image sets (SPEC section 6) and checks their files: a file name (`"logo.png"`, which
/// also picks up its `@2x`, `@3x`, `~ipad` and `~iphone` siblings), a list of variants, or a map
/// `{variants, renderingMode, capInsets, resizingMode}`. A variant is `{file, scale, idiom, style}`.
/// Every file must exist (`asset-missing`) and stay inside the bundle (`asset-outside-bundle`).
struct ImageSetParser {
    static let setKeys: Set<String> = ["variants", "renderingMode", "capInsets", "resizingMode"]
    static let variantKeys: Set<String> = ["file", "scale", "idiom", "style"]
    /// The members of a file family by Apple's naming convention, in the order they are listed:
    /// the plain name, then scale, then idiom.
    static let familySuffixes: [(suffix: String, scale: Int, idiom: Idiom?)] = [
        ("", 1, nil), ("@2x", 2, nil), ("@3x", 3, nil),
        ("~iphone", 1, .phone), ("@2x~iphone", 2, .phone), ("@3x~iphone", 3, .phone),
        ("~ipad", 1, .pad), ("@2x~ipad", 2, .pad), ("@3x~ipad", 3, .pad),
    ]

    let styles: StyleList
    let fileSystem: any FileSystem
    /// The bundle directory of the file a node was written in; `nil` for a single-file bundle.
    let bundleDirectory: @Sendable (String) -> String?
    private(set) var dependencies = LoadDependencies()
    /// Whether each image file named so far is there, by its path byte for byte.
    private var checked: [UTF8Key: Bool] = [:]

    init(styles: StyleList, fileSystem: any FileSystem, bundleDirectory: @escaping @Sendable (String) -> String?) {
        self.styles = styles
        self.fileSystem = fileSystem
        self.bundleDirectory = bundleDirectory
    }

    /// The image set for one style: only the variants that apply to it (those for no style, and
    /// those for `style` or, when it has none, for the nearest style of its fallback chain that
    /// has some), in source order. Every variant's file is checked, whatever its style; a set
    /// with no variant for `style` is `missing-variant`.
    mutating func parse(_ node: ThemeNode, style: String, path: DocumentPath, diagnostics: inout DiagnosticCollector) -> ImageSet? {
        guard var set = parse(node, path: path, diagnostics: &diagnostics) else { return nil }
        let styled = Set(set.variants.compactMap { $0.style?.rawValue })
        let chosen = styles.chain(from: style).first(where: styled.contains) ?? style
        set.variants.removeAll { $0.style.map { $0.rawValue != chosen } ?? false }
        guard !set.variants.isEmpty else {
            diagnostics.error(.missingVariant, "the image set has no variant for style \(style) and none for every style", at: node.location, keyPath: path)
            return nil
        }
        return set
    }

    private mutating func parse(_ node: ThemeNode, path: DocumentPath, diagnostics: inout DiagnosticCollector) -> ImageSet? {
        switch node.value {
        case .scalar(.string(let file)):
            return variantsWithSiblings(file, node: node, path: path, diagnostics: &diagnostics).map { ImageSet(variants: $0) }
        case .list:
            return variants(node, path: path, diagnostics: &diagnostics).map { ImageSet(variants: $0) }
        case .map(let map):
            if let stray = map.keys.first(where: { !Self.setKeys.contains($0) }) {
                diagnostics.error(.type, "an image set has no key \"\(stray)\"" + Suggestion.phrase(for: stray, among: Self.setKeys),
                                  at: map.keyLocation(stray) ?? node.location, keyPath: path.appending(stray))
                return nil
            }
            guard let variantsNode = map["variants"] else {
                diagnostics.error(.type, "an image set map needs variants", at: node.location, keyPath: path)
                return nil
            }
            var set = ImageSet(variants: [])
            var ok = true
            if let modeNode = map["renderingMode"] {
                if let mode = modeNode.string.flatMap(ImageSet.RenderingMode.init(rawValue:)) { set.renderingMode = mode } else {
                    ok = false
                    diagnostics.error(.type, "renderingMode must be automatic, original or template, not \(modeNode.summary)", at: modeNode.location, keyPath: path.appending("renderingMode"))
                }
            }
            if let modeNode = map["resizingMode"] {
                if let mode = modeNode.string.flatMap(ImageSet.ResizingMode.init(rawValue:)) { set.resizingMode = mode } else {
                    ok = false
                    diagnostics.error(.type, "resizingMode must be tile or stretch, not \(modeNode.summary)", at: modeNode.location, keyPath: path.appending("resizingMode"))
                }
            }
            if let insetsNode = map["capInsets"] {
                set.capInsets = InsetsParser.parse(insetsNode, path: path.appending("capInsets"), diagnostics: &diagnostics)
                ok = ok && set.capInsets != nil
            }
            guard let parsed = variants(variantsNode, path: path.appending("variants"), diagnostics: &diagnostics), ok else { return nil }
            set.variants = parsed
            return set
        default:
            diagnostics.error(.type, "an image set is a file name, a list of variants or a map, not \(node.summary)", at: node.location, keyPath: path)
            return nil
        }
    }

    private mutating func variants(_ node: ThemeNode, path: DocumentPath, diagnostics: inout DiagnosticCollector) -> [ImageVariant]? {
        guard case .list(let items) = node.value, !items.isEmpty else {
            diagnostics.error(.type, "variants must be a non-empty list, not \(node.summary)", at: node.location, keyPath: path)
            return nil
        }
        var result: [ImageVariant] = []
        var ok = true
        for (index, item) in items.enumerated() {
            if let variant = variant(item, path: path.appending(index: index), diagnostics: &diagnostics) { result.append(variant) } else { ok = false }
        }
        return ok ? result : nil
    }

    private mutating func variant(_ node: ThemeNode, path: DocumentPath, diagnostics: inout DiagnosticCollector) -> ImageVariant? {
        guard let map = node.map else {
            diagnostics.error(.type, "an image variant is a map {file, scale, idiom, style}, not \(node.summary)", at: node.location, keyPath: path)
            return nil
        }
        if let stray = map.keys.first(where: { !Self.variantKeys.contains($0) }) {
            diagnostics.error(.type, "an image variant has no key \"\(stray)\"" + Suggestion.phrase(for: stray, among: Self.variantKeys),
                              at: map.keyLocation(stray) ?? node.location, keyPath: path.appending(stray))
            return nil
        }
        guard let fileNode = map["file"], let file = fileNode.string else {
            diagnostics.error(.type, "an image variant needs a file name", at: map["file"]?.location ?? node.location, keyPath: path.appending("file"))
            return nil
        }
        var scale = 1
        if let scaleNode = map["scale"] {
            guard case .scalar(let scalar) = scaleNode.value, let value = scalar.integer, (1...3).contains(value) else {
                diagnostics.error(.type, "scale must be 1, 2 or 3, not \(scaleNode.summary)", at: scaleNode.location, keyPath: path.appending("scale"))
                return nil
            }
            scale = Int(value)
        }
        var idiom: Idiom?
        if let idiomNode = map["idiom"] {
            guard let value = idiomNode.string.flatMap(Idiom.init(rawValue:)) else {
                let names = Idiom.allCases.map(\.rawValue)
                diagnostics.error(.type, "idiom must be one of \(names.joined(separator: " ")), not \(idiomNode.summary)", at: idiomNode.location, keyPath: path.appending("idiom"))
                return nil
            }
            idiom = value
        }
        var style: ThemeStyle?
        if let styleNode = map["style"] {
            guard let name = styleNode.string, styles.variantKeys.contains(name) else {
                diagnostics.error(.type, "style must be a declared style (\(styles.names.joined(separator: ", "))), not \(styleNode.summary)", at: styleNode.location, keyPath: path.appending("style"))
                return nil
            }
            style = ThemeStyle(name)
        }
        guard let fullPath = checkFile(file, node: fileNode, path: path.appending("file"), diagnostics: &diagnostics) else { return nil }
        return ImageVariant(file: file, path: fullPath, scale: scale, idiom: idiom, style: style)
    }

    /// The bare file-name form: the file, with the scale and idiom its name says, then the other
    /// members of its family that exist (`logo.png`, `logo@2x.png`, … `logo@3x~ipad.png`).
    private mutating func variantsWithSiblings(_ file: String, node: ThemeNode, path: DocumentPath, diagnostics: inout DiagnosticCollector) -> [ImageVariant]? {
        guard let fullPath = checkFile(file, node: node, path: path, diagnostics: &diagnostics) else { return nil }
        let (stem, fileExtension) = Self.split(file)
        let (fullStem, _) = Self.split(fullPath)
        let own = Self.familySuffixes.filter { !$0.suffix.isEmpty && stem.hasSuffix($0.suffix) }.max { $0.suffix.count < $1.suffix.count }
            ?? Self.familySuffixes[0]
        let (familyStem, fullFamilyStem) = (String(stem.dropLast(own.suffix.count)), String(fullStem.dropLast(own.suffix.count)))
        var result = [ImageVariant(file: file, path: fullPath, scale: own.scale, idiom: own.idiom)]
        for member in Self.familySuffixes where member.suffix != own.suffix {
            let memberPath = fullFamilyStem + member.suffix + fileExtension
            if fileSystem.status(ofPath: memberPath)?.kind == .regular {
                guard let directory = bundleDirectory(node.location.file),
                      BundlePath.staysInside(memberPath, directory: directory, fileSystem: fileSystem) else { continue }
                dependencies.noteFile(memberPath)
                result.append(ImageVariant(file: familyStem + member.suffix + fileExtension, path: memberPath, scale: member.scale, idiom: member.idiom))
            } else {
                dependencies.noteMissing(memberPath)
            }
        }
        return result
    }

    /// The file's full path, after checking that it exists and stays inside its bundle.
    private mutating func checkFile(_ file: String, node: ThemeNode, path: DocumentPath, diagnostics: inout DiagnosticCollector) -> String? {
        guard let directory = bundleDirectory(node.location.file) else {
            diagnostics.error(.assetMissing, "the image \"\(file)\" cannot be found: a single-file theme has no assets; make it a NAME.theme directory", at: node.location, keyPath: path)
            return nil
        }
        let fullPath: String
        switch BundlePath.join(directory, file) {
        case .failure(.outside(let reason)):
            diagnostics.error(.assetOutsideBundle, "the image \(reason)", at: node.location, keyPath: path)
            return nil
        case .success(let joined):
            fullPath = joined
        }
        let key = UTF8Key(fullPath)
        if let known = checked[key] { return known ? fullPath : nil }
        let status = fileSystem.status(ofPath: fullPath)
        if status?.kind != .regular {
            dependencies.noteMissing(fullPath)
            diagnostics.error(.assetMissing, status == nil ? "the image file \"\(file)\" does not exist in the bundle" : "the image \"\(file)\" is not a regular file",
                              at: node.location, keyPath: path)
            checked[key] = false
            return nil
        }
        guard BundlePath.staysInside(fullPath, directory: directory, fileSystem: fileSystem) else {
            diagnostics.error(.assetOutsideBundle, "the image \"\(file)\" is a link that leads outside the bundle", at: node.location, keyPath: path)
            checked[key] = false
            return nil
        }
        dependencies.noteFile(fullPath)
        checked[key] = true
        return fullPath
    }

    /// `"images/logo.png"` → (`"images/logo"`, `".png"`).
    static func split(_ file: String) -> (stem: String, fileExtension: String) {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (file, "") }
        let fileExtension = String(name[dot...])
        return (String(file.dropLast(fileExtension.count)), fileExtension)
    }
}
