import CExif
import CSPNG
import Foundation
import TesseraPhotos
import XCTest

@testable import TesseraImageIO

/// The hand-written parsers against the libraries that do the same job, on every file of the fuzz
/// seed corpus (`Tests/Fuzz/Corpus`, real and damaged files): where Tessera's parser gives an answer,
/// the library must give the same one.
///
/// - The 1/8 JPEG decoder against libjpeg at 1/8: whatever it decodes, libjpeg decodes too, to the
///   same pixels except for 4:2:0 chroma (libjpeg's 2×2 inverse DCT; within a few levels). (It found
///   that the decoder took a scan that ended early, which libjpeg calls damaged: now declined.)
/// - The RGBA PNG decoder against libspng: the same pixels full size and shrunk, and damage where
///   libspng finds damage.
/// - The header reader against libjpeg's and libspng's headers and libexif's orientation.
final class FuzzCorpusDifferentialTests: XCTestCase {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/Corpus")

    private func files(_ target: String) throws -> [(String, [UInt8])] {
        let folder = Self.corpus.appendingPathComponent(target)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        XCTAssertGreaterThan(names.count, 10, "the \(target) corpus")
        return try names.map { ($0, [UInt8](try Data(contentsOf: folder.appendingPathComponent($0)))) }
    }

    private func pixels(_ s: PixelBuffer) -> [UInt32] {
        let row = s.pitch / 4
        let p = s.pixels.assumingMemoryBound(to: UInt32.self)
        return (0..<s.height).flatMap { y in (0..<s.width).map { p[y * row + $0] } }
    }

    /// The largest channel difference between two ARGB pixel lists of one size, and the mean one.
    private func difference(_ a: [UInt32], _ b: [UInt32]) -> (max: Int, mean: Double) {
        var worst = 0
        var total = 0
        for (x, y) in zip(a, b) {
            for shift: UInt32 in [0, 8, 16, 24] {
                let d = abs(Int(x >> shift & 255) - Int(y >> shift & 255))
                worst = max(worst, d)
                total += d
            }
        }
        return (worst, Double(total) / Double(max(1, a.count * 4)))
    }

    func testTheEighthDecoderAgreesWithLibjpegAtOneEighth() throws {
        var decoded = 0
        for (name, bytes) in try files("jpeg-eighth") {
            try bytes.withUnsafeBytes { raw in
                guard let ours = JPEGEighthDecoder.decode(raw) else { return }
                decoded += 1
                let session = try XCTUnwrap(JPEGDecoder.open(raw, limits: .none))
                guard case .success(let reference) = JPEGDecoder.decode(session, denominator: 8) else {
                    return XCTFail("\(name): decoded here, refused by libjpeg: \(String(describing: session.failure))")
                }
                XCTAssertEqual([ours.width, ours.height], [reference.width, reference.height], name)
                let (worst, mean) = difference(pixels(ours), pixels(reference))
                if Self.isFourTwoZero(raw) {
                    // Mean over all four channels of tiny pictures (8×6), where chroma edges are most
                    // of the picture; on the project's photos it is about 1.
                    XCTAssertLessThanOrEqual(mean, 8, "\(name): 4:2:0, mean difference")
                } else {
                    XCTAssertEqual(worst, 0, "\(name): the same pixels")
                }
            }
        }
        XCTAssertGreaterThanOrEqual(decoded, 10, "most of the corpus is for this decoder")
    }

    /// Luma sampled 2×2 against chroma 1×1 (the SOF0/SOF1 component table).
    static func isFourTwoZero(_ raw: UnsafeRawBufferPointer) -> Bool {
        var i = 2
        while i + 4 < raw.count {
            guard raw[i] == 0xFF else { return false }
            let marker = raw[i + 1]
            let length = Int(raw[i + 2]) << 8 | Int(raw[i + 3])
            if marker == 0xC0 || marker == 0xC1 {
                return i + 11 < raw.count && raw[i + 9] == 3 && raw[i + 11] == 0x22
            }
            i += 2 + length
        }
        return false
    }

