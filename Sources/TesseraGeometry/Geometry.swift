/// Points in window coordinates: origin top-left, y down, units are points (not pixels).
package struct Point: Equatable, Hashable, Sendable, Codable {
    package var x: Double
    package var y: Double
    package init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }
    package static let zero = Point(0, 0)
    package static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    package static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    package func distance(to other: Point) -> Double {
        ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
    }
}

/// A size in points.
package struct Size: Equatable, Hashable, Sendable, Codable {
    package var width: Double
    package var height: Double
    package init(_ width: Double, _ height: Double) {
        self.width = width
        self.height = height
    }
    package static let zero = Size(0, 0)
}

/// An axis-aligned rectangle in points: `[x, y, width, height]` as in the state dump.
package struct Rect: Equatable, Hashable, Sendable {
    package var x: Double
    package var y: Double
    package var width: Double
    package var height: Double

    package init(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
    package init(origin: Point, size: Size) {
        self.init(origin.x, origin.y, size.width, size.height)
    }

    package static let zero = Rect(0, 0, 0, 0)

    package var origin: Point { Point(x, y) }
    package var size: Size { Size(width, height) }
    package var minX: Double { x }
    package var minY: Double { y }
    package var maxX: Double { x + width }
    package var maxY: Double { y + height }
    package var midX: Double { x + width / 2 }
    package var midY: Double { y + height / 2 }
    package var center: Point { Point(midX, midY) }
    package var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The four components in dump order, for springs and JSON.
    package var components: [Double] { [x, y, width, height] }
    package init(components c: [Double]) { self.init(c[0], c[1], c[2], c[3]) }

    package func contains(_ p: Point) -> Bool { p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY }

    /// True when `other` lies wholly inside this rect, with `tolerance` points of slack.
    package func contains(_ other: Rect, tolerance: Double = 0) -> Bool {
        other.minX >= minX - tolerance && other.maxX <= maxX + tolerance && other.minY >= minY - tolerance
            && other.maxY <= maxY + tolerance
    }

    package func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// The smallest rect holding both.
    package func union(_ other: Rect) -> Rect {
        let x0 = min(minX, other.minX)
        let y0 = min(minY, other.minY)
        return Rect(x0, y0, max(maxX, other.maxX) - x0, max(maxY, other.maxY) - y0)
    }

    package func intersection(_ other: Rect) -> Rect {
        let x0 = max(minX, other.minX)
        let y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX)
        let y1 = min(maxY, other.maxY)
        return Rect(x0, y0, max(0, x1 - x0), max(0, y1 - y0))
    }

    package func offsetBy(dx: Double, dy: Double) -> Rect { Rect(x + dx, y + dy, width, height) }
    package func insetBy(dx: Double, dy: Double) -> Rect { Rect(x + dx, y + dy, width - 2 * dx, height - 2 * dy) }

    /// Scaled about its centre, as SwiftUI's `scaleEffect` (layout unchanged).
    package func scaled(by s: Double) -> Rect {
        Rect(midX - width * s / 2, midY - height * s / 2, width * s, height * s)
    }

    /// Linear interpolation between two rects (t = 0 → self, t = 1 → other).
    package func interpolated(to other: Rect, _ t: Double) -> Rect {
        Rect(
            x + (other.x - x) * t, y + (other.y - y) * t, width + (other.width - width) * t,
            height + (other.height - height) * t)
    }

    /// The largest rect of `aspect` (width / height) that fits inside this one, centred (aspect-fit).
    package func aspectFit(_ aspect: Double) -> Rect {
        guard aspect > 0, !isEmpty else { return self }
        if width / height > aspect {
            let w = height * aspect
            return Rect(midX - w / 2, y, w, height)
        }
        let h = width / aspect
        return Rect(x, midY - h / 2, width, h)
    }
}

extension Rect: Codable {
    package init(from decoder: Decoder) throws {
        var c = try decoder.unkeyedContainer()
        self.init(
            try c.decode(Double.self), try c.decode(Double.self), try c.decode(Double.self), try c.decode(Double.self))
    }
    package func encode(to encoder: Encoder) throws {
        var c = encoder.unkeyedContainer()
        try c.encode(x)
        try c.encode(y)
        try c.encode(width)
        try c.encode(height)
    }
}

/// An RGBA colour, 0–255 per channel.
package struct Color: Equatable, Hashable, Sendable {
    package var r: UInt8
    package var g: UInt8
    package var b: UInt8
    package var a: UInt8
    package init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }
    package func withAlpha(_ opacity: Double) -> Color {
        Color(r, g, b, UInt8(max(0, min(255, (Double(a) * opacity).rounded()))))
    }
}
