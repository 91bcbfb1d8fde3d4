import TesseraGeometry
import XCTest

@testable import TesseraCore

/// A card as the session's `colorStack`: backdrop, three offset rectangles, clipped to the rounded card.
final class GalleryCardArtTests: XCTestCase {
    let palette = Palette(
        name: "Test", background: Color(250, 250, 250), colors: [Color(255, 0, 0), Color(0, 0, 255), Color(0, 255, 0)])
    let row = GalleryConfig().featured

    private func fills(scale: Double = 1) -> [(Rect, Double, Color)] {
        var list = DrawList()
        GalleryCardArt.draw(
            frame: Rect(100, 50, 400, 225), scale: scale, palette: palette, row: row, clip: Rect(0, 0, 1000, 1000),
            into: &list)
        return list.commands.compactMap {
            if case .fill(let r, let radius, let color, _) = $0 { return (r, radius, color) }
            return nil
        }
    }

    func testTheSessionsStackClippedToTheRoundedCard() {
        let f = fills()
        XCTAssertEqual(f[0].0, Rect(100, 50, 400, 225))
        XCTAssertEqual(f[0].1, 20, "the card's rounded backdrop")
        // Back (red): offset +20 from the 20-point padding, cut at the card's edge; only its
        // bottom-right corner is the card's, so two square patches keep the others square.
        let red = f.filter { $0.2 == Color(255, 0, 0) }
        XCTAssertEqual(red[0].0, Rect(140, 90, 360, 185))
        XCTAssertEqual(red[0].1, 20)
        XCTAssertEqual(
            Set(red.dropFirst().map(\.0)), [Rect(480, 90, 20, 20), Rect(140, 255, 20, 20), Rect(140, 90, 20, 20)])
        // Middle (blue): in place, square.
        let blue = f.filter { $0.2 == Color(0, 0, 255) }
        XCTAssertEqual(blue.map(\.0), [Rect(120, 70, 360, 185)])
        XCTAssertEqual(blue[0].1, 0)
        // Front (green): offset −20, so its top-left corner is the card's.
        let green = f.filter { $0.2 == Color(0, 255, 0) }
        XCTAssertEqual(green[0].0, Rect(100, 50, 360, 185))
        XCTAssertEqual(green.count, 4, "rounded rect and three square patches")
    }

    func testScaledAboutTheCentre() {
        let f = fills(scale: 0.8)
        XCTAssertEqual(f[0].0, Rect(100, 50, 400, 225).scaled(by: 0.8))
        XCTAssertEqual(f[0].1, 16, accuracy: 1e-12, "the corner radius scales too")
        let blue = f.first { $0.2 == Color(0, 0, 255) }!.0
        assertRect(blue, Rect(300 - 180 * 0.8, 162.5 - 92.5 * 0.8, 360 * 0.8, 185 * 0.8), accuracy: 1e-9)
    }
}
