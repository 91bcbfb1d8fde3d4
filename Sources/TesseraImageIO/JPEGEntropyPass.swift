import Glibc

/// One pass over a baseline JPEG's Huffman-coded data that keeps each block's DC coefficient and
/// steps over its AC coefficients without decoding their values (ITU T.81 F.2.2).
///
/// Every AC coefficient is still read — Huffman codes have no length but their own — so what makes
/// the pass quick is reading several at once: one look-up in `HuffmanTable.skips`, indexed by the
/// next `lookupBits` bits, says how many bits the whole run of codes (and their value bits) in
/// that window takes and how far it moves through the block. A 4000×3000 camera JPEG averages
/// about two codes per look-up.
enum JPEGEntropyPass {
    /// Bits of look-ahead per table look-up: 4,096 entries of 4 bytes, which stay in the first-level
    /// cache next to the other table. Wider windows measured no faster.
    static let lookupBits = 12

    /// One Huffman table (T.81 C, "Huffman table specification"), as the pass reads it.
    struct HuffmanTable {
        /// Per `lookupBits`-bit window. DC table: the code's length | symbol << 8. AC table: see
        /// `skips`. 0 when the window starts with a code longer than `lookupBits` (read bit by bit).
        var lookup: [UInt32]
        /// The canonical codes (T.81 C.2): per length, the largest code and where its values start.
        var maxCode: [Int32]
        var valueOffset: [Int32]
        var values: [UInt8]

        /// Nil when the counts describe more codes than their lengths can hold (a damaged table).
        init?(counts: UnsafeRawBufferPointer, values symbols: UnsafeRawBufferPointer, isAC: Bool) {
            let bits = JPEGEntropyPass.lookupBits
            var lengths = [Int](repeating: 0, count: 256)
            var codes = [Int](repeating: 0, count: 256)
            maxCode = [Int32](repeating: -1, count: 17)
            valueOffset = [Int32](repeating: 0, count: 17)
            values = Array(symbols)
            var code = 0
            var k = 0
            for length in 1...16 {
                let n = Int(counts[length - 1])
                valueOffset[length] = Int32(k - code)
                for _ in 0..<n {
                    lengths[k] = length
                    codes[k] = code
                    code += 1
                    k += 1
                }
                // All ones is not a code (T.81 C.2): a length whose codes reach it is damaged.
                if n > 0 {
                    guard code < (1 << length) else { return nil }
                    maxCode[length] = Int32(code - 1)
                }
                code <<= 1
            }
            // The code of each window that starts with one no longer than `bits`.
            var first = [UInt32](repeating: 0, count: 1 << bits)
            for i in 0..<k where lengths[i] <= bits {
                let shift = bits - lengths[i]
                for fill in 0..<(1 << shift) {
                    first[(codes[i] << shift) | fill] = UInt32(lengths[i]) | UInt32(values[i]) << 8
                }
            }
            lookup = isAC ? Self.skips(first) : first
        }

        /// AC windows: how far one look-up may go. Bits 0–4: bits taken by the run of whole codes (with
        /// their value bits) that starts the window, stopping after an end-of-block; 5–11: how far they
        /// move through the block; 12: it ends with end-of-block. Bits 13–17, 18–24, 25: the same for the
        /// first code alone, for when the run would cross the block's end. Bit 26: valid.
        static func skips(_ first: [UInt32]) -> [UInt32] {
            let bits = JPEGEntropyPass.lookupBits
            let mask = (1 << bits) - 1
            func step(_ entry: UInt32) -> (bits: Int, advance: Int, ends: Bool) {
                let length = Int(entry & 0xFF)
                let run = Int(entry >> 12) & 15
                let size = Int(entry >> 8) & 15
                if size != 0 { return (length + size, run + 1, false) }
                return run == 15 ? (length, 16, false) : (length, 0, true)  // ZRL, or end of block
            }
            return (0...mask).map { window -> UInt32 in
                let entry = first[window]
                guard entry != 0 else { return 0 }
                let one = step(entry)
                var taken = one.bits
                var advance = one.advance
                var ends = one.ends
                while !ends, taken < bits {
                    let next = first[(window << taken) & mask]
                    guard next != 0 else { break }
                    let s = step(next)
                    guard s.bits <= bits - taken else { break }
                    taken += s.bits
                    advance += s.advance
                    ends = s.ends
                    if advance > 64 { break }
                }
                return UInt32(taken) | UInt32(min(advance, 127)) << 5 | (ends ? 1 << 12 : 0)
                    | UInt32(one.bits) << 13 | UInt32(one.advance) << 18 | (one.ends ? 1 << 25 : 0) | 1 << 26
            }
        }

