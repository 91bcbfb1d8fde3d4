import CSDL2
import Foundation
import TesseraCore

/// The TrueType fonts text is drawn with, one file per `TextStyle.Weight`, opened lazily per PIXEL
/// size (`TTF_OpenFont`'s size is in points at 72 dpi, i.e. pixels; callers pass
/// points × pixelsPerPoint, rounded, so HiDPI text is rasterised at full resolution).
///
/// Defaults are DejaVu Sans and DejaVu Sans Bold from Debian's fonts-dejavu-core, the only fonts the
/// project relies on. Missing or unreadable font files fail at init, naming the path, rather than
/// at the first label.
package final class FontSet {
    static let defaultDirectory = "/usr/share/fonts/truetype/dejavu"
    static let defaultRegularPath = defaultDirectory + "/DejaVuSans.ttf"
    static let defaultBoldPath = defaultDirectory + "/DejaVuSans-Bold.ttf"

    package enum Error: Swift.Error, Equatable, CustomStringConvertible {
        /// No file at `path`.
        case missingFont(path: String)
        /// The file exists but SDL_ttf cannot open it (`reason` is SDL's message).
        case unreadableFont(path: String, reason: String)

        package var description: String {
            switch self {
            case .missingFont(let path): "font not found: \(path) (install fonts-dejavu-core or pass another path)"
            case .unreadableFont(let path, let reason): "cannot open font \(path): \(reason)"
            }
        }
    }

    let regularPath: String
    let boldPath: String

    private struct Key: Hashable {
        var weight: TextStyle.Weight
        var pixelSize: Int
    }
    private var fonts: [Key: OpaquePointer] = [:]

    /// - Parameters: paths of the regular and bold TTF files. Throws `FontSet.Error` naming the path.
    package init(regularPath: String = FontSet.defaultRegularPath, boldPath: String = FontSet.defaultBoldPath) throws {
        SDLLibraries.initialize()
        self.regularPath = regularPath
        self.boldPath = boldPath
        for path in [regularPath, boldPath] {
            guard FileManager.default.fileExists(atPath: path) else { throw Error.missingFont(path: path) }
            // Open once to prove the file is a usable font; the real sizes open on demand.
            guard let probe = TTF_OpenFont(path, 12) else { throw Error.unreadableFont(path: path, reason: sdlError()) }
            TTF_CloseFont(probe)
        }
    }

    deinit {
        for font in fonts.values { TTF_CloseFont(font) }
    }

    package func path(for weight: TextStyle.Weight) -> String {
        switch weight {
        case .regular: regularPath
        case .bold: boldPath
        }
    }

    /// The `TTF_Font*` for `weight` at `pixelSize` pixels (clamped to 1…1000), opened on first use
    /// and kept; nil only if SDL_ttf fails on a file that opened at init.
    func font(weight: TextStyle.Weight, pixelSize: Int) -> OpaquePointer? {
        let key = Key(weight: weight, pixelSize: max(1, min(1000, pixelSize)))
        if let font = fonts[key] { return font }
        guard let font = TTF_OpenFont(path(for: weight), Int32(key.pixelSize)) else {
            warn("cannot open font \(path(for: weight)) at \(key.pixelSize) px: \(sdlError())")
            return nil
        }
        fonts[key] = font
        return font
    }

    /// Font size in pixels for a style at a given pixels-per-point: rounded, at least 1.
    package static func pixelSize(of style: TextStyle, pixelsPerPoint: Double) -> Int {
        let v = style.size * pixelsPerPoint
        guard v.isFinite else { return 1 }
        return max(1, min(1000, Int(v.rounded())))
    }
}