    func testTheRGBAFastPathAgreesWithLibspng() throws {
        var decoded = 0
        for (name, bytes) in try files("png") {
            for factor in [1, 3] {
                var copy = bytes
                let ours = copy.withUnsafeMutableBytes { PNGDecoder.decode($0, shrinkBy: factor) }
                let reference = bytes.withUnsafeBytes { raw -> Result<PNGRowDecoder.Decoded, PhotoDecoder.Failure> in
                    let side = PNGRowDecoder.size(of: raw).map { max($0.width, $0.height) / factor }
                    return PNGRowDecoder.decode(raw, maxDimension: (try? side.get()) ?? 1, limits: .none)
                }
                switch (ours, reference) {
                case (nil, _):
                    XCTAssertEqual(copy, bytes, "\(name): declined with its bytes put back")
                case (.success(let a)?, .success(let b)):
                    decoded += 1
                    XCTAssertEqual(pixels(a.picture), pixels(b.picture), "\(name) at 1/\(factor)")
                case (.failure?, .failure):
                    break
                case (.success?, .failure(let failure)):
                    XCTFail("\(name): decoded here, refused by libspng (\(failure))")
                case (.failure(let failure)?, .success):
                    XCTFail("\(name): refused here (\(failure)), decoded by libspng")
                }
            }
        }
        XCTAssertGreaterThanOrEqual(decoded, 10)
    }

    func testTheHeaderReaderAgreesWithLibjpegLibspngAndLibexif() throws {
        var compared = 0
        for (name, bytes) in try files("image-header") + files("jpeg-eighth") + files("png") {
            let ours = ImageHeader.info(of: Data(bytes))
            try bytes.withUnsafeBytes { raw in
                if bytes.starts(with: [0xFF, 0xD8]) {
                    let session = try XCTUnwrap(JPEGDecoder.open(raw, limits: .none))
                    guard session.failure == nil else { return }
                    let header = session.header
                    guard let ours else { return XCTFail("\(name): libjpeg reads \(header), this reader nothing") }
                    compared += 1
                    XCTAssertEqual(ours.storedWidth, header.width, name)
                    XCTAssertEqual(ours.storedHeight, header.height, name)
                    XCTAssertEqual(ours.components, header.components, name)
                    XCTAssertEqual(ours.isProgressive, header.isProgressive, name)
                    XCTAssertEqual(ours.orientation.rawValue, Self.libexifOrientation(raw), "\(name): orientation")
                } else if case .success(let size) = PNGRowDecoder.size(of: raw) {
                    guard let ours else { return XCTFail("\(name): libspng reads \(size), this reader nothing") }
                    compared += 1
                    XCTAssertEqual([ours.storedWidth, ours.storedHeight], [size.width, size.height], name)
                }
            }
        }
        XCTAssertGreaterThanOrEqual(compared, 40)
    }

    /// IFD0's orientation as libexif reads it (1 when there is none or it is out of range).
    static func libexifOrientation(_ raw: UnsafeRawBufferPointer) -> Int {
        guard let exif = exif_data_new() else { return 1 }
        defer { exif_data_unref(exif) }
        // What the file says, without libexif's additions of the tags the standard requires.
        exif_data_unset_option(exif, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION)
        exif_data_load_data(exif, raw.baseAddress!.assumingMemoryBound(to: UInt8.self), UInt32(raw.count))
        guard let ifd0 = exif.pointee.ifd.0, let entry = exif_content_get_entry(ifd0, EXIF_TAG_ORIENTATION),
            entry.pointee.format == EXIF_FORMAT_SHORT, entry.pointee.components >= 1, let data = entry.pointee.data
        else { return 1 }
        let value = Int(exif_get_short(data, exif_data_get_byte_order(exif)))
        return (1...8).contains(value) ? value : 1
    }
}
