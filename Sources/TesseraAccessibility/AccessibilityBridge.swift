import CSystemdBus
import Foundation
import Synchronization
import TesseraCore
import TesseraGeometry

/// Screen readers through AT-SPI 2 (docs/ACCESSIBILITY.md, "Screen readers (AT-SPI)"): the semantics
/// tree served on the desktop's accessibility bus the way GTK 4 (`gtk/a11y/gtkatspi*.c`) and Qt
/// (`QSpiAccessibleBridge`) serve theirs, so that Orca, Accerciser and pyatspi read the window, follow
/// its focus and act on it.
///
/// Implements: finding the accessibility bus through the session bus (`org.a11y.Bus.GetAddress`) when
/// assistive technology is on (`org.a11y.Status` `IsEnabled` or `ScreenReaderEnabled`, followed as they
/// change); registering with the registry (`org.a11y.atspi.Socket.Embed`); one object per node of the
/// latest tree with the `Accessible`, `Application` (root), `Component`, `Action`, `Selection` (where
/// children are selectable) and `Text` (where a node holds text) interfaces, and
/// `org.freedesktop.DBus.Properties`; `Cache.GetItems` answered empty (libatspi 2.46 asks every new
/// application for it, then reads objects one by one); events for what changed between trees (states,
/// children, bounds, names, focus) and the window's activation at registration.
///
/// Does not implement: `Collection`, `Hypertext`, `EditableText`, `Value`, `Table`, `Document`, text
/// attributes and selections, key-event listening (`DeviceEventController`), the peer-to-peer
/// connection libatspi can use (`GetApplicationBusAddress` answers ""), `Cache.AddAccessible` signals,
/// relations (always empty) and localized role names (the English ones).
///
/// Threading: every sd-bus call happens on one thread of the bridge's own (`BusWorker`), which polls
/// both buses and an eventfd; the run loop's thread only hands a finished tree over (`treeChanged`,
/// a lock held for a swap) and never waits on the bus. A client's action comes back to the loop through
/// the `SemanticsActionQueue`.
///
/// Switches (as GTK and Qt read them): `NO_AT_BRIDGE=1` turns the bridge off; `TESSERA_A11Y=1` or
/// `QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1` registers even while `org.a11y.Status` says no assistive
/// technology runs.
package final class AccessibilityBridge: SemanticsListener, RunLoopSource, Sendable {
    private let mailbox: BridgeMailbox
    private let started = Atomic<Bool>(false)

    /// `actions` takes what clients ask for to the run loop; `wake` wakes the loop (the window's
    /// `wake`); `windowOrigin` is where the window's top left is on the screen, in points, for screen
    /// coordinates (zero where it cannot be known, as under Wayland).
    package init(
        actions: SemanticsActionQueue, wake: @escaping @Sendable () -> Void,
        windowOrigin: @escaping @Sendable () -> Point = { .zero },
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        mailbox = BridgeMailbox(
            actions: actions, wakeLoop: wake, windowOrigin: windowOrigin,
            forced: environment["TESSERA_A11Y"] == "1" || environment["QT_LINUX_ACCESSIBILITY_ALWAYS_ON"] == "1",
            disabled: environment["NO_AT_BRIDGE"] == "1", traces: environment["TESSERA_A11Y_TRACE"] == "1")
    }

    /// Starts the bus thread: it finds the accessibility bus and registers when assistive technology is
    /// on. Does nothing with `NO_AT_BRIDGE=1` or without an eventfd.
    package func start() {
        guard !mailbox.disabled, mailbox.wakeFD >= 0 else { return }
        let mailbox = mailbox
        let worker = Thread {
            let worker = BusWorker(mailbox: mailbox)
            worker.run()
        }
        worker.name = "tessera-atspi"
        worker.start()
        started.store(true, ordering: .sequentiallyConsistent)
    }

    /// Ends the bus thread (its connections close with it) and waits for it, at most a second.
    package func stop() {
        mailbox.quit.store(true, ordering: .sequentiallyConsistent)
        mailbox.wakeBus()
        guard started.load(ordering: .sequentiallyConsistent) else { return }
        for _ in 0..<100 where !mailbox.finished.load(ordering: .sequentiallyConsistent) { usleep(10_000) }
    }

    // MARK: SemanticsListener

    /// True once registered with the registry: before that, and in runs nobody reads, no tree is made.
    package var isListening: Bool { mailbox.registered.load(ordering: .relaxed) }

    package func treeChanged(_ tree: SemanticsTree) {
        mailbox.pendingTree.withLock { $0 = tree }
        mailbox.wakeBus()
    }

    // MARK: RunLoopSource: the first tree

    // The loop hands listeners a tree only after a frame it presents; a window at rest when a screen
    // reader arrives presents none, so the bridge asks for one itself.

    package func secondsUntilDue(now: Double, simulation: Simulation) -> Double? {
        mailbox.wantsTree.load(ordering: .relaxed) ? 0 : nil
    }

    package func run(now: Double, simulation: Simulation, sink: FrameSink) {
        guard mailbox.wantsTree.exchange(false, ordering: .relaxed) else { return }
        simulation.layOutIfNeeded()
        treeChanged(simulation.semantics())
    }
}

/// What the run loop's thread and the bus thread share: the tree handed over, flags, and the eventfd
/// that wakes the bus thread's poll.
final class BridgeMailbox: Sendable {
    let actions: SemanticsActionQueue
    let wakeLoop: @Sendable () -> Void
    let windowOrigin: @Sendable () -> Point
    let forced: Bool
    let disabled: Bool
    /// `TESSERA_A11Y_TRACE=1`: each step of finding the bus and registering, on stderr.
    let traces: Bool
    /// The tree handed over and not yet taken by the bus thread (only the latest counts).
    let pendingTree = Mutex<SemanticsTree?>(nil)
    let registered = Atomic<Bool>(false)
    let wantsTree = Atomic<Bool>(false)
    let quit = Atomic<Bool>(false)
    let finished = Atomic<Bool>(false)
    /// Written to wake the bus thread (eventfd(2)); -1 when none could be made.
    let wakeFD: Int32

    init(
        actions: SemanticsActionQueue, wakeLoop: @escaping @Sendable () -> Void,
        windowOrigin: @escaping @Sendable () -> Point, forced: Bool, disabled: Bool, traces: Bool
    ) {
        self.actions = actions
        self.wakeLoop = wakeLoop
        self.windowOrigin = windowOrigin
        self.forced = forced
        self.disabled = disabled
        self.traces = traces
        wakeFD = disabled ? -1 : eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
    }

    deinit { if wakeFD >= 0 { close(wakeFD) } }

    func trace(_ line: @autoclosure () -> String) {
        guard traces else { return }
        FileHandle.standardError.write(Data("tessera: accessibility: \(MessageLine.printable(line()))\n".utf8))
    }

    func wakeBus() {
        guard wakeFD >= 0 else { return }
        var one: UInt64 = 1
        _ = write(wakeFD, &one, 8)
    }

    /// Asks the run loop for a tree now (`AccessibilityBridge.run`).
    func requestTree() {
        wantsTree.store(true, ordering: .relaxed)
        wakeLoop()
    }
}
