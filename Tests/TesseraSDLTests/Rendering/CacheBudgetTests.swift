import XCTest

@testable import TesseraSDL

final class CacheBudgetTests: XCTestCase {
    func testThePhotosOnScreenAndTheNextScreenfulFitInTheBudget() {
        // Twelve screens: four of photos decoded up to twice their tile's side, a third more for their
        // mip levels, the same again for the screenful decoded ahead.
        for (width, height) in [(720, 1280), (1024, 768), (1920, 1080)] {
            let screen = width * height * 4
            let budget = CacheBudget(outputWidth: width, height: height)
            XCTAssertGreaterThanOrEqual(budget.photoBytes, 2 * 4 * screen * 4 / 3, "\(width)×\(height)")
            XCTAssertGreaterThanOrEqual(budget.bodyBytes, min(screen, CacheBudget.bodyBytesRange.upperBound))
        }
    }

    func testTheBudgetFollowsTheOutputBetweenItsFloorAndCeiling() {
        let small = CacheBudget(outputWidth: 320, height: 240)
        XCTAssertEqual(small.photoBytes, CacheBudget.photoBytesRange.lowerBound)
        XCTAssertEqual(small.bodyBytes, CacheBudget.bodyBytesRange.lowerBound)
        let kiosk = CacheBudget(outputWidth: 720, height: 1280)
        XCTAssertEqual(kiosk.photoBytes, 12 * 720 * 1280 * 4)
        XCTAssertLessThan(kiosk.photoBytes, CacheBudget.photoBytesRange.upperBound)
        let huge = CacheBudget(outputWidth: 7680, height: 4320)
        XCTAssertEqual(huge.photoBytes, CacheBudget.photoBytesRange.upperBound)
        XCTAssertEqual(huge.bodyBytes, CacheBudget.bodyBytesRange.upperBound)
        XCTAssertEqual(CacheBudget(outputWidth: -5, height: 0), small)
    }
}
