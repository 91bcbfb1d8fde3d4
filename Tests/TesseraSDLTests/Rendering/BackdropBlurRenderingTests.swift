import CSDL2
import TesseraGeometry
import TesseraPhotos
import XCTest

@testable import TesseraCore
@testable import TesseraSDL

/// The backdrop blur on the headless canvas (SDL's software renderer on a surface): render targets work
/// there, the output is current again afterwards, and the result is really blurred.
final class BackdropBlurRenderingTests: XCTestCase {
    let white = Color(255, 255, 255)

    /// A black-and-white checkerboard of `cell`-point squares over `rect`.
    private func checkerboard(_ rect: Rect, cell: Double, into list: inout DrawList) {
        var y = rect.minY
        var row = 0
        while y < rect.maxY {
            var x = rect.minX + (row % 2 == 0 ? 0 : cell)
            while x < rect.maxX {
                list.append(.fill(Rect(x, y, cell, cell), radius: 0, color: Color(0, 0, 0), clip: nil))
                x += 2 * cell
            }
            y += cell
            row += 1
        }
    }

    /// Mean and mean absolute horizontal difference (detail) of the red channel in a pixel box.
    private func stats(_ p: Pixels, _ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) -> (mean: Double, detail: Double) {
        var sum = 0.0
        var detail = 0.0
        var n = 0.0
        for y in y0..<y1 {
            for x in x0..<x1 {
                let r = Double(Pixels.channels(p[x, y]).r)
                sum += r
                if x > x0 { detail += abs(r - Double(Pixels.channels(p[x - 1, y]).r)) }
                n += 1
            }
        }
        return (sum / n, detail / n)
    }

    func testBlursWhatIsDrawnSoFarAndLeavesTheOutputCurrent() throws {
        let (canvas, renderer) = try RenderFixture.renderer(width: 256, height: 128, photos: PhotoLibrary(photos: []))
        // The canvas (its SDL renderer) must outlive the DrawListRenderer and its textures.
        defer { withExtendedLifetime(canvas) {} }
        var list = DrawList()
        checkerboard(Rect(0, 0, 256, 128), cell: 4, into: &list)
        renderer.render(list, background: white)
        let sharp = stats(try Pixels(canvas), 32, 32, 224, 96)
        XCTAssertGreaterThan(sharp.detail, 50)

        list.append(.backdropBlur(region: Rect(0, 0, 256, 128), radius: 16, tint: Color(255, 255, 255, 0), opacity: 1))
        // Drawn after the backdrop: stays sharp, above it, and its clip still applies.
        list.append(.fill(Rect(0, 0, 40, 40), radius: 0, color: Color(255, 0, 0), clip: Rect(0, 0, 20, 20)))
        renderer.render(list, background: white)
        let p = try Pixels(canvas)
        let blurred = stats(p, 32, 32, 224, 96)
        XCTAssertLessThan(blurred.detail, sharp.detail / 10, "blurred")
        XCTAssertEqual(blurred.mean, sharp.mean, accuracy: 12, "a blur keeps the average")
        XCTAssertTrue(p.isClose(x: 10, y: 10, to: RenderFixture.red))
        XCTAssertFalse(p.isClose(x: 30, y: 30, to: RenderFixture.red), "the clip after a backdrop still holds")

        // The PNG of the canvas holds the finished frame too.
        let folder = try RenderFixture.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try canvas.savePNG(to: folder + "/blur.png")
        let saved = try XCTUnwrap(IMG_Load(folder + "/blur.png"))
        SDL_FreeSurface(saved)
    }

