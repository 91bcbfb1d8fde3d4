import TesseraGeometry

/// Draws one gallery card as the session's `colorStack` does: the palette's backdrop clipped to a rounded
/// rect, and inside `stackPadding` three overlapping rectangles — the back one offset by
/// (+offset, +offset), the middle one in place, the front one by (−offset, −offset) — clipped by the
/// card's rounded shape. The whole card is scaled about its centre (`scaleEffect`, layout unchanged).
///
/// The draw list clips to rects only, so the rounded clip is built from the shapes: each rectangle is
/// first cut to the card's bounds, then a corner that lands on one of the card's corners is rounded
/// with the card's radius and every other corner is kept square by a small square patch over the
/// rounded corner (with the session's numbers the back and front rectangles reach two opposite corners).
enum GalleryCardArt {
    /// Appends card art for a card laid out at `frame` (window points, before scaling), drawn at
    /// `scale`, with the row's corner radius and stack numbers, under `clip`.
    static func draw(
        frame: Rect, scale: Double, palette: Palette, row: GalleryRowConfig, clip: Rect, into list: inout DrawList
    ) {
        guard frame.width > 0, frame.height > 0 else { return }
        let card = Rect(0, 0, frame.width, frame.height)
        let drawn = frame.scaled(by: scale)
        let radius = min(row.cornerRadius, frame.width / 2, frame.height / 2)
        /// Card-local points → window points, scaled about the card's centre.
        func place(_ r: Rect) -> Rect {
            Rect(drawn.x + r.x * scale, drawn.y + r.y * scale, r.width * scale, r.height * scale)
        }
        list.append(.fill(drawn, radius: radius * scale, color: palette.background, clip: clip))
        let inner = card.insetBy(dx: row.stackPadding, dy: row.stackPadding)
        guard inner.width > 0, inner.height > 0, palette.colors.count == 3 else { return }
        let o = row.stackOffset
        // Back (+offset), middle, front (−offset); unrolled rather than an array: no allocation per frame.
        for layer in 0..<3 {
            let shift = Double(1 - layer) * o
            let cut = inner.offsetBy(dx: shift, dy: shift).intersection(card)
            guard !cut.isEmpty else { continue }
            appendClippedToCard(
                cut, card: card, radius: radius, color: palette.colors[layer], place: place, clip: clip, into: &list)
        }
    }

    /// A rect already inside `card` (card-local points), rounded only where it meets the card's corners.
    private static func appendClippedToCard(
        _ r: Rect, card: Rect, radius: Double, color: Color, place: (Rect) -> Rect, clip: Rect,
        into list: inout DrawList
    ) {
        let e = 1e-9
        let left = abs(r.minX - card.minX) < e
        let right = abs(r.maxX - card.maxX) < e
        let top = abs(r.minY - card.minY) < e
        let bottom = abs(r.maxY - card.maxY) < e
        let cornerRadius = min(radius, r.width / 2, r.height / 2)
        // r's corners in the order top-left, top-right, bottom-left, bottom-right; rounded where they
        // sit on the card's own corners.
        func isRounded(_ corner: Int) -> Bool {
            (corner < 2 ? top : bottom) && (corner % 2 == 0 ? left : right)
        }
        guard (0..<4).contains(where: isRounded), cornerRadius > 0 else {
            list.append(.fill(place(r), radius: 0, color: color, clip: clip))
            return
        }
        let scale = place(card).width / max(card.width, e)
        list.append(.fill(place(r), radius: cornerRadius * scale, color: color, clip: clip))
        let s = cornerRadius
        for corner in 0..<4 where !isRounded(corner) {
            let x = corner % 2 == 0 ? r.minX : r.maxX - s
            let y = corner < 2 ? r.minY : r.maxY - s
            list.append(.fill(place(Rect(x, y, s, s)), radius: 0, color: color, clip: clip))
        }
    }
}
