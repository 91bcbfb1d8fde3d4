import TesseraPhotos

/// What the decode queue decodes: a photo's regular decode, or the sharper one a zoomed photo asks for
/// (`TextureCache+Zoom`). The two of one photo run and finish apart, so they are two keys, told apart by
/// a field rather than by a name no photo file can have.
struct DecodeKey: Hashable, Sendable, CustomStringConvertible {
    let photo: PhotoID
    let zoomed: Bool

    init(_ photo: PhotoID, zoomed: Bool = false) {
        self.photo = photo
        self.zoomed = zoomed
    }

    var description: String { zoomed ? "\(photo) (zoomed)" : photo.rawValue }
}
