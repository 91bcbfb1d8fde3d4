import Foundation
import TesseraGeometry
import XCTest

@testable import TesseraPhotos

final class ExifOrientationTests: XCTestCase {
    /// A JPEG header: SOI, a little-endian EXIF APP1 with `orientation`, SOF0 of 300×200.
    private func jpeg(orientation: UInt8) -> Data {
        let tiff: [UInt8] = [
            0x49, 0x49, 42, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, orientation, 0, 0, 0, 0, 0, 0, 0,
        ]
        let app1: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0] + tiff
        var bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1, 0, UInt8(app1.count + 2)] + app1
        bytes += [0xFF, 0xC0, 0, 17, 8, 0, 200, 1, 44, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
        return Data(bytes)
    }

    func testOrientationsFiveToEightSwapTheShownSize() {
        for value in 1...8 {
            let info = ImageHeader.info(of: jpeg(orientation: UInt8(value)))
            XCTAssertEqual(info?.orientation.rawValue, value)
            XCTAssertEqual(info?.size, value >= 5 ? Size(200, 300) : Size(300, 200), "orientation \(value)")
            XCTAssertEqual(info?.components, 3)
        }
        XCTAssertEqual(ImageHeader.info(of: jpeg(orientation: 9))?.orientation, .up, "an invalid value is ignored")
    }

    func testEachOrientationMapsTheShownCornersToTheRightStoredPixels() {
        // Stored 3×2; (x, y) shown top-left comes from…
        let expected: [ExifOrientation: (Int, Int)] = [
            .up: (0, 0), .upMirrored: (2, 0), .down: (2, 1), .downMirrored: (0, 1),
            .leftMirrored: (0, 0), .right: (0, 1), .rightMirrored: (2, 1), .left: (2, 0),
        ]
        for (orientation, corner) in expected {
            let stored = orientation.storedPixel(x: 0, y: 0, width: 3, height: 2)
            XCTAssertTrue(stored == corner, "\(orientation): \(stored)")
        }
    }
}
