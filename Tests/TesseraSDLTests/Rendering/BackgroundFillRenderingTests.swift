import Foundation
import TesseraGeometry
import TesseraRaster
import XCTest

@testable import TesseraCore
@testable import TesseraSDL

/// In a damage redraw, the renderer clears only what its opaque photos leave (`BackgroundFill`, whose
/// arithmetic TesseraRasterTests checks).
final class BackgroundFillRenderingTests: XCTestCase {
    /// In a damage redraw, the renderer clears only what its opaque photos leave; a faded one hides
    /// nothing.
    func testADamageRedrawClearsAroundOpaquePhotosOnly() throws {
        let folder = try RenderFixture.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try RenderFixture.writePNG(folder + "/a.png", width: 200, height: 150) { x, y in
            0xFF00_0000 | UInt32(x * 256 + y)
        }
        let (canvas, renderer) = try RenderFixture.renderer(
            width: 320, height: 240, photos: RenderFixture.library(folder, ["a": "a.png"]))
        func clearedArea(opacity: Double) -> Int {
            var list = DrawList()
            list.append(.photo(id: "a", frame: Rect(40, 30, 200, 150), radius: 10, opacity: opacity, clip: nil))
            renderer.render(list, background: Color(255, 255, 255), damage: [Rect(20, 20, 260, 180)])
            withExtendedLifetime(canvas) {}
            return renderer.backgroundFill.rects.reduce(0) { $0 + $1.width * $1.height }
        }
        XCTAssertEqual(clearedArea(opacity: 1), 260 * 180 - (200 * 150 - 4 * 10 * 10), "the part less the body")
        XCTAssertEqual(clearedArea(opacity: 0.5), 260 * 180, "a fade shows what is under it")
    }
}
