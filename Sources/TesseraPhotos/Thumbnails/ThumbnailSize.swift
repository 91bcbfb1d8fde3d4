import TesseraGeometry

/// The four sizes of the freedesktop.org Thumbnail Managing Standard ("Thumbnail Directory"): a
/// thumbnail's long side is at most this many pixels (smaller only when the photo is).
package enum ThumbnailSize: Int, CaseIterable, Sendable {
    case normal = 128
    case large = 256
    case xLarge = 512
    case xxLarge = 1024

    package var pixels: Int { rawValue }

    /// The folder under `thumbnails/`.
    var folder: String {
        switch self {
        case .normal: "normal"
        case .large: "large"
        case .xLarge: "x-large"
        case .xxLarge: "xx-large"
        }
    }

    /// The smallest size whose long side reaches `longSide` pixels; nil past 1024 (the fullscreen
    /// view, decoded from the photo itself).
    package static func covering(longSide: Int) -> ThumbnailSize? {
        allCases.first { $0.pixels >= longSide }
    }

    /// The long side, in pixels, a photo of `photo` size needs so that, aspect-filled into a frame of
    /// `frame` pixels (scaled to cover, centred, cropped), no pixel is magnified. A photo of unknown size
    /// needs the frame's long side.
    package static func longSideNeeded(toFill frame: Size, photo: Size?) -> Int {
        guard let photo, photo.width > 0, photo.height > 0 else {
            return Int(max(frame.width, frame.height).rounded(.up))
        }
        let scale = max(frame.width / photo.width, frame.height / photo.height)
        return Int((max(photo.width, photo.height) * scale).rounded(.up))
    }
}
