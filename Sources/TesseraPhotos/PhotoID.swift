/// What names a photo, and the tile that shows it: a folder's photo by its file name without the
/// extension (docs/REFERENCE.md, "State dump"), a scene's own image by the name its data gives it (the
/// destinations' pictures, the gallery's swatches). A type of its own, so that nothing else with a name —
/// a control, a container, a path — is taken for one. The state dump, scripts, profiles and the control
/// socket write it as its plain string.
package struct PhotoID: Hashable, Comparable, Sendable, CustomStringConvertible, CustomDebugStringConvertible, Codable {
    package let rawValue: String

    package init(_ rawValue: String) { self.rawValue = rawValue }

    package var description: String { rawValue }

    /// Quoted, as a string is: a list of ids prints as a list of strings would.
    package var debugDescription: String { rawValue.debugDescription }

    package static func < (a: PhotoID, b: PhotoID) -> Bool { a.rawValue < b.rawValue }

    /// Written out: the synthesized `==` is reached from other modules only through the generic
    /// `Equatable` witness, and every frame compares the ids of its photo commands.
    package static func == (a: PhotoID, b: PhotoID) -> Bool { a.rawValue == b.rawValue }

    package init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