    func testOpacityCrossFadesAndTheTintLightens() throws {
        let (canvas, renderer) = try RenderFixture.renderer(width: 256, height: 128, photos: PhotoLibrary(photos: []))
        // The canvas (its SDL renderer) must outlive the DrawListRenderer and its textures.
        defer { withExtendedLifetime(canvas) {} }
        var base = DrawList()
        checkerboard(Rect(0, 0, 256, 128), cell: 4, into: &base)
        renderer.render(base, background: white)
        let sharp = stats(try Pixels(canvas), 32, 32, 224, 96)

        var half = base
        half.append(
            .backdropBlur(region: Rect(0, 0, 256, 128), radius: 16, tint: Color(255, 255, 255, 0), opacity: 0.5))
        renderer.render(half, background: white)
        let halfway = stats(try Pixels(canvas), 32, 32, 224, 96)
        XCTAssertEqual(halfway.detail, sharp.detail / 2, accuracy: sharp.detail / 8, "half sharp, half blurred")

        var tinted = base
        tinted.append(
            .backdropBlur(region: Rect(0, 0, 256, 128), radius: 16, tint: Color(255, 255, 255, 128), opacity: 1))
        renderer.render(tinted, background: white)
        let light = stats(try Pixels(canvas), 32, 32, 224, 96)
        XCTAssertGreaterThan(light.mean, sharp.mean + 40, "lightened")

        var none = base
        none.append(
            .backdropBlur(region: Rect(0, 0, 256, 128), radius: 16, tint: Color(255, 255, 255, 128), opacity: 0))
        renderer.render(none, background: white)
        XCTAssertEqual(stats(try Pixels(canvas), 32, 32, 224, 96).detail, sharp.detail, accuracy: 0.01)
    }

    func testOnlyTheRegionIsBlurred() throws {
        let (canvas, renderer) = try RenderFixture.renderer(width: 256, height: 128, photos: PhotoLibrary(photos: []))
        // The canvas (its SDL renderer) must outlive the DrawListRenderer and its textures.
        defer { withExtendedLifetime(canvas) {} }
        var list = DrawList()
        checkerboard(Rect(0, 0, 256, 128), cell: 4, into: &list)
        list.append(.backdropBlur(region: Rect(128, 0, 128, 128), radius: 8, tint: Color(255, 255, 255, 0), opacity: 1))
        renderer.render(list, background: white)
        let p = try Pixels(canvas)
        XCTAssertGreaterThan(stats(p, 8, 8, 120, 120).detail, 50, "left half untouched")
        XCTAssertLessThan(stats(p, 144, 16, 248, 112).detail, 25, "right half blurred")
    }

    /// The blur is kept between frames while what lies under it is unchanged; the frame looks the same
    /// (at full opacity the hidden scene is not even drawn), and a change below makes a new blur.
    func testKeptBlurLooksTheSameAndIsRemadeWhenTheSceneChanges() throws {
        let (canvas, renderer) = try RenderFixture.renderer(width: 256, height: 128, photos: PhotoLibrary(photos: []))
        defer { withExtendedLifetime(canvas) {} }
        for opacity in [1.0, 0.5] {
            var list = DrawList()
            checkerboard(Rect(0, 0, 256, 128), cell: 4, into: &list)
            list.append(
                .backdropBlur(region: Rect(0, 0, 256, 128), radius: 8, tint: Color(255, 255, 255, 60), opacity: opacity)
            )
            list.append(.fill(Rect(100, 40, 50, 50), radius: 8, color: Color(0, 0, 255), clip: nil))
            renderer.render(list, background: white)
            let first = try Pixels(canvas)
            renderer.render(list, background: white)
            XCTAssertEqual(try Pixels(canvas).values, first.values, "opacity \(opacity)")
        }
        var red = DrawList()
        red.append(.fill(Rect(0, 0, 256, 128), radius: 0, color: Color(255, 0, 0), clip: nil))
        red.append(.backdropBlur(region: Rect(0, 0, 256, 128), radius: 8, tint: Color(255, 255, 255, 0), opacity: 1))
        renderer.render(red, background: white)
        XCTAssertTrue(try Pixels(canvas).isClose(x: 30, y: 100, to: RenderFixture.red), "not the old checkerboard")
    }
}
