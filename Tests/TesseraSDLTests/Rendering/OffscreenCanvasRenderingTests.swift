import CSDL2
import TesseraGeometry
import TesseraPhotos
import XCTest

@testable import TesseraCore
@testable import TesseraSDL

final class OffscreenCanvasRenderingTests: XCTestCase {
    func testSavePNGRoundTripsAndScreenshotMatches() throws {
        let folder = try RenderFixture.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (canvas, renderer) = try RenderFixture.renderer(width: 64, height: 32, photos: PhotoLibrary(photos: []))
        var list = DrawList()
        list.append(.fill(Rect(0, 0, 32, 32), radius: 0, color: Color(10, 200, 30), clip: nil))
        renderer.render(list, background: Color(250, 250, 250))
        try canvas.savePNG(to: folder + "/canvas.png")
        try Screenshot.savePNG(renderer: canvas.renderer, width: 64, height: 32, path: folder + "/shot.png")
        for name in ["canvas.png", "shot.png"] {
            let loaded = try XCTUnwrap(IMG_Load(folder + "/" + name))
            defer { SDL_FreeSurface(loaded) }
            let argb = try XCTUnwrap(SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0))
            defer { SDL_FreeSurface(argb) }
            XCTAssertEqual(argb.pointee.w, 64)
            let px = argb.pointee.pixels!.assumingMemoryBound(to: UInt32.self)
            XCTAssertEqual(px[5], 0xFF0A_C81E, name)
            XCTAssertEqual(px[40], 0xFFFA_FAFA, name)
        }
    }

    func testSaveToAnImpossiblePathThrowsNamingIt() throws {
        let canvas = try OffscreenCanvas(width: 4, height: 4)
        XCTAssertThrowsError(try canvas.savePNG(to: "/nonexistent-dir/x.png")) { error in
            XCTAssertTrue("\(error)".contains("/nonexistent-dir/x.png"), "\(error)")
        }
        XCTAssertThrowsError(
            try Screenshot.savePNG(renderer: canvas.renderer, width: 4, height: 4, path: "/nonexistent-dir/y.png"))
    }

    func testEmptyCanvasIsAnError() {
        XCTAssertThrowsError(try OffscreenCanvas(width: 0, height: 10))
    }
}
