import TesseraGeometry

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
        var root = SemanticsNode(
            id: .application, role: .application, name: "Tessera",
            states: [.enabled, .visible, .showing, .active], frame: Rect(origin: .zero, size: window),
            children: children)
        if let focused = focusedSemanticsID { root.markFocused(focused) }
        return SemanticsTree(root: root)
    }

    /// The tab bar as a page tab list: one tab per scene, the current one selected.
    private func tabListNode() -> SemanticsNode {
        let segments = TabBar(config).segments(window: window)
        let tabs = segments.enumerated().map { index, segment in
            let (id, frame) = segment
            var states: SemanticsStates = [.enabled, .visible, .showing, .selectable, .focusable]
            if id == currentScene { states.insert(.selected) }
            return SemanticsNode(
                id: SemanticsID(.tab, id.rawValue), role: .pageTab, name: id.title,
                description: "\(index + 1) of \(segments.count)", states: states, frame: frame,
                actions: [.activate])
        }
        let frame = tabs.dropFirst().reduce(tabs.first?.frame ?? .zero) { $0.union($1.frame) }
        return SemanticsNode(id: .tabList, role: .pageTabList, name: "Scenes", frame: frame, children: tabs)
    }

    /// The element with keyboard focus, in the tree's ids.
    var focusedSemanticsID: SemanticsID? {
        guard let focusable = scene as? any FocusableScene, let id = focusable.focusedID else { return nil }
        return focusable.semanticsID(ofFocus: id)
    }

    /// Runs `action` on element `id` as the input that does the same would (a screen reader's
    /// `DoAction`, a script's `activate`). False when there is no such element or the action does not
    /// apply to it.
    @discardableResult
    package func perform(_ action: SemanticsAction, on id: SemanticsID) -> Bool {
        noteInput()
        switch id.kind {
        case .tab:
            guard action == .activate || action == .select, let target = SceneID(rawValue: id.key) else {
                return false
            }
            apply(.switchScene(target))
            return true
        case .application, .tabList, .scene:
            return false
        default:
            return scene.perform(action, on: id)
        }
    }
}

/// What a scene needs to say what it shows.
struct SemanticsContext {
    var window: Size
    /// A photo's accessible name from its id (its caption, else its file name without extension).
    var name: (String) -> String
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
