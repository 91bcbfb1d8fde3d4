import CJPEG
import Glibc

/// JPEGs through libjpeg-turbo's libjpeg API (`CJPEG` wraps its longjmp error handling), scaled down by
/// the inverse DCT itself: 1/2, 1/4 or 1/8 of each side. Any sampling layout the standard allows
/// decodes (TurboJPEG's own API refuses those it cannot name, such as 2×2, 2×1, 1×1).
///
/// At 1/8 — every thumbnail of a camera photo — it asks for the thumbnail settings (libjpeg.txt,
/// "Decompression parameter selection"): `JDCT_IFAST` and no fancy upsampling; at other scales the
/// accurate integer DCT and fancy upsampling, which a photo drawn near its decoded size shows.
///
/// A decode is bounded: every libjpeg warning (truncation, corrupt entropy data) ends it as damage;
/// it stops at `limits.deadline`, after `maxScans` scans, and past `limits.memory` bytes of libjpeg's
/// own allocations (a progressive file's coefficients).
enum JPEGDecoder {
    /// A progressive file needs a handful of scans (ten for libjpeg's default script); thousands of
    /// empty ones are a known way to make a decoder spin (libjpeg-turbo's djpeg `-maxscans`).
    static let maxScans = 500

    struct Header: Equatable {
        var width: Int
        var height: Int
        var components: Int
        var isCMYK: Bool
        var isProgressive: Bool
    }

    /// An open decode of one file (the bytes must outlive it).
    final class Session {
        fileprivate let handle: OpaquePointer

        fileprivate init(handle: OpaquePointer) { self.handle = handle }
        deinit { tessera_jpeg_close(handle) }

        var failure: PhotoDecoder.Failure? {
            tessera_jpeg_failed(handle) != 0 ? .corrupt(String(cString: tessera_jpeg_message(handle))) : nil
        }

        var header: Header {
            let h = tessera_jpeg_header(handle)
            return Header(
                width: Int(h.width), height: Int(h.height), components: Int(h.components),
                isCMYK: h.colourSpace == TesseraJPEGCMYK || h.colourSpace == TesseraJPEGYCCK,
                isProgressive: h.progressive != 0)
        }
    }

    /// Reads the header of `jpeg`; the session's `failure` says why it could not.
    static func open(_ jpeg: UnsafeRawBufferPointer, limits: DecodeLimits) -> Session? {
        guard let base = jpeg.baseAddress,
            let handle = tessera_jpeg_open(
                base.assumingMemoryBound(to: UInt8.self), jpeg.count, limits.deadline, limits.memory,
                Int32(maxScans))
        else { return nil }
        return Session(handle: handle)
    }

    /// The image at 1/`denominator` as a new ARGB8888 picture (CMYK converted).
    static func decode(_ session: Session, denominator: Int) -> Result<PixelBuffer, PhotoDecoder.Failure> {
        if let failure = session.failure { return .failure(failure) }
        var width: Int32 = 0
        var height: Int32 = 0
        guard tessera_jpeg_start(session.handle, Int32(denominator), denominator == 8 ? 1 : 0, &width, &height) == 0
        else { return .failure(session.failure ?? .corrupt("cannot start decoding")) }
        guard let picture = PixelBuffer(width: Int(width), height: Int(height)) else { return .failure(.outOfMemory) }
        guard tessera_jpeg_read(session.handle, picture.pixels.assumingMemoryBound(to: UInt8.self), picture.pitch) == 0
        else { return .failure(session.failure ?? .corrupt("cannot decode")) }
        if session.header.isCMYK { CMYKConversion.convertInPlace(picture) }
        return .success(picture)
    }
}

/// What one decode may spend: until `deadline` (CLOCK_MONOTONIC seconds), and `memory` bytes of a
/// library's own working memory.
package struct DecodeLimits {
    package var deadline: Double
    package var memory: Int

    package init(deadline: Double, memory: Int) {
        self.deadline = deadline
        self.memory = memory
    }

    /// The monotonic clock now, seconds.
    package static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// No bound (benchmarks and tests of the decoders alone).
    package static let none = DecodeLimits(deadline: 0, memory: 0)

    package var isPast: Bool { deadline > 0 && Self.now() > deadline }
}
