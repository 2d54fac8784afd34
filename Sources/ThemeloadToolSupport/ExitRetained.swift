import Themeload

/// The last value a command is done with, held until the process ends rather than let go.
///
/// Letting go of a loaded theme walks and frees every table, map and string it holds: 1.5% of
/// the instructions of checking a 50,000-token theme, all of it work the process's end does for
/// free. A command that runs once and exits hands its load report to ``keep(_:)`` when it is done
/// with it (as compilers skip freeing their syntax trees before they exit). One value is held: a
/// command that loads several themes lets go of each but the last, so its memory stays that of
/// its largest theme, not their sum. The library never does this: an app gets a theme's memory
/// back when it lets go of it.
package enum ExitRetained {
    private static let held = Locked<(any Sendable)?>(nil)

    /// Holds `value` until the process ends, letting go of the value held before.
    package static func keep(_ value: some Sendable) {
        let previous = held.withLock { slot in
            let previous = slot
            slot = value
            return previous
        }
        _ = previous  // let go of here, outside the lock
    }
}
