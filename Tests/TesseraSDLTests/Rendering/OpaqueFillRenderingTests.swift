import CSDL2
import TesseraGeometry
import XCTest

@testable import TesseraSDL

/// `OpaqueFill`: one-texel textures stretched over rectangles, in place of SDL's fill.
final class OpaqueFillRenderingTests: XCTestCase {
    private let background = Color(255, 255, 255)

    /// A 64×48 white canvas with `rects` filled in `color` by `OpaqueFill`, under `clip` (pixels).
    private func fill(_ rects: [SDL_FRect], color: Color, clip: SDL_Rect? = nil) throws -> Pixels {
        let canvas = try OffscreenCanvas(width: 64, height: 48)
        SDL_SetRenderDrawColor(canvas.renderer, background.r, background.g, background.b, 255)
        SDL_RenderClear(canvas.renderer)
        if var clip { SDL_RenderSetClipRect(canvas.renderer, &clip) }
        let fill = try XCTUnwrap(OpaqueFill(renderer: canvas.renderer))
        XCTAssertTrue(rects.withUnsafeBufferPointer { fill.fill($0, color: color) })
        SDL_RenderFlush(canvas.renderer)
        return try Pixels(canvas)
    }

    /// Every pixel inside one of `rects` is `inside`, every other `outside`.
    private func assertExactly(
        _ p: Pixels, _ rects: [SDL_FRect], inside: Color, outside: Color, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        for y in 0..<p.height {
            for x in 0..<p.width {
                let covered = rects.contains {
                    Float(x) >= $0.x && Float(x) < $0.x + $0.w && Float(y) >= $0.y && Float(y) < $0.y + $0.h
                }
                let expected = covered ? inside.argb : outside.argb
                if p[x, y] != expected {
                    XCTFail("\(x),\(y) = \(Pixels.hex(p[x, y])), not \(Pixels.hex(expected))", file: file, line: line)
                    return
                }
            }
        }
    }

    func testFillsEachRectangleToItsEdgesAndNothingElse() throws {
        let rects = [
            SDL_FRect(x: 3, y: 5, w: 17, h: 9),
            SDL_FRect(x: 30, y: 0, w: 1, h: 1),
            SDL_FRect(x: 40, y: 2, w: 1, h: 30),
            SDL_FRect(x: 0, y: 40, w: 64, h: 1),
            SDL_FRect(x: 50, y: 30, w: 14, h: 18),
        ]
        let color = Color(12, 34, 56)
        assertExactly(try fill(rects, color: color), rects, inside: color, outside: background)
    }

    func testARectangleAlongTheClipsEdgeIsDrawnWhole() throws {
        // The clip is what the caller cut the rectangle to: SDL must not move a one-texel source.
        let rect = SDL_FRect(x: 10, y: 10, w: 21, h: 7)
        let p = try fill([rect], color: Color(0, 0, 0), clip: SDL_Rect(x: 10, y: 10, w: 21, h: 7))
        assertExactly(p, [rect], inside: Color(0, 0, 0), outside: background)
    }

    func testAlphaIsIgnoredAndEmptyRectanglesDrawNothing() throws {
        let rects = [SDL_FRect(x: 4, y: 4, w: 8, h: 8), SDL_FRect(x: 20, y: 20, w: 0, h: 5)]
        let p = try fill(rects, color: Color(200, 10, 10, 40))
        assertExactly(p, [rects[0]], inside: Color(200, 10, 10), outside: background)
    }

    func testMoreColoursThanItKeepsStillFillEachRight() throws {
        let canvas = try OffscreenCanvas(width: 64, height: 48)
        let fill = try XCTUnwrap(OpaqueFill(renderer: canvas.renderer))
        let count = OpaqueFill.capacity * 2 + 3
        for i in 0..<count {
            var rect = SDL_FRect(x: Float(i % 64), y: Float(i / 64), w: 1, h: 1)
            let color = Color(UInt8(i), UInt8(255 - i), 7)
            XCTAssertTrue(
                withUnsafePointer(to: &rect) { fill.fill(UnsafeBufferPointer(start: $0, count: 1), color: color) })
        }
        SDL_RenderFlush(canvas.renderer)
        let p = try Pixels(canvas)
        for i in 0..<count { XCTAssertEqual(p[i % 64, i / 64], Color(UInt8(i), UInt8(255 - i), 7).argb, "colour \(i)") }
    }

