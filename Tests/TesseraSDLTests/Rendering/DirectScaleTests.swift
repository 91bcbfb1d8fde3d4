import CSDL2
import TesseraRaster
import XCTest

@testable import TesseraSDL

/// `DirectScale`: a photo changing size, scaled straight into the frame's pixels, bit for bit what
/// SDL's own scaler writes, and only inside its clip.
final class DirectScaleTests: XCTestCase {
    private let sentinel: UInt32 = 0xFF12_3456
    /// The software renderer the levels belong to, as a photo's belong to the frame's.
    private var textures: OffscreenCanvas!

    override func setUpWithError() throws {
        try XCTSkipUnless(DirectScale.isAvailable, "this CPU has no AVX2: SDL scales every photo")
        textures = try OffscreenCanvas(width: 1, height: 1)
    }

    func testWritesWhatSDLsScalerWritesForTheWholeRectangleCutOnlyByTheClip() throws {
        let canvas = try OffscreenCanvas(width: 320, height: 240)
        let (source, texture) = try noise(width: 96, height: 64, access: SDL_TEXTUREACCESS_STREAMING)
        defer {
            SDL_FreeSurface(source)
            SDL_DestroyTexture(texture)
        }
        let level = MipLevel(texture: texture, width: 96, height: 64)
        let cases: [(source: IntRect, destination: PixelRect, clip: PixelRect)] = [
            // Reduced, enlarged, both at once, from a corner of the level, a single texel.
            (IntRect(x: 10, y: 0, w: 70, h: 64), PixelRect(x0: 20, y0: 30, x1: 71, y1: 77), whole),
            (IntRect(x: 0, y: 0, w: 96, h: 64), PixelRect(x0: 5, y0: 7, x1: 301, y1: 201), whole),
            (IntRect(x: 3, y: 5, w: 40, h: 50), PixelRect(x0: 100, y0: 10, x1: 113, y1: 230), whole),
            (IntRect(x: 95, y: 63, w: 1, h: 1), PixelRect(x0: 1, y0: 1, x1: 9, y1: 5), whole),
            // Cut by a clip, and reaching past the frame's edges.
            (IntRect(x: 10, y: 0, w: 70, h: 64), PixelRect(x0: 20, y0: 30, x1: 171, y1: 137), clipped),
            (IntRect(x: 0, y: 0, w: 96, h: 64), PixelRect(x0: -40, y0: -25, x1: 360, y1: 260), whole),
        ]
        for (index, c) in cases.enumerated() {
            fill(canvas.surface, with: sentinel)
            XCTAssertTrue(
                DirectScale.draw(
                    level: level, source: c.source, destination: c.destination, clip: c.clip, into: canvas.surface),
                "case \(index)")
            let expected = try reference(source, c.source, width: c.destination.width, height: c.destination.height)
            defer { SDL_FreeSurface(expected) }
            let written = c.clip.intersection(c.destination).intersection(PixelRect(x0: 0, y0: 0, x1: 320, y1: 240))
            var wrong = 0
            for y in 0..<240 {
                for x in 0..<320 {
                    let inside = (written.x0..<written.x1).contains(x) && (written.y0..<written.y1).contains(y)
                    let want =
                        inside ? pixel(expected, x - c.destination.x0, y - c.destination.y0) : sentinel
                    if pixel(canvas.surface, x, y) != want { wrong += 1 }
                }
            }
            XCTAssertEqual(wrong, 0, "case \(index): pixels unlike SDL's scaler or outside the clip")
        }
    }

    func testLeavesAStaticTextureOrAnotherFormatToSDL() throws {
        let canvas = try OffscreenCanvas(width: 64, height: 64)
        let (staticSource, staticTexture) = try noise(width: 16, height: 16, access: SDL_TEXTUREACCESS_STATIC)
        let (otherSource, otherTexture) = try noise(
            width: 16, height: 16, access: SDL_TEXTUREACCESS_STREAMING, format: SDL_PIXELFORMAT_XBGR8888)
        defer {
            SDL_FreeSurface(staticSource)
            SDL_FreeSurface(otherSource)
            SDL_DestroyTexture(staticTexture)
            SDL_DestroyTexture(otherTexture)
        }
        fill(canvas.surface, with: sentinel)
        for texture in [staticTexture, otherTexture] {
            XCTAssertFalse(
                DirectScale.draw(
                    level: MipLevel(texture: texture, width: 16, height: 16), source: IntRect(x: 0, y: 0, w: 16, h: 16),
                    destination: PixelRect(x0: 0, y0: 0, x1: 40, y1: 40), clip: whole, into: canvas.surface))
        }
        XCTAssertEqual(pixel(canvas.surface, 10, 10), sentinel, "nothing written")
    }

    // MARK: Fixtures

    private let whole = PixelRect(x0: 0, y0: 0, x1: 320, y1: 240)
    private let clipped = PixelRect(x0: 50, y0: 40, x1: 140, y1: 120)

    /// A surface of noise and a texture of the same pixels in the canvas renderer's world.
    private func noise(
        width: Int, height: Int, access: SDL_TextureAccess, format: SDL_PixelFormatEnum = SDL_PIXELFORMAT_ARGB8888
    ) throws -> (UnsafeMutablePointer<SDL_Surface>, OpaquePointer) {
        let surface = try XCTUnwrap(
            SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, format.rawValue))
        var state: UInt32 = 7
        for y in 0..<height {
            let row = (surface.pointee.pixels + y * Int(surface.pointee.pitch)).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                state = state &* 1_664_525 &+ 1_013_904_223
                row[x] = 0xFF00_0000 | state >> 8
            }
        }
        let texture = try XCTUnwrap(
            SDL_CreateTexture(
                textures.renderer, format.rawValue, Int32(access.rawValue), Int32(width), Int32(height)))
        XCTAssertEqual(SDL_UpdateTexture(texture, nil, surface.pointee.pixels, surface.pointee.pitch), 0)
        return (surface, texture)
    }

    /// SDL's own linear scale of `rect` of `source` to `width`×`height`.
    private func reference(_ source: UnsafeMutablePointer<SDL_Surface>, _ rect: IntRect, width: Int, height: Int) throws
        -> UnsafeMutablePointer<SDL_Surface>
    {
        let out = try XCTUnwrap(
            SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, source.pointee.format.pointee.format))
        var from = SDL_Rect(x: Int32(rect.x), y: Int32(rect.y), w: Int32(rect.w), h: Int32(rect.h))
        XCTAssertEqual(SDL_SoftStretchLinear(source, &from, out, nil), 0, String(cString: SDL_GetError()))
        return out
    }

    private func fill(_ surface: UnsafeMutablePointer<SDL_Surface>, with value: UInt32) {
        XCTAssertEqual(SDL_FillRect(surface, nil, value), 0)
    }

    private func pixel(_ surface: UnsafeMutablePointer<SDL_Surface>, _ x: Int, _ y: Int) -> UInt32 {
        (surface.pointee.pixels + y * Int(surface.pointee.pitch)).assumingMemoryBound(to: UInt32.self)[x]
    }
}
