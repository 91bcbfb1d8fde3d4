import CSDL2
import Foundation
import TesseraCore
import TesseraPhotos

/// The TrueType fonts text is drawn with, one file per face (`TextStyle`'s weight and design), opened
/// lazily per PIXEL size (`TTF_OpenFont`'s size is in points at 72 dpi, i.e. pixels; callers pass
/// points × pixelsPerPoint, rounded, so HiDPI text is rasterised at full resolution).
///
/// Faces, all from Debian packages: DejaVu Sans and DejaVu Sans Bold (fonts-dejavu-core) for the
/// standard design — bold and heavy share the bold file, DejaVu has no heavier one — and Comfortaa Bold
/// (fonts-comfortaa) for `.rounded`: of the rounded faces Debian ships (Comfortaa, Quicksand), the
/// heaviest, and the closest to SF Pro Rounded Heavy that `Font.system(.title, design: .rounded)
/// .fontWeight(.heavy)` draws on iOS. Missing or unreadable font files fail at init, naming the path,
/// rather than at the first label.
///
/// Characters a face lacks (Chinese in an article's title, on a machine whose DejaVu has no CJK) are
/// drawn with a fallback face found through fontconfig (`FontFallback`).
package final class FontSet {
    static let defaultDirectory = "/usr/share/fonts/truetype/dejavu"
    static let defaultRegularPath = defaultDirectory + "/DejaVuSans.ttf"
    static let defaultBoldPath = defaultDirectory + "/DejaVuSans-Bold.ttf"
    static let defaultRoundedPath = "/usr/share/fonts/truetype/comfortaa/Comfortaa-Bold.ttf"

    package enum Error: Swift.Error, Equatable, CustomStringConvertible {
        /// No file at `path`.
        case missingFont(path: String)
        /// The file exists but SDL_ttf cannot open it (`reason` is SDL's message).
        case unreadableFont(path: String, reason: String)

        package var description: String {
            switch self {
            case .missingFont(let path):
                "font not found: \(path) (install fonts-dejavu-core and fonts-comfortaa: Tessera reads these files by path)"
            case .unreadableFont(let path, let reason): "cannot open font \(path): \(reason)"
            }
        }
    }

    let regularPath: String
    let boldPath: String
    let roundedPath: String

    /// One face of a file (a collection such as Noto Sans CJK's `.ttc` holds several) at a pixel size.
    private struct Key: Hashable {
        var face: FontFace
        var pixelSize: Int
    }
    private var fonts: [Key: OpaquePointer] = [:]
    /// fontconfig's answers, kept for the run.
    let fallback = FontFallback()

    /// - Parameters: paths of the regular, bold and rounded TTF files. Throws `FontSet.Error` naming the
    ///   path.
    package init(
        regularPath: String = FontSet.defaultRegularPath, boldPath: String = FontSet.defaultBoldPath,
        roundedPath: String = FontSet.defaultRoundedPath
    ) throws {
        SDLLibraries.initialize()
        self.regularPath = regularPath
        self.boldPath = boldPath
        self.roundedPath = roundedPath
        for path in [regularPath, boldPath, roundedPath] {
            guard FileManager.default.fileExists(atPath: path) else { throw Error.missingFont(path: path) }
            if let refusal = Self.refusal(ofFontAt: path) { throw Error.unreadableFont(path: path, reason: refusal) }
            // Open once to prove the file is a usable font; the real sizes open on demand.
            guard let probe = TTF_OpenFont(path, 12) else { throw Error.unreadableFont(path: path, reason: sdlError()) }
            TTF_CloseFont(probe)
        }
    }

    deinit {
        for font in fonts.values { TTF_CloseFont(font) }
    }

    /// The file a style is drawn from.
    package func path(for style: TextStyle) -> String {
        if style.design == .rounded { return roundedPath }
        switch style.weight {
        case .regular: return regularPath
        case .bold, .heavy: return boldPath
        }
    }

    /// The primary face of `style`.
    func face(for style: TextStyle) -> FontFace { FontFace(path: path(for: style), index: 0) }

    /// The `TTF_Font*` of `style`'s primary face at `pixelSize` pixels (clamped to 1…1000), opened on
    /// first use and kept; nil only if SDL_ttf fails on a file that opened at init.
    func font(for style: TextStyle, pixelSize: Int) -> OpaquePointer? { font(face(for: style), pixelSize: pixelSize) }

    /// The font that draws `text` in `style`: the style's own face when it has every character, else the
    /// first fallback face fontconfig finds for the characters it lacks (in the style's weight).
    func font(for text: String, style: TextStyle, pixelSize: Int) -> OpaquePointer? {
        guard let primary = font(for: style, pixelSize: pixelSize) else { return nil }
        let missing = text.unicodeScalars.filter {
            !Self.isLayoutOnly($0) && TTF_GlyphIsProvided32(primary, $0.value) == 0
        }
        guard !missing.isEmpty,
            let face = fallback.face(covering: missing.map(\.value), bold: style.weight != .regular)
        else { return primary }
        return font(face, pixelSize: pixelSize) ?? primary
    }

    private func font(_ face: FontFace, pixelSize: Int) -> OpaquePointer? {
        let key = Key(face: face, pixelSize: max(1, min(1000, pixelSize)))
        if let font = fonts[key] { return font }
        if let refusal = Self.refusal(ofFontAt: face.path) {
            warn("cannot open font \(face.path): \(refusal)")
            return nil
        }
        guard let font = TTF_OpenFontIndex(face.path, Int32(key.pixelSize), face.index) else {
            warn("cannot open font \(face.path) at \(key.pixelSize) px: \(sdlError())")
            return nil
        }
        fonts[key] = font
        return font
    }

    /// Font files past this are not opened. The largest a kiosk uses, a CJK collection (Noto Sans CJK's
    /// `.ttc`, about 20 MB), is well under it; a path naming a 2 GB file by mistake is refused by its
    /// size (issue 48), before FreeType reads any of it.
    static let maxFontBytes = 64 << 20

    /// Why the file at `path` is not opened as a font — not a regular file (a FIFO would block
    /// `TTF_OpenFont`'s `open` forever), unreadable, or past `maxFontBytes` — or nil to open it.
    static func refusal(ofFontAt path: String) -> String? {
        do {
            try RegularFile.withDescriptor(path) { _, size throws(RegularFile.Failure) in
                guard size <= maxFontBytes else { throw .tooLarge(bytes: size, limit: maxFontBytes) }
            }
            return nil
        } catch {
            return error.description
        }
    }

    /// Characters no face draws a glyph for (line breaks, joiners): they never call for a fallback.
    private static func isLayoutOnly(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format
            || scalar == " "
    }

    /// Font size in pixels for a style at a given pixels-per-point: rounded, at least 1.
    package static func pixelSize(of style: TextStyle, pixelsPerPoint: Double) -> Int {
        let v = style.size * pixelsPerPoint
        guard v.isFinite else { return 1 }
        return max(1, min(1000, Int(v.rounded())))
    }
}

/// A face in a font file: `index` picks one of a collection's faces (`TTF_OpenFontIndex`).
struct FontFace: Hashable {
    var path: String
    var index: Int
}
