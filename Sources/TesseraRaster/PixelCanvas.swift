/// TesseraRaster: the software rasteriser's pixel work, over plain 32-bit pixels that whoever presents
/// a frame hands it — an SDL surface or a locked streaming texture, an X11 MIT-SHM image, a wl_shm
/// buffer, a decoded `PixelBuffer` (TesseraImageIO) — and no display library anywhere. It implements:
///
/// - the boundary between points and pixels: a frame in points (`Rect`, TesseraGeometry) becomes
///   whole pixels (`PixelRect`) only by saying how its edges round (`snapping`, `placing`,
///   `enclosing`); everything past it is pixels or texels (`PixelRect`, `IntRect`, `PixelCanvas`);
/// - opaque fills written into a canvas (`SolidFill`: ordinary stores for ragged edges, the columns
///   of whole cache lines handed to a streaming fill) and the background a damaged part needs
///   (`BackgroundFill`);
/// - rounded corners: the 3×3 grid a rounded rect is cut into (`RoundedRectGrid`), the aspect-fill
///   crop of a photo's pieces (`AspectFillLayout`), the arc's coverage (`CornerCoverage`) and the
///   corner squares saved from under a shape and blended back over it (`CornerSquares`);
/// - bilinear scaling with AVX2 into a canvas, bit for bit SDL's scaler, cut by a clip
///   (`BilinearScale`, over `CPixels`), and the part of an oversized copy that shows (`VisiblePart`);
/// - the alpha of a soft shadow's nine-slice image (`ShadowMask`), and the backdrop blur's pyramid of
///   halvings (`BlurPyramid`: how many, each level's size).
///
/// It does not: make or lock textures, call a renderer, present, or open a window — TesseraSDL builds a
/// canvas over the pixels it holds and calls in here (`PixelCanvas+SDL.swift`), and a presenter
/// (TesseraPresent) hands it the canvas a frame is drawn into. The backdrop blur's halvings still run on
/// SDL's scaler through render targets (`BackdropBlur` in TesseraSDL): there is no CPU blur here yet.
/// Nothing here allocates per frame once warm.
///
/// A `PixelCanvas` is a view of pixels someone else owns: a base address, a size in pixels and the
/// bytes from one row to the next. Every pixel is a native-endian 32-bit word (SDL's ARGB8888 or
/// XRGB8888, an X11 ZPixmap of depth 24, wl_shm's `argb8888`/`xrgb8888`: the same layout); the kernels
/// treat channels alike, so which of those it is does not matter to them. A canvas holds no memory and
/// must not outlive the pixels it was made over (a texture's lock, a presenter's buffer for a frame).
package struct PixelCanvas {
    /// The first pixel of the first row.
    package let pixels: UnsafeMutableRawPointer
    /// Size in pixels.
    package let width: Int
    package let height: Int
    /// Bytes from one row to the next, at least `width * 4`.
    package let pitch: Int

    @inlinable
    package init(pixels: UnsafeMutableRawPointer, width: Int, height: Int, pitch: Int) {
        self.pixels = pixels
        self.width = width
        self.height = height
        self.pitch = pitch
    }

    /// Row `y` as 32-bit words.
    @inlinable
    package func row(_ y: Int) -> UnsafeMutablePointer<UInt32> {
        (pixels + y &* pitch).assumingMemoryBound(to: UInt32.self)
    }

    /// Every pixel of the canvas.
    @inlinable
    package var bounds: PixelRect { PixelRect(x0: 0, y0: 0, x1: width, y1: height) }

    /// Its size in pixels.
    @inlinable
    package var size: PixelSize { PixelSize(width: width, height: height) }

    /// True when every row starts on a 64-byte cache line (an X11 shared-memory image is page-aligned;
    /// rows of a multiple of 16 pixels keep that), so columns of whole lines can take streaming stores
    /// (`SolidFill`).
    package var rowsStartOnCacheLines: Bool {
        let line = SolidFill.lineWidth * 4
        return Int(bitPattern: pixels) % line == 0 && pitch % line == 0
    }
}
