import TesseraGeometry
import TesseraPhotos
import XCTest

@testable import TesseraCore
@testable import TesseraSDL

final class ShadowRenderingTests: XCTestCase {
    func testShadowDarkensAroundTheShapeOnly() throws {
        let (canvas, renderer) = try RenderFixture.renderer(width: 200, height: 200, photos: PhotoLibrary(photos: []))
        // The canvas (its SDL renderer) must outlive the DrawListRenderer and its textures.
        defer { withExtendedLifetime(canvas) {} }
        var list = DrawList()
        list.append(
            .shadow(frame: Rect(50, 50, 100, 100), cornerRadius: 10, radius: 5, color: Color(0, 0, 0, 255), clip: nil))
        renderer.render(list, background: Color(255, 255, 255))
        let p = try Pixels(canvas)
        func r(_ x: Int, _ y: Int) -> Int { Pixels.channels(p[x, y]).r }
        XCTAssertEqual(r(100, 100), 255, "inside untouched")
        XCTAssertLessThan(r(100, 49), 170, "dark just above the top edge")
        XCTAssertLessThan(r(49, 100), 170, "and left of the left edge")
        XCTAssertGreaterThan(r(100, 40), r(100, 48), "fading outwards")
        XCTAssertEqual(r(100, 30), 255, "nothing beyond the extent")
        XCTAssertGreaterThan(r(47, 47), r(100, 47), "softer round the rounded corner")
        // Clipped like any command.
        var clipped = DrawList()
        clipped.append(
            .shadow(
                frame: Rect(50, 50, 100, 100), cornerRadius: 10, radius: 5, color: Color(0, 0, 0, 255),
                clip: Rect(0, 0, 200, 50)))
        renderer.render(clipped, background: Color(255, 255, 255))
        let q = try Pixels(canvas)
        XCTAssertLessThan(Pixels.channels(q[100, 49]).r, 170)
        XCTAssertEqual(Pixels.channels(q[100, 152]).r, 255)
    }
}
