/// A baseline JPEG at one eighth of its width and height, made from its DC coefficients alone.
///
/// At 1/8 scale each 8×8 block becomes one pixel, its average: the DC coefficient times its
/// quantizer, over 8, plus 128 (ITU T.81 A.3.3; libjpeg-turbo's `jpeg_idct_1x1` does exactly this).
/// libjpeg-turbo gets there by decoding every AC coefficient's value as well, which is most of a
/// scaled decode's time; `JPEGEntropyPass` steps over them several at a time. Measured here (release)
/// on the thousand-photo bench's 4000×3000 camera JPEG, the whole decode for a 256-px thumbnail:
/// 21 ms against 35 ms through libjpeg at 1/8 with its thumbnail settings (`make bench`). A cold
/// library's first screen is nearly all such decodes (docs/USING.md, "Thumbnails and a live folder").
///
/// It takes 8-bit Huffman-coded sequential frames (SOF0, SOF1), grey or YCbCr, any sampling factors,
/// with every component in the first scan, restart intervals or not. Anything else — progressive,
/// arithmetic, 12-bit, CMYK, RGB, a first scan without every component — is nil, and so is any damage:
/// libjpeg-turbo then decodes the file and names what is wrong.
///
/// The pixels are libjpeg-turbo's to the bit for grey, 4:4:4, 4:2:2 and 4:4:0: at 1/8 it too takes
/// each block's DC alone and repeats subsampled chroma (jdsample.c turns "fancy" upsampling off at 1/8). For
/// 4:2:0, the usual camera layout, it runs a 2×2 inverse DCT on chroma, which needs AC values this pass
/// never reads; here each chroma block's average is smoothed up with the triangle filter libjpeg uses
/// at larger scales: on the project's photos 3 levels apart on average at worst, up to 63 at the
/// sharpest colour edges, which come out a little softer.
enum JPEGEighthDecoder {
    /// A new ARGB8888 picture of ⌈width/8⌉ × ⌈height/8⌉, or nil as above.
    static func decode(_ data: UnsafeRawBufferPointer) -> PixelBuffer? {
        guard let frame = Frame(data) else { return nil }
        let capacity = JPEGEntropyPass.Segments.capacity(for: data, from: frame.scanStart)
        let picture = ScratchBuffers.shared.withBuffer(atLeast: capacity) { buffer in
            JPEGEntropyPass.Segments(data, from: frame.scanStart, into: buffer).flatMap { decode(frame, $0) }
        }
        return picture ?? nil
    }

    private static func decode(_ frame: Frame, _ segments: JPEGEntropyPass.Segments) -> PixelBuffer? {
        let hMax = frame.components.map(\.h).max()!
        let vMax = frame.components.map(\.v).max()!
        let single = frame.components.count == 1
        // One component alone is coded block by block (T.81 A.2.2); several, in MCUs of hMax×vMax.
        let mcusAcross = single ? (frame.width + 7) / 8 : (frame.width + 8 * hMax - 1) / (8 * hMax)
        let mcusDown = single ? (frame.height + 7) / 8 : (frame.height + 8 * vMax - 1) / (8 * vMax)
        let components = frame.components.map { c -> JPEGEntropyPass.Component in
            let h = single ? 1 : c.h
            let v = single ? 1 : c.v
            return JPEGEntropyPass.Component(
                h: h, v: v, dc: c.dcTable, ac: c.acTable, blocksAcross: mcusAcross * h, blocksDown: mcusDown * v)
        }
        guard
            let planes = JPEGEntropyPass.dcCoefficients(
                segments, components: components, mcusAcross: mcusAcross, mcusDown: mcusDown,
                restartInterval: frame.restartInterval, dcTables: frame.dcTables, acTables: frame.acTables)
        else { return nil }

        let width = (frame.width + 7) / 8
        let height = (frame.height + 7) / 8
        // Each component's block averages as samples, then at the output's size.
        let samples = zip(planes, zip(frame.components, components)).map { plane, pair -> [UInt8] in
            let (component, coded) = pair
            let q = Int32(frame.quantizers[component.quantTable]!)
            var out = [UInt8](repeating: 0, count: plane.count)
            for i in 0..<plane.count {
                // jpeg_idct_1x1: DESCALE(dc × q, 3), centred on 128, range-limited.
                let value = (plane[i] &* q &+ 4) >> 3 &+ 128
                out[i] = UInt8(clamping: value)
            }
            let xFactor = single ? 1 : hMax / component.h
            let yFactor = single ? 1 : vMax / component.v
            if (xFactor, yFactor) == (1, 1) && coded.blocksAcross == width { return out }
            return Upsampling.scale(
                out, across: coded.blocksAcross, down: coded.blocksDown, by: (xFactor, yFactor), to: (width, height))
        }
        guard let picture = PixelBuffer(width: width, height: height) else { return nil }
        let pitch = picture.pitch / 4
        let rows = picture.pixels.assumingMemoryBound(to: UInt32.self)
        if single {
            for y in 0..<height {
                for x in 0..<width {
                    let g = UInt32(samples[0][y * width + x])
                    rows[y * pitch + x] = 0xFF00_0000 | g << 16 | g << 8 | g
                }
            }
        } else {
            YCbCr.convert(
                y: samples[0], cb: samples[1], cr: samples[2], width: width, height: height, into: rows, pitch: pitch)
        }
        return picture
    }

