/// One of SwiftUI's animation presets, by name, as configs choose them (`"animation": "interactiveSpring"`);
/// `Config.spring(_:)` gives its parameters from the config's `springs`. Anything else is refused when
/// the config is read, naming the key and the names. `default` is `Animation.default`, what a bare
/// `withAnimation` animates with.
enum SpringName: String, Codable, CaseIterable, Equatable, Sendable {
    case interactiveSpring, spring, springLegacy, smooth, snappy, bouncy, `default`

    init(from decoder: Decoder) throws { self = try decodeConfigName(decoder, "animation") }
}

/// A config value that must be one of `Value`'s names; anything else is an error naming the allowed
/// ones (the loader prefixes the key path).
func decodeConfigName<Value: RawRepresentable & CaseIterable>(_ decoder: Decoder, _ what: String) throws -> Value
where Value.RawValue == String {
    let name = try decoder.singleValueContainer().decode(String.self)
    guard let value = Value(rawValue: name) else {
        throw DecodingError.dataCorrupted(
            .init(
                codingPath: decoder.codingPath,
                debugDescription:
                    "unknown \(what) \"\(name)\" (one of \(Value.allCases.map(\.rawValue).joined(separator: ", ")))"))
    }
    return value
}
