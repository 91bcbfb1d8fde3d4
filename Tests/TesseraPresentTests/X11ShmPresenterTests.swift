import CX11
import TesseraRaster
import TesseraTestSupport
import XCTest

@testable import TesseraPresent

/// The MIT-SHM presenter without SDL, in a real X server (Xvfb), on a window made with Xlib: what is
/// written into its canvas is what the window shows after a present, a present sends only its damage,
/// and a window grown past the image gets a new canvas. (Through SDL's renderer: `X11ShmPresenterTests`
/// in TesseraSDLTests.)
final class X11ShmPresenterTests: XCTestCase {
    private var server: XvfbServer!
    private var display: OpaquePointer!
    private var window: Window = 0
    private var previousHandler: XErrorHandler?

    /// A 640×480 Xvfb and a mapped 320×240 window on it.
    private func openWindow() throws {
        guard let server = try XvfbServer(width: 640, height: 480) else { throw XCTSkip("Xvfb is not installed") }
        self.server = server
        var opened: OpaquePointer?
        for _ in 0..<50 where opened == nil {
            opened = XOpenDisplay(server.name)
            if opened == nil { usleep(100_000) }
        }
        display = try XCTUnwrap(opened, "no X server on \(server.name)")
        // A read of a pixel off the screen is an error, which Xlib's default handler would end the test
        // run for; here it is a nil image.
        previousHandler = XSetErrorHandler { _, _ in 0 }
        let screen = XDefaultScreen(display)
        window = XCreateSimpleWindow(display, XRootWindow(display, screen), 0, 0, 320, 240, 0, 0, 0)
        XMapWindow(display, window)
        XSync(display, 0)
    }

    override func tearDown() {
        if let display {
            XDestroyWindow(display, window)
            XCloseDisplay(display)
            XSetErrorHandler(previousHandler)
        }
        server = nil
    }

    func testTheWindowShowsTheCanvasAndAPresentSendsOnlyItsDamage() throws {
        try openWindow()
        let presenter = try XCTUnwrap(
            XDisplayString(display).flatMap { X11ShmPresenter(displayName: $0, window: window) },
            "Xvfb's 24-bit TrueColor visual")
        defer { presenter.destroy() }
        XCTAssertEqual(presenter.name, "software (MIT-SHM)")
        XCTAssertEqual(presenter.canvas.size, PixelSize(width: 640, height: 480), "the screen's size")
        let size = PixelSize(width: 320, height: 240)

        presenter.prepareToDraw()
        SolidFill.store(0xFFFF_0000, in: presenter.canvas.bounds, on: presenter.canvas)
        presenter.present(damage: nil, window: size)
        presenter.prepareToDraw()
        XCTAssertEqual(pixelOnScreen(100, 100), 0xFF_0000)

        // Blue everywhere in the canvas, but only a square of it presented.
        SolidFill.store(0xFF00_00FF, in: presenter.canvas.bounds, on: presenter.canvas)
        presenter.present(damage: [PixelRect(x0: 10, y0: 10, x1: 30, y1: 30)], window: size)
        presenter.prepareToDraw()
        XCTAssertEqual(pixelOnScreen(20, 20), 0x00_00FF, "the damage")
        XCTAssertEqual(pixelOnScreen(100, 100), 0xFF_0000, "outside it, the last frame")
    }

