import CSDL2

/// One SDL renderer call as Tessera's renderer made it, arguments by value (rects, vertices and
/// indices live in the log's pools, so recording a frame is a few array appends per call).
enum RenderCall {
    case clear
    case setDrawColor(UInt8, UInt8, UInt8, UInt8)
    case setDrawBlendMode(SDL_BlendMode)
    case setClip(SDL_Rect?)
    case fillRects(Range<Int>)
    case copy(texture: OpaquePointer?, source: SDL_Rect?, destination: SDL_FRect?)
    case geometry(texture: OpaquePointer?, vertices: Range<Int>, indices: Range<Int>?)
    case setTextureAlphaMod(OpaquePointer?, UInt8)
    case setTextureBlendMode(OpaquePointer?, SDL_BlendMode)
}

/// The SDL calls of one frame on one renderer, in order, replayable with no engine around them.
final class RenderCallLog {
    /// Calls on other renderers are not recorded (texture calls carry no renderer and always are).
    let renderer: OpaquePointer
    private(set) var calls: [RenderCall] = []
    private(set) var rects: [SDL_FRect] = []
    private(set) var vertices: [SDL_Vertex] = []
    private(set) var indices: [Int32] = []

    init(renderer: OpaquePointer) { self.renderer = renderer }

    func record(_ call: RenderCall, on renderer: OpaquePointer? = nil) {
        guard renderer == nil || renderer == self.renderer else { return }
        calls.append(call)
    }

    func recordFill(_ pointer: UnsafePointer<SDL_FRect>?, count: Int32, on renderer: OpaquePointer?) {
        guard renderer == self.renderer, let pointer, count > 0 else { return }
        let start = rects.count
        rects.append(contentsOf: UnsafeBufferPointer(start: pointer, count: Int(count)))
        calls.append(.fillRects(start..<rects.count))
    }

    func recordGeometry(
        _ texture: OpaquePointer?, _ vertexPointer: UnsafePointer<SDL_Vertex>?, _ vertexCount: Int32,
        _ indexPointer: UnsafePointer<Int32>?, _ indexCount: Int32, on renderer: OpaquePointer?
    ) {
        guard renderer == self.renderer, let vertexPointer, vertexCount > 0 else { return }
        let v = vertices.count
        vertices.append(contentsOf: UnsafeBufferPointer(start: vertexPointer, count: Int(vertexCount)))
        var indexRange: Range<Int>?
        if let indexPointer, indexCount > 0 {
            let i = indices.count
            indices.append(contentsOf: UnsafeBufferPointer(start: indexPointer, count: Int(indexCount)))
            indexRange = i..<indices.count
        }
        calls.append(.geometry(texture: texture, vertices: v..<vertices.count, indices: indexRange))
    }

    /// Issues every recorded call on `target` straight to libSDL2 (past the interposers): the bare loop.
    func replay(on target: OpaquePointer) {
        rects.withUnsafeBufferPointer { rects in
            vertices.withUnsafeBufferPointer { vertices in
                indices.withUnsafeBufferPointer { indices in
                    for call in calls { issue(call, target, rects, vertices, indices) }
                }
            }
        }
    }

