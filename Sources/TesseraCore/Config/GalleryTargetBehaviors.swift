/// How a gallery row rests after a fling (SwiftUI's `scrollTargetBehavior`): `.viewAligned` puts a
/// card's leading edge on the content margin, `.paging` a page (the row's width), `none` rests where
/// the fling ends.
package enum GalleryRowTargetBehavior: String, Codable, Equatable, Sendable, CaseIterable {
    case viewAligned
    case paging
    case none

    package init(from decoder: Decoder) throws { self = try decodeConfigName(decoder, "behaviour") }
}

/// The gallery's outer vertical scroll: `snapToTop` is the article's custom behaviour (a fling ending
/// near the top rests at the top), `none` rests where the fling ends.
package enum GalleryOuterTargetBehavior: String, Codable, Equatable, Sendable, CaseIterable {
    case snapToTop
    case none

    package init(from decoder: Decoder) throws { self = try decodeConfigName(decoder, "behaviour") }
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
