import CTurboJPEG
import Foundation
import TesseraImageTestSupport
import XCTest

@testable import TesseraImageIO

/// The 1/8 decode from DC coefficients against libjpeg-turbo's own 1/8 decode of the same files: the
/// same pixels where the maths is the same (grey, 4:4:4, 4:2:2, 4:4:0), close where libjpeg-turbo runs
/// a 2×2 inverse DCT for chroma (4:2:0); restart intervals; and everything it does not take, or that
/// is damaged, left to libjpeg-turbo.
final class JPEGEighthDecoderTests: XCTestCase {
    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    private func temporaryFolder() throws -> String {
        let path = NSTemporaryDirectory() + "tessera-imageio-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A photo-like picture: gradients, edges and noise, so every AC code length occurs.
    private func compress(
        width: Int, height: Int, subsampling: TJSAMP, quality: Int32 = 92, flags: Int32 = 0,
        format: TJPF = TJPF_RGB
    ) throws -> Data {
        var random = SystemRandomNumberGenerator()
        let channels = format == TJPF_CMYK ? 4 : 3
        var samples = [UInt8](repeating: 0, count: width * height * channels)
        for y in 0..<height {
            for x in 0..<width {
                let noise = Int.random(in: -24...24, using: &random)
                let edge = (x / 37 + y / 23) % 2 == 0 ? 60 : 0
                let values = [x * 255 / width + noise, y * 255 / height + edge, (x + y) % 256 - noise, 128 + edge]
                for c in 0..<channels { samples[(y * width + x) * channels + c] = UInt8(clamping: values[c]) }
            }
        }
        return try TestJPEG.compress(
            samples, width: width, height: height, format: format, subsampling: subsampling, quality: quality,
            flags: flags)
    }

    /// libjpeg-turbo's decode at 1/8, as ARGB8888 words.
    private func turboEighth(_ jpeg: Data) throws -> (width: Int, height: Int, pixels: [UInt32]) {
        let handle = try XCTUnwrap(tjInitDecompress())
        defer { tjDestroy(handle) }
        return jpeg.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self).baseAddress!
            var width: Int32 = 0
            var height: Int32 = 0
            var subsampling: Int32 = 0
            var colorspace: Int32 = 0
            XCTAssertEqual(
                tjDecompressHeader3(handle, bytes, UInt(raw.count), &width, &height, &subsampling, &colorspace), 0)
            let w = (Int(width) + 7) / 8
            let h = (Int(height) + 7) / 8
            var pixels = [UInt32](repeating: 0, count: w * h)
            let rc = pixels.withUnsafeMutableBytes {
                tjDecompress2(
                    handle, bytes, UInt(raw.count), $0.bindMemory(to: UInt8.self).baseAddress, Int32(w), Int32(w * 4),
                    Int32(h), Int32(TJPF_BGRA.rawValue), 0)
            }
            XCTAssertEqual(rc, 0, String(cString: tjGetErrorStr2(handle)))
            return (w, h, pixels)
        }
    }

    private func eighth(_ jpeg: Data) -> (width: Int, height: Int, pixels: [UInt32])? {
        guard let picture = jpeg.withUnsafeBytes({ JPEGEighthDecoder.decode($0) }) else { return nil }
        let w = picture.width
        let h = picture.height
        let pitch = picture.pitch / 4
        let words = picture.pixels.assumingMemoryBound(to: UInt32.self)
        var pixels: [UInt32] = []
        for y in 0..<h { for x in 0..<w { pixels.append(words[y * pitch + x]) } }
        return (w, h, pixels)
    }

    /// The largest and the mean difference of any channel between two pictures of one size.
    private func difference(_ a: [UInt32], _ b: [UInt32]) -> (max: Int, mean: Double) {
        var largest = 0
        var total = 0
        for (p, q) in zip(a, b) {
            for shift in [0, 8, 16, 24] as [UInt32] {
                let d = abs(Int((p >> shift) & 0xFF) - Int((q >> shift) & 0xFF))
                largest = max(largest, d)
                total += d
            }
        }
        return (largest, Double(total) / Double(a.count * 4))
    }

    func testGreyAndUnsubsampledColourAreLibjpegTurbosPixelsExactly() throws {
        for subsampling in [TJSAMP_GRAY, TJSAMP_444, TJSAMP_422, TJSAMP_440] {
            for (width, height) in [(501, 337), (64, 48), (9, 17)] {
                let jpeg = try compress(width: width, height: height, subsampling: subsampling)
                let reference = try turboEighth(jpeg)
                let ours = try XCTUnwrap(eighth(jpeg), "\(subsampling) \(width)×\(height)")
                XCTAssertEqual(ours.width, reference.width)
                XCTAssertEqual(ours.height, reference.height)
                XCTAssertEqual(
                    difference(ours.pixels, reference.pixels).max, 0, "\(subsampling) \(width)×\(height)")
            }
        }
    }

    func testFourTwoZeroPhotosAreWithinAFewLevelsOfLibjpegTurbos() throws {
        let photos = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Assets/Photos")
        let names = try FileManager.default.contentsOfDirectory(atPath: photos.path).filter { $0.hasSuffix(".jpg") }
        XCTAssertFalse(names.isEmpty)
        var worstMean = 0.0
        for name in names {
            let jpeg = try Data(contentsOf: photos.appendingPathComponent(name))
            let reference = try turboEighth(jpeg)
            let ours = try XCTUnwrap(eighth(jpeg), name)
            XCTAssertEqual(ours.width, reference.width)
            XCTAssertEqual(ours.height, reference.height)
            let d = difference(ours.pixels, reference.pixels)
            worstMean = max(worstMean, d.mean)
            // Measured: at most 63 levels, at the sharpest colour edges.
            XCTAssertLessThanOrEqual(d.max, 72, name)
        }
        // Measured: 2.9 levels on average in the worst photo (purple and green stripes).
        XCTAssertLessThan(worstMean, 3.5)
    }

    func testRestartIntervalsDecodeToTheSamePixelsAsNone() throws {
        for (with, without) in [
            ("restart-every-3-mcus.jpg", "no-restarts.jpg"), ("restart-every-row.jpg", "no-restarts-portrait.jpg"),
        ] {
            let restarted = try Data(contentsOf: Self.fixtures.appendingPathComponent(with))
            let plain = try Data(contentsOf: Self.fixtures.appendingPathComponent(without))
            XCTAssertTrue(restarted.contains(0xDD), "the fixture has a DRI marker")
            let a = try XCTUnwrap(eighth(restarted), with)
            let b = try XCTUnwrap(eighth(plain), without)
            XCTAssertEqual(a.pixels, b.pixels, with)
            XCTAssertLessThan(difference(a.pixels, try turboEighth(restarted).pixels).mean, 1.5, with)
        }
    }

    func testWhatItDoesNotTakeIsLeftToLibjpegTurbo() throws {
        let progressive = try compress(
            width: 320, height: 240, subsampling: TJSAMP_420, flags: Int32(TJFLAG_PROGRESSIVE))
        XCTAssertNil(eighth(progressive), "progressive")
        let cmyk = try compress(width: 320, height: 240, subsampling: TJSAMP_444, format: TJPF_CMYK)
        XCTAssertNil(eighth(cmyk), "CMYK")
        XCTAssertNil(eighth(Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])), "not a JPEG")
    }

    func testATruncatedFileIsRefusedAndTheDecoderNamesTheDamage() throws {
        let jpeg = try compress(width: 800, height: 600, subsampling: TJSAMP_420)
        for keep in [jpeg.count / 2, jpeg.count - 2, 200, 3] {
            XCTAssertNil(eighth(jpeg.prefix(keep)), "cut at \(keep)")
        }
        // Through the decoder a user's photo goes through: damaged, as libjpeg-turbo says.
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/cut.jpg"
        try jpeg.prefix(jpeg.count / 2).write(to: URL(fileURLWithPath: path))
        guard case .failure(.corrupt) = PhotoDecoder.decode(path: path, maxDimension: 100, finishing: { $0 }) else {
            return XCTFail("a truncated photo is damaged")
        }
    }

    /// Random damage, 400 rounds; `TESSERA_FUZZ_ROUNDS` asks for more, e.g. 5,000 under
    /// `swift test --sanitize=address`, which found no bad memory access in them.
    func testDamagedBytesNeverCrashAndNeverChangeTheSize() throws {
        let jpeg = try compress(width: 200, height: 150, subsampling: TJSAMP_420)
        var random = SystemRandomNumberGenerator()
        var decoded = 0
        for _ in 0..<(ProcessInfo.processInfo.environment["TESSERA_FUZZ_ROUNDS"].flatMap(Int.init) ?? 400) {
            var bytes = [UInt8](jpeg)
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                // Half in the headers (the first ~600 bytes), half anywhere.
                let limit = Bool.random(using: &random) ? min(600, bytes.count) : bytes.count
                bytes[Int.random(in: 2..<limit, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            if let result = eighth(Data(bytes)) {
                decoded += 1
                XCTAssertEqual(result.pixels.count, result.width * result.height)
                XCTAssertLessThanOrEqual(result.width, 8192)
            }
        }
        XCTAssertGreaterThan(decoded, 0, "damage in the data alone still decodes to something")
    }

    func testPhotoDecoderUsesItAtOneEighthAndLibjpegTurboAbove() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // 4:2:0, where the two decoders' pixels differ: which one ran shows.
        let jpeg = try compress(width: 800, height: 600, subsampling: TJSAMP_420)
        let path = folder + "/photo.jpg"
        try jpeg.write(to: URL(fileURLWithPath: path))
        let ours = try XCTUnwrap(eighth(jpeg))
        XCTAssertNotEqual(ours.pixels, try turboEighth(jpeg).pixels)
        // The picture the mip levels are made from (TesseraSDL's `MipChain` keeps one that fits as its
        // base level, pixel for pixel: MipChainTests).
        let small = try PhotoDecoder.decode(path: path, maxDimension: 100, finishing: { $0 }).get()
        let base = small.pixels
        XCTAssertEqual(base.width, 100, "1/8 of 800")
        XCTAssertEqual(small.originalWidth, 800)
        let words = base.pixels.assumingMemoryBound(to: UInt32.self)
        XCTAssertEqual((0..<base.height).flatMap { y in (0..<100).map { words[y * base.pitch / 4 + $0] } }, ours.pixels)
        let large = try PhotoDecoder.decode(path: path, maxDimension: 200, finishing: { $0 }).get()
        XCTAssertEqual(large.pixels.width, 200, "1/4 of 800, through TurboJPEG")
    }
}
