import CSDL2
import Foundation
import TesseraGeometry
import TesseraPhotos
import TesseraRaster
import XCTest

@testable import TesseraCore
@testable import TesseraSDL

/// Opaque photos kept in a window's own pixel format (`OutputFormat`, `TextureFactory`): scaled
/// straight into the window's surface, with the pixels an ARGB8888 canvas gets.
final class OutputFormatRenderingTests: XCTestCase {
    private var folder: String!
    private var window: OpaquePointer?
    private var windowRenderer: OpaquePointer?

    override func setUpWithError() throws {
        folder = try RenderFixture.temporaryFolder()
        try RenderFixture.writeNoisePNG(folder + "/noise.png", width: 300, height: 220, seed: 11)
        SDLLibraries.initialize()
        guard SDL_InitSubSystem(SDL_INIT_VIDEO) == 0 else { throw XCTSkip("no video: \(sdlError())") }
        window = SDL_CreateWindow("tessera-test", 0, 0, 320, 240, SDL_WINDOW_HIDDEN.rawValue)
        guard let window else { throw XCTSkip("no window: \(sdlError())") }
        windowRenderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue)
        guard windowRenderer != nil else { throw XCTSkip("no software renderer: \(sdlError())") }
    }

    override func tearDownWithError() throws {
        if let windowRenderer { SDL_DestroyRenderer(windowRenderer) }
        if let window { SDL_DestroyWindow(window) }
        try? FileManager.default.removeItem(atPath: folder)
    }

    private var library: PhotoLibrary { RenderFixture.library(folder, ["noise": "noise.png"]) }

    func testAWindowRendererDrawsInItsSurfacesFormatAndACanvasInARGB() throws {
        let renderer = try XCTUnwrap(windowRenderer)
        let surface = try XCTUnwrap(SDL_GetWindowSurface(window))
        XCTAssertEqual(OutputFormat.of(renderer), surface.pointee.format.pointee.format)
        let canvas = try OffscreenCanvas(width: 64, height: 64)
        XCTAssertEqual(OutputFormat.of(canvas.renderer), SDL_PIXELFORMAT_ARGB8888.rawValue)
    }

    /// Scaled, rounded and faded, the photo looks the same in a window as on a canvas.
    func testAnOpaquePhotoInTheWindowsFormatGivesTheCanvasPixels() throws {
        let renderer = try XCTUnwrap(windowRenderer)
        let format = OutputFormat.of(renderer)
        let drawer = DrawListRenderer(renderer: renderer, photos: library, fonts: try FontSet())
        let (canvas, reference) = try RenderFixture.renderer(width: 320, height: 240, photos: library)
        var list = DrawList()
        list.append(.photo(id: "noise", frame: Rect(13, 17, 141, 97), radius: 12, opacity: 1, clip: nil))
        list.append(.photo(id: "noise", frame: Rect(170, 40, 120, 160), radius: 0, opacity: 0.6, clip: nil))
        for _ in 0..<3 {
            // Drawn more than once at one size: the bodies (`TileBodies`) and corners come in too.
            drawer.render(list, background: Color(30, 200, 90))
            reference.render(list, background: Color(30, 200, 90))
        }
        if format != SDL_PIXELFORMAT_ARGB8888.rawValue {
            let texture = drawer.textures.textures(for: "noise").levels[0].texture
            var textureFormat: UInt32 = 0
            SDL_QueryTexture(texture, &textureFormat, nil, nil, nil)
            XCTAssertEqual(textureFormat, format, "an opaque photo is kept in the window's format")
        }
        SDL_RenderFlush(renderer)
        var pixels = [UInt32](repeating: 0, count: 320 * 240)
        let rc = pixels.withUnsafeMutableBytes {
            SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, $0.baseAddress, 320 * 4)
        }
        XCTAssertEqual(rc, 0, sdlError())
        SDL_RenderFlush(canvas.renderer)
        let expected = try canvas.readPixels()
        // The window has no alpha of its own: colours are compared. Exact where the photo is opaque;
        // a fade blends a surface alpha instead of per-pixel alpha there (SDL's blitters), which may
        // round the other way: one level of 255 at most.
        let faded = PixelRect(x0: 170, y0: 40, x1: 290, y1: 200)
        for i in pixels.indices where pixels[i] & 0xFF_FFFF != expected[i] & 0xFF_FFFF {
            let (x, y) = (i % 320, i / 320)
            let inFade = x >= faded.x0 && x < faded.x1 && y >= faded.y0 && y < faded.y1
            let distance = Pixels.distance(pixels[i] | 0xFF00_0000, expected[i] | 0xFF00_0000)
            guard inFade && distance <= 1 else {
                return XCTFail("pixel (\(x), \(y)): \(Pixels.hex(pixels[i])) vs \(Pixels.hex(expected[i]))")
            }
        }
    }
}
