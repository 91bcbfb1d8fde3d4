import TesseraGeometry

/// Gesture routing: the one set of rules by which presses, drags and the wheel scroll containers.
///
/// - A press on a container that scrolls on its own (a fling, a settle, an animation) stops it under the
///   finger, as UIScrollView's does (Apple's UIScrollView documentation); the tap that may follow only
///   does that, and the scroll rests (or snaps to its nearest target) when the press ends.
/// - A drag scrolls the innermost container under its start whose axis is the drag's (the recognizer
///   locks a drag to the axis of its first movement): a vertical drag on a gallery row scrolls the
///   outer view.
/// - The wheel scrolls the innermost container under the pointer, unless its scene scrolls it on the
///   wheel by its own rules (`scrollsOnWheel`).
///
/// What the field does not take (taps on tiles, keys, a scene's own wheel rules) goes back to the scene
/// (`Scene.receive` is the one place that asks).
extension TileField {
    /// Takes `gesture` if it is the field's business; false hands it back to the scene.
    func route(_ gesture: Gesture, wheelStep: Double, wheelAnimation: SpringParameters) -> Bool {
        switch gesture {
        case .press(let p):
            // A second press before the first ended (a finger down while the mouse holds, a press the
            // recognizer began again) lets go of what the first caught: overwritten, that scroll would
            // stay caught — `dragging` — with no release left to end it (monkey 4008, issue 44).
            releaseCaughtScroll()
            caught = containers.indices.reversed().first { k in
                windowHitFrame(slot: k).contains(p) && containers[k].scroll.catchScroll()
            }
            if let caught { containers[caught].grabs += 1 }
            return true
        case .tap:
            return releaseCaughtScroll()
        case .dragBegan(let start, let axis):
            let target = containers.indices.reversed().first { k in
                containers[k].scroll.axis == axis && windowHitFrame(slot: k).contains(start)
            }
            if caught != target { releaseCaughtScroll() }
            caught = nil
            dragging = target
            if let target {
                containers[target].scroll.beginDrag()
                containers[target].grabs += 1
            }
            return target != nil
        case .dragChanged(let delta):
            guard let dragging else { return false }
            containers[dragging].scroll.drag(by: delta)
            return true
        case .dragEnded(let velocity):
            let ended = dragging
            if let ended, containers[ended].scroll.scroll.phase == .dragging {
                containers[ended].scroll.endDrag(fingerVelocity: velocity)
            }
            dragging = nil
            let released = releaseCaughtScroll()
            return ended != nil || released
        case .wheel(let at, let dx, let dy):
            guard let target = containers.indices.reversed().first(where: { windowHitFrame(slot: $0).contains(at) }),
                containers[target].scrollsOnWheel
            else {
                return false
            }
            containers[target].scroll.wheel(dx: dx, dy: dy, step: wheelStep, animation: wheelAnimation)
            return true
        case .key, .doubleTap, .pinchBegan, .pinchChanged, .pinchEnded, .magnify:
            return false
        }
    }

    /// An overlay above the field took `gesture` (an open hero stage covers it): nothing under it scrolls,
    /// but a drag that starts there lets go of a scroll a press caught before the overlay appeared.
    func cover(_ gesture: Gesture) {
        if case .dragBegan = gesture { releaseCaughtScroll() }
    }

    /// The container a drag in progress scrolls, if any.
    var draggedContainer: ContainerID? { dragging.map { containers[$0].id } }

    /// Lets go of a scroll a press caught (it rests, or springs back inside its edges). True if there was
    /// one.
    @discardableResult
    func releaseCaughtScroll() -> Bool {
        guard let k = caught else { return false }
        caught = nil
        containers[k].scroll.endDrag(fingerVelocity: .zero)
        return true
    }
}
