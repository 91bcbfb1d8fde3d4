import CDeflate
import Foundation
import TesseraGeometry
import XCTest

@testable import TesseraPhotos

/// `ImageHeader` against tiny files made here byte by byte, and against the bundled photos.
final class ImageHeaderTests: XCTestCase {
    // MARK: PNG

    func testCompletePNGGivesItsSize() {
        XCTAssertEqual(ImageHeader.pixelSize(of: TinyImages.png(width: 3, height: 2)), Size(3, 2))
        XCTAssertEqual(ImageHeader.pixelSize(of: TinyImages.png(width: 1, height: 700)), Size(1, 700))
    }

    func testPNGWithBadSignatureOrChunkIsRejected() {
        var data = TinyImages.png(width: 3, height: 2)
        data[1] = 0x51  // "Q" for "P"
        XCTAssertNil(ImageHeader.pixelSize(of: data))
        var renamed = TinyImages.png(width: 3, height: 2)
        renamed[12] = 0x69  // "iHDR": not the header chunk
        XCTAssertNil(ImageHeader.pixelSize(of: renamed))
    }

    func testTruncatedPNGIsNil() {
        XCTAssertNil(ImageHeader.pixelSize(of: TinyImages.png(width: 3, height: 2).prefix(20)))
    }

    func testPNGWithAZeroSideIsNil() {
        XCTAssertNil(ImageHeader.pixelSize(of: TinyImages.png(width: 0, height: 2, pixels: false)))
    }

    // MARK: JPEG

    func testBaselineJPEGAfterApplicationSegments() {
        let data = TinyImages.jpeg(
            segments: [TinyImages.app0JFIF, TinyImages.app1WithFFBytes, TinyImages.dqt, TinyImages.sof(0xC0, 480, 640)])
        XCTAssertEqual(ImageHeader.pixelSize(of: data), Size(640, 480))
    }

    func testProgressiveJPEGWithFillBytesAndTableSegments() {
        // DHT (C4) sits inside the SOF range and must not be read as a frame header.
        let data = TinyImages.jpeg(
            segments: [TinyImages.app0JFIF, TinyImages.dht, [0xFF, 0xFF, 0xFF] + TinyImages.sof(0xC2, 1080, 720)])
        XCTAssertEqual(ImageHeader.pixelSize(of: data), Size(720, 1080))
    }

    func testScanBeforeFrameHeaderIsNil() {
        let data = TinyImages.jpeg(segments: [
            TinyImages.app0JFIF, [0xFF, 0xDA, 0x00, 0x02], TinyImages.sof(0xC0, 4, 4),
        ])
        XCTAssertNil(ImageHeader.pixelSize(of: data))
    }

    func testTruncatedJPEGIsNil() {
        let whole = TinyImages.jpeg(segments: [TinyImages.app0JFIF, TinyImages.sof(0xC0, 480, 640)])
        for cut in [1, 3, 10, whole.count - 6] {
            XCTAssertNil(ImageHeader.pixelSize(of: whole.prefix(cut)), "cut at \(cut)")
        }
    }

    func testGarbageIsNil() {
        XCTAssertNil(ImageHeader.pixelSize(of: Data()))
        XCTAssertNil(ImageHeader.pixelSize(of: Data("GIF89a, not a photo at all".utf8)))
        XCTAssertNil(ImageHeader.pixelSize(of: Data([0xFF, 0xD8, 0x00, 0x00, 0x00])))
    }

    func testStartOfFrameMarkers() {
        let frames = (0xC0...0xCF).map(UInt8.init).filter(ImageHeader.isStartOfFrame)
        XCTAssertEqual(frames, [0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF])
    }

    // MARK: Files

    func testMissingFileIsNil() {
        XCTAssertNil(ImageHeader.pixelSize(ofFileAt: "/nonexistent/photo.jpg"))
    }

