import Foundation
import TesseraGeometry
import TesseraPhotos
import TesseraRaster
import XCTest

@testable import TesseraCore
@testable import TesseraSDL

/// Rounded aspect-fill photos on the software renderer: crop, corners, opacity, clip, seams.
final class RoundedPhotoRenderingTests: XCTestCase {
    let background = Color(255, 255, 255)
    var folder = ""
    var photos = PhotoLibrary(photos: [])

    override func setUpWithError() throws {
        folder = try RenderFixture.temporaryFolder()
        try RenderFixture.writePNG(
            folder + "/banded.png", width: 200, height: 100, color: RenderFixture.bandedQuadrants)
        try RenderFixture.writePNG(folder + "/red.png", width: 120, height: 90) { _, _ in RenderFixture.red }
        photos = RenderFixture.library(folder, ["banded": "banded.png", "red": "red.png"])
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    private func draw(
        _ commands: [DrawCommand], size: (Int, Int) = (160, 160), pixelsPerPoint: Double = 1
    ) throws -> Pixels {
        let (canvas, renderer) = try RenderFixture.renderer(width: size.0, height: size.1, photos: photos)
        renderer.pixelsPerPoint = pixelsPerPoint
        var list = DrawList()
        for command in commands { list.append(command) }
        renderer.render(list, background: background)
        return try Pixels(canvas)
    }

    func testAspectFillOfAWideImageInASquareShowsTheCentreUnstretched() throws {
        let p = try draw([.photo(id: "banded", frame: Rect(10, 10, 100, 100), radius: 0, opacity: 1, clip: nil)])
        // The square shows source columns 50…150 at scale 1: the bands at both ends are cropped away.
        for y in stride(from: 10, to: 110, by: 3) {
            for x in stride(from: 10, to: 110, by: 3) {
                XCTAssertFalse(p.isClose(x: x, y: y, to: RenderFixture.magenta, tolerance: 60), "magenta at \(x),\(y)")
                XCTAssertFalse(p.isClose(x: x, y: y, to: RenderFixture.cyan, tolerance: 60), "cyan at \(x),\(y)")
            }
        }
        XCTAssertTrue(p.isClose(x: 30, y: 30, to: RenderFixture.red))
        XCTAssertTrue(p.isClose(x: 90, y: 30, to: RenderFixture.green))
        XCTAssertTrue(p.isClose(x: 30, y: 90, to: RenderFixture.blue))
        XCTAssertTrue(p.isClose(x: 90, y: 90, to: RenderFixture.yellow))
        // Not stretched: the red/green edge is at the frame's centre, x = 60, within a pixel.
        XCTAssertTrue(p.isClose(x: 58, y: 30, to: RenderFixture.red), Pixels.hex(p[58, 30]))
        XCTAssertTrue(p.isClose(x: 61, y: 30, to: RenderFixture.green), Pixels.hex(p[61, 30]))
        // Outside the frame: background.
        XCTAssertEqual(p[5, 50], background.argb)
        XCTAssertEqual(p[115, 50], background.argb)
    }

    func testAspectFillOfAWideImageInATallFrameCropsTheSides() throws {
        // 40×100 frame: scale = 1 (height fits), visible source columns 80…120: red|green only.
        let p = try draw([.photo(id: "banded", frame: Rect(20, 20, 40, 100), radius: 0, opacity: 1, clip: nil)])
        XCTAssertTrue(p.isClose(x: 25, y: 30, to: RenderFixture.red))
        XCTAssertTrue(p.isClose(x: 55, y: 30, to: RenderFixture.green))
        XCTAssertTrue(p.isClose(x: 25, y: 110, to: RenderFixture.blue))
        XCTAssertTrue(p.isClose(x: 55, y: 110, to: RenderFixture.yellow))
        XCTAssertTrue(p.isClose(x: 38, y: 30, to: RenderFixture.red), Pixels.hex(p[38, 30]))
        XCTAssertTrue(p.isClose(x: 41, y: 30, to: RenderFixture.green), Pixels.hex(p[41, 30]))
    }

    func testRoundedCornersShowBackgroundOutsideTheArcAndImageInside() throws {
        let p = try draw([.photo(id: "red", frame: Rect(10, 10, 100, 100), radius: 20, opacity: 1, clip: nil)])
        for (x, y) in [(10, 10), (109, 10), (109, 109), (10, 109), (12, 12), (107, 12)] {
            XCTAssertEqual(p[x, y], background.argb, "corner pixel \(x),\(y) should be background")
        }
        // Just inside the arc (pixel centre ≥ 1 px inside radius 20 around (30, 30)) and along edges.
        for (x, y) in [
            (17, 17), (102, 17), (102, 102), (17, 102), (10, 60), (60, 10), (109, 60), (60, 109), (30, 10), (10, 30),
        ] {
            XCTAssertTrue(
                p.isClose(x: x, y: y, to: RenderFixture.red, tolerance: 2), "\(x),\(y) = \(Pixels.hex(p[x, y]))")
        }
        // On the arc the feathered rim blends: pixels that are neither background nor image.
        let corner = (10..<30).flatMap { y in (10..<30).map { x in p[x, y] } }
        XCTAssertGreaterThan(
            corner.filter { Pixels.distance($0, RenderFixture.red) > 40 && Pixels.distance($0, background.argb) > 40 }
                .count, 6)
    }

    /// The corners' alpha against the true coverage of a circle (16×16 supersampled per pixel), over
    /// a range of radii and all four corners: anti-aliased, and close to exact.
    func testCornerCoverageMatchesTheTrueCircle() throws {
        var squaredError = 0.0
        var worst = 0.0
        var count = 0
        for radius in [3, 4, 6, 8, 12, 16, 24] {
            let p = try draw([
                .photo(id: "red", frame: Rect(10, 10, 100, 100), radius: Double(radius), opacity: 1, clip: nil)
            ])
            let r = Double(radius)
            let corners = [
                (10 + r, 10 + r, 10, 10), (110 - r, 10 + r, 110 - radius, 10),
                (110 - r, 110 - r, 110 - radius, 110 - radius), (10 + r, 110 - r, 10, 110 - radius),
            ]
            for (ox, oy, sx, sy) in corners {
                for y in sy..<(sy + radius) {
                    for x in sx..<(sx + radius) {
                        // Red over white: green = 255 × (1 − alpha).
                        let alpha = Double(255 - Pixels.channels(p[x, y]).g) / 255
                        var hits = 0
                        for j in 0..<16 {
                            for i in 0..<16 {
                                let dx = Double(x) + (Double(i) + 0.5) / 16 - ox
                                let dy = Double(y) + (Double(j) + 0.5) / 16 - oy
                                if dx * dx + dy * dy <= r * r { hits += 1 }
                            }
                        }
                        let e = alpha - Double(hits) / 256
                        squaredError += e * e
                        worst = max(worst, abs(e))
                        count += 1
                    }
                }
            }
        }
        let rms = (squaredError / Double(count)).squareRoot()
        XCTAssertLessThan(rms, 0.08, "RMS coverage error")
        XCTAssertLessThan(worst, 0.4, "worst pixel")
    }

    func testHalfOpacityBlendsWithTheBackground() throws {
        let p = try draw([.photo(id: "red", frame: Rect(10, 10, 100, 100), radius: 12, opacity: 0.5, clip: nil)])
        // Body strip and a corner square's inside both: red at 50 % over white = (255, 127/128, 127/128).
        for (x, y) in [(60, 60), (60, 12), (18, 18), (101, 101)] {
            let c = Pixels.channels(p[x, y])
            XCTAssertEqual(c.r, 255, "\(x),\(y)")
            XCTAssertEqual(Double(c.g), 127.5, accuracy: 3, "\(x),\(y) = \(Pixels.hex(p[x, y]))")
            XCTAssertEqual(Double(c.b), 127.5, accuracy: 3, "\(x),\(y)")
        }
        // No darker lines where strips and corners meet (double blending would show as more red).
        for x in 10..<110 {
            XCTAssertEqual(Double(Pixels.channels(p[x, 22]).g), 127.5, accuracy: 3, "row 22, x \(x)")
        }
        for y in 10..<110 {
            XCTAssertEqual(Double(Pixels.channels(p[22, y]).g), 127.5, accuracy: 3, "column 22, y \(y)")
        }
    }

    func testZeroOpacityDrawsNothing() throws {
        let p = try draw([.photo(id: "red", frame: Rect(10, 10, 100, 100), radius: 12, opacity: 0, clip: nil)])
        XCTAssertTrue(p.values.allSatisfy { $0 == background.argb })
    }

    func testClipRectHidesEverythingOutsideIt() throws {
        let clip = Rect(0, 0, 60.4, 200)  // rounded outward to 61 px
        let p = try draw([.photo(id: "red", frame: Rect(10, 10, 100, 100), radius: 8, opacity: 1, clip: clip)])
        XCTAssertTrue(p.isClose(x: 60, y: 60, to: RenderFixture.red))
        for y in 0..<160 {
            for x in 61..<160 { XCTAssertEqual(p[x, y], background.argb, "\(x),\(y) outside the clip") }
        }
        // The next command without a clip draws everywhere again.
        let q = try draw([
            .photo(id: "red", frame: Rect(10, 10, 100, 100), radius: 8, opacity: 1, clip: clip),
            .photo(id: "red", frame: Rect(120, 120, 30, 30), radius: 0, opacity: 1, clip: nil),
        ])
        XCTAssertTrue(q.isClose(x: 135, y: 135, to: RenderFixture.red))
    }

    func testNoSeamsBetweenStripsAtFractionalPositions() throws {
        for scale in [1.0, 1.5, 2.0] {
            for step in 0..<10 {
                let f = Double(step) / 10 + 0.37
                let frame = Rect(10 + f, 20 + f * 0.61, 83.3 + f / 3, 150.45 - f / 2)
                let size = (Int(130 * scale), Int(200 * scale))
                let p = try draw(
                    [.photo(id: "red", frame: frame, radius: 8, opacity: 1, clip: nil)], size: size,
                    pixelsPerPoint: scale)
                let d = PixelRect(placing: frame, pixelsPerPoint: scale)
                let r = Int((8 * scale).rounded()) + 1
                // Every pixel of the frame outside the corner squares is image, and the edge rows and
                // columns next to the frame are background (no overhang).
                for y in d.y0..<d.y1 {
                    for x in d.x0..<d.x1 {
                        let inCorner = (x < d.x0 + r || x >= d.x1 - r) && (y < d.y0 + r || y >= d.y1 - r)
                        if inCorner { continue }
                        XCTAssertTrue(
                            p.isClose(x: x, y: y, to: RenderFixture.red, tolerance: 2),
                            "seam at \(x),\(y) scale \(scale) f \(f): \(Pixels.hex(p[x, y]))")
                    }
                }
                for y in (d.y0 + r)..<(d.y1 - r) {
                    XCTAssertEqual(p[d.x0 - 1, y], background.argb)
                    XCTAssertEqual(p[d.x1, y], background.argb)
                }
            }
        }
    }

    func testCropDoesNotDriftWhileMoving() throws {
        // As the frame moves by tenths of a point, the red/green edge moves with it, within a pixel.
        for step in 0...20 {
            let x = 10 + Double(step) / 10
            let frame = Rect(x, 10, 100, 100)
            let p = try draw([.photo(id: "banded", frame: frame, radius: 10, opacity: 1, clip: nil)])
            let d = PixelRect(placing: frame, pixelsPerPoint: 1)
            let edge = (d.x0..<d.x1).first {
                Pixels.distance(p[$0, 30], RenderFixture.green) < Pixels.distance(p[$0, 30], RenderFixture.red)
            }
            XCTAssertNotNil(edge)
            XCTAssertEqual(Double(edge ?? 0), x + 50, accuracy: 1.01, "frame x \(x)")
        }
    }

    func testTinyFramesAreSkippedAndRadiusIsClamped() throws {
        let p = try draw([
            .photo(id: "red", frame: Rect(10, 10, 0.4, 50), radius: 4, opacity: 1, clip: nil),
            .photo(id: "red", frame: Rect(30, 30, 40, 20), radius: 500, opacity: 1, clip: nil),
        ])
        XCTAssertTrue((0..<160).allSatisfy { p[10, $0] == background.argb })
        // Radius clamped to 10: a capsule; its middle is red, its far corners background.
        XCTAssertTrue(p.isClose(x: 50, y: 40, to: RenderFixture.red))
        XCTAssertTrue(p.isClose(x: 31, y: 40, to: RenderFixture.red, tolerance: 4), Pixels.hex(p[31, 40]))
        XCTAssertEqual(p[30, 30], background.argb)
        XCTAssertEqual(p[69, 49], background.argb)
    }

    func testHiDPIDoublesEveryCoordinate() throws {
        let p = try draw(
            [.photo(id: "banded", frame: Rect(10, 10, 100, 100), radius: 0, opacity: 1, clip: nil)], size: (320, 320),
            pixelsPerPoint: 2)
        XCTAssertEqual(p[19, 100], background.argb)
        XCTAssertTrue(p.isClose(x: 20, y: 40, to: RenderFixture.red))
        XCTAssertTrue(p.isClose(x: 218, y: 40, to: RenderFixture.green))
        XCTAssertEqual(p[220, 100], background.argb)
        // The red/green edge at 2 × 60 = 120.
        XCTAssertTrue(p.isClose(x: 118, y: 40, to: RenderFixture.red))
        XCTAssertTrue(p.isClose(x: 121, y: 40, to: RenderFixture.green))
    }

    func testMissingCorruptAndEmptyPhotosDrawAPlaceholder() throws {
        XCTAssertTrue(FileManager.default.createFile(atPath: folder + "/empty.jpg", contents: Data()))
        XCTAssertTrue(FileManager.default.createFile(atPath: folder + "/corrupt.png", contents: Data("not a png".utf8)))
        photos = RenderFixture.library(
            folder, ["empty": "empty.jpg", "corrupt": "corrupt.png", "missing": "missing.jpg", "red": "red.png"])
        let p = try draw([
            .photo(id: "empty", frame: Rect(0, 0, 50, 50), radius: 6, opacity: 1, clip: nil),
            .photo(id: "corrupt", frame: Rect(55, 0, 50, 50), radius: 6, opacity: 1, clip: nil),
            .photo(id: "missing", frame: Rect(110, 0, 50, 50), radius: 6, opacity: 1, clip: nil),
            .photo(id: "not-in-library", frame: Rect(0, 55, 50, 50), radius: 6, opacity: 1, clip: nil),
        ])
        for (x, y) in [(5, 25), (60, 25), (115, 25), (5, 80)] {
            let c = Pixels.channels(p[x, y])
            XCTAssertTrue(
                c.r == c.g && c.g == c.b && c.r > 200 && c.r < 250,
                "placeholder grey at \(x),\(y): \(Pixels.hex(p[x, y]))")
        }
        // The mark: somewhere in the middle a darker grey.
        let middle = (15..<35).flatMap { y in (15..<35).map { x in Pixels.channels(p[x, y]).r } }
        XCTAssertLessThan(middle.min() ?? 255, 215)
    }
}
