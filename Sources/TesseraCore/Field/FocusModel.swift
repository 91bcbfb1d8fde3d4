import TesseraGeometry
import TesseraPhotos

/// Keyboard focus (SwiftUI's `focusable()` and `FocusState`, Qt Quick's `KeyNavigation`): which tile, card
/// or control has it, kept beside the field rather than in it — it names an id, so it follows that tile
/// through reflows, flights and resizes, wherever layout puts it. Tab and Shift+Tab move between a scene's
/// groups (a container's tiles, a row of controls) in order; the arrows move to the nearest item in their
/// direction by the items' laid-out frames, so they follow the layout's geometry — a grid's rows and
/// columns, a waterfall's columns, a row of cards, a list.
struct FocusModel: Sendable, Equatable {
    /// What has the focus, nil for none.
    var focused: FocusTarget?

    enum Direction: Sendable {
        case left, right, up, down
    }

    /// Tab (`forward`) or Shift+Tab: to the next (or previous) non-empty group's first item, round the
    /// end; with nothing focused, to the first (or last) group. A group is its items in order.
    mutating func tab(forward: Bool, groups: [[FocusTarget]]) {
        let filled = groups.filter { !$0.isEmpty }
        guard !filled.isEmpty else {
            focused = nil
            return
        }
        let current = focused.flatMap { target in filled.firstIndex { $0.contains(target) } }
        let next: Int
        if let current {
            next = (current + (forward ? 1 : filled.count - 1)) % filled.count
        } else {
            next = forward ? 0 : filled.count - 1
        }
        focused = filled[next][0]
    }

    /// The item of `candidates` (targets with their laid-out frames, window points) nearest `from` in
    /// `direction`, nil when none lies that way. An item counts as lying that way when its centre is past
    /// the focused item's centre; items in the same row (or column) come first, then the nearest, the
    /// distance across the direction weighing double (so Down in a masonry column stays in its column).
    static func nearest(
        to from: Rect, towards direction: Direction, in candidates: [(target: FocusTarget, frame: Rect)]
    ) -> FocusTarget? {
        var best: (target: FocusTarget, score: Double)?
        for (target, frame) in candidates {
            let along: Double
            let across: Double
            let overlaps: Bool
            switch direction {
            case .left, .right:
                along = (frame.midX - from.midX) * (direction == .right ? 1 : -1)
                across = abs(frame.midY - from.midY)
                overlaps = frame.minY < from.maxY && frame.maxY > from.minY
            case .up, .down:
                along = (frame.midY - from.midY) * (direction == .down ? 1 : -1)
                across = abs(frame.midX - from.midX)
                overlaps = frame.minX < from.maxX && frame.maxX > from.minX
            }
            guard along > 0.5 else { continue }
            // In line first: an item beside it in its own row (column) beats a nearer one diagonally.
            let score = (overlaps ? 0 : 1e9) + along + 2 * across
            if best.map({ score < $0.score }) ?? true { best = (target, score) }
        }
        return best?.target
    }
}

/// What keyboard focus rests on: a tile (a photo, a card, a place) by its id, or a control a scene draws
/// itself (the picker's Done button, the gallery's paddles) by a name of the scene's. Apart by type, a
/// control can never be taken for a tile whatever the photos are called.
enum FocusTarget: Hashable, Sendable {
    case tile(PhotoID)
    case control(ControlID)

    /// The name the state dump gives it: a tile's id, or the control's name.
    var name: String {
        switch self {
        case .tile(let id): id.rawValue
        case .control(let control): control.name
        }
    }

    /// The tile's id; nil for a control.
    var tileID: PhotoID? {
        if case .tile(let id) = self { id } else { nil }
    }

    /// The semantics node it stands for.
    var semanticsID: SemanticsID {
        switch self {
        case .tile(let id): SemanticsID(.tile, id)
        case .control(let control): SemanticsID(control: control)
        }
    }

    /// The target a semantics node stands for; nil for one focus cannot rest on (a tab, the frame).
    init?(_ id: SemanticsID) {
        switch id.kind {
        case .tile: self = .tile(id.photoID)
        case .control: self = .control(ControlID(id.key))
        default: return nil
        }
    }
}

extension TileField {
    /// Where tile `id` is laid out now, in window points (its slot after the containers' scroll): what
    /// focus moves by, steady while its spring runs. Nil for no such tile.
    func laidOutFrame(of id: PhotoID) -> Rect? {
        guard let tile = tile(id) else { return nil }
        let o = offset(slot: tile.slot)
        return tile.home.offsetBy(dx: -o.x, dy: -o.y)
    }

    /// The focus ring around tile `id` as it is drawn (`alpha` between the last two steps), with its
    /// corner `radius`: clipped to its container's window while it rests there, unclipped while it flies
    /// or rests in an overlay. Nil for no such tile.
    func focusRing(around id: PhotoID, alpha: Double, radius: Double) -> FocusRing? {
        guard let tile = tile(id) else { return nil }
        let clip = tile.layer == .container ? windowClip(slot: tile.slot, alpha: alpha) : nil
        return FocusRing(frame: tile.interpolated(alpha), radius: max(0, radius), clip: clip)
    }
}
