import Foundation
import TesseraGeometry
import TesseraPhotos

/// The state dump (docs/REFERENCE.md#state-dump) (`--dump-state`, script `dump`). Frames are `[x, y, width, height]`
/// in window points after scrolling; numbers are rounded to 1/10000 pt so dumps stay readable.
package struct StateDump: Encodable, Sendable {
    var time: Double
    var step: Int
    var scene: String
    var window: Size
    var containers: [ContainerDump]
    package var tiles: [TileDump]
    var overlay: OverlayDump?
    var position: PhotoID?
    var selection: [PhotoID]?
    /// The title's and tab bar's opacity, 0…1 (they fade as a hero opens).
    var chromeOpacity = 1.0
    /// The scene's title: its text and presented frame.
    var title: SceneTitle?
    /// The focused tile, card or control (null when nothing has focus).
    var focus: String?
    /// The visible part of the semantics tree: what a screen reader reads (docs/ACCESSIBILITY.md).
    package var semantics: SemanticsNode?

    enum CodingKeys: String, CodingKey {
        case time, step, scene, window, containers, tiles, overlay, position, selection, chromeOpacity, title, focus
        case semantics
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
        // docs/REFERENCE.md#state-dump shows these as explicit nulls, so they are never left out.
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
        try c.encodeIfPresent(semantics.map(SemanticsDump.init), forKey: .semantics)
    }

    package func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}

/// What a scene contributes to a dump.
struct SceneDump: Sendable {
    var containers: [ContainerDump]
    var tiles: [TileDump]
    var overlay: OverlayDump?
    var position: PhotoID?
    var selection: [PhotoID]?
    var title: SceneTitle?
}

struct ContainerDump: Encodable, Sendable {
    var id: String
    var frame: Rect
    var contentSize: Size
    var offset: Point
    var items: [PhotoID]
    /// The scroll indicator's opacity; nil where the container draws none (left out of the dump).
    var indicator: Double?

    enum CodingKeys: String, CodingKey { case id, frame, contentSize, offset, items, indicator }
    enum IndicatorKeys: String, CodingKey { case opacity }

    func encode(to encoder: Encoder) throws {
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
    package var id: PhotoID
    var container: String
    var target: Rect
    var presented: Rect
    var velocity: Rect
    package var moving: Bool
    var layer: String
    var visible: Bool
    var scale: Double
    var opacity: Double

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

struct OverlayDump: Encodable, Sendable, Equatable {
    var id: PhotoID
    var kind: String
    /// The presented photo's zoom (1 at fit), its pan (points) and the swipe-down progress (0…1).
    var zoom = 1.0
    var pan = Point.zero
    var dismiss = 0.0

    init(id: PhotoID, kind: String, zoom: Double = 1, pan: Point = .zero, dismiss: Double = 0) {
        self.id = id
        self.kind = kind
        self.zoom = zoom
        self.pan = pan
        self.dismiss = dismiss
    }

    enum CodingKeys: String, CodingKey { case id, kind, zoom, pan, dismiss }

    func encode(to encoder: Encoder) throws {
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

/// A semantics node as the dump writes it: `role`, `name`, `description` (left out when none), `states`,
/// `frame` (window points, as presented), `actions`, `text` (paragraphs) and `children`.
struct SemanticsDump: Encodable {
    var node: SemanticsNode

    enum CodingKeys: String, CodingKey { case id, role, name, description, states, frame, actions, text, children }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(node.id.description, forKey: .id)
        try c.encode(node.role.rawValue, forKey: .role)
        try c.encode(node.name, forKey: .name)
        try c.encodeIfPresent(node.description, forKey: .description)
        try c.encode(node.states.names, forKey: .states)
        try c.encode(rounded(node.frame), forKey: .frame)
        if !node.actions.isEmpty { try c.encode(node.actions.map(\.rawValue), forKey: .actions) }
        try c.encodeIfPresent(node.text, forKey: .text)
        if !node.children.isEmpty { try c.encode(node.children.map(SemanticsDump.init), forKey: .children) }
    }
}
