import TesseraGeometry
import TesseraPhotos
import XCTest

@testable import TesseraCore
@testable import TesseraSDL

final class ParagraphAndCrossRenderingTests: XCTestCase {
    let text =
        "Dunes the colour of rust roll all the way down to the coast. Climb one before sunrise and watch its shadow slide across the sand."

    private func ink(_ p: Pixels) -> [(x: Int, y: Int)] {
        (0..<p.values.count).compactMap { i in
            Pixels.channels(p.values[i]).r < 128 ? (i % p.width, i / p.width) : nil
        }
    }

    func testParagraphWrapsInsideItsFrameAndIsCached() throws {
        let (canvas, renderer) = try RenderFixture.renderer(width: 400, height: 300, photos: PhotoLibrary(photos: []))
        // The canvas (its SDL renderer) must outlive the DrawListRenderer and its textures.
        defer { withExtendedLifetime(canvas) {} }
        var list = DrawList()
        let frame = Rect(20, 30, 200, 250)
        list.append(
            .paragraph(
                text, frame: frame, style: TextStyle(size: 16, weight: .regular), color: Color(0, 0, 0), clip: nil))
        renderer.render(list, background: Color(255, 255, 255))
        let dots = ink(try Pixels(canvas))
        XCTAssertGreaterThan(dots.count, 500)
        XCTAssertGreaterThanOrEqual(dots.map(\.x).min()!, 20)
        XCTAssertLessThan(dots.map(\.x).max()!, 220, "wrapped to the frame's width")
        XCTAssertGreaterThanOrEqual(dots.map(\.y).min()!, 30)
        XCTAssertGreaterThan(dots.map(\.y).max()! - dots.map(\.y).min()!, 5 * 16, "several lines")
        renderer.render(list, background: Color(255, 255, 255))
        XCTAssertEqual(renderer.paragraphs.cachedCount, 1)
    }

    func testAtRestOnlyTheLastParagraphDrawnKeepsItsTexture() throws {
        let (canvas, renderer) = try RenderFixture.renderer(width: 400, height: 300, photos: PhotoLibrary(photos: []))
        defer { withExtendedLifetime(canvas) {} }
        for width in [200.0, 180, 160] {
            var list = DrawList()
            list.append(
                .paragraph(
                    text, frame: Rect(20, 30, width, 250), style: TextStyle(size: 16, weight: .regular),
                    color: Color(0, 0, 0), clip: nil))
            renderer.render(list, background: Color(255, 255, 255))
        }
        XCTAssertEqual(renderer.paragraphs.cachedCount, 3, "one per wrap width")
        renderer.releaseUnshown()
        XCTAssertEqual(renderer.paragraphs.cachedCount, 1)
    }

    func testParagraphIsClippedToItsFrameAndFades() throws {
        let (canvas, renderer) = try RenderFixture.renderer(width: 400, height: 300, photos: PhotoLibrary(photos: []))
        // The canvas (its SDL renderer) must outlive the DrawListRenderer and its textures.
        defer { withExtendedLifetime(canvas) {} }
        var list = DrawList()
        list.append(
            .paragraph(
                text, frame: Rect(20, 30, 200, 40), style: TextStyle(size: 16, weight: .regular), color: Color(0, 0, 0),
                clip: nil))
        renderer.render(list, background: Color(255, 255, 255))
        XCTAssertLessThan(ink(try Pixels(canvas)).map(\.y).max()!, 70)

        var faded = DrawList()
        faded.append(
            .paragraph(
                text, frame: Rect(20, 30, 200, 250), style: TextStyle(size: 16, weight: .regular),
                color: Color(0, 0, 0, 0), clip: nil))
        renderer.render(faded, background: Color(255, 255, 255))
        XCTAssertEqual(ink(try Pixels(canvas)).count, 0)
    }

    func testCrossDrawsBothDiagonals() throws {
        let (canvas, renderer) = try RenderFixture.renderer(width: 60, height: 60, photos: PhotoLibrary(photos: []))
        // The canvas (its SDL renderer) must outlive the DrawListRenderer and its textures.
        defer { withExtendedLifetime(canvas) {} }
        var list = DrawList()
        list.append(.cross(center: Point(30, 30), size: 20, lineWidth: 3, color: Color(0, 0, 0), clip: nil))
        renderer.render(list, background: Color(255, 255, 255))
        let p = try Pixels(canvas)
        func dark(_ x: Int, _ y: Int) -> Bool { Pixels.channels(p[x, y]).r < 100 }
        XCTAssertTrue(dark(30, 30))
        for d in [-8, -5, 5, 8] {
            XCTAssertTrue(dark(30 + d, 30 + d), "main diagonal at \(d)")
            XCTAssertTrue(dark(30 + d, 30 - d), "anti-diagonal at \(d)")
        }
        XCTAssertFalse(dark(30, 22), "between the strokes")
        XCTAssertFalse(dark(22, 30))
        XCTAssertFalse(dark(30 + 14, 30 + 14), "within its square")
    }
}
