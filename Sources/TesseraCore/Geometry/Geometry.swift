/// Points in window coordinates: origin top-left, y down, units are points (not pixels).
public struct Point: Equatable, Hashable, Sendable, Codable {
    public var x: Double
    public var y: Double
    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }
    public static let zero = Point(0, 0)
    public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    public func distance(to other: Point) -> Double {
        ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
    }
}

/// A size in points.
public struct Size: Equatable, Hashable, Sendable, Codable {
    public var width: Double
    public var height: Double
    public init(_ width: Double, _ height: Double) {
        self.width = width
        self.height = height
    }
    public static let zero = Size(0, 0)
}

/// An axis-aligned rectangle in points: `[x, y, width, height]` as in the state dump.
public struct Rect: Equatable, Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
    public init(origin: Point, size: Size) {
        self.init(origin.x, origin.y, size.width, size.height)
    }

    public static let zero = Rect(0, 0, 0, 0)

    public var origin: Point { Point(x, y) }
    public var size: Size { Size(width, height) }
    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }
    public var center: Point { Point(midX, midY) }
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The four components in dump order, for springs and JSON.
    public var components: [Double] { [x, y, width, height] }
    public init(components c: [Double]) { self.init(c[0], c[1], c[2], c[3]) }

    public func contains(_ p: Point) -> Bool { p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY }

    /// True when `other` lies wholly inside this rect, with `tolerance` points of slack.
    public func contains(_ other: Rect, tolerance: Double = 0) -> Bool {
        other.minX >= minX - tolerance && other.maxX <= maxX + tolerance && other.minY >= minY - tolerance
            && other.maxY <= maxY + tolerance
    }

    public func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    public func intersection(_ other: Rect) -> Rect {
        let x0 = max(minX, other.minX)
        let y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX)
        let y1 = min(maxY, other.maxY)
        return Rect(x0, y0, max(0, x1 - x0), max(0, y1 - y0))
    }

    public func offsetBy(dx: Double, dy: Double) -> Rect { Rect(x + dx, y + dy, width, height) }
    public func insetBy(dx: Double, dy: Double) -> Rect { Rect(x + dx, y + dy, width - 2 * dx, height - 2 * dy) }

    /// Scaled about its centre, as SwiftUI's `scaleEffect` (layout unchanged).
    public func scaled(by s: Double) -> Rect {
        Rect(midX - width * s / 2, midY - height * s / 2, width * s, height * s)
    }

    /// Linear interpolation between two rects (t = 0 → self, t = 1 → other).
    public func interpolated(to other: Rect, _ t: Double) -> Rect {
        Rect(
            x + (other.x - x) * t, y + (other.y - y) * t, width + (other.width - width) * t,
            height + (other.height - height) * t)
    }

    /// The largest rect of `aspect` (width / height) that fits inside this one, centred (aspect-fit).
    public func aspectFit(_ aspect: Double) -> Rect {
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
    public init(from decoder: Decoder) throws {
        var c = try decoder.unkeyedContainer()
        self.init(
            try c.decode(Double.self), try c.decode(Double.self), try c.decode(Double.self), try c.decode(Double.self))
    }
    public func encode(to encoder: Encoder) throws {
        var c = encoder.unkeyedContainer()
        try c.encode(x)
        try c.encode(y)
        try c.encode(width)
        try c.encode(height)
    }
}

/// An RGBA colour, 0–255 per channel.
public struct Color: Equatable, Hashable, Sendable {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public var a: UInt8
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }
    public func withAlpha(_ opacity: Double) -> Color {
        Color(r, g, b, UInt8(max(0, min(255, (Double(a) * opacity).rounded()))))
    }
}

/// The two scroll axes.
public enum Axis: String, Sendable, Codable {
    case horizontal, vertical
}
