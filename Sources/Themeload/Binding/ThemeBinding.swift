/// A binding of an object's property to a theme value, made by ``ThemeManager/bind(_:_:to:)``.
///
/// The binding lives as long as its object: keeping this handle is needed only to end the
/// binding earlier with ``cancel()``. It holds the object weakly.
public struct ThemeBinding: Sendable {
    let registry: BindingRegistry
    let id: UInt64

    /// Ends the binding; the object keeps the value it was last given.
    @MainActor
    public func cancel() {
        registry.remove(id)
    }

    /// Whether the binding still applies values: not cancelled, and its object alive.
    @MainActor
    public var isActive: Bool {
        registry.isActive(id)
    }
}
