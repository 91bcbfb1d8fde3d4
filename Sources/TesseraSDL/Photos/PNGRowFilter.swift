/// Undoes a PNG scanline's filter in place (PNG specification, W3C / ISO/IEC 15948, clause 9
/// "Filtering": filter method 0, types 0 None, 1 Sub, 2 Up, 3 Average, 4 Paeth). Each byte was stored as its difference
/// from a prediction made of the byte one pixel to the left (a), the byte above (b) and the byte above
/// and to the left (c); reconstruction adds the prediction back, left to right, modulo 256.
///
/// Only the row above is needed, already reconstructed, so a decoder can go row by row through the
/// inflated image data and never hold a second copy of the picture.
enum PNGRowFilter {
    /// Reconstructs the first `count` bytes of `row` (the bytes after its filter-type byte) in place,
    /// given `previous`, the reconstructed row above (all zeros for the first row). Bytes past
    /// `count` are left filtered: every filter reads only bytes at or to the left of the one it
    /// reconstructs, so a decoder that drops a picture's last columns need not reconstruct them.
    /// False for a filter type the specification does not define (the image is damaged).
    static func reconstruct(
        _ type: UInt8, row: UnsafeMutablePointer<UInt8>, previous: UnsafePointer<UInt8>, count: Int, bytesPerPixel: Int
    ) -> Bool {
        // One specialisation per pixel size: with `bpp` a constant the compiler keeps the channels of a
        // pixel in registers, side by side, instead of looping over them.
        switch bytesPerPixel {
        case 1: return reconstruct(type, row, previous, count, bpp: 1)
        case 2: return reconstruct(type, row, previous, count, bpp: 2)
        case 3: return reconstruct(type, row, previous, count, bpp: 3)
        case 4: return reconstruct(type, row, previous, count, bpp: 4)
        default: return reconstruct(type, row, previous, count, bpp: bytesPerPixel)
        }
    }

    @inline(__always)
    private static func reconstruct(
        _ type: UInt8, _ row: UnsafeMutablePointer<UInt8>, _ previous: UnsafePointer<UInt8>, _ count: Int, bpp: Int
    ) -> Bool {
        let first = min(bpp, count)  // the first pixel has no left neighbour: a and c are 0
        switch type {
        case 0:
            return true
        case 1:  // Sub: a
            var i = bpp
            while i < count {
                row[i] = row[i] &+ row[i &- bpp]
                i &+= 1
            }
            return true
        case 2:  // Up: b
            for i in 0..<count { row[i] = row[i] &+ previous[i] }
            return true
        case 3:  // Average: floor((a + b) / 2), computed without overflow
            for i in 0..<first { row[i] = row[i] &+ (previous[i] >> 1) }
            var i = bpp
            while i < count {
                let sum = UInt16(row[i &- bpp]) &+ UInt16(previous[i])
                row[i] = row[i] &+ UInt8(truncatingIfNeeded: sum >> 1)
                i &+= 1
            }
            return true
        case 4:  // Paeth: whichever of a, b, c is nearest to a + b − c, ties in that order
            for i in 0..<first { row[i] = row[i] &+ previous[i] }
            var i = bpp
            while i < count {
                let a = Int16(row[i &- bpp])
                let b = Int16(previous[i])
                let c = Int16(previous[i &- bpp])
                let pa = abs(b &- c)
                let pb = abs(a &- c)
                let pc = abs(a &+ b &- c &- c)
                let predicted = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                row[i] = row[i] &+ UInt8(truncatingIfNeeded: predicted)
                i &+= 1
            }
            return true
        default:
            return false
        }
    }
}
