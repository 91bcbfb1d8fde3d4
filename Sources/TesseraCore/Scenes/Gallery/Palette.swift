import Foundation
import TesseraGeometry

/// One colour combination a gallery card shows (the `Palette` of WWDC 2023 "Beyond scroll views"): a name, the card's backdrop,
/// and the three stacked rectangles from back to front (the session's red, blue and green).
struct Palette: Equatable, Sendable, Codable {
    var name: String
    var background: Color
    /// Back, middle and front rectangle colours.
    var colors: [Color]
}

/// The palettes of `Assets/Gallery/palettes.json`:
///
///     {"palettes": [{"name": "Ember", "background": "#FFF3EA",
///                    "colors": ["#D9480F", "#F59F00", "#862E9C"]}, ...]}
struct PaletteBook: Equatable, SceneAssets {
    var palettes: [Palette]

    /// No palettes: the gallery then shows empty rows.
    static let empty = PaletteBook(palettes: [])

    struct Error: Swift.Error, Equatable, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// Reads a palette file; every problem is one line naming the file and the palette.
    /// A palette file is a few KB; anything past this is not one.
    static let maxFileBytes = 1 << 20

    static func load(path: String) throws -> PaletteBook {
        // Read with a size limit checked first (`FileContents`): `gallery.palettes` naming a 2 GB file
        // is refused by its size, not read into memory to be found not JSON (issue 48).
        let data: Data
        do {
            data = try FileContents.read(path, limit: maxFileBytes)
        } catch let error as FileContents.Error {
            throw Error(message: "palettes \(path): cannot read the file (\(error.reason))")
        }
        do {
            return try decode(data)
        } catch let error as Error {
            throw Error(message: "palettes \(path): \(error.message)")
        }
    }

    static func decode(_ data: Data) throws -> PaletteBook {
        struct File: Decodable { var palettes: [Palette] }
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: data)
        } catch let DecodingError.dataCorrupted(context) where context.codingPath.isEmpty {
            throw Error(message: "not valid JSON")
        } catch let error as DecodingError {
            throw Error(message: describe(error))
        }
        guard !file.palettes.isEmpty else { throw Error(message: "no palettes") }
        for (i, palette) in file.palettes.enumerated() where palette.colors.count != 3 {
            throw Error(message: "palettes[\(i)].colors: expected 3 colours, got \(palette.colors.count)")
        }
        return PaletteBook(palettes: file.palettes)
    }

    /// The palette of card `index` of a row starting at palette `first`: they cycle.
    func palette(first: Int, index: Int) -> Palette? {
        guard !palettes.isEmpty else { return nil }
        return palettes[(first + index) % palettes.count]
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ keys: [CodingKey]) -> String {
            keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().drop { $0 == "." }
                .description
        }
        switch error {
        case .keyNotFound(let key, let context): return "\(path(context.codingPath + [key])): missing"
        case .typeMismatch(_, let context): return "\(path(context.codingPath)): wrong type"
        case .valueNotFound(_, let context): return "\(path(context.codingPath)): missing"
        case .dataCorrupted(let context): return "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }
}
