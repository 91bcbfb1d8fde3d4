import Glibc

/// TesseraImageIO: photo files in, plain pixels out — and no display library anywhere. It decodes JPEG
/// (libjpeg-turbo's libjpeg API, scaled by the inverse DCT, and a DC-only decoder of its own at 1/8) and
/// PNG (libspng row by row, and an RGBA decoder of its own over libdeflate), shrinks by whole factors
/// with a box filter, converts CMYK, turns a decode upright by its EXIF orientation, bounds every decode
/// (`DecodeBudget`, `DecodeLimits`), lends working buffers (`ScratchBuffers`), and writes and reads the
/// freedesktop.org thumbnail PNGs. What it makes is a `PixelBuffer`.
///
/// It does not draw: it makes no textures, no mip levels (their halvings are SDL's scaler, `MipChain`
/// in TesseraSDL), holds no decode queue, and knows nothing of windows or renderers. Keeping SDL out
/// means a fuzzer of a JPEG parser links a JPEG parser (`make fuzz`), and the decoders can be tested
/// without a display.
///
/// A `PixelBuffer` is one picture in memory as SDL 2 lays out its ARGB8888 pixel format: each pixel a
/// native-endian 32-bit word 0xAARRGGBB (bytes B, G, R, A on a little-endian machine), rows `pitch`
/// bytes apart. That is the layout every decoder here always wrote, so the SDL side wraps a buffer in a
/// surface without converting or copying it (`MipChain.surface(wrapping:)` in TesseraSDL).
package final class PixelBuffer {
    package let width: Int
    package let height: Int
    /// Bytes from one row to the next: `width * 4`, what SDL 2 gives a new 32-bit surface (its rows
    /// are padded to 4 bytes only, in src/video of its sources, where surfaces are made).
    package let pitch: Int
    /// `height * pitch` bytes, owned by this buffer (until `relinquish()`) and zeroed when it was made.
    package let pixels: UnsafeMutableRawPointer
    /// False once the pixels were handed over: whoever took them frees them, with `free`.
    private var ownsPixels = true

    /// A zeroed `width` × `height` picture, as SDL makes a new surface's pixels. Nil when a
    /// side is not positive (SDL makes such a surface without pixels, which every decoder here took as
    /// out of memory), when the byte count or the pitch overflows (SDL keeps sizes and pitch in
    /// 32-bit ints), or when the memory cannot be had.
    package init?(width: Int, height: Int) {
        guard width > 0, height > 0 else { return nil }
        let (pitch, wide) = width.multipliedReportingOverflow(by: 4)
        guard !wide, pitch <= Int(Int32.max), height <= Int(Int32.max) else { return nil }
        let (count, tall) = pitch.multipliedReportingOverflow(by: height)
        // calloc checks its own product too, and its zeroing is free for fresh pages (mmap'd memory
        // comes zeroed from the kernel).
        guard !tall, let pixels = calloc(count, 1) else { return nil }
        self.width = width
        self.height = height
        self.pitch = pitch
        self.pixels = pixels
    }

    deinit { if ownsPixels { free(pixels) } }

    /// Hands the pixels (allocated with `calloc`) to the caller, who frees them with `free` — an SDL
    /// surface made over them and told so frees them with `SDL_free`, which is libc's unless the
    /// program set other memory functions (`SDL_SetMemoryFunctions`; this one does not). The buffer
    /// must not be read once it is gone.
    package func relinquish() -> UnsafeMutableRawPointer {
        ownsPixels = false
        return pixels
    }

    /// Row `y` as ARGB8888 words.
    @inline(__always)
    package func row(_ y: Int) -> UnsafeMutablePointer<UInt32> {
        (pixels + y &* pitch).assumingMemoryBound(to: UInt32.self)
    }

    /// Every pixel row by row, without the padding a pitch may hold (for tests and comparisons).
    package var words: [UInt32] {
        (0..<height).flatMap { y in UnsafeBufferPointer(start: row(y), count: width) }
    }
}
