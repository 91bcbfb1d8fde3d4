import CSDL2
import CTurboJPEG
import Foundation
import TesseraSDL

/// One camera-sized photo decoded for a `large` (256 px) thumbnail, as the picker's tiles ask: through
/// Tessera's decoders (`PhotoDecoder`: a JPEG from its DC coefficients at 1/8, an 8-bit PNG inflated by
/// libdeflate and box-shrunk as its rows are unfiltered), against the libraries they stand in for —
/// TurboJPEG's own 1/8 decode, and SDL_image's full-size PNG decode (before any shrinking). Medians of
/// `rounds`, in milliseconds, of files the thousand-photo folder holds.
struct ThumbnailDecodeBenchmark {
    var rounds = 9

    struct Result: Codable {
        var jpeg: String
        var jpegMs: Double
        var jpegTurboJPEGMs: Double
        var png: String
        var pngMs: Double
        var pngSDLImageMs: Double
    }

    func run(jpeg: String, png: String) throws -> Result {
        func median(_ body: () throws -> Void) rethrows -> Double {
            var times: [Double] = []
            for _ in 0..<rounds { times.append(try Stopwatch.seconds(body) * 1000) }
            return times.median
        }
        let ours = try median {
            guard PhotoDecoder.decodeAndDiscard(path: jpeg, maxDimension: 256) else {
                throw BenchError("cannot decode \(jpeg)")
            }
        }
        let jpegBytes = try Data(contentsOf: URL(fileURLWithPath: jpeg))
        let turbo = try median { try Self.turboEighth(jpegBytes) }
        let oursPNG = try median {
            guard PhotoDecoder.decodeAndDiscard(path: png, maxDimension: 256) else {
                throw BenchError("cannot decode \(png)")
            }
        }
        let sdl = try median {
            guard let surface = IMG_Load(png) else { throw BenchError("SDL_image cannot read \(png)") }
            SDL_FreeSurface(surface)
        }
        func size(_ path: String) -> String {
            let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            return "\(URL(fileURLWithPath: path).lastPathComponent), \(String(format: "%.1f", Double(bytes) / 1e6)) MB"
        }
        return Result(
            jpeg: size(jpeg), jpegMs: ours, jpegTurboJPEGMs: turbo, png: size(png), pngMs: oursPNG, pngSDLImageMs: sdl)
    }

    /// TurboJPEG's decode of `jpeg` at 1/8, into BGRA.
    private static func turboEighth(_ jpeg: Data) throws {
        guard let handle = tjInitDecompress() else { throw BenchError("TurboJPEG") }
        defer { tjDestroy(handle) }
        try jpeg.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self).baseAddress!
            var width: Int32 = 0
            var height: Int32 = 0
            var subsampling: Int32 = 0
            var colorspace: Int32 = 0
            guard tjDecompressHeader3(handle, bytes, UInt(raw.count), &width, &height, &subsampling, &colorspace) == 0
            else { throw BenchError("TurboJPEG cannot read the header") }
            let w = (Int(width) + 7) / 8
            let h = (Int(height) + 7) / 8
            var pixels = [UInt8](repeating: 0, count: w * h * 4)
            let rc = tjDecompress2(
                handle, bytes, UInt(raw.count), &pixels, Int32(w), Int32(w * 4), Int32(h), Int32(TJPF_BGRA.rawValue), 0)
            guard rc == 0 else { throw BenchError("TurboJPEG cannot decode") }
        }
    }
}
