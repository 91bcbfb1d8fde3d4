import TesseraCore
import TesseraGeometry

/// An AT-SPI event about one node, before it becomes a signal: `org.a11y.atspi.Event.Object`'s
/// `StateChanged`, `ChildrenChanged`, `BoundsChanged`, `PropertyChange`, `VisibleDataChanged`,
/// `Event.Focus`'s `Focus` and `Event.Window`'s `Activate`, each sent as `(siiva{sv})`: detail, detail1,
/// detail2, a value and properties (at-spi2-core's atk-adaptor `emit_event`, GTK 4's
/// `gtkatspicontext.c`).
struct AccessibleEvent: Equatable {
    enum Kind: Equatable {
        case stateChanged(String, Bool)
        case childAdded(index: Int, child: SemanticsID)
        case childRemoved(index: Int, child: SemanticsID)
        case boundsChanged(Rect)
        case nameChanged(String)
        case visibleDataChanged
        case focus
        case windowActivate
    }

    var source: SemanticsID
    var kind: Kind

    /// The signal's interface and member.
    var signal: (interface: String, member: String) {
        switch kind {
        case .stateChanged: ("org.a11y.atspi.Event.Object", "StateChanged")
        case .childAdded, .childRemoved: ("org.a11y.atspi.Event.Object", "ChildrenChanged")
        case .boundsChanged: ("org.a11y.atspi.Event.Object", "BoundsChanged")
        case .nameChanged: ("org.a11y.atspi.Event.Object", "PropertyChange")
        case .visibleDataChanged: ("org.a11y.atspi.Event.Object", "VisibleDataChanged")
        case .focus: ("org.a11y.atspi.Event.Focus", "Focus")
        case .windowActivate: ("org.a11y.atspi.Event.Window", "Activate")
        }
    }
}

extension ServedTree {
    /// The states whose changes are told (what a screen reader speaks or follows).
    private static let toldStates: [(SemanticsStates, String)] = [
        (.focused, "focused"), (.selected, "selected"), (.showing, "showing"), (.expanded, "expanded"),
    ]

    /// The events that take a client from `old` to this tree: children removed and added per parent
    /// (with their indices), names, bounds and the told states of nodes in both, and a focus event for a
    /// node newly focused. Nodes that are new bring no events of their own but their parent's
    /// `ChildrenChanged`: a client reads them when it wants them. Bounds are told only for a frame that
    /// moved by at least half a point (what rounding to whole points can show).
    func events(from old: ServedTree) -> [AccessibleEvent] {
        var events: [AccessibleEvent] = []
        var childrenChanged = false
        for id in order {
            guard let entry = self[id], let before = old[id] else { continue }
            if before.children != entry.children {
                childrenChanged = true
                let kept = Set(entry.children)
                for (index, child) in before.children.enumerated().reversed() where !kept.contains(child) {
                    events.append(AccessibleEvent(source: id, kind: .childRemoved(index: index, child: child)))
                }
                let had = Set(before.children)
                for (index, child) in entry.children.enumerated() where !had.contains(child) {
                    events.append(AccessibleEvent(source: id, kind: .childAdded(index: index, child: child)))
                }
            }
            let node = entry.node
            if node.name != before.node.name {
                events.append(AccessibleEvent(source: id, kind: .nameChanged(node.name)))
            }
            if Self.moved(before.node.frame, node.frame) {
                events.append(AccessibleEvent(source: id, kind: .boundsChanged(node.frame)))
            }
            for (state, name) in Self.toldStates where node.states.contains(state) != before.node.states.contains(state)
            {
                // A focus gained is told last, after everything it may depend on.
                if state == .focused, node.states.contains(.focused) { continue }
                events.append(AccessibleEvent(source: id, kind: .stateChanged(name, node.states.contains(state))))
            }
        }
        if childrenChanged { events.append(AccessibleEvent(source: .application, kind: .visibleDataChanged)) }
        if let focused, old.focused != focused {
            events.append(AccessibleEvent(source: focused, kind: .stateChanged("focused", true)))
            events.append(AccessibleEvent(source: focused, kind: .focus))
        }
        return events
    }

    private static func moved(_ a: Rect, _ b: Rect) -> Bool {
        zip(a.components, b.components).contains { abs($0 - $1) >= 0.5 }
    }
}
