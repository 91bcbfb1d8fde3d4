import TesseraGeometry

/// Keyboard focus in a scene (docs/BEHAVIOUR.md#keyboard-focus): Tab and Shift+Tab move it between the
/// scene's groups, the arrows move it in the layout's geometry, Space activates what has it, Escape lets
/// go of it, and the focused item is scrolled into view and drawn with a ring in the accent colour. The
/// model (`FocusModel`) is the scene's, beside its field; this is the one place keys reach it, for every
/// scene alike (`Scene.receive` asks first).
protocol FocusableScene: Scene {
    var focus: FocusModel { get set }
    /// The Tab stops: groups in Tab order, each its targets in order (a container's tiles, the Done
    /// button).
    var focusGroups: [[FocusTarget]] { get }
    /// Where `target` is laid out now (window points): what the arrows move by. Nil when it is gone.
    func focusFrame(of target: FocusTarget) -> Rect?
    /// The targets an arrow may move to from `target` (its own group by default).
    func focusCandidates(from target: FocusTarget, towards direction: FocusModel.Direction) -> [FocusTarget]
    /// Space on the focused item: the tap's command for it (select, open, scroll to, press).
    func activate(_ target: FocusTarget)
    /// Brings the focused item into view.
    func revealFocus(_ target: FocusTarget)
    /// Where the ring goes now (window points, as presented), its corner radius and the clip of what holds
    /// the item (the ring may reach past it by its width); nil draws none.
    func focusRing(of target: FocusTarget, alpha: Double) -> FocusRing?
}

extension FocusableScene {
    /// Where a tile target is laid out (nil for a control): what a scene of tiles alone answers.
    func tileFocusFrame(of target: FocusTarget) -> Rect? { target.tileID.flatMap(field.laidOutFrame(of:)) }

    /// Scrolls a tile target into view in its container (a control does not scroll).
    func revealFocusedTile(_ target: FocusTarget, animation: SpringParameters) {
        if let id = target.tileID { field.scrollIntoView(id, animation: animation) }
    }

    func focusCandidates(from target: FocusTarget, towards direction: FocusModel.Direction) -> [FocusTarget] {
        focusGroups.first { $0.contains(target) } ?? []
    }

    /// The focused target while its item exists, nil otherwise.
    var focusedTarget: FocusTarget? {
        guard let target = focus.focused, focusFrame(of: target) != nil else { return nil }
        return target
    }

    /// Takes a key for the focus; false leaves it to the scene. While a hero is presented the overlay has
    /// the keys (the viewer's Left/Right page, Escape closes).
    func handleFocusKey(_ key: Key) -> Bool {
        guard heroStage?.presented == nil else { return false }
        if focus.focused != nil, focusedTarget == nil { focus.focused = nil }
        switch key {
        case .tab, .backTab:
            focus.tab(forward: key == .tab, groups: focusGroups)
        case .left, .right, .up, .down:
            guard let target = focusedTarget, let from = focusFrame(of: target) else { return false }
            let direction: FocusModel.Direction =
                switch key {
                case .left: .left
                case .right: .right
                case .up: .up
                default: .down
                }
            let candidates = focusCandidates(from: target, towards: direction).compactMap { other in
                other == target ? nil : focusFrame(of: other).map { (target: other, frame: $0) }
            }
            guard let next = FocusModel.nearest(to: from, towards: direction, in: candidates) else { return true }
            focus.focused = next
        case .space:
            guard let target = focusedTarget else { return false }
            activate(target)
            return true
        case .escape:
            guard focus.focused != nil else { return false }
            focus.focused = nil
            return true
        default:
            return false
        }
        if let target = focus.focused { revealFocus(target) }
        return true
    }

    /// After a relayout (a resize, a reflow) the focused item, wherever it went, is brought back into view.
    func keepFocusInView() {
        guard heroStage?.presented == nil, let target = focusedTarget else { return }
        revealFocus(target)
    }

    /// The ring around the focused item, on top of the scene: `FocusRing.width` points outside its frame.
    func drawFocusRing(alpha: Double, accent: Color, into list: inout DrawList) {
        guard heroStage?.presented == nil, let target = focusedTarget, let ring = focusRing(of: target, alpha: alpha)
        else {
            return
        }
        let reach = FocusRing.width + FocusRing.gap
        let outer = ring.frame.insetBy(dx: -reach, dy: -reach)
        let clip = ring.clip.map { $0.insetBy(dx: -reach, dy: -reach) }
        guard clip.map({ outer.intersects($0) }) ?? true else { return }
        list.append(.ring(outer, radius: ring.radius + reach, width: FocusRing.width, color: accent, clip: clip))
    }
}

/// Where a focus ring goes: the item's frame (window points), corner radius and clip. Its look: macOS's
/// keyboard focus ring, about 3 points of the accent colour just outside the control *(ours, by eye)*.
struct FocusRing {
    var frame: Rect
    var radius: Double
    var clip: Rect?

    static let width = 3.0
    static let gap = 1.0
}