    /// What the markers before the first scan say (T.81 B.2).
    struct Frame {
        struct Component {
            var id: UInt8
            var h: Int
            var v: Int
            var quantTable: Int
            var dcTable = 0
            var acTable = 0
        }

        var width = 0
        var height = 0
        var components: [Component] = []
        var restartInterval = 0
        /// Each table's DC quantizer (the only one a DC-only decode needs).
        var quantizers = [Int?](repeating: nil, count: 4)
        var dcTables = [JPEGEntropyPass.HuffmanTable?](repeating: nil, count: 4)
        var acTables = [JPEGEntropyPass.HuffmanTable?](repeating: nil, count: 4)
        /// Where the first scan's entropy-coded data starts.
        var scanStart = 0

        /// Nil for anything this decoder does not take (see the type's comment).
        init?(_ data: UnsafeRawBufferPointer) {
            let n = data.count
            guard n > 4, data[0] == 0xFF, data[1] == 0xD8 else { return nil }
            var sawJFIF = false
            var adobeTransform: UInt8?
            var i = 2
            while true {
                guard i + 1 < n, data[i] == 0xFF else { return nil }
                var marker = data[i + 1]
                i += 2
                while marker == 0xFF {  // fill bytes
                    guard i < n else { return nil }
                    marker = data[i]
                    i += 1
                }
                if marker == 0x01 || (0xD0...0xD7).contains(marker) { continue }  // no length
                guard marker != 0xD8, marker != 0xD9, i + 1 < n else { return nil }
                let length = Int(data[i]) << 8 | Int(data[i + 1])
                guard length >= 2, i + length <= n else { return nil }
                let body = UnsafeRawBufferPointer(rebasing: data[(i + 2)..<(i + length)])
                switch marker {
                case 0xC0, 0xC1:
                    guard components.isEmpty, readFrame(body) else { return nil }
                case 0xC2, 0xC3, 0xC5...0xC7, 0xC9...0xCB, 0xCD...0xCF:
                    return nil  // progressive, lossless, hierarchical or arithmetic-coded
                case 0xC4:
                    guard readHuffmanTables(body) else { return nil }
                case 0xDB:
                    guard readQuantizers(body) else { return nil }
                case 0xDD:
                    guard body.count == 2 else { return nil }
                    restartInterval = Int(body[0]) << 8 | Int(body[1])
                case 0xE0:
                    sawJFIF = sawJFIF || (body.count >= 5 && Array(body[0..<5]) == Array("JFIF\0".utf8))
                case 0xEE:
                    if body.count >= 12, Array(body[0..<5]) == Array("Adobe".utf8) { adobeTransform = body[11] }
                case 0xDA:
                    guard readScan(body) else { return nil }
                    scanStart = i + length
                    // libjpeg's reading of three components (jdapimin.c): RGB without JFIF when Adobe
                    // says transform 0, or the components are named R, G, B.
                    if components.count == 3, !sawJFIF {
                        if adobeTransform == 0 { return nil }
                        if adobeTransform == nil, components.map(\.id) == Array("RGB".utf8) { return nil }
                    }
                    return
                default:
                    break  // APPn, COM, …
                }
                i += length
            }
        }

