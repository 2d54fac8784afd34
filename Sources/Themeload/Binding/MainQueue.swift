import Dispatch
import Foundation

/// Whether code runs on the main queue, where the main actor runs its work: on Apple platforms
/// the main thread; on Linux under an async `main` (and `swift test`) the thread that drains the
/// main queue, which need not be the process's first thread.
enum MainQueue {
    private static let key: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// `true` on the main thread or inside a block or job of the main queue.
    static var isCurrent: Bool {
        Thread.isMainThread || DispatchQueue.getSpecific(key: key) == true
    }
}