        /// `maxCode`, `valueOffset` and `values` one after the other, as `slowSymbol` reads them.
        static let flatCount = 17 + 17 + 256

        func flatten(into flat: UnsafeMutablePointer<Int32>) {
            flat.initialize(repeating: 0, count: Self.flatCount)
            for (i, v) in maxCode.enumerated() { flat[i] = v }
            for (i, v) in valueOffset.enumerated() { flat[17 + i] = v }
            for (i, v) in values.enumerated() { flat[34 + i] = Int32(v) }
        }

        /// The symbol whose code starts `bits` (codes longer than the look-up window), read code bit by
        /// code bit from a `flatten`ed table of `count` values, and the code's length; nil when no code
        /// matches (damaged data). Pure, so the reader's state stays in registers.
        @inline(never)
        static func slowSymbol(_ bits: UInt64, table: UnsafePointer<Int32>, count: Int) -> (symbol: Int, length: Int)? {
            var code: Int32 = 0
            for length in 1...16 {
                code = code << 1 | Int32(truncatingIfNeeded: (bits >> UInt64(64 - length)) & 1)
                if code <= table[length] {
                    let index = Int(table[17 + length] + code)
                    return index >= 0 && index < count ? (Int(table[34 + index]), length) : nil
                }
            }
            return nil
        }
    }

    /// The entropy-coded bytes with stuffing removed (T.81 F.1.2.3: `FF 00` is a data `FF`), cut at
    /// restart markers, followed by zeros a whole MCU can never read past.
    struct Segments {
        /// The data and its padding, in the buffer given.
        var bytes: UnsafeRawBufferPointer
        /// Where each restart interval starts in `bytes`; the last entry is the end of the data.
        var starts: [Int]

        /// Room after the data: an MCU of ten blocks of 64 codes of at most 26 bits is under 2.1 KB.
        static let padding = 4096

        /// The bytes `buffer` needs for the data from `start` on.
        static func capacity(for data: UnsafeRawBufferPointer, from start: Int) -> Int {
            max(0, data.count - start) + padding
        }

        /// Unstuffs `data` from `start` into `buffer` (at least `capacity` bytes); nil when the data
        /// stops before a marker ends it (a truncated file) or restart markers are out of order.
        init?(_ data: UnsafeRawBufferPointer, from start: Int, into buffer: UnsafeMutableRawBufferPointer) {
            guard start <= data.count, buffer.count >= Self.capacity(for: data, from: start) else { return nil }
            let source = data.baseAddress!
            let out = buffer.baseAddress!
            var count = 0
            starts = [0]
            var i = start
            var expected: UInt8 = 0xD0
            var ended = false
            while i < data.count {
                // Copy up to the next FF in one go.
                let next = memchr(source + i, 0xFF, data.count - i)
                let j = next.map { source.distance(to: UnsafeRawPointer($0)) } ?? data.count
                (out + count).copyMemory(from: source + i, byteCount: j - i)
                count += j - i
                i = j
                guard i + 1 < data.count else { break }
                var marker = data[i + 1]
                i += 2
                while marker == 0xFF, i < data.count {  // fill bytes before a marker
                    marker = data[i]
                    i += 1
                }
                if marker == 0x00 {
                    out.storeBytes(of: 0xFF, toByteOffset: count, as: UInt8.self)
                    count += 1
                } else if (0xD0...0xD7).contains(marker) {
                    guard marker == expected else { return nil }
                    expected = expected == 0xD7 ? 0xD0 : expected + 1
                    starts.append(count)
                } else {
                    ended = true
                    break
                }
            }
            guard ended else { return nil }
            starts.append(count)
            (out + count).initializeMemory(as: UInt8.self, repeating: 0, count: Self.padding)
            bytes = UnsafeRawBufferPointer(start: out, count: count + Self.padding)
        }
    }

