import CSDL2
import Foundation
import TesseraGeometry
import TesseraPhotos
import XCTest

@testable import TesseraCore
@testable import TesseraSDL

/// Shared fixtures for the rendering tests: generated images, a canvas + renderer, pixel checks.
enum RenderFixture {
    static let magenta: UInt32 = 0xFFFF_00FF
    static let red: UInt32 = 0xFFFF_0000
    static let green: UInt32 = 0xFF00_FF00
    static let blue: UInt32 = 0xFF00_00FF
    static let yellow: UInt32 = 0xFFFF_FF00
    static let cyan: UInt32 = 0xFF00_FFFF
    static let white: UInt32 = 0xFFFF_FFFF

    /// A fresh temporary folder for one test.
    static func temporaryFolder() throws -> String {
        let path = NSTemporaryDirectory() + "tessera-rendering-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Writes a width×height PNG filled by `color(x, y)` (0xAARRGGBB).
    static func writePNG(_ path: String, width: Int, height: Int, color: (Int, Int) -> UInt32) throws {
        SDLLibraries.initialize()
        let surface = try XCTUnwrap(
            SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, SDL_PIXELFORMAT_ARGB8888.rawValue))
        defer { SDL_FreeSurface(surface) }
        let pixels = try XCTUnwrap(surface.pointee.pixels)
        for y in 0..<height {
            let row = (pixels + y * Int(surface.pointee.pitch)).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width { row[x] = color(x, y) }
        }
        XCTAssertEqual(IMG_SavePNG(surface, path), 0, String(cString: SDL_GetError()))
    }

    /// The 2:1 test photo, 200×100: a magenta band (x < 50) and a cyan band (x ≥ 150) that an
    /// aspect-fill into a square must crop away, and in the middle red/green over blue/yellow
    /// quadrants that must all show, in place.
    /// An opaque PNG of noise from `seed`, so that any change in sampling shows.
    static func writeNoisePNG(_ path: String, width: Int, height: Int, seed: UInt32) throws {
        var state = seed
        try writePNG(path, width: width, height: height) { _, _ in
            state = state &* 1_664_525 &+ 1_013_904_223
            return 0xFF00_0000 | state >> 8
        }
    }

    static func bandedQuadrants(x: Int, y: Int) -> UInt32 {
        switch x {
        case ..<50: magenta
        case ..<100: y < 50 ? red : blue
        case ..<150: y < 50 ? green : yellow
        default: cyan
        }
    }

    /// A library holding `files` (id → file name) inside `folder`.
    static func library(_ folder: String, _ files: [String: String]) -> PhotoLibrary {
        PhotoLibrary(
            photos: files.sorted { $0.key < $1.key }.map { Photo(id: PhotoID($0.key), path: folder + "/" + $0.value) })
    }

    /// A canvas with a DrawListRenderer on it; `inPlace`: one that writes fills and scaled photos into
    /// the canvas's pixels itself, as in a window and a headless run (`OpaqueFill`, `DirectScale`),
    /// rather than only through SDL's renderer.
    static func renderer(width: Int, height: Int, photos: PhotoLibrary, inPlace: Bool = false) throws -> (
        OffscreenCanvas, DrawListRenderer
    ) {
        let canvas = try OffscreenCanvas(width: width, height: height)
        let fonts = try FontSet()
        return (
            canvas,
            DrawListRenderer(
                renderer: canvas.renderer, photos: photos, fonts: fonts, output: inPlace ? canvas.surface : nil)
        )
    }
}

/// Row-major ARGB pixels with a few checks.
struct Pixels {
    let width: Int
    let height: Int
    let values: [UInt32]

    init(_ canvas: OffscreenCanvas) throws {
        width = canvas.width
        height = canvas.height
        values = try canvas.readPixels()
    }

    init(width: Int, height: Int, values: [UInt32]) {
        self.width = width
        self.height = height
        self.values = values
    }

    subscript(x: Int, y: Int) -> UInt32 { values[y * width + x] }

    static func channels(_ c: UInt32) -> (a: Int, r: Int, g: Int, b: Int) {
        (Int(c >> 24 & 0xFF), Int(c >> 16 & 0xFF), Int(c >> 8 & 0xFF), Int(c & 0xFF))
    }

    /// Largest per-channel (RGB) difference.
    static func distance(_ a: UInt32, _ b: UInt32) -> Int {
        let p = channels(a)
        let q = channels(b)
        return max(abs(p.r - q.r), abs(p.g - q.g), abs(p.b - q.b))
    }

    func isClose(x: Int, y: Int, to expected: UInt32, tolerance: Int = 8) -> Bool {
        Pixels.distance(self[x, y], expected) <= tolerance
    }

    static func hex(_ c: UInt32) -> String { String(format: "%08X", c) }
}

extension Color {
    var argb: UInt32 { UInt32(a) << 24 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b) }
}
