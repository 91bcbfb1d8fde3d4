import Foundation
import TesseraImageIO
import TesseraSDL

/// One camera-sized photo decoded for a `large` (256 px) thumbnail, as the picker's tiles ask, through
/// the whole `PhotoDecoder` path (reading the file, the header, the decode, the mip levels) twice:
/// with Tessera's hand-written decoders (a JPEG from its DC coefficients at 1/8, an RGBA PNG inflated
/// by libdeflate and box-shrunk as its rows are unfiltered) and with the libraries they are kept
/// against alone (libjpeg at 1/8 with the thumbnail settings; libspng row by row, box-shrunk the same
/// way). Medians of `rounds`, in milliseconds, of files the thousand-photo folder holds, and of a
/// 3200×2400 RGBA PNG: the camera-size PNGs (4000×3000) are past what `PNGDecoder` inflates whole, so
/// both ways are libspng's for them, and the hand-written decoder's margin is the smaller one's. What
/// the docs/USING.md's "Which parsers are hand-written, and why" margins are.
struct ThumbnailDecodeBenchmark {
    var rounds = 9

    struct Result: Codable {
        var jpeg: String
        var jpegMs: Double
        var jpegLibjpegMs: Double
        var png: String
        var pngMs: Double
        var pngLibspngMs: Double
        var smallPng: String
        var smallPngMs: Double
        var smallPngLibspngMs: Double
    }

    func run(jpeg: String, png: String, smallPng: String) throws -> Result {
        func median(_ path: String, handWritten: Bool) throws -> Double {
            var times: [Double] = []
            for _ in 0..<rounds {
                times.append(
                    try Stopwatch.seconds {
                        guard PhotoDecoder.decodeAndDiscard(path: path, maxDimension: 256, handWritten: handWritten)
                        else { throw BenchError("cannot decode \(path)") }
                    } * 1000)
            }
            return times.median
        }
        func size(_ path: String) -> String {
            let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            return "\(URL(fileURLWithPath: path).lastPathComponent), \(String(format: "%.1f", Double(bytes) / 1e6)) MB"
        }
        return Result(
            jpeg: size(jpeg), jpegMs: try median(jpeg, handWritten: true),
            jpegLibjpegMs: try median(jpeg, handWritten: false), png: size(png),
            pngMs: try median(png, handWritten: true), pngLibspngMs: try median(png, handWritten: false),
            smallPng: size(smallPng), smallPngMs: try median(smallPng, handWritten: true),
            smallPngLibspngMs: try median(smallPng, handWritten: false))
    }
}