    /// Big-endian bits, the next ones at the top of `buffer`.
    struct BitReader {
        let base: UnsafePointer<UInt8>
        var offset: Int
        var buffer: UInt64 = 0
        var count = 0

        /// At least 56 bits in `buffer` (T.81's bytes, read eight at a time).
        @inline(__always)
        mutating func refill() {
            let word = UInt64(bigEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
            buffer |= word &>> UInt64(count)
            offset &+= (63 &- count) &>> 3
            count |= 56
        }

        @inline(__always)
        mutating func drop(_ n: Int) {
            buffer = buffer &<< UInt64(n)
            count &-= n
        }

        /// Bits read so far from `base`.
        var position: Int { offset * 8 - count }
    }

    /// One frame component as the scan codes it.
    struct Component {
        /// Blocks per MCU across and down (both 1 in a scan of one component).
        var h: Int
        var v: Int
        var dc: Int
        var ac: Int
        /// Where its DC coefficients go: `blocksAcross` × `blocksDown`.
        var blocksAcross: Int
        var blocksDown: Int
    }

    /// Reads every MCU of the scan; returns each component's DC coefficients (row-major over its
    /// blocks), or nil when the data is damaged: a code that is no code, a DC size over 11, an
    /// interval that reads past its end or leaves a whole byte unread.
    static func dcCoefficients(
        _ segments: Segments, components: [Component], mcusAcross: Int, mcusDown: Int, restartInterval: Int,
        dcTables: [HuffmanTable?], acTables: [HuffmanTable?]
    ) -> [[Int32]]? {
        let total = mcusAcross * mcusDown
        let perInterval = restartInterval > 0 ? restartInterval : total
        let intervals = (total + perInterval - 1) / perInterval
        guard segments.starts.count - 1 == intervals else { return nil }
        let count = components.count
        // The hot loop reads plain memory, never an array or a reference: both tables of every
        // component (look-ups and canonical codes), and the planes.
        let window = 1 << lookupBits
        let lookups = UnsafeMutablePointer<UInt32>.allocate(capacity: 2 * count * window)
        defer { lookups.deallocate() }
        let flat = UnsafeMutablePointer<Int32>.allocate(capacity: 2 * count * HuffmanTable.flatCount)
        defer { flat.deallocate() }
        var valueCounts = [Int](repeating: 0, count: 2 * count)
        for (c, component) in components.enumerated() {
            for (t, table) in [dcTables[component.dc]!, acTables[component.ac]!].enumerated() {
                let slot = 2 * c + t
                table.lookup.withUnsafeBufferPointer {
                    (lookups + slot * window).initialize(from: $0.baseAddress!, count: window)
                }
                table.flatten(into: flat + slot * HuffmanTable.flatCount)
                valueCounts[slot] = table.values.count
            }
        }
        let planes = components.map { UnsafeMutablePointer<Int32>.allocate(capacity: $0.blocksAcross * $0.blocksDown) }
        defer { for plane in planes { plane.deallocate() } }
        for (plane, component) in zip(planes, components) {
            plane.initialize(repeating: 0, count: component.blocksAcross * component.blocksDown)
        }
        // Component c's DC table at 2c, its AC table at 2c + 1.
        let views = (0..<2 * count).map { slot in
            TableView(
                lookup: lookups + slot * window, canonical: flat + slot * HuffmanTable.flatCount,
                count: valueCounts[slot])
        }
        var predictors = [Int32](repeating: 0, count: count)
        let base = segments.bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
        let complete = { () -> Bool in
            for interval in 0..<intervals {
                let end = segments.starts[interval + 1] * 8
                var reader = BitReader(base: base, offset: segments.starts[interval])
                for c in 0..<count { predictors[c] = 0 }
                let first = interval * perInterval
                for mcu in first..<min(total, first + perInterval) {
                    let row = mcu / mcusAcross
                    let column = mcu - row * mcusAcross
                    for c in 0..<count {
                        let component = components[c]
                        let dc = views[2 * c]
                        let ac = views[2 * c + 1]
                        for y in 0..<component.v {
                            for x in 0..<component.h {
                                guard let difference = readBlock(&reader, dc: dc, ac: ac) else { return false }
                                predictors[c] &+= difference
                                let bx = column * component.h + x
                                let by = row * component.v + y
                                if bx < component.blocksAcross, by < component.blocksDown {
                                    planes[c][by * component.blocksAcross + bx] = predictors[c]
                                }
                            }
                        }
                    }
                    guard reader.position <= end else { return false }
                }
                // An encoder pads an interval's last byte with one bits, never a whole byte more: a
                // byte or more left over is data libjpeg calls "extraneous bytes before marker",
                // damage it names, so it decides (a block that ended early is the usual cause).
                guard end - reader.position < 8 else { return false }
            }
            return true
        }()
        guard complete else { return nil }
        return zip(planes, components).map {
            Array(UnsafeBufferPointer(start: $0, count: $1.blocksAcross * $1.blocksDown))
        }
    }

