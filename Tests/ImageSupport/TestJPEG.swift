import CTurboJPEG
import Foundation

/// JPEGs for tests, compressed by TurboJPEG.
package enum TestJPEG {
    /// What TurboJPEG said when it could not compress.
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// `samples` — `width`×`height` pixels of `format`'s bytes (TJPF_RGB: 3, TJPF_CMYK: 4, …) — as a
    /// JPEG of `quality` with chroma `subsampling` and TurboJPEG `flags` (TJFLAG_PROGRESSIVE…).
    package static func compress(
        _ samples: [UInt8], width: Int, height: Int, format: TJPF, subsampling: TJSAMP = TJSAMP_444,
        quality: Int32 = 95, flags: Int32 = 0
    ) throws -> Data {
        guard let handle = tjInitCompress() else { throw Failure(description: "tjInitCompress failed") }
        defer { tjDestroy(handle) }
        var jpeg: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let rc = tjCompress2(
            handle, samples, Int32(width), 0, Int32(height), Int32(format.rawValue), &jpeg, &size,
            Int32(subsampling.rawValue), quality, flags)
        defer { tjFree(jpeg) }
        guard rc == 0, let jpeg else { throw Failure(description: String(cString: tjGetErrorStr2(handle))) }
        return Data(bytes: jpeg, count: Int(size))
    }
}
