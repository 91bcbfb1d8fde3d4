import Foundation
import TesseraGeometry
import XCTest

@testable import TesseraCore

final class TabBarTests: XCTestCase {
    /// At 390 pt ("Destinations" was clipped) every label fits its segment; wide windows keep equal
    /// segments of `tabBar.segmentWidth`.
    func testTabLabelsAreNeverClipped() {
        for width in [320.0, 390, 500, 1024] {
            let bar = TabBar(config: TabBarConfig(), chrome: ChromeConfig())
            let (segments, fontSize) = bar.layout(window: Size(width, 800))
            for (scene, frame) in segments {
                XCTAssertLessThanOrEqual(
                    bar.width(scene.title, size: fontSize), frame.width - 2 + 1e-9,
                    "\(scene) at \(width)")
            }
            let band = Chrome(config: ChromeConfig()).tabRow(window: Size(width, 800))
            XCTAssertLessThanOrEqual(segments.last!.1.maxX, band.maxX + 1e-9)
            XCTAssertGreaterThanOrEqual(segments.first!.1.minX, band.minX - 1e-9)
            if width == 1024 {
                XCTAssertEqual(Set(segments.map(\.1.width)), [104])
                XCTAssertEqual(fontSize, 13)
            }
            if width == 390 { XCTAssertEqual(fontSize, 13, "segments sized to labels: no need to shrink") }
            if width == 320 { XCTAssertLessThan(fontSize, 13, "too narrow even so: the font shrinks") }
        }
    }
}
