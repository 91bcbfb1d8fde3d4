import TesseraGeometry
import TesseraPhotos

/// What is on screen, said (docs/ACCESSIBILITY.md): one node of the semantics tree that scenes publish
/// from their models, as Flutter's `SemanticsNode` and SwiftUI's accessibility elements are. Screen
/// readers read it over AT-SPI, the speaking kiosk announces from it, scripts find elements in it and
/// the state dump lists it. It is a value made on demand for what is visible: nothing keeps one per
/// photo, so a library of 20,000 costs what the screen shows.
package struct SemanticsNode: Sendable, Equatable {
    /// Stable while the element exists (a photo keeps its id as it flies from the grid to the dock).
    package var id: SemanticsID
    package var role: SemanticsRole
    /// What a screen reader says first: a photo's name, a tab's title, "Done". Empty for a container
    /// whose role says enough.
    package var name: String
    /// What follows the name and role where useful ("in the dock", "3 of 24").
    package var description: String?
    package var states: SemanticsStates
    /// Where it is drawn in this frame, window points (the presented frame while it flies).
    package var frame: Rect
    /// What can be done to it, the first being what a double tap or Enter does (its default action).
    package var actions: [SemanticsAction]
    /// The text a paragraph holds (AT-SPI's Text interface), nil for other roles.
    package var text: String?
    /// Children in reading order: only the visible ones of a long list.
    package var children: [SemanticsNode]

    package init(
        id: SemanticsID, role: SemanticsRole, name: String, description: String? = nil,
        states: SemanticsStates = [.visible, .showing, .enabled], frame: Rect, actions: [SemanticsAction] = [],
        text: String? = nil, children: [SemanticsNode] = []
    ) {
        self.id = id
        self.role = role
        self.name = name
        self.description = description
        self.states = states
        self.frame = frame
        self.actions = actions
        self.text = text
        self.children = children
    }

    /// The BCP 47 language of the name or text: Chinese where it holds CJK ideographs (the articles'
    /// titles), else English, the project's own language. Speech picks its voice from it.
    package var language: String { (name + (text ?? "")).language }

    /// This node and its descendants, depth first (parents before children).
    package func forEach(_ body: (SemanticsNode, _ parent: SemanticsNode?) -> Void) {
        func visit(_ node: SemanticsNode, _ parent: SemanticsNode?) {
            body(node, parent)
            for child in node.children { visit(child, node) }
        }
        visit(self, nil)
    }

    /// The first node, depth first, for which `matches` holds.
    package func first(where matches: (SemanticsNode) -> Bool) -> SemanticsNode? {
        if matches(self) { return self }
        for child in children {
            if let found = child.first(where: matches) { return found }
        }
        return nil
    }

    /// The deepest node under `p` (window points) that names something other than a container: what
    /// touch exploration reads (the gap between two photos reads nothing, not "Photos, list"). Children
    /// drawn later (above) win.
    package func deepestNamed(at p: Point) -> SemanticsNode? {
        guard frame.contains(p) || role == .application else { return nil }
        for child in children.reversed() {
            if let found = child.deepestNamed(at: p) { return found }
        }
        return name.isEmpty || role.isContainer ? nil : self
    }

    /// What a screen reader says for it: name, role, description and the states that matter,
    /// e.g. "Lavender field, image, in the dock, 3 of 24, selected".
    package var spoken: String {
        var parts = [String]()
        if !name.isEmpty { parts.append(name) }
        if let said = role.spoken { parts.append(said) }
        if let description, !description.isEmpty { parts.append(description) }
        if states.contains(.selected), role != .pageTab { parts.append("selected") }
        if states.contains(.selected), role == .pageTab { parts.append("selected tab") }
        return parts.joined(separator: ", ")
    }
}

/// A semantics node's identity: what it is and its key among those (a photo's id, a scene's name).
package struct SemanticsID: Hashable, Sendable, CustomStringConvertible {
    package enum Kind: String, Sendable {
        /// The application, and its window.
        case application, window
        /// The tab bar, and one tab per scene (key: the scene's name).
        case tabList, tab
        /// The scene shown (key: its name).
        case scene
        /// A scrolling container (key: the container's id).
        case container
        /// A tile: a photo, a card, a destination (key: its id).
        case tile
        /// A control (key: the scene's control id, e.g. the picker's Done button).
        case control
        /// Text: a title, a heading, a paragraph (key: what it is within its scene).
        case text
        /// An overlay (the fullscreen viewer, a detail view; key: the tile it shows).
        case overlay
    }

    package var kind: Kind
    package var key: String

    package init(_ kind: Kind, _ key: String = "") {
        self.kind = kind
        self.key = key
    }

    /// The node of a tile, or of the overlay that shows it, keyed by the tile's id.
    package init(_ kind: Kind, _ id: PhotoID) { self.init(kind, id.rawValue) }

    /// The node of a control a scene draws itself.
    init(control: ControlID) { self.init(.control, control.name) }

    /// The key as a tile's id: what a tile's or an overlay's node stands for.
    var photoID: PhotoID { PhotoID(key) }

    package static let application = SemanticsID(.application)
    package static let window = SemanticsID(.window)
    package static let tabList = SemanticsID(.tabList)

    /// "tile:photo-03", as dumps and logs show it.
    package var description: String { key.isEmpty ? kind.rawValue : "\(kind.rawValue):\(key)" }
}