    /// In a window (whose rows start on cache lines) a rectangle's whole lines go to SDL's fill and its
    /// edges to stores in place: together exactly the rectangle, whatever its alignment.
    func testInAWindowEveryRectangleIsFilledExactlyWhateverItsAlignment() throws {
        SDLLibraries.initialize()
        guard SDL_InitSubSystem(SDL_INIT_VIDEO) == 0 else { throw XCTSkip("no video: \(sdlError())") }
        guard let window = SDL_CreateWindow("tessera-test", 0, 0, 320, 64, SDL_WINDOW_HIDDEN.rawValue) else {
            throw XCTSkip("no window: \(sdlError())")
        }
        defer { SDL_DestroyWindow(window) }
        let renderer = try XCTUnwrap(SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue))
        defer { SDL_DestroyRenderer(renderer) }
        SDL_SetRenderDrawColor(renderer, background.r, background.g, background.b, 255)
        SDL_RenderClear(renderer)
        let fill = try XCTUnwrap(OpaqueFill(renderer: renderer))
        let surface = try XCTUnwrap(SDL_GetWindowSurface(window))
        let base = Int(bitPattern: surface.pointee.pixels)
        XCTAssertEqual(
            fill.targetRowsStartOnLines(), base % 64 == 0 && surface.pointee.pitch % 64 == 0,
            "the lines are used exactly when the rows start on them")
        let rects = [
            SDL_FRect(x: 3, y: 1, w: 100, h: 9),  // ragged both sides
            SDL_FRect(x: 128, y: 2, w: 64, h: 5),  // whole lines only
            SDL_FRect(x: 200, y: 12, w: 20, h: 30),  // no whole line
            SDL_FRect(x: 17, y: 20, w: 47, h: 40),  // ends on a line
            SDL_FRect(x: 250, y: 40, w: 70, h: 24),  // to the window's edge
        ]
        let color = Color(12, 34, 56)
        XCTAssertTrue(rects.withUnsafeBufferPointer { fill.fill($0, color: color) })
        var values = [UInt32](repeating: 0, count: 320 * 64)
        XCTAssertEqual(
            SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, &values, 320 * 4), 0)
        let pixels = Pixels(width: 320, height: 64, values: values.map { $0 | 0xFF00_0000 })
        assertExactly(pixels, rects, inside: color, outside: background)
    }

    /// A presenter's own surface (`Presenter.drawingSurface`: the MIT-SHM image, the Wayland canvas),
    /// which SDL cannot be asked for, gets the lines when it is named and its rows start on them.
    func testAPresentersOwnSurfaceGetsTheLinesWhenNamed() throws {
        let frame = try PresenterFrame(width: 320, height: 64)
        defer { withExtendedLifetime(frame) {} }
        let (memory, pitch, surface, renderer) = (frame.memory, frame.pitch, frame.surface, frame.renderer)
        XCTAssertFalse(try XCTUnwrap(OpaqueFill(renderer: renderer)).targetRowsStartOnLines(), "not named")
        let fill = try XCTUnwrap(OpaqueFill(renderer: renderer, output: surface))
        XCTAssertTrue(fill.targetRowsStartOnLines())
        let rect = [SDL_FRect(x: 3, y: 1, w: 100, h: 9)]
        XCTAssertTrue(rect.withUnsafeBufferPointer { fill.fill($0, color: Color(12, 34, 56)) })
        SDL_RenderFlush(renderer)
        let row = memory.advanced(by: pitch * 5).assumingMemoryBound(to: UInt32.self)
        XCTAssertEqual(row[2] & 0xFF_FFFF, 0, "left of the rectangle")
        XCTAssertEqual(row[3] & 0xFF_FFFF, 0x0C_2238, "its ragged left edge")
        XCTAssertEqual(row[50] & 0xFF_FFFF, 0x0C_2238, "its whole lines")
        XCTAssertEqual(row[102] & 0xFF_FFFF, 0x0C_2238, "its ragged right edge")
        XCTAssertEqual(row[103] & 0xFF_FFFF, 0, "right of it")
        // Into a texture (a render target) the rows are the texture's: no lines.
        let target = try XCTUnwrap(
            SDL_CreateTexture(
                renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_TARGET.rawValue), 64, 64))
        defer { SDL_DestroyTexture(target) }
        SDL_SetRenderTarget(renderer, target)
        XCTAssertFalse(fill.targetRowsStartOnLines())
        SDL_SetRenderTarget(renderer, nil)
    }

    /// Written in place into a presenter's surface, a fill lands after what the renderer drew before it
    /// and under what it draws after, and the clip the renderer last left on the surface (another
    /// command's) cuts nothing. (A window's renderer batches: there what is queued is flushed first,
    /// which the window test above sees.)
    func testStoresInPlaceKeepTheOrderOfDrawingAndNoStaleClip() throws {
        let frame = try PresenterFrame(width: 64, height: 48)
        defer { withExtendedLifetime(frame) {} }
        let (memory, pitch, surface, renderer) = (frame.memory, frame.pitch, frame.surface, frame.renderer)
        let fill = try XCTUnwrap(OpaqueFill(renderer: renderer, output: surface))
        // Drawn before, under a clip of the top-left corner only (left on the surface once it runs).
        var corner = SDL_Rect(x: 0, y: 0, w: 8, h: 8)
        SDL_RenderSetClipRect(renderer, &corner)
        SDL_SetRenderDrawColor(renderer, 255, 0, 0, 255)
        var before = SDL_FRect(x: 0, y: 0, w: 64, h: 48)
        SDL_RenderFillRectF(renderer, &before)
        SDL_RenderSetClipRect(renderer, nil)
        let rects = [SDL_FRect(x: 2, y: 2, w: 40, h: 20), SDL_FRect(x: 30, y: 30, w: 5, h: 10)]
        let color = Color(12, 34, 56)
        XCTAssertTrue(rects.withUnsafeBufferPointer { fill.fill($0, color: color) })
        // Drawn after, over part of the first rectangle.
        SDL_SetRenderDrawColor(renderer, 0, 255, 0, 255)
        var after = SDL_FRect(x: 20, y: 10, w: 4, h: 4)
        SDL_RenderFillRectF(renderer, &after)
        SDL_RenderFlush(renderer)
        func pixel(_ x: Int, _ y: Int) -> UInt32 {
            memory.advanced(by: y * pitch + x * 4).assumingMemoryBound(to: UInt32.self).pointee & 0xFF_FFFF
        }
        XCTAssertEqual(pixel(1, 1), 0xFF_0000, "what was drawn before, outside the fill")
        XCTAssertEqual(pixel(3, 3), 0x0C_2238, "the fill over what was drawn before")
        XCTAssertEqual(pixel(25, 18), 0x0C_2238, "its whole lines, past the clip last left on the surface")
        XCTAssertEqual(pixel(39, 21), 0x0C_2238, "its ragged edge")
        XCTAssertEqual(pixel(32, 35), 0x0C_2238, "the narrow rectangle")
        XCTAssertEqual(pixel(21, 11), 0x00_FF00, "what was drawn after, over the fill")
        XCTAssertEqual(pixel(50, 40), 0, "nothing else")
    }
}

