import TesseraPhotos

/// Tests name their photos and tiles by literals (`field.tile("photo-03")`, `"tile-\(i)"`). The program makes every id
/// from a name it read (a file name, a scene's data, a script step), so only the tests take one from a
/// literal, and only here is a string literal allowed to stand for an id.
extension PhotoID: ExpressibleByStringInterpolation {
    package init(stringLiteral value: String) { self.init(value) }
}
