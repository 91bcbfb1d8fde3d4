import TesseraRaster

/// TesseraPresent: a window's frames handed to its display server in shared memory, where no GPU draws
/// them, without SDL. It implements two presenters behind one protocol, `PixelPresenter`:
///
/// - `X11ShmPresenter`: the frame is drawn straight into an MIT-SHM image, and a present asks the X
///   server to copy the damage into the window through XCB, waiting for the server's word only before
///   the next frame is drawn;
/// - `WaylandShmPresenter`: the frame is drawn into a canvas in memory, and a present copies what each
///   `wl_shm` buffer lacks into it and commits it to the window's surface.
///
/// Each hands out the pixels a frame is drawn into as a `PixelCanvas` (TesseraRaster) and keeps them
/// from frame to frame, so only what changed is drawn and presented.
///
/// It does not: draw (SDL's software renderer does, over a surface made on the canvas, with the
/// rasteriser's kernels: `SoftwareCanvasPresenter` in TesseraSDL), make or find the window (it is given
/// the server's handles for SDL's), read the window's events, present through a GPU
/// (`AcceleratedPresenter` in TesseraSDL), or fall back to SDL's window surface where shared memory
/// cannot be used (`WindowSurfacePresenter`). Which presenter a window gets is `PresentPath`'s choice.
package protocol PixelPresenter: AnyObject {
    /// What the profile and the HUD call it, e.g. `software (MIT-SHM)`.
    var name: String { get }
    /// The pixels the next frame is drawn into: ARGB8888 in memory (alpha ignored), holding the last
    /// frame presented. The same pixels until `fit` makes larger ones.
    var canvas: PixelCanvas { get }
    /// Follows the window's new size in pixels. False when the canvas still holds it. Else a canvas of
    /// `canvas()` pixels (at least `window`) is made and handed to `switching`, which moves whatever
    /// draws into the old one to it and says whether it could; then the old one is freed and this is
    /// true. Where the new canvas cannot be had, or `switching` says no, the old one stays (false).
    func fit(window: PixelSize, canvas: () -> PixelSize, switching: (PixelCanvas) -> Bool) -> Bool
    /// Called before anything is drawn into the canvas: a presenter whose last present may still be
    /// reading it waits here (`X11ShmPresenter`).
    func prepareToDraw()
    /// Shows the frame just drawn (all of it in the canvas's memory): `damage` (pixels, possibly
    /// overlapping rectangles) is all that changed since the last present, nil for everything, in a
    /// window of `window` pixels.
    func present(damage: [PixelRect]?, window: PixelSize)
    /// Frees the canvas and what the server holds for this presenter. Nothing may draw into the canvas
    /// after.
    func destroy()
}