    /// The 24 bundled photos (Tools/photogen/generate.py's catalogue): 10 landscapes, 8 portraits, 6 squares.
    func testBundledPhotos() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Assets/Photos").standardizedFileURL.path
        let expected: [(Int, Int)] = [
            (960, 640), (720, 1080), (800, 800), (1024, 576), (640, 960), (900, 600), (800, 800), (600, 900),
            (1024, 576), (800, 800), (600, 900), (960, 640), (800, 800), (600, 900), (900, 600), (960, 640),
            (640, 960), (800, 800), (1024, 576), (640, 960), (960, 640), (800, 800), (720, 1080), (900, 600),
        ]
        let library = try PhotoLibrary.scanning(folder: folder)
        XCTAssertEqual(library.photos.count, 24)
        for (photo, (w, h)) in zip(library.photos, expected) {
            XCTAssertEqual(photo.pixelSize, Size(Double(w), Double(h)), photo.id.rawValue)
        }
    }

    func testScanningSkipsFilesWithoutAReadableHeaderAndSaysWhy() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("header-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try TinyImages.png(width: 5, height: 4).write(to: folder.appendingPathComponent("a.png"))
        try Data().write(to: folder.appendingPathComponent("b.jpg"))
        // Same name as the skipped file: the usable one gets the id.
        try TinyImages.png(width: 2, height: 2).write(to: folder.appendingPathComponent("b.png"))
        let library = try PhotoLibrary.scanning(folder: folder.path)
        XCTAssertEqual(library.photos.map(\.id), ["a", "b"])
        XCTAssertEqual(library.photos[0].pixelSize, Size(5, 4))
        XCTAssertEqual(library.photos[0].aspectRatio, 1.25)
        XCTAssertEqual(library.photos[1].pixelSize, Size(2, 2))
        XCTAssertEqual(library.skipped.count, 1)
        XCTAssertTrue(library.skipped[0].path.hasSuffix("b.jpg"))
        XCTAssertTrue(library.skipped[0].reason.contains("not a JPEG or PNG"))
    }
}

/// Image files built byte by byte for header tests.
enum TinyImages {
    /// A complete, decodable PNG: signature, IHDR, one IDAT of stored (uncompressed) deflate blocks, IEND,
    /// with real CRCs and Adler-32. `pixels: false` leaves IDAT out (for impossible sizes).
    static func png(width: UInt32, height: UInt32, pixels: Bool = true) -> Data {
        var out = Data(ImageHeader.pngSignature)
        var ihdr = Data()
        ihdr.append(bigEndian(width))
        ihdr.append(bigEndian(height))
        ihdr.append(contentsOf: [8, 2, 0, 0, 0])  // 8-bit RGB, deflate, adaptive filter, no interlace
        out.append(chunk("IHDR", ihdr))
        if pixels {
            // Each row: filter byte 0, then RGB; a grey ramp.
            var raw = [UInt8]()
            for y in 0..<Int(height) {
                raw.append(0)
                for x in 0..<Int(width) {
                    raw.append(contentsOf: Array(repeating: UInt8((x * 40 + y * 20) & 0xFF), count: 3))
                }
            }
            out.append(chunk("IDAT", zlibStored(raw)))
        }
        out.append(chunk("IEND", Data()))
        return out
    }

    static func jpeg(segments: [[UInt8]]) -> Data {
        var out: [UInt8] = [0xFF, 0xD8]
        for s in segments { out += s }
        out += [0xFF, 0xD9]
        return Data(out)
    }

    static let app0JFIF: [UInt8] = [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
    /// An EXIF-like segment whose payload contains 0xFF bytes, even an 0xFFC0 pair: only the length counts.
    static let app1WithFFBytes: [UInt8] = [0xFF, 0xE1, 0x00, 0x0A] + Array("Exif".utf8) + [0xFF, 0xC0, 0xFF, 0x00]
    static let dqt: [UInt8] = [0xFF, 0xDB, 0x00, 0x43, 0x00] + Array(repeating: 1, count: 64)
    static let dht: [UInt8] = [0xFF, 0xC4, 0x00, 0x14, 0x00] + Array(repeating: 0, count: 16) + [0]

    /// A start-of-frame segment (`marker` C0…CF) for `height`×`width`, three components.
    static func sof(_ marker: UInt8, _ height: UInt16, _ width: UInt16) -> [UInt8] {
        [
            0xFF, marker, 0x00, 0x11, 0x08, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8),
            UInt8(width & 0xFF), 3,
        ]
            + [1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
    }

    private static func chunk(_ type: String, _ body: Data) -> Data {
        var out = Data()
        out.append(bigEndian(UInt32(body.count)))
        let typed = Data(type.utf8) + body
        out.append(typed)
        out.append(bigEndian(crc32(typed)))
        return out
    }

    private static func zlibStored(_ raw: [UInt8]) -> Data {
        var out = Data([0x78, 0x01])
        let blocks = stride(from: 0, to: max(raw.count, 1), by: 65535).map {
            Array(raw[$0..<min($0 + 65535, raw.count)])
        }
        for (i, block) in blocks.enumerated() {
            out.append(i == blocks.count - 1 ? 1 : 0)
            let n = UInt16(block.count)
            out.append(contentsOf: [UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8(~n >> 8)])
            out.append(contentsOf: block)
        }
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in raw {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        out.append(bigEndian(b << 16 | a))
        return out
    }

    /// The chunk CRC: libdeflate's, the project's one CRC-32.
    private static func crc32(_ data: Data) -> UInt32 {
        data.withUnsafeBytes { UInt32(libdeflate_crc32(0, $0.baseAddress, $0.count)) }
    }

    private static func bigEndian(_ v: UInt32) -> Data {
        Data([UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)])
    }
}