    private func issue(
        _ call: RenderCall, _ r: OpaquePointer, _ rects: UnsafeBufferPointer<SDL_FRect>,
        _ vertices: UnsafeBufferPointer<SDL_Vertex>, _ indices: UnsafeBufferPointer<Int32>
    ) {
        switch call {
        case .clear:
            _ = LibSDL.renderClear(r)
        case .setDrawColor(let red, let green, let blue, let alpha):
            _ = LibSDL.setRenderDrawColor(r, red, green, blue, alpha)
        case .setDrawBlendMode(let mode):
            _ = LibSDL.setRenderDrawBlendMode(r, mode)
        case .setClip(let rect):
            if var rect { _ = LibSDL.renderSetClipRect(r, &rect) } else { _ = LibSDL.renderSetClipRect(r, nil) }
        case .fillRects(let range):
            _ = LibSDL.renderFillRectsF(r, rects.baseAddress! + range.lowerBound, Int32(range.count))
        case .copy(let texture, let source, let destination):
            withOptionalPointer(source) { s in
                withOptionalPointer(destination) { d in _ = LibSDL.renderCopyF(r, texture, s, d) }
            }
        case .geometry(let texture, let v, let i):
            let indexPointer = i.map { indices.baseAddress! + $0.lowerBound }
            _ = LibSDL.renderGeometry(
                r, texture, vertices.baseAddress! + v.lowerBound, Int32(v.count), indexPointer, Int32(i?.count ?? 0))
        case .setTextureAlphaMod(let texture, let alpha):
            _ = LibSDL.setTextureAlphaMod(texture, alpha)
        case .setTextureBlendMode(let texture, let mode):
            _ = LibSDL.setTextureBlendMode(texture, mode)
        }
    }

    /// The same frame without the looks: every run of copies of one texture (a photo's body strips)
    /// becomes ONE copy of the union of their sources onto the union of their destinations — a plain
    /// `SDL_RenderCopyF` of the same texture at the same rect, no rounding. Corner geometry is
    /// dropped, and so are copies of another texture that land inside the photo just drawn (its baked
    /// corners, `CornerAtlas`); a rounded fill's strips become one rect. State calls (clips, colours,
    /// blend modes) and text copies stay as they were.
    func withoutLooks() -> RenderCallLog {
        let plain = RenderCallLog(renderer: renderer)
        var photo: (texture: OpaquePointer?, destination: SDL_FRect)?
        var index = 0
        while index < calls.count {
            switch calls[index] {
            case .geometry:
                index += 1
            case .fillRects(let range):
                let union = rects[range].dropFirst().reduce(rects[range.lowerBound], Self.union)
                plain.rects.append(union)
                plain.calls.append(.fillRects(plain.rects.count - 1..<plain.rects.count))
                index += 1
            case .copy(let texture, var source, var destination):
                index += 1
                while index < calls.count, case .copy(let next, let s, let d) = calls[index], next == texture,
                    let s, let d, let sourceSoFar = source, let destinationSoFar = destination
                {
                    source = Self.union(sourceSoFar, s)
                    destination = Self.union(destinationSoFar, d)
                    index += 1
                }
                if let photo, let destination, photo.texture != texture, Self.contains(photo.destination, destination) {
                    continue  // decoration on the photo just drawn
                }
                plain.calls.append(.copy(texture: texture, source: source, destination: destination))
                photo = destination.map { (texture, $0) }
            default:
                plain.calls.append(calls[index])
                index += 1
            }
        }
        return plain
    }

    var drawCallCount: Int {
        calls.filter {
            switch $0 {
            case .clear, .fillRects, .copy, .geometry: true
            default: false
            }
        }.count
    }

    private static func contains(_ outer: SDL_FRect, _ inner: SDL_FRect) -> Bool {
        inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.w <= outer.x + outer.w
            && inner.y + inner.h <= outer.y + outer.h
    }

    private static func union(_ a: SDL_FRect, _ b: SDL_FRect) -> SDL_FRect {
        let x = min(a.x, b.x)
        let y = min(a.y, b.y)
        return SDL_FRect(x: x, y: y, w: max(a.x + a.w, b.x + b.w) - x, h: max(a.y + a.h, b.y + b.h) - y)
    }

    private static func union(_ a: SDL_Rect, _ b: SDL_Rect) -> SDL_Rect {
        let x = min(a.x, b.x)
        let y = min(a.y, b.y)
        return SDL_Rect(x: x, y: y, w: max(a.x + a.w, b.x + b.w) - x, h: max(a.y + a.h, b.y + b.h) - y)
    }
}

private func withOptionalPointer<T, R>(_ value: T?, _ body: (UnsafePointer<T>?) -> R) -> R {
    guard var value else { return body(nil) }
    return withUnsafePointer(to: &value) { body($0) }
}
