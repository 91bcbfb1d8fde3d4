import CSDL2
import Foundation
import TesseraGeometry
import TesseraPhotos
import TesseraRaster
import XCTest

@testable import TesseraCore
@testable import TesseraSDL

/// A realistic picker-like frame, written to /tmp/render-check.png (and @2x) for a person to look
/// at (render a scenario and look at what you built), plus an opt-in timing run:
/// `TESSERA_RENDER_BENCH=1 swift test -c release --filter RenderingCheckTests`.
final class RenderingCheckTests: XCTestCase {
    /// The bundled photos if the repository has them, else a generated one.
    private func photoLibrary() throws -> PhotoLibrary {
        let assets = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Assets/Photos").path
        if let library = try? PhotoLibrary.scanning(folder: assets) { return library }
        let folder = try RenderFixture.temporaryFolder()
        try RenderFixture.writePNG(
            folder + "/generated.png", width: 200, height: 100, color: RenderFixture.bandedQuadrants)
        return RenderFixture.library(folder, ["generated": "generated.png"])
    }

    /// 30 grid tiles (83×150, radius 8: docs/BEHAVIOUR.md#picker), a dock panel with tiles, a header, one
    /// tile mid-flight at half opacity above everything, unclipped.
    private func pickerFrame(ids: [PhotoID], offset: Double = 0) -> DrawList {
        var list = DrawList()
        list.append(
            .text(
                "Photos", anchor: Point(16, 36), alignment: .leading, style: TextStyle(size: 34, weight: .bold),
                color: Color(0, 0, 0), clip: nil))
        let grid = Rect(16, 64, 992, 560)
        for i in 0..<30 {
            let frame = Rect(16.37 + Double(i % 11) * 91 + offset, 64.61 + Double(i / 11) * 158 + offset, 83, 150)
            list.append(.photo(id: ids[i % ids.count], frame: frame, radius: 8, opacity: 1, clip: grid))
        }
        list.append(.fill(Rect(16, 648, 992, 100), radius: 8, color: Color(229, 229, 234), clip: nil))
        for i in 0..<6 {
            list.append(
                .photo(
                    id: ids[(i + 3) % ids.count], frame: Rect(32 + Double(i) * 76, 664, 68, 68), radius: 6, opacity: 1,
                    clip: Rect(32, 648, 960, 100)))
        }
        list.append(
            .text(
                "Done", anchor: Point(992, 698), alignment: .trailing, style: TextStyle(size: 17, weight: .bold),
                color: Color(0, 122, 255), clip: nil))
        list.append(.photo(id: ids[0], frame: Rect(520.4, 600.3, 90.5, 120.2), radius: 8, opacity: 0.5, clip: nil))
        list.append(.photo(id: "missing-photo", frame: Rect(930, 560, 60, 60), radius: 8, opacity: 1, clip: nil))
        return list
    }

    func testRenderRealisticFrameToPNG() throws {
        let photos = try photoLibrary()
        for (scale, path) in [(1.0, "/tmp/render-check.png"), (2.0, "/tmp/render-check@2x.png")] {
            let canvas = try OffscreenCanvas(width: Int(1024 * scale), height: Int(768 * scale))
            let renderer = DrawListRenderer(renderer: canvas.renderer, photos: photos, fonts: try FontSet())
            renderer.pixelsPerPoint = scale
            renderer.render(pickerFrame(ids: photos.ids), background: Color(255, 255, 255))
            try canvas.savePNG(to: path)
            let p = try Pixels(canvas)
            // The grid's tiles are drawn: well over half the tile area is not background.
            let tile = PixelRect(snapping: Rect(16.37, 64.61, 83, 150), pixelsPerPoint: scale)
            var nonWhite = 0
            for y in tile.y0..<tile.y1 { for x in tile.x0..<tile.x1 where p[x, y] != 0xFFFF_FFFF { nonWhite += 1 } }
            XCTAssertGreaterThan(nonWhite, tile.width * tile.height * 9 / 10)
        }
    }

    /// Opt-in timing: 44 tiles of 83×150 per frame, 200 frames, strips + corners vs a plain
    /// unrounded RenderCopyF of the same level and crop. Prints ms/frame; asserts nothing.
    func testBenchmarkRoundedTilesAgainstPlainCopies() throws {
        guard ProcessInfo.processInfo.environment["TESSERA_RENDER_BENCH"] != nil else {
            throw XCTSkip("set TESSERA_RENDER_BENCH=1 (and use -c release) to time")
        }
        let photos = try photoLibrary()
        let canvas = try OffscreenCanvas(width: 1024, height: 768)
        let renderer = DrawListRenderer(renderer: canvas.renderer, photos: photos, fonts: try FontSet())
        renderer.textures.preloadAll()
        func frame(radius: Double, offset: Double) -> DrawList {
            var list = DrawList()
            for i in 0..<44 {
                let frame = Rect(8.3 + Double(i % 11) * 91 + offset, 8.6 + Double(i / 11) * 158, 83, 150)
                list.append(
                    .photo(id: photos.ids[i % photos.ids.count], frame: frame, radius: radius, opacity: 1, clip: nil))
            }
            return list
        }
        func time(radius: Double) throws -> Double {
            let lists = (0..<10).map { frame(radius: radius, offset: Double($0) * 0.37) }
            renderer.render(lists[0], background: Color(255, 255, 255))
            _ = try canvas.readPixels()  // flush the warm-up
            let start = DispatchTime.now().uptimeNanoseconds
            for f in 0..<200 {
                renderer.render(lists[f % lists.count], background: Color(255, 255, 255))
                SDL_RenderFlush(canvas.renderer)
            }
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 / 200
        }
        var results: [String] = []
        for round in 0..<3 {
            let plain = try time(radius: 0)
            let rounded = try time(radius: 8)
            results.append(
                String(
                    format: "round %d: plain %.2f ms/frame, rounded %.2f ms/frame, ratio %.2f", round, plain, rounded,
                    rounded / plain))
        }
        print(results.joined(separator: "\n"))
    }
}
