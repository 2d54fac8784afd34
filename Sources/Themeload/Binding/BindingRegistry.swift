/// The live bindings of one ``ThemeManager``, on the main actor: each holds its object weakly and
/// a closure that writes the object's property from a theme. A binding whose object is gone is
/// dropped at the next application and releases its key.
@MainActor
final class BindingRegistry {
    private struct Entry {
        weak var object: AnyObject?
        let apply: @MainActor (AnyObject, Theme, ThemeStyle, SystemTraits) -> Void
        let release: @Sendable () -> Void
    }

    private var entries: [UInt64: Entry] = [:]
    private var nextID: UInt64 = 0

    nonisolated init() {}

    /// The number of bindings whose objects were alive at the last application or since.
    var count: Int { entries.count }

    /// Adds a binding and returns its number.
    func add(_ object: AnyObject, release: @escaping @Sendable () -> Void,
             apply: @escaping @MainActor (AnyObject, Theme, ThemeStyle, SystemTraits) -> Void) -> UInt64 {
        nextID += 1
        entries[nextID] = Entry(object: object, apply: apply, release: release)
        return nextID
    }

    /// Whether a binding is still live (its object alive and the binding not cancelled).
    func isActive(_ id: UInt64) -> Bool {
        entries[id]?.object != nil
    }

    /// Ends a binding; the object keeps the value it has.
    func remove(_ id: UInt64) {
        entries.removeValue(forKey: id)?.release()
    }

    /// Writes every live binding's value; drops those whose object is gone.
    func applyAll(theme: Theme, style: ThemeStyle, traits: SystemTraits) {
        var gone: [UInt64] = []
        for (id, entry) in entries {
            if let object = entry.object { entry.apply(object, theme, style, traits) } else { gone.append(id) }
        }
        for id in gone { remove(id) }
    }
}
