import Glibc
import TesseraGeometry
import TesseraPhotos

/// What one frame draws, in order, in window points. Built by scenes from presented state;
/// the SDL backend turns it into renderer calls and never changes state (docs/INTERNALS.md#how-it-works).
package struct DrawList: Sendable {
    package private(set) var commands: [DrawCommand] = []
    /// Photos the frame does not draw but the next ones soon will (the next screenful in the direction
    /// of scrolling), with the frame they will have (window points): decoded ahead, never waited for.
    package private(set) var ahead: [(id: PhotoID, frame: Rect)] = []
    /// How bright a photo still decoding draws now, 0…1 of its placeholder grey: the loading tile's slow
    /// pulse, stepped on the simulation's clock (`LoadingPulse`) so the renderer keeps none.
    package var loadingShade = 1.0

    package init() {}

    package mutating func append(_ command: DrawCommand) { commands.append(command) }

    /// Asks for photo `id`, soon to be drawn at about `frame`, to be decoded ahead.
    mutating func prefetch(_ id: PhotoID, frame: Rect) { ahead.append((id, frame)) }

    /// Empties the list but keeps its storage, so building a frame allocates nothing once warm.
    package mutating func removeAll() {
        commands.removeAll(keepingCapacity: true)
        ahead.removeAll(keepingCapacity: true)
    }

    var isEmpty: Bool { commands.isEmpty }
}

package enum DrawCommand: Equatable, Sendable {
    /// A solid rounded rectangle. `radius` in points (0 = square corners).
    case fill(Rect, radius: Double, color: Color, clip: Rect?)
    /// The photo `id`, aspect-filled into `frame` (scaled to cover, centred, cropped), rounded corners of
    /// `radius`, multiplied by `opacity`. A photo that is not loaded (or failed to load) draws a neutral placeholder.
    case photo(id: PhotoID, frame: Rect, radius: Double, opacity: Double, clip: Rect?)
    /// One line of text. `anchor` is the point the `alignment` refers to, on the text's vertical centre.
    case text(String, anchor: Point, alignment: TextAlignment, style: TextStyle, color: Color, clip: Rect?)
    /// The soft shadow a rounded rect (`frame`, `cornerRadius`) casts straight down (no offset), as SwiftUI's
    /// `.shadow(radius:)`: `color` at the shape's edge, fading out over about 1.5 × `radius` points beyond
    /// it. Drawn only outside the shape, so a fading photo on top never shows a dark core.
    case shadow(frame: Rect, cornerRadius: Double, radius: Double, color: Color, clip: Rect?)
    /// A backdrop material: everything drawn so far inside `region`, blurred by about `radius` points and
    /// lightened by `tint`, laid over itself at `opacity` (0 draws nothing, 1 hides the sharp scene).
    case backdropBlur(region: Rect, radius: Double, tint: Color, opacity: Double)
    /// Text wrapped to `frame`'s width, lines starting at its leading edge from its top, clipped to `frame`
    /// (and `clip`). `color.a` is its opacity.
    case paragraph(String, frame: Rect, style: TextStyle, color: Color, clip: Rect?)
    /// An "×": two strokes `lineWidth` points wide joining the opposite corners of a `size`-point square
    /// centred on `center`.
    case cross(center: Point, size: Double, lineWidth: Double, color: Color, clip: Rect?)
    /// The outline of a rounded rect: a band `width` points wide just inside `frame`'s edge, corners of
    /// `radius` (the keyboard focus ring).
    case ring(Rect, radius: Double, width: Double, color: Color, clip: Rect?)
}

