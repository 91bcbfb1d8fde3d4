import Foundation
import XCTest

@testable import TesseraPhotos

/// Captions from EXIF `ImageDescription` (`ExifDescription`), and the library's names from them.
final class ExifDescriptionTests: XCTestCase {
    /// An APP1 EXIF segment (marker included) whose IFD0 holds an orientation and `description`'s bytes
    /// as tag 0x010E, `count` bytes long (the bytes' length by default), in either byte order.
    static func app1(description: [UInt8], count: Int? = nil, little: Bool = false, type: UInt16 = 2) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { little ? [UInt8(v & 0xFF), UInt8(v >> 8)] : [UInt8(v >> 8), UInt8(v & 0xFF)] }
        func u32(_ v: Int) -> [UInt8] { little ? u16(v & 0xFFFF) + u16(v >> 16) : u16(v >> 16) + u16(v & 0xFFFF) }
        let n = count ?? description.count
        let valueOffset = 8 + 2 + 2 * 12 + 4
        var tiff: [UInt8] = (little ? [0x49, 0x49] : [0x4D, 0x4D]) + u16(42) + u32(8) + u16(2)
        tiff += u16(0x010E) + u16(Int(type)) + u32(n)
        tiff += n <= 4 ? Array((description + [0, 0, 0, 0]).prefix(4)) : u32(valueOffset)
        tiff += u16(0x0112) + u16(3) + u32(1) + u16(6) + u16(0)
        tiff += u32(0)
        if n > 4 { tiff += description }
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        return [0xFF, 0xE1] + [UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
    }

    private func caption(_ segment: [UInt8]) -> String? {
        segment.withUnsafeBufferPointer { ExifDescription.caption(app1: $0, from: 4, to: $0.count) }
    }

    func testDescriptionsInEitherByteOrderInlineOrAtAnOffset() {
        XCTAssertEqual(caption(Self.app1(description: Array("Lavender field\0".utf8))), "Lavender field")
        XCTAssertEqual(caption(Self.app1(description: Array("Lavender field\0".utf8), little: true)), "Lavender field")
        XCTAssertEqual(caption(Self.app1(description: Array("Sea\0".utf8))), "Sea", "four bytes sit in the entry")
        XCTAssertEqual(caption(Self.app1(description: Array("Café at dusk\0".utf8))), "Café at dusk", "UTF-8")
        XCTAssertEqual(caption(Self.app1(description: Array("Dunes   \0\0\0".utf8))), "Dunes", "trailing blanks")
    }

    func testBlankJunkOrUndecodableDescriptionsAreNoCaption() {
        XCTAssertNil(caption(Self.app1(description: Array("        \0".utf8))))
        XCTAssertNil(caption(Self.app1(description: Array("\0\0\0\0\0\0".utf8))))
        XCTAssertNil(caption(Self.app1(description: Array("OLYMPUS DIGITAL CAMERA         \0".utf8))))
        XCTAssertNil(caption(Self.app1(description: [0x43, 0x61, 0x66, 0xE9, 0x20, 0x20, 0])), "Latin-1")
        XCTAssertNil(caption(Self.app1(description: Array("Lavender\0".utf8), type: 3)), "not text")
    }

    func testALongCaptionIsCutAndControlCharactersAreSpaces() {
        let long = caption(Self.app1(description: Array(String(repeating: "a", count: 5000).utf8) + [0]))
        XCTAssertEqual(long?.count, ExifDescription.maxCharacters)
        XCTAssertEqual(caption(Self.app1(description: Array("two\nlines\u{1B}[2J\0".utf8))), "two lines [2J")
    }

    func testACountOrOffsetPastTheSegmentIsNoCaption() {
        XCTAssertNil(caption(Self.app1(description: Array("Lavender field\0".utf8), count: 60_000)))
        var segment = Self.app1(description: Array("Lavender field\0".utf8))
        segment[4 + 6 + 10 + 8 + 3] = 0xF0  // the value's offset, far past the segment
        XCTAssertNil(caption(segment))
        for cut in stride(from: 4, to: segment.count, by: 3) {
            _ = Array(segment.prefix(cut)).withUnsafeBufferPointer {
                ExifDescription.caption(app1: $0, from: 4, to: $0.count)
            }
        }
    }

    func testTheHeaderCarriesTheCaptionWithTheOrientation() throws {
        let jpeg = TinyImages.jpeg(segments: [
            TinyImages.app0JFIF, Self.app1(description: Array("Aurora over a mountain\0".utf8)),
            TinyImages.sof(0xC0, 480, 640),
        ])
        let info = try XCTUnwrap(ImageHeader.info(of: jpeg))
        XCTAssertEqual(info.caption, "Aurora over a mountain")
        XCTAssertEqual(info.orientation, .right)
    }

    // MARK: The library

    private static let bundled = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Assets/Photos").standardizedFileURL

    func testTheBundledPhotosAreNamedByTheirCaptions() throws {
        let library = try PhotoLibrary.scanning(folder: Self.bundled.path)
        XCTAssertEqual(library.photo(for: "photo-08")?.caption, "Lavender field")
        XCTAssertEqual(library.name(of: "photo-08"), "Lavender field")
        XCTAssertEqual(library.name(of: "photo-02"), "Aurora over a mountain")
        XCTAssertEqual(library.photos.filter { $0.caption != nil }.count, 24, "every bundled photo has one")
    }

    func testAPhotoWithoutADescriptionIsNamedByItsID() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("captions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try TinyImages.jpeg(segments: [TinyImages.app0JFIF, TinyImages.sof(0xC0, 4, 4)])
            .write(to: folder.appendingPathComponent("plain.jpg"))
        try TinyImages.jpeg(segments: [Self.app1(description: Array("   \0".utf8)), TinyImages.sof(0xC0, 4, 4)])
            .write(to: folder.appendingPathComponent("blank.jpg"))
        let library = try PhotoLibrary.scanning(folder: folder.path)
        XCTAssertEqual(library.name(of: "plain"), "plain")
        XCTAssertEqual(library.name(of: "blank"), "blank")
        XCTAssertNil(library.photo(for: "plain")?.caption)
    }
}
