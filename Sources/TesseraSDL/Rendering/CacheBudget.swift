/// How many bytes the renderer's caches may keep, from the size of what it draws into.
///
/// The software renderer keeps every texture in memory, so its caches are the bulk of a window's
/// resident memory after the first minutes (docs/BENCHMARKS.md, "Memory"). What they must hold grows
/// with the output, not with the library:
///
/// - decoded photos (`TextureCache`): a photo decodes at the smallest thumbnail size that covers its
///   tile, at most twice the tile's side, so the photos on screen take at most four screens of pixels,
///   a third more with their mip levels; the next screenful is decoded ahead. Twelve screens hold both,
///   so nothing on screen or just below it is ever evicted and decoded again;
/// - bodies (`TileBodies`): photos scaled to the size they are drawn, about one screen; two leave room
///   for a scene change.
///
/// Floors keep a tiny window from thrashing; ceilings are what a 1920×1080 output needs.
struct CacheBudget: Equatable {
    var photoBytes: Int
    var bodyBytes: Int

    static let photoScreens = 12
    static let photoBytesRange = (24 << 20)...(128 << 20)
    static let bodyScreens = 2
    static let bodyBytesRange = (8 << 20)...(32 << 20)

    /// The budget for an output of `width`×`height` pixels.
    init(outputWidth width: Int, height: Int) {
        let screen = max(0, width) * max(0, height) * 4
        photoBytes = Self.clamp(Self.photoScreens * screen, to: Self.photoBytesRange)
        bodyBytes = Self.clamp(Self.bodyScreens * screen, to: Self.bodyBytesRange)
    }

    private static func clamp(_ value: Int, to range: ClosedRange<Int>) -> Int {
        min(max(value, range.lowerBound), range.upperBound)
    }
}
