import Foundation

/// A valid baseline JPEG of any size and sampling that is cheap to make at any size: one flat grey.
/// Its Huffman tables hold one code each, "0", for a DC difference of 0 and for end of block, so every
/// 8×8 block is two zero bits and the entropy-coded data is all zero bytes (ITU T.81 F.1.2, C.2).
enum FlatJPEG {
    /// `width`×`height`, components with `sampling` (h, v) each (one for grey, three for YCbCr).
    static func make(width: Int, height: Int, sampling: [(Int, Int)]) -> Data {
        var out = Data([0xFF, 0xD8])
        func segment(_ marker: UInt8, _ body: [UInt8]) {
            out += [0xFF, marker, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)]
            out += body
        }
        segment(0xDB, [0] + [UInt8](repeating: 1, count: 64))  // one quantization table, all ones
        var frame: [UInt8] = [8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF)]
        frame.append(UInt8(sampling.count))
        for (i, (h, v)) in sampling.enumerated() { frame += [UInt8(i + 1), UInt8(h << 4 | v), 0] }
        segment(0xC0, frame)
        let oneCode = [1] + [UInt8](repeating: 0, count: 15) + [0]  // a single code of length 1, symbol 0
        segment(0xC4, [0x00] + oneCode)  // DC table 0
        segment(0xC4, [0x10] + oneCode)  // AC table 0: symbol 0 is end of block
        var scan: [UInt8] = [UInt8(sampling.count)]
        for i in sampling.indices { scan += [UInt8(i + 1), 0x00] }
        segment(0xDA, scan + [0, 63, 0])
        let hMax = sampling.map(\.0).max()!
        let vMax = sampling.map(\.1).max()!
        let single = sampling.count == 1
        let mcus =
            single
            ? ((width + 7) / 8) * ((height + 7) / 8)
            : ((width + 8 * hMax - 1) / (8 * hMax)) * ((height + 8 * vMax - 1) / (8 * vMax))
        let blocks = mcus * (single ? 1 : sampling.reduce(0) { $0 + $1.0 * $1.1 })
        // Two bits a block; the last byte padded with ones (T.81 F.1.2.3).
        let bits = blocks * 2
        out += Data(count: bits / 8)
        if bits % 8 != 0 { out.append(UInt8(0xFF) >> UInt8(bits % 8)) }
        out += [0xFF, 0xD9]
        return out
    }
}
