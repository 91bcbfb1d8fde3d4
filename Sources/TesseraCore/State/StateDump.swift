import Foundation

/// The state dump (README.md#state-dump) (`--dump-state`, script `dump`). Frames are `[x, y, width, height]`
/// in window points after scrolling; numbers are rounded to 1/10000 pt so dumps stay readable.
public struct StateDump: Encodable, Sendable {
    public var time: Double
    public var step: Int
    public var scene: String
    public var window: Size
    public var containers: [ContainerDump]
    public var tiles: [TileDump]
    public var overlay: OverlayDump?
    public var position: String?
    public var selection: [String]?

    enum CodingKeys: String, CodingKey {
        case time, step, scene, window, containers, tiles, overlay, position, selection
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(rounded(time), forKey: .time)
        try c.encode(step, forKey: .step)
        try c.encode(scene, forKey: .scene)
        try c.encode([window.width, window.height], forKey: .window)
        try c.encode(containers, forKey: .containers)
        try c.encode(tiles, forKey: .tiles)
        // The contract shows these as explicit nulls, so they are never left out.
        try c.encode(overlay, forKey: .overlay)
        try c.encode(position, forKey: .position)
        try c.encode(selection, forKey: .selection)
    }

    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}

/// What a scene contributes to a dump.
public struct SceneDump: Sendable {
    public var containers: [ContainerDump]
    public var tiles: [TileDump]
    public var overlay: OverlayDump?
    public var position: String?
    public var selection: [String]?
}

public struct ContainerDump: Encodable, Sendable {
    public var id: String
    public var frame: Rect
    public var contentSize: Size
    public var offset: Point
    public var items: [String]

    enum CodingKeys: String, CodingKey { case id, frame, contentSize, offset, items }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(rounded(frame), forKey: .frame)
        try c.encode(rounded([contentSize.width, contentSize.height]), forKey: .contentSize)
        try c.encode(rounded([offset.x, offset.y]), forKey: .offset)
        try c.encode(items, forKey: .items)
    }
}

public struct TileDump: Encodable, Sendable {
    public var id: String
    public var container: String
    public var target: Rect
    public var presented: Rect
    public var velocity: Rect
    public var moving: Bool
    public var layer: String
    public var visible: Bool
    public var scale: Double
    public var opacity: Double

    enum CodingKeys: String, CodingKey {
        case id, container, target, presented, velocity, moving, layer, visible, scale, opacity
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(container, forKey: .container)
        try c.encode(rounded(target), forKey: .target)
        try c.encode(rounded(presented), forKey: .presented)
        try c.encode(rounded(velocity), forKey: .velocity)
        try c.encode(moving, forKey: .moving)
        try c.encode(layer, forKey: .layer)
        try c.encode(visible, forKey: .visible)
        try c.encode(rounded(scale), forKey: .scale)
        try c.encode(rounded(opacity), forKey: .opacity)
    }
}

public struct OverlayDump: Encodable, Sendable, Equatable {
    public var id: String
    public var kind: String
}

private func rounded(_ v: Double) -> Double { (v * 10000).rounded() / 10000 }
private func rounded(_ r: Rect) -> [Double] { r.components.map(rounded) }
private func rounded(_ values: [Double]) -> [Double] { values.map(rounded) }
