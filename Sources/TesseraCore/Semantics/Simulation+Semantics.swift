import TesseraGeometry
import TesseraPhotos

extension Simulation {
    /// The semantics tree of the state as of the last step (docs/ACCESSIBILITY.md): the window, the tab
    /// bar (unless a kiosk locks its scene or a hero covers it), the scene with what it shows, and a
    /// banner. Made now from the models, for the visible part only: its cost follows the screen, not the
    /// library.
    package func semantics() -> SemanticsTree {
        var children: [SemanticsNode] = []
        if kiosk?.lockedScene == nil, !scene.hidesChrome {
            children.append(tabListNode())
        }
        let sceneNode = SemanticsNode(
            id: SemanticsID(.scene, currentScene.rawValue), role: .panel, name: currentScene.title,
            frame: Rect(origin: .zero, size: window),
            children: scene.semantics(SemanticsContext(window: window, name: { [photos] id in photos.name(of: id) })))
        children.append(sceneNode)
        if let banner {
            children.append(
                SemanticsNode(
                    id: SemanticsID(.text, "banner"), role: .label, name: banner.text,
                    frame: Rect(0, window.height - 36, window.width, 36)))
        }
        // The application holds its window (a frame), as GTK's and Qt's do: screen readers look for the
        // active window among an application's children.
        let frame = SemanticsNode(
            id: .window, role: .frame, name: "Tessera", states: [.enabled, .visible, .showing, .active],
            frame: Rect(origin: .zero, size: window), children: children)
        var root = SemanticsNode(
            id: .application, role: .application, name: "Tessera",
            states: [.enabled, .visible, .showing], frame: Rect(origin: .zero, size: window), children: [frame])
        if let focused = focusedSemanticsID { root.markFocused(focused) }
        return SemanticsTree(root: root)
    }

    /// The tab bar as a page tab list: one tab per scene, the current one selected.
    private func tabListNode() -> SemanticsNode {
        let segments = TabBar(config, text: text).segments(window: window)
        let tabs = segments.enumerated().map { index, segment in
            let (id, frame) = segment
            var states: SemanticsStates = [.enabled, .visible, .showing, .selectable, .focusable]
            if id == currentScene { states.insert(.selected) }
            return SemanticsNode(
                id: SemanticsID(.tab, id.rawValue), role: .pageTab, name: id.title,
                description: "\(index + 1) of \(segments.count)", states: states, frame: frame,
                actions: [.activate, .focus])
        }
        let frame = tabs.dropFirst().reduce(tabs.first?.frame ?? .zero) { $0.union($1.frame) }
        return SemanticsNode(id: .tabList, role: .pageTabList, name: "Scenes", frame: frame, children: tabs)
    }

    /// The element with keyboard focus, in the tree's ids.
    var focusedSemanticsID: SemanticsID? {
        if let tab = tabFocus, showsTabBar { return SemanticsID(.tab, tab.rawValue) }
        return (scene as? any FocusableScene)?.focusedTarget?.semanticsID
    }

    /// Runs `action` on element `id` as the input that does the same would (a screen reader's
    /// `DoAction`, a script's `activate`). False when there is no such element or the action does not
    /// apply to it.
    @discardableResult
    package func perform(_ action: SemanticsAction, on id: SemanticsID) -> Bool {
        noteInput()
        switch id.kind {
        case .tab:
            guard let target = SceneID(rawValue: id.key) else { return false }
            switch action {
            case .activate, .select: apply(.switchScene(target))
            case .focus where showsTabBar:
                (scene as? any FocusableScene)?.focus.focused = nil
                tabFocus = target
            default: return false
            }
            return true
        case .application, .window, .tabList, .scene:
            return false
        default:
            if action == .focus { tabFocus = nil }
            return scene.perform(action, on: id)
        }
    }
}

/// What a scene needs to say what it shows.
struct SemanticsContext {
    var window: Size
    /// A photo's accessible name from its id (its caption, else its file name without extension).
    var name: (PhotoID) -> String
}

extension SemanticsNode {
    /// Marks the node `id` focused, wherever it is.
    mutating func markFocused(_ id: SemanticsID) {
        if self.id == id {
            states.insert(.focused)
            return
        }
        for i in children.indices { children[i].markFocused(id) }
    }
}
