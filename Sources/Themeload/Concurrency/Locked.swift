import Foundation

/// Mutable state that is only ever touched while holding a lock.
///
/// Why not `Synchronization.Mutex`: on Linux its locking lives in the standard library, which is
/// not built with ThreadSanitizer, so TSan cannot see it and reports false races on everything
/// handed across it (checked with a two-thread probe: `Mutex` reported races, `NSLock` none).
/// `NSLock` locks through pthread, which TSan intercepts, so the sanitizer run stays meaningful.
/// The `@unchecked Sendable` is this lock itself: every access goes through ``withLock(_:)``,
/// and the state must be `Sendable`, since what a body returns leaves the lock.
package final class Locked<State: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var state: State

    package init(_ state: State) {
        self.state = state
    }

    /// Runs `body` with exclusive access to the state.
    package func withLock<Result, Failure: Error>(_ body: (inout State) throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