    func testAWindowGrownPastTheImageGetsANewCanvasAndOneWithinKeepsIt() throws {
        try openWindow()
        let presenter = try XCTUnwrap(
            XDisplayString(display).flatMap { X11ShmPresenter(displayName: $0, window: window) })
        defer { presenter.destroy() }
        let first = presenter.canvas.pixels
        var asked = 0
        XCTAssertFalse(
            presenter.fit(
                window: PixelSize(width: 600, height: 400), canvas: { PixelSize(width: 0, height: 0) },
                switching: { _ in
                    asked += 1
                    return true
                }))
        XCTAssertEqual(asked, 0, "600×400 fits the 640×480 image")
        XCTAssertEqual(presenter.canvas.pixels, first)

        let grown = PixelSize(width: 800, height: 600)
        XCTAssertFalse(
            presenter.fit(window: grown, canvas: { presenter.canvasSize(forWindow: grown) }, switching: { _ in false }),
            "refused by whatever draws: the old canvas stays")
        XCTAssertEqual(presenter.canvas.pixels, first)
        var handed: PixelCanvas?
        XCTAssertTrue(
            presenter.fit(
                window: grown, canvas: { presenter.canvasSize(forWindow: grown) },
                switching: { canvas in
                    handed = canvas
                    return true
                }))
        XCTAssertEqual(presenter.canvas.size, grown)
        XCTAssertEqual(handed?.pixels, presenter.canvas.pixels)
        XMoveResizeWindow(display, window, 0, 0, 800, 600)
        XSync(display, 0)
        SolidFill.store(0xFF00_FF00, in: presenter.canvas.bounds, on: presenter.canvas)
        presenter.present(damage: nil, window: grown)
        presenter.prepareToDraw()
        XCTAssertEqual(pixelOnScreen(620, 460), 0x00_FF00, "presented from the new canvas")
    }

    func testOnlyA24BitVisualWithSDLsMasksIsDrawnIntoDirectly() {
        func visual(_ red: UInt, _ green: UInt, _ blue: UInt, class kind: Int32 = TrueColor) -> Visual {
            Visual(
                ext_data: nil, visualid: 0, class: kind, red_mask: red, green_mask: green, blue_mask: blue,
                bits_per_rgb: 8, map_entries: 256)
        }
        XCTAssertTrue(X11ShmPresenter.isARGB8888(visual: visual(0xFF_0000, 0xFF00, 0xFF), depth: 24))
        XCTAssertFalse(X11ShmPresenter.isARGB8888(visual: visual(0xFF, 0xFF00, 0xFF_0000), depth: 24), "BGR")
        XCTAssertFalse(X11ShmPresenter.isARGB8888(visual: visual(0xF800, 0x7E0, 0x1F), depth: 16), "RGB565")
        XCTAssertFalse(
            X11ShmPresenter.isARGB8888(visual: visual(0xFF_0000, 0xFF00, 0xFF), depth: 32), "an ARGB visual")
        XCTAssertTrue(
            X11ShmPresenter.isARGB8888(visual: visual(0xFF_0000, 0xFF00, 0xFF, class: DirectColor), depth: 24),
            "SDL's windows take DirectColor where there is one, with an identity colormap")
        XCTAssertFalse(
            X11ShmPresenter.isARGB8888(visual: visual(0xFF_0000, 0xFF00, 0xFF, class: PseudoColor), depth: 24))
    }

    func testTheImageIsTheScreensSizeOrTheWindowsWhereLarger() {
        let screen = PixelSize(width: 1920, height: 1080)
        XCTAssertEqual(X11ShmPresenter.imageSize(screen: screen, window: PixelSize(width: 800, height: 600)), screen)
        XCTAssertEqual(
            X11ShmPresenter.imageSize(screen: screen, window: PixelSize(width: 2560, height: 900)),
            PixelSize(width: 2560, height: 1080))
        XCTAssertEqual(
            X11ShmPresenter.imageSize(screen: PixelSize(width: 0, height: 0), window: PixelSize(width: 0, height: 0)),
            PixelSize(width: 1, height: 1))
    }

    /// The window's pixel at (`x`, `y`) as the X server shows it, 0xRRGGBB; nil when it is off screen.
    private func pixelOnScreen(_ x: Int, _ y: Int) -> UInt32? {
        XSync(display, 0)
        guard let image = XGetImage(display, window, Int32(x), Int32(y), 1, 1, XAllPlanes(), ZPixmap) else {
            return nil
        }
        defer { tessera_destroy_image(image) }
        return image.pointee.data.withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee } & 0xFF_FFFF
    }
}
