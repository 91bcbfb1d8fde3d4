import CTurboJPEG
import Foundation
import XCTest

/// JPEGs for tests, compressed by TurboJPEG.
enum TestJPEG {
    /// `samples` — `width`×`height` pixels of `format`'s bytes (TJPF_RGB: 3, TJPF_CMYK: 4, …) — as a
    /// JPEG of `quality` with chroma `subsampling` and TurboJPEG `flags` (TJFLAG_PROGRESSIVE…).
    static func compress(
        _ samples: [UInt8], width: Int, height: Int, format: TJPF, subsampling: TJSAMP = TJSAMP_444,
        quality: Int32 = 95, flags: Int32 = 0
    ) throws -> Data {
        let handle = try XCTUnwrap(tjInitCompress())
        defer { tjDestroy(handle) }
        var jpeg: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let rc = tjCompress2(
            handle, samples, Int32(width), 0, Int32(height), Int32(format.rawValue), &jpeg, &size,
            Int32(subsampling.rawValue), quality, flags)
        XCTAssertEqual(rc, 0, String(cString: tjGetErrorStr2(handle)))
        defer { tjFree(jpeg) }
        return Data(bytes: try XCTUnwrap(jpeg), count: Int(size))
    }
}
