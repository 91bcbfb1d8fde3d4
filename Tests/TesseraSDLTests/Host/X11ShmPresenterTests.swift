import CSDL2
import CX11
import TesseraRaster
import TesseraTestSupport
import XCTest

@testable import TesseraSDL

/// The MIT-SHM presenter (`X11ShmPresenter`, through SDL's renderer over its canvas:
/// `SoftwareCanvasPresenter.x11`) in a real X server (Xvfb): the window shows what was drawn, a present
/// sends only its damage, and a window grown past the image gets a new one. The window is read back through
/// a connection of the test's own, after the presenter has heard that the server is done.
final class X11ShmPresenterTests: XCTestCase {
    private var server: XvfbServer!
    private var reader: OpaquePointer!
    private var window: OpaquePointer!
    private var drawable: Window = 0
    private var previousDriver: String?
    private var previousDisplay: String?
    private var previousHandler: XErrorHandler?

    override func setUpWithError() throws {
        SDLLibraries.initialize()
        // `make test` runs SDL's dummy driver; these tests need X11's, and give the old one back after.
        previousDriver = SDL_GetCurrentVideoDriver().map { String(cString: $0) }
        previousDisplay = ProcessInfo.processInfo.environment["DISPLAY"]
    }

    /// Starts a 640×480 Xvfb with `arguments`, SDL's X11 video on it, and a 320×240 window.
    private func openWindow(serverArguments arguments: [String] = []) throws {
        guard let server = try XvfbServer(width: 640, height: 480, arguments: arguments) else {
            throw XCTSkip("Xvfb is not installed")
        }
        self.server = server
        setenv("DISPLAY", server.name, 1)
        var started = false
        for _ in 0..<50 where !started {
            started = SDL_VideoInit("x11") == 0
            if !started { usleep(100_000) }
        }
        guard started, let reader = XOpenDisplay(server.name) else {
            throw XCTSkip("X11 did not start on \(server.name): \(String(cString: SDL_GetError()))")
        }
        self.reader = reader
        // A read of a pixel off the screen is an error, which Xlib's default handler would end the test
        // run for; here it is a nil image.
        previousHandler = XSetErrorHandler { _, _ in 0 }
        window = SDL_CreateWindow("tessera-test", 0, 0, 320, 240, SDL_WINDOW_SHOWN.rawValue)
        drawable = try XCTUnwrap(SDLWindow.systemInfo(of: XCTUnwrap(window), SDL_SYSWM_X11)).info.x11.window
    }

    override func tearDown() {
        if let window { SDL_DestroyWindow(window) }
        if let reader {
            XCloseDisplay(reader)
            XSetErrorHandler(previousHandler)
        }
        SDL_VideoQuit()
        if let previousDisplay { setenv("DISPLAY", previousDisplay, 1) } else { unsetenv("DISPLAY") }
        if let previousDriver { SDL_VideoInit(previousDriver) }
        // XCTest keeps test cases until the run ends: stop this one's server now.
        server = nil
    }

    func testTheWindowShowsWhatWasDrawnAndAPresentSendsOnlyItsDamage() throws {
        try openWindow()
        let presenter = try XCTUnwrap(SoftwareCanvasPresenter.x11(window: window), "Xvfb's 24-bit TrueColor visual")
        defer { presenter.destroy() }
        XCTAssertEqual(presenter.name, "software (MIT-SHM)")
        XCTAssertTrue(presenter.outputSize == (320, 240), "\(presenter.outputSize)")

        fill(presenter, red: 255, green: 0, blue: 0)
        presenter.present(damage: nil)
        presenter.prepareToDraw()
        XCTAssertEqual(pixelOnScreen(100, 100), 0xFF_0000, "the whole frame")
        XCTAssertEqual(pixelOnScreen(319, 239), 0xFF_0000, "to the last pixel")

        // Blue drawn everywhere, but only a rectangle of it presented: the rest stays red on screen.
        fill(presenter, red: 0, green: 0, blue: 255)
        presenter.present(damage: [PixelRect(x0: 10, y0: 20, x1: 40, y1: 60)])
        presenter.prepareToDraw()
        XCTAssertEqual(pixelOnScreen(10, 20), 0x00_00FF)
        XCTAssertEqual(pixelOnScreen(39, 59), 0x00_00FF)
        XCTAssertEqual(pixelOnScreen(40, 60), 0xFF_0000, "outside the damage")
        XCTAssertEqual(pixelOnScreen(100, 100), 0xFF_0000, "outside the damage")

        // Frames in a row, each presented without waiting: every one's damage arrives, the last on top.
        for frame in 0..<20 {
            presenter.prepareToDraw()
            fill(presenter, red: 0, green: UInt8(frame * 10), blue: 0)
            presenter.present(damage: [
                PixelRect(x0: frame * 10, y0: 100, x1: frame * 10 + 10, y1: 110),
                PixelRect(x0: 0, y0: 200, x1: 320, y1: 210),
            ])
        }
        presenter.prepareToDraw()
        for frame in 0..<20 {
            XCTAssertEqual(pixelOnScreen(frame * 10 + 5, 105), UInt32(frame * 10) << 8, "frame \(frame)'s square")
        }
        XCTAssertEqual(pixelOnScreen(160, 205), UInt32(190) << 8, "the last frame's band")
    }

