import Foundation
import TesseraGeometry
import TesseraRaster
import XCTest

@testable import TesseraCore
@testable import TesseraSDL

/// A frame's commands are set up as the last frame's were where they are the same bytes at the same
/// index (`DrawListRenderer.setUpCommands`): what that keeps — each command's pixels, by which a pass
/// skips what lies outside its damage — must be what working it out again gives. Each frame here is
/// compared with a fresh renderer drawing the same list whole.
final class CommandSetUpRenderingTests: XCTestCase {
    private var folder: String!
    private let background = Color(40, 60, 200)

    override func setUpWithError() throws {
        folder = try RenderFixture.temporaryFolder()
        try RenderFixture.writeNoisePNG(folder + "/a.png", width: 300, height: 220, seed: 3)
        // Smooth, so that the same photo decoded at two sizes differs by a level or two at most.
        try RenderFixture.writePNG(folder + "/b.png", width: 200, height: 260) { x, y in
            0xFF00_0080 | UInt32(x * 255 / 200) << 16 | UInt32(y * 255 / 260) << 8
        }
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    private func renderer() throws -> (OffscreenCanvas, DrawListRenderer) {
        let photos = RenderFixture.library(folder, ["a": "a.png", "b": "b.png"])
        let (canvas, renderer) = try RenderFixture.renderer(width: 320, height: 240, photos: photos)
        renderer.textures.waitsForPhotos = true
        return (canvas, renderer)
    }

    private func frame(b: Rect) -> DrawList {
        var list = DrawList()
        list.append(.fill(Rect(4, 4, 90, 40), radius: 6, color: Color(250, 240, 10), clip: nil))
        list.append(.photo(id: "a", frame: Rect(20, 50, 60, 45), radius: 8, opacity: 1, clip: nil))
        list.append(.photo(id: "b", frame: b, radius: 8, opacity: 1, clip: nil))
        return list
    }

    /// `list` drawn whole by a renderer that drew nothing before, at `scale`.
    private func fresh(_ list: DrawList, scale: Double) throws -> [UInt32] {
        let (canvas, renderer) = try renderer()
        renderer.pixelsPerPoint = scale
        renderer.render(list, background: background)
        return try canvas.readPixels()
    }

    /// Fails at the first pixel where `a` and `b` differ, inside `part` (pixels) or anywhere; by more
    /// than `tolerance` in a channel.
    private func assertSame(
        _ a: [UInt32], _ b: [UInt32], inside part: PixelRect? = nil, tolerance: Int = 0, _ message: String,
        line: UInt = #line
    ) {
        func compared(_ i: Int) -> Bool {
            guard let part else { return true }
            return i % 320 >= part.x0 && i % 320 < part.x1 && i / 320 >= part.y0 && i / 320 < part.y1
        }
        guard let i = a.indices.first(where: { compared($0) && Pixels.distance(a[$0], b[$0]) > tolerance }) else {
            return
        }
        XCTFail(
            "\(message): pixel (\(i % 320), \(i / 320)) \(String(a[i], radix: 16)) vs \(String(b[i], radix: 16))",
            line: line)
    }

    /// One photo moves into the damage from outside it, and the damage is redrawn: the command kept
    /// from the frame before is drawn where it is, and the moved one where it went (a pass given its
    /// old pixels would skip it as outside the damage).
    func testADamagedFrameDrawsTheKeptCommandsAndTheMovedOneAsAWholeFrameDoes() throws {
        let (canvas, renderer) = try renderer()
        let before = Rect(230, 150, 50, 65)
        let after = Rect(140, 90, 50, 65)
        renderer.render(frame(b: before), background: background)
        // The damage covers the kept photo "a" too, so a pass that misplaced it would show.
        renderer.render(frame(b: after), background: background, damage: [Rect(10, 40, 200, 130)])
        let damaged = PixelRect(x0: 10, y0: 40, x1: 210, y1: 170)
        assertSame(try canvas.readPixels(), try fresh(frame(b: after), scale: 1), inside: damaged, "after the move")
    }

    /// The scale changes between two frames of the same list: nothing is kept from the frame before.
    /// Photo "b" at the old scale lies outside the damage redrawn at the new one, where it lies now: a
    /// pass given its old pixels would skip it there.
    func testANewScaleSetsEveryCommandUpAgain() throws {
        let (canvas, renderer) = try renderer()
        let list = frame(b: Rect(60, 20, 40, 50))
        renderer.render(list, background: background)
        renderer.pixelsPerPoint = 2
        renderer.render(list, background: background, damage: [Rect(60, 35, 40, 35)])
        // The damaged pixels above "b"'s bottom corners (a corner baked or drawn directly may differ
        // by a level, `CornerAtlas`).
        let damaged = PixelRect(x0: 120, y0: 70, x1: 200, y1: 120)
        // The renderer that drew the first frame decoded "b" for its size then and refines it now, so its
        // pixels may differ from a fresh one's by a level or two; a skipped photo differs by far more.
        assertSame(
            try canvas.readPixels(), try fresh(list, scale: 2), inside: damaged, tolerance: 4, "at twice the scale")
    }
}
