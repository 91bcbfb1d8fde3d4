import TesseraGeometry

/// Scroll indicators as UIScrollView draws them (docs/BEHAVIOUR.md#scroll-indicators; Apple's `showsVerticalScrollIndicator` and
/// `flashScrollIndicators()` documentation): a thin rounded bar along the trailing edge (the bottom for a
/// horizontal container) that shows while the container scrolls — a drag, a fling, the wheel, a
/// programmatic scroll — and fades out `fadeDelay` seconds after it rests. Its length is the visible part
/// of the content (never below `minimumLength`); rubber-banding past an edge squeezes it by the overscroll.
struct ScrollIndicator: Sendable, Equatable {
    /// 0…1, what is drawn.
    private(set) var opacity = 0.0
    /// Seconds since the container last scrolled.
    private var idle = 0.0

    var isSettled: Bool { opacity == 0 }

    /// One fixed step: full while `scrolling`, then a linear fade after the delay.
    mutating func step(_ dt: Double, scrolling: Bool, config: ScrollIndicatorConfig) {
        if scrolling {
            opacity = 1
            idle = 0
            return
        }
        guard opacity > 0 else { return }
        idle += dt
        if idle > config.fadeDelay + 1e-9 { opacity = max(0, opacity - dt / config.fadeDuration) }
        if opacity < 1e-6 { opacity = 0 }
    }
}

extension TileField {
    /// The indicator's opacity for the dump: nil where the container draws none.
    func indicatorOpacity(of id: ContainerID) -> Double? { slot(of: id).flatMap { containers[$0].indicator?.opacity } }

    /// The indicator bar in window points, nil where none shows (no indicator, nothing to scroll).
    func indicatorFrame(of id: ContainerID, alpha: Double = 1) -> Rect? {
        slot(of: id).flatMap { indicatorFrame(slot: $0, alpha: alpha) }
    }

    func indicatorFrame(slot k: Int, alpha: Double = 1) -> Rect? {
        let c = containers[k]
        guard c.indicator != nil else { return nil }
        let style = indicatorConfig
        let frame = windowFrame(slot: k, alpha: alpha)
        let axis = c.scroll.scroll
        let viewport = axis.viewportLength
        let content = axis.contentLength
        guard content > viewport + 0.5, viewport > 0 else { return nil }
        let own = c.scroll.axis == .horizontal
        let o = offset(slot: k, alpha: alpha) - (c.parent.map { offset(slot: $0, alpha: alpha) } ?? .zero)
        let offsetAlong = own ? o.x : o.y
        let maxOffset = content - viewport
        let over = offsetAlong < 0 ? -offsetAlong : max(0, offsetAlong - maxOffset)
        let track = (own ? frame.width : frame.height) - 2 * style.inset
        guard track > 0 else { return nil }
        var length = max(style.minimumLength, track * viewport / content)
        length = min(track, max(min(style.minimumSqueezedLength, style.minimumLength), length - over))
        let progress = min(1, max(0, offsetAlong / maxOffset))
        let start = style.inset + (track - length) * progress
        if own {
            return Rect(
                frame.minX + start, frame.maxY - style.inset - style.thickness, length, style.thickness)
        }
        return Rect(frame.maxX - style.inset - style.thickness, frame.minY + start, style.thickness, length)
    }

    /// Appends container `id`'s indicator bar while it shows, clipped to the container.
    func drawIndicator(of id: ContainerID, alpha: Double, into list: inout DrawList) {
        guard let opacity = indicatorOpacity(of: id), opacity > 0, let bar = indicatorFrame(of: id, alpha: alpha)
        else { return }
        list.append(
            .fill(
                bar, radius: indicatorConfig.thickness / 2, color: indicatorConfig.color.withAlpha(opacity),
                clip: windowClip(of: id, alpha: alpha)))
    }
}
