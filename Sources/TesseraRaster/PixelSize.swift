/// A width and a height in whole PIXELS: a canvas's, a window's output, a presenter's buffer. A `Size`
/// (TesseraGeometry) is in points; the two meet only where a scale is applied.
package struct PixelSize: Equatable, Hashable, Sendable {
    package var width: Int
    package var height: Int

    @inlinable
    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// True when `other` fits inside this size.
    @inlinable
    package func holds(_ other: PixelSize) -> Bool { other.width <= width && other.height <= height }
}
