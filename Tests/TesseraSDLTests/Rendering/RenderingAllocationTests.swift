import CSDL2
import Foundation
import TesseraGeometry
import XCTest

@testable import TesseraCore
@testable import TesseraSDL

/// "No allocation per frame once warm", checked with a malloc-counting preload. Opt-in: it needs
/// `LD_PRELOAD` of a library that wraps malloc/calloc/realloc/posix_memalign/aligned_alloc with a
/// counter and exports `long malloc_count_get(void)`; skipped otherwise. Run it on a release build
/// (`swift build -c release -Xswiftc -enable-testing --build-tests`, then
/// `LD_PRELOAD=… .build/release/TesseraPackageTests.xctest TesseraSDLTests.RenderingAllocationTests`).
///
/// Only opaque photos and radius-0 fills are in the frame on purpose: SDL's software renderer
/// itself allocates an intermediate surface for every blended, linear-scaled blit (a photo at
/// opacity < 1), every blended untextured triangle (a translucent or rounded fill's corners) and
/// every scaled blit crossing the output's edge. Those are SDL's, not this code's.
final class RenderingAllocationTests: XCTestCase {
    func testWarmFramesOfPhotosAndTextDoNotAllocate() throws {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_count_get") else {
            throw XCTSkip("run with LD_PRELOAD of a malloc counter exporting malloc_count_get")
        }
        let mallocCount = unsafeBitCast(symbol, to: (@convention(c) () -> Int).self)
        let folder = try RenderFixture.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try RenderFixture.writePNG(folder + "/a.png", width: 300, height: 200, color: RenderFixture.bandedQuadrants)
        let (canvas, renderer) = try RenderFixture.renderer(
            width: 400, height: 300, photos: RenderFixture.library(folder, ["a": "a.png"]))
        var list = DrawList()
        for i in 0..<12 {
            let frame = Rect(10.3 + Double(i % 4) * 95, 10.7 + Double(i / 4) * 95, 83, 90)
            list.append(.photo(id: "a", frame: frame, radius: 8, opacity: 1, clip: i < 6 ? Rect(0, 0, 400, 150) : nil))
        }
        list.append(
            .text(
                "Photos", anchor: Point(20, 290), alignment: .leading, style: TextStyle(size: 14, weight: .bold),
                color: Color(0, 0, 0), clip: nil))
        list.append(.fill(Rect(200, 280, 100, 15), radius: 0, color: Color(200, 200, 200), clip: nil))
        for _ in 0..<3 { renderer.render(list, background: Color(255, 255, 255)) }
        _ = try canvas.readPixels()
        let before = mallocCount()
        for _ in 0..<20 {
            renderer.render(list, background: Color(255, 255, 255))
            SDL_RenderFlush(canvas.renderer)
        }
        let after = mallocCount()
        XCTAssertEqual(after - before, 0, "mallocs in 20 warm frames")
    }
}
