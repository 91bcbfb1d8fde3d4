/// Hands what a run at rest does not need back to the system once it has rested a while: a kiosk's
/// resident memory then follows what its screen shows, not the most it ever held at once. The window
/// first releases the photos and paragraphs it no longer shows (a kiosk that opens each photo in turn
/// would otherwise fill its texture budgets with full-screen decodes over hours), then the heap is
/// trimmed.
///
/// A photo opened, a scene switched or a folder change makes short-lived buffers on the main thread and
/// on the decode threads. glibc keeps what they free inside each thread's arena for the next
/// allocation, and only gives back a free stretch at the very top of an arena; freed memory below a
/// live block stays resident. Over a day of taps those kept pages wander and add up (docs/KIOSK.md,
/// "Memory over days"). `malloc_trim(3)` returns every arena's free whole pages, wherever they lie; it
/// walks the heap, so it runs once per rest, `restSeconds` after the last change, never mid-animation.
package final class HeapTrimSource: RunLoopSource {
    /// Seconds of rest before the heap is trimmed.
    static let restSeconds = 2.0
    private let trim: () -> Void
    /// The state being watched for rest: its revision, and when it was first seen.
    private var watched: (revision: Int, since: Double)?
    /// The revision at the last trim: nothing is due until the state changes again.
    private var trimmedRevision: Int?
    /// Trims so far.
    package private(set) var trims = 0

    /// - Parameter trim: releases what is not shown and gives the free memory back (`malloc_trim(0)`
    ///   in the command line).
    package init(trim: @escaping () -> Void) { self.trim = trim }

    package func secondsUntilDue(now: Double, simulation: Simulation) -> Double? {
        guard simulation.isSettled, simulation.revision != trimmedRevision else { return nil }
        // A state not yet watched is looked at now, which starts its rest.
        guard let watched, watched.revision == simulation.revision else { return 0 }
        return watched.since + Self.restSeconds - now
    }

    package func run(now: Double, simulation: Simulation, sink: FrameSink) {
        guard let watched, watched.revision == simulation.revision else {
            watched = (simulation.revision, now)
            return
        }
        guard now - watched.since >= Self.restSeconds else { return }
        trim()
        trims += 1
        trimmedRevision = simulation.revision
        self.watched = nil
    }
}
