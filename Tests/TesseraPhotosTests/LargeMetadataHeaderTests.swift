import Foundation
import TesseraGeometry
import XCTest

@testable import TesseraPhotos

/// A camera JPEG with megabytes of ICC profile (`APP2`) before its frame header (issue 48): its header
/// is found at the end of the file, walked segment by segment, none of the profile read.
final class LargeMetadataHeaderTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("app2-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(at: folder) }

    /// `megabytes` of 65,533-byte APP2 "ICC_PROFILE" segments (the largest a segment holds).
    static func iccSegments(megabytes: Int) -> Data {
        let body = [UInt8]("ICC_PROFILE\0".utf8) + [1, 1] + [UInt8](repeating: 0x5A, count: 65533 - 14)
        let segment = Data([0xFF, 0xE2, 0xFF, 0xFF] + body)
        let count = (megabytes << 20) / segment.count + 1
        var out = Data(capacity: count * segment.count)
        for _ in 0..<count { out += segment }
        return out
    }

    func testAFrameHeaderAfter19And40MBOfProfileIsFoundInTheFile() throws {
        for megabytes in [19, 40] {
            var jpeg = Data([0xFF, 0xD8])
            jpeg += TinyImages.app0JFIF
            jpeg += Self.iccSegments(megabytes: megabytes)
            jpeg += ExifDescriptionTests.app1(description: Array("Camera photo\0".utf8))
            jpeg += TinyImages.sof(0xC0, 3000, 4000)
            jpeg += [0xFF, 0xDA, 0x00, 0x02, 0x00, 0xFF, 0xD9]
            let path = folder.appendingPathComponent("camera-\(megabytes).jpg").path
            try jpeg.write(to: URL(fileURLWithPath: path))
            let info = try XCTUnwrap(ImageHeader.read(ofFileAt: path), "\(megabytes) MB")
            XCTAssertEqual(info.size, Size(3000, 4000), "orientation 6 turns it upright")
            XCTAssertEqual(info.caption, "Camera photo")
            XCTAssertEqual(info, ImageHeader.info(of: jpeg), "the file and the buffer walk alike")

            // What a decoder reads: SOI, APP0, the EXIF segment, the frame and the scan — no profile.
            let fd = open(path, O_RDONLY)
            defer { close(fd) }
            let ranges = try XCTUnwrap(JPEGEssentials.ranges(fd: fd, size: jpeg.count))
            let kept = ranges.reduce(0) { $0 + $1.count }
            XCTAssertLessThan(kept, 200, "\(ranges)")
            var compact = Data()
            for range in ranges { compact += jpeg[range] }
            XCTAssertEqual(ImageHeader.info(of: compact), info, "the kept bytes say the same")
        }
    }

    func testTheSearchGoesToTheEndOfTheFileAndStopsThere() throws {
        var jpeg = Data([0xFF, 0xD8]) + Self.iccSegments(megabytes: 17)
        let path = folder.appendingPathComponent("no-frame.jpg").path
        try jpeg.write(to: URL(fileURLWithPath: path))
        XCTAssertNil(try ImageHeader.read(ofFileAt: path), "no frame header: nil, not a hang")
        jpeg.removeLast(100)
        try jpeg.write(to: URL(fileURLWithPath: path))
        XCTAssertNil(try ImageHeader.read(ofFileAt: path), "a segment cut by the end of the file")
    }
}