/// Roles, named as AT-SPI names them (`atspi_role_get_name`), so scripts, dumps and screen readers use
/// one vocabulary.
package enum SemanticsRole: String, Sendable, CaseIterable {
    case application
    /// The window: what a screen reader calls the active window (Orca's flat review reads it).
    case frame
    case pageTabList = "page tab list"
    case pageTab = "page tab"
    /// A scene: the page a tab shows.
    case panel
    case scrollPane = "scroll pane"
    case list
    case listItem = "list item"
    case image
    case button
    case heading
    case label
    case paragraph
    /// The fullscreen viewer and the detail view: modal while open.
    case dialog

    /// Roles that hold others: touch exploration reads what they hold, not them.
    var isContainer: Bool { [.application, .frame, .pageTabList, .panel, .scrollPane, .list].contains(self) }

    /// What a screen reader says after the name; nil where the role goes unsaid (a panel, a label).
    var spoken: String? {
        switch self {
        case .application, .frame, .panel, .label, .paragraph, .scrollPane: nil
        case .pageTabList: "tab list"
        case .pageTab: "tab"
        case .list: "list"
        case .listItem: "list item"
        case .image: "image"
        case .button: "button"
        case .heading: "heading"
        case .dialog: "dialog"
        }
    }
}

/// States, a subset of AT-SPI's (`AtspiStateType`) with its names.
package struct SemanticsStates: OptionSet, Sendable, Hashable {
    package let rawValue: UInt32
    package init(rawValue: UInt32) { self.rawValue = rawValue }

    package static let enabled = SemanticsStates(rawValue: 1 << 0)
    package static let visible = SemanticsStates(rawValue: 1 << 1)
    /// On screen now (not scrolled away or covered).
    package static let showing = SemanticsStates(rawValue: 1 << 2)
    package static let focusable = SemanticsStates(rawValue: 1 << 3)
    package static let focused = SemanticsStates(rawValue: 1 << 4)
    package static let selectable = SemanticsStates(rawValue: 1 << 5)
    package static let selected = SemanticsStates(rawValue: 1 << 6)
    /// A container whose children can be selected several at once (the grid and the dock).
    package static let multiselectable = SemanticsStates(rawValue: 1 << 7)
    /// A dialog that covers everything else while open.
    package static let modal = SemanticsStates(rawValue: 1 << 8)
    /// An item shown in full (the open photo of the viewer, the open destination).
    package static let expanded = SemanticsStates(rawValue: 1 << 9)
    /// The window that has the user's attention.
    package static let active = SemanticsStates(rawValue: 1 << 10)

    /// Each state with its AT-SPI name, in the order dumps list them.
    package static let named: [(SemanticsStates, String)] = [
        (.enabled, "enabled"), (.visible, "visible"), (.showing, "showing"), (.focusable, "focusable"),
        (.focused, "focused"), (.selectable, "selectable"), (.selected, "selected"),
        (.multiselectable, "multiselectable"), (.modal, "modal"), (.expanded, "expanded"), (.active, "active"),
    ]

    package var names: [String] { Self.named.filter { contains($0.0) }.map(\.1) }
}

/// What a screen reader (or a script's `activate`) can ask an element to do: each runs the command a
/// tap or a key runs for it.
package enum SemanticsAction: String, Sendable, CaseIterable {
    /// The default action: what a tap does (select or deselect a photo, open it, switch to a tab, press a
    /// button).
    case activate
    case select
    case deselect
    case open
    case close
    case next
    case previous
    case zoomIn = "zoom in"
    case zoomOut = "zoom out"
    /// Scroll the element into view.
    case scrollTo = "scroll to"
    /// Give the element keyboard focus.
    case focus
}

extension String {
    /// The BCP 47 language to speak the text in: Chinese where it holds CJK ideographs (the articles'
    /// titles), else English, the project's own language.
    var language: String { containsCJK ? "zh" : "en" }

    /// True when the text holds CJK ideographs (Unicode's CJK Unified Ideographs blocks).
    var containsCJK: Bool {
        unicodeScalars.contains { (0x3400...0x9FFF).contains($0.value) || (0x20000...0x2FFFF).contains($0.value) }
    }
}
