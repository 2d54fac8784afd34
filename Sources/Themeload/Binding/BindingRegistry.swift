/// The live bindings of one ``ThemeManager``, on the main actor: each holds its object weakly and
/// a closure that writes the object's property from a theme. A binding whose object is gone, or
/// that was cancelled, is dropped at the next application and releases its key.
@MainActor
final class BindingRegistry {
    /// One binding. A class, so that the list is walked without copying weak references.
    @MainActor
    final class Entry {
        weak var object: AnyObject?
        let apply: @MainActor (AnyObject, Theme, ThemeStyle, SystemTraits) -> Void
        let release: @Sendable () -> Void
        var isCancelled = false

        init(object: AnyObject, apply: @escaping @MainActor (AnyObject, Theme, ThemeStyle, SystemTraits) -> Void,
             release: @escaping @Sendable () -> Void) {
            self.object = object
            self.apply = apply
            self.release = release
        }
    }

    private var entries: [Entry] = []
    private var cancelled = 0

    nonisolated init() {}

    /// The number of bindings not cancelled (objects released since the last application are
    /// counted until it drops them).
    var count: Int { entries.count - cancelled }

    /// Adds a binding.
    func add(_ entry: Entry) {
        entries.append(entry)
    }

    /// Ends a binding; the object keeps the value it has. Its key is released at once.
    func cancel(_ entry: Entry) {
        guard !entry.isCancelled else { return }
        entry.isCancelled = true
        cancelled += 1
        entry.release()
    }

    /// Writes every live binding's value; drops those cancelled or whose object is gone.
    func applyAll(theme: Theme, style: ThemeStyle, traits: SystemTraits) {
        var kept = 0
        for index in entries.indices {
            let entry = entries[index]
            guard !entry.isCancelled else { continue }
            guard let object = entry.object else {
                entry.release()
                continue
            }
            entry.apply(object, theme, style, traits)
            entries[kept] = entry
            kept += 1
        }
        entries.removeLast(entries.count - kept)
        cancelled = 0
    }
}
