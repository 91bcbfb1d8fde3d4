import CSDL2
import Foundation
import TesseraCore
import TesseraImageIO
import TesseraPhotos

/// Photos decoded through the shared thumbnail cache (`ThumbnailStore`): a fresh thumbnail is a small
/// PNG read instead of a camera JPEG decoded; a missing or stale one is made from the photo's own
/// decode at the thumbnail's size and written for next time (and for the file manager).
///
/// The pixels are the same either way: a thumbnail holds exactly the base level a decode at its size
/// produces (PNG is lossless), and the mip levels are made from it the same way, so a headless run
/// renders the same frame with a cold cache and a warm one.
///
/// Other programs write to the cache too, so a thumbnail is untrusted input. One whose header declares
/// more than its size class allows (the standard: at most 128, 256, 512 or 1024 pixels on the long
/// side), whose data does not hold what its header declares, or that cannot be read at all, is passed
/// over — the photo is decoded and the thumbnail replaced — and a thumbnail is decoded under the same
/// `DecodeBudget` and deadline as a photo. Its `Thumb::Image::Width`/`Height` are believed only when
/// they could be the photo it shows (no smaller than it, about its aspect ratio).
enum ThumbnailCodec {
    typealias Outcome = Result<PhotoDecoder.Decoded, PhotoDecoder.Failure>

    /// What became of one request.
    enum Source {
        /// Read from a fresh thumbnail.
        case hit
        /// Decoded from the photo (and its thumbnail written, when it could be).
        case miss
        /// Decoded from the photo without the cache (off, or larger than any thumbnail).
        case direct
    }

    /// Decodes `path` for a long side of `size` pixels, through `store` when there is one.
    static func decode(
        path: String, size: ThumbnailSize, store: ThumbnailStore?, budget: DecodeBudget = .shared,
        timeLimit: Double = PhotoDecoder.timeLimit
    ) -> (Outcome, Source) {
        guard let store, let source = ThumbnailStore.Source(path: path) else {
            return (
                PhotoDecoder.decode(path: path, maxDimension: size.pixels, budget: budget, timeLimit: timeLimit),
                .direct
            )
        }
        if let png = store.thumbnail(of: source, size: size), let texts = ThumbnailPNG.texts(of: png),
            source.isDescribed(by: texts),
            let decoded = decodeThumbnail(png, size: size, budget: budget, timeLimit: timeLimit)
        {
            var result = decoded
            if let photo = photoSize(texts, thumbnail: (decoded.originalWidth, decoded.originalHeight)) {
                (result.originalWidth, result.originalHeight) = photo
            }
            return (.success(result), .hit)
        }
        let outcome = PhotoDecoder.decode(path: path, maxDimension: size.pixels, budget: budget, timeLimit: timeLimit)
        // A photo this program failed on before is not thumbnailed again (the standard's fail/); it is
        // still decoded above, which names why it cannot be shown.
        guard !hasFailed(source, in: store) else { return (outcome, .miss) }
        switch outcome {
        case .success(let decoded):
            let texts = store.textEntries(of: source, width: decoded.originalWidth, height: decoded.originalHeight)
            let base = decoded.levels[0].pointee
            if let pixels = base.pixels,
                let png = ThumbnailPNG.encode(
                    pixels: pixels, width: Int(base.w), height: Int(base.h), pitch: Int(base.pitch),
                    opaque: MipChain.isOpaque(decoded.levels[0]), texts: texts)
            {
                try? store.store(png, for: source, size: size)
            }
        case .failure(.outOfMemory), .failure(.tooLarge), .failure(.timedOut):
            // Not the file's fault, or not surely: another time may do.
            break
        case .failure:
            recordFailure(source, in: store)
        }
        return (outcome, .miss)
    }

    /// A thumbnail's pixels as mip levels, nil when it is not a thumbnail of `size` (larger than its
    /// class, damaged, or truncated).
    static func decodeThumbnail(
        _ png: Data, size: ThumbnailSize, budget: DecodeBudget = .shared, timeLimit: Double = PhotoDecoder.timeLimit
    ) -> PhotoDecoder.Decoded? {
        png.withUnsafeBytes { raw -> PhotoDecoder.Decoded? in
            guard case .success(let declared) = PNGRowDecoder.size(of: raw),
                max(declared.width, declared.height) <= size.pixels
            else { return nil }
            // The picture, its mip levels, libspng's rows.
            let bytes = declared.width * declared.height * 4 * 2 + declared.width * 16
            let limits = DecodeLimits(deadline: DecodeLimits.now() + timeLimit, memory: 0)
            let decoded = budget.withReservation(of: bytes) { () -> PhotoDecoder.Decoded? in
                guard case .success(let d) = PNGRowDecoder.decode(raw, maxDimension: size.pixels, limits: limits),
                    let levels = MipChain.levels(of: d.picture, maxDimension: size.pixels)
                else { return nil }
                return PhotoDecoder.Decoded(levels: levels, originalWidth: d.width, originalHeight: d.height)
            }
            return decoded ?? nil
        }
    }

    /// The photo's size the chunks record, if it could be the photo the thumbnail shows: at least the
    /// thumbnail's size and its aspect ratio within a pixel of rounding.
    static func photoSize(_ texts: [String: String], thumbnail: (width: Int, height: Int)) -> (Int, Int)? {
        guard let w = texts["Thumb::Image::Width"].flatMap({ Int($0) }),
            let h = texts["Thumb::Image::Height"].flatMap({ Int($0) }),
            w >= thumbnail.width, h >= thumbnail.height, w <= 1_000_000, h <= 1_000_000
        else { return nil }
        // The thumbnail's width is the photo's scaled and rounded: within one pixel of w · th / h.
        let expected = Double(w) * Double(thumbnail.height) / Double(h)
        guard abs(expected - Double(thumbnail.width)) <= 1 + Double(thumbnail.width) / 100 else { return nil }
        return (w, h)
    }

    /// True when this program failed to thumbnail `source` as it is now.
    static func hasFailed(_ source: ThumbnailStore.Source, in store: ThumbnailStore) -> Bool {
        guard let png = store.failEntry(of: source), let texts = ThumbnailPNG.texts(of: png) else { return false }
        return source.isDescribed(by: texts)
    }

    /// Records that `source` could not be thumbnailed: an empty 1×1 PNG with its URI and MTime.
    static func recordFailure(_ source: ThumbnailStore.Source, in store: ThumbnailStore) {
        guard let empty = PixelBuffer(width: 1, height: 1) else { return }
        if let png = ThumbnailPNG.encode(
            empty, opaque: false, texts: store.textEntries(of: source, width: nil, height: nil))
        {
            try? store.storeFailEntry(png, for: source)
        }
    }
}