/// A frame in memory of its own, as a presenter's is (page- and line-aligned, cleared), with SDL's
/// software renderer drawing into it.
private final class PresenterFrame {
    let memory: UnsafeMutableRawPointer
    let pitch: Int
    let surface: UnsafeMutablePointer<SDL_Surface>
    let renderer: OpaquePointer

    init(width: Int, height: Int) throws {
        pitch = width * 4
        memory = try XCTUnwrap(aligned_alloc(64, pitch * height))
        memset(memory, 0, pitch * height)
        guard
            let surface = SDL_CreateRGBSurfaceWithFormatFrom(
                memory, Int32(width), Int32(height), 32, Int32(pitch), SDL_PIXELFORMAT_ARGB8888.rawValue)
        else {
            free(memory)
            throw Failed(what: "SDL_CreateRGBSurfaceWithFormatFrom: \(sdlError())")
        }
        guard let renderer = SDL_CreateSoftwareRenderer(surface) else {
            SDL_FreeSurface(surface)
            free(memory)
            throw Failed(what: "SDL_CreateSoftwareRenderer: \(sdlError())")
        }
        self.surface = surface
        self.renderer = renderer
    }

    deinit {
        SDL_DestroyRenderer(renderer)
        SDL_FreeSurface(surface)
        free(memory)
    }

    struct Failed: Error {
        let what: String
    }
}
