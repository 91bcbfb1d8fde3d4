import Synchronization
import TesseraGeometry

/// The semantics tree of one frame (docs/ACCESSIBILITY.md): the window (`application`), the tab bar, the
/// scene shown with what it shows, and any banner. `Simulation.semantics()` makes it on demand from the
/// models, for the visible part only.
package struct SemanticsTree: Sendable, Equatable {
    package var root: SemanticsNode
    /// What happened since the last tree that a person should hear of, beyond what focus says: "Lavender
    /// field, added to the dock, 3 selected", a photo opened, the scene switched, a coming idle reset
    /// (`Simulation.takeAnnouncements`). Filled by the run loop for its listeners; empty in dumps.
    package var announcements: [Announcement] = []

    package init(root: SemanticsNode) { self.root = root }

    /// The node with keyboard focus, nil for none.
    package var focused: SemanticsNode? { root.first { $0.states.contains(.focused) } }

    package func node(_ id: SemanticsID) -> SemanticsNode? { root.first { $0.id == id } }

    /// The first node, in reading order, with this accessible name (and role, if given).
    package func node(named name: String, role: SemanticsRole? = nil) -> SemanticsNode? {
        root.first { $0.name == name && (role == nil || $0.role == role) }
    }
}

/// One thing to say, beyond what focus says.
package struct Announcement: Sendable, Equatable {
    package var text: String
    /// Cuts short what is being said (touch exploration moving on to another element).
    package var interrupts = false

    package init(_ text: String, interrupts: Bool = false) {
        self.text = text
        self.interrupts = interrupts
    }
}

/// Whoever reads the tree from outside the simulation: the AT-SPI bridge, the speaking kiosk. The run
/// loop builds the tree only while one listens, once per presented frame whose state changed, so a run
/// without assistive technology pays nothing for it.
package protocol SemanticsListener: AnyObject {
    /// True while the tree is wanted (a screen reader registered on the bus, speech on).
    var isListening: Bool { get }
    /// The tree as of the frame just presented (or of the run's start).
    func treeChanged(_ tree: SemanticsTree)
}

/// Actions asked for from another thread (a screen reader's `DoAction` over D-Bus), run by the loop on
/// its own thread as input is: queued here, the loop woken, and taken in when this source comes due.
package final class SemanticsActionQueue: RunLoopSource, Sendable {
    private let pending = Mutex<[(SemanticsAction, SemanticsID)]>([])
    /// Wakes the run loop from any thread (the window's `wake`).
    private let wake: @Sendable () -> Void

    package init(wake: @escaping @Sendable () -> Void) { self.wake = wake }

    /// Queues `action` on `id` from any thread; the loop runs it within a turn.
    package func post(_ action: SemanticsAction, on id: SemanticsID) {
        pending.withLock { $0.append((action, id)) }
        wake()
    }

    package func secondsUntilDue(now: Double, simulation: Simulation) -> Double? {
        pending.withLock { $0.isEmpty } ? nil : 0
    }

    package func run(now: Double, simulation: Simulation, sink: FrameSink) {
        let actions = pending.withLock { queued in
            defer { queued.removeAll() }
            return queued
        }
        for (action, id) in actions { simulation.perform(action, on: id) }
    }
}
