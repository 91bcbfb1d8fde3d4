import CSDL2
import Foundation
import TesseraImageTestSupport
import TesseraPhotos
import XCTest

@testable import TesseraCore
@testable import TesseraImageIO
@testable import TesseraSDL

/// Valid files the old decoders refused, and files made to make them spin: each decode runs on a
/// thread of its own under a time limit of the harness's, so one that never ends fails the test.
final class HostileDecodeTests: XCTestCase {
    var folder = ""

    override func setUpWithError() throws { folder = try RenderFixture.temporaryFolder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// `PhotoDecoder.decode` of `path` on another thread, failing the test if it takes past `limit`.
    private func decode(_ path: String, maxDimension: Int, limit: Double = 10) -> PhotoDecoder.Decoded? {
        let done = expectation(description: "decoded")
        let box = Outcome()
        Thread.detachNewThread {
            box.set(PhotoDecoder.decode(path: path, maxDimension: maxDimension))
            done.fulfill()
        }
        wait(for: [done], timeout: limit)
        guard case .success(let decoded)? = box.get() else {
            if let outcome = box.get() { XCTFail("\(path): \(outcome)") }
            return nil
        }
        return decoded
    }

    private final class Outcome: @unchecked Sendable {
        private let lock = NSLock()
        private var value: Result<PhotoDecoder.Decoded, PhotoDecoder.Failure>?
        func set(_ v: Result<PhotoDecoder.Decoded, PhotoDecoder.Failure>) { lock.withLock { value = v } }
        func get() -> Result<PhotoDecoder.Decoded, PhotoDecoder.Failure>? { lock.withLock { value } }
    }

    private func free(_ decoded: PhotoDecoder.Decoded?) {
        for level in decoded?.levels ?? [] { SDL_FreeSurface(level) }
    }

    /// Mean red, green and blue of a surface.
    private func means(_ s: UnsafeMutablePointer<SDL_Surface>) -> [Double] {
        var sums = [0.0, 0.0, 0.0]
        let w = Int(s.pointee.w)
        let h = Int(s.pointee.h)
        for y in 0..<h {
            let row = (s.pointee.pixels + y * Int(s.pointee.pitch)).assumingMemoryBound(to: UInt32.self)
            for x in 0..<w {
                sums[0] += Double(row[x] >> 16 & 255)
                sums[1] += Double(row[x] >> 8 & 255)
                sums[2] += Double(row[x] & 255)
            }
        }
        return sums.map { $0 / Double(w * h) }
    }

    func testJPEGsWithSamplingTurboJPEGCouldNotNameDecodeAtEveryScale() throws {
        let reference = TesseraProcessRoot.photos + "/photo-03.jpg"
        for name in ["sampling-2x2-2x1-1x1", "sampling-1x1-2x2-1x1", "sampling-4x2-1x1-1x1", "sampling-grey-4x4"] {
            let path = Self.fixtures.appendingPathComponent(name + ".jpg").path
            for side in [400, 100, 50] {
                guard let decoded = decode(path, maxDimension: side) else { continue }
                defer { free(decoded) }
                XCTAssertEqual([decoded.originalWidth, decoded.originalHeight], [400, 400], name)
                XCTAssertEqual(Int(decoded.levels[0].pointee.h), side, "\(name) for \(side)")
                // The same picture as the photo it was made from (colour aside for the grey one).
                let original = try XCTUnwrap(self.decode(reference, maxDimension: side))
                defer { free(original) }
                let a = means(decoded.levels[0])
                let b = means(original.levels[0])
                if name.contains("grey") {
                    XCTAssertEqual(a[0], a[2], accuracy: 0.5, name)
                } else {
                    for c in 0..<3 { XCTAssertEqual(a[c], b[c], accuracy: 4, "\(name) at \(side), channel \(c)") }
                }
            }
        }
    }

    func testAPNGCutInsideItsTextChunkEndsAsDamage() throws {
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        TestPNG.append("IHDR", TestPNG.bigEndian(40) + TestPNG.bigEndian(30) + [8, 0, 0, 0, 0], to: &png)
        TestPNG.append("tEXt", Array("Comment\0".utf8) + [UInt8](repeating: 0x78, count: 100), to: &png)
        let path = folder + "/cut.png"
        try png.prefix(89).write(to: URL(fileURLWithPath: path))
        let done = expectation(description: "ended")
        let box = Outcome()
        Thread.detachNewThread {
            box.set(PhotoDecoder.decode(path: path, maxDimension: 64))
            done.fulfill()
        }
        wait(for: [done], timeout: 10)
        guard case .failure(.corrupt)? = box.get() else { return XCTFail("\(String(describing: box.get()))") }
    }

    func testAPNGBombInflatesNoFurtherThanTheRowsItsHeaderDeclares() throws {
        // 100×100 RGB declared; the image data inflates to 8 GB of zeros from 8 MB (libpng inflated
        // all of it: 17 s of CPU).
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        TestPNG.append("IHDR", TestPNG.bigEndian(100) + TestPNG.bigEndian(100) + [8, 2, 0, 0, 0], to: &png)
        TestPNG.append("IDAT", TestPNG.bomb(megabytes: 8192), to: &png)
        TestPNG.append("IEND", [], to: &png)
        let path = folder + "/bomb.png"
        try png.write(to: URL(fileURLWithPath: path))
        let decoded = decode(path, maxDimension: 100, limit: 8)
        defer { free(decoded) }
        XCTAssertEqual(decoded.map { Int($0.levels[0].pointee.w) }, 100)
    }

    func testAnRGBABombIsDeclinedByTheFastPathAtItsFirstByteTooMany() throws {
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        TestPNG.append("IHDR", TestPNG.bigEndian(100) + TestPNG.bigEndian(100) + [8, 6, 0, 0, 0], to: &png)
        TestPNG.append("IDAT", TestPNG.bomb(megabytes: 8192), to: &png)
        TestPNG.append("IEND", [], to: &png)
        let path = folder + "/bomb-rgba.png"
        try png.write(to: URL(fileURLWithPath: path))
        let decoded = decode(path, maxDimension: 100, limit: 8)
        defer { free(decoded) }
        XCTAssertEqual(decoded.map { Int($0.levels[0].pointee.h) }, 100)
    }

    func testTheOneEighthPlanCountsWhatEachDecoderHolds() {
        /// The header of a square JPEG: SOI, then a start-of-frame segment (SOF0, or SOF2 progressive).
        func info(_ side: Int, components: Int, progressive: Bool = false) -> ImageHeader.Info {
            let s: [UInt8] = [UInt8(side >> 8), UInt8(side & 255)]
            var bytes: [UInt8] = [0xFF, 0xD8, 0xFF, progressive ? 0xC2 : 0xC0, 0, UInt8(8 + 3 * components), 8]
            bytes += s
            bytes += s
            bytes.append(UInt8(components))
            for c in 1...components { bytes += [UInt8(c), 0x11, 0] }
            return ImageHeader.info(of: Data(bytes))!
        }
        // A camera photo at 1/8: the DC-only decoder, its planes counted.
        let camera = PhotoDecoder.Plan(info(4000, components: 3), maxDimension: 256)
        XCTAssertTrue(camera.usesEighthDecoder)
        XCTAssertEqual(camera.denominator, 8)
        XCTAssertGreaterThanOrEqual(camera.workingBytes, 500 * 500 * (6 * 3 + 4))
        // 30000×30000 4:4:4: its planes would be 250 MB; libjpeg decodes it a few rows at a time.
        let huge = PhotoDecoder.Plan(info(30000, components: 3), maxDimension: 256)
        XCTAssertFalse(huge.usesEighthDecoder)
        XCTAssertLessThan(huge.workingBytes, DecodeBudget.shared.capacity)
        // Progressive: libjpeg keeps every coefficient (2 bytes a sample, whole frame).
        let progressive = PhotoDecoder.Plan(info(4000, components: 3, progressive: true), maxDimension: 256)
        XCTAssertFalse(progressive.usesEighthDecoder)
        XCTAssertGreaterThanOrEqual(progressive.libraryBytes, 4000 * 4000 * 3 * 2)
    }
}

/// Where the bundled assets are.
enum TesseraProcessRoot {
    static let photos = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "../../../Assets/Photos"
    ).standardizedFileURL.path
}
