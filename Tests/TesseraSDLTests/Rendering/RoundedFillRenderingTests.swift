import TesseraGeometry
import TesseraPhotos
import XCTest

@testable import TesseraCore
@testable import TesseraSDL

/// Solid rounded rects (`.fill`): strips plus feathered corner fans.
final class RoundedFillRenderingTests: XCTestCase {
    let background = Color(255, 255, 255)

    private func draw(_ commands: [DrawCommand], pixelsPerPoint: Double = 1) throws -> Pixels {
        let (canvas, renderer) = try RenderFixture.renderer(width: 120, height: 120, photos: PhotoLibrary(photos: []))
        renderer.pixelsPerPoint = pixelsPerPoint
        var list = DrawList()
        for command in commands { list.append(command) }
        renderer.render(list, background: background)
        return try Pixels(canvas)
    }

    func testOpaqueRoundedFill() throws {
        let blue = Color(0, 0, 255)
        let p = try draw([.fill(Rect(10.4, 10.6, 80.3, 60.2), radius: 10, color: blue, clip: nil)])
        XCTAssertEqual(p[50, 40], blue.argb)
        XCTAssertEqual(p[10, 11], background.argb)
        XCTAssertEqual(p[89, 70], background.argb)
        XCTAssertEqual(p[10, 40], blue.argb)
        XCTAssertEqual(p[50, 11], blue.argb)
        XCTAssertEqual(p[50, 70], blue.argb)
        XCTAssertEqual(p[9, 40], background.argb)
        XCTAssertEqual(p[50, 71], background.argb)
        // Every row of the body is solid: no seams between the strips.
        for y in 21..<61 { for x in 10..<90 { XCTAssertEqual(p[x, y], blue.argb, "\(x),\(y)") } }
        // Some corner pixels are partially covered (anti-aliased).
        let corner = (11..<21).flatMap { y in (10..<20).map { x in p[x, y] } }
        XCTAssertTrue(corner.contains { $0 != blue.argb && $0 != background.argb })
    }

    func testTranslucentFillBlendsOnceEverywhere() throws {
        let p = try draw([.fill(Rect(10, 10, 80, 60), radius: 12, color: Color(0, 0, 0, 128), clip: nil)])
        // 50 % black over white ≈ 127 everywhere inside, including where corners meet strips.
        for (x, y) in [(50, 40), (22, 12), (12, 22), (21, 21), (22, 22), (78, 58)] {
            XCTAssertEqual(Double(Pixels.channels(p[x, y]).r), 127, accuracy: 3, "\(x),\(y) = \(Pixels.hex(p[x, y]))")
        }
    }

    func testFillClip() throws {
        let p = try draw([.fill(Rect(0, 0, 120, 120), radius: 0, color: Color(0, 0, 0), clip: Rect(20, 20, 30, 30))])
        XCTAssertEqual(p[19, 30], background.argb)
        XCTAssertEqual(p[20, 30], 0xFF00_0000)
        XCTAssertEqual(p[49, 49], 0xFF00_0000)
        XCTAssertEqual(p[50, 30], background.argb)
    }
}
