/// How a gallery row rests after a fling (SwiftUI's `scrollTargetBehavior`): `.viewAligned` puts a
/// card's leading edge on the content margin, `.paging` a page (the row's width), `none` rests where
/// the fling ends.
enum GalleryRowTargetBehavior: String, Codable, Equatable, Sendable, CaseIterable {
    case viewAligned
    case paging
    case none

    init(from decoder: Decoder) throws { self = try decodeConfigName(decoder, "behaviour") }
}

/// The gallery's outer vertical scroll: `snapToTop` is the article's custom behaviour (a fling ending
/// near the top rests at the top), `none` rests where the fling ends.
enum GalleryOuterTargetBehavior: String, Codable, Equatable, Sendable, CaseIterable {
    case snapToTop
    case none

    init(from decoder: Decoder) throws { self = try decodeConfigName(decoder, "behaviour") }
}
