import Foundation

/// The state dump (README.md#state-dump) (`--dump-state`, script `dump`). Frames are `[x, y, width, height]`
/// in window points after scrolling; numbers are rounded to 1/10000 pt so dumps stay readable.
package struct StateDump: Encodable, Sendable {
    package var time: Double
    package var step: Int
    package var scene: String
    package var window: Size
    package var containers: [ContainerDump]
    package var tiles: [TileDump]
    package var overlay: OverlayDump?
    package var position: String?
    package var selection: [String]?
    /// The title's and tab bar's opacity, 0…1 (they fade as a hero opens).
    package var chromeOpacity = 1.0
    /// The scene's title: its text and presented frame.
    package var title: SceneTitle?
    /// The focused tile, card or control (null when nothing has focus).
    package var focus: String?

    enum CodingKeys: String, CodingKey {
        case time, step, scene, window, containers, tiles, overlay, position, selection, chromeOpacity, title, focus
    }
    enum TitleKeys: String, CodingKey { case text, frame }

    package func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(rounded(time), forKey: .time)
        try c.encode(step, forKey: .step)
        try c.encode(scene, forKey: .scene)
        try c.encode([window.width, window.height], forKey: .window)
        try c.encode(containers, forKey: .containers)
        try c.encode(tiles, forKey: .tiles)
        // README.md#state-dump shows these as explicit nulls, so they are never left out.
        try c.encode(overlay, forKey: .overlay)
        try c.encode(position, forKey: .position)
        try c.encode(selection, forKey: .selection)
        try c.encode(rounded(chromeOpacity), forKey: .chromeOpacity)
        if let title {
            var t = c.nestedContainer(keyedBy: TitleKeys.self, forKey: .title)
            try t.encode(title.text, forKey: .text)
            try t.encode(rounded(title.frame), forKey: .frame)
        } else {
            try c.encodeNil(forKey: .title)
        }
        try c.encode(focus, forKey: .focus)
    }

    package func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}

/// What a scene contributes to a dump.
package struct SceneDump: Sendable {
    package var containers: [ContainerDump]
    package var tiles: [TileDump]
    package var overlay: OverlayDump?
    package var position: String?
    package var selection: [String]?
    package var title: SceneTitle?
}

package struct ContainerDump: Encodable, Sendable {
    package var id: String
    package var frame: Rect
    var contentSize: Size
    package var offset: Point
    package var items: [String]
    /// The scroll indicator's opacity; nil where the container draws none (left out of the dump).
    package var indicator: Double?

    enum CodingKeys: String, CodingKey { case id, frame, contentSize, offset, items, indicator }
    enum IndicatorKeys: String, CodingKey { case opacity }

    package func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(rounded(frame), forKey: .frame)
        try c.encode(rounded([contentSize.width, contentSize.height]), forKey: .contentSize)
        try c.encode(rounded([offset.x, offset.y]), forKey: .offset)
        try c.encode(items, forKey: .items)
        if let indicator {
            var i = c.nestedContainer(keyedBy: IndicatorKeys.self, forKey: .indicator)
            try i.encode(rounded(indicator), forKey: .opacity)
        }
    }
}

package struct TileDump: Encodable, Sendable {
    package var id: String
    package var container: String
    package var target: Rect
    package var presented: Rect
    var velocity: Rect
    package var moving: Bool
    package var layer: String
    package var visible: Bool
    package var scale: Double
    package var opacity: Double

    enum CodingKeys: String, CodingKey {
        case id, container, target, presented, velocity, moving, layer, visible, scale, opacity
    }

    package func encode(to encoder: Encoder) throws {
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

package struct OverlayDump: Encodable, Sendable, Equatable {
    package var id: String
    package var kind: String
    /// The presented photo's zoom (1 at fit), its pan (points) and the swipe-down progress (0…1).
    package var zoom = 1.0
    package var pan = Point.zero
    package var dismiss = 0.0

    package init(id: String, kind: String, zoom: Double = 1, pan: Point = .zero, dismiss: Double = 0) {
        self.id = id
        self.kind = kind
        self.zoom = zoom
        self.pan = pan
        self.dismiss = dismiss
    }

    enum CodingKeys: String, CodingKey { case id, kind, zoom, pan, dismiss }

    package func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(kind, forKey: .kind)
        try c.encode(rounded(zoom), forKey: .zoom)
        try c.encode(rounded([pan.x, pan.y]), forKey: .pan)
        try c.encode(rounded(dismiss), forKey: .dismiss)
    }
}

private func rounded(_ v: Double) -> Double { (v * 10000).rounded() / 10000 }
private func rounded(_ r: Rect) -> [Double] { r.components.map(rounded) }
private func rounded(_ values: [Double]) -> [Double] { values.map(rounded) }