        private mutating func readFrame(_ body: UnsafeRawBufferPointer) -> Bool {
            guard body.count >= 6, body[0] == 8 else { return false }
            height = Int(body[1]) << 8 | Int(body[2])
            width = Int(body[3]) << 8 | Int(body[4])
            let count = Int(body[5])
            // Height 0 is given later by a DNL marker: rare, left to libjpeg-turbo.
            guard width > 0, height > 0, count == 1 || count == 3, body.count == 6 + 3 * count else { return false }
            for c in 0..<count {
                let h = Int(body[7 + 3 * c] >> 4)
                let v = Int(body[7 + 3 * c] & 15)
                let table = Int(body[8 + 3 * c])
                guard (1...4).contains(h), (1...4).contains(v), table < 4 else { return false }
                components.append(Component(id: body[6 + 3 * c], h: h, v: v, quantTable: table))
            }
            // At most ten blocks per MCU (T.81 B.2.3; libjpeg refuses more), and whole ratios to the
            // largest sampling factors (libjpeg upsamples other ratios; left to it).
            let hMax = components.map(\.h).max()!
            let vMax = components.map(\.v).max()!
            return components.reduce(0) { $0 + $1.h * $1.v } <= 10
                && components.allSatisfy { hMax % $0.h == 0 && vMax % $0.v == 0 }
        }

        private mutating func readHuffmanTables(_ body: UnsafeRawBufferPointer) -> Bool {
            var p = 0
            while p < body.count {
                guard p + 17 <= body.count else { return false }
                let tableClass = body[p] >> 4
                let id = Int(body[p] & 15)
                guard tableClass <= 1, id < 4 else { return false }
                let counts = UnsafeRawBufferPointer(rebasing: body[(p + 1)..<(p + 17)])
                let total = counts.reduce(0) { $0 + Int($1) }
                guard total <= 256, p + 17 + total <= body.count,
                    let table = JPEGEntropyPass.HuffmanTable(
                        counts: counts, values: UnsafeRawBufferPointer(rebasing: body[(p + 17)..<(p + 17 + total)]),
                        isAC: tableClass == 1)
                else { return false }
                if tableClass == 1 { acTables[id] = table } else { dcTables[id] = table }
                p += 17 + total
            }
            return true
        }

        private mutating func readQuantizers(_ body: UnsafeRawBufferPointer) -> Bool {
            var p = 0
            while p < body.count {
                let precision = Int(body[p] >> 4)
                let id = Int(body[p] & 15)
                let size = 1 + 64 * (precision + 1)
                guard precision <= 1, id < 4, p + size <= body.count else { return false }
                let dc = precision == 0 ? Int(body[p + 1]) : Int(body[p + 1]) << 8 | Int(body[p + 2])
                guard dc > 0 else { return false }
                quantizers[id] = dc
                p += size
            }
            return true
        }

        /// The first scan must carry every component, whole (Ss 0, Se 63, no successive approximation).
        private mutating func readScan(_ body: UnsafeRawBufferPointer) -> Bool {
            guard !components.isEmpty, body.count >= 1 else { return false }
            let count = Int(body[0])
            guard count == components.count, body.count == 4 + 2 * count else { return false }
            var seen = Set<Int>()
            for s in 0..<count {
                guard let c = components.firstIndex(where: { $0.id == body[1 + 2 * s] }), seen.insert(c).inserted
                else { return false }
                components[c].dcTable = Int(body[2 + 2 * s] >> 4)
                components[c].acTable = Int(body[2 + 2 * s] & 15)
                // Scan order is component order in the MCU (T.81 A.2.3).
                guard c == s, components[c].dcTable < 4, components[c].acTable < 4,
                    dcTables[components[c].dcTable] != nil, acTables[components[c].acTable] != nil,
                    quantizers[components[c].quantTable] != nil
                else { return false }
            }
            let end = 1 + 2 * count
            return body[end] == 0 && body[end + 1] == 63 && body[end + 2] == 0
        }
    }

