import CSDL2
import Foundation
import XCTest

/// Screenshot comparison in the manner of LVGL's tests: a reference PNG per case, a per-channel
/// tolerance, and on mismatch a `<name>_err.png` beside the actual image so a person can look.
/// `TESSERA_RECORD=1` rewrites the references from the current output instead.
enum ImageComparison {
    struct Pixels {
        var width: Int
        var height: Int
        /// ARGB8888, row-major.
        var argb: [UInt32]
    }

    static func load(_ path: String) throws -> Pixels {
        guard let loaded = IMG_Load(path) else {
            throw ComparisonError("cannot load \(path): \(String(cString: SDL_GetError()))")
        }
        defer { SDL_FreeSurface(loaded) }
        guard let surface = SDL_ConvertSurfaceFormat(loaded, UInt32(SDL_PIXELFORMAT_ARGB8888.rawValue), 0) else {
            throw ComparisonError("cannot convert \(path)")
        }
        defer { SDL_FreeSurface(surface) }
        let w = Int(surface.pointee.w)
        let h = Int(surface.pointee.h)
        let pitch = Int(surface.pointee.pitch)
        var argb = [UInt32](repeating: 0, count: w * h)
        let base = surface.pointee.pixels!.assumingMemoryBound(to: UInt8.self)
        for y in 0..<h {
            let row = UnsafeRawPointer(base + y * pitch).assumingMemoryBound(to: UInt32.self)
            for x in 0..<w { argb[y * w + x] = row[x] }
        }
        return Pixels(width: w, height: h, argb: argb)
    }

    struct ComparisonError: Error, CustomStringConvertible {
        var description: String
        init(_ d: String) { description = d }
    }

    /// Fraction of pixels whose largest channel difference exceeds `tolerance` (0–255).
    static func mismatch(_ a: Pixels, _ b: Pixels, tolerance: Int) -> Double {
        guard a.width == b.width, a.height == b.height else { return 1 }
        var bad = 0
        for i in 0..<a.argb.count {
            let p = a.argb[i]
            let q = b.argb[i]
            var worst = 0
            for shift in stride(from: 0, to: 24, by: 8) {
                worst = max(worst, abs(Int((p >> UInt32(shift)) & 0xFF) - Int((q >> UInt32(shift)) & 0xFF)))
            }
            if worst > tolerance { bad += 1 }
        }
        return Double(bad) / Double(a.argb.count)
    }

    /// Compares `actual` (a PNG just rendered) with `References/<name>.png`.
    static func assertMatches(
        _ actual: URL, reference name: String, tolerance: Int = 24, maxMismatch: Double = 0.005,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "References")
        let reference = references.appendingPathComponent("\(name).png")
        if ProcessInfo.processInfo.environment["TESSERA_RECORD"] == "1" {
            try? FileManager.default.removeItem(at: reference)
            try FileManager.default.copyItem(at: actual, to: reference)
            return
        }
        let expected = try load(reference.path)
        let got = try load(actual.path)
        let fraction = mismatch(expected, got, tolerance: tolerance)
        if fraction > maxMismatch {
            let err = references.appendingPathComponent("\(name)_err.png")
            try? FileManager.default.removeItem(at: err)
            try? FileManager.default.copyItem(at: actual, to: err)
            XCTFail(
                "\(name): \(String(format: "%.3f", fraction * 100)) % of pixels differ by more than \(tolerance); see \(err.path)",
                file: file, line: line)
        }
    }
}
