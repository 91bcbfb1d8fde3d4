/// Undoes a PNG scanline's filter in place (PNG specification, W3C / ISO/IEC 15948, clause 9
/// "Filtering": filter method 0, types 0 None, 1 Sub, 2 Up, 3 Average, 4 Paeth). Each byte was stored
/// as its difference from a prediction made of the byte one pixel to the left (a), the byte above (b)
/// and the byte above and to the left (c); reconstruction adds the prediction back, left to right,
/// modulo 256.
///
/// Only the row above is needed, already reconstructed, so a decoder can go row by row through the
/// inflated image data and never hold a second copy of the picture.
enum PNGRowFilter {
    /// Reconstructs the first `count` bytes of `row` (the bytes after its filter-type byte) in place,
    /// given `previous`, the reconstructed row above (all zeros for the first row). Bytes past `count`
    /// are left filtered: every filter reads only bytes at or to the left of the one it reconstructs,
    /// so a decoder that drops a picture's last columns need not reconstruct them. `count` is a whole
    /// number of pixels. False for a filter type the specification does not define (the image is damaged).
    static func reconstruct(
        _ type: UInt8, row: UnsafeMutablePointer<UInt8>, previous: UnsafePointer<UInt8>, count: Int, bytesPerPixel: Int
    ) -> Bool {
        guard type <= 4 else { return false }
        // Specialised per pixel size: with `bpp` a constant, the compiler unrolls the channels.
        switch bytesPerPixel {
        case 4: reconstructPixels(type, row, previous, count, bpp: 4)
        default: reconstructBytes(type, row, previous, from: 0, to: count, bpp: bytesPerPixel)
        }
        return true
    }

    /// RGB and RGBA a pixel at a time, its channels side by side in one vector. Sub, Average and Paeth
    /// depend on the pixel just reconstructed, so a row is a chain as long as it is wide; byte by byte
    /// each link also waits for a store to be read back (measured here: 40 ms of Average filtering in a
    /// 4000×3000 RGBA photo), where a vector keeps the left pixel in a register.
    @inline(__always)
    private static func reconstructPixels(
        _ type: UInt8, _ row: UnsafeMutablePointer<UInt8>, _ previous: UnsafePointer<UInt8>, _ count: Int, bpp: Int
    ) {
        // Up is independent from byte to byte and None does nothing: the scalar loops suit them.
        guard type == 1 || type == 3 || type == 4 else {
            return reconstructBytes(type, row, previous, from: 0, to: count, bpp: bpp)
        }
        // One loop per filter type, the prediction inlined into it: no branch inside the chain.
        let done: Int
        switch type {
        case 1:
            done = reconstructPixels(row, previous, count, bpp: bpp) { a, _, _ in a }
        case 3:
            done = reconstructPixels(row, previous, count, bpp: bpp) { a, b, _ in (a &+ b) &>> 1 }
        default:
            done = reconstructPixels(row, previous, count, bpp: bpp) { a, b, c in
                // Paeth: p = a + b − c, and whichever of a, b, c is nearest p, ties in that order.
                let pa = magnitude(b &- c)  // |p − a|
                let pb = magnitude(a &- c)  // |p − b|
                let pc = magnitude(a &- c &+ b &- c)  // |p − c|
                var nearest = c
                nearest.replace(with: b, where: pb .<= pc)
                nearest.replace(with: a, where: pa .<= pb .& pa .<= pc)
                return nearest
            }
        }
        reconstructBytes(type, row, previous, from: done, to: count, bpp: bpp)
    }

    /// The pixels whose four bytes lie inside the row, each `x + predict(a, b, c)`; returns where the
    /// scalar loop goes on. Four bytes are loaded and stored per pixel: for RGB the fourth is the next
    /// pixel's first, still filtered, so its prediction is masked to 0 and it is written back
    /// unchanged, and the last pixel (whose fourth byte may lie past the row) is left to the scalar loop.
    @inline(__always)
    private static func reconstructPixels(
        _ row: UnsafeMutablePointer<UInt8>, _ previous: UnsafePointer<UInt8>, _ count: Int, bpp: Int,
        _ predict: (SIMD4<Int16>, SIMD4<Int16>, SIMD4<Int16>) -> SIMD4<Int16>
    ) -> Int {
        let keep = bpp == 4 ? SIMD4<Int16>(repeating: -1) : SIMD4<Int16>(-1, -1, -1, 0)
        var a = SIMD4<Int16>()  // left of the first pixel: 0
        var c = SIMD4<Int16>()  // above-left of the first pixel: 0
        var i = 0
        while i &+ 4 <= count {
            let x = load(row + i)
            let b = load(previous + i)
            a = (x &+ (predict(a, b, c) & keep)) & 0xFF
            c = b
            store(a, row + i)
            i &+= bpp
        }
        return i
    }

    /// Byte by byte from `start` (the bytes before it reconstructed already) to `end`.
    @inline(__always)
    private static func reconstructBytes(
        _ type: UInt8, _ row: UnsafeMutablePointer<UInt8>, _ previous: UnsafePointer<UInt8>, from start: Int,
        to end: Int, bpp: Int
    ) {
        // The first pixel has no left neighbour: a and c are 0 there.
        let firstEnd = min(bpp, end)
        let rest = max(start, bpp)
        switch type {
        case 1:  // Sub: a
            var i = rest
            while i < end {
                row[i] = row[i] &+ row[i &- bpp]
                i &+= 1
            }
        case 2:  // Up: b
            var i = start
            while i < end {
                row[i] = row[i] &+ previous[i]
                i &+= 1
            }
        case 3:  // Average: floor((a + b) / 2), computed without overflow
            var i = start
            while i < firstEnd {
                row[i] = row[i] &+ (previous[i] >> 1)
                i &+= 1
            }
            i = rest
            while i < end {
                let sum = UInt16(row[i &- bpp]) &+ UInt16(previous[i])
                row[i] = row[i] &+ UInt8(truncatingIfNeeded: sum >> 1)
                i &+= 1
            }
        case 4:  // Paeth
            var i = start
            while i < firstEnd {
                row[i] = row[i] &+ previous[i]
                i &+= 1
            }
            i = rest
            while i < end {
                let a = Int16(row[i &- bpp])
                let b = Int16(previous[i])
                let c = Int16(previous[i &- bpp])
                let pa = Swift.abs(b &- c)
                let pb = Swift.abs(a &- c)
                let pc = Swift.abs(a &+ b &- c &- c)
                let predicted = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                row[i] = row[i] &+ UInt8(truncatingIfNeeded: predicted)
                i &+= 1
            }
        default:
            break
        }
    }

    @inline(__always)
    private static func load(_ bytes: UnsafePointer<UInt8>) -> SIMD4<Int16> {
        SIMD4<Int16>(truncatingIfNeeded: UnsafeRawPointer(bytes).loadUnaligned(as: SIMD4<UInt8>.self))
    }

    @inline(__always)
    private static func store(_ pixel: SIMD4<Int16>, _ bytes: UnsafeMutablePointer<UInt8>) {
        UnsafeMutableRawPointer(bytes).storeBytes(of: SIMD4<UInt8>(truncatingIfNeeded: pixel), as: SIMD4<UInt8>.self)
    }

    @inline(__always)
    private static func magnitude(_ v: SIMD4<Int16>) -> SIMD4<Int16> { pointwiseMax(v, SIMD4<Int16>() &- v) }
}
