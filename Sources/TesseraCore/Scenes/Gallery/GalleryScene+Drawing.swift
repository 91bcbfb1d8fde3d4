import TesseraGeometry

/// The gallery's frame: the shared title, then inside the outer scroll's clip each section's label,
/// the Featured header's scroll position, the dividers and the cards (each row clipped to its own
/// viewport too), and the Featured paddles on top.
extension GalleryScene {
    func draw(into list: inout DrawList, alpha: Double) {
        let theme = config.theme
        let gallery = config.gallery
        Chrome(config: config.chrome).drawTitle(gallery.title, window: window, color: theme.text, into: &list)
        let clip = field.windowFrame(of: .gallery)
        guard !clip.isEmpty else { return }
        let labelStyle = TextStyle(size: gallery.labelSize, weight: .bold)
        for r in rows.indices {
            // The label and divider keep their places relative to the row, which may be animating.
            let rowLayout = layout.rows[r]
            let row = rowFrame(r, alpha: alpha)
            func place(_ part: Rect, below: Bool = false) -> Rect {
                let dy = below ? row.maxY - rowLayout.frame.maxY : row.minY - rowLayout.frame.minY
                return windowFrame(part.offsetBy(dx: 0, dy: dy), alpha: alpha)
            }
            let label = place(rowLayout.label)
            if label.intersects(clip) {
                list.append(
                    .text(
                        rowLayout.title, anchor: Point(label.minX, label.midY), alignment: .leading, style: labelStyle,
                        color: theme.text, clip: clip))
            }
            if let line = rowLayout.positionLine.map({ place($0) }), line.intersects(clip) {
                drawPosition(in: line, clip: clip, into: &list)
            }
            if let divider = rowLayout.divider.map({ place($0, below: true) }), divider.intersects(clip) {
                list.append(.fill(divider, radius: 0, color: theme.separator, clip: clip))
            }
            drawCards(row: r, clip: clip, alpha: alpha, into: &list)
        }
        drawPaddles(clip: clip, alpha: alpha, into: &list)
        field.drawIndicator(of: .gallery, alpha: alpha, into: &list)
        drawFocusRing(alpha: alpha, accent: theme.accent, into: &list)
    }

    private func drawCards(row r: Int, clip: Rect, alpha: Double, into list: inout DrawList) {
        let visible = viewport(of: r, alpha: alpha)
        let rowClip = visible.intersection(clip)
        guard !rowClip.isEmpty else { return }
        let config = rows[r].config
        field.drawTileIDs(in: rows[r].containerID, alpha: alpha, clip: rowClip) { id, frame, clip in
            guard let index = cardIndex[id], let palette = palette(row: r, card: index) else { return }
            // The scale follows the interpolated frame, so it is as smooth as the motion.
            let phase = ScrollTransition.phaseValue(of: frame, in: visible, axis: .horizontal)
            let scale = ScrollTransition.scale(phaseValue: phase, edgeScale: config.edgeScale)
            GalleryCardArt.draw(frame: frame, scale: scale, palette: palette, row: config, clip: clip, into: &list)
        }
    }

    /// The Featured header's second line: the palette name at the scroll position, and where it is.
    private func drawPosition(in line: Rect, clip: Rect, into list: inout DrawList) {
        let f = Self.featured
        guard let index = rows[f].position(in: layout.rows[f], scroll: rowScroll(f), grabs: grabs(f)),
            let palette = palette(row: f, card: index)
        else {
            return
        }
        if positionLabel.index != index {
            positionLabel = (index, "\(palette.name) · \(index + 1) of \(rows[f].ids.count)")
        }
        list.append(
            .text(
                positionLabel.text, anchor: Point(line.minX, line.midY), alignment: .leading,
                style: TextStyle(size: config.gallery.positionSize, weight: .regular),
                color: config.theme.secondaryText,
                clip: clip))
    }

    private func drawPaddles(clip: Rect, alpha: Double, into list: inout DrawList) {
        let paddles = paddleFrames(alpha: alpha)
        if let back = paddles.back { drawPaddle(back, glyph: "‹", clip: clip, into: &list) }
        if let forward = paddles.forward { drawPaddle(forward, glyph: "›", clip: clip, into: &list) }
    }

    /// The session's plain chevron in the accent colour, or (the `palettes` look) a disc with a faint rim
    /// and a chevron, centred in the paddle's hit frame.
    private func drawPaddle(_ frame: Rect, glyph: String, clip: Rect, into list: inout DrawList) {
        let paddle = config.gallery.paddle
        let theme = config.theme
        let style = TextStyle(size: paddle.chevronSize, weight: .bold)
        guard config.gallery.look == .palettes else {
            list.append(
                .text(glyph, anchor: frame.center, alignment: .center, style: style, color: theme.accent, clip: clip))
            return
        }
        let disc = Rect(
            frame.midX - paddle.diameter / 2, frame.midY - paddle.diameter / 2, paddle.diameter, paddle.diameter)
        let rim = disc.insetBy(dx: -1, dy: -1)
        list.append(.fill(rim, radius: rim.width / 2, color: theme.controlRim, clip: clip))
        list.append(.fill(disc, radius: paddle.diameter / 2, color: theme.control, clip: clip))
        list.append(
            .text(glyph, anchor: disc.center, alignment: .center, style: style, color: theme.controlGlyph, clip: clip))
    }
}
