import CExif
import CSDL2
import CTurboJPEG
import Foundation
import TesseraImageTestSupport
import TesseraPhotos
import XCTest

@testable import TesseraImageIO
@testable import TesseraSDL

/// A camera JPEG with 19 MB or 40 MB of ICC profile (`APP2`) before its frame header (issue 48) is
/// decoded like any other photo, and the profile is never read: the decode fits a budget smaller than
/// the file.
final class LargeMetadataDecodeTests: XCTestCase {
    var folder = ""

    override func setUpWithError() throws { folder = try RenderFixture.temporaryFolder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    /// A 1600×1200 gradient, 4:2:0 (a camera's layout), and the same file with `megabytes` of 65,533-byte
    /// APP2 segments spliced in after SOI.
    static func cameraJPEG(megabytes: Int) throws -> (plain: Data, padded: Data) {
        let (w, h) = (1600, 1200)
        var rgb = [UInt8](repeating: 0, count: w * h * 3)
        for y in 0..<h {
            for x in 0..<w {
                rgb[(y * w + x) * 3] = UInt8(x * 255 / w)
                rgb[(y * w + x) * 3 + 1] = UInt8(y * 255 / h)
                rgb[(y * w + x) * 3 + 2] = UInt8((x + y) & 0xFF)
            }
        }
        let plain = try TestJPEG.compress(rgb, width: w, height: h, format: TJPF_RGB, subsampling: TJSAMP_420)
        let body = [UInt8]("ICC_PROFILE\0".utf8) + [1, 1] + [UInt8](repeating: 0x5A, count: 65533 - 14)
        let segment = Data([0xFF, 0xE2, 0xFF, 0xFF] + body)
        var padded = plain.prefix(2)
        for _ in 0..<((megabytes << 20) / segment.count + 1) { padded += segment }
        padded += plain.dropFirst(2)
        return (plain, padded)
    }

    func testAPhotoAfter19And40MBOfProfileDecodesAtThumbnailSizeWithinASmallBudget() throws {
        for megabytes in [19, 40] {
            let (plain, padded) = try Self.cameraJPEG(megabytes: megabytes)
            let plainPath = folder + "/plain.jpg"
            let paddedPath = folder + "/camera-\(megabytes).jpg"
            try plain.write(to: URL(fileURLWithPath: plainPath))
            try padded.write(to: URL(fileURLWithPath: paddedPath))
            XCTAssertGreaterThan(padded.count, megabytes << 20)
            // 16 MB: less than the file, so it decodes only if the profile is left unread.
            let budget = DecodeBudget(capacity: 16 << 20)
            guard case .success(let decoded) = PhotoDecoder.decode(path: paddedPath, maxDimension: 256, budget: budget)
            else { return XCTFail("\(megabytes) MB: not decoded") }
            guard case .success(let reference) = PhotoDecoder.decode(path: plainPath, maxDimension: 256) else {
                return XCTFail("the plain file")
            }
            defer { for level in decoded.levels + reference.levels { SDL_FreeSurface(level) } }
            XCTAssertEqual(decoded.originalWidth, 1600)
            XCTAssertEqual(decoded.levels[0].pointee.w, 256, "at thumbnail size")
            XCTAssertEqual(Self.pixels(decoded.levels[0]), Self.pixels(reference.levels[0]), "the same pixels")
        }
    }

    static func pixels(_ surface: UnsafeMutablePointer<SDL_Surface>) -> [UInt8] {
        let s = surface.pointee
        return Array(UnsafeRawBufferPointer(start: s.pixels, count: Int(s.pitch * s.h)))
    }

    // MARK: Captions against libexif

    /// IFD0's ImageDescription as libexif reads it, bytes up to the first NUL; nil when there is none.
    static func libexifDescription(_ path: String) -> [UInt8]? {
        guard let exif = exif_data_new_from_file(path) else { return nil }
        defer { exif_data_unref(exif) }
        guard let ifd0 = exif.pointee.ifd.0, let entry = exif_content_get_entry(ifd0, EXIF_TAG_IMAGE_DESCRIPTION),
            let data = entry.pointee.data
        else { return nil }
        return Array(UnsafeBufferPointer(start: data, count: Int(entry.pointee.size)).prefix { $0 != 0 })
    }

    func testCaptionsAgreeWithLibexif() throws {
        let bundled = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../Assets/Photos").standardizedFileURL.path
        var compared = 0
        let library = try PhotoLibrary.scanning(folder: bundled)
        for photo in library.photos {
            let reference = try XCTUnwrap(Self.libexifDescription(photo.path), photo.id.rawValue)
            XCTAssertEqual(photo.caption.map { Array($0.utf8) }, reference, photo.id.rawValue)
            compared += 1
        }
        // Little-endian, with trailing blanks (trimmed here, kept by libexif), and none at all.
        let (plain, _) = try Self.cameraJPEG(megabytes: 0)
        let cases: [(String, Data)] = [
            ("little", Self.withDescription(plain, "Frozen lake   ", little: true)),
            ("big", Self.withDescription(plain, "Autumn lake", little: false)),
            ("none", plain),
        ]
        for (name, jpeg) in cases {
            let path = folder + "/\(name).jpg"
            try jpeg.write(to: URL(fileURLWithPath: path))
            let ours = try ImageHeader.read(ofFileAt: path)?.caption
            let theirs = Self.libexifDescription(path).map { String(decoding: $0, as: UTF8.self) }
            XCTAssertEqual(ours, theirs?.trimmingCharacters(in: .whitespaces), name)
            compared += 1
        }
        XCTAssertEqual(compared, 27)
    }

    /// `jpeg` with an APP1 EXIF segment holding `text` as IFD0's ImageDescription, after SOI.
    static func withDescription(_ jpeg: Data, _ text: String, little: Bool) -> Data {
        func u16(_ v: Int) -> [UInt8] { little ? [UInt8(v & 0xFF), UInt8(v >> 8)] : [UInt8(v >> 8), UInt8(v & 0xFF)] }
        func u32(_ v: Int) -> [UInt8] { little ? u16(v & 0xFFFF) + u16(v >> 16) : u16(v >> 16) + u16(v & 0xFFFF) }
        let value = Array(text.utf8) + [0]
        var tiff: [UInt8] = (little ? [0x49, 0x49] : [0x4D, 0x4D]) + u16(42) + u32(8) + u16(1)
        tiff += u16(0x010E) + u16(2) + u32(value.count) + u32(8 + 2 + 12 + 4) + u32(0) + value
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        return jpeg.prefix(2) + Data([0xFF, 0xE1, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)])
            + Data(payload) + jpeg.dropFirst(2)
    }
}