    /// Samples of a subsampled component brought to the output's size (libjpeg's jdsample.c).
    enum Upsampling {
        /// `samples` (`across` × `down`, covering at least the output at `factor`) at `size`: 2×2 by
        /// the triangle filter — each output sample ¾ its own input sample and ¼ the nearer neighbour
        /// in each direction, rounding alternately down and up so nothing drifts, as libjpeg's h2v2
        /// "fancy" upsampler — other factors by repetition, as libjpeg-turbo at 1/8.
        static func scale(_ samples: [UInt8], across: Int, down: Int, by factor: (Int, Int), to size: (Int, Int))
            -> [UInt8]
        {
            let (width, height) = size
            // Input columns and rows that reach the output.
            let usedAcross = min(across, (width + factor.0 - 1) / factor.0)
            let usedDown = min(down, (height + factor.1 - 1) / factor.1)
            let smooth = factor == (2, 2)
            var out = [UInt8](repeating: 0, count: width * height)
            var column = [Int32](repeating: 0, count: usedAcross)
            samples.withUnsafeBufferPointer { input in
                out.withUnsafeMutableBufferPointer { output in
                    column.withUnsafeMutableBufferPointer { sums in
                        for y in 0..<height {
                            let source = min(y / factor.1, usedDown - 1)
                            let row = input.baseAddress! + source * across
                            let line = output.baseAddress! + y * width
                            guard smooth else {
                                for x in 0..<width { line[x] = row[min(x / factor.0, usedAcross - 1)] }
                                continue
                            }
                            // Vertically ¾ this row and ¼ the nearer one (×4), then across.
                            let nearer = y % 2 == 0 ? max(source - 1, 0) : min(source + 1, usedDown - 1)
                            let other = input.baseAddress! + nearer * across
                            for x in 0..<usedAcross { sums[x] = 3 * Int32(row[x]) + Int32(other[x]) }
                            horizontal(sums, usedAcross, into: line, width: width)
                        }
                    }
                }
            }
            return out
        }

        /// One row of column sums (×4) doubled across: output 2i is ¾ sum i + ¼ sum i−1, 2i+1 is ¾ sum i +
        /// ¼ sum i+1 (edges repeat), over 16, rounded down then up.
        @inline(__always)
        private static func horizontal(
            _ sums: UnsafeMutableBufferPointer<Int32>, _ count: Int, into line: UnsafeMutablePointer<UInt8>, width: Int
        ) {
            for x in 0..<width {
                let i = min(x >> 1, count - 1)
                let even = x & 1 == 0
                let neighbour = even ? max(i - 1, 0) : min(i + 1, count - 1)
                line[x] = UInt8(clamping: (3 * sums[i] + sums[neighbour] + (even ? 8 : 7)) >> 4)
            }
        }
    }

    /// JFIF's YCbCr → RGB in libjpeg's fixed point (jdcolor.c, `build_ycc_rgb_table`), so the colours
    /// match libjpeg-turbo's to the bit when chroma is not subsampled.
    enum YCbCr {
        private static func fixed(_ x: Double) -> Int { Int(x * 65536 + 0.5) }
        private static let half = 1 << 15
        static let crToR = (0..<256).map { (fixed(1.40200) * ($0 - 128) + half) >> 16 }
        static let cbToB = (0..<256).map { (fixed(1.77200) * ($0 - 128) + half) >> 16 }
        static let crToG = (0..<256).map { -fixed(0.71414) * ($0 - 128) }
        static let cbToG = (0..<256).map { -fixed(0.34414) * ($0 - 128) + half }

        static func convert(
            y: [UInt8], cb: [UInt8], cr: [UInt8], width: Int, height: Int, into rows: UnsafeMutablePointer<UInt32>,
            pitch: Int
        ) {
            for row in 0..<height {
                for x in 0..<width {
                    let i = row * width + x
                    let luma = Int(y[i])
                    let b = Int(cb[i])
                    let r = Int(cr[i])
                    let red = UInt32(UInt8(clamping: luma + crToR[r]))
                    let green = UInt32(UInt8(clamping: luma + ((cbToG[b] + crToG[r]) >> 16)))
                    let blue = UInt32(UInt8(clamping: luma + cbToB[b]))
                    rows[row * pitch + x] = 0xFF00_0000 | red << 16 | green << 8 | blue
                }
            }
        }
    }
}
