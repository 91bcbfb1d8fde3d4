import CSDL2
import TesseraImageIO

/// The SDL side of a photo's decode: TesseraImageIO's `PhotoDecoder` makes the upright picture, and
/// the mip levels the renderer draws from are made from it here (`MipChain`), on the decoder's thread
/// and inside the decode's reservation, as SDL surfaces the receiver frees.
extension PhotoDecoder {
    struct Decoded {
        /// Mip levels, largest first, ARGB8888; the receiver frees them.
        var levels: [UnsafeMutablePointer<SDL_Surface>]
        /// The photo's own size in pixels, as shown (after its EXIF orientation).
        var originalWidth: Int
        var originalHeight: Int
    }

    /// Decodes `path` so that its long side is at most `maxDimension` pixels (never upscaled), turned
    /// upright by its EXIF orientation, within `budget` and before `timeLimit` seconds have passed, into
    /// mip levels. `handWritten: false` decodes through the libraries alone (`tessera-bench`).
    static func decode(
        path: String, maxDimension: Int, budget: DecodeBudget = .shared, timeLimit: Double = timeLimit,
        handWritten: Bool = true
    ) -> Result<Decoded, Failure> {
        decode(
            path: path, maxDimension: maxDimension, budget: budget, timeLimit: timeLimit, handWritten: handWritten
        ) { picture in
            MipChain.levels(of: picture.pixels, maxDimension: maxDimension).map {
                Decoded(levels: $0, originalWidth: picture.originalWidth, originalHeight: picture.originalHeight)
            }
        }
    }

    /// Decodes `path` as `decode(path:maxDimension:)` does and frees the result: what a decode costs,
    /// for `tessera-bench`. True when it decoded.
    package static func decodeAndDiscard(path: String, maxDimension: Int, handWritten: Bool = true) -> Bool {
        guard case .success(let decoded) = decode(path: path, maxDimension: maxDimension, handWritten: handWritten)
        else { return false }
        for level in decoded.levels { SDL_FreeSurface(level) }
        return true
    }
}