extension DrawCommand {
    /// Field by field, each with its own type's `==`. The damage compares most commands of two frames
    /// every frame (`FrameDamage`); the synthesized comparison went through the generic `Optional`
    /// and `Equatable` witnesses for the clips and colours (BENCHMARKS.md, "Calls across the engine's modules").
    /// Every associated value is bound, so a value added to a case does not compile until it is compared.
    @inline(__always) package static func == (a: DrawCommand, b: DrawCommand) -> Bool {
        switch a {
        case .fill(let rect, let radius, let color, let clip):
            guard case .fill(let rect2, let radius2, let color2, let clip2) = b else { return false }
            return rect == rect2 && radius == radius2 && color == color2 && same(clip, clip2)
        case .photo(let id, let frame, let radius, let opacity, let clip):
            guard case .photo(let id2, let frame2, let radius2, let opacity2, let clip2) = b else { return false }
            return frame == frame2 && radius == radius2 && opacity == opacity2 && same(clip, clip2) && id == id2
        case .text(let string, let anchor, let alignment, let style, let color, let clip):
            guard case .text(let string2, let anchor2, let alignment2, let style2, let color2, let clip2) = b else {
                return false
            }
            return anchor == anchor2 && alignment == alignment2 && style == style2 && color == color2
                && same(clip, clip2) && string == string2
        case .shadow(let frame, let cornerRadius, let radius, let color, let clip):
            guard case .shadow(let frame2, let cornerRadius2, let radius2, let color2, let clip2) = b else {
                return false
            }
            return frame == frame2 && cornerRadius == cornerRadius2 && radius == radius2 && color == color2
                && same(clip, clip2)
        case .backdropBlur(let region, let radius, let tint, let opacity):
            guard case .backdropBlur(let region2, let radius2, let tint2, let opacity2) = b else { return false }
            return region == region2 && radius == radius2 && tint == tint2 && opacity == opacity2
        case .paragraph(let string, let frame, let style, let color, let clip):
            guard case .paragraph(let string2, let frame2, let style2, let color2, let clip2) = b else { return false }
            return frame == frame2 && style == style2 && color == color2 && same(clip, clip2) && string == string2
        case .cross(let center, let size, let lineWidth, let color, let clip):
            guard case .cross(let center2, let size2, let lineWidth2, let color2, let clip2) = b else { return false }
            return center == center2 && size == size2 && lineWidth == lineWidth2 && color == color2
                && same(clip, clip2)
        case .ring(let frame, let radius, let width, let color, let clip):
            guard case .ring(let frame2, let radius2, let width2, let color2, let clip2) = b else { return false }
            return frame == frame2 && radius == radius2 && width == width2 && color == color2 && same(clip, clip2)
        }
    }

    /// How many commands `a` and `b` begin with alike, and how many of the rest they end with alike:
    /// what two frames' lists keep (`FrameDamage`). Here, in `==`'s own module, the comparison is
    /// inlined; called from the renderer's module, each of the frame's comparisons was a call that
    /// copied both commands into it (BENCHMARKS.md, "Where a toggled frame's time goes"). Commands with
    /// the same bytes are alike without `==` (`sameBytes`).
    package static func sharedEnds(_ a: [DrawCommand], _ b: [DrawCommand]) -> (prefix: Int, suffix: Int) {
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                func alike(_ i: Int, _ j: Int) -> Bool {
                    sameBytes(a.baseAddress! + i, b.baseAddress! + j) || a[i] == b[j]
                }
                var prefix = 0
                while prefix < a.count, prefix < b.count, alike(prefix, prefix) { prefix += 1 }
                var suffix = 0
                while suffix < a.count - prefix, suffix < b.count - prefix,
                    alike(a.count - 1 - suffix, b.count - 1 - suffix)
                {
                    suffix += 1
                }
                return (prefix, suffix)
            }
        }
    }

    /// True when the commands at `a` and `b` hold the same bytes: the same case with the same values,
    /// their strings sharing storage — one command, drawing the same pixels. Known so without `==`, whose
    /// case patterns copy both commands to bind their strings (a retain and a release each), for most of
    /// a frame's commands, which the frame before drew alike (BENCHMARKS.md, "Above the floor").
    /// False says nothing: a case leaves bytes of the enum unused, which may differ, and equal
    /// strings may be stored apart. A value that is not equal to itself (a NaN) is the same bytes as
    /// itself here, and draws the same pixels as it did.
    @inline(__always)
    package static func sameBytes(_ a: UnsafePointer<DrawCommand>, _ b: UnsafePointer<DrawCommand>) -> Bool {
        memcmp(a, b, MemoryLayout<DrawCommand>.size) == 0
    }

    /// Two clips are the same when both are absent or both are the same rectangle.
    private static func same(_ a: Rect?, _ b: Rect?) -> Bool {
        switch (a, b) {
        case (nil, nil): true
        case (let a?, let b?): a == b
        default: false
        }
    }
}

package enum TextAlignment: Sendable, Hashable {
    case leading, center, trailing
}

/// A font choice: size in points, weight and design (SwiftUI's `Font.system(_:design:)` and
/// `fontWeight`). The backend maps each to a font file from Debian's packages.
package struct TextStyle: Hashable, Sendable {
    package enum Weight: Sendable, Hashable { case regular, bold, heavy }
    /// `Font.Design`: `.rounded` is the picker title's `.system(.title, design: .rounded)`.
    package enum Design: Sendable, Hashable { case standard, rounded }
    package var size: Double
    package var weight: Weight
    package var design: Design
    init(size: Double, weight: Weight, design: Design = .standard) {
        self.size = size
        self.weight = weight
        self.design = design
    }
}