    func testAWindowGrownPastTheImageGetsANewOneAndShrinkingKeepsIt() throws {
        try openWindow()
        let presenter = try XCTUnwrap(SoftwareCanvasPresenter.x11(window: window))
        defer { presenter.destroy() }
        fill(presenter, red: 255, green: 0, blue: 0)
        presenter.present(damage: nil)

        // The image is the screen's size: a window within it keeps the renderer (and its textures).
        SDL_SetWindowSize(window, 600, 400)
        let kept = presenter.renderer
        var released = false
        XCTAssertFalse(presenter.windowResized { released = true }, "600×400 fits the 640×480 image")
        XCTAssertFalse(released)
        XCTAssertEqual(presenter.renderer, kept)
        XCTAssertTrue(presenter.outputSize == (600, 400), "\(presenter.outputSize)")

        SDL_SetWindowSize(window, 800, 600)
        // The textures go while the old renderer lives: one made on it is freed in the call.
        let texture = SDL_CreateTexture(
            presenter.renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STATIC.rawValue), 4, 4)
        XCTAssertTrue(
            presenter.windowResized {
                SDL_DestroyTexture(texture)
                released = true
            },
            "800×600 is past the screen's 640×480")
        XCTAssertTrue(released, "the caches were told first")
        XCTAssertTrue(presenter.outputSize == (800, 600), "\(presenter.outputSize)")
        fill(presenter, red: 0, green: 255, blue: 0)
        presenter.present(damage: nil)
        presenter.prepareToDraw()
        XCTAssertEqual(pixelOnScreen(620, 460), 0x00_FF00, "drawn with the new renderer")
    }

    func testAServerWithoutMITSHMGetsSDLsWindowSurface() throws {
        try openWindow(serverArguments: ["-extension", "MIT-SHM"])
        XCTAssertNil(SoftwareCanvasPresenter.x11(window: window))
        let presenter = try XCTUnwrap(
            PresentPath.make(PresentPath.plan(.software), window: window, driver: .x11), sdlError())
        defer { presenter.destroy() }
        XCTAssertEqual(presenter.name, "software (window surface)")
        fill(presenter.renderer, red: 255, green: 0, blue: 0)
        presenter.present(damage: nil)
        XCTAssertEqual(pixelOnScreen(100, 100), 0xFF_0000, "SDL's present waits for the server itself")
    }

    // MARK: Helpers

    private func fill(_ presenter: SoftwareCanvasPresenter, red: UInt8, green: UInt8, blue: UInt8) {
        fill(presenter.renderer, red: red, green: green, blue: blue)
    }

    private func fill(_ renderer: OpaquePointer, red: UInt8, green: UInt8, blue: UInt8) {
        SDL_SetRenderDrawColor(renderer, red, green, blue, 255)
        SDL_RenderClear(renderer)
    }

    /// The window's pixel at (`x`, `y`) as the X server shows it, 0xRRGGBB; nil when it is off screen.
    private func pixelOnScreen(_ x: Int, _ y: Int) -> UInt32? {
        XSync(reader, 0)
        guard let image = XGetImage(reader, drawable, Int32(x), Int32(y), 1, 1, XAllPlanes(), ZPixmap) else {
            return nil
        }
        defer { tessera_destroy_image(image) }
        return image.pointee.data.withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee } & 0xFF_FFFF
    }
}
