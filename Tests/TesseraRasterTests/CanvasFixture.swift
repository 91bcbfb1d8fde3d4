@testable import TesseraRaster

/// A canvas over memory the test owns, as a presenter's buffer or a surface would lend one: rows
/// `pitch` bytes apart, the first pixel `offset` bytes past a 64-byte boundary.
final class CanvasFixture {
    let canvas: PixelCanvas
    private let storage: UnsafeMutableRawPointer

    init(width: Int, height: Int, pitch: Int? = nil, offset: Int = 0, filling value: UInt32 = 0) {
        let pitch = pitch ?? width * 4
        storage = .allocate(byteCount: pitch * height + offset, alignment: 64)
        canvas = PixelCanvas(pixels: storage + offset, width: width, height: height, pitch: pitch)
        fill(value)
    }

    deinit { storage.deallocate() }

    subscript(x: Int, y: Int) -> UInt32 {
        get { canvas.row(y)[x] }
        set { canvas.row(y)[x] = newValue }
    }

    func fill(_ value: UInt32) {
        for y in 0..<canvas.height { canvas.row(y).update(repeating: value, count: canvas.width) }
    }

    /// Every pixel, row by row.
    var words: [UInt32] {
        (0..<canvas.height).flatMap { y in UnsafeBufferPointer(start: canvas.row(y), count: canvas.width) }
    }

    /// Noise from a fixed seed, opaque.
    func fillWithNoise(seed: UInt32 = 7) {
        var state = seed
        for y in 0..<canvas.height {
            for x in 0..<canvas.width {
                state = state &* 1_664_525 &+ 1_013_904_223
                self[x, y] = 0xFF00_0000 | state >> 8
            }
        }
    }
}
