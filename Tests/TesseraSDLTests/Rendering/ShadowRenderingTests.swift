import TesseraGeometry
import TesseraPhotos
import XCTest

@testable import TesseraCore
@testable import TesseraSDL

final class ShadowRenderingTests: XCTestCase {
    func testMaskIsOutsideOnlyAndFades() {
        let mask = ShadowMask(radius: 6, blur: 5)
        XCTAssertEqual(mask.extent, 8)  // ⌈3σ⌉, σ = 2.5
        XCTAssertEqual(mask.size, 2 * (6 + 8) + 1)
        let n = mask.size
        let mid = n / 2
        func a(_ x: Int, _ y: Int) -> Int { Int(mask.alpha[y * n + x]) }
        XCTAssertEqual(a(mid, mid), 0, "nothing under the shape")
        XCTAssertEqual(a(mid, mask.extent + 2), 0)
        // Along the middle column, from the edge outwards: strongest at the edge, fading to nothing.
        let column = (0..<mask.extent).map { a(mid, mask.extent - 1 - $0) }
        XCTAssertEqual(column, column.sorted(by: >))
        // Half a pixel out a Gaussian edge of σ = 2.5 px has Φ(−0.2) ≈ 0.42 of its strength.
        XCTAssertEqual(Double(column[0]) / 255, 0.4, accuracy: 0.06)
        XCTAssertLessThan(a(mid, 0), 4)
        // Symmetric.
        for (x, y) in [(2, 5), (7, 1), (3, 3)] {
            XCTAssertEqual(a(x, y), a(n - 1 - x, y))
            XCTAssertEqual(a(x, y), a(x, n - 1 - y))
            XCTAssertEqual(a(x, y), a(y, x))
        }
    }

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
