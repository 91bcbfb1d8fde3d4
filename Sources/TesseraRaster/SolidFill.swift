/// Opaque rectangles written straight into a canvas: as much of each as covers whole cache lines by a
/// streaming fill the caller supplies (SDL's `SDL_FillRect`, `OpaqueFill` in TesseraSDL), the rest by
/// ordinary stores.
///
/// Why: SDL's software fill writes rows with non-temporal stores from the first 16-byte boundary and
/// ordinary stores for the pixels left at the row's end. A row that does not end on a cache line mixes
/// the two in its last line, which costs several times what ordinary stores do for a narrow rectangle
/// (BENCHMARKS.md#fills-and-non-temporal-stores). Streaming stores that fill whole lines are the
/// fastest of all, and in a window the faster still: an ordinary store must first take the line back
/// from the X server's core, which read it to present the last frame. So where rows start on cache
/// lines, a rectangle's columns from one line boundary to another are streamed and only its ragged
/// edges (under 16 pixels each side) take ordinary stores, measured with a second core reading each
/// frame as the X server does (`Tools/fillbench`; BENCHMARKS.md#fills-in-a-window-another-core-reads).
/// Elsewhere narrow rows take ordinary stores whole and rows from `wideRow` on are streamed, which wins
/// on wide rows anyway.
package enum SolidFill {
    /// Rows at least this wide (pixels) are streamed whole.
    package static let wideRow = 768
    /// Pixels (4 bytes each) in a 64-byte cache line.
    package static let lineWidth = 16

    /// Fills `rect` (whole pixels, cut to the canvas) with `pixel`: streamed (`stream`, given the part
    /// inside the canvas) when it is at least `wideRow` wide, its columns of whole lines streamed and the
    /// rest stored when `onLines` (the canvas's rows start on cache lines), else stored whole.
    @inlinable
    package static func fill(
        _ rect: PixelRect, with pixel: UInt32, on canvas: PixelCanvas, onLines: Bool, stream: (PixelRect) -> Void
    ) {
        if rect.width >= wideRow {
            stream(rect.intersection(canvas.bounds))
        } else if onLines, let cut = lines(of: rect) {
            stream(cut.lines.intersection(canvas.bounds))
            if let left = cut.left { store(pixel, in: left, on: canvas) }
            if let right = cut.right { store(pixel, in: right, on: canvas) }
        } else {
            store(pixel, in: rect, on: canvas)
        }
    }

    /// Writes `pixel` into `rect` (cut to the canvas) by ordinary stores.
    @inlinable
    package static func store(_ pixel: UInt32, in rect: PixelRect, on canvas: PixelCanvas) {
        let r = rect.intersection(canvas.bounds)
        guard !r.isEmpty else { return }
        for y in r.y0..<r.y1 {
            (canvas.row(y) + r.x0).update(repeating: pixel, count: r.width)
        }
    }

    /// `rect` (whole pixels) cut where cache lines begin and end in a target whose rows start on one:
    /// the columns of whole lines, and what lies left and right of them; nil when it spans no whole line.
    @inlinable
    package static func lines(of rect: PixelRect) -> (lines: PixelRect, left: PixelRect?, right: PixelRect?)? {
        let first = (rect.x0 + lineWidth - 1) / lineWidth * lineWidth
        let last = rect.x1 / lineWidth * lineWidth
        guard last - first >= lineWidth else { return nil }
        func columns(_ from: Int, _ to: Int) -> PixelRect? {
            from < to ? PixelRect(x0: from, y0: rect.y0, x1: to, y1: rect.y1) : nil
        }
        return (columns(first, last)!, columns(rect.x0, first), columns(last, rect.x1))
    }
}
