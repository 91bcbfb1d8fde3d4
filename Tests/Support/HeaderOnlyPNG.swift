import CDeflate

/// A PNG that is a signature, a valid `IHDR` saying `width`×`height` (8-bit RGBA) and `IEND`: no pixels.
/// Enough for the photo library, which reads headers only — the live-folder tests of the photo library
/// and of the scenes taking its changes in both write their folders with it.
package enum HeaderOnlyPNG {
    package static func bytes(width: UInt32, height: UInt32) -> [UInt8] {
        var header: [UInt8] = Array("IHDR".utf8)
        for v in [width, height] {
            header += [UInt8(v >> 24), UInt8((v >> 16) & 255), UInt8((v >> 8) & 255), UInt8(v & 255)]
        }
        header += [8, 6, 0, 0, 0]
        let crc = UInt32(libdeflate_crc32(0, header, header.count))
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + header
        bytes += [UInt8(crc >> 24), UInt8((crc >> 16) & 255), UInt8((crc >> 8) & 255), UInt8(crc & 255)]
        bytes += [0, 0, 0, 0] + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82]
        return bytes
    }
}