    /// One table as the hot loop reads it: its look-up, and its canonical codes `flatten`ed, with
    /// `count` values, for codes longer than the look-up window.
    private struct TableView {
        var lookup: UnsafeMutablePointer<UInt32>
        var canonical: UnsafeMutablePointer<Int32>
        var count: Int
    }

    /// One block: its DC difference (T.81 F.2.2.1), the AC codes stepped over (F.2.2.2).
    @inline(__always)
    private static func readBlock(_ reader: inout BitReader, dc: TableView, ac: TableView) -> Int32? {
        reader.refill()
        let shift = UInt64(64 - lookupBits)
        var size: Int
        let entry = dc.lookup[Int(truncatingIfNeeded: reader.buffer &>> shift)]
        if entry != 0 {
            reader.drop(Int(entry & 0xFF))
            size = Int(entry >> 8)
        } else {
            guard let (symbol, length) = HuffmanTable.slowSymbol(reader.buffer, table: dc.canonical, count: dc.count)
            else { return nil }
            reader.drop(length)
            size = symbol
        }
        guard size <= 11 else { return nil }
        var difference: Int32 = 0
        if size > 0 {
            let raw = Int32(truncatingIfNeeded: reader.buffer &>> UInt64(64 - size))
            reader.drop(size)
            // F.2.2.1 EXTEND: a leading 0 bit means a negative difference.
            difference = raw < (1 << (size - 1)) ? raw - (1 << size) + 1 : raw
        }
        var k = 1
        while k < 64 {
            if reader.count < 32 { reader.refill() }
            let e = ac.lookup[Int(truncatingIfNeeded: reader.buffer &>> shift)]
            if e != 0 {
                let advance = Int(e &>> 5) & 127
                let ends = Int(e &>> 12) & 1
                if k &+ advance &+ ends <= 64 {
                    reader.drop(Int(e & 31))
                    k &+= advance
                    if ends != 0 { break }
                } else {
                    reader.drop(Int(e &>> 13) & 31)
                    if e & (1 << 25) != 0 { break }
                    k &+= Int(e &>> 18) & 127
                }
            } else {
                guard
                    let (symbol, length) = HuffmanTable.slowSymbol(reader.buffer, table: ac.canonical, count: ac.count)
                else { return nil }
                reader.drop(length)
                let run = symbol >> 4
                let size = symbol & 15
                if size != 0 {
                    reader.drop(size)
                    k += run + 1
                } else if run == 15 {
                    k += 16
                } else {
                    break
                }
            }
        }
        return difference
    }
}
