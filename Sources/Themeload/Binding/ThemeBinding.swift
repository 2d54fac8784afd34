/// A binding of an object's property to a theme value, made by ``ThemeManager/bind(_:to:apply:)``
/// and its key-path forms.
///
/// The binding lives as long as its object: keeping this handle is needed only to end the
/// binding earlier with ``cancel()``. It holds the object weakly.
public struct ThemeBinding: Sendable {
    let registry: BindingRegistry
    let entry: BindingRegistry.Entry

    /// Ends the binding; the object keeps the value it was last given.
    @MainActor
    public func cancel() {
        registry.cancel(entry)
    }

    /// Whether the binding still applies values: not cancelled, and its object alive.
    @MainActor
    public var isActive: Bool {
        !entry.isCancelled && entry.object != nil
    }
}
