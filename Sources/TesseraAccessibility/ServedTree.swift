import TesseraCore
import TesseraGeometry

/// The semantics tree as the bus serves it: each node by its id, with its parent, its index among its
/// parent's children and its children's ids, so that every AT-SPI query on one object is a dictionary
/// look-up. Made on the bus thread from the tree the run loop handed over, and read only there.
struct ServedTree {
    struct Entry {
        /// The node itself (its `children` are not read: `children` below has their ids).
        var node: SemanticsNode
        var parent: SemanticsID?
        var indexInParent: Int
        var children: [SemanticsID]
    }

    private(set) var entries: [SemanticsID: Entry] = [:]
    /// Every node in reading order (parents first).
    private(set) var order: [SemanticsID] = []

    init() {}

    init(_ tree: SemanticsTree) {
        func add(_ node: SemanticsNode, parent: SemanticsID?, index: Int) {
            var stripped = node
            stripped.children = []
            // An id repeated in one tree (a scene's bug) keeps its first node: paths must stay one to one.
            guard entries[node.id] == nil else { return }
            entries[node.id] = Entry(
                node: stripped, parent: parent, indexInParent: index, children: node.children.map(\.id))
            order.append(node.id)
            for (i, child) in node.children.enumerated() { add(child, parent: node.id, index: i) }
        }
        add(tree.root, parent: nil, index: -1)
    }

    subscript(id: SemanticsID) -> Entry? { entries[id] }

    var isEmpty: Bool { entries.isEmpty }

    /// The node with keyboard focus.
    var focused: SemanticsID? { order.first { entries[$0]?.node.states.contains(.focused) == true } }

    /// The deepest node whose frame holds `p` (window points), children drawn later winning, as
    /// `SemanticsNode.deepestNamed` finds one; the root when no other does.
    func deepest(at p: Point, from id: SemanticsID) -> SemanticsID? {
        guard let entry = entries[id], entry.node.frame.contains(p) || entry.parent == nil else { return nil }
        for child in entry.children.reversed() {
            if let found = deepest(at: p, from: child) { return found }
        }
        return id
    }
}

/// Object paths for semantics ids, stable for the run: the application is AT-SPI's root
/// (`/org/a11y/atspi/accessible/root`, where clients look for an application's root), every other id
/// `/org/a11y/atspi/accessible/N` with N given the first time the id is seen and never given to another
/// (clients cache objects by path, and an event about a node that has just gone must still name it).
/// Grows with the ids seen in a run: a few dozen bytes each, a few thousand for a long session.
struct ObjectPaths {
    static let prefix = "/org/a11y/atspi/accessible"
    static let root = prefix + "/root"

    private var numbers: [SemanticsID: Int] = [:]
    private var ids: [Int: SemanticsID] = [:]
    private var next = 1

    mutating func path(of id: SemanticsID) -> String {
        if id == .application { return Self.root }
        if let number = numbers[id] { return "\(Self.prefix)/\(number)" }
        let number = next
        next += 1
        numbers[id] = number
        ids[number] = id
        return "\(Self.prefix)/\(number)"
    }

    /// The id at `path`, nil for a path never handed out.
    func id(at path: String) -> SemanticsID? {
        if path == Self.root { return .application }
        guard path.hasPrefix(Self.prefix + "/"), let number = Int(path.dropFirst(Self.prefix.count + 1)) else {
            return nil
        }
        return ids[number]
    }
}
