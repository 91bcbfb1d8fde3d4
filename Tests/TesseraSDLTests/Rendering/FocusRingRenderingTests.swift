import TesseraGeometry
import TesseraPhotos
import XCTest

@testable import TesseraCore
@testable import TesseraSDL

final class FocusRingRenderingTests: XCTestCase {
    /// The band is whole all the way round: every pixel halfway through it, along each straight edge
    /// between the corners, is the ring's colour, wherever the frame falls between pixels. (SDL's
    /// software renderer truncates vertex positions; an edge's end a hair short of a pixel boundary
    /// once left a one-pixel notch in the top and bottom bands.)
    func testTheBandHasNoGapAlongAnyEdgeAtAnyFractionalPlacement() throws {
        let (canvas, renderer) = try RenderFixture.renderer(width: 160, height: 220, photos: PhotoLibrary(photos: []))
        defer { withExtendedLifetime(canvas) {} }
        let blue = Color(10, 110, 250)
        let (radius, band) = (10.0, 3.0)
        for origin in stride(from: 20.0, to: 21.0, by: 0.25) {
            for width in [83.0, 83.5, 90.25, 91.75] {
                let frame = Rect(origin, origin + 0.5, width, 150 + origin - 20)
                var list = DrawList()
                list.append(.ring(frame, radius: radius, width: band, color: blue, clip: nil))
                renderer.render(list, background: Color(255, 255, 255))
                let p = try Pixels(canvas)
                let name = "ring at \(origin), \(width) wide"
                let (x0, x1) = (Int((frame.x + radius + 1).rounded(.up)), Int((frame.maxX - radius - 1).rounded(.down)))
                let (y0, y1) = (Int((frame.y + radius + 1).rounded(.up)), Int((frame.maxY - radius - 1).rounded(.down)))
                let top = Int(frame.y + band / 2)
                let bottom = Int(frame.maxY - band / 2)
                let left = Int(frame.x + band / 2)
                let right = Int(frame.maxX - band / 2)
                for x in x0...x1 {
                    XCTAssertTrue(p.isClose(x: x, y: top, to: blue.argb, tolerance: 40), "\(name): top band at x \(x)")
                    XCTAssertTrue(
                        p.isClose(x: x, y: bottom, to: blue.argb, tolerance: 40), "\(name): bottom band at x \(x)")
                }
                for y in y0...y1 {
                    XCTAssertTrue(
                        p.isClose(x: left, y: y, to: blue.argb, tolerance: 40), "\(name): left band at y \(y)")
                    XCTAssertTrue(
                        p.isClose(x: right, y: y, to: blue.argb, tolerance: 40), "\(name): right band at y \(y)")
                }
                // Inside the ring the background shows.
                XCTAssertTrue(p.isClose(x: Int(frame.midX), y: Int(frame.midY), to: RenderFixture.white))
            }
        }
    }
}
